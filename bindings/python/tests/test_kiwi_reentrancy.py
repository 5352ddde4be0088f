"""Python code that brace._kiwi runs inside a Solver call (a number's __float__, a
Variable subclass's __hash__) finds and leaves the solver consistent: the arguments are
read before the solver's state is checked, as kiwisolver 1.5.1 reads them, and a call
of the solver from inside the dict calls of another is refused."""

import numbers
import subprocess
import sys

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


class Hooked(Variable):
    """A Variable whose hash runs `hook` (the solver's dicts call it) at its use `at`."""

    uses, at, hook = 0, 0, None

    def __hash__(self):
        self.uses += 1
        if self.uses == self.at:
            self.hook()
        return id(self) >> 4


def test_a_reset_from_a_variables_hash_is_refused_in_a_child_process():
    # The second hash is the solver's store of the new variable, after it has sized its
    # handle array: a reset there freed the array, then the store wrote through NULL
    # (the child died of a segmentation fault).
    code = ("from brace.kiwi import Solver, Variable\n"
            "s = Solver()\n"
            "class V(Variable):\n"
            "    n = 0\n"
            "    def __hash__(self):\n"
            "        V.n += 1\n"
            "        if V.n == 2:\n"
            "            s.reset()\n"
            "        return id(self) >> 4\n"
            "try:\n"
            "    s.addConstraint(V('x') == 1)\n"
            "except RuntimeError as e:\n"
            "    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (0, "the solver cannot be reset or freed from inside one of its own calls\n")


def test_a_call_from_inside_another_is_refused_and_the_solver_goes_on():
    s = Solver()
    y = Variable("y")
    x = Hooked("x")
    x.at, x.hook = 1, lambda: s.addConstraint(y == 2)
    with pytest.raises(RuntimeError, match=r"Solver.addConstraint\(\) called from inside another call"):
        s.addConstraint(x == 1)
    s.addConstraint(x + y == 10)  # the solver takes calls again, and has neither
    s.addConstraint(y == 4)  # x == 1 nor y == 2 (required: either would conflict)
    s.updateVariables()
    assert (x.value(), y.value()) == (6.0, 4.0)  # x = 10 - 4


def test_a_has_call_from_a_hash_inside_another_call_is_refused():
    s = Solver()
    x = Hooked("x")
    s.addEditVariable(x, "weak")
    x.uses, x.at, x.hook = 0, 1, lambda: s.hasEditVariable(Variable())
    with pytest.raises(RuntimeError, match=r"Solver.hasEditVariable\(\) called from inside another call"):
        s.suggestValue(x, 3)
    s.suggestValue(x, 3)  # the hook ran once
    s.updateVariables()
    assert x.value() == 3.0


def test_another_threads_call_while_python_code_runs_inside_a_call_goes_through():
    import threading

    s = Solver()
    y = Variable("y")
    inside, done, seen = threading.Event(), threading.Event(), []

    def hook():  # thread A, inside s.addConstraint: let thread B call s, wait for it
        inside.set()
        assert done.wait(30)

    x = Hooked("x")
    x.at, x.hook = 1, hook

    def other():  # thread B
        assert inside.wait(30)
        try:
            s.addConstraint(y == 4)
            seen.append(s.hasConstraint(y >= 0))
        except Exception as e:
            seen.append(e)
        done.set()

    b = threading.Thread(target=other)
    b.start()
    s.addConstraint(x + y == 10)
    b.join()
    assert seen == [False]
    s.updateVariables()
    assert (x.value(), y.value()) == (6.0, 4.0)  # x = 10 - 4
    x.uses, x.at, x.hook = 0, 1, s.reset
    with pytest.raises(RuntimeError):  # and this thread's own nesting is still refused
        s.hasEditVariable(x)
