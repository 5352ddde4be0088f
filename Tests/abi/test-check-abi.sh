#!/bin/sh
# test-check-abi.sh LIB [INCLUDE_DIR]
#
# Shows that check-abi.sh catches what it is for, on deliberately broken copies of the
# real library LIB (default headers: the installed ones next to it). Every case runs
# check-abi.sh against a baseline recorded here, from LIB as it is, with
# update-baseline.sh (so the test does not depend on Tests/abi/libbrace.abi being
# current), and states the exit status it must have:
#
#   must PASS (0)  an unchanged copy of LIB
#   must FAIL (1)  a copy of LIB with one function hidden (its dynamic symbol bound
#                  LOCAL, which the dynamic linker never binds to: programs using it no
#                  longer link, which the test also shows) — a removed function
#   must FAIL (1)  LIB with headers where one function's parameter type changed
#   must FAIL (1)  LIB with headers where a struct gained a member in its padding (no
#                  offset or size changes: only the member list tells)
#   must FAIL (1)  LIB with headers where an enumerator changed value
#   must FAIL (1)  LIB with headers where a struct_size struct gained a member at its
#                  end (allowed by the rules, but only through a reviewed baseline
#                  update: update-baseline.sh refuses it, --force records it)
#   must PASS (0)  LIB against the baseline of the copy without that function: the
#                  newer library only ADDS a function (a minor version)
#   must PASS (0)  LIB with headers where an enum gained a value at its end
#
# Exit 0 when every case behaves, 1 otherwise. Environment: GCC, CC (for the link check).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 LIB [INCLUDE_DIR]" >&2
  exit 2
fi
lib=$1
incdir=$(cd "${2:-$(dirname "$lib")/../include}" && pwd)
[ -f "$lib" ] || { echo "test-check-abi: $lib does not exist" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

# The function the broken copy loses, and the one whose signature the header copy changes.
removed=brace_node_get_frame
changed=brace_node_set_hidden

# expect STATUS NAME LIB BASELINE INCLUDE_DIR [WORD...]: runs check-abi.sh, prints its
# output, and checks its exit status and that each WORD occurs in the output.
expect() {
  want=$1 name=$2 l=$3 b=$4 i=$5
  shift 5
  got=0
  "$here/check-abi.sh" "$l" "$b" "$i" >"$tmp/out" 2>&1 || got=$?
  verdict=ok
  [ "$got" -eq "$want" ] || verdict=FAIL
  for word in "$@"; do
    grep -qF -- "$word" "$tmp/out" || { verdict=FAIL; echo "  (the report does not mention '$word')"; }
  done
  case $want in 0) what=PASS ;; *) what=FAIL ;; esac
  echo "$verdict  $name: check-abi must $what, exit status $got"
  sed 's/^/    /' "$tmp/out"
  [ $verdict = ok ] || failures=$((failures + 1))
}

# headers NAME FILE PERL: a copy of the headers with FILE (in brace/) edited by PERL
# (perl -0pe); fails if the edit no longer applies to the headers.
headers() {
  rm -rf "$tmp/$1"
  mkdir -p "$tmp/$1"
  cp -R "$incdir/brace" "$tmp/$1/brace"
  perl -0pi -e "$3" "$tmp/$1/brace/$2"
  if cmp -s "$incdir/brace/$2" "$tmp/$1/brace/$2"; then
    echo "FAIL  the edit for case '$1' no longer applies to brace/$2: update test-check-abi.sh" >&2
    failures=$((failures + 1))
    return 1
  fi
}

# hide FILE SYMBOL: binds SYMBOL's dynamic symbol LOCAL in FILE (ELF64: st_info is the
# byte at offset 4 of a 24-byte Elf64_Sym; FUNC|LOCAL = 0x02).
hide() {
  readelf -h "$1" | grep -q 'Class: *ELF64' || { echo "hide: $1 is not ELF64" >&2; return 1; }
  set -- "$1" "$2" $(readelf -S -W "$1" |
    sed -n 's/.*\] \.dynsym *DYNSYM *[0-9a-f]* \([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p')
  index=$(readelf --dyn-syms -W "$1" 2>/dev/null |
    awk -v s="$2" '$4 == "FUNC" && $5 == "GLOBAL" && ($8 == s || index($8, s "@") == 1) { sub(":", "", $1); print $1; exit }')
  [ -n "$index" ] && [ -n "${3:-}" ] || { echo "hide: $2 is not an exported function of $1" >&2; return 1; }
  printf '\002' | dd of="$1" bs=1 seek=$((0x$3 + index * 0x$4 + 4)) conv=notrunc 2>/dev/null
}

echo "== the baseline: $lib as it is"
"$here/update-baseline.sh" "$lib" "$tmp/base.abi" "$incdir"

echo "== unchanged copy"
cp "$lib" "$tmp/unchanged.so"
expect 0 "an unchanged copy of the library" "$tmp/unchanged.so" "$tmp/base.abi" "$incdir" "equals"

echo "== removed function: a copy of the library with $removed hidden"
cp "$lib" "$tmp/removed.so"
hide "$tmp/removed.so" "$removed"
printf '#include <brace/brace.h>\nint main(void) { brace_rect r; return (int)%s(0, 0, &r); }\n' "$removed" >"$tmp/uses.c"
if "$cc" -I"$incdir" -o "$tmp/uses" "$tmp/uses.c" "$lib" >/dev/null 2>&1 &&
  ! "$cc" -I"$incdir" -o "$tmp/uses" "$tmp/uses.c" "$tmp/removed.so" >/dev/null 2>&1; then
  echo "ok    a program calling $removed links against the library, not against the broken copy"
else
  echo "FAIL  the broken copy should still link without $removed and fail with it"
  failures=$((failures + 1))
fi
expect 1 "a function removed" "$tmp/removed.so" "$tmp/base.abi" "$incdir" \
  "1 Removed function" "$removed" "ABIDIFF_ABI_INCOMPATIBLE_CHANGE"

echo "== changed signature: $changed(..., bool) becomes (..., int)"
if headers sig node.h "s/^(brace_status $changed\\(brace_context \\*ctx, brace_node node, )bool hidden\\);/\${1}int hidden);/m"; then
  expect 1 "a parameter type changed" "$lib" "$tmp/base.abi" "$tmp/sig" "1 Changed" "$changed" "type name changed from 'bool' to 'int'"
fi

echo "== struct layout: brace_context_options gains a member in the padding after struct_size"
if headers pad context.h 's/(typedef struct brace_context_options \{\n(?:[^\n]*\n)*?  uint32_t struct_size;\n)/${1}  uint32_t inserted;\n/'; then
  expect 1 "a struct member inserted (offsets and size unchanged)" "$lib" "$tmp/base.abi" "$tmp/pad" \
    "brace_context_options" "data member insertion"
fi

echo "== enumerator value: BRACE_RELATION_GREATER_EQUAL becomes 2"
if headers enumval constraint.h 's/BRACE_RELATION_GREATER_EQUAL = 1\b/BRACE_RELATION_GREATER_EQUAL = 2/'; then
  expect 1 "an enumerator changed value" "$lib" "$tmp/base.abi" "$tmp/enumval" "BRACE_RELATION_GREATER_EQUAL" "from value '1' to '2'"
fi

echo "== appended member: brace_context_options gains a member at its end"
if headers append context.h 's/(typedef struct brace_context_options \{\n(?:[^\n]*\n)*?)(\} brace_context_options;)/${1}  uint32_t appended;\n$2/'; then
  expect 1 "a member appended to a struct_size struct, without a baseline update" "$lib" "$tmp/base.abi" "$tmp/append" \
    "data member insertion" "appended"
  cp "$tmp/base.abi" "$tmp/append.abi"
  got=0
  "$here/update-baseline.sh" "$lib" "$tmp/append.abi" "$tmp/append" >"$tmp/out" 2>&1 || got=$?
  if [ $got -eq 1 ] && cmp -s "$tmp/base.abi" "$tmp/append.abi"; then
    echo "ok    update-baseline.sh refuses to record it without --force (exit 1, baseline untouched)"
  else
    echo "FAIL  update-baseline.sh without --force: exit $got (want 1, baseline untouched)"
    sed 's/^/    /' "$tmp/out"
    failures=$((failures + 1))
  fi
  got=0
  "$here/update-baseline.sh" --force "$lib" "$tmp/append.abi" "$tmp/append" >"$tmp/out" 2>&1 || got=$?
  if [ $got -eq 0 ] && "$here/check-abi.sh" "$lib" "$tmp/append.abi" "$tmp/append" >/dev/null 2>&1; then
    echo "ok    update-baseline.sh --force records it, and check-abi.sh then passes"
  else
    echo "FAIL  update-baseline.sh --force: exit $got, or check-abi.sh still fails"
    sed 's/^/    /' "$tmp/out"
    failures=$((failures + 1))
  fi
fi

echo "== added function: the library against the baseline of the copy without $removed"
"$here/update-baseline.sh" "$tmp/removed.so" "$tmp/older.abi" "$incdir" >/dev/null 2>&1
expect 0 "a function added" "$lib" "$tmp/older.abi" "$incdir" "only adds" "1 Added function" "$removed"
got=0
"$here/update-baseline.sh" "$lib" "$tmp/older.abi" "$incdir" >"$tmp/out" 2>&1 || got=$?
if [ $got -eq 0 ] && "$here/check-abi.sh" "$lib" "$tmp/older.abi" "$incdir" 2>&1 | grep -q 'equals'; then
  echo "ok    update-baseline.sh records the addition without --force"
else
  echo "FAIL  update-baseline.sh on an addition: exit $got"
  sed 's/^/    /' "$tmp/out"
  failures=$((failures + 1))
fi

echo "== added enumerator: brace_relation gains a value at its end"
if headers enumadd constraint.h 's/(BRACE_RELATION_GREATER_EQUAL = 1)\n/$1,\n  BRACE_RELATION_TEST_ADDED = 2\n/'; then
  expect 0 "an enumerator added" "$lib" "$tmp/base.abi" "$tmp/enumadd"
fi

echo
if [ $failures -ne 0 ]; then
  echo "test-check-abi: $failures case(s) did not behave" >&2
  exit 1
fi
echo "test-check-abi: check-abi.sh fails on every broken copy and passes on the unchanged and the extended ones"
