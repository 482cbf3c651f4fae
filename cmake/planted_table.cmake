# cmake -DPATCHES=<dir> -DOUT=<file> -P cmake/planted_table.cmake
# Writes the planted-bug catalogue as a Markdown table to <file>, one row per <dir>/*.patch in
# file name order (scripts/make-docs.sh puts it into docs/self-test.md).
include(${CMAKE_CURRENT_LIST_DIR}/planted.cmake)

if(NOT DEFINED PATCHES OR NOT DEFINED OUT)
  message(FATAL_ERROR "usage: cmake -DPATCHES=<dir> -DOUT=<file> -P ${CMAKE_CURRENT_LIST_FILE}")
endif()

# A Markdown table cell: a | would end it.
function(table_cell text var)
  string(REPLACE "|" "\\|" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

set(table "| bug | what it breaks | class | mode | target | sanitizer | unit tests | arch | needs |\n")
string(APPEND table "|---|---|---|---|---|---|---|---|---|\n")
file(GLOB patches ${PATCHES}/*.patch)
list(SORT patches)
foreach(patch IN LISTS patches)
  planted_header_read(${patch} h)
  get_filename_component(name ${patch} NAME_WE)
  string(REGEX MATCH "^[0-9]+" nn ${name})
  table_cell("${h_Bug}" bug)
  # "Class: a or b": each class its own code span.
  string(REPLACE " or " "` or `" class "${h_Class}")
  table_cell("${class}" class)
  string(APPEND table "| ${nn} | ${bug} | `${class}` | ${h_Mode} | ${h_Target} | ${h_Sanitizer} "
                      "| ${h_Unit} | ${h_Arch} | ${h_Needs} |\n")
endforeach()
file(WRITE ${OUT} "${table}")
