#!/usr/bin/env bash
# scripts/ci-fuzz.sh must fail on a broken strscpy and leave, for each class of divergence
# it finds (in the corpus replay and in fuzzing), a minimized reproducer and a report that
# names the class.  The broken strscpy is a planted bug of the catalogue (tests/planted), whose
# strscpy fuzz target and replay tool the build already has: linked into a folder under the names
# ci-fuzz.sh looks for (--binaries), they are what it fuzzes, replays and minimizes with.
# Usage: tests/ossfuzz/ci_fuzz_catches_planted.sh SCRATCH_DIR FUZZER REPLAY
#   FUZZER, REPLAY: the planted bug's strscpy fuzz target and replay tool
# Exit: 0 caught as expected; 1 not; 2 usage error.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 SCRATCH_DIR FUZZER REPLAY" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$1
rm -rf "$scratch"
mkdir -p "$scratch/binaries"
ln -s "$2" "$scratch/binaries/strscpy_fuzzer"
ln -s "$3" "$scratch/binaries/strscpy_replay"

status=0
FUZZ_SECONDS=${FUZZ_SECONDS:-10} FUZZ_JOBS=1 \
  ARTIFACTS_DIR=$scratch/artifacts CI_FUZZ_WORK_DIR=$scratch/work \
  "$repo/scripts/ci-fuzz.sh" --binaries "$scratch/binaries" strscpy >"$scratch/ci-fuzz.log" 2>&1 || status=$?
cat "$scratch/ci-fuzz.log"

failed=0
fail() {
  echo "ci_fuzz_catches_planted: $*" >&2
  failed=1
}
[ $status -eq 1 ] || fail "ci-fuzz.sh exited $status, 1 expected"
summary=$scratch/artifacts/summary.txt
[ -s "$summary" ] || fail "no $summary"
for where in corpus fuzzing; do
  grep -qE "^strscpy: $where: [^ ]+ \([0-9]+ bytes\): [a-z-]+\$" "$summary" 2>/dev/null ||
    fail "no reproducer from $where in $summary"
done
# Each kept reproducer (minimized unless every smaller input was another bug) has a report,
# and replayed on its own it is the same bug again.
reproducers=0
for report in "$scratch"/artifacts/strscpy/*.report.txt; do
  [ -f "$report" ] || continue
  input=${report%.report.txt}
  reproducer=$input
  [ -f "$input.min" ] && reproducer=$input.min
  recorded=$(sed -n "s@^strscpy: [a-z]*: $(basename "$reproducer") ([0-9]* bytes): @@p" "$summary")
  [ -n "$recorded" ] || fail "$reproducer: not in $summary"
  grep -q "^==strscpy-fuzz== DIVERGENCE: $recorded\$" "$report" || fail "$report: no $recorded report"
  replayed=$("$repo/scripts/replay.sh" --target strscpy --binary "$scratch/binaries/strscpy_replay" \
    --quiet "$reproducer" | sed -n 's/.*: DIVERGENCE: //p' || true)
  [ "$replayed" = "$recorded" ] || fail "$reproducer: replays as '$replayed', not '$recorded'"
  reproducers=$((reproducers + 1))
done
[ $reproducers -gt 0 ] || fail "no reproducer in $scratch/artifacts/strscpy"
ls "$scratch"/artifacts/strscpy/*.min >/dev/null 2>&1 || fail "no minimized reproducer"
[ $failed -eq 0 ] && echo "ci_fuzz_catches_planted: $(basename "$2"): ci-fuzz.sh exit 1," \
  "$reproducers reproducer(s) with reports, $(ls "$scratch"/artifacts/strscpy/*.min | wc -l) minimized"
exit $failed
