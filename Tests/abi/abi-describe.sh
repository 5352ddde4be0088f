#!/bin/sh
# abi-describe.sh LIB INCLUDE_DIR OUT.so
#
# Builds the "ABI description" of LIB: a small shared library with debug info that has
# exactly LIB's exported functions (names, symbol versions, SONAME, read from LIB's
# dynamic symbol table) with exactly the types the public headers give them
# (INCLUDE_DIR/brace/*.h, the declarations as gcc's -aux-info prints them, compiled
# with -g). abidw/abidiff read OUT.so like any library with DWARF.
#
# Why: libbrace is Swift behind a C ABI. Its DWARF describes the Swift implementation
# (language Swift, which libabigail skips) and the headers only as Clang-module type
# units, never as C functions, so `abidw LIB` sees the 115 exported symbols and no
# function type at all (and `--headers-dir` cannot add what is not there): abidiff on
# the library alone would catch a removed function but not a changed signature or a
# changed struct. The description keeps the library's half (which functions exist, under
# which version) and takes the types from the headers users compile against. See
# docs/abi.md.
#
# Each function is defined with an empty body that traps; it is never run. Parameters
# stay unnamed, so the definitions are compiled as C23 (-std=c2x, gcc 11 or later).
#
#   exit 0  OUT.so written (a declared function LIB does not export is left out, with a
#           note: abidiff then reports it removed)
#   exit 1  LIB exports something the headers cannot describe (a function they do not
#           declare, a data symbol, a non-default symbol version)
#   exit 2  usage or tool failure
#
# Environment: GCC (default gcc), READELF (default readelf).
set -eu
export LC_ALL=C

if [ $# -ne 3 ]; then
  echo "usage: $0 LIB INCLUDE_DIR OUT.so" >&2
  exit 2
fi
lib=$1
case $3 in /*) out=$3 ;; *) out=$(pwd)/$3 ;; esac
gcc=${GCC:-gcc}
readelf=${READELF:-readelf}
[ -f "$lib" ] || { echo "abi-describe: $lib does not exist" >&2; exit 2; }
[ -f "$2/brace/brace.h" ] || { echo "abi-describe: $2/brace/brace.h does not exist" >&2; exit 2; }
incdir=$(cd "$2" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# --- LIB's exports: "TYPE NAME VERSION NONDEFAULT VISIBILITY" of every defined
# global/weak, default/protected dynamic symbol (VERSION empty when unversioned,
# NONDEFAULT 1 for name@VERSION). The version-definition symbols (ABS) are not part of
# the interface. A symbol bound LOCAL is not exported (the dynamic
# linker never binds to it): readelf warns about such an entry after the globals.
"$readelf" --dyn-syms -W "$lib" >"$tmp/dynsym" 2>"$tmp/readelf.err" || {
  cat "$tmp/readelf.err" >&2
  exit 2
}
awk '$7 != "UND" && $7 != "ABS" && ($5 == "GLOBAL" || $5 == "WEAK") && ($6 == "DEFAULT" || $6 == "PROTECTED") {
       name = $8; version = ""; hidden = 0
       if (index(name, "@@")) { version = substr(name, index(name, "@@") + 2); name = substr(name, 1, index(name, "@@") - 1) }
       else if (index(name, "@")) { hidden = 1 }
       print $4, name, version, hidden, tolower($6)
     }' "$tmp/dynsym" | sort -k2,2 >"$tmp/exports"

bad=$(awk '$1 != "FUNC" { print "  " $1 " " $2 }' "$tmp/exports")
if [ -n "$bad" ]; then
  echo "abi-describe: $lib exports symbols that are not functions (the C ABI has none):" >&2
  echo "$bad" >&2
  exit 1
fi
bad=$(awk '$4 == 1 { print "  " $2 }' "$tmp/exports")
if [ -n "$bad" ]; then
  echo "abi-describe: $lib has non-default symbol versions (name@VERSION), which this script does not reproduce:" >&2
  echo "$bad" >&2
  exit 1
fi
awk '{ print $2 }' "$tmp/exports" >"$tmp/exported"
[ -s "$tmp/exported" ] || { echo "abi-describe: $lib exports no function" >&2; exit 1; }

# --- the headers' declarations, one line each: "TYPE NAME (PARAMETER TYPES);"
for h in "$incdir"/brace/*.h; do printf '#include "%s"\n' "$h"; done >"$tmp/all.c"
"$gcc" -std=c11 -I"$incdir" -aux-info "$tmp/aux" -fsyntax-only "$tmp/all.c"
# -aux-info marks each line with "file:line:XY": N/O new or old style, C declared or F
# defined. Only declarations from the public headers count (no inline definitions).
grep -F "/* $incdir/brace/" "$tmp/aux" | grep ':[NO]C \*/' >"$tmp/decls" || true
# "NAME<tab>FILE<tab>LINE<tab>DECLARATION" per function. The name is the first identifier
# followed by "(" that does not open a declarator "(*" (a function-pointer return or
# parameter type).
perl -ne 'next unless m{^/\* (\S+):(\d+):[NO]C \*/ (?:extern )?(.*?);\s*$};
          my ($file, $line, $decl) = ($1, $2, $3);
          print "$1\t$file\t$line\t$decl\n" if $decl =~ /([A-Za-z_][A-Za-z0-9_]*) ?\((?!\*)/' "$tmp/decls" |
  sort -u -t "$(printf '\t')" -k1,1 >"$tmp/named"
cut -f1 "$tmp/named" >"$tmp/declared"
[ -s "$tmp/declared" ] || { echo "abi-describe: no declarations found in $incdir/brace/*.h" >&2; exit 2; }

undeclared=$(comm -23 "$tmp/exported" "$tmp/declared")
if [ -n "$undeclared" ]; then
  echo "abi-describe: $lib exports functions that $incdir/brace/*.h does not declare, so their types are unknown:" >&2
  echo "$undeclared" | sed 's/^/  /' >&2
  exit 1
fi
unexported=$(comm -13 "$tmp/exported" "$tmp/declared")
if [ -n "$unexported" ]; then
  echo "abi-describe: note: declared in $incdir/brace/*.h but not exported by $lib (left out of the description):" >&2
  echo "$unexported" | sed 's/^/  /' >&2
fi

# --- the description: the headers, then one trapping definition per exported function,
# with LIB's symbol visibility (default or protected), placed by #line at the header
# line that declares it (abidiff's reports then point into the header).
tab=$(printf '\t')
awk -v OFS="$tab" '{ print $2, $5 }' "$tmp/exports" >"$tmp/visibility"
{
  cat "$tmp/all.c"
  echo
  join -t "$tab" "$tmp/visibility" "$tmp/named" |
    awk -F "$tab" '{ printf "#line %s \"%s\"\n__attribute__((visibility(\"%s\"))) %s { __builtin_trap(); }\n", $4, $3, $2, $5 }'
} >"$tmp/describe.c"

# The symbol versions of LIB, one node per version, in order of first use.
versions=$(awk '$3 != "" { print $3 }' "$tmp/exports" | awk '!seen[$0]++')
unversioned=$(awk '$3 == "" { n++ } END { print n + 0 }' "$tmp/exports")
ldflags=""
if [ -n "$versions" ]; then
  if [ "$unversioned" -ne 0 ]; then
    echo "abi-describe: $lib mixes versioned and unversioned exports, which this script does not reproduce" >&2
    exit 1
  fi
  first=1
  for v in $versions; do
    echo "$v {"
    echo "  global:"
    awk -v v="$v" '$3 == v { print "    " $2 ";" }' "$tmp/exports"
    if [ $first -eq 1 ]; then echo "  local: *;"; first=0; fi
    echo "};"
  done >"$tmp/versions.map"
  ldflags="-Wl,--version-script=$tmp/versions.map"
fi
soname=$("$readelf" -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ -n "$soname" ] && ldflags="$ldflags -Wl,-soname,$soname"

# Compiled from inside $tmp so that the debug info names "describe.c", not a temporary path.
# shellcheck disable=SC2086 # ldflags is a list of words
(cd "$tmp" && "$gcc" -std=c2x -g -O0 -fPIC -shared -fvisibility=hidden -w -I"$incdir" $ldflags \
  -o "$out" describe.c) || {
  echo "abi-describe: compiling the description failed (gcc 11 or later is needed for -std=c2x)" >&2
  exit 2
}

# The description must export exactly what LIB exports.
"$readelf" --dyn-syms -W "$out" |
  awk '$7 != "UND" && $7 != "ABS" && ($5 == "GLOBAL" || $5 == "WEAK") && ($6 == "DEFAULT" || $6 == "PROTECTED") { print $8 }' |
  sort >"$tmp/described"
awk '{ print $2 ($3 == "" ? "" : "@@" $3) }' "$tmp/exports" | sort >"$tmp/wanted"
if ! cmp -s "$tmp/wanted" "$tmp/described"; then
  echo "abi-describe: the description's exports differ from $lib's:" >&2
  diff "$tmp/wanted" "$tmp/described" >&2 || true
  exit 2
fi
