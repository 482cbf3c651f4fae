#!/usr/bin/env bash
# The self-test's one verdict: a tool run on an implementation must diverge (or must not),
# with the expected class, and the input it saved must give that class again on replay.
#
# Usage: expect_divergence.sh sweep  CLASS WORK SWEEP REPLAY
#        expect_divergence.sh fuzzer CLASS WORK FUZZER REPLAY SEEDS DICT RUNS
#   CLASS: a divergence class (the "==strscpy-fuzz== DIVERGENCE: <class>" line), a sanitizer
#          finding class (msan-use-of-uninitialized-value, misaligned-access), or "none": the run
#          must stay clean.
#          A comma-separated list accepts any of its classes (a write past dest is write-fault
#          when dest borders a guard page, write-outside-dest when it borders a sentinel); the
#          replay must then give the class the run gave (and, for a sanitizer report, point
#          at the same function or source line).
#   WORK:  a folder for this test's files (emptied first).
#   sweep: runs SWEEP --first --reproducer WORK/reproducer, then REPLAY on the reproducer.
#   fuzzer: runs FUZZER from a fresh copy of SEEDS with DICT, -seed=1 and -runs=RUNS, then
#          REPLAY on the crash file it wrote.
# Environment: STRSCPY_EMULATOR runs the tools of a cross build (e.g. "qemu-s390x -L /usr/s390x-linux-gnu").
# Exit: 0 as expected; 1 not as expected (missed, wrong class, not reproducible); 2 usage.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../../scripts/lib/workflow.sh
source "$(dirname "$0")/../../scripts/lib/workflow.sh"

# The class a run's stderr names: workflow.sh's finding_class, as check-impl.sh names it.
class_of() {
  local class
  class=$(finding_class "$1")
  echo "${class:-unknown}"
}

# Where a sanitizer report points (its first frame, or UBSan's source location); empty for the
# harness's own reports, whose class already names the reporter.  A replay must point there too.
origin_of() {
  if ! grep -q "^==strscpy-fuzz== DIVERGENCE" "$1"; then
    sed -n -e 's/^ *#0 0x[0-9a-f]* in \([^ ]*\).*/\1/p' \
      -e 's/^\([^ ]*\): runtime error: .*/\1/p' "$1" | head -n 1
  fi
}

# Runs "$@" with stderr to $log; fails unless it diverged with class $expected.
expect_class() {
  local log=$1 what=$2 status=0 got
  shift 2
  # shellcheck disable=SC2086 # STRSCPY_EMULATOR is a command line: qemu and its options.
  ${STRSCPY_EMULATOR:-} "$@" >"$log.out" 2>"$log" || status=$?
  # A binary that cannot start is a broken set-up, not a verdict on the implementation.
  cat "$log.out" "$log" >"$log.all"
  if why=$(harness_setup_error "$1" "$status" "$log.all"); then
    cat "$log" >&2
    echo "FAIL: $what: set-up error: ${STRSCPY_EMULATOR:+(under $STRSCPY_EMULATOR) }$why" >&2
    exit 1
  fi
  if [ "$expected" = none ]; then
    if [ $status -ne 0 ]; then
      cat "$log.out" "$log" >&2
      echo "FAIL: $what: exit $status, expected a clean run" >&2
      exit 1
    fi
    return 0
  fi
  got=$(class_of "$log")
  if [ $status -eq 0 ] || [[ ",$expected," != *",$got,"* ]]; then
    cat "$log" >&2
    echo "FAIL: $what: exit $status, class '$got', expected '$expected'" >&2
    exit 1
  fi
  if [ -n "${origin:-}" ] && [ "$(origin_of "$log")" != "$origin" ]; then
    cat "$log" >&2
    echo "FAIL: $what: the report points at '$(origin_of "$log")', not at '$origin'" >&2
    exit 1
  fi
  caught=$got
  origin=$(origin_of "$log")
}

[ $# -ge 5 ] || usage
mode=$1 expected=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work"

case "$mode" in
sweep)
  [ $# -eq 2 ] || usage
  sweep=$1 replay=$2
  # The first divergence answers the question; the rest of the sweep would only triage.
  expect_class "$work/sweep.log" "sweep" "$sweep" --first --reproducer "$work/reproducer"
  if [ "$expected" = none ]; then
    cat "$work/sweep.log.out"
    exit 0
  fi
  [ -s "$work/reproducer" ] || { cat "$work/sweep.log" >&2; echo "FAIL: no reproducer saved" >&2; exit 1; }
  expected=$caught
  expect_class "$work/replay.log" "replay of the sweep's reproducer" "$replay" "$work/reproducer"
  cases=$(sed -n 's/^sweep: reproducer saved: .* (after \([0-9]*\) cases)$/\1/p' "$work/sweep.log")
  echo "caught: $caught, by the sweep after ${cases:-?} clean cases; its reproducer replays the same"
  ;;
fuzzer)
  [ $# -eq 5 ] || usage
  fuzzer=$1 replay=$2 seeds=$3 dict=$4 runs=$5
  mkdir -p "$work/corpus" "$work/artifacts"
  cp -r "$seeds/." "$work/corpus/"
  expect_class "$work/fuzzer.log" "fuzzer" "$fuzzer" -seed=1 -runs="$runs" -dict="$dict" \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus"
  units=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\)$/\1/p' "$work/fuzzer.log")
  seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$work/fuzzer.log")
  if [ "$expected" = none ]; then
    echo "clean: ${units:-?} runs (${seconds:-?} s), no divergence"
    exit 0
  fi
  crash=$(find "$work/artifacts" -type f -name 'crash-*' | head -n 1)
  [ -n "$crash" ] || { cat "$work/fuzzer.log" >&2; echo "FAIL: no crash file written" >&2; exit 1; }
  expected=$caught
  expect_class "$work/replay.log" "replay of the fuzzer's crash file" "$replay" "$crash"
  echo "caught: $caught, by the fuzzer after ${units:-?} runs" \
    "(-seed=1, $(find "$seeds" -type f | wc -l) seeds); its crash file replays the same"
  ;;
*)
  usage
  ;;
esac
