#!/bin/sh
# check-exports.sh LIBRARY INCLUDE_DIR [CC]
#
# The ABI check of libbrace (run by `make test-abi`):
#   1. the library's dynamic symbol table defines exactly the functions that the public
#      headers (INCLUDE_DIR/brace/*.h) declare: `nm -D --defined-only`, T/W symbols,
#      version suffix (@@BRACE_0) stripped, against the declarations that gcc's
#      -aux-info lists for those headers; nothing else is exported (no data, no Swift
#      runtime), and every name is prefixed brace_;
#   2. its SONAME is libbrace.so.<major of the header>;
#   3. neither it nor any plugin installed with it (brace/libbrace_*.so beside it, where
#      the built-in strategies go, and libbrace_*.so next to it) needs a Swift runtime
#      library, and every dependency resolves;
#   4. the built-in plugins (mk/plugins) are in brace/, and every plugin exports exactly
#      one function, the entry symbol named by BRACE_PLUGIN_ENTRY_NAME in
#      brace/brace_plugin.h.
set -eu

plugins=$(cd "$(dirname "$0")/../../mk" && pwd)/plugins
lib=$1
incdir=$(cd "$2" && pwd)
cc=${3:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

[ -f "$lib" ] || { echo "check-exports: $lib does not exist" >&2; exit 1; }

# --- 1. exports == declarations -------------------------------------------------------
for h in "$incdir"/brace/*.h; do printf '#include "%s"\n' "$h"; done >"$tmp/all.c"
# -aux-info writes one line per function declaration, with the file that declared it.
"$cc" -std=c11 -I"$incdir" -aux-info "$tmp/aux" -fsyntax-only "$tmp/all.c"
grep -F "$incdir/brace/" "$tmp/aux" |
  sed -n 's/.*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\) *(.*/\1/p' | sort -u >"$tmp/declared"

nm -D --defined-only "$lib" >"$tmp/nm"
# Only global symbols (upper-case types) are exported: lower-case ones are local and
# invisible to other objects even when listed. Version definitions (type A, e.g. BRACE_0)
# are not symbols of the ABI.
awk '$2 ~ /^[A-Z]$/ && $2 != "A" { print $2, $3 }' "$tmp/nm" | sed 's/@.*//' >"$tmp/defined"
awk '$1 == "T" || $1 == "W" { print $2 }' "$tmp/defined" | sort -u >"$tmp/exported"

ndecl=$(wc -l <"$tmp/declared")
nexp=$(wc -l <"$tmp/exported")
if [ "$ndecl" -eq 0 ]; then
  echo "check-exports: found no declarations in $incdir/brace/*.h" >&2
  exit 1
fi

missing=$(comm -23 "$tmp/declared" "$tmp/exported")
extra=$(comm -13 "$tmp/declared" "$tmp/exported")
if [ -n "$missing" ]; then
  echo "declared in the headers but not exported by $lib:" >&2
  echo "$missing" | sed 's/^/  /' >&2
  fail=1
fi
if [ -n "$extra" ]; then
  echo "exported by $lib but not declared in the headers:" >&2
  echo "$extra" | sed 's/^/  /' >&2
  fail=1
fi
other=$(awk '$1 != "T" && $1 != "W" { print "  " $1 " " $2 }' "$tmp/defined")
if [ -n "$other" ]; then
  echo "$lib exports symbols that are not functions:" >&2
  echo "$other" >&2
  fail=1
fi
unprefixed=$(grep -v '^brace_' "$tmp/declared" "$tmp/exported" || true)
if [ -n "$unprefixed" ]; then
  echo "names without the brace_ prefix:" >&2
  echo "$unprefixed" | sed 's/^/  /' >&2
  fail=1
fi

# --- 2. SONAME ---------------------------------------------------------------------------
major=$(sed -n 's/^#define BRACE_VERSION_MAJOR \([0-9][0-9]*\).*/\1/p' "$incdir/brace/types.h")
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" != "libbrace.so.$major" ]; then
  echo "SONAME of $lib is '$soname', expected 'libbrace.so.$major'" >&2
  fail=1
fi

# --- 3. no Swift runtime needed at run time ---------------------------------------------
libdir=$(dirname "$lib")
for so in "$lib" "$libdir"/brace/libbrace_*.so "$libdir"/libbrace_*.so; do
  [ -e "$so" ] || continue
  # -r: also resolve every symbol, as dlopen(RTLD_NOW) does (an Embedded Swift plugin
  # that needs a runtime table it did not link fails here, not at load time).
  ldd -r "$so" >"$tmp/ldd" 2>&1 || { echo "ldd failed on $so:" >&2; cat "$tmp/ldd" >&2; fail=1; continue; }
  if grep -Ei 'libswift|libFoundation|libdispatch|libBlocksRuntime' "$tmp/ldd" >/dev/null; then
    echo "$so needs the Swift runtime at run time:" >&2
    grep -Ei 'libswift|libFoundation|libdispatch|libBlocksRuntime' "$tmp/ldd" | sed 's/^/  /' >&2
    fail=1
  fi
  if grep -E 'not found|undefined symbol' "$tmp/ldd" >/dev/null; then
    echo "$so has unresolved dependencies:" >&2
    grep -E 'not found|undefined symbol' "$tmp/ldd" | sed 's/^/  /' >&2
    fail=1
  fi
done

# --- 4. a plugin exports its entry symbol and nothing else --------------------------------
entry=$(sed -n 's/^.define BRACE_PLUGIN_ENTRY_NAME "\(.*\)".*/\1/p' "$incdir/brace/brace_plugin.h")
for name in $(awk '!/^#/ && NF { print $3 }' "$plugins"); do
  if [ ! -f "$libdir/brace/lib$name.so" ]; then
    echo "the built-in plugin $libdir/brace/lib$name.so is missing" >&2
    fail=1
  fi
done
nplugins=0
for so in "$libdir"/brace/libbrace_*.so "$libdir"/libbrace_*.so; do
  [ -e "$so" ] || continue
  nplugins=$((nplugins + 1))
  got=$(nm -D --defined-only "$so" | awk '$2 ~ /^[A-Z]$/ && $2 != "A" { print $2, $3 }' | sed 's/@.*//' | sort -u | tr '\n' ' ')
  if [ "$got" != "T $entry " ]; then
    echo "plugin $so should export exactly 'T $entry', exports: $got" >&2
    fail=1
  fi
done

if [ "$fail" -ne 0 ]; then
  exit 1
fi
echo "abi: $nexp exported functions == $ndecl declared in $incdir/brace/*.h; SONAME $soname; no Swift runtime dependency; $nplugins plugin(s) export only $entry"
