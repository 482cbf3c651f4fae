#!/usr/bin/env bash
# The CI fuzzing job (what ClusterFuzzLite's code-change job does, run here): for each target,
# replay the corpus (seeds and regression inputs), then fuzz with libFuzzer for FUZZ_SECONDS;
# for each class of divergence found, one input is minimized and left, with its report, in
# ARTIFACTS_DIR, and every divergent input is listed with its class in summary.txt.
# Usage: scripts/ci-fuzz.sh [--binaries DIR] [TARGET...]
#   TARGET     default: every target of corpus/targets.list
#   --binaries fuzz, replay and minimize with DIR/<target>_fuzzer and DIR/<target>_replay as they
#              are, built by whoever made DIR (a libFuzzer build's tree, or a folder of links to
#              the binaries of another implementation): nothing is configured or built
# Environment:
#   FUZZ_SECONDS    fuzzing time per target (default 60)
#   FUZZ_JOBS       libFuzzer -fork jobs per target (default: nproc)
#   ARTIFACTS_DIR   where reproducers go (default results/ci-fuzz-artifacts): <target>/<input>
#                   as found, <input>.min (minimized, same class; absent when every smaller
#                   input is another bug), <input>.report.txt (the replay of the reproducer:
#                   decoded case, class, report); summary.txt
#   STRSCPY_BUILD_ROOT  where the scripts keep preset builds (default build/): without
#                   --binaries, this job fuzzes and replays with <root>/asan-ubsan, configured
#                   from the preset when missing and brought up to date
#   CI_FUZZ_WORK_DIR  fuzz.sh's results per target (default results/ci-fuzz)
# Reuses scripts/replay.sh, scripts/fuzz.sh and scripts/minimize.sh.
# Exit: 0 the corpus replays clean and fuzzing found nothing; 1 a divergence or crash (its
# reproducer and report are in ARTIFACTS_DIR); 2 usage, set-up or build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

binaries=""
parse_args --binaries=binaries -- "$@"
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
artifacts=${ARTIFACTS_DIR:-$repo/results/ci-fuzz-artifacts}
work=${CI_FUZZ_WORK_DIR:-$repo/results/ci-fuzz}
build=${binaries:-$(build_dir_for asan-ubsan)}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || die_usage "FUZZ_SECONDS wants a positive number, not '$seconds'"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die_usage "FUZZ_JOBS wants a positive number, not '$jobs'"
targets=("${operands[@]}")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(known_targets)
for t in "${targets[@]}"; do
  check_target "$t"
done

"$repo/scripts/setup.sh" || die_usage "set-up failed"
built=()
for t in "${targets[@]}"; do
  built+=("${t}_fuzzer" "${t}_replay")
done
if [ -z "$binaries" ]; then
  ensure_built "$build" asan-ubsan "${built[@]}"
fi
for binary in "${built[@]}"; do
  [ -x "$build/$binary" ] || die_usage "no binary at $build/$binary (not built?)"
done

# Only what this job writes is cleared: ARTIFACTS_DIR may be a folder the CI service owns.
mkdir -p "$artifacts" "$work"
artifacts=$(cd "$artifacts" && pwd)
work=$(cd "$work" && pwd)
rm -f "$artifacts/summary.txt"
found=0

# save_reproducer TARGET FILE WHERE: FILE diverged (WHERE: corpus or fuzzing); keep it, its
# minimized form and the report of the smaller of the two in ARTIFACTS_DIR/TARGET.
save_reproducer() {
  local t=$1 file=$2 where=$3 kept status=0 reproducer class
  mkdir -p "$artifacts/$t"
  kept=$artifacts/$t/$(basename "$file")
  cp "$file" "$kept"
  "$repo/scripts/minimize.sh" "$kept" --target "$t" --binary "$build/${t}_fuzzer" \
    >"$kept.minimize.log" 2>&1 || status=$?
  [ $status -ne 2 ] || { cat "$kept.minimize.log" >&2; die_usage "minimizing $kept failed"; }
  reproducer=$kept
  [ -f "$kept.min" ] && reproducer=$kept.min
  "$repo/scripts/replay.sh" --target "$t" --binary "$build/${t}_replay" "$reproducer" \
    >"$kept.report.txt" 2>&1 || true
  class=$(sed -n 's/^verdict: DIVERGENCE: //p' "$kept.report.txt" | head -n1)
  echo "$t: $where: $(basename "$reproducer") ($(stat -c %s "$reproducer") bytes): ${class:-no divergence on replay}" |
    tee -a "$artifacts/summary.txt"
  found=$((found + 1))
}

# save_per_class TARGET WHERE: reads "FILE: CLASS" lines; one reproducer per class is kept
# (ClusterFuzz groups crashes the same way), the others are only listed in summary.txt.
save_per_class() {
  local t=$1 where=$2 line file class
  local -A kept=()
  while IFS= read -r line; do
    file=${line%%: *}
    class=${line#*: }
    if [ -n "${kept[$class]:-}" ]; then
      echo "$t: $where: $(basename "$file"): $class (not kept: as ${kept[$class]})" \
        >>"$artifacts/summary.txt"
      found=$((found + 1))
    else
      kept[$class]=$(basename "$file")
      save_reproducer "$t" "$file" "$where"
    fi
  done
}

# replay_corpus TARGET: the seeds and the regression inputs must all run as the reference.  One
# process replays the whole corpus first, as the replay.* tests do: a clean corpus, the usual case,
# then costs one start-up of the replay tool instead of one per input.  Only when it is not clean
# does scripts/replay.sh replay each input in its own process, to name every divergent input and
# its class.
replay_corpus() {
  local t=$1 corpus status=0 inputs
  corpus=$(corpus_dir "$t")
  STRSCPY_CASE_SECONDS=$case_seconds run_harness "$work/$t/replay.log" "$build/${t}_replay" "$corpus"
  if [ "$harness_status" -eq 0 ]; then
    inputs=$(grep -c '^verdict: same as the reference$' "$work/$t/replay.log")
    echo "ci-fuzz: $t: corpus: $inputs inputs with $build/${t}_replay: $inputs same as the reference, 0 diverged"
    return
  fi
  "$repo/scripts/replay.sh" --target "$t" --binary "$build/${t}_replay" --quiet "$corpus" \
    >"$work/$t/replay.log" 2>&1 || status=$?
  [ $status -ne 2 ] || { cat "$work/$t/replay.log" >&2; die_usage "replaying $corpus failed"; }
  grep '^replay: [0-9]* inputs' "$work/$t/replay.log" | sed "s/^replay:/ci-fuzz: $t: corpus:/"
  save_per_class "$t" corpus < <(sed -n 's/^replay: diverged: //p' "$work/$t/replay.log")
}

# fuzz_target TARGET: libFuzzer from the corpus for FUZZ_SECONDS; fuzz.sh names each crash's
# class in its summary.
fuzz_target() {
  local t=$1 status=0
  "$repo/scripts/fuzz.sh" "$t" --engine libfuzzer --jobs "$jobs" --binary "$build/${t}_fuzzer" \
    --seconds "$seconds" --out "$work/$t/fuzz" >"$work/$t/fuzz.log" 2>&1 || status=$?
  [ $status -ne 2 ] || { cat "$work/$t/fuzz.log" >&2; die_usage "fuzzing $t failed to run"; }
  grep '^summary: ' "$work/$t/fuzz.log" | sed "s/^summary:/ci-fuzz: $t: fuzzing:/"
  save_per_class "$t" fuzzing < <(sed -n 's/^crash: //p' "$work/$t/fuzz/summary.txt")
}

for t in "${targets[@]}"; do
  rm -rf "${artifacts:?}/$t" "${work:?}/$t"
  mkdir -p "$work/$t"
  replay_corpus "$t"
  fuzz_target "$t"
done

if [ $found -ne 0 ]; then
  echo "ci-fuzz: FAILED: $found divergent input(s); reproducers and reports in $artifacts" |
    tee -a "$artifacts/summary.txt" >&2
  exit 1
fi
echo "ci-fuzz: ${targets[*]}: corpus replays clean, ${seconds} s of fuzzing each found nothing" |
  tee -a "$artifacts/summary.txt"
