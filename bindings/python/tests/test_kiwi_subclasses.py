"""Subclasses of brace.kiwi's compiled types behave as the types (kiwisolver's types are
subclassable and its checks take subclasses). A check of the exact type read a
Variable subclass as an Expression in `2 * x` (a crash) and refused it elsewhere."""

import subprocess
import sys

from brace.kiwi import Constraint, Expression, Solver, Term, Variable


class MyVariable(Variable):
    pass


class MyTerm(Term):
    pass


class MyConstraint(Constraint):
    pass


def test_a_number_times_a_variable_subclass_runs_in_a_child_process():
    # Before the fix the child died of a segmentation fault.
    code = ("from brace.kiwi import Variable\n"
            "class V(Variable): pass\n"
            "print(repr(2 * V('x')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (0, "2 * x\n")


def test_the_operators_take_a_variable_subclass():
    x = MyVariable("x")
    assert repr(x + 1) == "1 * x + 1"
    assert repr(x * 2) == "2 * x"
    assert repr(-x) == "-1 * x"
    assert repr(x / 4) == "0.25 * x"
    assert repr(3 - x) == "-1 * x + 3"
    # x == 1 is x - 1 == 0
    assert repr(x == 1) == "1 * x + -1 == 0 | strength = 1.001e+09 (VIOLATED)"


def test_term_and_expression_take_subclasses():
    x = MyVariable("x")
    t = MyTerm(x, 2)
    assert type(t) is MyTerm and t.variable() is x
    assert repr(t + 1) == "2 * x + 1"
    assert repr(Expression([t], 5)) == "2 * x + 5"


def test_a_constraint_subclass_is_made_and_solved():
    x = MyVariable("x")
    c = MyConstraint(x - 7, "==")
    assert type(c) is MyConstraint
    s = Solver()
    s.addConstraint(c)
    s.addEditVariable(x, "weak")
    s.updateVariables()
    assert x.value() == 7.0  # the required x - 7 == 0 over the weak edit x == 0
    assert s.hasConstraint(c) and s.hasEditVariable(x)
    assert (c | "weak").strength() == 1.0


def test_a_solver_subclass_needs_no_call_to_solver_init():
    class MySolver(Solver):
        def __init__(self, name="s"):  # kiwisolver's solver is made in __new__
            self.name = name

    x = Variable("x")
    s = MySolver()
    s.addConstraint(x == 3)
    s.updateVariables()
    assert (s.name, x.value()) == ("s", 3.0)


class Name(str):
    pass


def test_str_subclasses_are_read_as_kiwisolver_reads_them():
    x = Variable(Name("x"))
    assert type(x.name()) is str and x.name() == "x"  # kiwi keeps a std::string copy
    x.setName(Name("y"))
    assert type(x.name()) is str and x.name() == "y"
    assert repr(Constraint(x + 1, Name(">="))) == "1 * y + 1 >= 0 | strength = 1.001e+09"


def test_a_subclass_hash_does_not_merge_distinct_variables_in_a_long_expression():
    class SameHash(Variable):
        def __hash__(self):
            return 1

    a, b = SameHash("a"), SameHash("b")
    # 18 terms (the long path, over 16): 9 a + 9 b, as the 16-term path gives 8 a + 8 b;
    # a == b made a (true) Constraint, so b's terms were summed into a's: 18 * a
    assert repr((sum([a, b] * 9) == 0).expression()) == "9 * a + 9 * b + 0"
    assert repr((sum([a, b] * 8) == 0).expression()) == "8 * a + 8 * b + 0"


def test_a_solver_tells_variables_apart_whatever_their_hash_and_eq_say():
    class SameHash(Variable):
        def __hash__(self):
            return 1

    class Unhashable(Variable):
        def __eq__(self, other):  # sets __hash__ to None, as in kiwisolver's subclasses
            return Variable.__eq__(self, other)

    for kind in (SameHash, Unhashable):
        a, b = kind("a"), kind("b")
        s = Solver()
        s.addConstraint(a == 1)  # b's constraint was a's variable == 2: Unsatisfiable
        s.addConstraint(b == 2)  # (SameHash), or TypeError: unhashable (Unhashable)
        s.addEditVariable(a, "weak")
        s.addEditVariable(b, "weak")
        assert s.hasEditVariable(b) and s.hasConstraint(MyConstraint(b + 0)) is False
        s.updateVariables()
        assert (a.value(), b.value()) == (1.0, 2.0)
        s.removeEditVariable(a)
        assert not s.hasEditVariable(a) and s.hasEditVariable(b)
        assert "a | strength = 1" not in s.dumps() and "b | strength = 1" in s.dumps()


def test_a_constraint_subclass_that_equals_every_other_is_still_itself_in_a_solver():
    class EqualsAll(Constraint):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return 1

    x = Variable("x")
    c1, c2 = EqualsAll(x - 1, ">="), EqualsAll(x - 5, "<=")
    s = Solver()
    s.addConstraint(c1)
    s.addConstraint(c2)  # was DuplicateConstraint
    s.removeConstraint(c1)
    assert s.hasConstraint(c2) and not s.hasConstraint(c1)
