#!/usr/bin/env bash
# Run a fuzzing command and check that its progress lines ("fuzz: 10 s: runs N, ...") move: at
# least two, and each counts more runs than the one before.
# Usage: progress_moves.sh COMMAND [ARG...]
# Exit: COMMAND's status when the lines move; 1 when they do not; 2 usage.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: progress_moves.sh COMMAND [ARG...]" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$@" >"$log" 2>&1 || status=$?
cat "$log"
mapfile -t runs < <(sed -nE 's/^fuzz: [0-9]+ s: runs ([0-9]+),.*/\1/p' "$log")
if [ ${#runs[@]} -lt 2 ]; then
  echo "FAIL: ${#runs[@]} progress lines, expected at least 2" >&2
  exit 1
fi
for ((i = 1; i < ${#runs[@]}; i++)); do
  if [ "${runs[i]}" -le "${runs[i - 1]}" ]; then
    echo "FAIL: progress line $((i + 1)) counts ${runs[i]} runs, line $i ${runs[i - 1]}: stale figures" >&2
    exit 1
  fi
done
echo "ok: ${#runs[@]} progress lines, runs ${runs[*]}"
exit "$status"
