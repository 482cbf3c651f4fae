#!/usr/bin/env bash
# Replay saved inputs, each in its own process, with the standalone replay binary (no engine).
# Usage: scripts/replay.sh FILE|DIR... [--target T] [--preset P | --binary REPLAY] [--quiet]
#   --target  strscpy (default) or strscpy_pad
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
for f in "${inputs[@]}"; do
  class=$(CRASH_LOG=$log crash_class "$replay" "$f")
  if [ "$class" = none ]; then
    same=$((same + 1))
    if [ "$quiet" -eq 1 ]; then
      echo "$f: same as the reference"
    else
      cat "$log"
    fi
  else
    diverged+=("$f: $class")
    if [ "$quiet" -eq 1 ]; then
      echo "$f: DIVERGENCE: $class"
    else
      cat "$log"
      echo "verdict: DIVERGENCE: $class"
    fi
  fi
done

echo "replay: ${#inputs[@]} inputs with $replay: $same same as the reference, ${#diverged[@]} diverged"
for d in "${diverged[@]}"; do
  echo "replay: diverged: $d"
done
[ ${#diverged[@]} -eq 0 ]
