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
