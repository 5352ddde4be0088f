"""brace.kiwi — a kiwisolver-compatible API on Brace's constraint solver.

A program written for kiwisolver runs with only its import changed::

    from brace import kiwi as kiwisolver      # instead of: import kiwisolver

(`from kiwisolver import ...` becomes `from brace.kiwi import ...`; for code that
imports kiwisolver itself, see docs/python-kiwi.md.)

Variable, Term, Expression, Constraint, Solver and strength behave as kiwisolver's
(operators, method names, exceptions). Each Solver owns one Brace context
(brace_context_create); a Variable gets a Brace free variable (brace_variable_create)
in a solver's context the first time that solver sees it, and keeps it until the
solver is reset or freed. A constraint is one
brace_constraint_add_on_variables call (created at its priority and activated; a
required conflict is refused, which kiwi reports as UnsatisfiableConstraint); edits are
brace_context_add_edit / suggest_value / remove_edit.

Strengths: kiwi adds weighted errors (strong = 1e6, medium = 1e3, weak = 1) into one
objective. Here every optional strength shares one Brace priority (500) and weighs its
errors by `weight_of(strength)` (brace_constraint_set_weight: strength / 1000), so the
solver minimizes kiwi's objective; required stays 1000. See docs/python-kiwi.md.
"""

from __future__ import annotations

import itertools
import math
import numbers

from ._native import ffi, lib, check, last_error

__all__ = [
    "Variable", "Term", "Expression", "Constraint", "Solver", "strength",
    "UnsatisfiableConstraint", "DuplicateConstraint", "UnknownConstraint",
    "DuplicateEditVariable", "UnknownEditVariable", "BadRequiredStrength",
    "priority_of", "weight_of",
]

__version__ = "1.5.1"  # the kiwisolver API level this module follows
__kiwi_version__ = "1.5.1"

# ---------------------------------------------------------------- exceptions


class BadRequiredStrength(Exception):
    """A required strength where only optional ones are allowed (edit variables)."""


class _ConstraintError(Exception):
    @property
    def constraint(self):
        return self.args[0]


class _EditVariableError(Exception):
    @property
    def edit_variable(self):
        return self.args[0]


class DuplicateConstraint(_ConstraintError):
    """The constraint is already in the solver. args[0] is the constraint."""


class DuplicateEditVariable(_EditVariableError):
    """The variable already is an edit variable of the solver. args[0] is the variable."""


class UnknownConstraint(_ConstraintError):
    """The constraint is not in the solver. args[0] is the constraint."""


class UnknownEditVariable(_EditVariableError):
    """The variable is not an edit variable of the solver. args[0] is the variable."""


class UnsatisfiableConstraint(_ConstraintError):
    """A required constraint that cannot hold with the solver's other required
    constraints; the solver is left as it was. args[0] is the constraint; `report` is
    Brace's diagnostic (the conflicting set) when the engine sent one."""

    report = ""


def _type_name(obj) -> str:
    """The name kiwisolver's messages give the type of `obj`: its own types are
    'kiwisolver.Expression' and so on (their C type names), which this module repeats
    word for word so that code matching kiwisolver's messages keeps working."""
    name = type(obj).__name__
    return "kiwisolver." + name if type(obj) in _KIWI_TYPES else name


def _wrong_type(expected: str, obj) -> TypeError:
    """kiwisolver's TypeError for an argument of the wrong type, word for word."""
    return TypeError("Expected object of type `%s`. Got object of type `%s` instead." % (expected, _type_name(obj)))


def _no_comparison(op, a, b) -> TypeError:
    return TypeError("unsupported operand type(s) for %s: '%s' and '%s'" % (op, _type_name(a), _type_name(b)))


def _float(v) -> float:
    """A number argument as a float; kiwisolver's TypeError for anything else."""
    if not _is_num(v):
        raise _wrong_type("float, int, or long", v)
    return float(v)


# ---------------------------------------------------------------- strengths

_REQUIRED = 1001001000.0


def _clip(v):
    return 0.0 if v < 0.0 else (1000.0 if v > 1000.0 else v)


class _Strength:
    """kiwisolver.strength: the named strengths and create(a, b, c, w=1.0)."""

    __slots__ = ()

    @property
    def required(self):
        return _REQUIRED

    @property
    def strong(self):
        return 1000000.0

    @property
    def medium(self):
        return 1000.0

    @property
    def weak(self):
        return 1.0

    def create(self, a, b, c, w=1.0):
        a, b, c, w = _float(a), _float(b), _float(c), _float(w)
        return _clip(a * w) * 1000000.0 + _clip(b * w) * 1000.0 + _clip(c * w)


strength = _Strength()

_NAMED = {"required": _REQUIRED, "strong": 1000000.0, "medium": 1000.0, "weak": 1.0}


def _strength_value(s):
    if isinstance(s, str):
        try:
            return _NAMED[s]
        except KeyError:
            raise ValueError("string strength must be 'required', 'strong', 'medium', or 'weak', not '%s'" % s) from None
    if isinstance(s, (int, float)) or isinstance(s, numbers.Real):
        s = float(s)
        return 0.0 if s < 0.0 else (_REQUIRED if s > _REQUIRED else s)
    raise _wrong_type("float, int, or long", s)


def priority_of(s) -> float:
    """The Brace priority for a kiwi strength (a number or a name): 1000 (required) for
    s >= required, else 500: every optional strength shares one priority level, where
    `weight_of(s)` weighs its errors as kiwi does."""
    return 1000.0 if _strength_value(s) >= _REQUIRED else _LEVEL


def weight_of(s) -> float:
    """The Brace weight (brace_constraint_set_weight) for an optional kiwi strength:
    s / 1000 (weak 0.001, medium 1, strong 1000), within Brace's 1e-3...1e6. Scaling
    every weight by 1/1000 leaves kiwi's optimum as it is and keeps the costs where the
    solver's absolute 1e-8 zero threshold is safe; strengths below 1 (weak) weigh as weak,
    above 1e9 as 1e9."""
    return min(1e6, max(1e-3, _strength_value(s) / 1000.0))


_LEVEL = 500.0


# ---------------------------------------------------------------- symbolics

# The operators run in pure Python, so they avoid what costs there: internal values are
# made without re-validating (_term, _expression, _constraint), and a Constraint keeps
# its terms reduced to one per variable plus the (variables, coefficients) that Brace
# takes, computed once when it is made.

_NUM = (int, float)
_new = object.__new__


def _is_num(o):
    return isinstance(o, _NUM) or (isinstance(o, numbers.Real) and not isinstance(o, bool))


def _num_str(v):
    # kiwi prints numbers as C++ streams do: 1, -2, 0.5, 1.001e+09
    return "%g" % v


def _term(variable, coefficient):
    t = _new(Term)
    t._variable = variable
    t._coefficient = coefficient
    return t


def _expression(terms, constant):
    e = _new(Expression)
    e._terms = terms
    e._constant = constant
    return e


def _parts(o):
    """(terms, constant) of a symbolic value or a number; None when unsupported."""
    t = type(o)
    if t is Variable:
        return (_term(o, 1.0),), 0.0
    if t is Expression:
        return o._terms, o._constant
    if t is Term:
        return (o,), 0.0
    if t is float or t is int or _is_num(o):
        return (), float(o)
    return None


def _add(a, b):
    """a + b for any two symbolic values or numbers; None when unsupported. As in
    kiwisolver, a Variable or Term added to an Expression (either side) comes after
    the Expression's terms: `v - e` is `-e + v`."""
    pa = _parts(a)
    pb = _parts(b)
    if pa is None or pb is None:
        return None
    if type(b) is Expression and (type(a) is Variable or type(a) is Term):
        return _expression(pb[0] + pa[0], pa[1] + pb[1])
    return _expression(pa[0] + pb[0], pa[1] + pb[1])


def _negated(terms):
    return tuple([_term(x._variable, -x._coefficient) for x in terms])


def _neg(o):
    t = type(o)
    if t is Variable:
        return _term(o, -1.0)
    if t is Term:
        return _term(o._variable, -o._coefficient)
    if t is Expression:
        return _expression(_negated(o._terms), -o._constant)
    if _is_num(o):
        return -float(o)
    return None


def _mul(o, k):
    t = type(o)
    if t is Variable:
        return _term(o, k)
    if t is Term:
        return _term(o._variable, o._coefficient * k)
    return _expression(tuple([_term(x._variable, x._coefficient * k) for x in o._terms]), o._constant * k)


class _Symbolic:
    """Operators shared by Variable, Term and Expression, as kiwisolver defines them.
    Terms and expressions are not hashable (== builds a constraint); str is repr."""

    __slots__ = ()
    __hash__ = None

    def __str__(self):
        return self.__repr__()

    def __add__(self, other):
        r = _add(self, other)
        return NotImplemented if r is None else r

    def __radd__(self, other):
        r = _add(other, self)
        return NotImplemented if r is None else r

    def __sub__(self, other):
        n = _neg(other)
        if n is None:
            return NotImplemented
        return _add(self, n)

    def __rsub__(self, other):
        if not _is_num(other):
            return NotImplemented
        return _add(other, _neg(self))

    def __neg__(self):
        return _neg(self)

    def __mul__(self, other):
        if not _is_num(other):
            return NotImplemented
        return _mul(self, float(other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        if not _is_num(other):
            return NotImplemented
        other = float(other)
        if other == 0.0:
            raise ZeroDivisionError("float division by zero")
        return _mul(self, 1.0 / other)

    def __rtruediv__(self, other):
        return NotImplemented

    def _relation(self, other, op):
        pb = _parts(other)
        if pb is None:
            return NotImplemented
        pa = _parts(self)
        return _constraint(pa[0] + _negated(pb[0]), pa[1] - pb[1], op, _REQUIRED, 1000.0)

    def __eq__(self, other):
        return self._relation(other, "==")

    def __le__(self, other):
        return self._relation(other, "<=")

    def __ge__(self, other):
        return self._relation(other, ">=")

    def __ne__(self, other):
        raise _no_comparison("!=", self, other)

    def __lt__(self, other):
        raise _no_comparison("<", self, other)

    def __gt__(self, other):
        raise _no_comparison(">", self, other)


class Variable(_Symbolic):
    """A variable of the constraint system. Its value is what the last
    Solver.updateVariables() wrote (0 before). A Variable may be used by several
    solvers (each gives it its own Brace variable); they share the one value."""

    # _token/_handle: the Brace variable of the first solver context that saw it (the
    # fast path of Solver._handle); other solvers keep theirs in a dict.
    __slots__ = ("_name", "_context", "_value", "_token", "_handle", "__weakref__")

    def __init__(self, name="", context=None):
        if not isinstance(name, str):
            raise _wrong_type("str", name)
        self._name = name
        self._context = context
        self._value = 0.0
        self._token = 0
        self._handle = 0

    def name(self):
        return self._name

    def setName(self, name):
        if not isinstance(name, str):
            raise _wrong_type("str", name)
        self._name = name

    def context(self):
        return self._context

    def setContext(self, context):
        self._context = context

    def value(self):
        return self._value

    # Hashable by identity (kiwisolver's Variable is not hashable; this is a superset).
    __hash__ = object.__hash__

    def __repr__(self):
        return self._name


class Term(_Symbolic):
    """coefficient * variable."""

    __slots__ = ("_variable", "_coefficient")

    def __init__(self, variable, coefficient=1.0):
        if type(variable) is not Variable:
            raise _wrong_type("Variable", variable)
        self._variable = variable
        self._coefficient = _float(coefficient)

    def variable(self):
        return self._variable

    def coefficient(self):
        return self._coefficient

    def value(self):
        return self._coefficient * self._variable._value

    def __repr__(self):
        return "%s * %s" % (_num_str(self._coefficient), self._variable._name)


class Expression(_Symbolic):
    """sum(terms) + constant."""

    __slots__ = ("_terms", "_constant")

    def __init__(self, terms, constant=0.0):
        terms = tuple(terms)
        for t in terms:
            if type(t) is not Term:
                raise _wrong_type("Term", t)
        self._terms = terms
        self._constant = _float(constant)

    def terms(self):
        return self._terms

    def constant(self):
        return self._constant

    def value(self):
        return self._constant + sum(t._coefficient * t._variable._value for t in self._terms)

    def __repr__(self):
        return " + ".join([repr(t) for t in self._terms] + [_num_str(self._constant)])


_OPS = {"==": 0, "<=": -1, ">=": 1}  # brace_relation values
_PRIORITIES: dict = {}  # strength -> priority_of(strength), for the strengths in use


def _priority(s):
    p = _PRIORITIES.get(s)
    if p is None:
        p = priority_of(s)
        if len(_PRIORITIES) < 4096:
            _PRIORITIES[s] = p
    return p


def _constraint(terms, constant, op, strength, priority):
    """A Constraint on `terms` + constant OP 0, its terms reduced to one per variable
    (coefficients summed, first-seen order), as kiwi reduces them. The near-zero tests
    are written `not abs(k) <= 1e-8` so that a NaN coefficient is kept (and refused by
    addConstraint) rather than dropped."""
    c = _new(Constraint)
    n = len(terms)
    if n == 1:
        t = terms[0]
        k = t._coefficient
        c._variables, c._coefficients = ((t._variable,), (k,)) if not abs(k) <= 1.0e-8 else ((), ())
    elif n == 2 and terms[0]._variable is not terms[1]._variable:
        t, u = terms
        k, m = t._coefficient, u._coefficient
        if not (abs(k) <= 1.0e-8 or abs(m) <= 1.0e-8):
            c._variables, c._coefficients = (t._variable, u._variable), (k, m)
        else:
            keep = [x for x in terms if not abs(x._coefficient) <= 1.0e-8]
            c._variables = tuple([x._variable for x in keep])
            c._coefficients = tuple([x._coefficient for x in keep])
    else:
        coeffs = {}
        order = []
        for t in terms:
            v = t._variable
            key = id(v)
            if key in coeffs:
                coeffs[key] += t._coefficient
            else:
                coeffs[key] = t._coefficient
                order.append(v)
        if len(order) != n:
            terms = tuple([_term(v, coeffs[id(v)]) for v in order])
        # kiwi's near-zero rule: such terms drop out of the rows it builds.
        keep = [v for v in order if not abs(coeffs[id(v)]) <= 1.0e-8]
        c._variables = tuple(keep)
        c._coefficients = tuple([coeffs[id(v)] for v in keep])
    c._terms = terms
    c._constant = constant
    c._op = op
    c._rel = _OPS[op]
    c._strength = strength
    c._priority = priority
    c._expression = None
    return c


class Constraint:
    """expression OP 0 at a strength; OP is '==', '<=' or '>='. Immutable:
    `constraint | strength` makes a new one."""

    # _rel: the brace_relation of _op, kept with the rest of what addConstraint passes.
    __slots__ = ("_terms", "_constant", "_op", "_rel", "_strength", "_priority", "_variables", "_coefficients",
                 "_expression", "__weakref__")

    def __new__(cls, expression, op="==", strength="required"):
        if type(expression) is not Expression:
            raise _wrong_type("Expression", expression)
        if type(op) is not str:
            raise _wrong_type("str", op)
        if op not in _OPS:
            raise ValueError("relational operator must be '==', '<=', or '>=', not '%s'" % (op,))
        s = _strength_value(strength)
        return _constraint(expression._terms, expression._constant, op, s, _priority(s))

    def expression(self):
        e = self._expression
        if e is None:
            e = self._expression = _expression(self._terms, self._constant)
        return e

    def op(self):
        return self._op

    def strength(self):
        return self._strength

    def violated(self):
        v = self.expression().value()
        if self._op == "==":
            return abs(v) >= 1.0e-8
        if self._op == "<=":
            return v > 0.0
        return v < 0.0

    def __or__(self, other):
        c = _new(Constraint)
        c._terms = self._terms
        c._constant = self._constant
        c._op = self._op
        c._rel = self._rel
        c._variables = self._variables
        c._coefficients = self._coefficients
        c._expression = self._expression
        s = c._strength = _strength_value(other)
        c._priority = _priority(s)
        return c

    __ror__ = __or__

    def __repr__(self):
        s = "%r %s 0 | strength = %s" % (self.expression(), self._op, "%g" % self._strength)
        return s + " (VIOLATED)" if self.violated() else s

    __str__ = __repr__


# ---------------------------------------------------------------- the solver

_NONE = lib.BRACE_ATTR_NONE
_MAX_TERMS = 64


@ffi.callback("void(brace_context *, const brace_diagnostic *, void *)")
def _on_diagnostic(ctx, diagnostic, user_data):
    try:
        if diagnostic.kind == lib.BRACE_DIAGNOSTIC_UNSATISFIABLE:
            _REPORTS[int(ffi.cast("uintptr_t", ctx))] = ffi.string(diagnostic.message).decode("utf-8", "replace")
    except Exception:  # never let an exception cross the C boundary
        pass


_REPORTS: dict = {}
_TOKENS = itertools.count(1)
_LIVE_TOKENS: set = set()
_UNSATISFIABLE = lib.BRACE_E_UNSATISFIABLE
_add_on_variables = lib.brace_constraint_add_on_variables
_destroy = lib.brace_constraint_destroy


def _refuse_non_finite(constraint):
    """UnsatisfiableConstraint for a constraint with a NaN or infinite coefficient or
    constant, at any strength: no finite values satisfy it. kiwisolver 1.5.1 has no
    error for these: it accepts them, and its solver then gives NaN values, refuses
    valid constraints or aborts the process (docs/python-kiwi.md)."""
    isfinite = math.isfinite
    bad = [(v, k) for v, k in zip(constraint._variables, constraint._coefficients) if not isfinite(k)]
    if bad or not isfinite(constraint._constant):
        exc = UnsatisfiableConstraint(constraint)
        exc.report = ("the coefficient of %s is %r" % (bad[0][0]._name or "<unnamed>", bad[0][1]) if bad
                      else "the constant is %r" % constraint._constant) + \
            ": a constraint needs finite numbers (no finite values satisfy it otherwise)"
        raise exc


class Solver:
    """kiwisolver.Solver on one Brace context."""

    def __init__(self):
        self._ctx = None
        self._new_context()

    # -- context lifetime

    def _new_context(self):
        out = ffi.new("brace_context **")
        check(None, lib.brace_context_create(ffi.NULL, out))
        self._ctx = out[0]
        self._key = int(ffi.cast("uintptr_t", self._ctx))
        self._token = next(_TOKENS)  # tells this context's variables apart (Variable._token)
        _LIVE_TOKENS.add(self._token)
        check(self._ctx, lib.brace_context_set_diagnostic_callback(self._ctx, _on_diagnostic, ffi.NULL))
        self._vars = {}      # id(Variable) -> brace_variable
        self._var_objs = []  # Variables, in the order they were first seen
        self._var_handles = []
        self._bulk = None    # (count, brace_variable[], double[]) for updateVariables
        self._cns = {}       # Constraint -> (brace constraint handles, first is the constraint itself; [] for none)
        self._edits = {}     # id(Variable) -> (Variable, strength)
        self._terms = ffi.new("brace_term[]", _MAX_TERMS)
        for i in range(_MAX_TERMS):
            self._terms[i].attribute = _NONE
        self._out_c = ffi.new("brace_constraint *")
        self._out_v = ffi.new("brace_variable *")
        self._out_b = ffi.new("bool *")
        self._out_d = ffi.new("double *")

    def _free_context(self):
        ctx = self._ctx
        if ctx is not None:
            self._ctx = None
            _REPORTS.pop(self._key, None)
            _LIVE_TOKENS.discard(self._token)
            lib.brace_context_destroy(ctx)

    def __del__(self):
        try:
            self._free_context()
        except Exception:
            pass

    # -- variables

    def _handle(self, var):
        if var._token == self._token:
            return var._handle
        h = self._vars.get(id(var))
        if h is None:
            ctx = self._ctx
            check(ctx, lib.brace_variable_create(ctx, self._out_v))
            h = self._out_v[0]
            self._vars[id(var)] = h
            if var._token == 0 or var._token not in _LIVE_TOKENS:
                var._token = self._token
                var._handle = h
            self._var_objs.append(var)  # keeps the Variable alive, so id(var) stays its own
            self._var_handles.append(h)
        return h

    def _create_linear(self, handles, coeffs, rel, constant, priority, made, weight=1.0):
        ctx = self._ctx
        terms = self._terms
        n = len(handles)
        for i in range(n):
            t = terms[i]
            t.item = handles[i]
            t.coefficient = coeffs[i]
        check(ctx, lib.brace_constraint_create_linear(ctx, terms, n, rel, constant, self._out_c))
        h = self._out_c[0]
        made.append(h)
        if priority != 1000.0:
            check(ctx, lib.brace_constraint_set_priority(ctx, h, priority))
            if weight != 1.0:
                check(ctx, lib.brace_constraint_set_weight(ctx, h, weight))
        check(ctx, lib.brace_constraint_activate(ctx, h))
        return h

    def _aux_variable(self):
        check(self._ctx, lib.brace_variable_create(self._ctx, self._out_v))
        return self._out_v[0]

    # -- constraints

    def addConstraint(self, constraint):
        if type(constraint) is not Constraint:
            raise _wrong_type("Constraint", constraint)
        cns = self._cns
        if constraint in cns:
            raise DuplicateConstraint(constraint)
        vs = constraint._variables
        n = len(vs)
        if 0 < n <= _MAX_TERMS:
            # The common case: one C call creates the constraint at its priority and
            # activates it; a required conflict is refused with nothing added.
            token = self._token
            if n == 1:
                v = vs[0]
                handles = (v._handle if v._token == token else self._handle(v),)
            else:
                handles = [v._handle if v._token == token else self._handle(v) for v in vs]
            out = self._out_c
            st = _add_on_variables(self._ctx, handles, constraint._coefficients, n, constraint._rel,
                                   -constraint._constant, constraint._priority, out)
            if st != 0:
                _refuse_non_finite(constraint)
                if st == _UNSATISFIABLE:
                    exc = UnsatisfiableConstraint(constraint)
                    exc.report = last_error(self._ctx)
                    raise exc
                check(self._ctx, st)
            cns[constraint] = h = out[0]
            if constraint._priority != 1000.0:
                w = weight_of(constraint._strength)
                if w != 1.0:
                    check(self._ctx, lib.brace_constraint_set_weight(self._ctx, h, w))
        elif n == 0:
            # No variable: 0 OP constant. kiwi accepts a satisfied one and refuses a
            # required contradiction; an optional one changes nothing.
            _refuse_non_finite(constraint)
            rel = _OPS[constraint._op]
            constant = -constraint._constant
            ok = (abs(constant) < 1.0e-8 if rel == 0 else (0.0 <= constant if rel == -1 else 0.0 >= constant))
            if constraint._priority == 1000.0 and not ok:
                raise UnsatisfiableConstraint(constraint)
            cns[constraint] = ()
        else:
            _refuse_non_finite(constraint)
            cns[constraint] = self._add_split(constraint)

    def _add_split(self, constraint):
        """Brace takes 64 terms per constraint: a longer one sums chunks of 63 terms in
        auxiliary variables (required a_k == sum(chunk)), chunks of those again while
        more than 64 are left (a tree: any size), then relates the last level. Returns
        the defining constraints, the constraint itself, then the auxiliary variables."""
        handles = [self._handle(v) for v in constraint._variables]
        cs = list(constraint._coefficients)
        made = []
        aux = []
        try:
            while len(handles) > _MAX_TERMS:
                hs, cf = [], []
                for i in range(0, len(handles), _MAX_TERMS - 1):
                    a = self._aux_variable()
                    aux.append(a)
                    self._create_linear(handles[i:i + _MAX_TERMS - 1] + [a],
                                        list(cs[i:i + _MAX_TERMS - 1]) + [-1.0], 0, 0.0, 1000.0, made)
                    hs.append(a)
                    cf.append(1.0)
                handles, cs = hs, cf
            h = self._create_linear(handles, cs, _OPS[constraint._op], -constraint._constant, constraint._priority, made,
                                    weight_of(constraint._strength))
            if constraint._priority == 1000.0:
                lib.brace_constraint_is_broken(self._ctx, h, self._out_b)
                if self._out_b[0]:
                    exc = UnsatisfiableConstraint(constraint)
                    exc.report = _REPORTS.pop(self._key, "") or last_error(self._ctx)
                    raise exc
        except BaseException:
            for c in reversed(made):
                lib.brace_constraint_destroy(self._ctx, c)
            for a in aux:
                lib.brace_variable_destroy(self._ctx, a)
            raise
        return made + aux

    def removeConstraint(self, constraint):
        if type(constraint) is not Constraint:
            raise _wrong_type("Constraint", constraint)
        try:
            made = self._cns.pop(constraint)
        except (KeyError, TypeError):
            raise UnknownConstraint(constraint) from None
        ctx = self._ctx
        if type(made) is int:
            check(ctx, _destroy(ctx, made))
        elif made:
            n = (len(made) - 1) // 2 + 1  # constraints: chunks + 1; then len(chunks) aux variables
            for c in made[:n]:
                check(ctx, lib.brace_constraint_destroy(ctx, c))
            for a in made[n:]:
                check(ctx, lib.brace_variable_destroy(ctx, a))

    def hasConstraint(self, constraint):
        if type(constraint) is not Constraint:
            raise _wrong_type("Constraint", constraint)
        return constraint in self._cns

    # -- edits

    def addEditVariable(self, variable, strength):
        if type(variable) is not Variable:
            raise _wrong_type("Variable", variable)
        if id(variable) in self._edits:
            raise DuplicateEditVariable(variable)
        s = _strength_value(strength)
        if s >= _REQUIRED:
            raise BadRequiredStrength("A required strength cannot be used in this context.")
        h = self._handle(variable)
        ctx = self._ctx
        check(ctx, lib.brace_context_add_edit(ctx, h, _NONE, _LEVEL))
        if weight_of(s) != 1.0:
            check(ctx, lib.brace_context_set_edit_weight(ctx, h, _NONE, weight_of(s)))
        # kiwi's edit is the constraint `variable == 0` until the first suggestion;
        # Brace's starts at the current value: suggest 0 to behave as kiwi.
        check(ctx, lib.brace_context_suggest_value(ctx, h, _NONE, 0.0))
        self._edits[id(variable)] = (variable, s)

    def removeEditVariable(self, variable):
        if type(variable) is not Variable:
            raise _wrong_type("Variable", variable)
        if self._edits.pop(id(variable), None) is None:
            raise UnknownEditVariable(variable)
        check(self._ctx, lib.brace_context_remove_edit(self._ctx, self._vars[id(variable)], _NONE))

    def hasEditVariable(self, variable):
        if type(variable) is not Variable:
            raise _wrong_type("Variable", variable)
        return id(variable) in self._edits

    def suggestValue(self, variable, value):
        if type(variable) is not Variable:
            raise _wrong_type("Variable", variable)
        value = _float(value)
        if id(variable) not in self._edits:
            raise UnknownEditVariable(variable)
        ctx = self._ctx
        check(ctx, lib.brace_context_suggest_value(ctx, self._vars[id(variable)], _NONE, value))

    # -- values

    def updateVariables(self):
        """Writes the solved value into every Variable this solver has seen, read in one
        brace_variables_get_values call (the variables only grow until reset)."""
        n = len(self._var_handles)
        if n == 0:
            return
        if self._bulk is None or self._bulk[0] != n:
            self._bulk = (n, ffi.new("brace_variable[]", self._var_handles), ffi.new("double[]", n))
        _, handles, out = self._bulk
        check(self._ctx, lib.brace_variables_get_values(self._ctx, handles, n, out))
        for v, x in zip(self._var_objs, ffi.unpack(out, n)):
            v._value = x

    def reset(self):
        """Forget every constraint, edit and variable (a fresh Brace context)."""
        self._free_context()
        self._new_context()

    # -- debugging

    def dumps(self):
        """The solver's state in kiwisolver's sections. Brace keeps its tableau inside
        the engine (the C ABI does not expose it), so "Objective" lists each priority
        level's strength-weighted error (kiwi's objective) at the engine's current values, "Tableau" says where the state
        is, and "Infeasible" lists the required constraints Brace reports broken."""
        ctx = self._ctx
        values = {}
        variables = []
        for v, h in zip(self._var_objs, self._var_handles):
            lib.brace_variable_get_value(ctx, h, self._out_d)
            values[id(v)] = self._out_d[0]
            variables.append("%s = %r  (brace variable 0x%x)" % (v._name or "<unnamed>", self._out_d[0], h))
        errors = {}
        infeasible = []
        constraints = []
        for c, made in self._cns.items():
            state = "no variables" if not made else ""
            if made:
                split = type(made) is not int
                lib.brace_constraint_is_broken(ctx, made[(len(made) - 1) // 2] if split else made, self._out_b)
                state = "BROKEN" if self._out_b[0] else "active"
                if split:
                    state += ", split over %d constraints" % ((len(made) - 1) // 2 + 1)
            written = repr(c.expression()) + " " + c._op + " 0"
            if state.startswith("BROKEN"):
                infeasible.append(written)
            if c._priority < 1000.0:
                x = c._constant + sum(k * values.get(id(v), 0.0) for v, k in zip(c._variables, c._coefficients))
                error = abs(x) if c._op == "==" else (max(x, 0.0) if c._op == "<=" else max(-x, 0.0))
                errors[c._priority] = errors.get(c._priority, 0.0) + error * c._strength
            constraints.append("%s | strength = %g -> priority %g [%s]%s" % (
                written, c._strength, c._priority, state, " (VIOLATED)" if c.violated() else ""))
        lines = ["Objective", "---------",
                 "strict levels, highest first: the optional constraints' strength * error at each priority (edits not counted)"]
        lines += ["priority %g: %g" % (p, errors[p]) for p in sorted(errors, reverse=True)]
        lines += ["", "Tableau", "-------",
                  "inside Brace context %s (the C ABI does not expose it)" % ffi.cast("void *", ctx)]
        lines += ["", "Infeasible", "----------"] + infeasible
        lines += ["", "Variables", "---------"] + variables
        lines += ["", "Edit Variables", "--------------"]
        for v, s in self._edits.values():
            lines.append("%s | strength = %g -> priority %g, weight %g" % (v._name or "<unnamed>", s, _LEVEL, weight_of(s)))
        lines += ["", "Constraints", "-----------"] + constraints
        return "\n".join(lines) + "\n"

    def dump(self):
        print(self.dumps())


# The types kiwisolver's messages name as 'kiwisolver.<name>' (_type_name).
_KIWI_TYPES = (Variable, Term, Expression, Constraint, Solver)
