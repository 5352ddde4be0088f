#!/bin/sh
# Tests/bench/yoga/setup.sh — build Yoga (Facebook's flexbox engine, C++) and the stack
# benchmark's Yoga program (stack_bench.cpp) into a build folder that is never committed.
#
#   Tests/bench/yoga/setup.sh [BUILD_DIR]      (default: .build/yoga at the repository root)
#
# Yoga's source comes from the `poga` sdist on PyPI (pinned below; its src/poga/deps/yoga
# is plain Yoga). The sdist is downloaded once and kept in BUILD_DIR; Yoga's objects are
# compiled once; the program is relinked when stack_bench.cpp changes. Quiet on success:
# the program is BUILD_DIR/stack_bench. Needs pip (or python3 -m pip) and g++.
#
# Environment: PIP (the pip command), CXX (default g++), CXXFLAGS (default -O2 -DNDEBUG).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${1:-"$root/.build/yoga"}
POGA_VERSION=0.1.19
CXX=${CXX:-g++}
CXXFLAGS=${CXXFLAGS:-"-O2 -DNDEBUG"}

die() { echo "yoga/setup.sh: $*" >&2; exit 1; }

command -v "$CXX" >/dev/null 2>&1 || die "$CXX not found: install a C++17 compiler (Debian: apt-get install g++) or set CXX"

mkdir -p "$build"
sdist="$build/poga-$POGA_VERSION.tar.gz"
src="$build/poga-$POGA_VERSION/src/poga/deps"   # holds yoga/ (its headers include <yoga/...>)

# 1. The sdist, once. Only poga itself from source: its build dependencies (setuptools,
#    pybind11, which pip installs to read the sdist's metadata) come as wheels; building
#    them from source too (--no-binary :all:) takes many minutes.
if [ ! -f "$sdist" ]; then
  if [ -n "${PIP:-}" ]; then pip_cmd=$PIP
  elif command -v pip >/dev/null 2>&1; then pip_cmd=pip
  elif command -v pip3 >/dev/null 2>&1; then pip_cmd=pip3
  elif command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then pip_cmd="python3 -m pip"
  else die "pip not found (needed once, to download Yoga's source: the poga sdist); install pip (Debian: apt-get install python3-pip) or set PIP"
  fi
  tmp="$build/download.tmp"
  rm -rf "$tmp" && mkdir -p "$tmp"
  if ! $pip_cmd download "poga==$POGA_VERSION" --no-deps --no-binary poga -d "$tmp" >"$build/download.log" 2>&1; then
    cat "$build/download.log" >&2
    die "pip download poga==$POGA_VERSION failed (log above, kept in $build/download.log)"
  fi
  [ -f "$tmp/poga-$POGA_VERSION.tar.gz" ] || die "pip download did not produce poga-$POGA_VERSION.tar.gz (see $build/download.log)"
  mv "$tmp/poga-$POGA_VERSION.tar.gz" "$sdist"
  rm -rf "$tmp"
fi

# 2. Extracted, once.
if [ ! -f "$src/yoga/Yoga.h" ]; then
  rm -rf "$build/poga-$POGA_VERSION"
  tar xzf "$sdist" -C "$build" || die "cannot extract $sdist"
  [ -f "$src/yoga/Yoga.h" ] || die "$sdist has no src/poga/deps/yoga/Yoga.h"
fi

# 3. Yoga's objects, each compiled when missing or older than its source.
objdir="$build/obj"
mkdir -p "$objdir"
objs=""
for cpp in $(cd "$src" && find yoga -name '*.cpp' | sort); do
  obj="$objdir/$(echo "$cpp" | tr / _ | sed 's/\.cpp$/.o/')"
  if [ ! -f "$obj" ] || [ "$src/$cpp" -nt "$obj" ]; then
    $CXX -std=c++17 $CXXFLAGS -w -I"$src" -c "$src/$cpp" -o "$obj.tmp" || die "compiling Yoga's $cpp failed"
    mv "$obj.tmp" "$obj"
  fi
  objs="$objs $obj"
done

# 4. The benchmark program, relinked when its source (or this script) changed.
exe="$build/stack_bench"
if [ ! -x "$exe" ] || [ "$here/stack_bench.cpp" -nt "$exe" ] || [ "$0" -nt "$exe" ]; then
  $CXX -std=c++17 $CXXFLAGS -Wall -Wextra -I"$src" -o "$exe.tmp" "$here/stack_bench.cpp" $objs \
    || die "building stack_bench.cpp failed"
  mv "$exe.tmp" "$exe"
fi
