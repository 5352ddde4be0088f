#!/bin/sh
# Tests/bench/stack-bench.sh — the `stack` strategy against Yoga on the same nested-stack
# scene (10 columns x 10 rows x 100 leaves): builds Yoga and its program
# (Tests/bench/yoga/setup.sh), runs both programs and prints a markdown table per mode and
# operation with the goals, then whether the check frames of both engines agree.
#
#   make bench-stack                                   (swift build -c release, then this)
#   Tests/bench/stack-bench.sh [--quick] [--reps-build N] [--reps-op N]
#
# The options go to both programs. Environment: SCRATCH (SwiftPM scratch directory, default
# .build: the Brace program is $SCRATCH/release/brace-stack-bench, built beforehand with
# `swift build -c release`), YOGA_BUILD (Yoga's build folder, default $SCRATCH/yoga). The
# raw outputs are kept in $YOGA_BUILD/yoga.out and $YOGA_BUILD/brace.out.
#
# Goals: build + first layout within 2x of Yoga's time; resize, hide/show and a spacing
# change each at least 10x faster than Yoga. Exit status: 0 when both ran and every check
# frame agrees (goals missed are reported, not failed), 1 when a program failed, 2 when
# frames differ.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
scratch=${SCRATCH:-.build}
yoga_build=${YOGA_BUILD:-"$scratch/yoga"}
brace_exe="$scratch/release/brace-stack-bench"

"$here/yoga/setup.sh" "$yoga_build"
[ -x "$brace_exe" ] || { echo "stack-bench.sh: $brace_exe not found: run swift build -c release (or make bench-stack)" >&2; exit 1; }

yoga_out="$yoga_build/yoga.out"
brace_out="$yoga_build/brace.out"
status=0
"$yoga_build/stack_bench" "$@" > "$yoga_out" || { echo "stack-bench.sh: the Yoga program failed" >&2; exit 1; }
if ! "$brace_exe" "$@" > "$brace_out" 2> "$brace_out.err"; then
  echo "stack-bench.sh: brace-stack-bench failed: $(cat "$brace_out.err")" >&2
  echo "(Brace's column shows what it printed before failing.)" >&2
  status=1
fi

sed -n 's/^# /    /p' "$yoga_out" "$brace_out"
echo

awk -v status="$status" '
  FNR == 1 { file++ }
  /^#/ { next }
  $3 == "check" {
    key = $2 " " $4 " " $5
    val = $6 " " $7 " " $8 " " $9
    if (file == 1) { ykeys[++ny] = key; yframe[key] = val } else { bframe[key] = val }
    next
  }
  NF == 4 { v[$1, $2, $3] = $4 }
  function cell(x) { return x == "" ? "—" : x }
  END {
    nops = split("first_use_us build_first_us resize_us hide_show_us spacing_us", ops, " ")
    label["first_use_us"] = "first use in a process (build + first)"
    label["build_first_us"] = "build + first layout"
    label["resize_us"] = "root resize + relayout"
    label["hide_show_us"] = "hide + show a deep leaf (pair)"
    label["spacing_us"] = "spacing change in a deep row"
    goal["build_first_us"] = 0.5; goal["resize_us"] = 10; goal["hide_show_us"] = 10; goal["spacing_us"] = 10
    met = 0; missed = 0
    print "| mode | operation | Brace µs | Yoga µs | Yoga / Brace | goal | met |"
    print "|---|---|---:|---:|---:|---:|---|"
    split("spaced fill", modes, " ")
    for (mi = 1; mi <= 2; mi++) {
      m = modes[mi]
      for (oi = 1; oi <= nops; oi++) {
        op = ops[oi]
        b = v["brace", m, op]; y = v["yoga", m, op]
        if (b == "" && y == "") continue
        ratio = (b != "" && y != "" && b > 0) ? sprintf("%.2fx", y / b) : "—"
        g = (op in goal) ? (goal[op] < 1 ? "≥ 0.5x (≤ 2x slower)" : "≥ 10x") : ""
        ok = ""
        if ((op in goal) && ratio != "—") {
          if (y / b >= goal[op]) { ok = "yes"; met++ } else { ok = "**no**"; missed++ }
        }
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", m, label[op], cell(b), cell(y), ratio, g, ok
      }
    }
    if (v["brace", "spaced", "first_context_us"] != "")
      printf "\nBrace: first context + loading `stack` in a process %s µs (within first use); a later context %s µs (within build + first).\n",
        v["brace", "spaced", "first_context_us"], cell(v["brace", "spaced", "context_us"])
    printf "Goals met: %d, missed: %d.\n", met, missed

    same = 0; diff = 0; absent = 0
    for (i = 1; i <= ny; i++) {
      k = ykeys[i]
      if (!(k in bframe)) { absent++; continue }
      split(yframe[k], a, " "); split(bframe[k], c, " ")
      d = 0
      for (j = 1; j <= 4; j++) { e = a[j] - c[j]; if (e < 0) e = -e; if (e > 0.01) d = 1 }
      if (d) {
        diff++
        if (diff <= 20) printf "  frame differs: %s: Yoga %s, Brace %s\n", k, yframe[k], bframe[k]
      } else same++
    }
    printf "Check frames (x y w h, relative to the parent): %d agree, %d differ, %d missing on Brace'"'"'s side, of %d.\n", same, diff, absent, ny
    if (status == 0 && diff > 0) exit 2
  }
' "$yoga_out" "$brace_out" || status=$?
exit "$status"
