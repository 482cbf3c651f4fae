# Which corpus each fuzz target reads, from corpus/targets.list: targets that take the same input
# format share one corpus, corpus/<corpus>/{seeds,regressions} and corpus/<corpus>.dict.
set(STRSCPY_CORPUS_TABLE ${PROJECT_SOURCE_DIR}/corpus/targets.list)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                                                             ${STRSCPY_CORPUS_TABLE})
file(STRINGS ${STRSCPY_CORPUS_TABLE} STRSCPY_CORPUS_LINES REGEX "^[a-z]")

# strscpy_corpus(<var> <target>): <var> is <target>'s corpus folder (with seeds/ and regressions/;
# its dictionary is <folder>.dict).  A target without a line, or whose corpus has no seeds, stops
# the configure: a fuzz target must not start from nothing.
function(strscpy_corpus var target)
  foreach(line IN LISTS STRSCPY_CORPUS_LINES)
    if(line MATCHES "^${target}[ \t]+([a-z0-9_]+)")
      set(dir ${PROJECT_SOURCE_DIR}/corpus/${CMAKE_MATCH_1})
      if(NOT IS_DIRECTORY ${dir}/seeds)
        message(FATAL_ERROR "target ${target}: its corpus ${dir} has no seeds/ (scripts/make-seeds.sh)")
      endif()
      set(${var} ${dir} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "target ${target} has no line in ${STRSCPY_CORPUS_TABLE}")
endfunction()
