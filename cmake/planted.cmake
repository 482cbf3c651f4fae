# The header lines of a planted-bug patch (tests/planted/*.patch, format: docs/self-test.md),
# read in this one place: by the catalogue's tests (tests/planted/CMakeLists.txt) and by the
# table generator (cmake/planted_table.cmake, run by scripts/make-docs.sh).

set(planted_keys Bug Class Mode Sanitizer Unit Target Arch Needs)
set(planted_required_keys Bug Class Mode Sanitizer Unit)

# planted_header_read(<patch> <prefix>): sets <prefix>_<key> for every key of planted_keys.  The
# last line of a key wins; Target defaults to strscpy, Arch to any, Needs to nothing.  A patch
# without a required key is a fatal error naming it.
function(planted_header_read patch prefix)
  foreach(key IN LISTS planted_keys)
    set(${prefix}_${key} "")
  endforeach()
  set(${prefix}_Target strscpy)
  set(${prefix}_Arch any)
  set(${prefix}_Needs nothing)
  string(REPLACE ";" "|" key_alternatives "${planted_keys}")
  file(STRINGS ${patch} lines REGEX "^(${key_alternatives}): ")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "^([A-Za-z]+): *(.*)$" _ "${line}")
    set(${prefix}_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endforeach()
  foreach(key IN LISTS planted_required_keys)
    if(${prefix}_${key} STREQUAL "")
      message(FATAL_ERROR "${patch}: no '${key}:' header line")
    endif()
  endforeach()
  foreach(key IN LISTS planted_keys)
    set(${prefix}_${key} "${${prefix}_${key}}" PARENT_SCOPE)
  endforeach()
endfunction()

# planted_patch_files(<patch> <var>): the files of src/ the patch changes, named as in src/.
function(planted_patch_files patch var)
  file(STRINGS ${patch} lines REGEX "^[+][+][+] b/src/")
  list(TRANSFORM lines REPLACE "^[+][+][+] b/src/([^ \t]+).*$" "\\1")
  set(${var} ${lines} PARENT_SCOPE)
endfunction()
