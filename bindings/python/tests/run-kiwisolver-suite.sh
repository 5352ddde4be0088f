#!/bin/sh
# run-kiwisolver-suite.sh PYTHON CACHE VERSION
# kiwisolver's own pytest suite (py/tests of its sdist), unchanged, against brace.kiwi:
# the sdist is fetched with pip into CACHE once (then reused), and the `kiwisolver`
# shim next to this script goes first on sys.path for this run only. PYTHON is a venv's
# interpreter with brace, pytest and pip; real kiwisolver may be installed there too,
# so the run first checks that `kiwisolver` is brace.kiwi.
set -eu
python=$1 cache=$2 version=$3
src="$cache/kiwisolver-$version"
if [ ! -d "$src/py/tests" ]; then
  mkdir -p "$cache"
  "$python" -m pip download --quiet --no-deps --no-binary :all: -d "$cache" "kiwisolver==$version"
  # Unpacked aside and moved in one step: an interrupted run never leaves half a suite.
  rm -rf "$src.part" && mkdir "$src.part"
  tar -xzf "$cache/kiwisolver-$version.tar.gz" -C "$src.part"
  mv "$src.part/kiwisolver-$version" "$src" && rm -rf "$src.part"
fi
PYTHONPATH="$(cd "$(dirname "$0")" && pwd)/kiwisolver_shim${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
"$python" -c 'import brace.kiwi, kiwisolver, sys; sys.exit(kiwisolver is not brace.kiwi)' || {
  echo "run-kiwisolver-suite.sh: kiwisolver is not brace.kiwi on this sys.path" >&2
  exit 1
}
exec "$python" -m pytest -q -p no:cacheprovider "$src/py/tests"
