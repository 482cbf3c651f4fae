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
#                strlcpy, memtostr, strtomem (default: each one the tree defines); each function
#                of lib/string.c is judged under its own contract (check-impl --function), in
#                every configuration if its text has CONFIG_ code, else once (the table: "any");
#                the macros of include/linux/string.h are listed with why they are not checked
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
# how check-impl judges it: "function" (its text, with --function and the name), "macro" (a
# macro over the tree's strscpy: called in a function of check-impl's prototype for it,
# kernel_NAME), or the key of the reason it cannot (reasons, below).  Each is compiled under the name it has in the tree,
# except the names the C library defines as well (strncpy, strlcpy): the harness and the
# sanitizers' interceptors would call theirs, so these are renamed kernel_NAME (--define).
family='strscpy       lib/string.c            ^ssize_t\s+(sized_)?strscpy\(         function
strscpy_pad   lib/string.c            ^ssize_t\s+strscpy_pad\(              function
strscpy_pad   include/linux/string.h  ^#define\s+(sized_)?strscpy_pad\(      macro
strncpy       lib/string.c            ^char\s+\*strncpy\(                   function
strlcpy       lib/string.c            ^size_t\s+strlcpy\(                   function
memtostr      include/linux/string.h  ^#define\s+memtostr\(                  object-size
strtomem      include/linux/string.h  ^#define\s+strtomem\(                  object-size'
renamed='strncpy strlcpy'
reasons='object-size  not checked: a macro that takes the sizes of dest and src from __builtin_object_size and refuses at compile time (BUILD_BUG_ON) any size the compiler cannot tell; check-impl passes them to a function as run-time arguments, which its text cannot take'

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
    # The two files under the top folder only (* matches no /), each its first time: tar stops
    # there, and xz with it (killed by the closed pipe), 80% of the way into 1.5 GB.
    { xz -dc "$tarball" 2>/dev/null || true; } |
      tar -xf - -C "$tree" --strip-components=1 --occurrence=1 --wildcards \
        --no-wildcards-match-slash '*/lib/string.c' '*/include/linux/string.h' ||
      die_usage "could not unpack $tarball"
    stat -c '%s %Y' "$tarball" >"$stamp"
  fi
fi
work=$build_root/$source_name
results=${CHECK_KERNEL_RESULTS_DIR:-$repo/results/check-kernel}/$source_name/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$work/src" "$results"

# definition FUNCTION: where and how the tree defines FUNCTION ("HOW FILE:LINE NAME"), if it does.
definition() {
  local file pattern how line
  while read -r _ file pattern how; do
    line=$(grep -nE -m 1 "$pattern" "$tree/$file" | cut -d: -f1)
    if [ -n "$line" ]; then
      echo "$how $file:$line $(sed -n "${line}s/^[^(]*[ *]\([a-z_]*\)(.*/\1/p" "$tree/$file")"
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
checked=()   # "FUNCTION FILE:LINE NAME HOW"
unchecked=() # "FUNCTION FILE:LINE REASON-KEY"
absent=()
while read -r function; do
  found=$(definition "$function")
  read -r how where name <<<"$found"
  if [ -z "$how" ]; then
    [ -z "$functions" ] || die_usage "function $function is not in $tree"
    absent+=("$function")
  elif [ "$how" = function ] || [ "$how" = macro ]; then
    checked+=("$function $where $name $how")
  else
    unchecked+=("$function $where $how")
  fi
done <<<"$asked"
[ ${#checked[@]} -gt 0 ] || [ ${#unchecked[@]} -gt 0 ] ||
  die_usage "no function of the strscpy family in $tree"

# kernel_source FILE:LINE OUT: the C file check-impl compiles: lib/string.c's own
# #include and #define lines before its first function, then the function's text, from its
# first line to the closing brace in column 0.
kernel_source() {
  local file=${1%%:*} line=${1#*:}
  {
    echo "/* Made by scripts/check-kernel.sh from $tree/$file: never commit it (GPL-2.0). */"
    awk '/^[A-Za-z_].*\(|^#if/ { exit } /^#(include|define) / { print }' "$tree/$file"
    awk -v from="$line" 'NR >= from { print } NR > from && /^}/ { exit }' "$tree/$file"
  } >"$2"
}

# Each function's prototype and checks, as check-impl lists them ("FUNCTION CHECKS PROTOTYPE" a
# line): a configuration runs the ones of its checks that the function has.
function_checks=$("$repo/scripts/check-impl.sh" --help |
  awk '/^Functions/ { on = 1; next }
       on && $1 == "checks:" { print name, $2, prototype; next }
       on { name = $1; $1 = ""; prototype = substr($0, 2) }') ||
  die_usage "cannot list check-impl's functions"

# macro_source FUNCTION FILE:LINE OUT: the C file for a macro of include/linux/string.h over the
# tree's strscpy: that function's file (kernel_source), the macros of FILE named after FUNCTION
# (its helpers carry the name: sized_strscpy_pad, __strscpy_pad1), and kernel_FUNCTION, of
# FUNCTION's prototype, which calls the macro with its arguments.
macro_source() {
  local prototype parameters
  prototype=$(awk -v f="$1" '$1 == f { $1 = $2 = ""; sub(/^ +/, ""); print }' <<<"$function_checks")
  parameters=$(sed 's/^[^(]*(//; s/)$//; s/[^,]*[ *]\([a-z_]*\)\(,\|$\)/\1\2/g' <<<"$prototype")
  kernel_source "$(definition strscpy | cut -d' ' -f2)" "$3"
  {
    awk -v f="$1" '$0 ~ "^#define[ \t]+[A-Za-z_0-9]*" f "[0-9]*\\(" { on = 1 }
                   on { print } on && !/\\$/ { on = 0 }' "$tree/${2%%:*}"
    echo "${prototype/"$1("/"kernel_$1("};"
    echo "${prototype/"$1("/"kernel_$1("}"
    echo "{"
    printf '\t%s%s(%s);\n' "$([[ "$prototype" == void\ * ]] || echo "return ")" "$1" "$parameters"
    echo "}"
  } >>"$3"
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
# Each function's source, and the configurations it runs in ("FUNCTION NAME CONFIG" a line): a
# function whose text has no CONFIG_ code compiles the same in every one, so it runs in the
# first configuration asked alone, and the table says "any".
runs=()
declare -A any_config=() symbol_of=()
for entry in "${checked[@]}"; do
  read -r function where name how <<<"$entry"
  symbol_of[$name]=$name
  if [ "$how" = macro ]; then
    macro_source "$function" "$where" "$work/src/$name.c"
    symbol_of[$name]=kernel_$function
  else
    kernel_source "$where" "$work/src/$name.c"
    [[ " $renamed " != *" $name "* ]] || symbol_of[$name]=kernel_$name
  fi
  if grep -q CONFIG_ "$work/src/$name.c"; then
    for config in ${configs//,/ }; do runs+=("$function $name $config"); done
  else
    any_config[$name]=${configs%%,*}
    runs+=("$function $name ${configs%%,*}")
  fi
done
step=0
for run in "${runs[@]}"; do
  read -r function name config <<<"$run"
  step=$((step + 1))
  source=$work/src/$name.c
  symbol=${symbol_of[$name]}
  arguments=()
  [[ " $renamed " != *" $name "* ]] || arguments+=(--define "$name=$symbol")
  read -r _ options config_checks flags < <(grep "^$config " <<<"$configs_table")
  checks=$(awk -v f="$function" '$1 == f { print $2 }' <<<"$function_checks" | tr , '\n' |
    grep -xF -f <(tr , '\n' <<<"$config_checks") | paste -sd,)
  arguments+=(--function "$function" --symbol "$symbol" --seconds "$seconds" --checks "$checks")
  [ "$options" = - ] || for option in ${options//,/ }; do arguments+=(--define "$option"); done
  # shellcheck disable=SC2206 # one option a word
  [ "$flags" = - ] || arguments+=(${flags//,/ })
  preset=asan-ubsan
  [ "$config" != big-endian ] || preset=$big_endian_preset
  log=$results/$name-$config.log
  echo "check-kernel: [$step/${#runs[@]}] $name, $config ($([ "$options" = - ] && echo "no CONFIG_ option" ||
    echo "${options//,/ }"); checks $checks): log $log"
  status=0
  CHECK_IMPL_PRESET=$preset CHECK_IMPL_HARNESS_DIR=$harness \
    CHECK_IMPL_BUILD_DIR=$work/build/$name-$config \
    CHECK_IMPL_RESULTS_DIR=$results/$name-$config \
    "$repo/scripts/check-impl.sh" "$source" "${arguments[@]}" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    echo "check-kernel: $name, $config: check-impl could not check it (exit $status):" >&2
    grep -vE '^(check-impl: building|build: configuring)' "$log" | head -n 30 >&2
    die_usage "set-up error in $name, $config; log: $log"
  fi
  for check in "${all_checks[@]}"; do
    key=$name/$config/$check
    if [[ ",$config_checks," != *",$check,"* ]]; then
      verdict[$key]="not available: the $big_endian_preset build (gcc) has no memory-access trace"
    elif [[ ",$checks," != *",$check,"* ]]; then
      continue # not a check of this function (fuzz/contracts.c)
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
    divergences+=("$name $config $class")
    divergences+=("  reproducer: $(grep -A 200 "^==== check-impl: $class " "$log" |
      sed -n 's/^check-impl: reproducer: //p' | head -n 1)")
    divergences+=("  replay it:  $(grep -A 200 "^==== check-impl: $class " "$log" |
      sed -n 's/^check-impl: replay it: //p' | head -n 1)")
  done < <(sed -n 's/^==== check-impl: \([a-z0-9-]*\) (check .*/\1/p' "$log")
done

echo
echo "check-kernel: $source_name: the strscpy family, $((SECONDS - started)) s"
printf 'check-kernel: %-17s %-11s %-10s %s\n' function configuration check verdict
for run in "${runs[@]}"; do
  read -r _ name config <<<"$run"
  for check in "${all_checks[@]}"; do
    [ -n "${verdict[$name/$config/$check]:-}" ] || continue
    printf 'check-kernel: %-17s %-11s %-10s %s\n' "$name" "$([ -z "${any_config[$name]:-}" ] &&
      echo "$config" || echo any)" "$check" "${verdict[$name/$config/$check]}"
  done
done
for entry in "${unchecked[@]}"; do
  read -r function where how <<<"$entry"
  printf 'check-kernel: %-17s %-11s %-10s %s\n' "$function" all all \
    "$(awk -v k="$how" '$1 == k { $1 = ""; sub(/^ +/, ""); print }' <<<"$reasons"); defined at $where"
done
for function in "${absent[@]}"; do
  printf 'check-kernel: %-17s %-11s %-10s %s\n' "$function" all all \
    "not defined in $(awk -v f="$function" '$1 == f { print $2 }' <<<"$family" | sort -u |
      sed ':a; N; s/\n/ or /; ba')"
done
if [ ${#divergences[@]} -gt 0 ]; then
  echo
  echo "check-kernel: each divergence (function, configuration, class), its reproducer and replay:"
  printf 'check-kernel: %s\n' "${divergences[@]}"
fi
[ ${#any_config[@]} -eq 0 ] || echo "check-kernel: any: no CONFIG_ code in the function's text, so it compiles the same in every configuration: run once, in ${configs%%,*}"
echo "check-kernel: sources made from the tree in $work/src, logs and reproducers in $results"
exit "$diverged"
