"""Python code that brace._kiwi runs inside a Solver call (a number's __float__) finds
and leaves the solver consistent: the arguments are read before the solver's state is
checked, as kiwisolver 1.5.1 reads them."""

import numbers

import pytest

from brace.kiwi import DuplicateEditVariable, Solver, Variable


class Strength(numbers.Real):
    """A strength whose float() runs a callback first (numbers.Real's other methods
    are never called here)."""

    def __init__(self, value, callback):
        self.value, self.callback = value, callback

    def __float__(self):
        self.callback()
        return self.value


for _name in Strength.__abstractmethods__ - {"__float__"}:
    setattr(Strength, _name, lambda *args: NotImplemented)
Strength.__abstractmethods__ = frozenset()


def test_a_bad_strength_for_a_duplicate_edit_is_reported_first():
    x = Variable("x")
    s = Solver()
    s.addEditVariable(x, "weak")
    # kiwisolver converts the strength before it looks for the edit
    with pytest.raises(ValueError, match="string strength must be"):
        s.addEditVariable(x, "bogus")
    with pytest.raises(TypeError, match="Expected object of type `float, int, or long`"):
        s.addEditVariable(x, None)


def test_a_strength_that_adds_the_edit_itself_makes_the_outer_call_a_duplicate():
    x = Variable("x")
    s = Solver()
    with pytest.raises(DuplicateEditVariable):
        s.addEditVariable(x, Strength(1000.0, lambda: s.addEditVariable(x, "weak")))
    assert s.hasEditVariable(x)
    s.suggestValue(x, 6)
    s.updateVariables()
    assert x.value() == 6.0
    s.removeEditVariable(x)
    assert not s.hasEditVariable(x)


def test_a_strength_that_resets_the_solver_leaves_the_edit_in_the_new_context():
    x = Variable("x")
    s = Solver()
    s.addEditVariable(x, "weak")
    s.addEditVariable(Variable("y"), Strength(1000.0, s.reset))
    s.addEditVariable(x, "weak")  # the reset forgot x's edit
    s.suggestValue(x, 2)
    s.updateVariables()
    assert x.value() == 2.0
