#!/usr/bin/env bash
# A test that cannot run on this machine: say why, and end with the exit status ctest's
# SKIP_RETURN_CODE marks as skipped (77), never as passed.
# Usage: skip.sh REASON...
set -euo pipefail
case "${1:-}" in
  -h | --help) sed -n '4p' "$0" | sed 's/^# //'; exit 0 ;;
  '' | -*) sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2 ;;
esac
echo "skipped: $*"
exit 77
