"""Seeded random use of brace.kiwi (deterministic; a failure names its seed and step):
operator and constructor chains over every kind of argument (ints, floats with NaN,
infinities and -0.0, bools, numpy floats, Decimals, huge ints, wrong types; a Variable
subclass) give kiwisolver 1.5.1's results and exceptions (Fractions and numpy ints are
left out: brace.kiwi takes any numbers.Real where kiwisolver's constructors take only
int and float); random Solver call sequences over two solvers sharing Variables and
Constraints (duplicates, removals, edits, resets, solvers freed midway, Variables
dropped) raise only the documented exceptions and agree with a model of what each
solver holds."""

import math
import operator
import random
import weakref
from decimal import Decimal

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy on NaN and 0

from brace import kiwi as B

try:
    import numpy
except ImportError:  # the numpy scalars are left out
    numpy = None

BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.eq, operator.le,
          operator.ge, operator.lt, operator.gt, operator.ne, operator.or_]


def plain(r):
    """What a result is, comparable across the two libraries (a Constraint's terms as a
    sorted map: kiwi orders them by address)."""

    def f(v):
        return "nan" if isinstance(v, float) and math.isnan(v) else v

    if type(r).__name__ == "Variable":
        return ("Variable", r.name())
    if type(r).__name__ == "Term":
        return ("Term", r.variable().name(), f(r.coefficient()))
    if type(r).__name__ == "Expression":
        return ("Expression", tuple((t.variable().name(), f(t.coefficient())) for t in r.terms()), f(r.constant()))
    if type(r).__name__ == "Constraint":
        e = r.expression()
        by_name = {}
        for t in e.terms():
            by_name[t.variable().name()] = by_name.get(t.variable().name(), 0.0) + t.coefficient()
        return ("Constraint", r.op(), f(r.strength()), tuple(sorted((k, f(v)) for k, v in by_name.items())),
                f(e.constant()))
    return (type(r).__name__, f(r) if isinstance(r, float) else repr(r))


def leaf(rng, variables):
    kind = rng.randrange(10)
    if kind < 3:
        return variables[rng.randrange(len(variables))]
    if kind == 3:
        return rng.randint(-5, 5)
    if kind == 4:
        return rng.choice([0.5, -2.25, 0.0, -0.0, 1e300, math.nan, math.inf, -math.inf])
    if kind == 5:
        return rng.choice([True, False])
    if kind == 6:
        return numpy.float64(rng.choice([1.5, -3.0])) if numpy is not None else 1.5
    if kind == 7:
        return Decimal("1.5")
    if kind == 8:
        return 10 ** 400
    return rng.choice(["weak", "strong", "x", None, [1], ()])


def chain(lib, seed):
    """Eight random steps over four random values; each result joins the values."""
    rng = random.Random(seed)

    class Subclassed(lib.Variable):
        pass

    variables = [lib.Variable("a"), lib.Variable("b"), Subclassed("c")]
    values = [leaf(rng, variables) for _ in range(4)]
    trace = []
    for step in range(8):
        a = values[rng.randrange(len(values))]
        b = values[rng.randrange(len(values))]
        kind = rng.randrange(10)
        try:
            if kind == 0:
                r = -a
            elif kind == 1:
                r = lib.Term(a, b)
            elif kind == 2:
                r = lib.Expression([a] if rng.random() < 0.5 else [], b)
            elif kind == 3:
                r = lib.Constraint(a, rng.choice(["==", "<=", ">=", "<"]), b)
            else:
                op = BINARY[rng.randrange(len(BINARY))]
                if op is operator.truediv and type(a) is int and abs(a) > 2 ** 1000:
                    # kiwi converts a huge int on the left of / before it returns
                    # NotImplemented (OverflowError); here it is Python's TypeError
                    a = 7
                r = op(a, b)
            values.append(r)
            trace.append(plain(r))
        except Exception as e:
            trace.append(("raised", type(e).__name__))
        values.append(leaf(rng, variables))
    return trace


def test_operator_chains_give_kiwisolvers_results():
    kiwisolver = pytest.importorskip("kiwisolver")
    for seed in range(2000):
        expected, got = chain(kiwisolver, seed), chain(B, seed)
        assert expected == got, "seed %d" % seed


def solver_calls(seed, steps=80):
    rng = random.Random(seed)
    vs = [B.Variable("v%d" % i) for i in range(5)]
    solvers = [B.Solver(), B.Solver()]
    held = [(set(), set()), (set(), set())]  # per solver: ids of its constraints, its edit Variables
    cns = []
    for step in range(steps):
        k = rng.randrange(15)
        si = rng.randrange(2)
        s = solvers[si]
        mc, me = held[si]
        where = "seed %d step %d call %d" % (seed, step, k)
        if k <= 2:
            a, b = rng.sample(vs, 2)
            c = rng.choice([
                lambda: a + rng.randint(-3, 3) * b == rng.randint(0, 50),
                lambda: a <= b + rng.randint(0, 20),
                lambda: a >= rng.randint(-10, 10),
                lambda: (a == rng.randint(0, 100)) | rng.choice(["weak", "medium", "strong", 5.0]),
                lambda: a - a == rng.choice([0, 1]),  # over no variable
                lambda: sum(vs[rng.randrange(5)] * rng.random() for _ in range(rng.choice([3, 70]))) <= 500,
                lambda: (a == b * float(rng.choice(["nan", "inf"]))) | "weak",
            ])()
            cns.append(c)
        if k <= 3 and cns:
            c = cns[-1] if k <= 2 else rng.choice(cns)
            try:
                s.addConstraint(c)
                assert id(c) not in mc, where
                mc.add(id(c))
            except B.DuplicateConstraint:
                assert id(c) in mc, where
            except B.UnsatisfiableConstraint:
                assert id(c) not in mc, where
        elif k == 4 and cns:
            c = rng.choice(cns)
            try:
                s.removeConstraint(c)
                mc.remove(id(c))
            except B.UnknownConstraint:
                assert id(c) not in mc, where
        elif k == 5 and cns:
            c = rng.choice(cns)
            assert s.hasConstraint(c) == (id(c) in mc), where
        elif k == 6:
            v = rng.choice(vs)
            st = rng.choice(["weak", "strong", "required", 10.0, -1, "bogus", None, 1e12, math.nan])
            try:
                s.addEditVariable(v, st)
                assert v not in me, where
                me.add(v)
            except B.DuplicateEditVariable:
                assert v in me, where
            except B.BadRequiredStrength:
                assert st in ("required", 1e12) or st != st, where
            except (ValueError, TypeError):
                assert st in ("bogus", None), where
        elif k == 7:
            v = rng.choice(vs)
            try:
                s.removeEditVariable(v)
                me.remove(v)
            except B.UnknownEditVariable:
                assert v not in me, where
        elif k == 8:
            v = rng.choice(vs)
            assert s.hasEditVariable(v) == (v in me), where
        elif k == 9:
            v = rng.choice(vs)
            value = rng.choice([1, 2.5, -40, "x", True, 10 ** 400])
            try:
                s.suggestValue(v, value)
                assert v in me, where
            except B.UnknownEditVariable:
                assert v not in me, where
            except TypeError:
                assert value == "x", where
            except OverflowError:
                assert value == 10 ** 400, where
        elif k == 10:
            s.updateVariables()
            assert all(math.isfinite(v.value()) for v in vs), where
        elif k == 11 and rng.random() < 0.3:
            s.reset()
            held[si] = (set(), set())
        elif k == 12 and rng.random() < 0.3:
            ref = weakref.ref(s)
            solvers[si] = B.Solver()
            held[si] = (set(), set())
            del s  # nothing else holds it: freed here, without a collection
            assert ref() is None, where
        elif k == 13:
            with pytest.raises(TypeError):
                s.addConstraint(rng.choice([1, None, vs[0], vs[0] + 1]))
        elif k == 14 and rng.random() < 0.2:
            vs[rng.randrange(5)] = B.Variable("n%d" % step)  # the old one may go away
    for s, (mc, me) in zip(solvers, held):
        s.updateVariables()
        assert (len(s._cns), len(s._edits)) == (len(mc), len(me)), "seed %d at the end" % seed


def test_random_solver_calls_agree_with_a_model_of_the_solvers():
    for seed in range(1000):
        solver_calls(seed)
