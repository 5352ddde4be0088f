#!/bin/sh
# mk/embedded-plugins.sh OUT_DIR PLUGIN...
#
# Builds the built-in strategy plugins with Embedded Swift: no Swift runtime library, no
# reflection, only the code each plugin uses, so each is tens of kilobytes where the
# SwiftPM build (with the runtime linked in statically) is megabytes, and a process that
# loads them holds one Swift runtime, libbrace's. PLUGIN is one of autoresizing, stack,
# simplex; each becomes OUT_DIR/libbrace_PLUGIN.so, stripped, exporting only its entry
# (its exports.map). Used by the Makefile (make install) and bindings/python/setup.py.
#
# Environment: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc).
set -eu

out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# -O, not -Osize: the solver and the stack are hot paths (-Osize saves about 100 KB).
common="-enable-experimental-feature Embedded -wmo -parse-as-library -O -Xcc -fPIC
  -I $root/include -package-name brace"
link="-Xlinker --gc-sections -Xlinker -lm"

# Whether OUT_DIR/libbrace_NAME.so is newer than everything it is built from.
up_to_date() { # name dir...
  target="$out/libbrace_$1.so"
  shift
  [ -f "$target" ] || return 1
  [ -z "$(find "$@" "$root/include" "$0" -newer "$target" -type f 2>/dev/null | head -n 1)" ]
}

plugin() { # name module sources... (extra objects in $extra)
  name=$1 module=$2
  shift 2
  # shellcheck disable=SC2086
  "$swiftc" $common -emit-library -module-name "$module" "$@" $extra \
    -Xlinker "--version-script=$root/Sources/$module/exports.map" $link \
    -o "$tmp/libbrace_$name.so"
  strip --strip-unneeded "$tmp/libbrace_$name.so"
  mv "$tmp/libbrace_$name.so" "$out/libbrace_$name.so"
}

for p in "$@"; do
  extra=""
  case $p in
    autoresizing)
      up_to_date autoresizing "$root/Sources/BraceAutoresizing" && continue
      plugin autoresizing BraceAutoresizing "$root"/Sources/BraceAutoresizing/*.swift ;;
    stack)
      up_to_date stack "$root/Sources/BraceStack" && continue
      plugin stack BraceStack "$root"/Sources/BraceStack/*.swift ;;
    simplex)
      up_to_date simplex "$root/Sources/BraceSimplex" "$root/Sources/BraceSimplexSolver" && continue
      # The solver is its own module (the benchmarks and tests use it too): compiled to an
      # object with its module interface, then linked into the plugin.
      # shellcheck disable=SC2086
      "$swiftc" $common -emit-module -emit-module-path "$tmp/BraceSimplexSolver.swiftmodule" \
        -module-name BraceSimplexSolver -c "$root"/Sources/BraceSimplexSolver/*.swift -o "$tmp/solver.o"
      extra="-I $tmp $tmp/solver.o"
      plugin simplex BraceSimplex "$root"/Sources/BraceSimplex/*.swift
      ;;
    *) echo "embedded-plugins: unknown plugin '$p' (autoresizing, stack, simplex)" >&2; exit 2 ;;
  esac
done
