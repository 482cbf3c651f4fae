#!/usr/bin/env bash
# Every scripts/*.sh, found by globbing: --help and -h print its usage on stdout and exit 0,
# a wrong flag prints it on stderr and exits 2, each within SECONDS (a script that starts real
# work instead fails here); and no shell file of the tree indents with a tab.
# Usage: help.sh SCRIPTS_DIR [SECONDS]
#   SCRIPTS_DIR  the scripts/ folder of the source tree
#   SECONDS      how long each call may take (default 20)
# Exit: 0 every script answers as it should; 1 one does not; 2 usage.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
  echo "usage: help.sh SCRIPTS_DIR [SECONDS]" >&2
  exit 2
fi
dir=$1 seconds=${2:-20}
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$out.help" "$err"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run SCRIPT ARG: SCRIPT ARG with its stdout in $out and its stderr in $err; sets status.
run() {
  status=0
  timeout "$seconds" "$1" "$2" </dev/null >"$out" 2>"$err" || status=$?
  [ "$status" -ne 124 ] || fail "$1 $2: still running after $seconds s (doing real work?)"
}

scripts=("$dir"/*.sh)
[ -e "${scripts[0]}" ] || { echo "FAIL: no scripts in $dir" >&2; exit 1; }
for script in "${scripts[@]}"; do
  name=$(basename "$script")
  before=$failures
  for flag in --help -h; do
    run "$script" "$flag"
    [ "$status" -eq 0 ] || fail "$name $flag: exit $status, expected 0: $(head -n 3 "$err")"
    grep -q '^Usage: ' "$out" || fail "$name $flag: no 'Usage:' line on stdout"
  done
  cp "$out" "$out.help"
  run "$script" --no-such-flag
  [ "$status" -eq 2 ] || fail "$name --no-such-flag: exit $status, expected 2"
  grep -q '^Usage: ' "$err" || fail "$name --no-such-flag: no 'Usage:' line on stderr"
  cmp -s "$out.help" "$err" || fail "$name --no-such-flag: stderr is not the usage --help prints"
  [ ! -s "$out" ] || fail "$name --no-such-flag: wrote to stdout"
  [ "$failures" -ne "$before" ] ||
    echo "ok: $name: --help, -h (exit 0, usage on stdout); --no-such-flag (exit 2, usage on stderr)"
done

# One indentation style for every shell file of the tree (scripts, tests, oss-fuzz, CI): two
# spaces, never a tab.  Build and results folders hold no source.
root=$(cd "$dir/.." && pwd)
mapfile -t shell_files < <(find "$root" \( -path "$root/build" -o -path "$root/results" -o -path "$root/.git" \) \
  -prune -o -type f \( -name '*.sh' -o -path "$root/.ci/run" \) -print | sort)
if tabs=$(grep -n $'^ *\t' "${shell_files[@]}"); then
  fail "lines indented with a tab:"
  echo "$tabs" >&2
else
  echo "ok: none of the ${#shell_files[@]} shell files of the tree is indented with a tab"
fi
[ "$failures" -eq 0 ] || exit 1
