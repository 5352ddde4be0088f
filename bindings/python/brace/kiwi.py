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
required conflict is refused, which kiwi reports as UnsatisfiableConstraint), or
brace_constraint_add_on_variables_weighted for an optional one with its weight; edits are
brace_context_add_edit / suggest_value / remove_edit.

Strengths: kiwi adds weighted errors (strong = 1e6, medium = 1e3, weak = 1) into one
objective. Here every optional strength shares one Brace priority (500) and weighs its
errors by `weight_of(strength)` (a constraint's weight: strength / 1000), so the
solver minimizes kiwi's objective; required stays 1000. See docs/python-kiwi.md.
"""

from __future__ import annotations

import math

from . import _kiwi
from ._native import _strip_c_name, ffi, lib, check, error, last_error

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


def _unsatisfiable(constraint, report):
    """The exception to raise. Made here, not in a local of the raising frame: a local
    would hold the exception whose traceback holds that frame, a cycle that kept the
    Solver (and its Brace context) alive until the next garbage collection."""
    exc = UnsatisfiableConstraint(constraint)
    exc.report = report
    return exc


# ---------------------------------------------------------------- strengths

_REQUIRED = 1001001000.0


def _clip(v):
    # kiwi's max(0, min(1000, v)): NaN fails both tests of min and max, so it is 1000.
    return 0.0 if v < 0.0 else (1000.0 if not v <= 1000.0 else v)


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
        a, b, c, w = _kiwi.number(a), _kiwi.number(b), _kiwi.number(c), _kiwi.number(w)
        return _clip(a * w) * 1000000.0 + _clip(b * w) * 1000.0 + _clip(c * w)


strength = _Strength()


priority_of = _kiwi.priority_of
weight_of = _kiwi.weight_of


# ---------------------------------------------------------------- symbolics

# In C (brace/_kiwi.c): the operators alone cost more in pure Python than kiwisolver's
# C++ spends on a whole operation (docs/python-kiwi.md).
Variable = _kiwi.Variable
Term = _kiwi.Term
Expression = _kiwi.Expression
Constraint = _kiwi.Constraint


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
_UNSATISFIABLE = lib.BRACE_E_UNSATISFIABLE


def _refuse_non_finite(constraint):
    """UnsatisfiableConstraint for a constraint with a NaN or infinite coefficient or
    constant, at any strength: no finite values satisfy it. kiwisolver 1.5.1 has no
    error for these: it accepts them, and its solver then gives NaN values, refuses
    valid constraints or aborts the process (docs/python-kiwi.md)."""
    isfinite = math.isfinite
    bad = [(v, k) for v, k in zip(constraint._variables, constraint._coefficients) if not isfinite(k)]
    if bad or not isfinite(constraint._constant):
        raise _unsatisfiable(constraint, (
            "the coefficient of %s is %r" % (bad[0][0].name() or "<unnamed>", bad[0][1]) if bad
            else "the constant is %r" % constraint._constant) +
            ": a constraint needs finite numbers (no finite values satisfy it otherwise)")


class _Buffers:
    """One solver's cffi buffers for the cold paths (its `_cold`)."""

    __slots__ = ("terms", "out_c", "out_v", "out_b", "out_d")

    def __init__(self):
        self.terms = ffi.new("brace_term[]", _MAX_TERMS)
        for i in range(_MAX_TERMS):
            self.terms[i].attribute = _NONE
        self.out_c = ffi.new("brace_constraint *")
        self.out_v = ffi.new("brace_variable *")
        self.out_b = ffi.new("bool *")
        self.out_d = ffi.new("double *")


class _SolverMethods:
    """kiwisolver.Solver on one Brace context. The frequent calls (addConstraint,
    removeConstraint, hasConstraint, add/remove/hasEditVariable, suggestValue,
    updateVariables) are brace/_kiwi.c's; what is here is their rare cases."""

    # Solver is _kiwi.Solver itself, these methods set on it below: a Python subclass
    # would make Solver() cost 0.045 µs against kiwisolver's 0.032 (the C type alone:
    # 0.031). The C side makes the Brace context at the first call that needs one (with
    # _on_diagnostic as its callback, or takes the spare one), empties it on reset() and
    # when the solver is freed (brace_context_reset: the spare for the next solver), and
    # pops its _REPORTS entry then.

    @property
    def _ctx(self):
        return ffi.cast("brace_context *", self._address)

    def _check(self, status, call):
        """Raises the exception for a failed engine call made in `call` (the C side's
        errors: "Solver.suggestValue()")."""
        if status != 0:
            raise error(self._ctx, status, call)

    def _buffers(self):
        """The cold paths' cffi buffers, made on first use."""
        b = self._cold
        if b is None:
            b = self._cold = _Buffers()
        return b

    def _create_linear(self, handles, coeffs, rel, constant, priority, made, weight=1.0):
        ctx = self._ctx
        b = self._buffers()
        terms = b.terms
        n = len(handles)
        for i in range(n):
            t = terms[i]
            t.item = handles[i]
            t.coefficient = coeffs[i]
        check(ctx, lib.brace_constraint_create_linear(ctx, terms, n, rel, constant, b.out_c))
        h = b.out_c[0]
        made.append(h)
        if priority != 1000.0:
            check(ctx, lib.brace_constraint_set_priority(ctx, h, priority))
            if weight != 1.0:
                check(ctx, lib.brace_constraint_set_weight(ctx, h, weight))
        check(ctx, lib.brace_constraint_activate(ctx, h))
        return h

    def _aux_variable(self):
        out = self._buffers().out_v
        check(self._ctx, lib.brace_variable_create(self._ctx, out))
        return out[0]

    # -- constraints: the rare cases of addConstraint and removeConstraint

    def _add_failed(self, constraint, status):
        """Raises what a refused brace_constraint_add_on_variables means."""
        _refuse_non_finite(constraint)
        if status == _UNSATISFIABLE:
            # The engine's text without the C function's name, as every error of the package
            raise _unsatisfiable(constraint, _strip_c_name(last_error(self._ctx)))
        self._check(status, "Solver.addConstraint()")

    def _add_cold(self, constraint):
        """A constraint over no variable or over more than 64: what addConstraint keeps
        for it (a tuple: () for none, else _add_split's)."""
        _refuse_non_finite(constraint)
        if not constraint._variables:
            # No variable: 0 OP constant. kiwi accepts a satisfied one and refuses a
            # required contradiction; an optional one changes nothing.
            rel = constraint._rel
            constant = -constraint._constant
            ok = (abs(constant) < 1.0e-8 if rel == 0 else (0.0 <= constant if rel == -1 else 0.0 >= constant))
            if constraint._priority == 1000.0 and not ok:
                raise UnsatisfiableConstraint(constraint)
            return ()
        return tuple(self._add_split(constraint))

    def _add_split(self, constraint):
        """Brace takes 64 terms per constraint: a longer one sums chunks of 63 terms in
        auxiliary variables (required a_k == sum(chunk)), chunks of those again while
        more than 64 are left (a tree: any size), then relates the last level. Returns
        the defining constraints, the constraint itself, then the auxiliary variables."""
        b = self._buffers()
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
            h = self._create_linear(handles, cs, constraint._rel, -constraint._constant, constraint._priority, made,
                                    weight_of(constraint._strength))
            if constraint._priority == 1000.0:
                lib.brace_constraint_is_broken(self._ctx, h, b.out_b)
                if b.out_b[0]:
                    report = _REPORTS.pop(self._address, "") or _strip_c_name(last_error(self._ctx))
                    raise _unsatisfiable(constraint, report)
        except BaseException:
            for c in reversed(made):
                lib.brace_constraint_destroy(self._ctx, c)
            for a in aux:
                lib.brace_variable_destroy(self._ctx, a)
            raise
        return made + aux

    def _remove_cold(self, made):
        """Frees what _add_split made."""
        ctx = self._ctx
        n = (len(made) - 1) // 2 + 1  # constraints: chunks + 1; then len(chunks) aux variables
        for c in made[:n]:
            self._check(lib.brace_constraint_destroy(ctx, c), "Solver.removeConstraint()")
        for a in made[n:]:
            self._check(lib.brace_variable_destroy(ctx, a), "Solver.removeConstraint()")

    def reset(self):
        """Forget every constraint, edit and variable (an emptied Brace context)."""
        self._release()  # refused (changing nothing) inside a call of this solver

    # -- debugging

    def dumps(self):
        """The solver's state in kiwisolver's sections. Brace keeps its tableau inside
        the engine (the C ABI does not expose it), so "Objective" lists each priority
        level's strength-weighted error (kiwi's objective) at the engine's current values, "Tableau" says where the state
        is, and "Infeasible" lists the required constraints Brace reports broken."""
        b = self._buffers()
        ctx = self._ctx
        values = {}
        variables = []
        for v, h in zip(self._var_objs, self._var_handles):
            lib.brace_variable_get_value(ctx, h, b.out_d)
            values[id(v)] = b.out_d[0]
            variables.append("%s = %r  (brace variable 0x%x)" % (v.name() or "<unnamed>", b.out_d[0], h))
        errors = {}
        infeasible = []
        constraints = []
        for c, made in self._cns:
            state = "no variables" if not made else ""
            if made:
                split = type(made) is not int
                lib.brace_constraint_is_broken(ctx, made[(len(made) - 1) // 2] if split else made, b.out_b)
                state = "BROKEN" if b.out_b[0] else "active"
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
        for v, s in self._edits:
            lines.append("%s | strength = %g -> priority %g, weight %g" % (v.name() or "<unnamed>", s, priority_of(s), weight_of(s)))
        lines += ["", "Constraints", "-----------"] + constraints
        return "\n".join(lines) + "\n"

    def dump(self):
        print(self.dumps())


Solver = _kiwi.Solver
Solver.__doc__ = _SolverMethods.__doc__
for _name, _value in vars(_SolverMethods).items():
    if not _name.startswith("__"):
        setattr(Solver, _name, _value)
del _name, _value


_kiwi._setup({name: int(ffi.cast("uintptr_t", getattr(lib, name))) for name in (
    "brace_constraint_add_on_variables", "brace_constraint_add_on_variables_weighted",
    "brace_constraint_destroy",
    "brace_variable_create", "brace_variables_get_values", "brace_context_add_edit",
    "brace_context_set_edit_weight", "brace_context_suggest_value", "brace_context_remove_edit",
    "brace_context_destroy", "brace_context_create", "brace_context_reset",
    "brace_context_set_diagnostic_callback")} | {
    "on_diagnostic": int(ffi.cast("uintptr_t", _on_diagnostic))}, {
    "DuplicateConstraint": DuplicateConstraint, "UnknownConstraint": UnknownConstraint,
    "DuplicateEditVariable": DuplicateEditVariable, "UnknownEditVariable": UnknownEditVariable,
    "BadRequiredStrength": BadRequiredStrength, "Solver": Solver, "_REPORTS": _REPORTS})
