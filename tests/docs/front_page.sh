#!/usr/bin/env bash
# README.md is a front page: at most 15,000 bytes, and every page of docs/ is reachable from it.
# Usage: tests/docs/front_page.sh REPO
# Exit: 0 it is; 1 it is not, saying what is wrong.
set -euo pipefail
repo=$1
readme=$repo/README.md
status=0

size=$(wc -c <"$readme")
if [ "$size" -gt 15000 ]; then
  echo "front-page: README.md is $size bytes, more than 15000: move detail to docs/" >&2
  status=1
fi
for page in "$repo"/docs/*.md; do
  link="docs/$(basename "$page")"
  if ! grep -qF "]($link" "$readme"; then
    echo "front-page: README.md has no link to $link" >&2
    status=1
  fi
done
[ $status -ne 0 ] || echo "front-page: README.md is $size bytes and links all $(ls "$repo"/docs/*.md | wc -l) docs pages"
exit $status
