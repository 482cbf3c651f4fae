#!/usr/bin/env bash
# replay.sh builds the plain debug replay tool when it is missing, and that tool runs under
# valgrind (no error on the corpus, one count INT_MAX input of it: see below) and gdb as it is.
# Usage: replay_debuggers.sh WORK CORPUS_DIR
#   WORK  this test's folder: the debug build goes in WORK/builds (STRSCPY_BUILD_ROOT)
# Exit: 0 as expected; 1 not; 2 usage.
set -euo pipefail

[ $# -eq 2 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
work=$1 corpus=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
expect=$here/expect.sh

rm -rf "$work"
export STRSCPY_BUILD_ROOT=$work/builds
echo "== replay.sh builds the debug preset and replays the corpus"
"$expect" 0 "^replay: [0-9]+ inputs .*: [0-9]+ same as the reference, 0 diverged$" -- \
  "$repo/scripts/replay.sh" --preset debug --quiet "$corpus"
replay=$work/builds/debug/strscpy_replay

mapfile -t inputs < <(find "$corpus" -type f | sort)

echo "== valgrind"
# A count of INT_MAX with a string to copy has the harness ask mincore() which of 2 GiB of dest
# pages were touched: 15 s an input under valgrind, where the rest of the corpus takes 5 s in all.
# One of those inputs (the last in name order) proves that check runs there; the others are the
# same call at other placements, which the other counts cover.
mapfile -t huge < <(printf '%s\n' "${inputs[@]}" | grep -e -int-max-)
[ ${#huge[@]} -gt 0 ] || { echo "replay_debuggers: no count INT_MAX input (-int-max-) in $corpus" >&2; exit 1; }
mapfile -t valgrind_inputs < <(printf '%s\n' "${inputs[@]}" | grep -v -e -int-max-)
"$expect" 0 "ERROR SUMMARY: 0 errors" -- \
  valgrind --error-exitcode=9 "$replay" "${valgrind_inputs[@]}" "${huge[${#huge[@]} - 1]}"

echo "== gdb"
"$expect" 0 "^verdict: same as the reference$" "exited normally" -- \
  gdb -batch -ex run --args "$replay" "${inputs[0]}"
