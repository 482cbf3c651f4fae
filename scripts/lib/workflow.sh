# shellcheck shell=bash
# Sourced by scripts/fuzz.sh, minimize.sh, replay.sh and coverage.sh: finding the
# targets, bringing a preset's build up to date, and naming the class of a crash.
#
# Environment: STRSCPY_BUILD_ROOT  where preset builds go (default build/, one folder per preset)

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Exit codes shared by the scripts: 2 is a usage, set-up or build error.
die_usage() {
  echo "$(basename "$0"): $*" >&2
  exit 2
}

known_targets() {
  local f
  for f in "$repo"/fuzz/target_*.c; do
    f=${f##*/target_}
    echo "${f%.c}"
  done
}

check_target() {
  known_targets | grep -qx -- "$1" ||
    die_usage "unknown target '$1' (targets: $(known_targets | tr '\n' ' '))"
}

build_dir_for() {
  echo "${STRSCPY_BUILD_ROOT:-$repo/build}/$1"
}

# ensure_built DIR PRESET [-DVAR=VALUE...] TARGET...: configure DIR from PRESET (and the -D
# settings) the first time, then bring the targets up to date. A lock on DIR keeps two scripts
# (or two tests) from configuring or building one folder at once.
ensure_built() {
  local dir=$1 preset=$2 log settings=() lock status=0
  shift 2
  while [ $# -gt 0 ] && [[ "$1" == -D* ]]; do
    settings+=("$1")
    shift
  done
  mkdir -p "$dir"
  log=$dir/strscpy-build.log
  exec {lock}>"$dir/.strscpy-build.lock"
  flock "$lock"
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    echo "build: configuring $dir (preset $preset${settings[*]:+ ${settings[*]}})" >&2
    cmake -S "$repo" --preset "$preset" -B "$dir" "${settings[@]}" >"$log" 2>&1 || status=$?
  fi
  if [ "$status" -eq 0 ]; then
    cmake --build "$dir" -j"$(nproc)" --target "$@" >>"$log" 2>&1 || status=$?
  fi
  exec {lock}>&-
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    die_usage "building $* in $dir (preset $preset) failed; log: $log"
  fi
}

# crash_class REPLAY FILE: what running FILE does, in one word or line, on stdout:
#   none                  it runs the same as the reference
#   <class>               the harness's divergence class (==strscpy-fuzz== DIVERGENCE: <class>)
#   <Sanitizer>: <kind> in <top frame>   a sanitizer report, from its SUMMARY line
#   signal <N> / exit <N> anything else
# The replay's whole output (decoded case, report) is saved to $CRASH_LOG when it is set.
crash_class() {
  local replay=$1 file=$2 out rc=0 line
  out=$(timeout 120 "$replay" "$file" 2>&1) || rc=$?
  [ -n "${CRASH_LOG:-}" ] && printf '%s\n' "$out" >"$CRASH_LOG"
  line=$(printf '%s\n' "$out" | sed -n 's/^==strscpy-fuzz== DIVERGENCE: \([a-z-]*\).*/\1/p' | head -n1)
  if [ -n "$line" ]; then
    echo "$line"
    return
  fi
  # "SUMMARY: AddressSanitizer: heap-buffer-overflow /path/file.c:12:3 in func": the path is
  # cut to its file name; UBSan names no function, so its line stands for the frame.
  line=$(printf '%s\n' "$out" | sed -n 's/^SUMMARY: \([A-Za-z]*Sanitizer\): \([^ ]*\) \(.*\)$/\1: \2 \3/p' | head -n1)
  if [ -n "$line" ]; then
    printf '%s\n' "$line" | sed -E 's@ [^ ]*/([^/ ]+:[0-9]+)(:[0-9]+)?( in |$)@ at \1\3@; s/ in $//'
    return
  fi
  if [ "$rc" -eq 0 ]; then
    echo none
  elif [ "$rc" -gt 128 ]; then
    echo "signal $((rc - 128))"
  else
    echo "exit $rc"
  fi
}
