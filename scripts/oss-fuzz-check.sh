#!/usr/bin/env bash
# Runs oss-fuzz/build.sh for real, the way OSS-Fuzz's builder would (no Docker here),
# for each build OSS-Fuzz makes of this project, then checks what OSS-Fuzz's check_build
# (infra/base-images/base-runner/bad_build_check) checks, with its thresholds.
#
# Usage: scripts/oss-fuzz-check.sh [BUILD...]
#   BUILD: libfuzzer-address libfuzzer-undefined libfuzzer-memory afl-address,
#          libfuzzer-coverage (the build behind OSS-Fuzz's coverage reports: check_build does
#          not check it; here it must build, start, run the seeds and write a profile), and
#          cflite-address (libFuzzer + ASan through .clusterfuzzlite/build.sh: with
#          libfuzzer-address, one build made through it when it only runs oss-fuzz/build.sh);
#          default: all
# Environment: OSS_FUZZ_CHECK_DIR  scratch folder for $SRC/$WORK/$OUT per build
#                                  (default: build/oss-fuzz-check; emptied per build)
#              OSS_FUZZ_CHECK_TARGETS  the fuzz targets to check in each build (e.g.
#                                  "strscpy_fuzzer"; default: every one build.sh installs)
# The targets checked are the ones the CMake project has build.sh install (cmake/oss_fuzz.cmake
# writes the options file of each into the build tree, $WORK/strscpy-fuzz/oss-fuzz/).
# Prints one line per (engine, sanitizer, target, check): PASS or FAIL and its figures.
# Exit: 0 when every check passed; 1 when any failed (a build that fails is a failed
# check); 2 on a usage or setup error.
#
# What is mirrored from OSS-Fuzz (base-builder's Dockerfile and compile scripts):
#   CC=clang CXX=clang++; CFLAGS = -O1 -fno-omit-frame-pointer -gline-tables-only
#   -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION + $SANITIZER_FLAGS_<sanitizer> + coverage
#   flags (-fsanitize=fuzzer-no-link, $COVERAGE_FLAGS_coverage for the coverage build; none
#   for AFL++, whose compiler instruments);
#   CXXFLAGS = CFLAGS; LIB_FUZZING_ENGINE=-fsanitize=fuzzer, or AFL++'s libAFLDriver.a
#   with CC=afl-clang-fast CXX=afl-clang-fast++ for AFL; SANITIZER, FUZZING_ENGINE and
#   ARCHITECTURE=x86_64.  Left out: -stdlib=libc++ in CXXFLAGS (OSS-Fuzz's libFuzzer is
#   built against libc++, Debian's against libstdc++; build.sh compiles no C++, so the flag
#   would only pick the C++ library the link pulls in), and compile_afl's random build options (CMPLOG, LAF, CTX): this build is the
#   plain one, so the check gives the same answer every run.
# The build runs under `env -i` with only those variables (and PATH), so a build.sh that
# needs anything else fails here as it would there.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
parse_args -- "$@"

scratch_root=${OSS_FUZZ_CHECK_DIR:-$repo/build/oss-fuzz-check}
all_builds="libfuzzer-address libfuzzer-undefined libfuzzer-memory libfuzzer-coverage afl-address cflite-address"
# What OSS-Fuzz's builders set, and so all build.sh may read.
builder_variables="CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC WORK OUT SANITIZER FUZZING_ENGINE ARCHITECTURE"
afl_driver=/usr/lib/afl/libAFLDriver.a

builds=${operands[*]:-$all_builds}
for b in $builds; do
  case " $all_builds " in *" $b "*) ;; *) usage ;; esac
done

"$repo/scripts/setup.sh" clang cmake unzip binutils afl++ python3-yaml >&2 || exit 2

# bad_build_check's thresholds.
min_runs=4
min_edges=100
asan_calls_asan_build=1000
msan_calls_msan_build=1000
msan_calls_other_build=3
ubsan_calls_ubsan_build=168
ubsan_calls_other_build=200
afl_start_limit=35

base_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
declare -A sanitizer_flags=(
  [address]="-fsanitize=address -fsanitize-address-use-after-scope"
  [undefined]="-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
  [memory]="-fsanitize=memory -fsanitize-memory-track-origins"
  [coverage]=""
)
# The coverage build's instrumentation, in place of libFuzzer's.
coverage_build_flags="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument"

# The run-time options base-runner sets (with leak detection on, as its older images had).
export ASAN_OPTIONS="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
export UBSAN_OPTIONS="print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:symbolize=1:dedup_token_length=3"
export MSAN_OPTIONS="print_stats=1:symbolize=1:dedup_token_length=3"
fuzzer_args="-rss_limit_mb=2560 -timeout=25"

failures=0

# result ENGINE SANITIZER TARGET CHECK PASS|FAIL DETAIL
result() {
  printf 'oss-fuzz-check: %-9s %-9s %-18s %-11s %s  %s\n' "$1" "$2" "$3" "$4" "$5" "$6"
  [ "$5" = PASS ] || failures=$((failures + 1))
}

# Every $NAME build.sh reads must be one the builders set.
check_build_variables() {
  local used unexpected
  # shellcheck disable=SC2016 # the patterns match a literal "$NAME" or "${NAME"
  used=$(grep -o '\$[A-Z_][A-Z_]*\|\${[A-Z_][A-Z_]*' "$repo/oss-fuzz/build.sh" | tr -d '${' | sort -u)
  unexpected=$(echo "$used" | grep -vxF -f <(tr ' ' '\n' <<<"$builder_variables") || true)
  if [ -z "$unexpected" ]; then
    result - - build.sh variables PASS "uses only: ${used//$'\n'/ }"
  else
    result - - build.sh variables FAIL "also uses: ${unexpected//$'\n'/ }"
  fi
}

# The files OSS-Fuzz and ClusterFuzzLite read besides build.sh: what each must say.
check_integration_files() {
  local line
  while read -r line; do
    result - - "${line%% *}" config "$(cut -d' ' -f2 <<<"$line")" "$(cut -d' ' -f3- <<<"$line")"
  done < <(cd "$repo" && python3 - <<'PY'
import yaml

def report(name, problems, summary):
    print(name, "FAIL" if problems else "PASS", "; ".join(problems) or summary)

def project(path, engines):
    p = yaml.safe_load(open(path))
    problems = []
    if p.get("language") != "c":
        problems.append("language is not c")
    if engines and set(p.get("sanitizers", [])) != {"address", "undefined", "memory"}:
        problems.append("sanitizers are not address, undefined, memory")
    if engines and set(p.get("fuzzing_engines", [])) != engines:
        problems.append("fuzzing_engines are not " + ", ".join(sorted(engines)))
    report(path, problems, "language c" + (", sanitizers and engines as built here" if engines else ""))

def dockerfile(path, build_sh):
    lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    want = ["COPY . $SRC/strscpy-fuzz", "WORKDIR $SRC/strscpy-fuzz", "COPY %s $SRC/" % build_sh]
    problems = [] if lines[0].startswith("FROM gcr.io/oss-fuzz-base/base-builder") else ["not FROM base-builder"]
    problems += ["no '%s'" % w for w in want if w not in lines]
    report(path, problems, "FROM base-builder, repository at $SRC/strscpy-fuzz, " + build_sh)

def workflow(path, modes):
    w = yaml.safe_load(open(path))
    steps = [st for job in w["jobs"].values() for st in job["steps"]]
    cfl = [st for st in steps if "google/clusterfuzzlite/actions/" in st.get("uses", "")]
    found = {st["with"].get("mode") for st in cfl if "run_fuzzers" in st["uses"]}
    problems = ["no run_fuzzers step in mode " + m for m in modes - found]
    problems += ["%s without language: c" % st["name"] for st in cfl if st.get("with", {}).get("language") != "c"]
    report(path, problems, "run_fuzzers modes: " + ", ".join(sorted(found)))

project("oss-fuzz/project.yaml", {"libfuzzer", "afl"})
project(".clusterfuzzlite/project.yaml", None)
dockerfile("oss-fuzz/Dockerfile", "oss-fuzz/build.sh")
dockerfile(".clusterfuzzlite/Dockerfile", ".clusterfuzzlite/build.sh")
workflow(".github/workflows/cflite_pr.yml", {"code-change"})
workflow(".github/workflows/cflite_batch.yml", {"batch", "prune"})
PY
  )
}

# run_build ENGINE SANITIZER DIR BUILD_SH: BUILD_SH as `compile` runs it, in a fresh
# $SRC/$WORK/$OUT.
run_build() {
  local engine=$1 sanitizer=$2 dir=$3 build_sh=$4 cc=clang cxx=clang++ engine_flags=-fsanitize=fuzzer
  local cflags="$base_cflags ${sanitizer_flags[$sanitizer]} -fsanitize=fuzzer-no-link"

  if [ "$sanitizer" = coverage ]; then
    cflags="$base_cflags $coverage_build_flags"
  fi

  if [ "$engine" = afl ]; then
    cc=afl-clang-fast cxx=afl-clang-fast++ engine_flags=$afl_driver
    cflags="$base_cflags ${sanitizer_flags[$sanitizer]}"
  fi
  rm -rf "$dir"
  mkdir -p "$dir/src" "$dir/work" "$dir/out"
  ln -s "$repo" "$dir/src/strscpy-fuzz"
  cp "$repo/$build_sh" "$dir/src/build.sh"
  (cd "$dir/src/strscpy-fuzz" &&
    env -i PATH="$PATH" HOME="${HOME:-/root}" CC="$cc" CXX="$cxx" CFLAGS="$cflags" \
      CXXFLAGS="$cflags" LIB_FUZZING_ENGINE="$engine_flags" SRC="$dir/src" \
      WORK="$dir/work" OUT="$dir/out" SANITIZER="$sanitizer" FUZZING_ENGINE="$engine" \
      ARCHITECTURE=x86_64 AFL_QUIET=1 \
      ASAN_OPTIONS="detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1" \
      bash -eux "$dir/src/build.sh") >"$dir/build.log" 2>&1
}

# The options file as run_fuzzer passes it: each key = value of [libfuzzer] as -key=value.
libfuzzer_options() {
  sed -n '/^\[libfuzzer\]/,/^\[/{/=/{s/[[:space:]]*=[[:space:]]*/=/;s/^/-/;p}}' "$1"
}

check_seed_zip() {
  local engine=$1 sanitizer=$2 out=$3 target=$4 zip=$3/$4_seed_corpus.zip files
  if [ ! -f "$zip" ]; then
    result "$engine" "$sanitizer" "$target" seed-zip FAIL "no ${target}_seed_corpus.zip"
    return
  fi
  files=$(unzip -Z1 "$zip" 2>/dev/null | grep -vc '/$' || true)
  if unzip -tq "$zip" >/dev/null 2>&1 && [ "$files" -gt 0 ]; then
    result "$engine" "$sanitizer" "$target" seed-zip PASS "unzip -t ok, $files inputs"
  else
    result "$engine" "$sanitizer" "$target" seed-zip FAIL "unzip -t failed or empty ($files inputs)"
  fi
}

# OSS-Fuzz's check_mixed_sanitizers: call sites into each sanitizer's runtime, by objdump.
check_sanitizer() {
  local engine=$1 sanitizer=$2 binary=$3 target=$4 asan msan ubsan dfsan ok=1
  # One pass over the disassembly, tens of MB: a copy in a shell variable, grepped once per
  # runtime, costs ten times as much.  The instruction bytes are left out of it and the grep
  # matches bytes, not UTF-8 characters: the call lines, and so the counts, are check_build's.
  read -r asan msan ubsan dfsan < <(objdump -dC --no-show-raw-insn "$binary" |
    LC_ALL=C grep -oE 'callq?\s+[0-9a-f]+\s+<__(asan|msan|ubsan|dfsan)' |
    awk '{ n[substr($NF, 4)]++ } END { print n["asan"] + 0, n["msan"] + 0, n["ubsan"] + 0, n["dfsan"] + 0 }')
  case $sanitizer in
  address)
    ((asan >= asan_calls_asan_build && msan <= msan_calls_other_build &&
      ubsan <= ubsan_calls_other_build && dfsan == 0)) || ok=0 ;;
  memory)
    ((msan >= msan_calls_msan_build && asan == 0 && ubsan <= ubsan_calls_other_build &&
      dfsan == 0)) || ok=0 ;;
  undefined)
    ((ubsan >= ubsan_calls_ubsan_build && asan == 0 && msan <= msan_calls_other_build &&
      dfsan == 0)) || ok=0 ;;
  esac
  result "$engine" "$sanitizer" "$target" sanitizer "$([ $ok = 1 ] && echo PASS || echo FAIL)" \
    "call sites: __asan $asan, __msan $msan, __ubsan $ubsan, __dfsan $dfsan"
}

# Beyond check_build: the runtimes alone carry ~170 __ubsan call sites with clang 14, more
# than check_build's 168, so also count, in the objects build.sh left in $WORK, the calls
# the compiler put into the project's own code: the implementation and the harness (the CMake
# libraries strscpy_traced and harness).
check_own_code() {
  local engine=$1 sanitizer=$2 objects=$3/work/strscpy-fuzz/CMakeFiles impl harness entry
  case $sanitizer in
  address) entry=__asan_ ;;
  memory) entry=__msan_ ;;
  undefined) entry=__ubsan_handle_ ;;
  esac
  impl=$(objdump -dr "$objects/strscpy_traced.dir/src/strscpy.c.o" |
    grep -cE "R_X86_64_PLT32\s+$entry" || true)
  harness=$(objdump -dr "$objects"/harness.dir/fuzz/*.o |
    grep -cE "R_X86_64_PLT32\s+$entry" || true)
  if ((impl > 0 && harness > 0)); then
    result "$engine" "$sanitizer" - own-code PASS "$entry call sites: src/strscpy.c $impl, harness $harness"
  else
    result "$engine" "$sanitizer" - own-code FAIL "$entry call sites: src/strscpy.c $impl, harness $harness"
  fi
}

check_libfuzzer_target() {
  local engine=$1 sanitizer=$2 out=$3 target=$4 log options edges corpus seeds
  local runs=$min_runs done="Done $min_runs runs"
  log=$(dirname "$3")/$4
  options=$(libfuzzer_options "$out/$target.options" | tr '\n' ' ')
  # The coverage build has no feedback to fuzz with: it runs what it is given once (-runs=0),
  # as OSS-Fuzz's coverage job runs the corpus.
  if [ "$sanitizer" = coverage ]; then
    runs=0 done="Done [0-9]+ runs"
  fi

  # check_startup_crash and check_engine: -runs=4 without the corpus, edges from its banner.
  # shellcheck disable=SC2086 # $fuzzer_args and $options are lists of flags
  if (cd "$out" && LLVM_PROFILE_FILE=$log.profraw "./$target" $fuzzer_args -seed=1337 -runs=$runs \
    $options) >"$log.startup.log" 2>&1 && grep -qE "$done" "$log.startup.log"; then
    result "$engine" "$sanitizer" "$target" startup PASS \
      "\"$(grep -oE "$done" "$log.startup.log")\" (-seed=1337 -runs=$runs ${options% })"
  else
    result "$engine" "$sanitizer" "$target" startup FAIL "see $log.startup.log"
  fi
  edges=$(grep -Po 'INFO: Loaded [[:digit:]]+ module.*\(.*(counters|guards)\):[[:space:]]+\K[[:digit:]]+' \
    "$log.startup.log" | head -1 || true)
  if [ "$sanitizer" = coverage ]; then
    # No libFuzzer counters in this build: what it is for is the profile a run writes.
    if [ -s "$log.profraw" ]; then
      result "$engine" "$sanitizer" "$target" profile PASS "the run wrote $(stat -c %s "$log.profraw") bytes of profile"
    else
      result "$engine" "$sanitizer" "$target" profile FAIL "the run wrote no profile ($log.profraw)"
    fi
  elif [ -n "$edges" ] && [ "$edges" -ge $min_edges ]; then
    result "$engine" "$sanitizer" "$target" edges PASS "$edges inline 8-bit counters (>= $min_edges)"
  else
    result "$engine" "$sanitizer" "$target" edges FAIL "${edges:-no} counters (>= $min_edges wanted)"
  fi

  # check_seed_corpus, as a -runs=4 run: every seed is run while the corpus loads.
  corpus=$log.seed_corpus
  rm -rf "$corpus" && mkdir -p "$corpus"
  unzip -q "$out/${target}_seed_corpus.zip" -d "$corpus" 2>/dev/null || true
  # libFuzzer skips empty files when it reads a folder; it runs the empty input first anyway.
  seeds=$(find "$corpus" -type f -size +0 | wc -l)
  # shellcheck disable=SC2086 # $fuzzer_args and $options are lists of flags
  if (cd "$out" && LLVM_PROFILE_FILE=$log.profraw "./$target" $fuzzer_args -seed=1337 \
    -runs=$runs $options "$corpus") \
    >"$log.corpus.log" 2>&1 && grep -q "INITED" "$log.corpus.log" &&
    grep -q "INFO: seed corpus: files: $seeds " "$log.corpus.log"; then
    # The coverage build has no libFuzzer coverage to show.
    edges=$(grep -o 'INITED cov: [0-9]*' "$log.corpus.log" || true)
    result "$engine" "$sanitizer" "$target" seed-corpus PASS "all $seeds seeds run clean${edges:+ ($edges)}"
  else
    result "$engine" "$sanitizer" "$target" seed-corpus FAIL "see $log.corpus.log"
  fi
  rm -rf "$corpus"
}

# check_engine for AFL++: afl-fuzz must reach "All set and ready to roll" within 35 s,
# and check_startup_crash: without "target binary crashed/terminated".
check_afl_target() {
  local sanitizer=$1 out=$2 target=$3 log pid started elapsed
  log=$(dirname "$2")/$3
  local inputs=$log.afl-in findings=$log.afl-out
  rm -rf "$inputs" "$findings" && mkdir -p "$inputs"
  # As run_fuzzer with SKIP_SEED_CORPUS: one small input to start from.
  printf 'input' >"$inputs/input"
  started=$(date +%s%N)
  AFL_FORKSRV_INIT_TMOUT=30000 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 \
    AFL_FAST_CAL=1 AFL_CMPLOG_ONLY_NEW=1 AFL_IGNORE_PROBLEMS=1 \
    AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    ASAN_OPTIONS="detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1" \
    MSAN_OPTIONS="exit_code=86:symbolize=0" UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:symbolize=0" \
    timeout --preserve-status -s INT ${afl_start_limit}s \
    afl-fuzz -m none -i "$inputs" -o "$findings" -x "$out/$target.dict" -- "$out/$target" \
    >"$log.afl.log" 2>&1 &
  pid=$!
  elapsed=
  while kill -0 $pid 2>/dev/null; do
    if grep -qs "All set and ready to roll" "$log.afl.log"; then
      elapsed=$((($(date +%s%N) - started) / 1000000))
      # Long enough for the first calibrated run to be fuzzed.
      sleep 2
      kill -INT $pid 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  wait $pid || true
  if [ -n "$elapsed" ] && ((elapsed <= afl_start_limit * 1000)); then
    result afl "$sanitizer" "$target" afl-start PASS \
      "\"All set and ready to roll\" after $((elapsed / 1000)).$(printf '%03d' $((elapsed % 1000))) s (<= ${afl_start_limit} s)"
  else
    result afl "$sanitizer" "$target" afl-start FAIL "not ready within ${afl_start_limit} s, see $log.afl.log"
  fi
  # AFL++ skips, with a warning, dictionary entries it cannot read (names outside [A-Za-z0-9_]).
  local loaded malformed
  loaded=$(sed -n 's/.*Loaded \([0-9]*\) extra tokens.*/\1/p' "$log.afl.log" | head -n1)
  malformed=$(grep -c "Malformed" "$log.afl.log" || true)
  if [ -n "$loaded" ] && [ "$malformed" -eq 0 ]; then
    result afl "$sanitizer" "$target" afl-dict PASS "-x $target.dict: $loaded tokens loaded, none rejected"
  else
    result afl "$sanitizer" "$target" afl-dict FAIL \
      "-x $target.dict: ${loaded:-no} tokens loaded, $malformed lines rejected (see $log.afl.log)"
  fi
  if [ -z "$elapsed" ] || grep -qE "target binary (crashed|terminated)" "$log.afl.log"; then
    result afl "$sanitizer" "$target" startup FAIL "did not start or crashed, see $log.afl.log"
  else
    result afl "$sanitizer" "$target" startup PASS "no \"target binary crashed/terminated\""
  fi
  rm -rf "$inputs" "$findings"
}

# ClusterFuzzLite's build.sh, when all it does is run oss-fuzz/build.sh with the variables as
# they are, makes the libfuzzer-address build: the two are then one build, made through it (so
# both scripts run), and checked once.
cflite_hands_over() {
  local commands
  commands=$(grep -vE '^[[:space:]]*(#|$)' "$repo/.clusterfuzzlite/build.sh")
  # shellcheck disable=SC2016 # the line as build.sh has it, unexpanded
  [ "$commands" = 'exec bash -eu "$SRC/strscpy-fuzz/oss-fuzz/build.sh"' ]
}
cflite_shared=0
if [[ " $builds " == *" libfuzzer-address "* && " $builds " == *" cflite-address "* ]] &&
  cflite_hands_over; then
  cflite_shared=1
  builds=$(tr ' ' '\n' <<<"$builds" | grep -vx cflite-address | tr '\n' ' ')
fi

check_build_variables
check_integration_files
for build in $builds; do
  engine=${build%%-*}
  sanitizer=${build#*-}
  dir=$scratch_root/$build
  begun=$(date +%s)
  build_sh=oss-fuzz/build.sh
  shared=0
  if [ "$build" = libfuzzer-address ] && [ "$cflite_shared" -eq 1 ]; then
    shared=1
  fi
  if [ "$engine" = cflite ] || [ "$shared" -eq 1 ]; then
    build_sh=.clusterfuzzlite/build.sh
  fi
  if ! run_build "${engine/cflite/libfuzzer}" "$sanitizer" "$dir" "$build_sh"; then
    tail -n 20 "$dir/build.log" >&2
    result "$engine" "$sanitizer" - build FAIL "$build_sh failed, see $dir/build.log"
    [ "$shared" -eq 0 ] || result cflite address - build FAIL "the libfuzzer-address build, see above"
    continue
  fi
  # shellcheck disable=SC2012 # the names build.sh wrote, for the reader
  result "$engine" "$sanitizer" - build PASS "$(ls "$dir/out" | tr '\n' ' ')"
  [ "$shared" -eq 0 ] || result cflite address - build PASS \
    "the libfuzzer-address build above: .clusterfuzzlite/build.sh runs oss-fuzz/build.sh as it is, and made it"
  # The coverage build has no sanitizer to count.
  [ "$sanitizer" = coverage ] || check_own_code "$engine" "$sanitizer" "$dir"
  targets=$(find "$dir/work/strscpy-fuzz/oss-fuzz" -name '*.options' -printf '%f\n' |
    sed 's/\.options$//' | sort)
  [ -n "$targets" ] || result "$engine" "$sanitizer" - targets FAIL "the CMake project named no fuzz target"
  if [ -n "${OSS_FUZZ_CHECK_TARGETS:-}" ]; then
    for target in $OSS_FUZZ_CHECK_TARGETS; do
      grep -qxF "$target" <<<"$targets" ||
        result "$engine" "$sanitizer" "$target" files FAIL "not a fuzz target the CMake project names"
    done
    targets=$(grep -xF -f <(tr ' ' '\n' <<<"$OSS_FUZZ_CHECK_TARGETS") <<<"$targets" || true)
  fi
  for target in $targets; do
    missing=""
    for file in "$target" "$target.dict" "$target.options" "${target}_seed_corpus.zip"; do
      [ -f "$dir/out/$file" ] || missing="$missing $file"
    done
    if [ -z "$missing" ]; then
      result "$engine" "$sanitizer" "$target" files PASS "binary, .dict, .options, _seed_corpus.zip"
    else
      result "$engine" "$sanitizer" "$target" files FAIL "not in \$OUT:$missing"
    fi
    [ -x "$dir/out/$target" ] || continue
    check_seed_zip "$engine" "$sanitizer" "$dir/out" "$target"
    [ "$sanitizer" = coverage ] || check_sanitizer "$engine" "$sanitizer" "$dir/out/$target" "$target"
    if [ "$engine" = afl ]; then
      check_afl_target "$sanitizer" "$dir/out" "$target"
    else
      check_libfuzzer_target "$engine" "$sanitizer" "$dir/out" "$target"
    fi
  done
  echo "oss-fuzz-check: $build took $(($(date +%s) - begun)) s" >&2
done

if [ $failures -ne 0 ]; then
  echo "oss-fuzz-check: $failures check(s) FAILED" >&2
  exit 1
fi
echo "oss-fuzz-check: every check passed"
