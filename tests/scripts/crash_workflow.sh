#!/usr/bin/env bash
# The crash workflow on a planted bug, run as a user runs it: fuzz.sh finds crashes and names
# their class; minimize.sh shrinks one and keeps its class, and refuses an input that does not
# crash or a smaller input whose class drifted; replay.sh gives the verdict against the bug and
# against the shipped code; gdb stops in the class's reporter; afl-tmin minimizes an AFL++ crash.
# Usage: crash_workflow.sh WORK CLASSES SWEEP FUZZER REPLAY SHIPPED_REPLAY PATCHED_SRC
#   CLASSES  the bug's classes, comma-separated (the catalogue's "Class:" line)
#   SWEEP, FUZZER, REPLAY  the planted bug's harness tools; SHIPPED_REPLAY the shipped one's
#   PATCHED_SRC  the bug's copy of src/, for an AFL++ build of it (made in WORK)
# Exit: 0 every step as expected; 1 a step was not; 2 usage.
set -euo pipefail

usage() { sed -n '6p' "$0" | sed 's/^# //' >&2; exit 2; }

[ $# -eq 7 ] || usage
work=$1 classes=$2 sweep=$3 fuzzer=$4 replay=$5 shipped=$6 patched=$7
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
expect=$here/expect.sh
class_re="(${classes//,/|})"

rm -rf "$work"
mkdir -p "$work"
step() { echo "== $*"; }

step "a crash: the sweep's reproducer"
if "$sweep" --reproducer "$work/crash" >"$work/sweep.log" 2>&1 || [ ! -s "$work/crash" ]; then
  cat "$work/sweep.log"
  echo "FAIL: the planted bug's sweep saved no reproducer" >&2
  exit 1
fi

step "fuzz.sh finds crashes and names their class"
"$expect" 1 "^crash: $work/fuzz/crashes/crash-[0-9a-f]+: $class_re\$" \
  "^summary: crashes [0-9]+ \\([0-9]+ $class_re" -- \
  "$repo/scripts/fuzz.sh" strscpy --binary "$fuzzer" --replay "$replay" --jobs 1 --seconds 60 \
  --out "$work/fuzz"

step "minimize.sh keeps the class"
"$expect" 0 "same class $class_re\$" -- \
  "$repo/scripts/minimize.sh" "$work/crash" --binary "$fuzzer" --replay "$replay" --runs 20000
[ "$(stat -c %s "$work/crash.min")" -le "$(stat -c %s "$work/crash")" ] ||
  { echo "FAIL: crash.min is larger than crash" >&2; exit 1; }

step "replay.sh: the bug diverges on the minimized input, the shipped code does not"
"$expect" 1 "^verdict: DIVERGENCE: $class_re\$" "^replay: 1 inputs .*: 0 same as the reference, 1 diverged" -- \
  "$repo/scripts/replay.sh" --binary "$replay" "$work/crash.min"
"$expect" 0 "^verdict: same as the reference\$" "^replay: 1 inputs .*: 1 same as the reference, 0 diverged" -- \
  "$repo/scripts/replay.sh" --binary "$shipped" "$work/crash.min"

step "minimize.sh refuses an input that does not crash"
"$expect" 1 "does not crash" -- \
  "$repo/scripts/minimize.sh" "$work/crash.min" --binary "$fuzzer" --replay "$shipped" --runs 1000

step "minimize.sh refuses a smaller input of another class"
# A replay that names the original input's class truly and any other input's falsely: every
# smaller input the fuzzer finds has then drifted.
cat >"$work/drifting_replay" <<EOF
#!/usr/bin/env bash
cmp -s "\$1" "$work/crash" && exec "$replay" "\$1"
echo "==strscpy-fuzz== DIVERGENCE: another-class"
exit 1
EOF
chmod +x "$work/drifting_replay"
rm -f "$work/crash.min"
"$expect" 1 "'another-class', not '$class_re'" -- \
  "$repo/scripts/minimize.sh" "$work/crash" --binary "$fuzzer" --replay "$work/drifting_replay" --runs 20000
[ ! -e "$work/crash.min" ] || { echo "FAIL: a drifted input was written" >&2; exit 1; }

step "gdb stops in the class's reporter"
"$expect" 0 "SIGILL" "in report_${class_re//-/_}" -- \
  gdb -batch -ex run -ex bt --args "$replay" "$work/crash"

step "afl-tmin minimizes an AFL++ crash file and keeps the class"
build=$work/afl-build
(cd "$repo" && cmake --preset afl -B "$build" -DSTRSCPY_IMPL_SOURCE="$patched/strscpy.c" >"$work/afl-build.log" 2>&1 &&
  cmake --build "$build" --target strscpy_fuzzer strscpy_replay >>"$work/afl-build.log" 2>&1) ||
  { cat "$work/afl-build.log"; echo "FAIL: AFL++ build of the bug" >&2; exit 1; }
mkdir -p "$work/afl/main/crashes"
afl_crash="$work/afl/main/crashes/id:000000,sig:04,src:000000,op:havoc"
cp "$work/crash" "$afl_crash"
"$expect" 0 "minimizing with afl" "same class $class_re\$" -- \
  "$repo/scripts/minimize.sh" "$afl_crash" --binary "$build/strscpy_fuzzer"
