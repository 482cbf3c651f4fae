#!/usr/bin/env bash
# Check the kernel you have: the strscpy family of a kernel source tree, compiled from the tree's
# own text with the project's include/ stand-ins, in every configuration the kernel builds it,
# each run through scripts/check-impl.sh; then one table of verdicts.
# Usage: scripts/check-kernel.sh [--package NAME | --tree DIR] [--functions LIST] [--configs LIST]
#                                [--seconds N] [--help]
#   --package    a Debian linux-source-X.Y package (default: the newest apt offers): installed
#                with apt (scripts/setup.sh), and only the files needed unpacked from its tarball
#                into the build folder
#   --tree       a kernel source tree you already have (its lib/string.c and
#                include/linux/string.h are read)
#   --functions  comma-separated, of: strscpy (sized_strscpy since v6.9), strscpy_pad, strncpy,
#                strlcpy, memtostr, strtomem (default: each one the tree defines)
#   --configs    comma-separated, of: unaligned (CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS), aligned
#                (neither option: aligned words only), dcache (CONFIG_DCACHE_WORD_ACCESS, with
#                load_unaligned_zeropad), kmsan (CONFIG_KMSAN: the byte loop, with the MSan
#                pass), big-endian (s390x under qemu: the contract only); default all
#   --seconds    libFuzzer seconds per check-impl pass after the sweeps (default 10; 0: the
#                sweeps alone, as big-endian always runs: its gcc build has no libFuzzer)
# Environment: CHECK_KERNEL_BUILD_DIR  where the unpacked files, the sources made from them and
#                                      the builds go (default build/check-kernel)
#              CHECK_KERNEL_RESULTS_DIR  where reproducers and logs go (default
#                                      results/check-kernel), one folder per run
#              CHECK_IMPL_HARNESS_DIR  a build of preset asan-ubsan whose harness the first passes
#                                      link (default: one made under the build folder)
# Exit: 0 no divergence; 1 a divergence (the table gives each one's reproducer and replay
#       command); 2 set-up error: no such package, a tree it cannot read, a function that is not
#       there, a compile error (with the compiler's first lines), a build that fails.
#
# No kernel text enters the repository: the kernel is GPL-2.0.  What is read from the tree is
# written under the build folder at run time.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"

# The family: name, the file of the tree that has it, the pattern of its definition there, and
# whether check-impl can judge it yet (strscpy's signature only; the others need --function).
family='strscpy       lib/string.c            ^ssize_t\s+(sized_)?strscpy\(         checked
strscpy_pad   lib/string.c            ^ssize_t\s+strscpy_pad\(              not-yet
strscpy_pad   include/linux/string.h  ^#define\s+(sized_)?strscpy_pad\(      not-yet
strncpy       lib/string.c            ^char\s+\*strncpy\(                   not-yet
strlcpy       lib/string.c            ^size_t\s+strlcpy\(                   not-yet
memtostr      include/linux/string.h  ^#define\s+memtostr\(                  not-yet
strtomem      include/linux/string.h  ^#define\s+strtomem\(                  not-yet'
not_yet_reason="not checked: needs check-impl --function (only strscpy's signature is judged today)"

# The configurations: name, the CONFIG_ options set (comma-separated, - for none), the checks,
# and check-impl's options.  x86-64 and arm64 set both unaligned options for dcache; s390 selects
# efficient unaligned access.  Aligned code must never make a misaligned access: it is judged as
# a CPU that traps would judge it.  Only the kmsan build runs MemorySanitizer: the word loads of
# the others read bytes past the NUL, which KMSAN would flag and the kernel disables them for.
configs_table='unaligned   CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS                            contract,transient,race  --no-msan
aligned     -                                                                 contract,transient,race  --no-msan,--strict-alignment
dcache      CONFIG_DCACHE_WORD_ACCESS,CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS  contract,transient,race  --no-msan
kmsan       CONFIG_KMSAN,CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS               contract,transient,race  -
big-endian  CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS                            contract                 --no-msan,--seconds,0'
# The big-endian configuration's preset: a gcc cross build, without the memory-access trace that
# the transient and race checks need, and without a fuzzing engine: its sweeps alone.
big_endian_preset=s390x
all_checks=(contract transient race)

package=
tree=
functions=
configs=$(awk '{ print $1 }' <<<"$configs_table" | paste -sd,)
seconds=10
parse_args --package=package --tree=tree --functions=functions --configs=configs \
  --seconds=seconds -- "$@"
[ ${#operands[@]} -eq 0 ] || usage
[ -z "$package" ] || [ -z "$tree" ] || die_usage "--package and --tree: one or the other"
[[ "$seconds" =~ ^[0-9]+$ ]] || die_usage "--seconds takes a whole number"
for config in ${configs//,/ }; do
  grep -q "^$config " <<<"$configs_table" ||
    die_usage "unknown configuration '$config' (configurations: $(awk '{ print $1 }' <<<"$configs_table" | xargs))"
done
for function in ${functions//,/ }; do
  [ "$function" != sized_strscpy ] || continue
  grep -q "^$function " <<<"$family" ||
    die_usage "unknown function '$function' (functions: $(awk '{ print $1 }' <<<"$family" | sort -u | xargs))"
done

build_root=${CHECK_KERNEL_BUILD_DIR:-$repo/build/check-kernel}
started=$SECONDS

# The source: a tree given, or a package's tarball, of which only the files read are unpacked.
if [ -n "$tree" ]; then
  if [ ! -r "$tree/lib/string.c" ] || [ ! -r "$tree/include/linux/string.h" ]; then
    die_usage "cannot read a kernel tree at $tree: no readable lib/string.c and include/linux/string.h"
  fi
  tree=$(cd "$tree" && pwd)
  source_name=$(basename "$tree")
else
  if [ -z "$package" ]; then
    package=$(apt-cache search --names-only '^linux-source-[0-9.]+$' 2>/dev/null |
              awk '{ print $1 }' | sort -V | tail -n 1)
    [ -n "$package" ] || die_usage "apt offers no linux-source-X.Y package (apt-get update?)"
  fi
  [[ "$package" =~ ^linux-source-[0-9.]+$ ]] || die_usage "not a kernel source package: $package"
  apt-cache show "$package" >/dev/null 2>&1 || die_usage "no such package: $package"
  echo "check-kernel: $package: installing it (apt)"
  "$repo/scripts/setup.sh" "$package" || die_usage "could not install $package"
  tarball=$(dpkg -L "$package" | grep -m 1 "/${package}[.]tar[.]xz$") ||
    die_usage "$package installed no $package.tar.xz"
  source_name=$package
  tree=$build_root/unpacked/$package
  stamp=$tree/.unpacked-from
  if [ "$(cat "$stamp" 2>/dev/null)" != "$(stat -c '%s %Y' "$tarball")" ]; then
    echo "check-kernel: $package: unpacking lib/string.c and include/linux/string.h from $tarball"
    rm -rf "$tree"
    mkdir -p "$tree"
    tar -xJf "$tarball" -C "$tree" --strip-components=1 --wildcards \
      '*/lib/string.c' '*/include/linux/string.h' ||
      die_usage "could not unpack $tarball"
    stat -c '%s %Y' "$tarball" >"$stamp"
  fi
fi
work=$build_root/$source_name
results=${CHECK_KERNEL_RESULTS_DIR:-$repo/results/check-kernel}/$source_name/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$work/src" "$results"

# definition FUNCTION: where the tree defines FUNCTION ("FILE:LINE:NAME"), if it does.
definition() {
  local file pattern line
  while read -r _ file pattern _; do
    line=$(grep -nE -m 1 "$pattern" "$tree/$file" | cut -d: -f1)
    if [ -n "$line" ]; then
      echo "$file:$line:$(sed -n "${line}s/^[^(]*[ *]\([a-z_]*\)(.*/\1/p" "$tree/$file")"
      return
    fi
  done < <(awk -v f="$1" '$1 == f' <<<"$family")
}

# The functions: those asked for, each of which must be there; by default, every one there.
if [ -n "$functions" ]; then
  asked=$(tr , '\n' <<<"$functions" | sed 's/^sized_strscpy$/strscpy/' | awk '!seen[$0]++')
else
  asked=$(awk '{ print $1 }' <<<"$family" | uniq)
fi
checked=()
not_yet=()
absent=()
while read -r function; do
  found=$(definition "$function")
  if [ -z "$found" ]; then
    [ -z "$functions" ] || die_usage "function $function is not in $tree"
    absent+=("$function")
    continue
  fi
  if [ "$(awk -v f="$function" '$1 == f { print $4; exit }' <<<"$family")" = checked ]; then
    checked+=("$found")
  else
    not_yet+=("$function ${found%:*}")
  fi
done <<<"$asked"
[ ${#checked[@]} -gt 0 ] || [ ${#not_yet[@]} -gt 0 ] ||
  die_usage "no function of the strscpy family in $tree"

# kernel_source FILE:LINE:NAME OUT: the C file check-impl compiles: lib/string.c's own
# #include and #define lines before its first function, then the function's text, from its
# first line to the closing brace in column 0.
kernel_source() {
  local file=${1%%:*} line
  line=$(cut -d: -f2 <<<"$1")
  {
    echo "/* Made by scripts/check-kernel.sh from $tree/$file: never commit it (GPL-2.0). */"
    awk '/^[A-Za-z_].*\(|^#if/ { exit } /^#(include|define) / { print }' "$tree/$file"
    awk -v from="$line" 'NR >= from { print } NR > from && /^}/ { exit }' "$tree/$file"
  } >"$2"
}

# The harness check-impl's first pass links, built once for every configuration.
harness=${CHECK_IMPL_HARNESS_DIR:-$work/harness}
[ -n "${CHECK_IMPL_HARNESS_DIR:-}" ] || ensure_built "$harness" asan-ubsan -DSTRSCPY_SELF_TEST=OFF

needs_big_endian=0
[[ ",$configs," != *,big-endian,* ]] || needs_big_endian=1
if ((needs_big_endian)); then
  # shellcheck disable=SC2046 # one package a word
  "$repo/scripts/setup.sh" $(leg_packages "$big_endian_preset") ||
    die_usage "could not install the $big_endian_preset cross packages"
fi

# Verdicts: verdict[function/config/check]; the divergences' reproducer and replay lines.
declare -A verdict=()
divergences=()
diverged=0
total=$((${#checked[@]} * $(tr , '\n' <<<"$configs" | wc -l)))
step=0
for found in "${checked[@]}"; do
  symbol=${found##*:}
  source=$work/src/$symbol.c
  kernel_source "$found" "$source"
  for config in ${configs//,/ }; do
    step=$((step + 1))
    read -r _ options checks flags < <(grep "^$config " <<<"$configs_table")
    arguments=(--symbol "$symbol" --seconds "$seconds" --checks "$checks")
    [ "$options" = - ] || for option in ${options//,/ }; do arguments+=(--define "$option"); done
    # shellcheck disable=SC2206 # one option a word
    [ "$flags" = - ] || arguments+=(${flags//,/ })
    preset=asan-ubsan
    [ "$config" != big-endian ] || preset=$big_endian_preset
    log=$results/$symbol-$config.log
    echo "check-kernel: [$step/$total] $symbol, $config ($([ "$options" = - ] && echo "no CONFIG_ option" ||
      echo "${options//,/ }"); checks $checks): log $log"
    status=0
    CHECK_IMPL_PRESET=$preset CHECK_IMPL_HARNESS_DIR=$harness \
      CHECK_IMPL_BUILD_DIR=$work/build/$symbol-$config \
      CHECK_IMPL_RESULTS_DIR=$results/$symbol-$config \
      "$repo/scripts/check-impl.sh" "$source" "${arguments[@]}" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
      echo "check-kernel: $symbol, $config: check-impl could not check it (exit $status):" >&2
      grep -vE '^(check-impl: building|build: configuring)' "$log" | head -n 30 >&2
      die_usage "set-up error in $symbol, $config; log: $log"
    fi
    for check in "${all_checks[@]}"; do
      key=$symbol/$config/$check
      if [[ ",$checks," != *",$check,"* ]]; then
        verdict[$key]="not available: the $big_endian_preset build (gcc) has no memory-access trace"
      elif line=$(grep -m 1 "^check-impl: $check: no divergence in " "$log"); then
        verdict[$key]=clean
      elif line=$(grep -m 1 "^check-impl: $check: DIVERGENCE in " "$log"); then
        verdict[$key]="DIVERGENCE: ${line##*: }"
        diverged=1
      else
        verdict[$key]="not available: $(grep -m 1 "^check-impl: $check: " "$log" | sed 's/^[^:]*: [^:]*: //')"
      fi
    done
    # Each class's reproducer and replay command, as check-impl printed them.
    while read -r class; do
      divergences+=("$symbol $config $class")
      divergences+=("  reproducer: $(grep -A 200 "^==== check-impl: $class " "$log" |
        sed -n 's/^check-impl: reproducer: //p' | head -n 1)")
      divergences+=("  replay it:  $(grep -A 200 "^==== check-impl: $class " "$log" |
        sed -n 's/^check-impl: replay it: //p' | head -n 1)")
    done < <(sed -n 's/^==== check-impl: \([a-z0-9-]*\) (check .*/\1/p' "$log")
  done
done

echo
echo "check-kernel: $source_name: the strscpy family, $((SECONDS - started)) s"
printf 'check-kernel: %-14s %-11s %-10s %s\n' function configuration check verdict
for found in "${checked[@]}"; do
  symbol=${found##*:}
  for config in ${configs//,/ }; do
    for check in "${all_checks[@]}"; do
      printf 'check-kernel: %-14s %-11s %-10s %s\n' "$symbol" "$config" "$check" \
        "${verdict[$symbol/$config/$check]}"
    done
  done
done
for entry in "${not_yet[@]}"; do
  printf 'check-kernel: %-14s %-11s %-10s %s\n' "${entry%% *}" all all \
    "$not_yet_reason; defined at ${entry#* }"
done
for function in "${absent[@]}"; do
  printf 'check-kernel: %-14s %-11s %-10s %s\n' "$function" all all \
    "not defined in $(awk -v f="$function" '$1 == f { print $2 }' <<<"$family" | sort -u |
      sed ':a; N; s/\n/ or /; ba')"
done
if [ ${#divergences[@]} -gt 0 ]; then
  echo
  echo "check-kernel: each divergence (function, configuration, class), its reproducer and replay:"
  printf 'check-kernel: %s\n' "${divergences[@]}"
fi
echo "check-kernel: sources made from the tree in $work/src, logs and reproducers in $results"
exit "$diverged"
