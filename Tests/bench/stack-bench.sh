#!/usr/bin/env bash
# Tests/bench/stack-bench.sh — Brace's stack strategy against Yoga on the same nested
# scene (see Sources/brace-stack-bench/main.swift and Tests/bench/yoga/stack_bench.cpp),
# in one run, as a table. Run by `make bench-stack` after the release build.
#   BIN      the release build folder (default .build/release)
#   REPEATS  runs per figure (default 200); each figure is a median
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release}
repeats=${REPEATS:-200}
work="$bin/../yoga-bench"
Tests/bench/yoga/setup.sh "$work"
results=$(mktemp)
trap 'rm -f "$results"' EXIT
"$bin/brace-stack-bench" "$repeats" >> "$results"
"$work/stack_bench" "$repeats" >> "$results"
python3 - "$results" <<'PY'
import sys
rows = {}
checks = []
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 4 and parts[3] == "last_leaf_of_first_row":
        checks.append(line.strip())
        continue
    if len(parts) == 4:
        engine, mode, op, value = parts
        rows[(engine, mode, op)] = float(value)
for k, v in rows.items():
    if k[0] == "brace" and k[1] in ("first", "warm"):
        print(f"Brace {k[1]} use: {k[2]} = {v:.0f} us")
goals = {"build_first_us": ("within 2x of Yoga", lambda b, y: b <= 2 * y),
         "resize_us": (">= 10x faster", lambda b, y: b * 10 <= y),
         "hide_show_us": (">= 10x faster", lambda b, y: b * 10 <= y),
         "spacing_us": (">= 10x faster", lambda b, y: b * 10 <= y)}
names = {"build_first_us": "build + first layout", "resize_us": "root resize",
         "hide_show_us": "hide or show a deep leaf", "spacing_us": "spacing change in a deep row"}
print()
print("| mode | operation | Brace µs | Yoga µs | Yoga / Brace | goal | met |")
print("|---|---|---:|---:|---:|---|---|")
failed = 0
for mode in ("spaced", "fill"):
    for op in goals:
        b, y = rows.get(("brace", mode, op)), rows.get(("yoga", mode, op))
        if b is None or y is None:
            print(f"| {mode} | {names[op]} | {b} | {y} | | {goals[op][0]} | missing |")
            failed += 1
            continue
        ok = goals[op][1](b, y)
        failed += not ok
        print(f"| {mode} | {names[op]} | {b:,.1f} | {y:,.1f} | {y / b:,.1f}x | {goals[op][0]} | {'yes' if ok else 'NO'} |")
print()
for c in checks:
    print("check:", c)
PY
