"""Python code that runs inside a Solver call (a number's __float__; a garbage
collector's callback or a __del__ in kiwi.py's cold paths) finds and leaves the solver
consistent: the arguments are read before the solver's state is checked, as
kiwisolver 1.5.1 reads them, and a call of the solver from inside another of the same
thread is refused."""

import contextlib
import gc
import numbers
import threading

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


def test_adds_from_inside_another_calls_argument_leave_both_solvers_free():
    # addConstraint begins and leaves on its own; the outer call (whose wrapper counts
    # what its body began) must end with both solvers free: no call refused, resets go.
    x, y = Variable("x"), Variable("y")
    s, other = Solver(), Solver()

    def adds():
        s.addConstraint(y == 2)
        other.addConstraint(y == 5)

    def adds_then_fails():
        s.addConstraint(y >= 1)
        raise ValueError("no strength")

    s.addEditVariable(x, Strength(1000.0, adds))
    with pytest.raises(ValueError, match="no strength"):  # refused before it begins
        s.addEditVariable(y, Strength(1000.0, adds_then_fails))
    s.addConstraint(x == 3)
    other.addConstraint(x == 4)
    s.updateVariables()
    assert (x.value(), y.value()) == (3.0, 2.0)
    other.updateVariables()
    assert (x.value(), y.value()) == (4.0, 5.0)
    s.reset()
    other.reset()
    assert not s.hasConstraint(x == 3) and s._address == 0 and other._address == 0


def test_a_strength_that_resets_the_solver_leaves_the_edit_in_the_new_context():
    x = Variable("x")
    s = Solver()
    s.addEditVariable(x, "weak")
    s.addEditVariable(Variable("y"), Strength(1000.0, s.reset))
    s.addEditVariable(x, "weak")  # the reset forgot x's edit
    s.suggestValue(x, 2)
    s.updateVariables()
    assert x.value() == 2.0


@contextlib.contextmanager
def python_code_inside(hook):
    """Runs hook() once from the garbage collector's callback in this thread, with a
    collection at nearly every allocation: in the middle of the next Python code that
    allocates, here the >64-term path of addConstraint (kiwi.py's, inside the C call).
    Yields the list of what hook() raised."""
    raised, me = [], threading.get_ident()

    def callback(phase, info):
        if phase == "start" and not callback.fired and threading.get_ident() == me:
            callback.fired = True
            try:
                hook()
            except Exception as e:
                raised.append(e)

    callback.fired = False
    threshold = gc.get_threshold()
    gc.callbacks.append(callback)
    gc.set_threshold(1)
    try:
        yield raised
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(callback)


def long_constraint(s, x, total):
    """x + h1 + ... + h69 == total with every h pinned to 0 in `s`: over 64 variables,
    so addConstraint runs kiwi.py's split, which gives x = total."""
    hs = [Variable("h%d" % i) for i in range(69)]
    for h in hs:
        s.addConstraint(h == 0)
    return sum(hs, x + 0) == total


def test_a_reset_from_inside_a_call_is_refused_and_the_solver_goes_on():
    x, y = Variable("x"), Variable("y")
    s = Solver()
    s.addConstraint(y == 4)
    c = long_constraint(s, x, 140)
    with python_code_inside(s.reset) as raised:
        s.addConstraint(c)
    assert [str(e) for e in raised] == ["the solver cannot be reset or freed from inside one of its own calls"]
    assert s.hasConstraint(c)
    s.updateVariables()
    assert (x.value(), y.value()) == (140.0, 4.0)  # y == 4 kept: no reset happened


def test_a_call_from_inside_another_is_refused_and_the_solver_goes_on():
    x, y = Variable("x"), Variable("y")
    s = Solver()
    c = long_constraint(s, x, 70)
    with python_code_inside(lambda: s.addConstraint(y == 2)) as raised:
        s.addConstraint(c)
    assert [type(e) for e in raised] == [RuntimeError]
    assert "Solver.addConstraint() called from inside another call" in str(raised[0])
    s.addConstraint(y == 3)  # y == 2 was not added (required: it would conflict)
    s.updateVariables()
    assert (x.value(), y.value()) == (70.0, 3.0)


def test_another_threads_call_while_python_code_runs_inside_a_call_goes_through():
    s = Solver()
    x, y = Variable("x"), Variable("y")
    inside, done, seen = threading.Event(), threading.Event(), []

    def hook():  # this thread, inside s.addConstraint: let thread B call s, wait for it
        inside.set()
        assert done.wait(30)

    def other():  # thread B
        assert inside.wait(30)
        try:
            s.addConstraint(y == 4)
            seen.append(s.hasEditVariable(y))
        except Exception as e:
            seen.append(e)
        done.set()

    c = long_constraint(s, x, 70)
    b = threading.Thread(target=other)
    b.start()
    with python_code_inside(hook) as raised:
        s.addConstraint(c)
    b.join()
    assert (seen, raised) == ([False], [])
    s.updateVariables()
    assert (x.value(), y.value()) == (70.0, 4.0)


def test_a_reset_from_another_thread_while_a_call_runs_python_code_is_refused():
    # The context the call works in stays alive: destroying it from thread B while
    # kiwi.py's split used it in this thread crashed the process.
    s = Solver()
    x, y = Variable("x"), Variable("y")
    s.addConstraint(y == 4)
    inside, done, seen = threading.Event(), threading.Event(), []

    def hook():  # this thread, inside s.addConstraint: let thread B reset s, wait for it
        inside.set()
        assert done.wait(30)

    def other():  # thread B
        assert inside.wait(30)
        try:
            s.reset()
        except RuntimeError as e:
            seen.append(str(e))
        done.set()

    c = long_constraint(s, x, 70)
    b = threading.Thread(target=other)
    b.start()
    with python_code_inside(hook) as raised:
        s.addConstraint(c)
    b.join()
    assert (seen, raised) == (["the solver cannot be reset or freed while one of its calls is under way in "
                               "another thread"], [])
    assert s.hasConstraint(c)
    s.updateVariables()
    assert (x.value(), y.value()) == (70.0, 4.0)  # no reset happened
    s.reset()  # once the call ended, a reset from any thread goes through
    assert not s.hasConstraint(c)
