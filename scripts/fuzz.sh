#!/usr/bin/env bash
# shellcheck disable=SC2317 # the engines' functions run as "run_$engine", the trap's by signal
# Fuzz one target on N cores with libFuzzer or AFL++, from the seed corpus and dictionary.
# Usage: scripts/fuzz.sh [TARGET] [--engine libfuzzer|afl] [--jobs N] [--seconds S] [--out DIR]
#                        [--progress P] [--binary FUZZER [--replay REPLAY] [--cmplog FUZZER]]
#   TARGET   strscpy (default), or another target of corpus/targets.list
#   --engine libfuzzer (default; -fork=N) or afl (one -M main with CMPLOG, N-1 -S secondaries)
#   --jobs   parallel fuzzing processes (default: nproc)
#   --seconds how long to fuzz (default 600)
#   --progress AFL++'s progress line (runs, exec/s, edges, crashes) every P s (default 10;
#            libFuzzer prints its own status lines)
#   --out    results folder (default $STRSCPY_RESULTS_DIR/<target>-<engine>-<UTC time>,
#            STRSCPY_RESULTS_DIR defaulting to results/); must not exist or be empty
#   --binary a fuzz target to run instead (e.g. from a build configured with
#            -DSTRSCPY_IMPL_SOURCE=my_strscpy.c); --replay the replay binary that names the
#            classes of its crashes (default: <target>_replay beside it); --cmplog, for AFL++,
#            its CMPLOG build (default: none, no -c)
# Sets up missing Debian packages (scripts/setup.sh), builds the preset it needs in
# $STRSCPY_BUILD_ROOT/<preset> (default build/<preset>): asan-ubsan for libFuzzer, afl and
# afl-cmplog for AFL++. Never writes into corpus/: the target's corpus (corpus/targets.list) is
# copied into the results.
# libFuzzer stops at the first crash (and keeps every seed that crashes); AFL++ runs the whole
# time and keeps every crash it finds with a new path. Each input may take STRSCPY_CASE_SECONDS
# (default 5; libFuzzer's -timeout, AFL++'s -t): a libFuzzer timeout-* file and AFL++'s hangs/
# are crashes of class timeout.
# Ends with a summary: runs, exec/s, coverage, and each crash with its class (replayed by
# <target>_replay of the same build).
# Exit: 0 no crash; 1 crashes found; 2 usage, set-up, build or engine error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

target=strscpy
engine=libfuzzer
jobs=$(nproc)
seconds=600
progress_every=10
out=""
binary=""
replay=""
cmplog=""
parse_args --engine=engine --jobs=jobs --seconds=seconds --out=out --progress=progress_every \
  --binary=binary --replay=replay --cmplog=cmplog -- "$@"
[ ${#operands[@]} -le 1 ] || usage
target=${operands[0]:-$target}
check_target "$target"
check_case_seconds
case "$engine" in libfuzzer|afl) ;; *) die_usage "unknown engine '$engine'" ;; esac
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die_usage "--jobs wants a positive number, not '$jobs'"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || die_usage "--seconds wants a positive number, not '$seconds'"
[[ "$progress_every" =~ ^[1-9][0-9]*$ ]] || die_usage "--progress wants a positive number, not '$progress_every'"
if [ -n "$binary" ]; then
  replay=${replay:-$(dirname "$binary")/${target}_replay}
  for tool in "$binary" "$replay" ${cmplog:+"$cmplog"}; do
    [ -x "$tool" ] || die_usage "no executable $tool"
  done
elif [ -n "$replay$cmplog" ]; then
  die_usage "--replay and --cmplog go with --binary"
fi

if [ "$engine" = afl ]; then
  "$repo/scripts/setup.sh" afl++ python3 || die_usage "set-up failed"
else
  "$repo/scripts/setup.sh" || die_usage "set-up failed"
fi

if [ -z "$out" ]; then
  out=${STRSCPY_RESULTS_DIR:-$repo/results}/$target-$engine-$(date -u +%Y%m%d-%H%M%S)
fi
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  die_usage "$out exists and is not empty"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The seeds and the regression inputs, copied: the engines add to what they start from.
corpus=$(corpus_dir "$target")
copy_seeds() {
  local into=$1 from
  mkdir -p "$into"
  for from in "$corpus/seeds" "$corpus/regressions"; do
    [ -d "$from" ] && find "$from" -maxdepth 1 -type f ! -name '.*' -exec cp -t "$into" {} +
  done
  if [ -z "$(ls -A "$into")" ]; then
    # Every byte string is a valid input: an empty corpus starts from a one-byte one.
    printf 'a' >"$into/start"
  fi
  echo "fuzz: $(find "$into" -type f | wc -l) seed inputs from ${corpus#"$repo/"}" >&2
}

dict=$corpus.dict
[ -f "$dict" ] || dict=""

stopped=0
pids=()
stop_engines() {
  stopped=1
  local pid
  for pid in "${pids[@]}"; do
    kill -INT "$pid" 2>/dev/null || true
  done
}
trap stop_engines INT TERM

# Sets: runs, exec_per_sec, coverage, corpus_size.
run_libfuzzer() {
  local build status=0 last elapsed progress why
  if [ -z "$binary" ]; then
    build=$(build_dir_for asan-ubsan)
    ensure_built "$build" asan-ubsan "${target}_fuzzer" "${target}_replay"
    binary=$build/${target}_fuzzer
    replay=$build/${target}_replay
  fi
  copy_seeds "$out/corpus"
  mkdir -p "$out/crashes"
  echo "fuzz: libFuzzer, $target, $jobs jobs, $seconds s; log: $out/fuzz.log" >&2
  # -fork runs the jobs as child processes and merges what they find into corpus/.
  (cd "$out" && exec "$binary" -fork="$jobs" -max_total_time="$seconds" -timeout="$case_seconds" \
      -artifact_prefix="$out/crashes/" ${dict:+-dict="$dict"} "$out/corpus") >"$out/fuzz.log" 2>&1 &
  pids+=($!)
  # Progress: libFuzzer's status lines and whatever it reports, while it runs.
  tail -n +1 -f --pid="${pids[0]}" "$out/fuzz.log" |
    grep --line-buffered -E '^#[0-9]+|INFO: (fuzzed|exiting)|DIVERGENCE|ERROR|SUMMARY' >&2 &
  progress=$!
  # The wait builtin, unlike a foreground command, lets the INT/TERM trap run at once.
  wait "${pids[0]}" || status=$?
  # An interrupted wait returns early: the engine is still writing its last words.
  [ "$stopped" -eq 0 ] || wait "${pids[0]}" || true
  wait "$progress" || true
  # The fork-mode status line: "#N: cov: C ft: F corp: K exec/s E oom/timeout/crash: ...".
  last=$(grep -E '^#[0-9]+: cov: ' "$out/fuzz.log" | tail -n1 || true)
  corpus_size=$(find "$out/corpus" -type f | wc -l)
  crash_files=$(find "$out/crashes" -type f | sort)
  if [ -z "$last" ] && [ -n "$crash_files" ]; then
    # A crash before the first job ended: no status line yet, but crashes to report.
    runs=0 exec_per_sec=0 coverage="unknown (no status line)"
    return
  elif [ -z "$last" ]; then
    tail -n 30 "$out/fuzz.log" >&2
    if why=$(harness_setup_error "$binary" "$status" "$out/fuzz.log"); then
      die_usage "set-up error, not a divergence: $why"
    fi
    die_usage "libFuzzer did not run; log: $out/fuzz.log"
  fi
  runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  # Its exec/s is the last job's: the run's is runs over the time it took.
  elapsed=$(sed -E 's/.* time: ([0-9]+)s.*/\1/' <<<"$last")
  exec_per_sec=$((runs / (elapsed > 0 ? elapsed : 1)))
  coverage="cov $(sed -E 's/.* cov: ([0-9]+) ft: ([0-9]+).*/\1 ft \2/' <<<"$last")"
}

afl_stat() {
  sed -n "s/^$2 *: *//p" "$1"
}

# One progress line from the instances' live figures: what each afl-fuzz sent last (StatsD, every
# second), as scripts/lib/afl_statsd.py keeps it in $out/live/<instance>.  Not fuzzer_stats:
# without its UI, afl-fuzz rewrites that only once a minute.
live_figure() {
  sed -n "s/^$2 //p" "$1"
}

afl_progress() {
  local f execs=0 speed=0 edges=0 crashes=0 e reporting=0
  for f in "$out"/live/*; do
    [ -f "$f" ] || continue
    reporting=$((reporting + 1))
    execs=$((execs + $(live_figure "$f" execs_done)))
    speed=$((speed + $(live_figure "$f" execs_per_sec | cut -d. -f1)))
    crashes=$((crashes + $(live_figure "$f" saved_crashes)))
    e=$(live_figure "$f" edges_found)
    [ "$e" -gt "$edges" ] && edges=$e
  done
  echo "fuzz: $1: runs $execs, exec/s $speed, edges $edges, crashes $crashes ($reporting of $jobs" \
    "jobs reporting)" >&2
}

# afl-fuzz 4.04c may leave the CMPLOG fork server's persistent child behind when it exits,
# stopped and orphaned: end whatever still has one of this run's test case files as stdin.
end_orphans() {
  local proc
  for proc in /proc/[0-9]*; do
    if [[ "$(readlink "$proc/fd/0" 2>/dev/null)" == "$out/afl/"* ]]; then
      kill -KILL "${proc#/proc/}" 2>/dev/null || true
    fi
  done
}

run_afl() {
  local build i name f e status=0 started startup_class
  if [ -z "$binary" ]; then
    build=$(build_dir_for afl)
    ensure_built "$build" afl "${target}_fuzzer" "${target}_replay"
    binary=$build/${target}_fuzzer
    replay=$build/${target}_replay
    build=$(build_dir_for afl-cmplog)
    ensure_built "$build" afl-cmplog "${target}_fuzzer"
    cmplog=$build/${target}_fuzzer
  fi
  copy_seeds "$out/seeds"
  mkdir -p "$out/afl" "$out/logs"

  # libAFLDriver runs the 4-byte input "##SI" in every process before the first test case:
  # if that input diverges, every test case crashes and afl-fuzz cannot start. It is a crash.
  mkdir -p "$out/crashes"
  printf '##SI' >"$out/crashes/afl-driver-startup-input"
  startup_class=$(crash_class "$replay" "$out/crashes/afl-driver-startup-input")
  if [ "$startup_class" != none ]; then
    echo "fuzz: the input AFL++'s driver runs at start-up ('##SI') diverges: AFL++ cannot fuzz" \
      "until that is fixed (libFuzzer can)" >&2
    runs=0 exec_per_sec=0 coverage="none (not started)" corpus_size=0
    crash_files=$out/crashes/afl-driver-startup-input
    return
  fi
  rm -r "$out/crashes"

  # Non-interactive: no UI, no CPU-governor or core_pattern prompts, no CPU pinning (the
  # machine may be shared); afl-fuzz sets the sanitizer options it needs itself.
  export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
  export AFL_NO_AFFINITY=${AFL_NO_AFFINITY:-1}
  case "$out" in /tmp/*|/var/tmp/*) export AFL_ALLOW_TMP=1 ;; esac
  unset ASAN_OPTIONS UBSAN_OPTIONS MSAN_OPTIONS
  # The progress lines' live figures: each instance (banner -T: its name) sends its own to the
  # listener's port every second.
  mkdir -p "$out/live"
  python3 "$repo/scripts/lib/afl_statsd.py" "$out/live" >"$out/logs/statsd.port" \
    2>"$out/logs/statsd.log" &
  statsd_pid=$!
  trap 'kill "$statsd_pid" 2>/dev/null || true' EXIT
  for ((i = 0; i < 50; i++)); do
    [ ! -s "$out/logs/statsd.port" ] || break
    kill -0 "$statsd_pid" 2>/dev/null || die_usage "the StatsD listener did not start: $(cat "$out/logs/statsd.log")"
    sleep 0.1
  done
  export AFL_STATSD=1 AFL_STATSD_TAGS_FLAVOR=dogstatsd AFL_STATSD_PORT
  AFL_STATSD_PORT=$(cat "$out/logs/statsd.port")
  [ -n "$AFL_STATSD_PORT" ] || die_usage "the StatsD listener named no port"
  echo "fuzz: AFL++, $target, 1 main + $((jobs - 1)) secondaries, $seconds s; logs: $out/logs" >&2
  for ((i = 0; i < jobs; i++)); do
    if [ "$i" -eq 0 ]; then
      name=main
      set -- -M main ${cmplog:+-c "$cmplog"}
    else
      name=secondary-$i
      set -- -S "$name"
    fi
    afl-fuzz "$@" -T "$name" -i "$out/seeds" -o "$out/afl" -V "$seconds" -t "$((case_seconds * 1000))" \
      ${dict:+-x "$dict"} \
      -- "$binary" >"$out/logs/$name.log" 2>&1 &
    pids+=($!)
  done

  started=$SECONDS
  local next=$progress_every alive pid
  while :; do
    alive=0
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null && alive=1
    done
    [ "$alive" -eq 1 ] || break
    sleep 1 &
    wait $! || true
    if ((SECONDS - started >= next)); then
      afl_progress "$((SECONDS - started)) s"
      next=$((next + progress_every))
    fi
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || status=$?
  done
  end_orphans
  kill "$statsd_pid" 2>/dev/null || true
  if [ ! -f "$out/afl/main/fuzzer_stats" ]; then
    tail -n 30 "$out/logs/main.log" >&2
    die_usage "afl-fuzz did not run (exit $status); log: $out/logs/main.log"
  fi

  runs=0
  exec_per_sec=0
  local edges=0 total=0 bitmap="" stability="" s
  for f in "$out"/afl/*/fuzzer_stats; do
    runs=$((runs + $(afl_stat "$f" execs_done)))
    exec_per_sec=$((exec_per_sec + $(afl_stat "$f" execs_per_sec | cut -d. -f1)))
    e=$(afl_stat "$f" edges_found)
    if [ "$e" -ge "$edges" ]; then
      edges=$e
      total=$(afl_stat "$f" total_edges)
      bitmap=$(afl_stat "$f" bitmap_cvg)
    fi
    s=$(afl_stat "$f" stability)
    # The lowest stability of any instance is the one to report.
    if [ -z "$stability" ] || [ "${s%.*}" -lt "${stability%.*}" ]; then
      stability=$s
    fi
  done
  coverage="edges $edges/$total (bitmap $bitmap), stability $stability"
  corpus_size=$(afl_stat "$out/afl/main/fuzzer_stats" corpus_count)
  crash_files=$(find "$out/afl" \( -path '*/crashes/id:*' -o -path '*/hangs/id:*' \) -type f | sort)
}

crash_files=""
"run_$engine"
trap - INT TERM

# The summary goes to stdout and to summary.txt, written by the shell itself: a line for each
# crash, and a fork (tee's, tr's) costs about what the replay that classified the crash does.
say() {
  echo "$*"
  echo "$*" >>"$out/summary.txt"
}

mkdir -p "$out/reports"
: >"$out/summary.txt"
say "summary: $target, $engine, $jobs jobs, $seconds s$( ((stopped == 0)) || echo ", interrupted")"
say "summary: runs $runs, exec/s $exec_per_sec, coverage: $coverage, corpus $corpus_size inputs"
classes=()
while IFS= read -r crash; do
  [ -n "$crash" ] || continue
  report=${crash#"$out"/}
  report=$out/reports/${report//\//_}.txt
  class=$(CRASH_LOG=$report crash_class "$replay" "$crash")
  # A hang AFL++ saw that the replay finished within the limit: AFL++'s verdict stands, said so.
  if [[ "$crash" == */hangs/id:* && "$class" == none ]]; then
    class="timeout (under AFL++ only: the replay finished within ${case_seconds} s)"
  fi
  classes+=("$class")
  say "crash: $crash: ${classes[-1]}"
done <<<"$crash_files"
if [ ${#classes[@]} -eq 0 ]; then
  say "summary: no crash; results in $out"
  exit 0
fi
by_class=$(printf '%s\n' "${classes[@]}" | sort | uniq -c | sort -rn |
  awk '{ n = $1; $1 = ""; printf "%s%d%s", sep, n, $0; sep = ", " }')
say "summary: crashes ${#classes[@]} ($by_class); their reports in $out/reports; results in $out"
exit 1
