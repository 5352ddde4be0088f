#!/bin/sh
# check-sizes.sh LIBDIR LIMITS
#
# Every file named in LIMITS ("path-under-LIBDIR bytes" per line, # comments) exists under
# LIBDIR and is at most that many bytes; prints a table of sizes against limits and the
# total. Run by `make test-size` on the installed libbrace and plugins.
set -eu
libdir=$1
limits=$2
fail=0
total=0
printf '%-34s %10s %10s\n' file bytes limit
while read -r file limit; do
  case $file in ''|'#'*) continue ;; esac
  path="$libdir/$file"
  if [ ! -f "$path" ]; then
    echo "check-sizes: $path is missing" >&2
    fail=1
    continue
  fi
  size=$(wc -c <"$path")
  total=$((total + size))
  mark=""
  if [ "$size" -gt "$limit" ]; then
    mark="  > limit"
    fail=1
  fi
  printf '%-34s %10d %10d%s\n' "$file" "$size" "$limit" "$mark"
done <"$limits"
printf '%-34s %10d\n' total "$total"
if [ "$fail" -ne 0 ]; then
  echo "check-sizes: a file is missing or larger than its limit in $limits" >&2
  exit 1
fi
