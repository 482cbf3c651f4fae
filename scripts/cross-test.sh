#!/usr/bin/env bash
# The word-size and byte-order matrix, one leg per CMake preset of the same name (leg_table below
# says what each covers).  The i386 leg runs natively where the kernel runs 32-bit programs, and
# i386-qemu in its place where it does not; after a native i386 leg, i386-qemu runs too, so every
# host proves the fallback.
# Each leg is built once per STRSCPY_MODE, the three side by side, the aligned and bytes builds
# linking the unaligned build's harness (it does not depend on the mode).  The unaligned build runs
# every test of code built for the target (labels unit, sweep, replay, selftest: the unit
# tests and the planted-bug self-test cover all three modes by themselves; not
# the ossfuzz and scripts tests, which build and run host tools, nor the variants' race
# and fuzz tests: see excluded_tests); the aligned
# and bytes builds run what STRSCPY_MODE changes (label mode: the sweeps, the replay of
# the corpus, and that mode's unit test, which the unaligned build then leaves to them).  A
# leg whose packages are missing (and cannot be installed: not root) is skipped, and said so.
# Each build's ctest output goes to LOGS/<preset>/<mode>.log, shown when the leg ends; while it
# runs, a progress line every STRSCPY_PROGRESS_SECONDS s (default 30; 0: none).
#
# Usage: scripts/cross-test.sh [-B BUILD_ROOT] [--logs LOGS] [--list] [--setup] [LEG...]
#   -B BUILD_ROOT  where the builds go (default: build/cross; one folder per leg and mode)
#   --logs LOGS    where the ctest logs go (default: a temporary folder, removed at the end)
#   --list         print the legs of the default matrix, "LEG: what it covers", and exit
#   --setup        install the packages the legs need, and exit
#   LEG...         legs to run (default: i386, s390x, powerpc); i386-qemu is a leg too
# Environment: CROSS_TEST_REQUIRE_ALL=1 turns a skipped leg into a failure (CI sets it).
#              STRSCPY_I386_NATIVE=0 makes the probe answer "no": the i386 leg then runs under
#              qemu-i386, as on a host without 32-bit execution.
# Exit: 0 every leg that ran passed; 1 a leg failed (or was skipped under
#       CROSS_TEST_REQUIRE_ALL=1); 2 usage.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
cd "$repo"

# LEG:what it covers.  The default matrix is every leg but i386-qemu (the i386 leg runs it when
# it has to, or after a native i386 leg).
leg_table=(
  'i386:32-bit little-endian: clang -m32, ASan + UBSan, native (a host that cannot run 32-bit programs: qemu-i386, UBSan only)'
  'i386-qemu:32-bit little-endian under qemu-i386, UBSan only (ASan under qemu does not finish)'
  's390x:64-bit big-endian: gcc cross build under qemu-s390x, UBSan'
  'powerpc:32-bit big-endian: gcc cross build under qemu-ppc, UBSan (trapping)'
)
known_legs=("${leg_table[@]%%:*}")
all_legs=()
for leg in "${known_legs[@]}"; do [ "$leg" = i386-qemu ] || all_legs+=("$leg"); done
modes=(unaligned aligned bytes)
# What runs on the target: the unit tests, sweeps, replays and the self-test, but not the
# self-test's check-impl.* tests, which build and run scripts/check-impl.sh on the host, nor the
# variants' race sweeps and fuzz runs: under an emulator they cost minutes each, and the host
# builds run them; the variants' contract sweeps stay, to prove no false alarm on each platform.
all_labels="^(unit|sweep|replay|selftest)$"
excluded_tests="^(check-impl[.]|variant[.].*[.](race[.].*|fuzzer)$)"
# What STRSCPY_MODE changes (CMakeLists.txt, label mode), and the target that builds just that.
mode_labels="^mode$"
mode_target=mode_tools
# Each other mode's unit test runs in that mode's own build (label mode), not again here.
other_mode_units="^unit[.]($(IFS='|'; echo "${modes[*]:1}"))$"
# Tests with a watchdog or a time limit (label watchdog) run after the three builds' tests, on
# their own: three ctests side by side load the machine more than one ctest -j"$(nproc)" does.
serial_label="^watchdog$"
serial_selection=(-L "$all_labels" -L "$serial_label" -E "$excluded_tests")

not_installed() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

build_root=build/cross
logs=""
list=0
setup_only=0
parse_args -B=build_root --logs=logs --list:list=1 --setup:setup_only=1 -- "$@"
if [ "$list" -eq 1 ]; then
  for entry in "${leg_table[@]}"; do
    [[ " ${all_legs[*]} " == *" ${entry%%:*} "* ]] && echo "$entry"
  done
  exit 0
fi
legs=("${operands[@]}")
[ ${#legs[@]} -ne 0 ] || legs=("${all_legs[@]}")
for leg in "${legs[@]}"; do
  [[ " ${known_legs[*]} " == *" $leg "* ]] || { echo "cross-test: unknown leg '$leg'" >&2; usage; }
done

# Install what is missing when we can; a leg that still lacks a package is skipped below.
# shellcheck disable=SC2046
scripts/setup.sh $(for leg in "${legs[@]}"; do leg_packages "$leg"; done) ||
  echo "cross-test: could not install every package; legs that lack one are skipped"
[ "$setup_only" -eq 0 ] || exit 0
if [ -z "$logs" ]; then
  logs=$(mktemp -d)
  trap 'rm -rf "$logs"' EXIT
fi
mkdir -p "$logs"

jobs=$(nproc)
# run_build LEG MODE LOG: configure one mode's build of a leg, count its tests (log_test_count),
# build (ensure_built: a failure shows the build's errors), then run its ctest, but for the label
# serial_label (counted here too, run by run_leg); the output goes to LOG.  The default mode runs
# all_labels and builds what those tests use (test_targets), the others build only the tools
# mode_labels run, and run those.
run_build() {
  local leg=$1 mode=$2 log=$3 dir=$build_root/$1-$2 selection targets settings
  mode_settings "$leg" "$mode"
  if [ "$mode" = unaligned ]; then
    selection=(-L "$all_labels" -LE "$serial_label" -E "$excluded_tests|$other_mode_units")
  else
    selection=(-L "$mode_labels" -LE "$serial_label")
  fi
  echo "== $leg, STRSCPY_MODE=$mode (labels ${selection[1]})" >"$log"
  (ensure_built "$dir" "$leg" "${settings[@]}") >>"$log" 2>&1 || return 1
  log_test_count "$log" --test-dir "$dir" "${selection[@]}"
  if [ "$mode" = unaligned ]; then
    log_test_count "$log" --test-dir "$dir" "${serial_selection[@]}"
    targets=$(test_targets "$dir" -L "$all_labels" -E "$excluded_tests|$other_mode_units")
  else
    targets=$mode_target
  fi
  # shellcheck disable=SC2086 # targets: one a word
  (ensure_built "$dir" "$leg" "${settings[@]}" $targets) >>"$log" 2>&1 &&
    ctest --test-dir "$dir" -j"$jobs" --output-on-failure "${selection[@]}" >>"$log" 2>&1
}

# mode_settings LEG MODE: sets the caller's settings to the CMake settings of LEG's build of MODE.
# The harness does not depend on STRSCPY_MODE: the other modes link the default mode's
# (STRSCPY_HARNESS_FROM).
mode_settings() {
  settings=(-DSTRSCPY_MODE="$2" -DSTRSCPY_WERROR=ON)
  [ "$2" = "${modes[0]}" ] ||
    settings+=(-DSTRSCPY_HARNESS_FROM="$(cd "$build_root/$1-${modes[0]}" && pwd)")
}

# run_leg PRESET: the default mode's harness first, on every core; then the three modes' builds
# side by side, their logs (in $logs/PRESET) shown in order when they end (one after the other, a
# core idled through each configure, each serial link step and each ctest's long last test); then
# the watchdog tests, alone.  modes[0], the default mode, is the full build.
run_leg() {
  local preset=$1 mode ok=1 pids=() i dir=$build_root/$1-${modes[0]} leg_logs=$logs/$1 settings
  rm -rf "$leg_logs"
  mkdir -p "$leg_logs"
  mode_settings "$preset" "${modes[0]}"
  if ! (ensure_built "$dir" "$preset" "${settings[@]}" && shared_harness "$dir") \
    >"$leg_logs/harness.log" 2>&1; then
    cat "$leg_logs/harness.log"
    return 1
  fi
  for mode in "${modes[@]}"; do
    run_build "$preset" "$mode" "$leg_logs/$mode.log" &
    pids+=($!)
  done
  for i in "${!modes[@]}"; do
    wait "${pids[i]}" || ok=0
    cat "$leg_logs/${modes[i]}.log"
  done
  echo "== $preset, STRSCPY_MODE=${modes[0]} (labels $serial_label, alone)" >"$leg_logs/alone.log"
  ctest --test-dir "$dir" -j"$jobs" --output-on-failure "${serial_selection[@]}" --no-tests=ignore \
    >>"$leg_logs/alone.log" 2>&1 || ok=0
  cat "$leg_logs/alone.log"
  [ "$ok" -eq 1 ]
}

# Does this host run a 32-bit x86 program itself?  Sets i386_why when it does not: a kernel built
# without IA32 emulation refuses with "Exec format error".
i386_why=""
i386_runs_natively() {
  local dir
  if [ "${STRSCPY_I386_NATIVE:-}" = 0 ]; then
    i386_why="native execution forced off (STRSCPY_I386_NATIVE=0)"
    return 1
  fi
  dir=$(mktemp -d)
  if printf 'int main(void) { return 0; }\n' | clang -m32 -x c - -o "$dir/probe" 2>"$dir/log" &&
    ("$dir/probe") 2>>"$dir/log"; then
    rm -rf "$dir"
    return 0
  fi
  i386_why="this host cannot run i386 programs: $(tail -n 1 "$dir/log" | sed 's/^.*: //')"
  rm -rf "$dir"
  return 1
}

# The preset a leg builds with, and the line that says how it runs.  The i386 probe runs once.
i386_preset=""
resolve_leg() {
  case "$1" in
  i386)
    if [ -z "$i386_preset" ]; then
      if i386_runs_natively; then i386_preset=i386; else i386_preset=i386-qemu; fi
    fi
    preset=$i386_preset
    if [ "$preset" = i386 ]; then
      how="native, ASan + UBSan"
    else
      how="qemu-i386, UBSan only ($i386_why)"
    fi
    ;;
  i386-qemu) preset=i386-qemu how="qemu-i386, UBSan only (the fallback, proven on this host too)" ;;
  s390x) preset=s390x how="qemu-s390x, UBSan" ;;
  powerpc) preset=powerpc how="qemu-ppc, UBSan (trapping)" ;;
  esac
}

passed=() failed=() skipped=()
for ((i = 0; i < ${#legs[@]}; i++)); do
  leg=${legs[i]}
  # shellcheck disable=SC2046
  missing=$(not_installed $(leg_packages "$leg") | xargs)
  if [ -n "$missing" ]; then
    echo "cross-test: SKIPPED $leg: not installed: $missing (as root: scripts/setup.sh $missing)"
    skipped+=("$leg (missing $missing)")
    continue
  fi
  if [ "$leg" = i386-qemu ] && [ "$i386_preset" = i386-qemu ]; then
    echo "cross-test: i386-qemu: the i386 leg already ran under qemu-i386"
    continue
  fi
  resolve_leg "$leg"
  # A native i386 leg leaves the qemu path unproven: the full matrix runs that too.
  if [ "$leg" = i386 ] && [ "$preset" = i386 ] && [[ " ${legs[*]} " != *" i386-qemu "* ]]; then
    legs+=(i386-qemu)
  fi
  echo "$leg: $how"
  start=$SECONDS
  ok=1
  start_progress "$leg" "$logs/$preset"
  run_leg "$preset" || ok=0
  stop_progress
  echo "cross-test: $leg ($preset): $((SECONDS - start)) s"
  if [ $ok -eq 1 ]; then passed+=("$leg ($preset)"); else failed+=("$leg ($preset)"); fi
done

echo "cross-test: passed: ${passed[*]:-none}"
for leg in "${skipped[@]}"; do echo "cross-test: SKIPPED: $leg"; done
if [ ${#failed[@]} -ne 0 ]; then
  echo "cross-test: FAILED: ${failed[*]}" >&2
  exit 1
fi
if [ ${#skipped[@]} -ne 0 ] && [ "${CROSS_TEST_REQUIRE_ALL:-0}" = 1 ]; then
  echo "cross-test: legs skipped, and CROSS_TEST_REQUIRE_ALL=1" >&2
  exit 1
fi
