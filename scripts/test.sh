#!/usr/bin/env bash
# Set up, build and run every test (or the legs named); exits non-zero on any failure.
# Usage: scripts/test.sh [--legs LEG[,LEG...]] [--list]
#   --legs  run these legs only (default: every leg)
#   --list  print the legs (with --legs: those), "LEG: what it covers", and exit
# Two lanes run side by side, each taking the next leg from one queue, the longest first (the
# cross legs are scripts/cross-test.sh's: other word sizes and byte orders).  Each leg's
# output goes to build/test-logs/LEG.log, printed when the leg fails; while legs run, a progress
# line for each every STRSCPY_PROGRESS_SECONDS s (default 30); at the end, a table of the legs'
# wall and CPU times, and the five slowest tests.
# Exit: 0 every leg passed; 1 a leg failed or did not build; 2 usage.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
selected=""
list=0
parse_args --legs=selected --list:list=1 -- "$@"
[ ${#operands[@]} -eq 0 ] || usage
cd "$repo"

# The host legs, LEG:LABELS:TARGETS:HARNESS:what it covers.  LEG is the preset; it runs the tests
# of LABELS (none: all), and builds TARGETS for that (none: the ones the tests of those labels
# use, test_targets), linking the harness of leg HARNESS's tree (none: its own) where the two
# presets compile it alike (STRSCPY_HARNESS_FROM: the mode presets are asan-ubsan's, another
# STRSCPY_MODE).  The default fuzzing build runs everything (the selftest label included: the
# planted-bug catalogue, the variants, check-impl.sh); the other sanitizer builds run the unit
# tests and the sweeps, and msan the planted bugs only MSan can catch (msan-selftest).  The mode
# builds run what their STRSCPY_MODE changes (label mode: the sweeps, replays and unit test of
# that mode; the rest is the same code as in asan-ubsan) and build only that (target mode_tools).
# The functions STRSCPY_MODE does not build (label family: strlcpy, strncpy...) are swept and
# replayed in the two sanitizer builds only.  The bench build runs the benchmarks' smoke test
# last: it reuses the debug, asan-ubsan and msan trees.
host_legs=(
  'asan-ubsan::all::ASan + UBSan: every test (unit, sweeps, replays, planted bugs, variants, scripts, OSS-Fuzz)'
  'msan:unit|sweep|family|msan-selftest:::MSan: unit tests, sweeps, replays of the family, bugs only MSan catches'
  'mode-aligned:^mode$:mode_tools:asan-ubsan:STRSCPY_MODE=aligned: its sweeps, replays and unit test'
  'mode-bytes:^mode$:mode_tools:asan-ubsan:STRSCPY_MODE=bytes: its sweeps, replays and unit test'
  'debug:unit|sweep:::no sanitizer, -O0: unit tests and sweeps'
  'bench:bench:all::the benchmarks'"'"' smoke test (reuses the debug, asan-ubsan and msan trees)'
)
# The cross legs, LEG:what it covers, as scripts/cross-test.sh names them.
mapfile -t cross_legs < <(scripts/cross-test.sh --list)
all_legs=()
for entry in "${host_legs[@]}"; do all_legs+=("${entry%%:*}"); done
for entry in "${cross_legs[@]}"; do all_legs+=("${entry%%:*}"); done

# list_legs LEG...: "LEG: what it covers", a line each.
list_legs() {
  local leg entry
  for leg in "$@"; do
    for entry in "${host_legs[@]}"; do
      [ "${entry%%:*}" = "$leg" ] || continue
      IFS=: read -r _ _ _ _ covers <<<"$entry"
      echo "$leg: $covers"
    done
    for entry in "${cross_legs[@]}"; do
      [ "${entry%%:*}" != "$leg" ] || echo "$leg: ${entry#*:} (scripts/cross-test.sh)"
    done
  done
}

legs=("${all_legs[@]}")
if [ -n "$selected" ]; then
  IFS=, read -ra legs <<<"$selected"
  for leg in "${legs[@]}"; do
    if [[ " ${all_legs[*]} " != *" $leg "* ]]; then
      echo "test: unknown leg '$leg'; the legs:" >&2
      list_legs "${all_legs[@]}" >&2
      exit 2
    fi
  done
fi
if [ "$list" -eq 1 ]; then
  list_legs "${legs[@]}"
  exit 0
fi
is_selected() {
  [[ " ${legs[*]} " == *" $1 "* ]]
}

log_dir=$repo/build/test-logs
mkdir -p "$log_dir"

# What building needs, now; what only the tests need, in the background while the first host
# leg builds (a download and dpkg's work, not CPU).  The OSS-Fuzz check and the CI fuzzing job
# (label ossfuzz) need zip, unzip, binutils and python3-yaml; the scripts' tests (label scripts)
# need afl++, gdb, valgrind and Debian's kernel source (check-kernel.sh); the cross legs their
# compilers and qemu, in the same background job: two apt-get runs at once would fight over
# dpkg's lock.  Each leg waits for it (await_setup) before it runs a test.
scripts/setup.sh
selected_cross=()
for entry in "${cross_legs[@]}"; do
  is_selected "${entry%%:*}" && selected_cross+=("${entry%%:*}")
done
setup_status=$log_dir/setup.status
rm -f "$setup_status"
(
  code=0
  { scripts/setup.sh zip unzip binutils afl++ python3-yaml gdb valgrind linux-source-6.12 &&
    { [ ${#selected_cross[@]} -eq 0 ] || scripts/cross-test.sh --setup "${selected_cross[@]}"; }
  } >"$log_dir/setup.log" 2>&1 || code=$?
  echo "$code" >"$setup_status"
) &
setup_pid=$!

# await_setup: wait for the background installs; 1, with their log, when they failed.
await_setup() {
  while [ ! -s "$setup_status" ]; do sleep 1; done
  [ "$(cat "$setup_status")" -eq 0 ] && return 0
  echo "test: installing the tests' packages failed; $log_dir/setup.log:" >&2
  cat "$log_dir/setup.log" >&2
  return 1
}

# host_settings PRESET: sets the caller's settings to the CMake settings of PRESET's leg.  Only
# the asan-ubsan and msan legs run the planted-bug catalogue: the others skip building it.
host_settings() {
  local selftest=OFF
  case $1 in asan-ubsan|msan) selftest=ON ;; esac
  settings=(-DSTRSCPY_WERROR=ON "-DSTRSCPY_SELF_TEST=$selftest")
}

# run_host_leg LEG LABELS TARGETS HARNESS LOG: build and run one host leg, its output in LOG.
run_host_leg() {
  local preset=$1 labels=$2 targets=$3 harness=$4 log=$5 settings dir
  echo "== $preset${labels:+ (labels: $labels)}" >"$log"
  if [ -n "$harness" ]; then
    host_settings "$harness"
    dir=$repo/build/$harness
    (ensure_built "$dir" "$harness" "${settings[@]}" && shared_harness "$dir") >>"$log" 2>&1 ||
      return 1
  fi
  host_settings "$preset"
  [ -z "$harness" ] || settings+=("-DSTRSCPY_HARNESS_FROM=$dir")
  # In the preset's own tree (build/<preset>), where ctest --preset looks.
  dir=$repo/build/$preset
  (ensure_built "$dir" "$preset" "${settings[@]}") >>"$log" 2>&1 || return 1
  log_test_count "$log" --preset "$preset" ${labels:+-L "$labels"}
  [ -n "$targets" ] || targets=$(test_targets "$dir" -L "$labels")
  # shellcheck disable=SC2086 # targets: one a word
  (ensure_built "$dir" "$preset" "${settings[@]}" $targets) >>"$log" 2>&1 || return 1
  await_setup 2>>"$log" || return 1
  ctest --preset "$preset" -j"$(nproc)" ${labels:+-L "$labels"} >>"$log" 2>&1
}

is_host_leg() {
  local entry
  for entry in "${host_legs[@]}"; do [ "${entry%%:*}" != "$1" ] || return 0; done
  return 1
}

# leg_command LEG LOG: run LEG, its output in LOG; a cross leg's ctest logs in log_dir/LEG/.
leg_command() {
  local entry labels targets harness
  for entry in "${host_legs[@]}"; do
    [ "${entry%%:*}" = "$1" ] || continue
    IFS=: read -r _ labels targets harness _ <<<"$entry"
    run_host_leg "$1" "$labels" "$targets" "$harness" "$2"
    return
  done
  await_setup 2>"$2" || return 1
  STRSCPY_PROGRESS_SECONDS=0 scripts/cross-test.sh --logs "$log_dir/$1" "$1" >>"$2" 2>&1
}

# The ctest logs of LEG, whose lines count its tests: a cross leg's LEG.log repeats them.
ctest_logs() {
  if is_host_leg "$1"; then echo "$log_dir/$1.log"; else echo "$log_dir/$1"; fi
}

# run_leg LEG: one leg, with progress lines while it runs; then log_dir/LEG.result holds
# "STATUS WALL CPU" (seconds; CPU: the user + system time of everything it ran).
run_leg() {
  local leg=$1 log=$log_dir/$1.log status=0 start
  rm -rf "${log:?}" "${log_dir:?}/$leg" "$log_dir/$leg.result" "$log_dir/$leg.times"
  start=$(date +%s)
  start_progress "$leg" "$(ctest_logs "$leg")"
  # times: the subshell's user and system time, then its children's ("0m1.500s 0m0.250s"); not
  # in a pipe, whose subshell would have no children.
  (
    code=0
    leg_command "$leg" "$log" || code=$?
    times >"$log_dir/$leg.times"
    exit "$code"
  ) || status=$?
  stop_progress
  echo "$status $(($(date +%s) - start)) $(tail -n 1 "$log_dir/$leg.times" |
    awk '{ gsub(/[ms]/, " "); print int($1 * 60 + $2 + $3 * 60 + $4 + 0.5) }')" >"$log_dir/$leg.result"
  if [ "$status" -eq 0 ]; then
    echo "test: $leg passed"
  else
    echo "test: $leg FAILED; its log, $log:"
    cat "$log"
  fi
}

# Two lanes take the legs from one queue, each the next leg when it is free: the longest legs
# first (the first host leg, asan-ubsan, then the cross legs, each of which runs its three
# builds side by side, then the other host legs in order), so that neither lane idles while the
# other works through a list of its own.  The bench leg reuses the debug, asan-ubsan and msan
# trees (and configures them its own way): it is last, and waits for those legs to end, and for
# the legs that link asan-ubsan's harness.
queue=()
for leg in "${host_legs[0]}" "${cross_legs[@]}" "${host_legs[@]:1}"; do
  leg=${leg%%:*}
  is_selected "$leg" || continue
  queue+=("$leg")
  rm -f "$log_dir/$leg.result"
done
queue_next=$log_dir/queue.next
echo 0 >"$queue_next"
declare -A waits_for=([bench]="debug asan-ubsan msan mode-aligned mode-bytes")

# await_legs LEG...: until each selected one has a result.
await_legs() {
  local leg
  for leg in "$@"; do
    is_selected "$leg" || continue
    while [ ! -s "$log_dir/$leg.result" ]; do sleep 1; done
  done
}

# lane: run the queue's legs, one at a time, until it is empty.
lane() {
  local lock next
  while :; do
    exec {lock}>"$queue_next.lock"
    flock "$lock"
    next=$(cat "$queue_next")
    echo $((next + 1)) >"$queue_next"
    exec {lock}>&-
    [ "$next" -lt ${#queue[@]} ] || return 0
    # shellcheck disable=SC2086 # a list of legs
    await_legs ${waits_for[${queue[next]}]:-}
    run_leg "${queue[next]}"
  done
}
started=$(date +%s)
lane &
lane_pid=$!
lane
wait "$lane_pid"
wait "$setup_pid"

# The table of the legs, and the five slowest tests, from ctest's lines ("... Passed  12.34 sec").
echo "test: leg            result    wall s    CPU s"
failed=() cpu_total=0
for leg in "${legs[@]}"; do
  read -r status wall cpu <"$log_dir/$leg.result"
  result=passed
  [ "$status" -eq 0 ] || { result=FAILED; failed+=("$leg"); }
  printf 'test: %-14s %-6s %9s %8s\n' "$leg" "$result" "$wall" "$cpu"
  cpu_total=$((cpu_total + cpu))
done
printf 'test: %-14s %-6s %9s %8s\n' "all (2 lanes)" "" "$(($(date +%s) - started))" "$cpu_total"
echo "test: the five slowest tests:"
for leg in "${legs[@]}"; do
  # A cross leg's logs are <preset>/<mode>.log: the build they ran in, build/cross/<preset>-<mode>.
  while IFS= read -r log; do
    where=$leg
    is_host_leg "$leg" || where=$(basename "$(dirname "$log")")-$(basename "$log" .log)
    sed -nE "s|$ctest_finished_re*([^ ]+) .* ([0-9.]+) sec\$|\2 $where \1|p" "$log"
  done < <(find "$(ctest_logs "$leg")" -name '*.log')
# awk reads it all: head, leaving early, would end sort by SIGPIPE, a failure under pipefail.
done | sort -rn | awk 'NR <= 5 { printf "test: %8.1f s  %s  %s\n", $1, $2, $3 }'

if [ ${#failed[@]} -ne 0 ]; then
  echo "test: FAILED in: ${failed[*]}" >&2
  exit 1
fi
echo "test: all legs passed"
