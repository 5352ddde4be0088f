#!/usr/bin/env python3
"""Import time of `brace`, `brace.kiwi` and `kiwisolver`, each in fresh interpreters.

    python Tests/bench/import_bench.py [--runs 21]

Run by `make bench-python-import` (part of `make bench`) in a venv holding the built
wheel of bindings/python and kiwisolver from PyPI. Each run is a new process that times
its one `import` with time.perf_counter (interpreter start-up excluded: it is the same
for all); the modules take turns, after one untimed import each so that the bytecode
caches are written (warm). `brace` loads its object model (views, constraints:
brace.core, brace.layout, brace.animation) when one of its names is first read: the
row `import brace; brace.Context` times that too. Prints the median and the fastest run, in ms; a module that is not
installed is reported as such.
"""

import argparse
import os
import statistics
import subprocess
import sys

ROWS = ("import brace", "import brace; brace.Context", "import brace.kiwi", "import kiwisolver")
PROBE = "import time; t = time.perf_counter(); {0}; print(time.perf_counter() - t)"


def import_seconds(statement, env):
    out = subprocess.run([sys.executable, "-c", PROBE.format(statement)], env=env, cwd="/",
                         capture_output=True, text=True)
    return float(out.stdout) if out.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    present = [row for row in ROWS if import_seconds(row, env) is not None]
    times = {row: [] for row in present}
    for _ in range(args.runs):
        for row in present:
            times[row].append(import_seconds(row, env))
    print("import time, fresh processes, warm (%d runs each, interleaved; Python %s)"
          % (args.runs, sys.version.split()[0]))
    print("| statement | median ms | fastest ms |")
    print("|---|---|---|")
    for row in ROWS:
        if row in times:
            print("| `%s` | %.2f | %.2f |" % (row, statistics.median(times[row]) * 1e3, min(times[row]) * 1e3))
        else:
            print("| `%s` | not installed | |" % row)


if __name__ == "__main__":
    main()
