#!/usr/bin/env bash
# scripts/oss-fuzz-check.sh must fail a build.sh that is broken the ways OSS-Fuzz cares
# about.  In a copy of the repository: build.sh (1) reads a variable the builders do not
# promise ($HOME) and (2) compiles without $CFLAGS, so no sanitizer and no coverage
# instrumentation reach the code (checked on the UBSan build, where check_build's own
# call-site count does not notice); then (3) one target has no corpus (no line in
# corpus/targets.list).
# Usage: tests/ossfuzz/check_catches_bad_build.sh SCRATCH_DIR
# Exit: 0 when the check failed each of them, as it should; 1 otherwise; 2 on usage error.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 SCRATCH_DIR" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$1
copy=$scratch/repo
rm -rf "$scratch"
mkdir -p "$copy"
tar -C "$repo" --exclude=./build --exclude=./results --exclude=./.git -cf - . | tar -C "$copy" -xf -

sed -i 's/-DCMAKE_C_FLAGS="\$CFLAGS"/-DCMAKE_C_FLAGS=/' "$copy/oss-fuzz/build.sh"
echo ': "$HOME"' >>"$copy/oss-fuzz/build.sh"
# Each failure shows in one target as in all: the checks run on strscpy_fuzzer alone.
run_check() {
  local status=0
  OSS_FUZZ_CHECK_DIR=$scratch/check OSS_FUZZ_CHECK_TARGETS=strscpy_fuzzer \
    "$copy/scripts/oss-fuzz-check.sh" "$1" >>"$scratch/check.log" 2>&1 || status=$?
  echo "oss-fuzz-check.sh $1: exit $status" >>"$scratch/check.log"
}
run_check libfuzzer-undefined
sed -i '/^strscpy_pad /d' "$copy/corpus/targets.list"
run_check libfuzzer-address
grep '^oss-fuzz-check' "$scratch/check.log"

failed=0
expect() {
  if grep -qE "$1" "$scratch/check.log"; then
    echo "check_catches_bad_build: caught: $2"
  else
    echo "check_catches_bad_build: NOT caught: $2" >&2
    failed=1
  fi
}
expect 'libfuzzer-undefined: exit 1' 'exit 1 for the build without $CFLAGS'
expect 'libfuzzer-address: exit 1' 'exit 1 for the target without a corpus'
expect 'build.sh +variables +FAIL .*HOME' 'build.sh reads $HOME'
expect 'undefined +- +own-code +FAIL' 'no UBSan checks in the project'"'"'s code'
expect 'strscpy_fuzzer +edges +FAIL' 'no coverage instrumentation'
expect 'address +- +build +FAIL' 'a target without a corpus'
exit $failed
