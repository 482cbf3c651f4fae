#!/usr/bin/env bash
# A crash that is a sanitizer report, not a harness divergence: minimize.sh names its class by
# the report's error kind and top frame, and keeps that class.
# Usage: minimize_sanitizer_crash.sh WORK KIND SWEEP FUZZER REPLAY
#   KIND  the report's error kind, e.g. use-of-uninitialized-value
#   SWEEP, FUZZER, REPLAY  the planted bug's harness tools
# Exit: 0 as expected; 1 not; 2 usage.
set -euo pipefail

[ $# -eq 5 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
work=$1 kind=$2 sweep=$3 fuzzer=$4 replay=$5
# Planted classes name sanitizer findings as finding_class does (msan-<kind>); the summary line
# minimize.sh keeps names the kind alone.
kind=$(sed -E "s/(^|[(|])[am]san-/\1/g" <<<"$kind")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
if "$sweep" --reproducer "$work/crash" >"$work/sweep.log" 2>&1 || [ ! -s "$work/crash" ]; then
  cat "$work/sweep.log"
  echo "FAIL: the planted bug's sweep saved no reproducer" >&2
  exit 1
fi
"$here/expect.sh" 0 "same class [A-Za-z]+Sanitizer: $kind at [^ ]+:[0-9]+(:[0-9]+)? in [A-Za-z_]+\$" -- \
  "$repo/scripts/minimize.sh" "$work/crash" --binary "$fuzzer" --replay "$replay" --runs 20000
