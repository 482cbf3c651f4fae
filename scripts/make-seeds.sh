#!/usr/bin/env bash
# Regenerate the seeds and dictionary of each corpus of corpus/targets.list with
# fuzz/make_seeds.c, or (--check) verify that the committed ones are exactly what it writes.
# Usage: scripts/make-seeds.sh [--check] [--tool PATH/TO/make_seeds]
#   Without --tool, make_seeds is built (preset debug, no fuzzing engine) in
#   $MAKE_SEEDS_BUILD_DIR (default $STRSCPY_BUILD_ROOT/make-seeds, build/make-seeds).
#   STRSCPY_EMULATOR runs a cross-built --tool (e.g. "qemu-s390x -L /usr/s390x-linux-gnu").
# Exit: 0 done / corpus up to date; 1 corpus differs from the tool's output (--check);
#       2 usage or build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
cd "$repo"

check=0
tool=""
parse_args --check:check=1 --tool=tool -- "$@"
[ ${#operands[@]} -eq 0 ] || usage

if [ -z "$tool" ]; then
  scripts/setup.sh || exit 2
  build=${MAKE_SEEDS_BUILD_DIR:-$(build_dir_for make-seeds)}
  ensure_built "$build" debug -DSTRSCPY_FUZZ_ENGINE= -DSTRSCPY_SELF_TEST=OFF make_seeds
  tool=$build/make_seeds
fi
[ -x "$tool" ] || { echo "make-seeds: no such tool: $tool" >&2; exit 2; }

# One set of seeds and one dictionary per corpus, whatever number of targets share it.
mapfile -t corpora < <(corpora)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for c in "${corpora[@]}"; do
  mkdir -p "$out/$c/seeds"
  # shellcheck disable=SC2086 # STRSCPY_EMULATOR is a command line: qemu and its options.
  ${STRSCPY_EMULATOR:-} "$tool" "$c-seeds" "$out/$c/seeds" || exit 2
  # shellcheck disable=SC2086
  ${STRSCPY_EMULATOR:-} "$tool" "$c-dict" "$out/$c.dict" || exit 2
done

if [ $check -eq 1 ]; then
  status=0
  for c in "${corpora[@]}"; do
    diff -r "$out/$c/seeds" "corpus/$c/seeds" >&2 || status=1
    diff "$out/$c.dict" "corpus/$c.dict" >&2 || status=1
  done
  if [ $status -ne 0 ]; then
    echo "make-seeds: corpus/ differs from what $tool writes; run scripts/make-seeds.sh" >&2
    exit 1
  fi
  echo "make-seeds: corpus/ is what $tool writes: $(for c in "${corpora[@]}"; do
    printf '%s %s seeds, ' "$c" "$(find "$out/$c/seeds" -type f | wc -l)"; done | sed 's/, $//')"
  exit 0
fi

for c in "${corpora[@]}"; do
  rm -rf "corpus/$c/seeds"
  mkdir -p "corpus/$c"
  cp -r "$out/$c/seeds" "corpus/$c/seeds"
  cp "$out/$c.dict" "corpus/$c.dict"
done
echo "make-seeds: wrote the seeds and dictionaries of the corpora ${corpora[*]} under corpus/"
