#!/usr/bin/env bash
# check-conversion.sh --help names every function a site may call (each function-like macro of
# conversion/site_include/linux/string.h) and both forms of a site file.
# Usage: tests/conversion/help_names_site_functions.sh REPO
# Exit: 0 it does; 1 it does not, saying what is missing.
set -euo pipefail
repo=$1
help=$("$repo/scripts/check-conversion.sh" --help)
functions=$(sed -n 's/^#define \([a-z][a-z_]*\)(.*/\1/p' "$repo/conversion/site_include/linux/string.h")
status=0
for word in $functions "typed:" "untyped:" SITE_OBJECTS SITE "C library"; do
  if ! grep -qw -- "$word" <<<"$help"; then
    echo "check-conversion.sh --help does not name $word" >&2
    status=1
  fi
done
[ $status -ne 0 ] || echo "check-conversion.sh --help names ${functions//$'\n'/ } and both site forms"
exit $status
