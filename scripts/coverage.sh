#!/usr/bin/env bash
# Source-based coverage of src/ and reference/ from replaying the corpus (seeds and regressions).
# Usage: scripts/coverage.sh [--out DIR] [--modes "unaligned aligned bytes"]
#   --out    where the reports go (default results/coverage; DIR/<mode> is replaced)
#   --modes  the STRSCPY_MODEs to build and replay with (default all three): each build
#            compiles one mode's code, so all three together reach every line of src/
# Builds the preset coverage (clang -fprofile-instr-generate -fcoverage-mapping, no sanitizer)
# once per mode in $STRSCPY_BUILD_ROOT/coverage-<mode> (default build/coverage-<mode>),
# replays each target's corpus (seeds and regressions) through its <target>_replay (in the
# modes after the first, only the targets whose code STRSCPY_MODE changes: the rest is the same
# code, reached the same way, as in the first), writes an
# HTML report per mode, DIR/<mode>/index.html (llvm-cov show), and DIR/summary.txt. Prints
# one line, a line or branch counting as reached when any mode reached it:
#   coverage: src/: lines H/N (P%), branches H/N (P%); reference/: lines ...
# then each line and branch of src/ that no input reached in any mode.
# Exit: 0 report written; 1 an input diverged (coverage needs a clean corpus); 2 usage,
# set-up or build error.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

out=$repo/results/coverage
modes="unaligned aligned bytes"
parse_args --out=out --modes=modes -- "$@"
[ ${#operands[@]} -eq 0 ] || usage
for mode in $modes; do
  case "$mode" in unaligned|aligned|bytes) ;; *) die_usage "unknown mode '$mode'" ;; esac
done

"$repo/scripts/setup.sh" || die_usage "set-up failed"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every target; strscpy_sse2 where it is built (x86-64: CMakeLists.txt).
targets=$(known_targets)
[ "$(uname -m)" = x86_64 ] || targets=$(grep -vx strscpy_sse2 <<<"$targets")
objects=()
mode_targets=$targets
for mode in $modes; do
  dir=$(build_dir_for "coverage-$mode")
  # shellcheck disable=SC2046,SC2086 # one word per target
  ensure_built "$dir" coverage "-DSTRSCPY_MODE=$mode" $(printf "%s_replay\n" $mode_targets)
  for t in $mode_targets; do
    objects+=("$dir/${t}_replay")
    if ! LLVM_PROFILE_FILE="$work/$mode-$t.profraw" "$dir/${t}_replay" "$(corpus_dir "$t")" \
        >"$work/replay.log" 2>&1; then
      tail -n 30 "$work/replay.log" >&2
      echo "coverage: an input diverged in mode $mode ($t): replay it with scripts/replay.sh" >&2
      exit 1
    fi
  done
  # The targets whose code STRSCPY_MODE changes: their replay tests are labelled mode.
  mode_targets=$(ctest --test-dir "$dir" -N -L '^mode$' -R '^replay[.]' |
    sed -n 's/^ *Test *#[0-9]*: replay[.]//p')
  [ -n "$mode_targets" ] || die_usage "$dir: no replay test labelled mode"
done
[ ${#objects[@]} -gt 0 ] || die_usage "no corpus to replay under $repo/corpus"

# One profile and one HTML report per mode: llvm-cov keeps one version of a function that the
# modes compile differently, so their line and branch counts are united from lcov exports.
mkdir -p "$out"
for mode in $modes; do
  rm -rf "${out:?}/$mode"
  llvm-profdata merge -sparse "$work/$mode"-*.profraw -o "$work/$mode.profdata"
  cov_args=(-instr-profile="$work/$mode.profdata")
  first=1
  for o in "${objects[@]}"; do
    [[ "$o" == */coverage-$mode/* ]] || continue
    if [ "$first" -eq 1 ]; then cov_args+=("$o"); first=0; else cov_args+=(-object "$o"); fi
  done
  llvm-cov show -format=html -show-branches=count -output-dir="$out/$mode" "${cov_args[@]}" \
    "$repo/src" "$repo/reference"
  llvm-cov export -format=lcov "${cov_args[@]}" "$repo/src" "$repo/reference" >"$work/$mode.info"
done

# From the lcov exports of all modes: a line or branch is reached when any mode reached it.
# Prints "<folder>: lines H/N (P%), branches H/N (P%)" per folder, then what was missed in src/.
united=$(cat "$work"/*.info | awk -v root="$repo/" '
  function pct(h, n) { return n ? sprintf("%.2f%%", 100 * h / n) : "-" }
  /^SF:/ { file = substr($0, 4); sub(root, "", file); dir = file; sub("/.*", "", dir) }
  /^DA:/ { split(substr($0, 4), f, ","); k = file ":" f[1]; line[k] = dir
           if (f[2] > 0) line_hit[k] = 1 }
  /^BRDA:/ { split(substr($0, 6), f, ","); k = file ":" f[1] " (branch " f[3] ")"; branch[k] = dir
             if (f[4] != "-" && f[4] > 0) branch_hit[k] = 1 }
  END {
    for (k in line) { lines[line[k]]++; if (k in line_hit) lines_hit[line[k]]++ }
    for (k in branch) { branches[branch[k]]++; if (k in branch_hit) branches_hit[branch[k]]++ }
    split("src reference", dirs, " ")
    for (i = 1; i <= 2; i++) {
      d = dirs[i]
      printf "%s%s/: lines %d/%d (%s), branches %d/%d (%s)", (i > 1 ? "; " : ""), d,
        lines_hit[d], lines[d], pct(lines_hit[d], lines[d]),
        branches_hit[d], branches[d], pct(branches_hit[d], branches[d])
    }
    printf "\n"
    for (k in line) if (line[k] == "src" && !(k in line_hit)) print "missed line " k | "sort -V"
    close("sort -V")
    for (k in branch) if (branch[k] == "src" && !(k in branch_hit)) print "missed branch " k | "sort -V"
  }')

{
  echo "coverage: $(head -n1 <<<"$united") (modes: $modes; reports: $out/<mode>/index.html)"
  tail -n +2 <<<"$united" | sed 's/^/coverage: /'
} | tee "$out/summary.txt"
