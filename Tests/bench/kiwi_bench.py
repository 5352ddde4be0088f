#!/usr/bin/env python3
"""brace.kiwi against kiwisolver: the same workloads, built with the same kiwi API
calls on both modules in one run, µs per operation and the ratio kiwi / brace.

    cd /work/main && BRACE_TEST_SOURCE=1 PYTHONPATH=bindings/python \\
        /tmp/kiwivenv/bin/python Tests/bench/kiwi_bench.py [--sizes 100,1000,10000] [--repeat 7]

(kiwisolver must be importable, e.g. from a throwaway venv: it is never a dependency
of brace.)

Workload, for N constraints (a chain, as in the issue): N/2 variables x[i];
required x[0] >= 0 and x[i+1] >= x[i] + 10; weak preferences x[i] == 12 * i, added
interleaved (preference i, link i) at every size, and links first then preferences
(the slow order for both solvers) at --links-first-sizes.
* build:    addConstraint of N prebuilt constraints (µs per constraint);
            "expr" is building the Constraint objects with the operators.
* edit:     two strong edit variables (x[0], and `tail` with x[m-1] >= tail),
            suggested 200 times (values that push the chain from both ends, up to
            ~70 variables each), each pair + updateVariables (µs per pair);
            "suggest" is the pair alone, "update" updateVariables alone (after
            the pairs: it includes any solving a suggestion left for the first read).
* remove:   removeConstraint of every constraint (µs per constraint).
Best of --repeat runs (default 7), the two modules taking turns.
"""

import argparse
import time


def workload(k, n, order="interleaved"):
    m = max(2, n // 2)
    xs = [k.Variable("x%d" % i) for i in range(m)]
    t0 = time.perf_counter()
    cns = [xs[0] >= 0]
    if order == "interleaved":  # link i, preference i (how a layout usually grows)
        for i in range(m - 1):
            cns.append((xs[i] == 12 * i) | "weak")
            cns.append(xs[i + 1] >= xs[i] + 10)
        cns.append((xs[m - 1] == 12 * (m - 1)) | "weak")
    else:  # every link, then every preference
        for i in range(m - 1):
            cns.append(xs[i + 1] >= xs[i] + 10)
        for i in range(m):
            cns.append((xs[i] == 12 * i) | "weak")
    t_expr = time.perf_counter() - t0

    s = k.Solver()  # not timed: brace's first context in a process loads the plugins (~10 ms)
    t0 = time.perf_counter()
    add = s.addConstraint
    for c in cns:
        add(c)
    t_build = time.perf_counter() - t0

    # Two strong edits that push the chain from its ends: x[0] (dragged right) and a
    # `tail` with x[m-1] >= tail (dragged right past the end). kiwi starts an edit as
    # `v == 0`; with these two that moves nothing (an edit inside the chain would
    # squeeze it: kiwi's addEditVariable alone then took 42 s at N = 10,000).
    tail = k.Variable("tail")
    tail_c = xs[m - 1] >= tail
    s.addConstraint(tail_c)
    a, b = xs[0], tail
    s.addEditVariable(a, "strong")
    s.addEditVariable(b, "strong")
    pairs = 200
    va = [(i % 20) * 7.0 for i in range(pairs)]
    vb = [12.0 * (m - 1) + (i % 20) * 7.0 for i in range(pairs)]
    s.suggestValue(a, va[0])
    s.suggestValue(b, vb[0])
    s.updateVariables()
    t0 = time.perf_counter()
    for i in range(pairs):
        s.suggestValue(a, va[i])
        s.suggestValue(b, vb[i])
        s.updateVariables()
    t_edit = time.perf_counter() - t0
    t0 = time.perf_counter()
    for i in range(pairs):
        s.suggestValue(a, va[-1 - i])
        s.suggestValue(b, vb[-1 - i])
        a.value(), b.value()  # (stale values: only updateVariables writes them)
    t_suggest = time.perf_counter() - t0
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        s.updateVariables()
    t_update = time.perf_counter() - t0
    check = xs[-1].value()
    s.removeEditVariable(a)
    s.removeEditVariable(b)
    s.removeConstraint(tail_c)

    t0 = time.perf_counter()
    rm = s.removeConstraint
    for c in cns:
        rm(c)
    t_remove = time.perf_counter() - t0
    return {
        "expr": t_expr / len(cns) * 1e6,
        "build": t_build / len(cns) * 1e6,
        "edit": t_edit / pairs * 1e6,
        "suggest": t_suggest / pairs * 1e6,
        "update": t_update / reps * 1e6,
        "update/var": t_update / reps / m * 1e6,
        "remove": t_remove / len(cns) * 1e6,
        "check": check,
    }


def best(runs):
    return {key: min(r[key] for r in runs) if key != "check" else runs[0][key] for key in runs[0]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--links-first-sizes", default="100,1000",
                    help="sizes for the links-first order (slow on both solvers at 10,000)")
    ap.add_argument("--kiwi-max", type=int, default=1000,
                    help="run kiwisolver only up to this N (at 10,000 its addEditVariable on "
                         "this system did not finish within 200 s)")
    args = ap.parse_args()
    from brace import kiwi as bk
    try:
        import kiwisolver as kk
    except ImportError:
        kk = None
        print("kiwisolver is not importable: brace.kiwi only")
    cols = ["expr", "build", "edit", "suggest", "update", "update/var", "remove"]
    print("µs per operation (build/expr/remove: per constraint; edit/suggest: per pair of "
          "suggestions; update: one updateVariables; update/var: per variable), best of %d"
          % args.repeat)
    print("| N, order | module | " + " | ".join(cols) + " |")
    print("|---|---|" + "---|" * len(cols))
    workload(bk, 64)  # warm-up: plugin loading, first-call costs
    if kk is not None:
        workload(kk, 64)
    plan = [(int(x), "interleaved") for x in args.sizes.split(",") if x]
    plan += [(int(x), "links-first") for x in args.links_first_sizes.split(",") if x]
    for n, order in plan:
        # The two modules take turns, run after run, so that a slow spell of the machine
        # weighs on both alike; each keeps its best run per column.
        with_kiwi = kk is not None and n <= args.kiwi_max
        runs_b, runs_k = [], []
        for _ in range(args.repeat):
            runs_b.append(workload(bk, n, order))
            if with_kiwi:
                runs_k.append(workload(kk, n, order))
        rb = best(runs_b)
        tag = "%d %s" % (n, order)
        print("| %s | brace.kiwi | %s |" % (tag, " | ".join("%.2f" % rb[c] for c in cols)), flush=True)
        if not with_kiwi:
            continue
        rk = best(runs_k)
        print("| %s | kiwisolver | %s |" % (tag, " | ".join("%.2f" % rk[c] for c in cols)))
        print("| %s | kiwi / brace | %s |" % (tag, " | ".join("×%.2f" % (rk[c] / rb[c]) if rb[c] else "-" for c in cols)),
              flush=True)
        if abs(rb["check"] - rk["check"]) > 1e-6:
            print("  (last variable differs: brace %r, kiwi %r)" % (rb["check"], rk["check"]))


if __name__ == "__main__":
    main()
