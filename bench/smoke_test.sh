#!/usr/bin/env bash
# The bench ctest: runs scripts/bench.sh with tiny iteration counts, then checks that each
# CSV it wrote has the expected header and exactly the expected rows, every field filled
# (a number; NA only where a fuzzer run was too short to time).  Timings are not judged.
# Usage: bench/smoke_test.sh BUILD_ROOT OUT_DIR
# Exit codes: 0 every table complete; 1 bench.sh failed or a table is not; 2 usage.
set -euo pipefail

if [ $# -ne 2 ]; then
  sed -n 's/^# Usage: /usage: /p' "$0" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
build_root=$1
out=$2

rm -rf "$out"
"$repo/scripts/bench.sh" --smoke --build-root "$build_root" --out "$out"

failed=0
fail() {
  echo "bench smoke: $*" >&2
  failed=1
}

# check_table <file> <header> <key columns> <numeric-or-NA columns> <numeric columns> < expected keys
check_table() {
  local file=$1 header=$2 keys=$3 maybe_na=$4 numeric=$5

  if [ ! -f "$file" ]; then
    fail "$file: missing"
    return
  fi
  [ "$(head -n 1 "$file")" = "$header" ] || fail "$file: header is not: $header"
  if ! diff <(sort) <(tail -n +2 "$file" | cut -d, -f"$keys" | sort) >&2; then
    fail "$file: rows differ from the expected ones (< expected, > found)"
  fi
  awk -F, -v n="$(echo "$header" | tr ',' '\n' | wc -l)" -v maybe_na="$maybe_na" -v numeric="$numeric" '
    function number(v) { return v ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
    function listed(list, c,   parts, k) {
      split(list, parts, " ")
      for (k in parts) if (parts[k] == c) return 1
      return 0
    }
    NR > 1 {
      if (NF != n) { printf "line %d: %d fields, not %d\n", NR, NF, n; bad = 1 }
      for (c = 1; c <= NF; c++) {
        if (listed(numeric, c) && !number($c) || listed(maybe_na, c) && !number($c) && $c != "NA") {
          printf "line %d, column %d: %s\n", NR, c, $c; bad = 1
        }
      }
    }
    END { exit bad }' "$file" >&2 || fail "$file: malformed fields"
}

builds=(debug asan-ubsan asan-ubsan-untraced msan)
targets=(strscpy strscpy_pad)

contenders=(strscpy-unaligned strscpy-aligned strscpy-bytes reference strnlen+memcpy memccpy memcpy)
# The sse2 mode, and with it the SSE2 strlen floor, is offered on x86-64 only (CMakeLists.txt).
if [ "$(uname -m)" = x86_64 ]; then
  contenders+=(strscpy-sse2 sse2-strlen)
fi
for length in 1 7 8 16 64 256 4096 65536; do
  for alignment in aligned unaligned; do
    for contender in "${contenders[@]}"; do
      echo "$length,$alignment,$contender"
    done
  done
done >"$out/expected-implementation"
check_table "$out/implementation.csv" \
  "length,alignment,contender,calls_per_sample,ns_per_call_min,ns_per_call_median,ns_per_call_max,bytes_per_ns_min,bytes_per_ns_median,bytes_per_ns_max,vs_memcpy_median,vs_reference_median" \
  1-3 "" "1 4 5 6 7 8 9 10 11 12" <"$out/expected-implementation"

for build in "${builds[@]}"; do
  for target in "${targets[@]}"; do
    echo "$build,$target"
  done
done >"$out/expected-builds"

check_table "$out/fuzzer.csv" \
  "build,target,seed_inputs,runs,reps,target_execs_per_s_min,target_execs_per_s_median,target_execs_per_s_max,impl_only_execs_per_s_min,impl_only_execs_per_s_median,impl_only_execs_per_s_max,empty_execs_per_s_min,empty_execs_per_s_median,empty_execs_per_s_max,ratio_min,ratio_median,ratio_max,impl_only_ratio_min,impl_only_ratio_median,impl_only_ratio_max" \
  1-2 "$(seq -s ' ' 6 20)" "3 4 5" <"$out/expected-builds"

check_table "$out/sweep.csv" \
  "build,target,cases,reps,seconds_min,seconds_median,seconds_max,cases_per_s_median" \
  1-2 "" "3 4 5 6 7 8" <"$out/expected-builds"

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "bench smoke: implementation.csv, fuzzer.csv and sweep.csv complete"
