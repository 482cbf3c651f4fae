#!/usr/bin/env bash
# Does a call site behave the same after a conversion (strncpy to strscpy, strlcpy to strscpy...)?
# Runs the old and the new call site on identical buffers, through a deterministic sweep and then
# libFuzzer, and reports every observable that differs as its own class, with its smallest case.
# Usage: scripts/check-conversion.sh FROM TO [--dest-size N] [--src-size N] [--src-unterminated]
#                                    [--seconds S] [--binary PATH]
#   FROM, TO    call-site idioms, IDIOM[:src-size] (n is dest's size unless :src-size says src's);
#               an unknown one lists them all (docs/conversions.md); or two C files, old.c new.c,
#               each defining int site(char *dest, size_t dest_size, const char *src,
#               size_t src_size) that returns the call site's success test (nonzero: success)
#   --dest-size  dest's size, 1..4096 (default: swept over sizes around word sizes, then INT_MAX - 1,
#                INT_MAX, INT_MAX + 1 and 2^32 + 1 with short strings: each owned in full, observed
#                at its ends; not run for a site that pads all of dest)
#   --src-size   the size of the object src points into (default: swept around dest's)
#   --src-unterminated  src may fill its object with no NUL (a fixed-width field)
#   --seconds    seconds of fuzzing after the sweep (default 5; 0: the sweep alone)
#   --binary     a conversion_checker already built with idioms (for the tests)
# Environment: CONVERSION_BUILD_DIR  build folders (default $STRSCPY_BUILD_ROOT/conversion, or
#                                    build/conversion), one per pair of files
# Classes: string-bytes, last-byte, termination, padding (dest's bytes, all of them),
#          success-test, return-value, reads-further (src read past what the old site read,
#          measured with a guard page), writes-outside-dest.
# Exit: 0 no difference; 1 a difference (each class with its smallest case, both outcomes side
#       by side, a hex window around the first differing byte); 2 usage, set-up or build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

dest_size=""
src_size=""
unterminated=0
seconds=5
binary=""
# The longest the sweep may take, on top of --seconds.
sweep_seconds=120
parse_args --dest-size=dest_size --src-size=src_size --src-unterminated:unterminated=1 \
  --seconds=seconds --binary=binary -- "$@"
[ ${#operands[@]} -eq 2 ] || usage
from=${operands[0]}
to=${operands[1]}
[[ "$seconds" =~ ^[0-9]+$ ]] || die_usage "--seconds takes a whole number"

checker_args=()
[ -z "$dest_size" ] || checker_args+=(--dest-size="$dest_size")
[ -z "$src_size" ] || checker_args+=(--src-size="$src_size")
[ "$unterminated" -eq 0 ] || checker_args+=(--src-unterminated)

build_root=${CONVERSION_BUILD_DIR:-$(build_dir_for conversion)}

# build_checker TARGET [-DVAR=VALUE...]: the checker in its own tree; sets binary.
build_checker() {
  local target=$1 dir=$build_root/idioms
  shift
  [ $# -eq 0 ] || dir=$build_root/sites-$(printf '%s\n' "$@" | sha256sum | cut -c1-12)
  "$repo/scripts/setup.sh" >/dev/null || die_usage "set-up failed"
  echo "check-conversion: building $target in $dir" >&2
  ensure_built "$dir" asan-ubsan -DSTRSCPY_SELF_TEST=OFF "$@" "$target"
  binary=$dir/conversion/$target
}

if [[ "$from" == *.c || "$to" == *.c ]]; then
  for file in "$from" "$to"; do
    [ -f "$file" ] || die_usage "no such file: $file"
  done
  [ -z "$binary" ] || die_usage "--binary runs built-in idioms, not files"
  build_checker conversion_sites_checker \
    -DCONVERSION_OLD_SITE="$(realpath "$from")" -DCONVERSION_NEW_SITE="$(realpath "$to")"
  checker_args+=(--from=old --to=new)
else
  [ -n "$binary" ] || build_checker conversion_checker
  checker_args+=(--from="$from" --to="$to")
fi

if [ "$seconds" -eq 0 ]; then
  checker_args+=(--sweep-only)
else
  # A fixed seed: the same inputs each run, as far as the time allows.
  checker_args+=(-max_total_time="$seconds" -seed=1 -timeout="$case_seconds" -print_final_stats=0)
fi

log=$(mktemp)
report=$(mktemp)
trap 'rm -f "$log" "$report"' EXIT
status=0
# The sweep runs before libFuzzer's -timeout is armed: a site that never returns is stopped here.
timeout "$((seconds + sweep_seconds))" "$binary" "${checker_args[@]}" >"$report" 2>"$log" ||
  status=$?

if [ "$status" -eq 2 ] && [ ! -s "$report" ]; then
  sed -n 's/^check-conversion: /check-conversion: /p' "$log" >&2
  exit 2
fi
cat "$report"
verdict=$(sed -n 's/^check-conversion: verdict: //p' "$report")
if [ -z "$verdict" ]; then
  # The process died before its report: a sanitizer's finding in a site, or a crash.
  class=$(finding_class "$log")
  [ "$status" -ne 124 ] || class=timeout
  echo "check-conversion: a site crashed (${class:-$(exit_description "$status")}); its report:"
  grep -E "(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error|^ *#[0-3] |^SUMMARY:|deadly signal|^check-conversion: stopped|^case: " \
    "$log" || tail -n 20 "$log"
  exit 1
fi
# An EQUIVALENT may say, after it, which large dest sizes were not run or compared.
[[ "$verdict" == EQUIVALENT* ]] || exit 1
