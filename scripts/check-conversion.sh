#!/usr/bin/env bash
# Does a call site behave the same after a conversion (strncpy to strscpy, strlcpy to strscpy...)?
# Runs the old and the new call site on identical buffers, through a deterministic sweep and then
# libFuzzer, and reports every observable that differs as its own class, with its smallest case.
# Usage: scripts/check-conversion.sh FROM TO [--dest-size N] [--src-size N] [--src-unterminated]
#                                    [--family reference|src] [--seconds S] [--binary PATH]
#   FROM, TO    call-site idioms, IDIOM[:src-size] (n is dest's size unless :src-size says src's);
#               an unknown one lists them all (docs/conversions.md); or two C files, old.c new.c,
#               each a site in one of two forms:
#                 typed: the objects' types, then the lines as the kernel has them; sizes come
#                   from sizeof, src is filled with every string length and with no NUL at all
#                   (no size option), dest's bytes are compared (conversion/site_include/call_site.h)
#                     #include <linux/string.h>
#                     #include <call_site.h>
#                     struct reply { u8 vendor_id[8]; };
#                     struct port { char vendor_id[9]; };
#                     SITE_OBJECTS(struct port, struct reply);
#                     SITE(port, reply) { strscpy(port->vendor_id, reply->vendor_id); }
#                 untyped: int site(char *dest, size_t dest_size, const char *src,
#                   size_t src_size), returning the call site's success test (nonzero: success)
#               A site may call, from <linux/string.h>: strscpy and strscpy_pad (dst, src[, size];
#               without size, dst must be an array: a pointer does not compile), memtostr and
#               memtostr_pad (dst, src: arrays), strtomem (dst, src), strtomem_pad (dst, src, pad),
#               strlcpy (dst, src, size), and the C library's string functions (strncpy...);
#               u8, u16, u32... from <linux/types.h>.
#   --dest-size  dest's size, 1..4096 (default: swept over sizes around word sizes, then INT_MAX - 1,
#                INT_MAX, INT_MAX + 1 and 2^32 + 1 with short strings: each owned in full, observed
#                at its ends; not run for a site that pads all of dest)
#   --src-size   the size of the object src points into (default: swept around dest's)
#   --src-unterminated  src may fill its object with no NUL (a fixed-width field)
#   --family     the strscpy family the files call: reference (default; reference/, the byte-loop
#                specification) or src (src/, the implementation under test); said in the report
#   --seconds    seconds of fuzzing after the sweep (default 5; 0: the sweep alone)
#   --binary     a checker already built (for the tests): conversion_checker for idioms; for
#                files, the checker of those two files
# Environment: CONVERSION_BUILD_DIR  build folders (default $STRSCPY_BUILD_ROOT/conversion, or
#                                    build/conversion), one per pair of files and family
# Classes: string-bytes, last-byte, termination, padding (dest's bytes, all of them),
#          success-test, return-value, reads-further (src read past what the old site read,
#          measured with a guard page: past a fixed-width field), writes-outside-dest.
# Exit: 0 no difference; 1 a difference (each class with its smallest case, both outcomes side
#       by side, a hex window around the first differing byte); 2 usage, set-up or build error
#       (a file that does not compile; typed files whose objects differ, or given a size).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

dest_size=""
src_size=""
unterminated=0
seconds=5
binary=""
family=""
# The longest the sweep may take, on top of --seconds.
sweep_seconds=120
parse_args --dest-size=dest_size --src-size=src_size --src-unterminated:unterminated=1 \
  --family=family --seconds=seconds --binary=binary -- "$@"
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
  case "${family:-reference}" in reference | src) ;; *) die_usage "--family is reference or src" ;; esac
  if [ -z "$binary" ]; then
    build_checker conversion_sites_checker -DCONVERSION_OLD_SITE="$(realpath "$from")" \
      -DCONVERSION_NEW_SITE="$(realpath "$to")" -DCONVERSION_SITE_FAMILY="${family:-reference}"
  else
    [ -z "$family" ] || die_usage "--family chooses how the files are built: a --binary is built"
  fi
  checker_args+=(--from=old --to=new)
else
  [ -z "$family" ] || die_usage "--family is for files: the built-in idioms call reference/"
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
