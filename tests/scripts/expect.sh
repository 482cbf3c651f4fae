#!/usr/bin/env bash
# Run a command and check how it ended: its exit status and lines its output must contain.
# Usage: expect.sh [--fresh DIR] STATUS REGEX... -- COMMAND [ARG...]
#   --fresh DIR  remove DIR before running (a results folder the command must create)
#   STATUS       the exit status COMMAND must end with
#   REGEX        extended regular expressions that must each match a line of its stdout+stderr
# Exit: 0 as expected; 1 not; 2 usage.
set -euo pipefail

usage() { sed -n '3p' "$0" | sed 's/^# //' >&2; exit 2; }

if [ "${1:-}" = --fresh ]; then
  [ $# -ge 2 ] || usage
  rm -rf "$2"
  shift 2
fi
[ $# -ge 3 ] || usage
expected=$1
shift
patterns=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  patterns+=("$1")
  shift
done
if [ "${1:-}" != -- ] || [ $# -lt 2 ]; then usage; fi
shift

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$@" >"$log" 2>&1 || status=$?
cat "$log"
failed=0
if [ "$status" -ne "$expected" ]; then
  echo "FAIL: exit status $status, expected $expected: $*" >&2
  failed=1
fi
for p in "${patterns[@]}"; do
  if ! grep -Eq -- "$p" "$log"; then
    echo "FAIL: no line matches '$p'" >&2
    failed=1
  fi
done
exit "$failed"
