"""kiwisolver's strengths are weights in one objective: brace.kiwi solves kiwisolver's
objective (every optional strength in one Brace priority level, weighted by
brace_constraint_set_weight). Hand-worked cases where weights and strict levels
disagree, and random small systems compared with kiwisolver wherever its solution is
unique."""

import random

import pytest

from brace import kiwi
from brace.kiwi import Solver, Variable, strength

kiwisolver = pytest.importorskip("kiwisolver")


def test_one_constraint_at_125_medium_gives_way_to_three_at_medium():
    # x == 96 at 1.25 x medium against three medium constraints that want 64, each off
    # by 32 at the other solution: x = 64 costs 1250 * 32 = 40,000, x = 96 costs
    # 3 * 1000 * 32 = 96,000 -> 64. Strict levels (1.25 x medium above medium) gave 96.
    x, y = Variable("x"), Variable("y")
    s = Solver()
    s.addConstraint(y == 64)
    s.addConstraint((x == 96) | strength.create(0, 1.25, 0))
    s.addConstraint((x == 64) | "medium")
    s.addConstraint((x <= 64) | "medium")
    s.addConstraint((x == y) | "medium")
    s.updateVariables()
    assert x.value() == pytest.approx(64, abs=1e-9)
    # At 3.5 x medium: 3500 * 32 = 112,000 > 96,000 -> 96.
    c = (x == 96) | strength.create(0, 3.5, 0)
    s.addConstraint(c)
    s.updateVariables()
    assert x.value() == pytest.approx(96, abs=1e-9)
    s.removeConstraint(c)
    s.updateVariables()
    assert x.value() == pytest.approx(64, abs=1e-9)


def grid_cell(mod):
    """A grid helper's cell holding a square thumbnail: the cell (96 wide, required)
    stretches its content at 1.25 x medium; the thumbnail's size hints are medium (its
    preferred width 64, at most 64, as wide as its 64-point height) and it centers weakly.
    Stretching to 96 costs 3 * 1000 * 32 = 96,000; keeping 64 costs 1250 * 32 = 40,000."""
    cell_left, cell_width = mod.Variable("cell_left"), mod.Variable("cell_width")
    left, width, height = mod.Variable("left"), mod.Variable("width"), mod.Variable("height")
    s = mod.Solver()
    for c in [cell_left == 0, cell_width == 96, height == 64, left >= cell_left,
              left + width <= cell_left + cell_width,
              (width == cell_width) | mod.strength.create(0, 1.25, 0),
              (width == 64) | "medium", (width <= 64) | "medium", (width == height) | "medium",
              (left + width / 2 == cell_left + cell_width / 2) | "weak"]:
        s.addConstraint(c)
    s.updateVariables()
    return left.value(), width.value()


def test_the_grid_helper_keeps_the_thumbnail_at_its_hint_and_moves_it():
    assert grid_cell(kiwisolver) == pytest.approx((16, 64), abs=1e-9)  # kiwisolver itself
    assert grid_cell(kiwi) == pytest.approx((16, 64), abs=1e-9)


def test_edit_strengths_weigh_against_constraints():
    # An edit at medium against x == 10 at 2 x medium: 2000 * 10 > 1000 * 10 -> 10;
    # at strong the edit wins -> 20 (kiwi: the same).
    for mod in (kiwisolver, kiwi):
        x = mod.Variable("x")
        s = mod.Solver()
        s.addConstraint((x == 10) | mod.strength.create(0, 2, 0))
        s.addEditVariable(x, "medium")
        s.suggestValue(x, 20)
        s.updateVariables()
        assert x.value() == pytest.approx(10, abs=1e-9)
        s.removeEditVariable(x)
        s.addEditVariable(x, "strong")
        s.suggestValue(x, 20)
        s.updateVariables()
        assert x.value() == pytest.approx(20, abs=1e-9)


def test_weight_of_and_priority_of():
    w = kiwi.weight_of
    assert (w("weak"), w("medium"), w("strong")) == (0.001, 1.0, 1000.0)
    assert w(strength.create(0, 1.25, 0)) == 1.25
    assert w(0) == 0.001 and w(strength.create(1000, 0, 0)) == 1e6  # Brace's range
    p = kiwi.priority_of
    assert (p("weak"), p("strong"), p(strength.required - 1), p("required")) == (500.0, 500.0, 500.0, 1000.0)


STRENGTHS = ["weak", "medium", "strong", strength.create(0, 1.25, 0), strength.create(0, 0, 3),
             strength.create(0, 2, 0), strength.create(0, 0, 500), strength.create(1, 0, 0, 2)]


def random_system(rng):
    """2 or 3 variables boxed in 0...100 (required) and 2 to 6 optional constraints of
    mixed strengths: (relation, coefficients, constant, strength) over variable indices."""
    n = rng.randint(2, 3)
    cs = []
    for _ in range(rng.randint(2, 6)):
        k = rng.randint(1, n)
        idx = rng.sample(range(n), k)
        coeffs = [(i, rng.choice([1, 1, -1, 2, 0.5])) for i in idx]
        cs.append((rng.choice(["==", "==", "<=", ">="]), coeffs, rng.randint(0, 100), rng.choice(STRENGTHS)))
    return n, cs


def solve(mod, n, cs, probe=None):
    xs = [mod.Variable("x%d" % i) for i in range(n)]
    s = mod.Solver()
    for x in xs:
        s.addConstraint(x >= 0)
        s.addConstraint(x <= 100)
    for op, coeffs, k, st in cs:
        e = sum((c * xs[i] for i, c in coeffs[1:]), coeffs[0][1] * xs[coeffs[0][0]]) - k
        s.addConstraint((e == 0 if op == "==" else (e <= 0 if op == "<=" else e >= 0)) | st)
    if probe is not None:
        # A pull far weaker than any real error: it only chooses within a set of equally
        # good solutions, so it moves variable i only when kiwisolver's optimum is not unique.
        i, target = probe
        s.addConstraint((xs[i] == target) | 1e-6)
    s.updateVariables()
    return [x.value() for x in xs]


def unique_optimum(n, cs):
    base = solve(kiwisolver, n, cs)
    for i in range(n):
        for target in (-1000, 1000):
            if any(abs(a - b) > 1e-6 for a, b in zip(base, solve(kiwisolver, n, cs, (i, target)))):
                return None
    return base


def test_random_mixed_strength_systems_agree_with_kiwisolver_where_its_optimum_is_unique():
    rng = random.Random(19)
    compared = 0
    for trial in range(400):
        n, cs = random_system(rng)
        want = unique_optimum(n, cs)
        if want is None:
            continue
        got = solve(kiwi, n, cs)
        assert got == pytest.approx(want, abs=1e-6), "trial %d: %r" % (trial, cs)
        compared += 1
    assert compared >= 100  # most random systems have a unique optimum
