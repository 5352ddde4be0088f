#!/bin/sh
# Tests/bench/install-bench.sh WORK — the installed library's first use and memory
# (Tests/bench/install_bench.c), a long chain of views activated (Tests/bench/chain_bench.c),
# then kiwi's side: building constraint systems side by side with Brace at N = 100, 1,000
# and 10,000 and the same chain (Tests/bench/kiwi_build.cpp), and kiwi's memory for the
# constraints of install_bench (Tests/bench/kiwi_memory.cpp); both built from the
# kiwisolver sdist that pip downloads into WORK/kiwi on first use (never committed). Run by
# `make bench` after `make install`, with PKG_CONFIG_PATH pointing at the install.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$1
mkdir -p "$work/kiwi"
cc=${CC:-cc}
cxx=${CXX:-g++}
python=${PYTHON:-python3}

# shellcheck disable=SC2046
"$cc" -std=c11 -O2 -Wall -Wextra -Werror $(pkg-config --cflags brace) -o "$work/install_bench" \
  "$here/install_bench.c" $(pkg-config --libs brace)
"$work/install_bench" "$@"
# shellcheck disable=SC2046
"$cc" -std=c11 -O2 -Wall -Wextra -Werror $(pkg-config --cflags brace) -o "$work/chain_bench" \
  "$here/chain_bench.c" $(pkg-config --libs brace)
echo
"$work/chain_bench"

if [ ! -d "$work/kiwi/src/kiwi" ]; then
  rm -rf "$work/kiwi/src" && mkdir -p "$work/kiwi/src"
  if "$python" -m pip download --quiet --no-deps --no-binary :all: -d "$work/kiwi" "kiwisolver==1.4.7" &&
    tar -xzf "$work"/kiwi/kiwisolver-1.4.7.tar.gz -C "$work/kiwi/src" --strip-components=1; then
    :
  else
    echo "install-bench: kiwisolver's source could not be fetched from PyPI: kiwi's side skipped" >&2
    exit 0
  fi
fi
# shellcheck disable=SC2046
"$cxx" -std=c++17 -O2 -Wall -Wextra -Werror -isystem "$work/kiwi/src" $(pkg-config --cflags brace) \
  -o "$work/kiwi_build" "$here/kiwi_build.cpp" $(pkg-config --libs brace)
echo
# shellcheck disable=SC2086
"$work/kiwi_build" ${KIWI_BUILD_FLAGS:-}
echo
"$cxx" -std=c++17 -O2 -I "$work/kiwi/src" -o "$work/kiwi_memory" "$here/kiwi_memory.cpp"
"$work/kiwi_memory" "${KIWI_CONSTRAINTS:-21428}"
