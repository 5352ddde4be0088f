#!/bin/sh
# check-abi.sh LIB BASELINE [INCLUDE_DIR]
#
# Compares the ABI of LIB (libbrace.so.N.M.P) with BASELINE (an abixml file,
# Tests/abi/libbrace.abi) using abidiff. INCLUDE_DIR holds brace/*.h, the headers that
# go with LIB; by default the installed ones next to it (LIB/../../include).
#
# What is compared: the ABI description of LIB (Tests/abi/abi-describe.sh: LIB's
# exported functions and symbol versions, with the types the headers give them) against
# the baseline made the same way (Tests/abi/update-baseline.sh). See docs/abi.md.
#
# What fails (exit 1), i.e. what abidiff reports once ADDED functions are set aside
# (`abidiff --no-added-syms`; its exit status then has ABIDIFF_ABI_CHANGE = 4, and
# ABIDIFF_ABI_INCOMPATIBLE_CHANGE = 8 too for removals):
#   - a function removed (no longer exported, or no longer declared);
#   - a function changed: its return or a parameter type, directly or anywhere beneath
#     (a struct it reaches gains, loses, moves or resizes a member, an enumerator
#     changes value or disappears, a typedef now names another type);
#   - a symbol version or the SONAME changed.
# What passes (exit 0):
#   - no change;
#   - functions ADDED (a minor version adds functions): reported as information;
#   - what abidiff's default filters call harmless, among them enumerators added to an
#     enum (the headers allow enumerations to gain values) and renamed parameters.
# abidiff failing to run (ABIDIFF_ERROR = 1, ABIDIFF_USAGE_ERROR = 2) is exit 2.
#
# Environment: ABIDIFF (default abidiff), GCC (default gcc, for the description).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
abidiff=${ABIDIFF:-abidiff}

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 LIB BASELINE [INCLUDE_DIR]" >&2
  exit 2
fi
lib=$1
baseline=$2
incdir=${3:-$(dirname "$lib")/../include}
[ -f "$lib" ] || { echo "check-abi: $lib does not exist (run make install)" >&2; exit 2; }
[ -f "$baseline" ] || { echo "check-abi: no baseline $baseline (make it with Tests/abi/update-baseline.sh)" >&2; exit 2; }
[ -f "$incdir/brace/brace.h" ] || { echo "check-abi: no headers in $incdir/brace" >&2; exit 2; }
command -v "$abidiff" >/dev/null 2>&1 || { echo "check-abi: $abidiff not found (apt-get install abigail-tools)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

status=0
"$here/abi-describe.sh" "$lib" "$incdir" "$tmp/libbrace-abi.so" || status=$?
if [ $status -ne 0 ]; then
  echo "check-abi: FAIL: cannot describe the ABI of $lib (see above)" >&2
  exit $((status == 1 ? 1 : 2))
fi

# abidiff [FLAGS] of the baseline and the description into $tmp/NAME; its exit status
# (bit values: 1 error, 2 usage error, 4 ABI change, 8 incompatible change) in $rc. An
# abidiff that failed to run stops the check (exit 2).
diff_into() {
  name=$1
  shift
  rc=0
  "$abidiff" --fail-no-debug-info "$@" "$baseline" "$tmp/libbrace-abi.so" >"$tmp/$name" 2>&1 || rc=$?
  if [ $((rc & 3)) -ne 0 ]; then
    cat "$tmp/$name" >&2
    echo "check-abi: abidiff failed to run (exit status $rc)" >&2
    exit 2
  fi
}

# The whole report, additions included; then the verdict without the additions.
diff_into full
full=$rc
if [ $full -eq 0 ]; then
  echo "check-abi: ok: the ABI of $lib equals $baseline"
  exit 0
fi

diff_into strict --no-added-syms
strict=$rc
if [ $strict -eq 0 ]; then
  echo "check-abi: ok: $lib only adds to $baseline:"
  sed 's/^/  | /' "$tmp/full"
  echo "check-abi: (a minor version may add functions: bump BRACE_VERSION_MINOR before releasing them, then record them with Tests/abi/update-baseline.sh)"
  exit 0
fi

meaning="ABIDIFF_ABI_CHANGE"
[ $((strict & 8)) -ne 0 ] && meaning="$meaning | ABIDIFF_ABI_INCOMPATIBLE_CHANGE (a function or symbol was removed)"
{
  echo "check-abi: FAIL: the ABI of $lib differs from $baseline beyond added functions"
  echo "check-abi: abidiff exit status $strict = $meaning; its report (added functions included):"
  sed 's/^/  | /' "$tmp/full"
  echo "check-abi: a released function or type must not change: add, never alter (docs/abi.md)."
  echo "check-abi: if the change is deliberate and allowed (a member appended to a struct that has struct_size,"
  echo "check-abi: or a new major version), record it with: Tests/abi/update-baseline.sh --force (make abi-baseline ABI_FORCE=1)"
} >&2
exit 1
