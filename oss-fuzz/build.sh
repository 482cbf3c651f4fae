#!/bin/bash -eu
# Builds every fuzz target into $OUT, the way OSS-Fuzz and ClusterFuzzLite call it:
# `bash -eux $SRC/build.sh` in the image from oss-fuzz/Dockerfile (or .clusterfuzzlite/),
# with the repository at $SRC/strscpy-fuzz.  It uses only what those builders set:
# $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $SRC $WORK $OUT.
# Usage: bash -eu oss-fuzz/build.sh   (with those variables set; scripts/oss-fuzz-check.sh does it here)
# Exit: 0 when every target, seed corpus, dictionary and options file is in $OUT; non-zero otherwise.

shopt -s nullglob
repo=$SRC/strscpy-fuzz
targets="strscpy strscpy_pad"
# Inputs must hold strings longer than a page: the src region is four pages (fuzz/arena.h,
# ARENA_REGION_PAGES); max_len lets a string run over three of them.
max_len=$((3 * 4096 + 64))

objects=$WORK/strscpy-fuzz
rm -rf "$objects"
mkdir -p "$objects"

compile() {
	local object=$1 source=$2
	shift 2
	$CC $CFLAGS -std=gnu11 -I"$repo/src" -I"$repo/reference" -I"$repo/fuzz" "$@" \
		-c "$repo/$source" -o "$objects/$object.o"
}

# The implementation under the memory-access trace (fuzz/trace.h), as CMake's STRSCPY_TRACE
# does it: where libFuzzer's coverage carries the load and store callbacks (not MSan, not AFL++).
trace_flags=() harness_flags=()
if [[ "$CFLAGS" == *fuzzer-no-link* && "$CFLAGS" != *sanitize=memory* ]]; then
	trace_flags=(-fsanitize-coverage=trace-loads,trace-stores)
	harness_flags=(-DHARNESS_TRACE)
fi
compile strscpy src/strscpy.c "${trace_flags[@]}"
compile strscpy_pad src/strscpy_pad.c "${trace_flags[@]}"
if [ ${#trace_flags[@]} -gt 0 ]; then
	# Two passes: GNU objcopy takes one redefinition per new name.
	renames=() asan_renames=()
	for function in $(grep '^[a-z]' "$repo/fuzz/traced_libc.list"); do
		renames+=(--redefine-sym "$function=traced_$function")
		asan_renames+=(--redefine-sym "__asan_$function=traced_$function")
	done
	for object in strscpy strscpy_pad; do
		objcopy "${renames[@]}" "$objects/$object.o"
		objcopy "${asan_renames[@]}" "$objects/$object.o"
	done
fi
compile strscpy_ref reference/strscpy_ref.c
for part in arena case fault oracles race report run trace traced_libc transient; do
	compile "harness_$part" "fuzz/$part.c" "${harness_flags[@]}"
done
common="strscpy strscpy_pad strscpy_ref harness_arena harness_case harness_fault harness_oracles
	harness_race harness_report harness_run harness_trace harness_traced_libc harness_transient"

for target in $targets; do
	fuzzer=${target}_fuzzer
	compile "${target}_entry" fuzz/fuzz_target.c -DHARNESS_TARGET="${target}_target"
	compile "${target}_target" "fuzz/target_$target.c"
	linked=""
	for object in $common ${target}_entry ${target}_target; do
		linked="$linked $objects/$object.o"
	done
	# C code, linked as C++: the engine (libFuzzer, AFL++'s driver) is C++.
	$CXX $CXXFLAGS $linked $LIB_FUZZING_ENGINE -o "$OUT/$fuzzer"

	# Seeds, then the inputs that once crashed: ClusterFuzz starts from both.  One flat
	# folder (engines differ on nesting), each name prefixed with the folder it came from.
	corpus=$(awk -v target="$target" '$1 == target { print $2 }' "$repo/corpus/targets.list")
	[ -n "$corpus" ] || { echo "no corpus for $target in corpus/targets.list" >&2; exit 1; }
	corpus=$repo/corpus/$corpus
	staged=$WORK/strscpy-fuzz/corpus/$fuzzer
	mkdir -p "$staged"
	for kind in seeds regressions; do
		if [ -d "$corpus/$kind" ]; then
			for input in "$corpus/$kind"/*; do
				cp "$input" "$staged/$kind-$(basename "$input")"
			done
		fi
	done
	rm -f "$OUT/${fuzzer}_seed_corpus.zip"
	(cd "$staged" && zip -q -X "$OUT/${fuzzer}_seed_corpus.zip" *)

	cp "$corpus.dict" "$OUT/$fuzzer.dict"
	printf '[libfuzzer]\ndict = %s.dict\nmax_len = %d\n' "$fuzzer" "$max_len" >"$OUT/$fuzzer.options"
done
