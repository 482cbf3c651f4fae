#!/usr/bin/env bash
# No committed file carries kernel source text: the kernel is GPL-2.0 and this project is not.
# scripts/check-kernel.sh unpacks the kernel's files into build folders at run time; a copy
# that got committed would carry the kernel's license header or its copyright line.  Docs
# (*.md) may name them.  The patterns are bracketed so that this file does not match itself.
# Usage: no_kernel_text.sh SOURCE_DIR
# Exit: 0 none; 1 the files that carry some are listed; 2 usage or not a git checkout.
set -euo pipefail
[ $# -eq 1 ] || { sed -n 's/^# Usage: //p' "$0" >&2; exit 2; }
git -C "$1" rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "not a git checkout: $1" >&2; exit 2; }
if found=$(git -C "$1" grep -l -E -e 'SPDX-License-Identifier: *[G]PL' -e 'Linus [T]orvalds' -- ':!*.md'); then
  echo "kernel text committed (GPL-2.0): unpack it at run time into a build folder instead:" >&2
  printf '  %s\n' "$found" >&2
  exit 1
fi
echo "no committed file carries kernel text"
