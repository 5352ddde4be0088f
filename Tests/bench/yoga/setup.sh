#!/usr/bin/env bash
# Tests/bench/yoga/setup.sh OUT — builds Yoga and its side of the stack benchmark into OUT
# (an ignored build folder). Yoga's C++ source comes from the `poga` source distribution
# on PyPI (pinned); nothing of it is committed. Downloading that sdist makes pip read its
# metadata, which imports pybind11, so a throwaway virtual environment in OUT provides it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: setup.sh OUT}
version=0.1.19
mkdir -p "$out"
cd "$out"
command -v g++ >/dev/null || { echo "setup.sh: g++ is missing (apt-get install g++)" >&2; exit 1; }
if [ ! -f "poga-$version.tar.gz" ]; then
  python3 -m venv venv
  venv/bin/pip install --quiet pybind11 setuptools wheel
  venv/bin/pip download --quiet "poga==$version" --no-deps --no-binary :all: --no-build-isolation -d .
fi
if [ ! -x stack_bench ] || [ "$here/stack_bench.cpp" -nt stack_bench ]; then
  rm -rf src yoga && mkdir src
  tar xzf "poga-$version.tar.gz" -C src --strip-components=1
  mkdir -p yoga && cp -R src/src/poga/deps/yoga/. yoga/
  g++ -O2 -std=c++14 -I. -o stack_bench "$here/stack_bench.cpp" yoga/*.cpp yoga/event/*.cpp yoga/internal/*.cpp
fi
