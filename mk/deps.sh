#!/usr/bin/env bash
# mk/deps.sh [--versions]
#
# The first step of `make test`: the system tools the tests need are there, or it
# installs the missing ones with apt-get (as root, or through `sudo -n`), or it stops
# and says what to install. Nothing is installed when nothing is missing. With
# --versions it then prints the version of each tool (CI logs: .ci/run sets CI).
#
# The Swift toolchain is not a Debian package: it must be on PATH or in /opt/swift
# (the Makefile looks there).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

# Each tool, and the Debian package that provides it (one package may provide two).
tools=(valgrind pkg-config make gcc g++ abidw abidiff strip nm readelf perl python3)
declare -A package_of=(
  [valgrind]=valgrind [pkg-config]=pkg-config [make]=make [gcc]=gcc [g++]=g++
  [abidw]=abigail-tools [abidiff]=abigail-tools [strip]=binutils [nm]=binutils
  [readelf]=binutils [perl]=perl [python3]=python3
)

missing_packages() {
  local tool
  for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || echo "${package_of[$tool]}"
  done
  # `python3 -m venv` needs the venv module with ensurepip (Debian's python3-venv).
  if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    echo python3-venv
  fi
  # The PNG output (cairosvg, a test dependency of the Python package) needs libcairo.
  # (The cache is read whole first: `grep -q` would close the pipe early, and under
  # pipefail ldconfig's SIGPIPE would count as "missing".)
  local cache
  cache=$(ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true)
  case $cache in
    *libcairo.so.2*) ;;
    *) echo libcairo2 ;;
  esac
}

mapfile -t missing < <(missing_packages | sort -u)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo -n"
    else
      echo "mk/deps.sh: missing ${missing[*]}, and this user may not install packages." >&2
      echo "  Install them, then run make test again:" >&2
      echo "  sudo apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "mk/deps.sh: missing ${missing[*]} (Debian package names), and there is no apt-get here:" >&2
    echo "  install their equivalents, then run make test again." >&2
    exit 1
  fi
  echo "mk/deps.sh: installing ${missing[*]}"
  $sudo apt-get update </dev/null
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" </dev/null
  mapfile -t still < <(missing_packages | sort -u)
  if [ "${#still[@]}" -gt 0 ]; then
    echo "mk/deps.sh: still missing after apt-get: ${still[*]}" >&2
    exit 1
  fi
fi

# clang (the header checks, the fuzzer, the sanitizers) comes with the Swift toolchain.
for tool in swift clang; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "mk/deps.sh: no $tool on PATH or in /opt/swift/usr/bin: install Swift 6.3 (swift.org)" >&2
    exit 1
  fi
done

if [ "${1:-}" = --versions ]; then
  # (sed reads all of each tool's output: `head` could close the pipe early, and the
  # tool's SIGPIPE would fail the script under pipefail.)
  swift --version 2>&1 | sed -n 1p
  clang --version | sed -n 1p
  gcc --version | sed -n 1p
  g++ --version | sed -n 1p
  make --version | sed -n 1p
  echo "pkg-config $(pkg-config --version)"
  valgrind --version
  abidiff --version
fi
echo "tools: all there"
