#!/bin/bash -eu
# Builds every fuzz target into $OUT through the project's CMake, the way OSS-Fuzz and
# ClusterFuzzLite call it: `bash -eux $SRC/build.sh` in the image from oss-fuzz/Dockerfile (or
# .clusterfuzzlite/), with the repository at $SRC/strscpy-fuzz.  It uses only what those builders
# set: $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $SRC $WORK $OUT.  The targets, and each
# one's seed corpus zip, dictionary and options, come from the CMake project (cmake/oss_fuzz.cmake).
# Usage: bash -eu oss-fuzz/build.sh   (with those variables set; scripts/oss-fuzz-check.sh does it here)
# Exit: 0 when every target, seed corpus, dictionary and options file is in $OUT; non-zero otherwise.

build=$WORK/strscpy-fuzz
rm -rf "$build"
# Ninja where the image has it: it builds the same targets with far fewer processes than make.
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
# lld where the image has it: it links each target in two thirds of GNU ld's time (eleven links a build).
linker=()
if command -v ld.lld >/dev/null; then linker=(-DSTRSCPY_LINKER=lld); fi
# The builders' flags carry the sanitizer, the coverage instrumentation (none for AFL++, whose
# compiler instruments) and -m32 for i386: the project adds no sanitizer or instrumentation of its
# own, and links each target with $LIB_FUZZING_ENGINE, by $CXX with $CXXFLAGS as OSS-Fuzz requires.
cmake -S "$SRC/strscpy-fuzz" -B "$build" "${generator[@]}" "${linker[@]}" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$CFLAGS" \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DSTRSCPY_SANITIZER= -DSTRSCPY_FUZZ_INSTRUMENT= -DSTRSCPY_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DSTRSCPY_FUZZ_LINK_CXX=ON -DSTRSCPY_SELF_TEST=OFF
cmake --build "$build" -j"$(nproc)" --target fuzzers
cmake --install "$build" --component oss-fuzz --prefix "$OUT"
