#!/bin/sh
# install-layout.sh ROOT PREFIX VERSION
# bindings/c/README.md's list of what `make install` installs (the block after
# "<!-- install-layout -->") against PREFIX, both ways: every path it names exists
# (a pattern such as *.h: every header of include/brace/), and every file or link of
# Brace's under PREFIX (lib/libbrace*, lib/brace/, include/brace/, brace.pc; PREFIX may
# be shared with other packages) is named by one of its lines.
set -eu
root=$1 prefix=$2 version=$3
list=$("$root/Tests/install/extract.sh" "$root/bindings/c/README.md" install-layout |
  awk '{ print $1 }' | sed -e "s|^PREFIX|$prefix|" -e "s|VERSION|$version|g")
status=0
# The list's lines are patterns for `case`, never expanded against the file system: an
# expanded PREFIX/include/brace/*.h would name the headers installed, each of which
# exists, and a header missing from the install would go unseen.
set -f
for pattern in $list; do
  case $pattern in
    */include/brace/\*.h)
      set +f
      for h in "$root"/include/brace/*.h; do
        [ -f "$prefix/include/brace/$(basename "$h")" ] || { echo "not installed: include/brace/$(basename "$h")" >&2; status=1; }
      done
      set -f ;;
    *) [ -e "$pattern" ] || { echo "bindings/c/README.md names $pattern, which make install did not write" >&2; status=1; } ;;
  esac
done
for f in $(find "$prefix/lib" "$prefix/include" \( -type f -o -type l \) \( -path "$prefix/lib/libbrace*" \
  -o -path "$prefix/lib/brace/*" -o -path "$prefix/include/brace/*" -o -path "$prefix/lib/pkgconfig/brace.pc" \) | sort); do
  named=0
  for pattern in $list; do
    # shellcheck disable=SC2254
    case $f in $pattern) named=1; break ;; esac
  done
  [ $named = 1 ] || { echo "make install wrote $f, which bindings/c/README.md does not list" >&2; status=1; }
done
exit $status
