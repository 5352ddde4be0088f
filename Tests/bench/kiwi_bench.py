#!/usr/bin/env python3
"""brace.kiwi against kiwisolver: every kiwisolver operation, the same calls on both
modules in one run, µs per operation side by side; then a matplotlib constrained
layout's solver calls, recorded once and replayed on both, ms per layout.

    python Tests/bench/kiwi_bench.py [--sizes 10,100,1000,10000] [--repeat 7]

Run by `make bench-python` (part of `make bench`) in a venv holding bindings/python,
kiwisolver and matplotlib from PyPI; without kiwisolver only brace.kiwi is timed, and
without matplotlib the replay is left out (each said on the output).

Workload, for N constraints (a chain): N/2 variables x[i]; required x[0] >= 0 and
x[i+1] >= x[i] + 10; weak preferences x[i] == 12 * i, added interleaved (preference i,
link i). Columns, µs per operation:
* Variable():       making one Variable (named).
                    (Variable(), hasConstraint, value() and Solver() are timed over
                    about 2,000 calls: several passes at small N; 20 Solver() calls,
                    about 1 µs, moved by ±25% from run to run on both modules.)
* expr:             building one constraint with the operators (`x[i+1] >= x[i] + 10`,
                    `(x[i] == 12 * i) | "weak"`).
* addConstraint, hasConstraint, removeConstraint: per constraint. addConstraint is
                    timed on a new solver each pass, over about 2,000 additions.
* updateVariables:  one call after the system is built (every variable written).
* value():          reading one variable's value.
* add+removeEdit:   addEditVariable then removeEditVariable of a strong edit on a free
                    variable `tail` (x[m-1] >= tail), per pair.
* suggestValue:     per suggestion: two strong edits (x[0], and `tail`) suggested 200
                    times each with values that push the chain from both ends.
* suggest+update:   a pair of suggestions then updateVariables (an interactive drag).
* Solver():         making an empty solver (and dropping it). brace.kiwi makes the
                    Brace context at a solver's first call that needs one: its cost is
                    in the first addConstraint, so in that column.
* build:            the whole wait of a program, per constraint: from nothing to the first
                    values (the N/2 Variables made, the N constraints built with the
                    operators and added to a new Solver, its first updateVariables, and
                    the previous pass's solver dropped), about 2,000 constraints in all.
                    The two modules split this work differently: kiwisolver makes its
                    C++ constraint, terms reduced, when the expression is compared (the
                    expr column) and its add is the solver's alone; brace.kiwi's
                    Constraint is the terms, and the engine makes its constraint in
                    addConstraint.
kiwisolver's edits are left out at N = 10,000 (its addEditVariable on this chain did not
finish in 120 s); its other columns are timed there. Best of --repeat runs, the two
modules taking turns run after run so that a slow spell of the machine weighs on both.
As timeit does, the timing runs with Python's cyclic garbage collector off (a full
collection before each size, untimed): both modules leave the same number of tracked
objects per constraint (4.5), and a collection landing in a single pass (`expr` at
N = 10,000 is one pass of 10,000 constraints) moved that figure from ×1.39 to ×0.78
between two runs.
"""

import argparse
import gc
import time

COLUMNS = ("Variable()", "expr", "addConstraint", "hasConstraint", "updateVariables", "value()",
           "add+removeEdit", "suggestValue", "suggest+update", "removeConstraint", "Solver()", "build")


def workload(k, n, edits=True):
    r = {}
    m = max(2, n // 2)
    names = ["x%d" % i for i in range(m)]
    Variable = k.Variable
    # The cheap calls are repeated `passes` times over the N/2 variables (or N
    # constraints), so that each timing covers about 2,000 calls.
    passes = max(1, 2000 // m)
    t0 = time.perf_counter()
    for _ in range(passes):
        xs = [Variable(name) for name in names]
    r["Variable()"] = (time.perf_counter() - t0) / (m * passes)

    t0 = time.perf_counter()
    cns = [xs[0] >= 0]
    for i in range(m - 1):
        cns.append((xs[i] == 12 * i) | "weak")
        cns.append(xs[i + 1] >= xs[i] + 10)
    cns.append((xs[m - 1] == 12 * (m - 1)) | "weak")
    r["expr"] = (time.perf_counter() - t0) / len(cns)

    t0 = time.perf_counter()
    for _ in range(2000):
        k.Solver()
    r["Solver()"] = (time.perf_counter() - t0) / 2000
    # A new solver each pass, only its adds timed (the solver of the last pass is the one
    # the columns below use): one pass of 10 adds, about 3 µs, was mostly the cost of a
    # cold start and moved by a third from run to run.
    adds = max(1, 2000 // len(cns))
    spent = 0.0
    for _ in range(adds):
        s = k.Solver()
        add = s.addConstraint
        t0 = time.perf_counter()
        for c in cns:
            add(c)
        spent += time.perf_counter() - t0
    r["addConstraint"] = spent / (len(cns) * adds)

    has = s.hasConstraint
    t0 = time.perf_counter()
    for _ in range(passes):
        for c in cns:
            has(c)
    r["hasConstraint"] = (time.perf_counter() - t0) / (len(cns) * passes)

    s.updateVariables()  # the first read after building: any solving left is not a read's
    reps = 20
    update = s.updateVariables
    t0 = time.perf_counter()
    for _ in range(reps):
        update()
    r["updateVariables"] = (time.perf_counter() - t0) / reps

    t0 = time.perf_counter()
    for _ in range(passes):
        for x in xs:
            x.value()
    r["value()"] = (time.perf_counter() - t0) / (m * passes)
    check = xs[-1].value()

    # Two strong edits that push the chain from its ends: x[0] (dragged right) and a
    # `tail` with x[m-1] >= tail (dragged right past the end). kiwi starts an edit as
    # `v == 0`; with these two that moves nothing.
    tail = Variable("tail")
    tail_c = xs[m - 1] >= tail
    s.addConstraint(tail_c)
    if edits:
        reps = 20
        t0 = time.perf_counter()
        for _ in range(reps):
            s.addEditVariable(tail, "strong")
            s.removeEditVariable(tail)
        r["add+removeEdit"] = (time.perf_counter() - t0) / reps
        a, b = xs[0], tail
        s.addEditVariable(a, "strong")
        s.addEditVariable(b, "strong")
        pairs = 200
        va = [(i % 20) * 7.0 for i in range(pairs)]
        vb = [12.0 * (m - 1) + (i % 20) * 7.0 for i in range(pairs)]
        suggest = s.suggestValue
        suggest(a, va[0])
        suggest(b, vb[0])
        s.updateVariables()
        t0 = time.perf_counter()
        for i in range(pairs):
            suggest(a, va[-1 - i])
            suggest(b, vb[-1 - i])
        r["suggestValue"] = (time.perf_counter() - t0) / (2 * pairs)
        t0 = time.perf_counter()
        for i in range(pairs):
            suggest(a, va[i])
            suggest(b, vb[i])
            update()
        r["suggest+update"] = (time.perf_counter() - t0) / pairs
        check = xs[-1].value()
        s.removeEditVariable(a)
        s.removeEditVariable(b)
    s.removeConstraint(tail_c)

    rm = s.removeConstraint
    t0 = time.perf_counter()
    for c in cns:
        rm(c)
    r["removeConstraint"] = (time.perf_counter() - t0) / len(cns)

    t0 = time.perf_counter()
    for _ in range(adds):
        vs = [Variable(name) for name in names]
        cs = [vs[0] >= 0]
        for i in range(m - 1):
            cs.append((vs[i] == 12 * i) | "weak")
            cs.append(vs[i + 1] >= vs[i] + 10)
        cs.append((vs[m - 1] == 12 * (m - 1)) | "weak")
        built = k.Solver()
        add = built.addConstraint
        for c in cs:
            add(c)
        built.updateVariables()
    r["build"] = (time.perf_counter() - t0) / (len(cns) * adds)
    if vs[-1].value() != 12.0 * (m - 1):
        raise SystemExit("build: the last variable is %r, not %r" % (vs[-1].value(), 12.0 * (m - 1)))
    r = {key: v * 1e6 for key, v in r.items()}
    r["check"] = check
    return r


def best(runs):
    return {key: min(r[key] for r in runs) if key != "check" else runs[-1][key] for key in runs[0]}


# ---------------------------------------------------------------- matplotlib replay

def record_matplotlib_layout():
    """The kiwisolver calls of one constrained layout of a real figure (3 x 3 axes, each
    with a colorbar and a title, a suptitle), recorded by subclasses of kiwisolver's
    Solver and Variable put in place of matplotlib's, as Python source: one line a call,
    the constraints written with the operators. None without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import _layoutgrid
    except ImportError:
        return None
    import kiwisolver
    import types

    lines = []
    ids = {}

    def var(v):
        return ids[id(v)]

    class Variable(kiwisolver.Variable):
        def __init__(self, name=""):  # kiwisolver's __new__ took the name
            ids[id(self)] = "v%d" % len(ids)
            lines.append("%s = Variable(%r)" % (ids[id(self)], name))

        def value(self):
            lines.append("%s.value()" % ids[id(self)])
            return super().value()

    def written(c):
        e = c.expression()
        parts = []
        for t in e.terms():
            k, v = t.coefficient(), var(t.variable())
            parts.append(("+ %s" % v if k == 1 else "- %s" % v if k == -1 else "+ %r * %s" % (k, v)))
        text = " ".join(parts).removeprefix("+ ")
        if e.constant():
            text += " + %r" % e.constant()
        return "(%s %s 0) | %r" % (text, c.op(), c.strength())

    names = {}  # id(Constraint) -> its name in the program

    def constraint(c):
        if id(c) not in names:
            names[id(c)] = "c%d" % len(names)
            keep.append(c)  # ids stay unique while recording
            lines.append("%s = %s" % (names[id(c)], written(c)))
        return names[id(c)]

    keep = []

    class Solver(kiwisolver.Solver):
        def __init__(self):
            super().__init__()
            lines.append("s = Solver()")

        def addConstraint(self, c):
            lines.append("s.addConstraint(%s)" % constraint(c))
            return super().addConstraint(c)

        def removeConstraint(self, c):
            lines.append("s.removeConstraint(%s)" % constraint(c))
            return super().removeConstraint(c)

        def hasConstraint(self, c):
            lines.append("s.hasConstraint(%s)" % constraint(c))
            return super().hasConstraint(c)

        def addEditVariable(self, v, s):
            lines.append("s.addEditVariable(%s, %r)" % (var(v), s))
            return super().addEditVariable(v, s)

        def removeEditVariable(self, v):
            lines.append("s.removeEditVariable(%s)" % var(v))
            return super().removeEditVariable(v)

        def hasEditVariable(self, v):
            lines.append("s.hasEditVariable(%s)" % var(v))
            return super().hasEditVariable(v)

        def suggestValue(self, v, x):
            lines.append("s.suggestValue(%s, %r)" % (var(v), float(x)))
            return super().suggestValue(v, x)

        def updateVariables(self):
            lines.append("s.updateVariables()")
            return super().updateVariables()

        def reset(self):
            lines.append("s.reset()")
            return super().reset()

    fig, axs = plt.subplots(3, 3, layout="constrained", figsize=(9, 8))
    for i, ax in enumerate(axs.flat):
        im = ax.imshow([[i, 1], [2, 3]])
        fig.colorbar(im, ax=ax)
        ax.set_title("axes %d" % i)
    fig.suptitle("a 3 x 3 grid with colorbars")
    fig.draw_without_rendering()  # warm: fonts, text extents
    real = _layoutgrid.kiwi
    _layoutgrid.kiwi = types.SimpleNamespace(Variable=Variable, Solver=Solver)
    try:
        fig.draw_without_rendering()
    finally:
        _layoutgrid.kiwi = real
    plt.close(fig)
    return lines


def replay_seconds(k, program):
    namespace = {"Variable": k.Variable, "Solver": k.Solver}
    t0 = time.perf_counter()
    exec(program, namespace)
    return time.perf_counter() - t0


def replay(modules, repeat):
    lines = record_matplotlib_layout()
    if lines is None:
        print("\nmatplotlib is not importable: no layout replay")
        return
    program = compile("\n".join(lines), "<matplotlib layout>", "exec")
    counts = {}
    for line in lines:
        head = line.split("(")[0]
        call = "built Constraint" if line.startswith("c") else head.split(" = ")[-1].split(".")[-1]
        counts[call] = counts.get(call, 0) + 1
    print("\nmatplotlib constrained layout (3 x 3 axes with colorbars and titles), its solver calls "
          "replayed: %s" % ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items(), key=lambda kv: -kv[1])))
    times = {label: [] for label, _ in modules}
    for label, k in modules:
        replay_seconds(k, program)
    for _ in range(max(repeat, 5) * 3):
        for label, k in modules:
            times[label].append(replay_seconds(k, program))
    ms = {label: min(t) * 1e3 for label, t in times.items()}
    print("| replay | %s | kiwi / brace |" % " | ".join(label for label, _ in modules))
    print("|---|" + "---|" * (len(modules) + 1))
    ratio = "×%.2f" % (ms["kiwisolver"] / ms["brace.kiwi"]) if "kiwisolver" in ms else "-"
    print("| ms per layout | %s | %s |" % (" | ".join("%.3f" % ms[label] for label, _ in modules), ratio))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10,100,1000,10000")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--kiwi-edits-max", type=int, default=1000,
                    help="time kiwisolver's edits only up to this N (at 10,000 its addEditVariable on "
                         "this system did not finish within 120 s)")
    ap.add_argument("--before", metavar="MODULE",
                    help="another build of brace.kiwi to time in the same run (an importable module "
                         "name, e.g. an older package installed under another name)")
    ap.add_argument("--no-replay", action="store_true")
    args = ap.parse_args()
    import importlib
    from brace import kiwi as bk
    modules = [("brace.kiwi", bk)]
    if args.before:
        modules.append(("before", importlib.import_module(args.before)))
    try:
        import kiwisolver as kk
        modules.append(("kiwisolver", kk))
    except ImportError:
        print("kiwisolver is not importable: brace.kiwi only")
    print("µs per operation (see the docstring), best of %d; kiwi / brace > 1: brace.kiwi is faster" % args.repeat)
    print("| N | module | " + " | ".join(COLUMNS) + " |")
    print("|---|---|" + "---|" * len(COLUMNS))
    for _, k in modules:
        workload(k, 64)  # warm-up: plugin loading, first-call costs
    gc.disable()  # (the docstring says why); nothing the workload makes is cyclic
    for n in [int(x) for x in args.sizes.split(",") if x]:
        gc.collect()
        edits = {label: label != "kiwisolver" or n <= args.kiwi_edits_max for label, _ in modules}
        runs = {label: [] for label, _ in modules}
        for _ in range(args.repeat):
            for label, k in modules:
                runs[label].append(workload(k, n, edits=edits[label]))
        results = {label: best(r) for label, r in runs.items()}
        for label, _ in modules:
            r = results[label]
            print("| %d | %s | %s |" % (n, label, " | ".join("%.3f" % r[c] if c in r else "-" for c in COLUMNS)))
        if "kiwisolver" in results:
            rb, rk = results["brace.kiwi"], results["kiwisolver"]
            print("| %d | kiwi / brace | %s |" % (
                n, " | ".join("×%.2f" % (rk[c] / rb[c]) if c in rk and rb[c] else "-" for c in COLUMNS)))
            if edits["kiwisolver"] and abs(rb["check"] - rk["check"]) > 1e-6:
                print("  (last variable differs: brace %r, kiwi %r)" % (rb["check"], rk["check"]))
        print(end="", flush=True)
    if not args.no_replay:
        gc.collect()
        replay(modules, args.repeat)


if __name__ == "__main__":
    main()
