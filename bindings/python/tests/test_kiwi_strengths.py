"""Strengths clip as kiwisolver 1.5.1 clips them, NaN included: kiwi's
max(0, min(required, s)) makes a NaN strength required (NaN fails min's test, so min
returns required), and strength.create's max(0, min(1000, a * w)) makes a NaN factor
1000."""

import math

import pytest

from brace.kiwi import BadRequiredStrength, Constraint, Solver, Variable, priority_of, strength

NAN = float("nan")
REQUIRED = 1001001000.0  # 1000 * 1e6 + 1000 * 1e3 + 1000


def test_a_nan_strength_is_required():
    x = Variable("x")
    assert ((x == 1) | NAN).strength() == REQUIRED
    assert Constraint(x + 1, ">=", NAN).strength() == REQUIRED
    assert priority_of(NAN) == 1000.0


def test_a_nan_edit_strength_is_refused_as_required_and_leaves_no_edit():
    x = Variable("x")
    s = Solver()
    with pytest.raises(BadRequiredStrength):
        s.addEditVariable(x, NAN)
    assert not s.hasEditVariable(x)
    s.addEditVariable(x, "weak")  # nothing half-made is left in the engine
    s.suggestValue(x, 4)
    s.updateVariables()
    assert x.value() == 4.0


def test_strength_create_clips_nan_to_1000():
    assert strength.create(NAN, 0, 0) == 1000.0 * 1e6
    assert strength.create(0, NAN, 0) == 1000.0 * 1e3
    assert strength.create(0, 0, NAN) == 1000.0
    assert strength.create(1, 1, 1, NAN) == REQUIRED
    # -1 -> 0, 2000 -> 1000, 0.5 stays: 0 + 1000 * 1e3 + 0.5
    assert strength.create(-1, 2000, 0.5) == 1000000.5
    assert not math.isnan(strength.create(NAN, NAN, NAN))
