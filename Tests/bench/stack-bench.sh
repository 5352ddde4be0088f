#!/bin/sh
# Tests/bench/stack-bench.sh — the `stack` strategy against Yoga and Clay on the same
# nested-stack scene (10 columns x 10 rows x 100 leaves): builds Yoga and its program
# (Tests/bench/yoga/setup.sh) and Clay's program (Tests/bench/clay/stack_bench.c, -O2,
# against the header CLAY_H names), runs the three and prints a markdown table per mode and
# operation with each figure's ratio against the best peer and the goals, then whether the
# check frames of the three engines agree.
#
#   make bench-stack                                   (swift build -c release, then this)
#   Tests/bench/stack-bench.sh [--quick] [--reps-build N] [--reps-op N]
#
# The options go to all programs. Environment: SCRATCH (SwiftPM scratch directory, default
# .build: the Brace program is $SCRATCH/release/brace-stack-bench, built beforehand with
# `swift build -c release`), YOGA_BUILD (Yoga's build folder, default $SCRATCH/yoga; Clay's
# program is built there too), CLAY_H (Clay's single header, github.com/nicbarker/clay; no
# registry ships it, so it is never downloaded nor copied here: the caller names the file;
# when CLAY_H is unset or the file absent, Clay is skipped with a note), CC (default cc).
# The raw outputs are kept in $YOGA_BUILD/yoga.out, clay.out and brace.out.
#
# Clay is immediate mode: its every figure is whole frames (declaration + layout, its
# arena allocated once). Goals, against the best peer (the faster of Yoga and Clay): build
# + first layout no slower; resize, hide/show and a spacing change each at least 10x
# faster. Exit status: 0 when all ran and every check frame agrees (goals missed are
# reported, not failed), 1 when a program failed, 2 when frames differ.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
scratch=${SCRATCH:-.build}
yoga_build=${YOGA_BUILD:-"$scratch/yoga"}
brace_exe="$scratch/release/brace-stack-bench"

clay_h=${CLAY_H:-}
cc=${CC:-cc}

"$here/yoga/setup.sh" "$yoga_build"
clay_exe="$yoga_build/clay_stack_bench"
if [ -n "$clay_h" ] && [ -f "$clay_h" ]; then
  clay_h=$(cd "$(dirname "$clay_h")" && pwd)/$(basename "$clay_h")
  # Relinked every run: the header may change under the same name.
  $cc -std=c11 -O2 -DCLAY_H_PATH="\"$clay_h\"" -o "$clay_exe" "$here/clay/stack_bench.c" -lm \
    || { echo "stack-bench.sh: building Clay's program against $clay_h failed" >&2; exit 1; }
else
  if [ -z "$clay_h" ]; then
    echo "stack-bench.sh: CLAY_H is not set (the path of clay.h, github.com/nicbarker/clay at 448e800): Clay is skipped" >&2
  else
    echo "stack-bench.sh: Clay's header $clay_h not found (set CLAY_H): Clay is skipped" >&2
  fi
  clay_exe=""
fi
[ -x "$brace_exe" ] || { echo "stack-bench.sh: $brace_exe not found: run swift build -c release (or make bench-stack)" >&2; exit 1; }

yoga_out="$yoga_build/yoga.out"
clay_out="$yoga_build/clay.out"
brace_out="$yoga_build/brace.out"
status=0
"$yoga_build/stack_bench" "$@" > "$yoga_out" || { echo "stack-bench.sh: the Yoga program failed" >&2; exit 1; }
: > "$clay_out"
if [ -n "$clay_exe" ]; then
  "$clay_exe" "$@" > "$clay_out" || { echo "stack-bench.sh: the Clay program failed" >&2; exit 1; }
fi
if ! "$brace_exe" "$@" > "$brace_out" 2> "$brace_out.err"; then
  echo "stack-bench.sh: brace-stack-bench failed: $(cat "$brace_out.err")" >&2
  echo "(Brace's column shows what it printed before failing.)" >&2
  status=1
fi

sed -n 's/^# /    /p' "$yoga_out" "$clay_out" "$brace_out"
echo

awk -v status="$status" '
  /^#/ { next }
  $3 == "check" {
    key = $2 " " $4 " " $5
    val = $6 " " $7 " " $8 " " $9
    if ($1 == "yoga") ykeys[++ny] = key
    frame[$1, key] = val
    has[$1] = 1
    next
  }
  NF == 4 { v[$1, $2, $3] = $4; has[$1] = 1 }
  function cell(x) { return x == "" ? "—" : x }
  END {
    nops = split("first_use_us build_first_us resize_us hide_show_us spacing_us", ops, " ")
    label["first_use_us"] = "first use in a process (build + first)"
    label["build_first_us"] = "build + first layout"
    label["resize_us"] = "root resize + relayout"
    label["hide_show_us"] = "hide + show a deep leaf (pair)"
    label["spacing_us"] = "spacing change in a deep row"
    goal["build_first_us"] = 1; goal["resize_us"] = 10; goal["hide_show_us"] = 10; goal["spacing_us"] = 10
    met = 0; missed = 0
    print "| mode | operation | Yoga µs | Clay µs | Brace µs | best peer / Brace | goal | met |"
    print "|---|---|---:|---:|---:|---:|---:|---|"
    split("spaced fill", modes, " ")
    for (mi = 1; mi <= 2; mi++) {
      m = modes[mi]
      for (oi = 1; oi <= nops; oi++) {
        op = ops[oi]
        b = v["brace", m, op]; y = v["yoga", m, op]; c = v["clay", m, op]
        if (b == "" && y == "" && c == "") continue
        best = y
        if (c != "" && (best == "" || c + 0 < best + 0)) best = c
        peer = best == "" ? "" : (best == c ? "Clay" : "Yoga")
        ratio = (b != "" && best != "" && b > 0) ? sprintf("%.2fx (%s)", best / b, peer) : "—"
        g = (op in goal) ? (goal[op] == 1 ? "≥ 1x" : "≥ 10x") : ""
        ok = ""
        if ((op in goal) && ratio != "—") {
          if (best / b >= goal[op]) { ok = "yes"; met++ } else { ok = "**no**"; missed++ }
        }
        printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", m, label[op], cell(y), cell(c), cell(b), ratio, g, ok
      }
    }
    if (v["brace", "spaced", "first_context_us"] != "")
      printf "\nBrace: first context + loading `stack` in a process %s µs (within first use); a later context %s µs (within build + first).\n",
        v["brace", "spaced", "first_context_us"], cell(v["brace", "spaced", "context_us"])
    if (!has["clay"]) print "Clay: not run (its header was not found; see CLAY_H)."
    else print "Clay: every figure is whole frames (immediate mode: declaration + layout, warm arena)."
    printf "Goals met: %d, missed: %d.\n", met, missed

    diff = 0
    ne = split("clay brace", engines, " ")
    for (ei = 1; ei <= ne; ei++) {
      e = engines[ei]
      if (!has[e]) continue
      same = 0; d = 0; absent = 0
      for (i = 1; i <= ny; i++) {
        k = ykeys[i]
        if (!((e, k) in frame)) { absent++; continue }
        split(frame["yoga", k], a, " "); split(frame[e, k], o, " ")
        differs = 0
        for (j = 1; j <= 4; j++) { x = a[j] - o[j]; if (x < 0) x = -x; if (x > 0.01) differs = 1 }
        if (differs) {
          d++
          if (d <= 20) printf "  frame differs: %s: Yoga %s, %s %s\n", k, frame["yoga", k], e, frame[e, k]
        } else same++
      }
      diff += d
      printf "Check frames (x y w h, relative to the parent), %s against Yoga: %d agree, %d differ, %d missing, of %d.\n", e, same, d, absent, ny
    }
    if (status == 0 && diff > 0) exit 2
  }
' "$yoga_out" "$clay_out" "$brace_out" || status=$?
exit "$status"
