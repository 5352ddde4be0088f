#!/bin/sh
# check-sizes.sh LIBDIR LIMITS
#
# The installed libbrace (LIBDIR/libbrace.so.0) and every built-in plugin of mk/plugins
# (LIBDIR/brace/libLIBRARY.so) exist and are at most as large as their limit in LIMITS
# ("library bytes" per line, # comments; libbrace is "brace"); prints a table of sizes
# against limits and the total. A plugin without a limit, or a limit for a library that
# is not built, fails. Run by `make test-size` on the installed libraries.
set -eu
libdir=$1
limits=$2
plugins=$(cd "$(dirname "$0")/../../mk" && pwd)/plugins
fail=0
total=0
libraries="brace $(awk '!/^#/ && NF { print $3 }' "$plugins" | tr '\n' ' ')"
for name in $(awk '!/^#/ && NF { print $1 }' "$limits"); do
  case " $libraries " in
    *" $name "*) ;;
    *) echo "check-sizes: $limits has a limit for $name, which is not built (mk/plugins)" >&2; fail=1 ;;
  esac
done
printf '%-34s %10s %10s\n' file bytes limit
for name in $libraries; do
  case $name in
    brace) file=libbrace.so.0 ;;
    *) file=brace/lib$name.so ;;
  esac
  limit=$(awk -v n="$name" '$1 == n { print $2 }' "$limits")
  if [ -z "$limit" ]; then
    echo "check-sizes: no limit for $name in $limits" >&2
    fail=1
    continue
  fi
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
done
printf '%-34s %10d\n' total "$total"
if [ "$fail" -ne 0 ]; then
  echo "check-sizes: a file is missing, has no limit, or is larger than its limit ($limits)" >&2
  exit 1
fi
