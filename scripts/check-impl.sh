#!/usr/bin/env bash
# Check your own strscpy: build the harness with FILE.c's function in place of the project's
# implementation, run the exhaustive sweep and libFuzzer, and report every distinct divergence.
# Usage: scripts/check-impl.sh FILE.c [--symbol NAME] [--seconds N] [--case-seconds S]
#                              [--checks LIST] [--strict-alignment] [--no-msan] [--help]
#   --symbol    the function, ssize_t NAME(char *dest, const char *src, size_t count) (default strscpy)
#   --seconds   seconds of fuzzing per pass after the sweep (default 60)
#   --case-seconds  CPU-time limit of one case (default $STRSCPY_CASE_SECONDS or 5): past it, timeout
#   --checks    comma-separated, of: contract (the strscpy contract), transient (dest left
#               unterminated while copying), race (src changed under the call); default all
#   --strict-alignment  judge ISO C alignment too, as a CPU that traps on misaligned words would:
#               UBSan's misaligned loads and stores become class misaligned-access
#   --no-msan   skip the MemorySanitizer pass that follows the ASan+UBSan pass
# Environment: CHECK_IMPL_BUILD_DIR   build folders (default build/check-impl/<hash of FILE's
#                                     path>), one per preset: <dir>/<preset>[-strict-alignment]
#              CHECK_IMPL_RESULTS_DIR where reproducers and reports go (default
#                                     results/check-impl/<hash>), one folder per run
#              CHECK_IMPL_PRESET      the first pass's configure preset (default asan-ubsan)
#              CHECK_IMPL_HARNESS_DIR a build folder that scripts/test.sh (ensure_built) made with
#                                     one of the passes' presets: that pass links its harness
#                                     instead of building one (the tests of check-impl.sh)
# Exit: 0 no divergence; 1 a check diverged (each class's report, reproducer and replay command
#       are printed, then a table); 2 usage, set-up or build error (missing file, no such
#       function, compile error, a binary that cannot run here).
#
# Each pass (ASan+UBSan, then MSan) runs the sweep and then libFuzzer. A divergence does not end
# either: the sweep goes on and keeps each class's smallest reproducer; a sanitizer finding ends
# the sweep's process, and the sweep is resumed after that case (at most 8 times, and not when
# the same finding came back three times in a row);
# libFuzzer runs in fork mode, ignoring crashes and timeouts until its time is up, and its
# crashes are sorted into classes by replaying them.
#
# FILE.c is compiled with the sanitizers of the preset but without the -fsanitize=integer the
# project's own code gets: unsigned wrap-around is defined C, and word-at-a-time code relies on
# it. Word loads that go through src/word_at_a_time.h's read_word_at_a_time() are checked
# against the bytes the contract lets them read; reading past the NUL inside the word that holds
# it is allowed, as in the kernel.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

max_restarts=8
max_repeats=2
all_checks=(contract transient race)
symbol=strscpy
seconds=60
checks=$(IFS=,; echo "${all_checks[*]}")
strict=0
msan=1
parse_args --symbol=symbol --seconds=seconds --case-seconds=case_seconds --checks=checks \
  --strict-alignment:strict=1 --no-msan:msan=0 -- "$@"
[ ${#operands[@]} -eq 1 ] || usage
file=${operands[0]}
[[ "$symbol" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die_usage "not a C name: $symbol"
[[ "$seconds" =~ ^[0-9]+$ ]] || die_usage "--seconds takes a whole number"
if [ "$case_seconds" = "${STRSCPY_CASE_SECONDS:-5}" ]; then
  check_case_seconds
else
  [[ "$case_seconds" =~ ^[1-9][0-9]*$ ]] || die_usage "--case-seconds takes a positive whole number"
fi
for check in ${checks//,/ }; do
  [[ " ${all_checks[*]} " == *" $check "* ]] ||
    die_usage "unknown check '$check' (checks: ${all_checks[*]})"
done
[ -f "$file" ] || die_usage "no such file: $file"
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")

hash=$(printf '%s' "$file" | sha256sum | cut -c1-12)
build_root=${CHECK_IMPL_BUILD_DIR:-$repo/build/check-impl/$hash}
results=${CHECK_IMPL_RESULTS_DIR:-$repo/results/check-impl/$hash}/$(date -u +%Y%m%dT%H%M%SZ)
passes=("${CHECK_IMPL_PRESET:-asan-ubsan}")
[ "$msan" -eq 0 ] || passes+=(msan)

"$repo/scripts/setup.sh" || die_usage "set-up failed"

# The function must be defined, with external linkage, in FILE (compiled as the build will).
check_symbol() {
  local object defined
  object=$(mktemp)
  if clang -c -o "$object" -I "$(dirname "$file")" -I "$repo/src" -I "$repo/include" "$file" \
      2>/dev/null; then
    defined=$(nm --defined-only "$object" | awk '$2 ~ /^[TW]$/ { print $3 }' | sort)
    rm -f "$object"
    grep -qx -- "$symbol" <<<"$defined" ||
      die_usage "no function $symbol in $file; it defines: $(tr '\n' ' ' <<<"${defined:-nothing}")" \
        "(a static or static inline function needs a wrapper with external linkage; see docs/check-impl.md)"
  fi
  rm -f "$object"
}
check_symbol

# shared_harness DIR: bring DIR's harness libraries up to date (they are most likely), under the
# lock ensure_built takes on DIR, as every script that builds there does.
shared_harness() {
  local dir=$1 lock
  exec {lock}>"$dir/.strscpy-build.lock"
  flock "$lock"
  cmake --build "$dir" --target harness strscpy_reference >>"$dir/strscpy-build.log" 2>&1 ||
    die_usage "building the harness in $dir failed; log: $dir/strscpy-build.log"
  exec {lock}>&-
}

# build_pass PRESET: the harness with FILE in <build root>/<preset>[-strict-alignment]; sets build.
build_pass() {
  local preset=$1 settings alignment=OFF
  build=$build_root/$preset$( ((strict == 0)) || echo -strict-alignment)
  ((strict == 0)) || alignment=ON
  settings=(-DSTRSCPY_IMPL_SOURCE="$file" -DSTRSCPY_IMPL_SYMBOL="$symbol" -DSTRSCPY_SELF_TEST=OFF
            -DSTRSCPY_STRICT_ALIGNMENT="$alignment")
  # Only a build of this very preset has a harness compiled as this pass would compile it.
  local shared=${CHECK_IMPL_HARNESS_DIR:-}
  if [ -n "$shared" ] && [ "$(cut -d' ' -f1 "$shared/.strscpy-configured" 2>/dev/null)" = "$preset" ]
  then
    shared_harness "$shared"
    settings+=(-DSTRSCPY_HARNESS_FROM="$shared")
  fi
  echo "check-impl: building $symbol from $file in $build (preset $preset)"
  ensure_built "$build" "$preset" "${settings[@]}" strscpy_sweep strscpy_replay strscpy_fuzzer
  race_available=0
  # The race tools are three executables more to build: only for a run that checks races.
  selected race || return 0
  # grep reads all of it (no -q): an early exit would fail the pipe under pipefail.
  if cmake --build "$build" --target help 2>/dev/null | grep -w strscpy_race_sweep >/dev/null; then
    race_available=1
    ensure_built "$build" "$preset" "${settings[@]}" strscpy_race_sweep strscpy_race_replay \
      strscpy_race_fuzzer
  fi
}

# What was found, by class: the check it belongs to, cases hit, reproducer, report, replay tool.
declare -A class_check=() class_hits=() class_reproducer=() class_report=() class_replay=()
classes=()

# check_of CLASS: the check a class belongs to, whichever stage found it: a contract class that
# the race sweep meets (its cases are the contract's too) is the contract's, not a race verdict.
check_of() {
  case "$1" in
    inconsistent-under-change|double-fetch) echo race ;;
    unterminated-during-copy) echo transient ;;
    *) echo contract ;;
  esac
}

# record CLASS HITS REPRODUCER REPORT REPLAY: keep the first reproducer of each class.
record() {
  local class=$1
  if [ -z "${class_hits[$class]:-}" ]; then
    classes+=("$class")
    class_hits[$class]=0
    class_check[$class]=$(check_of "$class")
    class_reproducer[$class]=$3
    class_report[$class]=$4
    class_replay[$class]=$5
  fi
  class_hits[$class]=$((class_hits[$class] + $2))
}

# harness_report LOG CLASS: the harness's report block of CLASS in LOG (empty when absent).
harness_report() {
  sed -n "/^==strscpy-fuzz== DIVERGENCE: $2\$/,/^==strscpy-fuzz== end of report/p" "$1" |
    sed '/^==strscpy-fuzz== end of report/q'
}

# sanitizer_report LOG: the sanitizer's lines in LOG, then the case and the call the harness
# printed from the sanitizer's death callback.
sanitizer_report() {
  grep -E "(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error|^ *#[0-3] |^SUMMARY:|^case: |^      (src|dest) " "$1" |
    awk '!seen[$0]++' || true
  sed -n '/^==strscpy-fuzz== SANITIZER FINDING/,/^==strscpy-fuzz== end of report/p' "$1" |
    grep -E '^call: ' || true
}

# finding_report LOG CLASS: the report of the finding of class CLASS in LOG.
finding_report() {
  if grep -q "^==strscpy-fuzz== DIVERGENCE: $2\$" "$1"; then
    harness_report "$1" "$2"
  else
    sanitizer_report "$1"
  fi
}

# sweep_stage PREFIX WORK: the sweep of <prefix>_sweep, resumed after each sanitizer finding.
sweep_stage() {
  local prefix=$1 work=$2 start=0 run=0 log class hits reproducer next last_class="" repeats=0
  mkdir -p "$work"
  while :; do
    log=$work/sweep-$run.log
    run_harness "$log" "$build/${prefix}_sweep" --reproducer "$work/reproducer-$run" \
      --case-seconds "$case_seconds" --start "$start"
    # The table: "sweep: <class> <cases hit> <reproducer>" after its header line.
    while read -r class hits reproducer; do
      harness_report "$log" "$class" >"$work/$class.report"
      # Found before a sanitizer ended the sweep: the report comes from a replay.
      if [ ! -s "$work/$class.report" ]; then
        CRASH_LOG=$work/$class.replay.log crash_class "$build/${prefix}_replay" "$reproducer" >/dev/null
        harness_report "$work/$class.replay.log" "$class" >"$work/$class.report"
      fi
      record "$class" "$hits" "$reproducer" "$work/$class.report" "$build/${prefix}_replay"
    done < <(sed -n '/^sweep: class  *cases hit  *reproducer$/,$p' "$log" |
             sed -n 's/^sweep: \([a-z0-9-]*  *[0-9][0-9]*  \)/\1/p')
    next=$(sed -n 's/^sweep: stopped by a sanitizer at case [0-9]*; resume with --start \([0-9]*\)$/\1/p' "$log")
    if [ -n "$next" ]; then
      class=$(finding_class "$log")
      class=${class:-sanitizer-$(exit_description "$harness_status" | tr ' ' -)}
      mv "$work/reproducer-$run" "$work/reproducer-$run-$class"
      finding_report "$log" "$class" >"$work/$class-$run.report"
      record "$class" 1 "$work/reproducer-$run-$class" "$work/$class-$run.report" \
        "$build/${prefix}_replay"
      echo "check-impl: sweep: $class at case $((next - 1)); resuming after it"
      run=$((run + 1))
      start=$next
      # A finding that comes back at once is hit by most cases: more restarts only find it again.
      [ "$class" = "${last_class:-}" ] && repeats=$((repeats + 1)) || repeats=0
      last_class=$class
      if [ "$run" -gt "$max_restarts" ] || [ "$repeats" -ge "$max_repeats" ]; then
        echo "check-impl: sweep: stopped at case $start after $run sanitizer findings"
        return
      fi
      continue
    fi
    if [ "$harness_status" -ne 0 ] && [ "$harness_status" -ne 1 ]; then
      class=$(finding_class "$log")
      class=${class:-crash-$(exit_description "$harness_status" | tr ' ' -)}
      finding_report "$log" "$class" >"$work/$class.report"
      record "$class" 1 "(none saved; log: $log)" "$work/$class.report" "$build/${prefix}_replay"
    fi
    grep -E '^sweep: .*(cases, |stopped by a timeout)' "$log" || true
    return
  done
}

# fuzz_stage PREFIX WORK: libFuzzer until its time is up, started again after each crash,
# timeout or out-of-memory (a seed that crashed is taken out of the corpus first); then one
# reproducer per class, the smallest input of each. libFuzzer's memory limit leaves room for the
# 2 GiB dest the harness owns (twice that under MSan, with its shadow).
fuzz_stage() {
  local prefix=$1 work=$2 crash class log deadline run=0 seen=0 now corpus rss_limit=4096
  [ "$preset" != msan ] || rss_limit=8192
  [ "$seconds" -gt 0 ] || return 0
  mkdir -p "$work/corpus" "$work/crashes" "$work/replays"
  corpus=$(corpus_dir strscpy)
  cp -r "$corpus/seeds/." "$work/corpus/"
  echo "check-impl: libFuzzer for $seconds s"
  deadline=$((SECONDS + seconds))
  while [ "$SECONDS" -lt "$deadline" ]; do
    log=$work/fuzzer-$run.log
    run_harness "$log" "$build/${prefix}_fuzzer" -max_total_time="$((deadline - SECONDS))" \
      -timeout="$case_seconds" -rss_limit_mb="$rss_limit" -dict="$corpus.dict" \
      -artifact_prefix="$work/crashes/" -print_final_stats=1 "$work/corpus"
    run=$((run + 1))
    now=$(find "$work/crashes" -type f | wc -l)
    if [ "$harness_status" -eq 0 ] || [ "$now" -le "$seen" ]; then
      break
    fi
    seen=$now
    # shellcheck disable=SC2012 # libFuzzer names its crash files <kind>-<sha1>
    drop_crashing_seed "$work/corpus" "$(ls -t "$work/crashes" | head -n 1)"
  done
  echo "check-impl: libFuzzer: $run runs of the fuzzer, $seen crashes and timeouts"
  # Each input is run again alone, under the replay's per-case CPU-time watchdog (which allows
  # the legal padding of count bytes at this machine's own rate) and with no memory limit: a
  # timeout or out-of-memory of libFuzzer's, on a busy machine or under its limits, is a
  # verdict only when the input hangs there too. Otherwise it is inconclusive, not a divergence.
  while IFS= read -r crash; do
    log=$work/replays/$(basename "$crash").log
    CRASH_LOG=$log crash_class "$build/${prefix}_replay" "$crash" >/dev/null
    class=$(finding_class "$log")
    if [ -z "$class" ]; then
      case "$(basename "$crash")" in
        timeout-*|oom-*)
          echo "check-impl: inconclusive, not a divergence: libFuzzer's ${crash##*/}, run alone," \
            "neither outlasted the per-case CPU-time limit nor diverged (log: $log)" ;;
      esac
      continue
    fi
    finding_report "$log" "$class" >"$log.report"
    record "$class" 1 "$crash" "$log.report" "$build/${prefix}_replay"
  done < <(find "$work/crashes" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
             -printf '%s %p\n' | sort -n | head -n 30 | cut -d' ' -f2-)
}

# drop_crashing_seed CORPUS NAME: libFuzzer names a crash file <kind>-<sha1 of the input>; a
# seed with that content would end every later run at once.
drop_crashing_seed() {
  local sha=${2##*-} f
  for f in "$1"/*; do
    [ "$(sha1sum <"$f" | cut -c1-40)" != "$sha" ] || rm -f "$f"
  done
}

selected() { [[ ",$checks," == *",$1,"* ]]; }

for preset in "${passes[@]}"; do
  build_pass "$preset"
  echo "check-impl: $preset pass$( ((strict == 1)) && echo ", alignment judged (--strict-alignment)" ||
    echo "; alignment is not judged (misaligned words are legal on CPUs with efficient unaligned access; --strict-alignment judges them)")"
  if selected contract || selected transient; then
    sweep_stage strscpy "$results/$preset/sweep"
    fuzz_stage strscpy "$results/$preset/fuzz"
  fi
  if selected race; then
    if [ "$race_available" -eq 1 ]; then
      sweep_stage strscpy_race "$results/$preset/race-sweep"
      fuzz_stage strscpy_race "$results/$preset/race-fuzz"
    elif [ "$preset" = "${passes[0]}" ]; then
      echo "check-impl: race: not available in this build"
    fi
  fi
done

# Each class once: its report, reproducer and the command that replays it.
for class in "${classes[@]}"; do
  selected "${class_check[$class]}" || continue
  echo
  echo "==== check-impl: $class (check ${class_check[$class]}): ${class_hits[$class]} cases hit"
  cat "${class_report[$class]}"
  echo "check-impl: reproducer: ${class_reproducer[$class]}"
  echo "check-impl: replay it: $repo/scripts/replay.sh --binary ${class_replay[$class]} ${class_reproducer[$class]}"
done

echo
diverged=0
for check in "${all_checks[@]}"; do
  selected "$check" || continue
  [ "$check" != race ] || [ "$race_available" -eq 1 ] || continue
  found=()
  for class in "${classes[@]}"; do
    [ "${class_check[$class]}" != "$check" ] || found+=("$class")
  done
  if [ ${#found[@]} -eq 0 ]; then
    echo "check-impl: $check: no divergence in $symbol"
  else
    diverged=1
    echo "check-impl: $check: DIVERGENCE in $symbol: ${found[*]}"
  fi
done
if [ "$diverged" -eq 1 ]; then
  printf 'check-impl: %-28s %10s  %s\n' class "cases hit" reproducer
  for class in "${classes[@]}"; do
    selected "${class_check[$class]}" || continue
    printf 'check-impl: %-28s %10s  %s\n' "$class" "${class_hits[$class]}" "${class_reproducer[$class]}"
  done
fi
echo "check-impl: results in $results"
exit "$diverged"
