#!/usr/bin/env bash
# scripts/test.sh's legs, without running one: --list names every leg (the host presets and the
# cross legs i386, s390x, powerpc) with what it covers; --legs A,B --list names A and B only, in
# that order, as the full list does; an unknown leg exits 2 with the full list on stderr.
# Usage: test_legs.sh SCRIPTS_DIR
# Exit: 0 as described; 1 not; 2 usage.
set -euo pipefail
if [ $# -ne 1 ] || [ ! -x "$1/test.sh" ]; then
  echo "usage: test_legs.sh SCRIPTS_DIR" >&2
  exit 2
fi
test_sh=$1/test.sh
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

all=$("$test_sh" --list) || fail "--list: exit $?"
printf '%s\n' "$all"
for leg in asan-ubsan msan debug i386 s390x powerpc; do
  [ "$(grep -c "^$leg: ." <<<"$all")" -eq 1 ] || fail "--list: no line, or more than one, for $leg"
done
[ "$(cut -d: -f1 <<<"$all" | sort | uniq -d)" = "" ] || fail "--list: a leg twice"

chosen=$("$test_sh" --legs powerpc,mode-bytes --list) || fail "--legs powerpc,mode-bytes --list: exit $?"
expected=$(grep '^powerpc: ' <<<"$all"; grep '^mode-bytes: ' <<<"$all")
[ "$chosen" = "$expected" ] ||
  fail "--legs powerpc,mode-bytes --list printed '$chosen', expected '$expected'"

err=$(mktemp)
trap 'rm -f "$err"' EXIT
for legs in no-such-leg mode-bytes,no-such-leg; do
  status=0
  out=$("$test_sh" --legs "$legs" 2>"$err") || status=$?
  [ "$status" -eq 2 ] || fail "--legs $legs: exit $status, expected 2"
  [ -z "$out" ] || fail "--legs $legs: wrote to stdout (ran something?): $out"
  grep -q "unknown leg 'no-such-leg'" "$err" || fail "--legs $legs: the unknown leg is not named"
  [ "$(grep -vF "unknown leg" "$err")" = "$all" ] ||
    fail "--legs $legs: stderr is not the list of legs: $(cat "$err")"
done

[ "$failures" -eq 0 ] || exit 1
echo "ok: --list, --legs LIST --list, and an unknown leg (exit 2, the legs on stderr)"
