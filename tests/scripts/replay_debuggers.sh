#!/usr/bin/env bash
# replay.sh builds the plain debug replay tool when it is missing, and that tool runs under
# valgrind (no error on the whole corpus) and gdb as it is.
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

echo "== valgrind"
"$expect" 0 "ERROR SUMMARY: 0 errors" -- valgrind --error-exitcode=9 "$replay" "$corpus"

echo "== gdb"
# sed, not head: head exits after one line, and sort, still writing, dies of SIGPIPE (pipefail).
first=$(find "$corpus" -type f | sort | sed -n 1p)
"$expect" 0 "^verdict: same as the reference$" "exited normally" -- \
  gdb -batch -ex run --args "$replay" "$first"
