#!/usr/bin/env bash
# Benchmarks, each figure a ratio measured side by side in one run:
#  - the implementation's speed: strscpy_bench (bench preset) against the reference,
#    glibc and memcpy;
#  - the harness's throughput: libFuzzer runs per CPU second of each fuzz target
#    against a fuzz target that does nothing and one that only calls strscpy, built
#    with the same flags (presets debug = no sanitizer, asan-ubsan with and without the
#    memory-access trace, msan), and the sweep's cases per CPU second.
# Prints the tables and writes implementation.csv, fuzzer.csv and sweep.csv.
#
# Usage: scripts/bench.sh [--smoke] [--build-root DIR] [--out DIR] [--runs N] [--reps N]
#                        [--sweep-cases N] [--baseline REV]
#   --smoke           tiny iteration counts: proves the pipeline, the figures mean little
#   --build-root DIR  build trees in DIR/<preset> (default: build, the presets' own trees)
#   --out DIR         where the CSV files go (default: results/bench)
#   --runs N          libFuzzer runs per measurement (default 200000)
#   --reps N          repetitions of each fuzzer and sweep measurement (default 3)
#   --sweep-cases N   time only the sweep's last N cases (its --start), not all of them
#   --baseline REV    also time src/strscpy.c of git revision REV (unaligned mode) as
#                     strscpy-baseline, and print the short-string goals against it
# Exit codes: 0 done; 1 a build or a benchmark failed; 2 usage.
set -euo pipefail
shopt -s inherit_errexit # a failure inside $(...) stops the script too
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

build_root=$repo/build
out=$repo/results/bench
runs=""
reps=""
sweep_cases=""
impl_args=()
baseline=
smoke=0
parse_args --smoke:smoke=1 --build-root=build_root --out=out --runs=runs --reps=reps \
  --sweep-cases=sweep_cases --baseline=baseline -- "$@"
[ ${#operands[@]} -eq 0 ] || usage
# --smoke's counts, unless --runs, --reps or --sweep-cases say otherwise.
if [ "$smoke" -eq 1 ]; then
  runs=${runs:-20000} reps=${reps:-1} sweep_cases=${sweep_cases:-20000}
  impl_args=(--reps 3 --bytes 65536)
fi
runs=${runs:-200000} reps=${reps:-3}
[[ $runs =~ ^[1-9][0-9]*$ && $reps =~ ^[1-9][0-9]*$ && $sweep_cases =~ ^([1-9][0-9]*)?$ ]] || usage
mkdir -p "$build_root" "$out"
build_root=$(cd "$build_root" && pwd)
out=$(cd "$out" && pwd)

"$repo/scripts/setup.sh"

# The harness builds, NAME[:PRESET:-DVAR=VALUE]: one row each, built in $build_root/NAME from
# PRESET (default NAME).  asan-ubsan-untraced is asan-ubsan without the memory-access trace (and
# so without its work counter): the two side by side are what the trace costs.
fuzz_builds=(debug asan-ubsan asan-ubsan-untraced:asan-ubsan:-DSTRSCPY_TRACE=OFF msan)
fuzz_presets=("${fuzz_builds[@]%%:*}")
targets=(strscpy strscpy_pad)

# build NAME PRESET [-DVAR=VALUE...] TARGET...: ensure_built in $build_root/NAME; a failed build
# is a failed benchmark (exit 1).
build() {
  local name=$1 arg defines=""
  shift
  for arg in "${@:2}"; do
    [[ "$arg" != -D* ]] || defines+=" $arg"
  done
  echo "bench: building $name (preset $1$defines) in $build_root/$name" >&2
  (ensure_built "$build_root/$name" "$@") || exit 1
}

build bench bench -DSTRSCPY_BENCH_BASELINE="$baseline" strscpy_bench
for spec in "${fuzz_builds[@]}"; do
  IFS=: read -r name preset define <<<"$spec"
  build "$name" "${preset:-$name}" ${define:+"$define"} empty_fuzz_target \
    impl_only_fuzz_target "${targets[@]/%/_fuzzer}" "${targets[@]/%/_sweep}"
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# "min,median,max" of the numbers on stdin, "NA,NA,NA" when there are none.
summary() {
  sort -g | awk '{ v[NR] = $1 }
    END {
      if (NR == 0) { print "NA,NA,NA"; exit }
      m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%.6g,%.6g,%.6g\n", v[1], m, v[NR]
    }'
}

# cpu_us <log> <command...>: runs the command, its output into log, and prints the CPU time
# (user + sys) it took, in microseconds: unlike the wall clock, not stretched by the load of
# other processes.  On failure, shows the log and stops the benchmark.
cpu_us() {
  local log=$1 TIMEFORMAT='%3U %3S' times
  shift
  if ! times=$({ time "$@" >"$log" 2>&1; } 2>&1); then
    echo "bench: failed: $*" >&2
    tail -n 20 "$log" >&2
    exit 1
  fi
  echo "$times" | awk '{ printf "%.0f\n", ($1 + $2) * 1e6 }'
}

# fuzz_once <fuzzer> <runs> <seeds dir or empty> <dictionary or empty>: as scripts/fuzz.sh
# runs it, from a fresh corpus; prints "<executed units> <CPU microseconds>".
fuzz_once() {
  local fuzzer=$1 n=$2 seeds=$3 dict=$4 us
  rm -rf "$scratch/work" && mkdir "$scratch/work"
  us=$(cpu_us "$scratch/fuzz.log" "$fuzzer" -runs="$n" -seed=1 -max_len=4096 ${dict:+-dict="$dict"} \
    -artifact_prefix="$scratch/" "$scratch/work" ${seeds:+"$seeds"})
  echo "$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$scratch/fuzz.log") $us"
}

# execs_per_second <fuzzer> <seeds dir or empty> <dictionary or empty>: runs per CPU second
# of the mutation loop alone; a -runs=0 run (start-up and the seed corpus) is subtracted.
# "NA" when too short to tell.
execs_per_second() {
  local base full
  base=$(fuzz_once "$1" 0 "$2" "$3")
  full=$(fuzz_once "$1" "$runs" "$2" "$3")
  echo "$base $full" | awk '{ d = $4 - $2; print (d > 0 ? ($3 - $1) * 1e6 / d : "NA") }'
}

bench_implementation() {
  echo "== implementation: strscpy_bench ${impl_args[*]}"
  cpu_us "$scratch/impl.log" "$build_root/bench/bench/strscpy_bench" "${impl_args[@]}" \
    --csv "$out/implementation.csv" >/dev/null
  cat "$scratch/impl.log"
}

# One build and target: the target and both yardsticks in each repetition, in an order that
# rotates.  Prints its CSV row.
bench_fuzzer() {
  local preset=$1 target=$2 corpus seeds dict seed_inputs=0
  local -A fuzzer=([target]=$build_root/$1/${2}_fuzzer
                   [impl_only]=$build_root/$1/bench/impl_only_fuzz_target
                   [empty]=$build_root/$1/bench/empty_fuzz_target)
  local kinds=(target impl_only empty) rep k kind
  local -A rate

  corpus=$(corpus_dir "$target")
  seeds=$corpus/seeds dict=$corpus.dict
  if [ -d "$seeds" ]; then
    seed_inputs=$(find "$seeds" -type f | wc -l)
  else
    seeds=
  fi
  [ -f "$dict" ] || dict=
  for kind in "${kinds[@]}" target_ratio impl_only_ratio; do
    : >"$scratch/$kind"
  done
  for ((rep = 0; rep < reps; rep++)); do
    for ((k = 0; k < 3; k++)); do
      kind=${kinds[(k + rep) % 3]}
      rate[$kind]=$(execs_per_second "${fuzzer[$kind]}" "$seeds" "$dict")
      [ "${rate[$kind]}" = NA ] || echo "${rate[$kind]}" >>"$scratch/$kind"
    done
    for kind in target impl_only; do
      [ "${rate[$kind]}" = NA ] || [ "${rate[empty]}" = NA ] ||
        awk -v r="${rate[$kind]}" -v e="${rate[empty]}" 'BEGIN { print r / e }' \
          >>"$scratch/${kind}_ratio"
    done
  done
  echo "$preset,$target,$seed_inputs,$runs,$reps,$(summary <"$scratch/target"),$(summary <"$scratch/impl_only"),$(summary <"$scratch/empty"),$(summary <"$scratch/target_ratio"),$(summary <"$scratch/impl_only_ratio")"
}

bench_fuzzers() {
  local csv=$out/fuzzer.csv preset target

  echo "build,target,seed_inputs,runs,reps,target_execs_per_s_min,target_execs_per_s_median,target_execs_per_s_max,impl_only_execs_per_s_min,impl_only_execs_per_s_median,impl_only_execs_per_s_max,empty_execs_per_s_min,empty_execs_per_s_median,empty_execs_per_s_max,ratio_min,ratio_median,ratio_max,impl_only_ratio_min,impl_only_ratio_median,impl_only_ratio_max" >"$csv"
  for preset in "${fuzz_presets[@]}"; do
    for target in "${targets[@]}"; do
      bench_fuzzer "$preset" "$target" >>"$csv"
    done
  done
  echo
  echo "== fuzz targets: libFuzzer runs per CPU second over -runs=$runs (start-up subtracted), median of $reps"
  echo "   impl-only: strscpy alone as a fuzz target; empty: a target that returns at once;"
  echo "   ratios to empty within one repetition; debug = no sanitizer"
  awk -F, 'NR == 1 { printf "%-11s %-12s %6s %10s %11s %10s %6s %9s\n", "build", "target", "seeds",
                       "target/s", "impl-only/s", "empty/s", "ratio", "impl-only" }
    NR > 1 { printf "%-11s %-12s %6d %10.0f %11.0f %10.0f %6.2f %9.2f\n", $1, $2, $3, $7, $10, $13, $16, $19 }' \
    "$csv"
}

# sweep_start SWEEP: the --start that leaves the last sweep_cases cases to run (0: all of them).
# A start past the last case runs none, and the sweep counts them all.
sweep_start() {
  local total
  if [ -z "$sweep_cases" ]; then
    echo 0
    return
  fi
  total=$("$1" --start 18446744073709551615 |
    sed -n 's/^sweep: .*: \([0-9]*\) cases, no divergence$/\1/p')
  [ -n "$total" ] || { echo "bench: $1 counted no cases" >&2; exit 1; }
  echo $((total > sweep_cases ? total - sweep_cases : 0))
}

bench_sweeps() {
  local csv=$out/sweep.csv preset target rep us cases start

  echo "build,target,cases,reps,seconds_min,seconds_median,seconds_max,cases_per_s_median" >"$csv"
  for preset in "${fuzz_presets[@]}"; do
    for target in "${targets[@]}"; do
      : >"$scratch/seconds"
      start=$(sweep_start "$build_root/$preset/${target}_sweep")
      for ((rep = 0; rep < reps; rep++)); do
        us=$(cpu_us "$scratch/sweep.log" "$build_root/$preset/${target}_sweep" --start "$start")
        awk -v us="$us" 'BEGIN { print us / 1e6 }' >>"$scratch/seconds"
      done
      cases=$(sed -n 's/^sweep: .*: \([0-9]*\) cases, no divergence$/\1/p' "$scratch/sweep.log")
      # No count (the sweep diverged): the row is left without one.
      [ -z "$cases" ] || cases=$((cases - start))
      echo "$preset,$target,$cases,$reps,$(summary <"$scratch/seconds")" |
        awk -F, -v OFS=, '{ print $0, sprintf("%.0f", $3 / $6) }' >>"$csv"
    done
  done
  echo
  echo "== sweep: cases per CPU second, median of $reps" \
    "${sweep_cases:+(the last $sweep_cases cases of each)}"
  awk -F, 'NR == 1 { printf "%-11s %-12s %8s %8s %10s\n", "build", "target", "cases", "seconds", "cases/s" }
    NR > 1 { printf "%-11s %-12s %8d %8.2f %10d\n", $1, $2, $3, $6, $8 }' "$csv"
}

echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
bench_implementation
bench_fuzzers
bench_sweeps
echo
echo "bench: CSV in $out: implementation.csv fuzzer.csv sweep.csv"
