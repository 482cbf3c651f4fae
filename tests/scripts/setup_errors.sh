#!/usr/bin/env bash
# A harness binary that cannot run is a set-up error, never a divergence: replay.sh,
# minimize.sh and fuzz.sh, given one, exit 2 and say what is wrong.
# Usage: setup_errors.sh WORK REPLAY FUZZER
#   REPLAY, FUZZER  working tools of this build, for the steps that need one that runs
# Exit: 0 every script reported a set-up error; 1 one did not; 2 usage.
set -euo pipefail

usage() { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }

[ $# -eq 3 ] || usage
work=$1 replay=$2 fuzzer=$3
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
expect=$here/expect.sh
rm -rf "$work"
mkdir -p "$work"

# An ELF file this kernel refuses (as an i386 binary is refused where 32-bit support is off),
# a file that is not executable, and an input to give them.
printf '\177ELF\001\001\001\000not a program\n' >"$work/foreign"
chmod +x "$work/foreign"
printf 'int main(void) { return 0; }\n' >"$work/not-executable"
printf 'abc' >"$work/input"
refused="set-up error, not a divergence: $work/foreign cannot be executed on this machine"

echo "== replay.sh with a binary this machine cannot execute"
"$expect" 2 "$refused" -- "$repo/scripts/replay.sh" --binary "$work/foreign" "$work/input"
echo "== replay.sh with a binary that is not executable"
"$expect" 2 "no replay binary at $work/not-executable" -- \
  "$repo/scripts/replay.sh" --binary "$work/not-executable" "$work/input"
echo "== minimize.sh: the replay tool cannot run"
"$expect" 2 "$refused" -- \
  "$repo/scripts/minimize.sh" "$work/input" --binary "$fuzzer" --replay "$work/foreign"
echo "== fuzz.sh: the fuzz target cannot run"
"$expect" 2 "$refused" -- \
  "$repo/scripts/fuzz.sh" strscpy --binary "$work/foreign" --replay "$replay" --jobs 1 \
  --seconds 1 --out "$work/fuzz"
