#!/usr/bin/env bash
# Set up, build and run every test; exits non-zero on any failure.
# Usage: scripts/test.sh
# Exit: 0 every leg passed; 1 a leg failed or did not build; 2 usage.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
parse_args -- "$@"
[ ${#operands[@]} -eq 0 ] || usage
cd "$repo"

# The OSS-Fuzz check and the CI fuzzing job (label ossfuzz) need these; the scripts'
# tests (label scripts) need afl++, gdb and valgrind, and Debian's kernel source (check-kernel.sh).
scripts/setup.sh zip unzip binutils afl++ python3-yaml gdb valgrind linux-source-6.12

# preset:labels:targets: what it runs, and what it builds for that (no targets: the ones the
# tests of those labels use, test_targets). The default
# fuzzing build runs everything (the selftest label included: the planted-bug catalogue, the
# variants, check-impl.sh); the other sanitizer builds run the unit tests and the sweeps, and msan
# the planted bugs only MSan can catch (msan-selftest). The mode builds run what their
# STRSCPY_MODE changes (label mode: the sweeps, replays and unit test of that mode; the rest is
# the same code as in asan-ubsan) and build only that (target mode_tools). The functions
# STRSCPY_MODE does not build (label family: strlcpy, strncpy...) are swept and replayed in the
# two sanitizer builds only. The bench build runs the benchmarks' smoke test last: it reuses the
# debug, asan-ubsan and msan trees.
legs=(
  'asan-ubsan::all'
  'msan:unit|sweep|family|msan-selftest:'
  'mode-aligned:^mode$:mode_tools'
  'mode-bytes:^mode$:mode_tools'
  'debug:unit|sweep:'
  'bench:bench:all'
)

failed=()
for leg in "${legs[@]}"; do
  IFS=: read -r preset labels targets <<<"$leg"
  echo "== $preset${labels:+ (labels: $labels)}"
  # Only the asan-ubsan and msan legs run the planted-bug catalogue: the others skip building it.
  selftest=OFF
  case $preset in asan-ubsan|msan) selftest=ON ;; esac
  # In the preset's own tree (build/<preset>), where ctest --preset looks.
  settings=(-DSTRSCPY_WERROR=ON "-DSTRSCPY_SELF_TEST=$selftest")
  dir=$repo/build/$preset
  if [ -z "$targets" ]; then
    (ensure_built "$dir" "$preset" "${settings[@]}") || exit 1
    targets=$(test_targets "$dir" -L "$labels")
  fi
  # shellcheck disable=SC2086 # targets: one a word
  (ensure_built "$dir" "$preset" "${settings[@]}" $targets) || exit 1
  if ! ctest --preset "$preset" -j"$(nproc)" ${labels:+-L "$labels"}; then
    failed+=("$preset")
  fi
done

# The word-size and byte-order legs (i386, s390x, powerpc): cross-test.sh installs what they
# need, or says which it skipped and why.
echo "== cross (scripts/cross-test.sh)"
if ! scripts/cross-test.sh; then
  failed+=("cross")
fi

if [ ${#failed[@]} -ne 0 ]; then
  echo "test: FAILED in: ${failed[*]}" >&2
  exit 1
fi
echo "test: all legs passed"
