#!/bin/sh
# mk/embedded.sh OUT_DIR PART...
#
# Builds libbrace and the built-in strategy plugins with Embedded Swift: no Swift runtime
# library, no reflection, only the code each uses, so each is kilobytes where the SwiftPM
# build (with the runtime linked in statically) is megabytes, and a process that loads
# them holds no Swift runtime at all. PART is core (OUT_DIR/libbrace.so, SONAME
# libbrace.so.0, exporting the brace_* functions of Sources/Brace/exports.map) or a
# built-in plugin of mk/plugins, named by its library without "brace_"
# (OUT_DIR/libbrace_PLUGIN.so, exporting only its entry). Outputs are stripped; a part whose output is newer than its sources is skipped.
# Used by the Makefile (make install) and bindings/python/setup.py.
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

# -O, not -Osize: the core, the solver and the stack are hot paths (-Osize would save
# about 300 KB, and cost 10-20% of a constraint addition). One section per function lets
# the linker drop what nothing calls (--gc-sections) and fold identical functions whose
# address is never taken (--icf=safe).
common="-enable-experimental-feature Embedded -wmo -parse-as-library -O -Xfrontend -function-sections
  -Xcc -fPIC -I $root/include -package-name brace"
link="-Xlinker --gc-sections -Xlinker --icf=safe -Xlinker -lm"
# String comparison and hashing (names of strategies and properties in the core) need
# the Unicode tables that Embedded Swift keeps in a library of their own.
arch=$(uname -m)
unicode="$(dirname "$swiftc")/../lib/swift/embedded/$arch-unknown-linux-gnu/libswiftUnicodeDataTables.a"

# Whether OUT_DIR/libbrace_NAME.so is newer than everything it is built from.
up_to_date() { # name dir...
  target="$out/libbrace_$1.so"
  shift
  [ -f "$target" ] || return 1
  [ -z "$(find "$@" "$root/Sources/BracePluginKit" "$root/include" "$0" -newer "$target" -type f 2>/dev/null | head -n 1)" ]
}

# What the plugins share with the host (Sources/BracePluginKit): a module of its own, as
# in the SwiftPM build, compiled once to an object that the core and each plugin link in.
kit="-I $tmp $tmp/kit.o"
build_kit() {
  [ -f "$tmp/kit.o" ] && return
  # shellcheck disable=SC2086
  "$swiftc" $common -emit-module -emit-module-path "$tmp/BracePluginKit.swiftmodule" \
    -module-name BracePluginKit -c "$root"/Sources/BracePluginKit/*.swift -o "$tmp/kit.o"
}

plugin() { # name module sources... (extra objects in $extra)
  name=$1 module=$2
  shift 2
  build_kit
  # shellcheck disable=SC2086
  "$swiftc" $common -emit-library -module-name "$module" "$@" $extra $kit \
    -Xlinker "--version-script=$root/Sources/$module/exports.map" $link \
    -o "$tmp/libbrace_$name.so"
  strip --strip-unneeded "$tmp/libbrace_$name.so"
  mv "$tmp/libbrace_$name.so" "$out/libbrace_$name.so"
}

for p in "$@"; do
  extra=""
  case $p in
    core)
      target="$out/libbrace.so"
      if [ -f "$target" ] && [ -z "$(find "$root/Sources/Brace" "$root/Sources/BracePluginKit" "$root/Sources/CBraceLibc" "$root/include" "$0" -newer "$target" -type f | head -n 1)" ]; then
        continue
      fi
      build_kit
      # shellcheck disable=SC2086
      "$swiftc" $common -I "$root/Sources/CBraceLibc" -emit-library -module-name Brace \
        "$root"/Sources/Brace/*/*.swift "$unicode" $kit \
        -Xlinker "--version-script=$root/Sources/Brace/exports.map" -Xlinker -soname -Xlinker libbrace.so.0 \
        $link -o "$tmp/libbrace.so"
      strip --strip-unneeded "$tmp/libbrace.so"
      mv "$tmp/libbrace.so" "$target"
      ;;
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
    *) echo "embedded.sh: unknown part '$p' (core, or a plugin of mk/plugins)" >&2; exit 2 ;;
  esac
done
