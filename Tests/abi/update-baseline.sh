#!/bin/sh
# update-baseline.sh [--force] LIB [BASELINE [INCLUDE_DIR]]
#
# Records the ABI of LIB (with the headers in INCLUDE_DIR, by default the installed
# ones next to it, LIB/../../include) as BASELINE (default Tests/abi/libbrace.abi), the
# abixml file that check-abi.sh compares against. `make abi-baseline` runs it on the
# installed library.
#
# The rule (docs/abi.md): add, never alter. So when BASELINE exists it is first checked
# with check-abi.sh:
#   - unchanged: BASELINE is left as it is;
#   - functions only added: BASELINE is rewritten (bump BRACE_VERSION_MINOR in
#     include/brace/types.h before the added functions are released);
#   - anything else (a function removed or changed, a type changed): refused, exit 1,
#     unless --force. Use --force only for a change the rules allow but abidiff cannot
#     tell from a break (a member appended at the end of a struct that starts with
#     struct_size) after reading the report, or when starting a new major version.
#
# The abixml is written without paths, source locations or the compilation directory,
# with type ids derived from the types (--type-id-style hash), so it depends on the ABI
# only and a rebuild elsewhere gives the same file.
#
# Environment: ABIDW, ABIDIFF, GCC.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
abidw=${ABIDW:-abidw}
abidiff=${ABIDIFF:-abidiff}

force=0
if [ "${1:-}" = "--force" ]; then
  force=1
  shift
fi
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: $0 [--force] LIB [BASELINE [INCLUDE_DIR]]" >&2
  exit 2
fi
lib=$1
baseline=${2:-$here/libbrace.abi}
incdir=${3:-$(dirname "$lib")/../include}
command -v "$abidw" >/dev/null 2>&1 || { echo "update-baseline: $abidw not found (apt-get install abigail-tools)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$here/abi-describe.sh" "$lib" "$incdir" "$tmp/libbrace-abi.so"
"$abidw" --no-corpus-path --no-comp-dir-path --no-show-locs --type-id-style hash \
  "$tmp/libbrace-abi.so" >"$tmp/new.abi"
# The abixml must describe the library exactly (a round trip abidiff finds no change in).
"$abidiff" "$tmp/new.abi" "$tmp/libbrace-abi.so" >"$tmp/roundtrip" 2>&1 || {
  cat "$tmp/roundtrip" >&2
  echo "update-baseline: the written abixml does not read back as the library's ABI" >&2
  exit 2
}

if [ -f "$baseline" ]; then
  check=0
  "$here/check-abi.sh" "$lib" "$baseline" "$incdir" >"$tmp/check" 2>&1 || check=$?
  cat "$tmp/check"
  case $check in
    0)
      if grep -q '^check-abi: ok: the ABI of .* equals' "$tmp/check"; then
        echo "update-baseline: $baseline is up to date"
        exit 0
      fi
      ;;
    1)
      if [ $force -eq 0 ]; then
        echo "update-baseline: refused: the baseline records additions only (add, never alter; docs/abi.md)." >&2
        echo "update-baseline: if this change is allowed, run again with --force (make abi-baseline ABI_FORCE=1)." >&2
        exit 1
      fi
      echo "update-baseline: --force: recording a change that is more than additions"
      ;;
    *)
      exit 2
      ;;
  esac
fi

version=$(sed -n 's/^#define BRACE_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\).*/\2/p' "$incdir/brace/types.h" |
  tr '\n' '.' | sed 's/\.$//')
mv "$tmp/new.abi" "$baseline.tmp.$$"
mv "$baseline.tmp.$$" "$baseline"
nfun=$(grep -c '<function-decl ' "$baseline" || true)
echo "update-baseline: wrote $baseline: $nfun functions of $lib (headers at version $version)"
