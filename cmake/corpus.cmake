# The fuzz targets, from corpus/targets.list: which corpus each reads (targets that take the same
# input format share one corpus, corpus/<corpus>/{seeds,regressions} and corpus/<corpus>.dict) and
# which function of src/ it puts under its contract (fuzz/contracts.c).
set(STRSCPY_CORPUS_TABLE ${PROJECT_SOURCE_DIR}/corpus/targets.list)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                                                             ${STRSCPY_CORPUS_TABLE})
file(STRINGS ${STRSCPY_CORPUS_TABLE} STRSCPY_CORPUS_LINES REGEX "^[a-z]")
# Every fuzz target, in the table's order: the project builds each one's tools and tests.
set(STRSCPY_TARGETS)
foreach(line IN LISTS STRSCPY_CORPUS_LINES)
  string(REGEX MATCH "^[a-z0-9_]+" target "${line}")
  list(APPEND STRSCPY_TARGETS ${target})
endforeach()

# strscpy_target_columns(<corpus var> <implementation var> <target>): <target>'s line of the
# table; a target without one stops the configure.
function(strscpy_target_columns corpus_var implementation_var target)
  foreach(line IN LISTS STRSCPY_CORPUS_LINES)
    if(line MATCHES "^${target}[ \t]+([a-z0-9_]+)[ \t]+([a-z0-9_]+)")
      set(${corpus_var} ${CMAKE_MATCH_1} PARENT_SCOPE)
      set(${implementation_var} ${CMAKE_MATCH_2} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "target ${target} has no line (target, corpus, implementation) in ${STRSCPY_CORPUS_TABLE}")
endfunction()

# strscpy_target_implementation(<var> <target>): the function of src/ <target> puts under its
# contract (a plugged implementation takes its place: STRSCPY_IMPL_FUNCTION, STRSCPY_IMPL_SYMBOL).
function(strscpy_target_implementation var target)
  strscpy_target_columns(corpus implementation ${target})
  set(${var} ${implementation} PARENT_SCOPE)
endfunction()

# strscpy_corpus(<var> <target>): <var> is <target>'s corpus folder (with seeds/ and regressions/;
# its dictionary is <folder>.dict).  A corpus without seeds stops the configure: a fuzz target
# must not start from nothing.
function(strscpy_corpus var target)
  strscpy_target_columns(corpus implementation ${target})
  set(dir ${PROJECT_SOURCE_DIR}/corpus/${corpus})
  if(NOT IS_DIRECTORY ${dir}/seeds)
    message(FATAL_ERROR "target ${target}: its corpus ${dir} has no seeds/ (scripts/make-seeds.sh)")
  endif()
  set(${var} ${dir} PARENT_SCOPE)
endfunction()
