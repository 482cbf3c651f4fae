#!/usr/bin/env bash
# Check your own strscpy: build the harness with FILE.c's function in place of the project's
# implementation, run the exhaustive sweep, then libFuzzer from the seeds for N seconds.
# Usage: scripts/check-impl.sh FILE.c [--symbol NAME] [--seconds N]
#   NAME: the function, ssize_t NAME(char *dest, const char *src, size_t count) (default strscpy)
#   N:    seconds of fuzzing after the sweep (default 60)
# Environment: CHECK_IMPL_BUILD_DIR   build folder (default build/check-impl/<hash of FILE's path>)
#              CHECK_IMPL_RESULTS_DIR where reproducers are kept (default results/check-impl/<hash>)
#              CHECK_IMPL_PRESET      CMake configure preset (default asan-ubsan)
# Exit: 0 no divergence; 1 divergence found (its report and the path of a saved reproducer are
#       printed); 2 usage or build error (missing file, no such function, compile error).
#
# FILE.c is compiled with the sanitizers of the preset (ASan and UBSan by default) but without
# the -fsanitize=integer the project's own code gets: unsigned wrap-around is defined C, and
# word-at-a-time code relies on it (the borrow of word - 0x01..01); the project annotates its one
# intended wrap, a user's file cannot be expected to.  Word loads that go through
# src/word_at_a_time.h's read_word_at_a_time() are checked against the bytes the contract lets
# them read; reading past the NUL inside the word that holds it is allowed, as in the kernel.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '4,6p' "$0" | sed 's/^# //' >&2; exit 2; }

[ $# -ge 1 ] || usage
file=$1
shift
symbol=strscpy
seconds=60
while [ $# -gt 0 ]; do
  case "$1" in
    --symbol) [ $# -ge 2 ] || usage; symbol=$2; shift 2 ;;
    --seconds) [ $# -ge 2 ] || usage; seconds=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ "$symbol" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "check-impl: not a C name: $symbol" >&2; exit 2; }
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "check-impl: --seconds takes a whole number" >&2; exit 2; }
[ -f "$file" ] || { echo "check-impl: no such file: $file" >&2; exit 2; }
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")

hash=$(printf '%s' "$file" | sha256sum | cut -c1-12)
build=${CHECK_IMPL_BUILD_DIR:-$root/build/check-impl/$hash}
results=${CHECK_IMPL_RESULTS_DIR:-$root/results/check-impl/$hash}
preset=${CHECK_IMPL_PRESET:-asan-ubsan}

"$root/scripts/setup.sh" || exit 2

echo "check-impl: building $symbol from $file in $build"
mkdir -p "$build" "$results"
if ! { (cd "$root" && cmake --preset "$preset" -B "$build" -DSTRSCPY_IMPL_SOURCE="$file" \
          -DSTRSCPY_IMPL_SYMBOL="$symbol" -DSTRSCPY_SELF_TEST=OFF >"$build/configure.log" 2>&1) &&
       cmake --build "$build" -j2 --target strscpy_sweep strscpy_fuzzer >"$build/build.log" 2>&1; }; then
  cat "$build/configure.log" "$build/build.log" 2>/dev/null | grep -E "error|undefined reference" >&2 ||
    tail -n 30 "$build/build.log" >&2
  echo "check-impl: could not build $symbol from $file (logs in $build)" >&2
  exit 2
fi

# The report: the harness's own block, or the sanitizer's.
show_report() {
  sed -n '/^==strscpy-fuzz== DIVERGENCE/,/^==strscpy-fuzz== end of report/p' "$1"
  grep -E "(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error" "$1" || true
}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
reproducer=$results/sweep-$stamp
echo "check-impl: sweep"
if ! "$build/strscpy_sweep" --reproducer "$reproducer" 2>"$results/sweep-$stamp.log"; then
  show_report "$results/sweep-$stamp.log" >&2
  [ -s "$reproducer" ] || reproducer="(none saved; full log: $results/sweep-$stamp.log)"
  echo "check-impl: DIVERGENCE in $symbol; reproducer: $reproducer" >&2
  echo "check-impl: replay it with $build/strscpy_replay $reproducer" >&2
  exit 1
fi
tail -n 1 "$results/sweep-$stamp.log" 2>/dev/null || true

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
cp -r "$root/corpus/strscpy/seeds/." "$corpus/"
artifacts=$results/fuzz-$stamp
mkdir -p "$artifacts"
echo "check-impl: libFuzzer for $seconds s"
if ! "$build/strscpy_fuzzer" -max_total_time="$seconds" -dict="$root/corpus/strscpy.dict" \
      -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" 2>"$artifacts/fuzzer.log"; then
  show_report "$artifacts/fuzzer.log" >&2
  crash=$(find "$artifacts" -type f -name 'crash-*' | head -n 1)
  echo "check-impl: DIVERGENCE in $symbol; reproducer: ${crash:-(none saved; log: $artifacts/fuzzer.log)}" >&2
  [ -z "$crash" ] || echo "check-impl: replay it with $build/strscpy_replay $crash" >&2
  exit 1
fi
grep -E "^stat::number_of_executed_units" "$artifacts/fuzzer.log" || true
echo "check-impl: no divergence in $symbol"
