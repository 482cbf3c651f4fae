# shellcheck shell=bash
# Sourced by every scripts/*.sh (and tests/planted/expect_divergence.sh): the repository root,
# the usage and --help, bringing a preset's build up to date, running a harness binary, and
# naming the class of a crash.  Sourcing it only defines: it does not cd, check the environment
# or run anything but dirname, so scripts/setup.sh can source it on a machine with nothing but
# bash and coreutils.
#
# Environment: STRSCPY_BUILD_ROOT  where preset builds go (default build/, one folder per preset)
#              STRSCPY_CASE_SECONDS  time limit per case (default 5): libFuzzer's -timeout, AFL++'s
#                                    -t, the sweep's --case-seconds; past it the class is timeout
#                                    (checked by check_case_seconds, in the scripts that use it)

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# A script's usage is the part of its header (the comment block under the #! line) from the line
# that starts "# Usage:" up to the first line that is not a comment (the first command), printed
# without the leading "# " ("#" alone is an empty line).
usage_text() {
  local line on=0
  while IFS= read -r line; do
    if [ "$on" -eq 0 ]; then
      [[ "$line" == "# Usage:"* ]] || continue
      on=1
    fi
    [[ "$line" == "#"* ]] || break
    line=${line#"#"}
    printf '%s\n' "${line#" "}"
  done <"$0"
}

# help: -h or --help; the usage on stdout, exit 0.
help() {
  usage_text
  exit 0
}

# usage: a wrong option or argument; the usage on stderr, exit 2.
usage() {
  usage_text >&2
  exit 2
}

# parse_args SPEC... -- ARG...: a script's options and operands, the one way every script reads
# them.  Each SPEC is one option:
#   --name=VAR         takes a value, stored in VAR ("-X=VAR" also takes "-Xvalue")
#   --name:VAR=VALUE   a flag: sets VAR to VALUE
#   --name+=ARRAY      takes a value, appended to the array ARRAY (the option may repeat)
# -h and --help are help; any other word that starts with "-", or an option without its value, is
# a usage error.  The other words, in order, go to the array operands.
parse_args() {
  local _specs=() _spec _arg _found
  while [ "$1" != -- ]; do
    _specs+=("$1")
    shift
  done
  shift
  operands=()
  while [ $# -gt 0 ]; do
    _arg=$1 _found=0
    shift
    case "$_arg" in -h|--help) help ;; esac
    for _spec in "${_specs[@]}"; do
      if [[ "$_spec" == *+=* && "${_spec%%+=*}" = "$_arg" ]]; then
        [ $# -ge 1 ] || usage
        eval "${_spec#*+=}+=(\"\$1\")"
        shift
      elif [ "${_spec%%=*}" = "$_arg" ]; then
        [ $# -ge 1 ] || usage
        printf -v "${_spec#*=}" '%s' "$1"
        shift
      elif [[ "$_spec" == -[A-Za-z]=* && "$_arg" == "${_spec%%=*}"?* ]]; then
        printf -v "${_spec#*=}" '%s' "${_arg#"${_spec%%=*}"}"
      elif [ "${_spec%%:*}" = "$_arg" ]; then
        _spec=${_spec#*:}
        printf -v "${_spec%%=*}" '%s' "${_spec#*=}"
      else
        continue
      fi
      _found=1
      break
    done
    [ "$_found" -eq 1 ] && continue
    [[ "$_arg" != -* ]] || usage
    operands+=("$_arg")
  done
}

# Exit codes shared by the scripts: 2 is a usage, set-up or build error.
die_usage() {
  echo "$(basename "$0"): $*" >&2
  exit 2
}

# The fuzz targets, as corpus/targets.list lists them.
known_targets() {
  awk '/^[a-z]/ { print $1 }' "$corpus_table"
}

# check_target TARGET: a usage error unless TARGET is known.  grep reads a copy of the list, not a
# pipe: grep -q stops at its match, and under pipefail the writer, killed by SIGPIPE when it had a
# line left, failed the check now and then.
check_target() {
  local targets
  targets=$(known_targets)
  grep -qx -- "$1" <<<"$targets" || die_usage "unknown target '$1' (targets: ${targets//$'\n'/ })"
}

# The table of which corpus each fuzz target reads: targets that take the same input format share
# one (corpus/targets.list says where its seeds, regressions and dictionary are).
corpus_table=$repo/corpus/targets.list

# corpus_dir TARGET: the folder of TARGET's corpus, with seeds/ and regressions/ in it and the
# dictionary beside it, <folder>.dict.
corpus_dir() {
  local name
  name=$(awk -v target="$1" '$1 == target { print $2 }' "$corpus_table")
  [ -n "$name" ] || die_usage "target '$1' has no line in $corpus_table"
  echo "$repo/corpus/$name"
}

# corpora: each corpus of the table, once.
corpora() {
  awk '/^[a-z]/ { print $2 }' "$corpus_table" | sort -u
}

# leg_packages PRESET: the Debian packages a cross preset's build needs, beyond scripts/setup.sh's
# base set (cross-test.sh's legs, check-kernel.sh's big-endian configuration).
leg_packages() {
  case "$1" in
  i386 | i386-qemu) echo libc6-dev-i386 lib32gcc-12-dev lib32stdc++-12-dev qemu-user ;;
  s390x) echo gcc-s390x-linux-gnu libc6-dev-s390x-cross libubsan1-s390x-cross qemu-user ;;
  powerpc) echo gcc-powerpc-linux-gnu libc6-dev-powerpc-cross qemu-user ;;
  esac
}

build_dir_for() {
  echo "${STRSCPY_BUILD_ROOT:-$repo/build}/$1"
}

# ensure_built DIR PRESET [-DVAR=VALUE...] TARGET...: configure DIR from PRESET (and the -D
# settings) the first time, and again when the preset or the settings differ from the last
# configure of DIR by this function (recorded in DIR/.strscpy-configured), then bring the targets
# up to date (no TARGET: configure only).  A lock on DIR keeps two scripts (or two tests) from configuring or building one
# folder at once.  A failure shows the log's error lines (or its end) and exits 2.
ensure_built() {
  local dir=$1 preset=$2 log settings=() lock status=0 configured
  shift 2
  while [ $# -gt 0 ] && [[ "$1" == -D* ]]; do
    settings+=("$1")
    shift
  done
  mkdir -p "$dir"
  log=$dir/strscpy-build.log
  configured="$preset${settings[*]:+ ${settings[*]}}"
  exec {lock}>"$dir/.strscpy-build.lock"
  flock "$lock"
  if [ ! -f "$dir/CMakeCache.txt" ] ||
    [ "$(cat "$dir/.strscpy-configured" 2>/dev/null)" != "$configured" ]; then
    echo "build: configuring $dir (preset $configured)" >&2
    rm -f "$dir/.strscpy-configured"
    # A tree another generator made (the presets' is Ninja) cannot be configured again in place.
    if [ -f "$dir/CMakeCache.txt" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$dir/CMakeCache.txt"; then
      rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
    fi
    if cmake -S "$repo" --preset "$preset" -B "$dir" "${settings[@]}" >"$log" 2>&1; then
      printf '%s\n' "$configured" >"$dir/.strscpy-configured"
    else
      status=$?
    fi
  fi
  if [ "$status" -eq 0 ] && [ $# -gt 0 ]; then
    cmake --build "$dir" -j"$(nproc)" --target "$@" >>"$log" 2>&1 || status=$?
  fi
  exec {lock}>&-
  if [ "$status" -ne 0 ]; then
    grep -E "error:|undefined reference" "$log" >&2 || tail -n 40 "$log" >&2
    die_usage "building $* in $dir (preset $preset) failed; log: $log"
  fi
}

# shared_harness DIR: bring DIR's harness libraries up to date (they are most likely), under the
# lock ensure_built takes on DIR, as every script that builds there does.  They are the targets
# named harness* and strscpy_reference* (STRSCPY_HARNESS_FROM imports them), read from the list
# of DIR's targets (names are global in CMake): however many variants CMakeLists.txt makes.
shared_harness() {
  local dir=$1 lock libraries
  mapfile -t libraries < <(build_targets "$dir" | grep -E '^(harness|strscpy_reference)')
  exec {lock}>"$dir/.strscpy-build.lock"
  flock "$lock"
  cmake --build "$dir" --target "${libraries[@]}" >>"$dir/strscpy-build.log" 2>&1 ||
    die_usage "building the harness in $dir failed; log: $dir/strscpy-build.log"
  exec {lock}>&-
}

# build_targets DIR: the names of the targets of the configured build DIR, one a line (CMake
# writes a folder for each, whatever the generator; names are global in a CMake project).
build_targets() {
  sed -nE 's#.*/CMakeFiles/([^/]+)\.dir$#\1#p' "$1/CMakeFiles/TargetDirectories.txt"
}

# test_targets DIR CTEST_ARGUMENT...: the targets of the configured build DIR whose files the
# tests that ctest selects with the arguments (-L, -E...) run or are given, one a line: what a leg
# that runs only those tests builds, instead of all.  Read from DIR's CTestTestfile.cmake files,
# where each test's command has the full path of every file of the build it uses (a CMake -D
# argument's value too); a file that a target of that name makes is taken as the target.  A
# disabled test needs nothing.
test_targets() {
  local dir names targets
  dir=$(cd "$1" && pwd)
  shift
  names=$(ctest --test-dir "$dir" -N "$@" | sed -n '/ (Disabled)$/d; s/^ *Test *#[0-9]*: //p')
  targets=$(build_targets "$dir")
  find "$dir" -name CTestTestfile.cmake -exec grep -h '^add_test(' {} + |
    awk -v names="$names" -v targets="$targets" -v dir="$dir/" '
      BEGIN {
        n = split(names, list, "\n"); for (i = 1; i <= n; i++) selected[list[i]] = 1
        n = split(targets, list, "\n"); for (i = 1; i <= n; i++) target[list[i]] = 1
      }
      match($0, /^add_test\(\[=\[[^]]*\]=\]/) {
        if (!(substr($0, 13, RLENGTH - 15) in selected)) next
        rest = substr($0, RLENGTH + 1)
        while (match(rest, /"[^"]*"/)) {
          argument = substr(rest, RSTART + 1, RLENGTH - 2)
          rest = substr(rest, RSTART + RLENGTH)
          sub(/^-D[A-Za-z_]+=/, "", argument)
          if (index(argument, dir) != 1) continue
          n = split(argument, part, "/")
          if (part[n] in target) print part[n]
        }
      }' | sort -u
}

case_seconds=${STRSCPY_CASE_SECONDS:-5}

# check_case_seconds: STRSCPY_CASE_SECONDS, when a script uses it, must be a positive number.
check_case_seconds() {
  [[ "$case_seconds" =~ ^[1-9][0-9]*$ ]] ||
    die_usage "STRSCPY_CASE_SECONDS wants a positive number, not '$case_seconds'"
}

# A line that shows a harness binary ran at least one case (or got as far as a report): the
# replay tool's decoded case, the sweep's first line, libFuzzer's seed line, any report.
harness_started_re='^(case: |sweep: |INFO: Seed: |==strscpy-fuzz==)|Sanitizer|runtime error'

# harness_setup_error BINARY STATUS LOG: when a run of BINARY that ended with STATUS (output in
# LOG) failed for a reason that is no verdict on the code under test (the binary is missing,
# cannot be executed on this machine, or was killed before it ran a single case), print what is
# wrong and return 0; otherwise return 1.
harness_setup_error() {
  local binary=$1 status=$2 log=$3
  if [ ! -e "$binary" ]; then
    echo "no binary at $binary (not built?)"
  elif [ ! -x "$binary" ]; then
    echo "$binary is not executable"
  elif grep -qE "$harness_started_re" "$log"; then
    # It ran a case: what it did is a verdict.  Asked first, as most runs answer it: a fork
    # costs more than the run of a replay tool that stops at its first divergence.
    return 1
  elif [ "$status" -eq 126 ] || grep -qE "Exec format error|cannot execute binary file" "$log" ||
    { [ "$status" -ne 0 ] && shell_read_elf "$binary" "$log"; }; then
    echo "$binary cannot be executed on this machine (exit $status, Exec format error: built for" \
      "another architecture? an i386 build needs 32-bit support in the kernel, or qemu-i386)"
  elif [ "$status" -eq 127 ]; then
    echo "$binary could not start (exit 127): $(grep -m1 -E 'error while loading|not found' "$log" ||
      tail -n 1 "$log")"
  elif [ "$status" -ne 0 ]; then
    echo "$binary stopped before it ran a single case ($(exit_description "$status")):" \
      "$(tail -n 3 "$log" | tr '\n' ' ')"
  else
    return 1
  fi
}

# shell_read_elf BINARY LOG: the kernel refused the ELF file BINARY and a shell ran it as a
# script instead (dash's "BINARY: 1: Syntax error: ..." in LOG).
shell_read_elf() {
  [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ] && grep -qF "$1: 1: " "$2"
}

exit_description() {
  if [ "$1" -gt 128 ]; then
    echo "signal $(kill -l "$(($1 - 128))" 2>/dev/null || echo $(($1 - 128)))"
  else
    echo "exit $1"
  fi
}

# run_harness LOG [--limit SECONDS] BINARY ARG...: run a harness binary with its output in LOG
# (killed after SECONDS: status 124), and its exit status in harness_status; under
# $STRSCPY_EMULATOR when it is set (a cross build: "qemu-s390x -L /usr/s390x-linux-gnu").  A
# set-up error (see harness_setup_error) ends the script with exit 2.  The
# subshell keeps the shell's own "Illegal instruction" notices about a trapped reporter out of
# the output: it prints them to /dev/null and exits with 128 + the signal (the "|| exit" keeps
# bash from replacing the subshell with the binary, which would die of the signal itself).
run_harness() {
  local log=$1 why limit=()
  shift
  if [ "$1" = --limit ]; then
    limit=(timeout "$2")
    shift 2
  fi
  harness_status=0
  if [ -x "$1" ]; then
    # shellcheck disable=SC2086 # STRSCPY_EMULATOR is a command line: qemu and its options.
    ("${limit[@]}" ${STRSCPY_EMULATOR:-} "$@" >"$log" 2>&1 || exit $?) 2>/dev/null ||
      harness_status=$?
  else
    harness_status=127
    : >"$log"
  fi
  if why=$(harness_setup_error "$1" "$harness_status" "$log"); then
    echo "$(basename "$0"): set-up error, not a divergence: $why" >&2
    exit 2
  fi
}

# crash_class REPLAY FILE: what running FILE does, in one word or line, on stdout:
#   none                  it runs the same as the reference
#   <class>               the harness's divergence class (==strscpy-fuzz== DIVERGENCE: <class>)
#   <Sanitizer>: <kind> in <top frame>   a sanitizer report, from its SUMMARY line
#   timeout               it runs past the per-case limit
#   signal <N> / exit <N> anything else
# The replay's whole output (decoded case, report) is saved to $CRASH_LOG when it is set.
# A replay tool that cannot run is a set-up error: exit 2 (from the command substitution).
crash_class() {
  local replay=$1 file=$2 out rc line log
  log=$(mktemp)
  # The replay's own watchdog reports a hang with its decoded case; the kill is the last resort.
  STRSCPY_CASE_SECONDS=$case_seconds run_harness "$log" --limit "$((3 * case_seconds + 5))" \
    "$replay" "$file"
  rc=$harness_status
  # Read and matched by the shell itself: each input of a replay.sh or a fuzz.sh summary comes
  # through here, and forks are most of its cost.  As $(cat) would: trailing newlines dropped.
  IFS= read -r -d '' out <"$log" || true
  while [[ "$out" == *$'\n' ]]; do out=${out%$'\n'}; done
  rm -f "$log"
  [ -n "${CRASH_LOG:-}" ] && printf '%s\n' "$out" >"$CRASH_LOG"
  if [[ $'\n'"$out" =~ $'\n'"==strscpy-fuzz== DIVERGENCE: "([a-z-]*) && -n "${BASH_REMATCH[1]}" ]]; then
    echo "${BASH_REMATCH[1]}"
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
  elif [ "$rc" -eq 124 ]; then
    echo timeout
  elif [ "$rc" -gt 128 ]; then
    echo "signal $((rc - 128))"
  else
    echo "exit $rc"
  fi
}

# finding_class LOG: the class of the first finding in a harness run's output, one word:
#   <class>            the harness's own (==strscpy-fuzz== DIVERGENCE: <class>)
#   misaligned-access  UBSan's misaligned load or store
#   ubsan-<check>      another UBSan runtime error, by the -fsanitize= check that names it
#   asan-<kind>, msan-<kind>  an ASan or MSan report, by its error kind
#   timeout            libFuzzer's per-input -timeout
#   empty when there is none
finding_class() {
  local log=$1 kind
  kind=$(sed -n 's/^==strscpy-fuzz== DIVERGENCE: \([a-z-]*\).*/\1/p' "$log" | head -n 1)
  if [ -n "$kind" ]; then
    echo "$kind"
  elif grep -qE "runtime error: (load of|store to|member access within|reference binding to) misaligned address" "$log"; then
    echo misaligned-access
  elif kind=$(sed -n 's/.*runtime error: //p' "$log" | head -n 1) && [ -n "$kind" ]; then
    echo "ubsan-$(ubsan_check "$kind")"
  elif kind=$(sed -nE 's/.*(ERROR|WARNING): (Address|Memory)Sanitizer: ([a-z-]+).*/\2 \3/p' "$log" |
    head -n 1) && [ -n "$kind" ]; then
    [ "${kind%% *}" = Address ] && echo "asan-${kind#* }" || echo "msan-${kind#* }"
  elif grep -q "ERROR: libFuzzer: timeout" "$log"; then
    echo timeout
  fi
}

# ubsan_check MESSAGE: the -fsanitize= check behind a UBSan runtime error message.
ubsan_check() {
  case "$1" in
    "signed integer overflow"*|"negation of"*) echo signed-integer-overflow ;;
    "unsigned integer overflow"*) echo unsigned-integer-overflow ;;
    "shift exponent"*|"left shift"*) echo shift ;;
    "index "*"out of bounds"*) echo bounds ;;
    *"null pointer"*) echo null ;;
    "implicit conversion"*) echo implicit-conversion ;;
    *"pointer overflow"*|"applying "*"offset"*) echo pointer-overflow ;;
    "division by zero"*) echo integer-divide-by-zero ;;
    "load of value"*) echo invalid-value ;;
    *) echo undefined-behavior ;;
  esac
}

# Progress of a long test run, for a person watching it: every progress_seconds s
# (STRSCPY_PROGRESS_SECONDS, default 30; 0: none) a line with the tests done so far.
progress_seconds=${STRSCPY_PROGRESS_SECONDS:-30}

# The line ctest prints as each test ends: "  3/50 Test  #7: name ......   Passed    0.12 sec".
ctest_finished_re='^ *[0-9]+/[0-9]+ +Test +#[0-9]+: '

# log_test_count LOG CTEST_ARGUMENT...: add to LOG the number of tests ctest would run with those
# arguments ("Total Tests: N", from ctest -N), which progress_line adds up: right after the
# configure, so the total is there while the build is made.
log_test_count() {
  local log=$1
  shift
  ctest -N "$@" 2>/dev/null | grep '^Total Tests: ' >>"$log" || true
}

# progress_line NAME START LOG...: "progress: NAME: DONE/TOTAL tests, T s": the tests ctest has
# finished in the LOGs, out of those log_test_count counted there (a LOG that is a folder: every
# *.log under it), T the seconds since START (date +%s).  Before the first count, the builds are
# still being configured.
progress_line() {
  local name=$1 start=$2 files finished total
  shift 2
  files=$(find "$@" -name '*.log' -type f 2>/dev/null)
  if [ -z "$files" ]; then
    total=0
  else
    finished=$(xargs -d '\n' cat <<<"$files" | grep -cE "$ctest_finished_re" || true)
    total=$(xargs -d '\n' cat <<<"$files" | sed -n 's/^Total Tests: //p' |
      awk '{ n += $1 } END { print n + 0 }')
  fi
  if [ "$total" -eq 0 ]; then
    echo "progress: $name: configuring, $(($(date +%s) - start)) s"
  else
    echo "progress: $name: $finished/$total tests, $(($(date +%s) - start)) s"
  fi
}

# start_progress NAME LOG...: progress_line every progress_seconds s, in the background until
# stop_progress.  The sleep's output goes nowhere: one left running past the stop holds no pipe.
progress_pid=""
start_progress() {
  local start
  progress_pid=""
  [ "$progress_seconds" -gt 0 ] || return 0
  start=$(date +%s)
  while sleep "$progress_seconds" >/dev/null 2>&1; do
    progress_line "$1" "$start" "${@:2}"
  done &
  progress_pid=$!
}

stop_progress() {
  [ -n "$progress_pid" ] || return 0
  kill "$progress_pid" 2>/dev/null || true
  wait "$progress_pid" 2>/dev/null || true
  progress_pid=""
}
