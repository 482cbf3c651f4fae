# What OSS-Fuzz and ClusterFuzzLite take from a build, for every fuzz target of harness_targets:
# the binary <target>_fuzzer, <target>_fuzzer_seed_corpus.zip (its corpus, corpus/targets.list),
# <target>_fuzzer.dict and <target>_fuzzer.options.  The target fuzzers builds the binaries and
# the install component oss-fuzz puts the four files of each into the prefix, $OUT:
#   cmake --build B --target fuzzers && cmake --install B --component oss-fuzz --prefix "$OUT"
# (oss-fuzz/build.sh).  Only builds with a fuzzing engine have fuzz targets.
if(NOT STRSCPY_FUZZ_ENGINE)
  return()
endif()

# strscpy_header_number(<var> <header> <macro>): the number fuzz/<header> #defines as <macro>.
function(strscpy_header_number var header macro)
  file(STRINGS ${PROJECT_SOURCE_DIR}/fuzz/${header} line REGEX "^#define ${macro} [0-9]+")
  if(NOT line MATCHES "^#define ${macro} ([0-9]+)")
    message(FATAL_ERROR "fuzz/${header} #defines no number ${macro}")
  endif()
  set(${var} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()

# libFuzzer's -max_len (its default is 4096): the longest input that can still change a case.
# The src region is ARENA_REGION_PAGES pages (4 KiB on OSS-Fuzz's x86-64): a string placed after
# the guard runs up to the region's last byte, and one placed before the guard is followed by its
# input's next bytes up to there; then come the case's parameter tail and, for the race target,
# its schedule (the longer of the tails that follow a case: the field functions' is shorter).  (A string placed across a page boundary has room for only 3 * 4096 + 64 bytes,
# the least of the three placements: a max_len that small never reaches the region's last page.)
strscpy_header_number(region_pages arena.h ARENA_REGION_PAGES)
strscpy_header_number(case_tail case.h CASE_TAIL_SIZE)
strscpy_header_number(race_steps race_schedule.h RACE_STEPS)
strscpy_header_number(race_step_bytes race_schedule.h RACE_STEP_BYTES)
strscpy_header_number(field_tail field.h FIELD_TAIL_SIZE)
math(EXPR after_case "${race_steps} * ${race_step_bytes}")
if(field_tail GREATER after_case)
  set(after_case ${field_tail})
endif()
math(EXPR STRSCPY_MAX_LEN "${region_pages} * 4096 + ${case_tail} + ${after_case}")

add_custom_target(fuzzers)
foreach(harness IN LISTS harness_targets)
  set(fuzzer ${harness}_fuzzer)
  strscpy_corpus(corpus ${harness})
  add_dependencies(fuzzers ${fuzzer})
  set(options ${CMAKE_BINARY_DIR}/oss-fuzz/${fuzzer}.options)
  file(WRITE ${options} "[libfuzzer]\ndict = ${fuzzer}.dict\nmax_len = ${STRSCPY_MAX_LEN}\n")
  install(TARGETS ${fuzzer} DESTINATION . COMPONENT oss-fuzz)
  install(FILES ${corpus}.dict DESTINATION . RENAME ${fuzzer}.dict COMPONENT oss-fuzz)
  install(FILES ${options} DESTINATION . COMPONENT oss-fuzz)
  # Zipped when installed, so the archive holds the corpus as it is then; once per corpus, which
  # several targets share.
  get_filename_component(corpus_name ${corpus} NAME)
  install(CODE "set(corpus ${corpus})
                set(staging ${CMAKE_BINARY_DIR}/oss-fuzz/seed_corpus/${corpus_name})
                set(zip \${CMAKE_INSTALL_PREFIX}/${fuzzer}_seed_corpus.zip)
                include(${PROJECT_SOURCE_DIR}/cmake/seed_corpus_zip.cmake)"
          COMPONENT oss-fuzz)
endforeach()
