#!/usr/bin/env bash
# Replay saved inputs with the standalone replay binary (no engine); an input that does not run as
# the reference does is replayed again in its own process, and its verdict is that run's.
# Usage: scripts/replay.sh FILE|DIR... [--target T] [--preset P | --binary REPLAY] [--quiet]
#   --target  strscpy (default), or another target of corpus/targets.list
#   --preset  the build to replay with (default asan-ubsan; debug for gdb and valgrind),
#             built in $STRSCPY_BUILD_ROOT/<preset> (default build/<preset>) when missing
#   --binary  a <target>_replay binary to use instead
#   --quiet   print only the verdict lines and the summary
# Folders are walked (hidden files skipped), files replayed in name order. Each input gets its
# decoded case and a verdict line: "same as the reference" or "DIVERGENCE: <class>" (the
# harness's class, or the sanitizer's error kind), followed by the report.
# Environment: STRSCPY_EMULATOR runs a cross-built --binary (e.g. "qemu-s390x -L /usr/s390x-linux-gnu");
#   STRSCPY_CASE_SECONDS is the per-case CPU-time limit (default 5), class timeout past it.
# Exit: 0 every input runs the same as the reference; 1 any divergence or crash; 2 usage or
# build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

target=strscpy
preset=asan-ubsan
replay=""
quiet=0
parse_args --target=target --preset=preset --binary=replay --quiet:quiet=1 -- "$@"
paths=("${operands[@]}")
[ ${#paths[@]} -gt 0 ] || usage
check_target "$target"
check_case_seconds

if [ -z "$replay" ]; then
  "$repo/scripts/setup.sh" || die_usage "set-up failed"
  dir=$(build_dir_for "$preset")
  ensure_built "$dir" "$preset" "${target}_replay"
  replay=$dir/${target}_replay
fi
[ -x "$replay" ] || die_usage "no replay binary at $replay"

inputs=()
for path in "${paths[@]}"; do
  if [ -d "$path" ]; then
    while IFS= read -r -d '' f; do
      inputs+=("$f")
    done < <(find "$path" -type f ! -name '.*' -print0 | sort -z)
  elif [ -f "$path" ]; then
    inputs+=("$path")
  else
    die_usage "no such file or folder: $path"
  fi
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
same=0
diverged=()

# alone FILE: FILE in a process of its own, which names its class.
alone() {
  local class
  class=$(CRASH_LOG=$log crash_class "$replay" "$1")
  if [ "$class" = none ]; then
    same=$((same + 1))
    if [ "$quiet" -eq 1 ]; then
      echo "$1: same as the reference"
    else
      cat "$log"
    fi
  else
    diverged+=("$1: $class")
    if [ "$quiet" -eq 1 ]; then
      echo "$1: DIVERGENCE: $class"
    else
      cat "$log"
      echo "verdict: DIVERGENCE: $class"
    fi
  fi
}

# The inputs from next on run in one process: its start-up (ASan's, and the watchdog's
# calibration) was most of a corpus's replay when every input paid it.  The tool prints each
# input's header line ("FILE (N bytes)") and, unless the input diverges and ends the process, its
# verdict.  The input it stopped in runs alone, then the rest in one process again; output that
# says anything else (a process that failed in no input) has each input of the rest run alone.
# The last input runs alone at once: one process either way.
verdict_re='^verdict: same as the reference$'
header_re=' \([0-9]+ bytes\)$'
next=0
while [ "$next" -lt $((${#inputs[@]} - 1)) ]; do
  batch=("${inputs[@]:next}")
  STRSCPY_CASE_SECONDS=$case_seconds run_harness "$log" \
    --limit "$((${#batch[@]} * (3 * case_seconds + 5)))" "$replay" "${batch[@]}"
  passed=$(grep -cE "$verdict_re" "$log" || true)
  started=$(grep -cE "$header_re" "$log" || true)
  if [ "$harness_status" -eq 0 ] && [ "$passed" -eq ${#batch[@]} ] && [ "$started" -eq "$passed" ]; then
    stop=${#batch[@]}
  elif [ "$harness_status" -ne 0 ] && [ "$started" -eq $((passed + 1)) ]; then
    stop=$passed
  else
    for f in "${batch[@]}"; do
      alone "$f"
    done
    break
  fi
  same=$((same + stop))
  if [ "$quiet" -eq 0 ]; then
    # Each clean input's lines, up to its verdict.
    awk -v n="$stop" -v re="$verdict_re" 'n == 0 { exit } { print } $0 ~ re { n-- }' "$log"
  elif [ "$stop" -gt 0 ]; then
    printf '%s: same as the reference\n' "${batch[@]:0:stop}"
  fi
  next=$((next + stop))
  if [ "$next" -lt ${#inputs[@]} ]; then
    alone "${inputs[next]}"
    next=$((next + 1))
  fi
done
if [ "$next" -eq $((${#inputs[@]} - 1)) ]; then
  alone "${inputs[next]}"
fi

echo "replay: ${#inputs[@]} inputs with $replay: $same same as the reference, ${#diverged[@]} diverged"
for d in "${diverged[@]}"; do
  echo "replay: diverged: $d"
done
[ ${#diverged[@]} -eq 0 ]
