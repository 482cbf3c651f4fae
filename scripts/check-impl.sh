#!/usr/bin/env bash
# Check your own strscpy, strlcpy, strncpy...: build the harness with FILE's function in place
# of the project's implementation, run the exhaustive sweep and libFuzzer under that function's
# contract (fuzz/contracts.c), and report every distinct divergence.
# Usage: scripts/check-impl.sh FILE.c [--function F] [--symbol NAME] [--define NAME[=VALUE]]...
#                              [--seconds N] [--case-seconds S] [--checks LIST]
#                              [--strict-alignment] [--no-msan] [--help]
#        scripts/check-impl.sh FILE.S|FILE.s|FILE.o|FILE.a|FILE.so [--function F] [--symbol NAME] ...
#        scripts/check-impl.sh --libc --function F ...
#   FILE        C (compiled into the harness, under the memory-access trace and the sanitizers),
#               or code the harness cannot compile: assembly (.S, .s: assembled and linked), an
#               object or archive (.o, .a: linked), a shared object (.so: loaded, NAME looked up
#               in it). Such code is untraced and uninstrumented: only the contract check runs,
#               judged by guard pages, sentinels and the oracles; no MSan pass (see the verdict)
#   --libc      no FILE: the C library's F, as its dynamic linker resolves it on this CPU (the
#               ifunc's variant), judged as a shared object; exit 2 where it has no F
#   --function  the function of the family FILE implements (default strscpy; the list below):
#               its contract, sweep, fuzzer, seeds, dictionary and replay tools
#   --symbol    the name of FILE's function (default F), which must have F's prototype (checked
#               in C only: the other forms carry no types)
#   --define    a macro FILE is compiled with, as -D would set it (CONFIG_ options of kernel
#               code: --define CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS); may be given again
#   --seconds   seconds of fuzzing per pass after the sweep (default 60; 0: the sweep alone, and
#               no fuzz target is built)
#   --case-seconds  CPU-time limit of one case (default $STRSCPY_CASE_SECONDS or 5): past it, timeout
#   --checks    comma-separated, of F's checks (below): contract (F's contract), transient (dest
#               left unterminated while copying), race (src changed under the call); default all
#               (for code the harness cannot compile, contract: the others need the trace)
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
#                                     (the tests of check-impl.sh link their build's)
#              CHECK_IMPL_HARNESS_ROOT where the other passes' harnesses are built once, for every
#                                     file checked: <root>/<preset> (default build/check-impl/harness),
#                                     and the functions' table is kept
# Exit: 0 no divergence; 1 a check diverged (each class's report, reproducer and replay command
#       are printed, then a table of the classes: those whose smallest cases share a cause are
#       listed under one line that names it); 2 usage, set-up or build error (missing file, no
#       such function, a binary that cannot run here, a compile error: its first error in full,
#       with the compiler's notes, then the line of each other error).
#
# Each pass (ASan+UBSan, then MSan) runs the sweep and then libFuzzer (the MSan pass the sweep
# alone when the ASan+UBSan pass diverged: fix that first). A divergence does not end either:
# the sweep goes on and keeps each class's smallest reproducer; a sanitizer finding ends
# the sweep's process, and the sweep is resumed after that case, or, when the same finding came
# back in the same section of the sweep (alignments, page ends, huge counts...), past that
# section (at most 8 times plus twice per section);
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

harness_root=${CHECK_IMPL_HARNESS_ROOT:-$repo/build/check-impl/harness}
# Resumed sweeps for findings beyond a finding that every case hits, which costs two a section.
max_restarts=8

# function_table: the functions of fuzz/contracts.c, one a line: <function> <its checks,
# comma-separated> <its race target or -> <its C prototype>, from list_contracts --functions, built
# here without sanitizers (a second or so): the contracts are the one list of them.  Kept in the
# harness root under a hash of the files it is built from, so that the runs that follow (and a
# refusal, exit 2) build nothing to read it.
function_table() {
  local dir status=0 cache
  cache=$harness_root/functions-$(cat "$repo/fuzz/list_contracts.c" "$repo/fuzz/contracts.c" \
    "$repo/fuzz/"*.h "$repo/reference/"* | sha256sum | cut -c1-16)
  if [ -s "$cache" ]; then
    cat "$cache"
    return
  fi
  dir=$(mktemp -d)
  clang -w -o "$dir/list_contracts" -I "$repo/fuzz" -I "$repo/reference" "$repo/fuzz/list_contracts.c" \
    "$repo/fuzz/contracts.c" "$repo/reference/"*.c >"$dir/log" 2>&1 &&
    "$dir/list_contracts" --functions >"$dir/table" || status=$?
  if [ "$status" -eq 0 ]; then
    cat "$dir/table"
    # A cache that cannot be written is only a slower next run; mv makes it whole or absent.
    { mkdir -p "$harness_root" && cp "$dir/table" "$cache.$$" && mv "$cache.$$" "$cache"; } 2>/dev/null ||
      rm -f "$cache.$$"
  else
    cat "$dir/log" >&2
  fi
  rm -rf "$dir"
  return "$status"
}

# usage_and_functions: the usage, then each function with its prototype and checks: what --help
# prints on stdout and a wrong option on stderr.
usage_and_functions() {
  local table
  usage_text
  echo
  table=$(function_table) ||
    die_usage "cannot list the functions: building list_contracts failed (clang missing? scripts/setup.sh)"
  echo "Functions (--function F), from fuzz/contracts.c:"
  awk '{ name = $1; checks = $2; $1 = $2 = $3 = ""; sub(/^ +/, "")
         printf "  %-13s %s\n  %13s checks: %s\n", name, $0, "", checks }' <<<"$table"
}
help() {
  usage_and_functions
  exit 0
}
usage() {
  usage_and_functions >&2
  exit 2
}

function=strscpy
symbol=
seconds=60
checks=
strict=0
msan=1
libc=0
defines=()
parse_args --function=function --symbol=symbol --define+=defines --seconds=seconds --case-seconds=case_seconds \
  --checks=checks --strict-alignment:strict=1 --no-msan:msan=0 --libc:libc=1 -- "$@"
[ ${#operands[@]} -eq $((1 - libc)) ] || usage
"$repo/scripts/setup.sh" || die_usage "set-up failed"
functions=$(function_table) || die_usage "cannot list the functions: building list_contracts failed"
line=$(awk -v f="$function" '$1 == f' <<<"$functions")
[ -n "$line" ] ||
  die_usage "unknown function '$function' (functions: $(awk '{ print $1 }' <<<"$functions" | paste -sd ' '))"
read -r _ function_checks race_target prototype <<<"$line"
[ "$race_target" != - ] || race_target=
IFS=, read -r -a all_checks <<<"$function_checks"

# impl_form FILE: what FILE is, by its name (CMake's STRSCPY_IMPL_FORM).
impl_form() {
  case "$1" in
    *.c) echo c ;;
    *.S | *.s) echo assembly ;;
    *.o | *.a) echo object ;;
    *.so | *.so.[0-9]*) echo shared ;;
    *) return 1 ;;
  esac
}
if [ "$libc" -eq 1 ]; then
  # The C library the tools are linked with, as the compiler finds it: the one they load.
  file=$(clang -print-file-name=libc.so.6)
  [ -f "$file" ] || die_usage "--libc: no libc.so.6 here (a glibc system is needed)"
else
  file=${operands[0]}
fi
form=$(impl_form "$file") ||
  die_usage "$file: not a form check-impl takes (.c, .S, .s, .o, .a, .so)"
# The checks that need the memory-access trace, which only C compiled into the harness reaches.
traced_checks=(transient race)
if [ "$form" != c ]; then
  for check in ${checks//,/ }; do
    [[ " ${traced_checks[*]} " != *" $check "* ]] ||
      die_usage "check $check needs the memory-access trace, which code in $file cannot have" \
        "(the harness does not compile $form code); its checks: contract"
  done
  checks=contract
fi
checks=${checks:-$function_checks}
symbol=${symbol:-$function}
[[ "$symbol" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die_usage "not a C name: $symbol"
[[ "$seconds" =~ ^[0-9]+$ ]] || die_usage "--seconds takes a whole number"
for define in "${defines[@]}"; do
  # A ';' would split the CMake list the definitions travel in.
  [[ "$define" =~ ^[A-Za-z_][A-Za-z0-9_]*(=[^\;]*)?$ ]] ||
    die_usage "--define takes NAME or NAME=VALUE (a C name, a value without ';'), not '$define'"
done
if [ "$case_seconds" = "${STRSCPY_CASE_SECONDS:-5}" ]; then
  check_case_seconds
else
  [[ "$case_seconds" =~ ^[1-9][0-9]*$ ]] || die_usage "--case-seconds takes a positive whole number"
fi
for check in ${checks//,/ }; do
  [[ " ${all_checks[*]} " == *" $check "* ]] ||
    die_usage "unknown check '$check' (checks of $function: ${all_checks[*]})"
done
[ -f "$file" ] || die_usage "no such file: $file"
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")

hash=$(printf '%s' "$file" | sha256sum | cut -c1-12)
build_root=${CHECK_IMPL_BUILD_DIR:-$repo/build/check-impl/$hash}
results=${CHECK_IMPL_RESULTS_DIR:-$repo/results/check-impl/$hash}/$(date -u +%Y%m%dT%H%M%SZ)
passes=("${CHECK_IMPL_PRESET:-asan-ubsan}")
[ "$msan" -eq 0 ] || [ "$form" != c ] || passes+=(msan)

# first_error_in_full DIAGNOSTICS: the compiler's output up to its second error (the first
# error whole: the include chain that led to it, the source line, the caret and its notes), then
# the line of each other error.  The first is the one to read: the others often follow from it.
first_error_in_full() {
  awk '
    /^In file included from / { held = held $0 "\n"; next }
    / error: / { errors++ }
    errors <= 1 { printf "%s%s\n", held, $0 }
    errors > 1 && / error: / { print }
    { held = "" }' "$1"
}

# The function must be defined, with external linkage, in FILE (compiled as the build will), with
# F's prototype: compiled after that declaration, a definition of another type does not compile.
# C is compiled so once; only a file that fails is compiled again without the declaration, to tell
# a compile error (shown) from another type.  Assembly, objects and shared objects carry no
# types: only the name is checked.
check_symbol() {
  local object diagnostics defined declaration typed=1
  local flags=(-std=gnu11 "${defines[@]/#/-D}" -I "$(dirname "$file")" -I "$repo/src" -I "$repo/include")
  object=$(mktemp)
  diagnostics=$(mktemp)
  declaration=$(mktemp --suffix .h)
  # A name the C library or a sanitizer's runtime (its interceptors) defines links to theirs:
  # the harness would check that one, not FILE's. A shared object's is looked up in its own handle.
  if [ "$form" != shared ] &&
      printf 'void %s(void);\nint main(void) { return (int)(long)&%s; }\n' "$symbol" "$symbol" |
      clang -fno-builtin -w -fsanitize=address -x c -o "$object" - 2>/dev/null; then
    rm -f "$object" "$diagnostics" "$declaration"
    die_usage "$symbol is a name the C library or the sanitizers define: the harness would call" \
      "theirs, not the one in $file; give yours another name and pass it with --symbol"
  fi
  printf '#include <stddef.h>\n#include <sys/types.h>\n%s;\n' "${prototype/"$function("/"$symbol("}" \
    >"$declaration"
  # A file that does not compile ends the run here, with the compiler's own words.
  case "$form" in
    c | assembly)
      if [ "$form" = assembly ] ||
          ! clang -c -o "$object" -include "$declaration" "${flags[@]}" "$file" 2>/dev/null; then
        [ "$form" = assembly ] || typed=0
        if ! clang -c -o "$object" "${flags[@]}" "$file" 2>"$diagnostics"; then
          echo "check-impl: $file does not compile:" >&2
          first_error_in_full "$diagnostics" >&2
          rm -f "$object" "$diagnostics" "$declaration"
          die_usage "compile error in $file"
        fi
      fi ;;
    object) cp "$file" "$object" ;;
  esac
  rm -f "$diagnostics" "$declaration"
  if [ "$form" = shared ]; then
    # T: code, W: weak, i: an ifunc (glibc's string functions), its variant chosen at load.
    defined=$(nm -D --defined-only "$file" | awk '$2 ~ /^[TWi]$/ { sub(/@.*/, "", $3); print $3 }' | sort -u)
  else
    defined=$(nm --defined-only "$object" 2>/dev/null | awk '$2 ~ /^[TW]$/ { print $3 }' | sort -u)
  fi
  rm -f "$object"
  if ! grep -qx -- "$symbol" <<<"$defined"; then
    [ "$libc" -eq 0 ] ||
      die_usage "the C library has no $symbol: $file ($(getconf GNU_LIBC_VERSION 2>/dev/null ||
        echo "version unknown")) defines no function of that name, so there is nothing to check" \
        "(glibc has strlcpy from 2.38 on)"
    die_usage "no function $symbol in $file; it defines: $(tr '\n' ' ' <<<"${defined:-nothing}" | cut -c1-600)" \
      "(a static or static inline function needs a wrapper with external linkage; see docs/check-impl.md)"
  fi
  if [ "$form" != c ]; then
    echo "check-impl: $symbol is called as $function is declared: $prototype ($(basename "$file") carries no types)"
  elif [ "$typed" -eq 0 ]; then
    die_usage "$symbol in $file does not have the prototype of $function: $prototype" \
      "(--function names the function it implements; --help lists them)"
  fi
}
check_symbol

# detected_by SHARED BUILD: what CMake found configuring SHARED, a build of the same preset (the
# same compiler), for BUILD to configure with instead of identifying and testing the compiler
# again (a second of CPU a configure): a fresh BUILD gets SHARED's CMakeFiles/<version>/ files
# (the compiler's and the system's), and the -D settings printed, one a line, give it the tools
# SHARED found and CMAKE_PLATFORM_INFO_INITIALIZED, without which CMake deletes those files from
# a tree that has no cache yet.
detected_by() {
  local shared=$1 build=$2 version
  if [ ! -f "$build/CMakeCache.txt" ]; then
    for version in "$shared"/CMakeFiles/[0-9]*/; do
      mkdir -p "$build/CMakeFiles/$(basename "$version")"
      cp "$version"CMake*.cmake "$build/CMakeFiles/$(basename "$version")/"
    done
  fi
  sed -nE 's/^(CMAKE_[A-Z0-9_]+:FILEPATH=.*|CMAKE_(EXECUTABLE_FORMAT|UNAME|PLATFORM_INFO_INITIALIZED):INTERNAL=.*)$/-D\1/p' \
    "$shared/CMakeCache.txt"
}

# build_pass PRESET: the harness with FILE in <build root>/<preset>[-strict-alignment]; sets build.
build_pass() {
  local preset=$1 settings alignment=OFF
  build=$build_root/$preset$( ((strict == 0)) || echo -strict-alignment)
  ((strict == 0)) || alignment=ON
  settings=(-DSTRSCPY_IMPL_SOURCE="$file" -DSTRSCPY_IMPL_FORM="$form" -DSTRSCPY_IMPL_SYMBOL="$symbol"
            -DSTRSCPY_IMPL_FUNCTION="$function" -DSTRSCPY_SELF_TEST=OFF
            -DSTRSCPY_STRICT_ALIGNMENT="$alignment"
            -DSTRSCPY_IMPL_DEFINES="$(IFS=';'; echo "${defines[*]}")")
  # Only a build of this very preset has a harness compiled as this pass would compile it: the
  # one given, else the harness root's, which every file checked from then on links.
  local shared=${CHECK_IMPL_HARNESS_DIR:-}
  if [ -z "$shared" ] || [ "$(cut -d' ' -f1 "$shared/.strscpy-configured" 2>/dev/null)" != "$preset" ]
  then
    shared=$harness_root/$preset
    ensure_built "$shared" "$preset" -DSTRSCPY_SELF_TEST=OFF
  fi
  shared_harness "$shared"
  settings+=(-DSTRSCPY_HARNESS_FROM="$shared")
  mapfile -t -O "${#settings[@]}" settings < <(detected_by "$shared" "$build")
  echo "check-impl: building $symbol ($function) from $file in $build (preset $preset)"
  # Configured first: whether the race target's tools exist is read from the build's targets.
  ensure_built "$build" "$preset" "${settings[@]}"
  # A cross build's tools run under its emulator, as ctest runs them (empty for a native one).
  STRSCPY_EMULATOR=$(cat "$build/strscpy-emulator")
  export STRSCPY_EMULATOR
  # Each stage's tools only for a run that has the stage; the fuzz targets only for a run that
  # fuzzes (a build without a fuzzing engine has none). All in one build.
  local tools=() prefixes=() prefix
  if selected contract || selected transient; then
    prefixes+=("$function")
  fi
  race_available=0
  # grep reads all of it (no -q): an early exit would fail the pipe under pipefail.
  if selected race && [ -n "$race_target" ] &&
      build_targets "$build" | grep -x "${race_target}_sweep" >/dev/null; then
    race_available=1
    prefixes+=("$race_target")
  fi
  for prefix in "${prefixes[@]}"; do
    tools+=("${prefix}_sweep" "${prefix}_replay")
    ((pass_seconds == 0)) || tools+=("${prefix}_fuzzer")
  done
  [ ${#tools[@]} -eq 0 ] || ensure_built "$build" "$preset" "${settings[@]}" "${tools[@]}"
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
  local prefix=$1 work=$2 start=0 run=0 log class hits reproducer next section sections past name
  # "<section> <class>" of each sanitizer finding so far.
  local -A seen_in_section=()
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
      read -r section sections past name < <(sed -n \
        's/^sweep: case [0-9]* is in section \([0-9]*\) of \([0-9]*\) (\(.*\)); resume past it with --start \([0-9]*\)$/\1 \2 \4 \3/p' "$log") ||
        # Past the last section (the rerun of a class's reproducer): resumed after the case.
        { section=- sections=0 past=$next name=-; }
      # A finding that comes back in a section is most often hit by all its kind of cases:
      # resuming after each would only find it again, and end the sweep before the next sections.
      if [ -n "${seen_in_section[$section $class]:-}" ]; then
        echo "check-impl: sweep: $class at case $((next - 1)) again in section $section of $sections" \
          "($name); resuming past it, at case $past"
        start=$past
      else
        echo "check-impl: sweep: $class at case $((next - 1)); resuming after it"
        start=$next
      fi
      seen_in_section[$section $class]=1
      run=$((run + 1))
      # A finding that every case hits costs two runs a section (it, then it again, which moves
      # past the section): 2 * sections restarts, plus max_restarts for other findings, so at
      # most 2 * sections + 9 runs (25 for the string functions' 8 sections), each resumed past
      # the case before it: their cases add up to one sweep.
      if [ "$run" -gt $((max_restarts + 2 * sections)) ]; then
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
  [ "$pass_seconds" -gt 0 ] || return 0
  mkdir -p "$work/corpus" "$work/crashes" "$work/replays"
  corpus=$(corpus_dir "$prefix")
  cp -r "$corpus/seeds/." "$work/corpus/"
  echo "check-impl: libFuzzer for $pass_seconds s"
  deadline=$((SECONDS + pass_seconds))
  while [ "$SECONDS" -lt "$deadline" ]; do
    log=$work/fuzzer-$run.log
    # Unsymbolized: its crashes are reported from their replays, and its new functions are not
    # reported at all (a symbolizer process each, for nothing read).
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}symbolize=0 MSAN_OPTIONS=${MSAN_OPTIONS:+$MSAN_OPTIONS:}symbolize=0 \
      UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}symbolize=0 \
      run_harness "$log" "$build/${prefix}_fuzzer" -max_total_time="$((deadline - SECONDS))" \
      -timeout="$case_seconds" -rss_limit_mb="$rss_limit" -dict="$corpus.dict" \
      -artifact_prefix="$work/crashes/" -print_final_stats=1 -print_funcs=0 "$work/corpus"
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
  local sha=${2##*-} digest name
  # One sha1sum for the whole corpus (hundreds of seeds), not a process or two per file.
  while read -r digest name; do
    [ "$digest" != "$sha" ] || rm -f "$name"
  done < <(sha1sum "$1"/*)
}

selected() { [[ ",$checks," == *",$1,"* ]]; }

# diverged_so_far: a class of a selected check was found (a contract class the race sweep met
# under --checks race is none).
diverged_so_far() {
  local class
  for class in "${classes[@]}"; do
    ! selected "${class_check[$class]}" || return 0
  done
  return 1
}

for preset in "${passes[@]}"; do
  pass_seconds=$seconds
  # The MSan pass sweeps for what only MSan sees (and what its trace lets go on, past a first bad
  # load); its fuzzing, after a pass that diverged, would mostly meet those divergences again, for
  # as long as --seconds: the fix comes first, and the run after it fuzzes.
  if [ "$preset" != "${passes[0]}" ] && [ "$seconds" -gt 0 ] && diverged_so_far; then
    pass_seconds=0
    echo "check-impl: $preset pass: sweep only, no libFuzzer: the ${passes[0]} pass diverged" \
      "(fix that; the run after it fuzzes under $preset too)"
  fi
  build_pass "$preset"
  echo "check-impl: $preset pass$( ((strict == 1)) && echo ", alignment judged (--strict-alignment)" ||
    echo "; alignment is not judged (misaligned words are legal on CPUs with efficient unaligned access; --strict-alignment judges them)")"
  if selected contract || selected transient; then
    sweep_stage "$function" "$results/$preset/sweep"
    fuzz_stage "$function" "$results/$preset/fuzz"
  fi
  if selected race; then
    if [ "$race_available" -eq 1 ]; then
      sweep_stage "$race_target" "$results/$preset/race-sweep"
      fuzz_stage "$race_target" "$results/$preset/race-fuzz"
    elif [ "$preset" = "${passes[0]}" ]; then
      [ -n "$race_target" ] && echo "check-impl: race: not available in this build" ||
        echo "check-impl: race: $function has no race target in fuzz/contracts.c: not checked"
    fi
  fi
done

# cause_of CLASS REPORT: the cause of CLASS, read off the smallest case in its REPORT (the
# harness's or a sanitizer's): classes with the same cause are one bug met in several ways.  A
# count of 0 or over INT_MAX is the cause by itself (strscpy refuses both, and whatever follows a
# missing refusal, a load, a fault, a write or MSan's use of a poisoned byte, is that one bug);
# any other count is named by where it ends against the string and goes with the first
# src[N] or dest[N] the report's first line names (none in a sanitizer's).  A report with no case
# is a cause of its own.
cause_of() {
  awk -v class="$1" '
    /^==strscpy-fuzz== DIVERGENCE: / { headline = NR + 1 }
    NR == headline && match($0, /(src|dest)\[-?[0-9]+\]/) { access = substr($0, RSTART, RLENGTH) }
    /^case: count=[0-9]+ .* strlen=[0-9]+ / && count == "" {
      count = $2; sub(/^count=/, "", count)
      len = $0; sub(/.* strlen=/, "", len); sub(/ .*/, "", len)
    }
    END {
      if (count == "") { print "no case in the report of " class; exit }
      if (count + 0 == 0) { print "count 0"; exit }
      if (count + 0 > 2147483647) { print "count over INT_MAX"; exit }
      if (count + 0 <= len + 0) where = "count cuts the string (count <= strlen)"
      else if (count + 0 == len + 1) where = "exact fit (count = strlen + 1)"
      else where = "room to spare (count > strlen + 1)"
      print where ", first bad access " (access == "" ? "not named" : "at " access)
    }' "$2"
}

# Each class once: its report, reproducer and the command that replays it.
for class in "${classes[@]}"; do
  selected "${class_check[$class]}" || continue
  echo
  echo "==== check-impl: $class (check ${class_check[$class]}): ${class_hits[$class]} cases hit"
  cat "${class_report[$class]}"
  echo "check-impl: reproducer: ${class_reproducer[$class]}"
  echo "check-impl: replay it: ${STRSCPY_EMULATOR:+STRSCPY_EMULATOR=\"$STRSCPY_EMULATOR\" }$repo/scripts/replay.sh --binary ${class_replay[$class]} ${class_reproducer[$class]}"
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
  # The table: each cause once, in the order its first class was found.  A cause two classes or
  # more share is a line of its own with its classes under it: one fix for all of them.
  declare -A cause_classes=()
  causes=()
  for class in "${classes[@]}"; do
    selected "${class_check[$class]}" || continue
    cause=$(cause_of "$class" "${class_report[$class]}")
    [ -n "${cause_classes[$cause]:-}" ] || causes+=("$cause")
    cause_classes[$cause]+=" $class"
  done
  printf 'check-impl: %-28s %10s  %s\n' class "cases hit" reproducer
  for cause in "${causes[@]}"; do
    read -r -a members <<<"${cause_classes[$cause]}"
    indent=
    if [ ${#members[@]} -gt 1 ]; then
      echo "check-impl: one cause, ${#members[@]} classes, their smallest cases alike: $cause"
      indent='  '
    fi
    for class in "${members[@]}"; do
      printf 'check-impl: %-28s %10s  %s\n' "$indent$class" "${class_hits[$class]}" "${class_reproducer[$class]}"
    done
  done
fi
# Code the harness did not compile: what this run could judge it on, and what it could not.
if [ "$form" != c ]; then
  echo "check-impl: $symbol is uninstrumented code ($form): this is not the full check"
  echo "check-impl: ran: contract, at every placement of the sweep: reads by the guard pages," \
    "writes by the guard pages and sentinels, the return value and dest by the oracles"
  echo "check-impl: trace: absent (uninstrumented code): no read window (a read is seen only where" \
    "it reaches a guard page), no work budget; checks not run: ${traced_checks[*]}"
  echo "check-impl: sanitizers: none inside $symbol (ASan and UBSan check the harness around it);" \
    "msan pass: skipped, MSan cannot judge code it did not instrument"
fi
echo "check-impl: results in $results"
exit "$diverged"
