#!/usr/bin/env bash
# Set up, build and run every test; exits non-zero on any failure.
# Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh

# preset: what it runs. The default fuzzing build runs everything; the other
# sanitizer and mode builds run the unit tests and the sweeps.
legs=(
  "asan-ubsan:"
  "msan:unit|sweep"
  "mode-aligned:unit|sweep"
  "mode-bytes:unit|sweep"
  "debug:unit|sweep"
)

failed=()
for leg in "${legs[@]}"; do
  preset=${leg%%:*}
  labels=${leg#*:}
  echo "== $preset${labels:+ (labels: $labels)}"
  cmake --preset "$preset" -DSTRSCPY_WERROR=ON >/dev/null
  cmake --build --preset "$preset" -j"$(nproc)" >/dev/null
  if ! ctest --preset "$preset" -j"$(nproc)" ${labels:+-L "$labels"}; then
    failed+=("$preset")
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "test: FAILED in: ${failed[*]}" >&2
  exit 1
fi
echo "test: all legs passed"
