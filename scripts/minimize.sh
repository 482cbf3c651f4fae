#!/usr/bin/env bash
# Minimize a crash and check the smaller input still crashes the same way.
# Usage: scripts/minimize.sh CRASH [--target T] [--binary FUZZER] [--engine libfuzzer|afl]
#                            [--replay REPLAY] [--runs N]
#   --target  a target of corpus/targets.list (default: from a fuzz.sh results path, else strscpy)
#   --engine  how to minimize: libfuzzer (-minimize_crash=1) or afl (afl-tmin); default afl
#             for AFL++ crash files (.../crashes/id:...), libfuzzer otherwise
#   --binary  the fuzz target to minimize with (default: <target>_fuzzer of the preset the
#             engine fuzzes with, asan-ubsan or afl, in $STRSCPY_BUILD_ROOT/<preset>, built
#             when missing)
#   --replay  the replay binary that tells the class (default: <target>_replay beside FUZZER)
#   --runs    libFuzzer's budget per minimization step (default 100000)
# The class is the "==strscpy-fuzz== DIVERGENCE: <class>" line, or for a sanitizer report its
# error kind and top frame. The result goes beside CRASH as CRASH.min only when its class is
# CRASH's class.
# Exit: 0 CRASH.min written, same class; 1 CRASH does not crash, or the minimized input crashes
# differently or not at all (class drift: nothing written); 2 usage, set-up or build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

target=""
binary=""
replay=""
engine=""
runs=100000
parse_args --target=target --binary=binary --replay=replay --engine=engine --runs=runs -- "$@"
[ ${#operands[@]} -eq 1 ] || usage
crash=${operands[0]}
[ -f "$crash" ] || die_usage "no such file: $crash"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die_usage "--runs wants a positive number, not '$runs'"
check_case_seconds
crash=$(cd "$(dirname "$crash")" && pwd)/$(basename "$crash")

if [ -z "$target" ]; then
  # fuzz.sh names its results <target>-<engine>-<time>.
  target=$(sed -nE 's@.*/([a-z_]+)-(libfuzzer|afl)-[^/]*/.*@\1@p' <<<"$crash")
  target=${target:-strscpy}
fi
check_target "$target"
if [ -z "$engine" ]; then
  case "$crash" in
    */crashes/id:*) engine=afl ;;
    *) engine=libfuzzer ;;
  esac
fi
case "$engine" in
  libfuzzer) preset=asan-ubsan ;;
  afl) preset=afl ;;
  *) die_usage "unknown engine '$engine'" ;;
esac

if [ -z "$binary" ]; then
  if [ "$engine" = afl ]; then
    "$repo/scripts/setup.sh" afl++ || die_usage "set-up failed"
  else
    "$repo/scripts/setup.sh" || die_usage "set-up failed"
  fi
  dir=$(build_dir_for "$preset")
  ensure_built "$dir" "$preset" "${target}_fuzzer" "${target}_replay"
  binary=$dir/${target}_fuzzer
fi
[ -x "$binary" ] || die_usage "no fuzz target at $binary"
replay=${replay:-$(dirname "$binary")/${target}_replay}
[ -x "$replay" ] || die_usage "no replay binary at $replay to tell the class"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

class=$(crash_class "$replay" "$crash")
if [ "$class" = none ]; then
  echo "minimize: $crash does not crash $replay" >&2
  exit 1
fi
echo "minimize: $crash: $(stat -c %s "$crash") bytes, class $class; minimizing with $engine" >&2

if [ "$engine" = afl ]; then
  case "$work" in /tmp/*|/var/tmp/*) export AFL_ALLOW_TMP=1 ;; esac
  unset ASAN_OPTIONS UBSAN_OPTIONS MSAN_OPTIONS
  AFL_SKIP_CPUFREQ=1 afl-tmin -t "$((case_seconds * 1000))" -i "$crash" -o "$work/min" -- "$binary" >"$work/log" 2>&1 ||
    { cat "$work/log" >&2; die_usage "afl-tmin failed"; }
else
  # Each step keeps the sanitizer's dedup token, so libFuzzer itself avoids most drift.
  status=0
  (cd "$work" && "$binary" -minimize_crash=1 -runs="$runs" -timeout="$case_seconds" \
      -artifact_prefix="$work/" -exact_artifact_path="$work/min" "$crash") >"$work/log" 2>&1 ||
    status=$?
  if [ ! -f "$work/min" ]; then
    tail -n 20 "$work/log" >&2
    if why=$(harness_setup_error "$binary" "$status" "$work/log"); then
      die_usage "set-up error, not a divergence: $why"
    fi
    die_usage "libFuzzer wrote no minimized input"
  fi
fi

min_class=$(crash_class "$replay" "$work/min")
if [ "$min_class" != "$class" ]; then
  echo "minimize: the smaller input ($(stat -c %s "$work/min") bytes) gives '$min_class'," \
    "not '$class': drifted to another bug, nothing written" >&2
  exit 1
fi
cp "$work/min" "$crash.min"
echo "minimize: $crash.min: $(stat -c %s "$crash.min") bytes (from $(stat -c %s "$crash")), same class $class"
