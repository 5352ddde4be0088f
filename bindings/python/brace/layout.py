"""Constraint layout: anchors, constraints, free variables.

    a.leading == b.trailing + 8          # item1.attr1 == 1 * item2.attr2 + 8
    a.width >= 44                        # a constant constraint
    a.height == b.height * 0.5
    (a.width == 100) @ 750               # the same constraint at priority 750
    2 * x + y - 3 >= 0                   # a linear constraint (brace_constraint_create_linear)

Comparisons create INACTIVE constraints (as UIKit's anchor API does): pass them to
:func:`activate` (one C call for the batch) or set ``c.active = True``.

Conflicts: the C ABI activates an unsatisfiable required constraint "broken" (BRACE_OK,
brace_constraint_is_broken answers true, a diagnostic describes the conflict). With a
strict Context (the default) :func:`activate` turns that into
:class:`~brace.errors.UnsatisfiableConstraints`: ``.constraints`` is the conflicting set
the engine's report lists (as Constraint wrappers, generated ones included), ``.broken``
the ones of this call that were broken, and the message is the engine's report. The
broken ones are deactivated again before raising (the solver is as before them; the rest
of the batch stays active). A
Context(strict=False) keeps UIKit's behavior: the constraint stays active and broken
(``constraint.broken``), nothing is raised.

Lifetimes: a Constraint wrapper that goes away while its constraint is inactive destroys
it; an active constraint stays in the engine (the views hold it, as in UIKit) and is
reachable again through ``view.constraints``.
"""

from __future__ import annotations

import sys
import warnings
import weakref
from numbers import Real

from . import _attributes, _constants, errors
from ._attributes import c_text_or_null, text_or_none
from ._names import did_you_mean, snake
from ._native import ffi, lib, warning_stacklevel
from .geometry import _num

TYPE_CHECKING = False  # (typing is slow to import; only type checkers read this)
if TYPE_CHECKING:  # the views build on this module, not the reverse
    from typing import Iterable, Optional

    from .core import Context

_RELATIONS = {"==": lib.BRACE_RELATION_EQUAL, "<=": lib.BRACE_RELATION_LESS_EQUAL,
              ">=": lib.BRACE_RELATION_GREATER_EQUAL}
_REL_NAMES = {v: k for k, v in _RELATIONS.items()}

_ATTR_NAMES = {
    lib.BRACE_ATTR_NONE: "", lib.BRACE_ATTR_LEFT: "left", lib.BRACE_ATTR_RIGHT: "right",
    lib.BRACE_ATTR_TOP: "top", lib.BRACE_ATTR_BOTTOM: "bottom", lib.BRACE_ATTR_LEADING: "leading",
    lib.BRACE_ATTR_TRAILING: "trailing", lib.BRACE_ATTR_WIDTH: "width", lib.BRACE_ATTR_HEIGHT: "height",
    lib.BRACE_ATTR_CENTER_X: "center_x", lib.BRACE_ATTR_CENTER_Y: "center_y",
    lib.BRACE_ATTR_LAST_BASELINE: "last_baseline", lib.BRACE_ATTR_FIRST_BASELINE: "first_baseline",
    lib.BRACE_ATTR_LEFT_MARGIN: "left_margin", lib.BRACE_ATTR_RIGHT_MARGIN: "right_margin",
    lib.BRACE_ATTR_TOP_MARGIN: "top_margin", lib.BRACE_ATTR_BOTTOM_MARGIN: "bottom_margin",
    lib.BRACE_ATTR_LEADING_MARGIN: "leading_margin", lib.BRACE_ATTR_TRAILING_MARGIN: "trailing_margin",
    lib.BRACE_ATTR_CENTER_X_WITHIN_MARGINS: "center_x_within_margins",
    lib.BRACE_ATTR_CENTER_Y_WITHIN_MARGINS: "center_y_within_margins",
}


# ---------------------------------------------------------------- expressions


class Expression:
    """sum(coefficient * term) + constant; a term is (owner, handle, attribute), owner
    being a View/LayoutGuide or a Variable."""

    __slots__ = ("terms", "constant")
    __hash__ = None

    def __init__(self, terms=None, constant=0.0):
        self.terms = dict(terms or {})  # key (handle, attr) -> [owner, coefficient]
        self.constant = float(constant)

    @staticmethod
    def of(x) -> "Expression":
        if isinstance(x, Expression):
            return x
        if isinstance(x, (Anchor, Variable)):
            return x._expr()
        if isinstance(x, Real) and not isinstance(x, bool):
            return Expression(constant=float(x))
        raise TypeError("cannot use %r in a constraint expression" % (x,))

    def _copy(self):
        return Expression({k: [o, c] for k, (o, c) in self.terms.items()}, self.constant)

    def __add__(self, other):
        o = _operand(other)
        if o is None:
            return NotImplemented
        r = self._copy()
        for k, (owner, c) in o.terms.items():
            if k in r.terms:
                r.terms[k][1] += c
            else:
                r.terms[k] = [owner, c]
        r.constant += o.constant
        return r

    __radd__ = __add__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        o = _operand(other)
        return NotImplemented if o is None else self + (-o)

    def __rsub__(self, other):
        o = _operand(other)
        return NotImplemented if o is None else o + (-self)

    def __mul__(self, k):
        if not isinstance(k, Real) or isinstance(k, bool):
            return NotImplemented
        return Expression({key: [o, c * k] for key, (o, c) in self.terms.items()}, self.constant * k)

    __rmul__ = __mul__

    def __truediv__(self, k):
        if not isinstance(k, Real) or isinstance(k, bool):
            return NotImplemented
        return self * (1.0 / k)

    def __eq__(self, other):
        return _make(self, lib.BRACE_RELATION_EQUAL, other)

    def __le__(self, other):
        return _make(self, lib.BRACE_RELATION_LESS_EQUAL, other)

    def __ge__(self, other):
        return _make(self, lib.BRACE_RELATION_GREATER_EQUAL, other)

    def __repr__(self):
        parts = ["%g*%s" % (c, _term_name(o, a)) for (h, a), (o, c) in self.terms.items()]
        if self.constant or not parts:
            parts.append("%g" % self.constant)
        return " + ".join(parts)


def _operand(x) -> Optional[Expression]:
    """x as an Expression, None when it cannot be one (the operator answers NotImplemented)."""
    try:
        return Expression.of(x)
    except TypeError:
        return None


def _term_name(owner, attr):
    """"email.width": a view by its identifier (its handle when it has none), as
    constraints read back from the engine print."""
    if isinstance(owner, Variable):
        return owner.name or "var0x%x" % owner._handle
    ident = owner.identifier if owner.alive else None
    return "%s.%s" % (ident or "0x%x" % owner._handle, _ATTR_NAMES.get(attr, attr))


class Anchor(Expression):
    """One attribute of a view or layout guide: an expression with a single term."""

    __slots__ = ("item", "attribute", "name")

    def __init__(self, item, attribute, name=None):
        Expression.__init__(self, {(item._handle, attribute): [item, 1.0]}, 0.0)
        self.item = item
        self.attribute = attribute
        self.name = name or _ATTR_NAMES.get(attribute, str(attribute))

    def _expr(self):
        return self._copy()

    def __repr__(self):
        return "<Anchor %r.%s>" % (self.item, self.name)


class Variable(Expression, _attributes.HandleWrapper):
    """A free variable (brace_variable) for linear constraints; ``value`` is solved."""

    __slots__ = ("_ctx", "_handle", "name", "_finalizer", "__weakref__")

    def __init__(self, ctx: Context, name: Optional[str] = None):
        out = ffi.new("brace_variable *")
        ctx._call(lib.brace_variable_create, out)
        self._ctx = ctx
        self._handle = out[0]
        self.name = name
        Expression.__init__(self, {(self._handle, lib.BRACE_ATTR_NONE): [self, 1.0]}, 0.0)
        self._finalizer = weakref.finalize(self, _release_variable, ctx._state, self._handle)
        _variables_of(ctx)[self._handle] = self

    def _expr(self):
        return self._copy()

    @property
    def value(self) -> float:
        return self._get(lib.brace_variable_get_value, "double")

    def destroy(self):
        self._c(lib.brace_variable_destroy)
        self._finalizer.detach()

    def __repr__(self):
        return "<Variable %s>" % (self.name or hex(self._handle))


_RELATION_TEXT = {lib.BRACE_RELATION_LESS_EQUAL: "<=", lib.BRACE_RELATION_EQUAL: "==",
                  lib.BRACE_RELATION_GREATER_EQUAL: ">="}


def _variables_of(ctx) -> "weakref.WeakValueDictionary":
    """handle -> Variable, for the variables this context's Python side made."""
    reg = ctx.__dict__.get("_variables")
    if reg is None:
        reg = ctx.__dict__["_variables"] = weakref.WeakValueDictionary()
    return reg


def _release_variable(state, handle):
    if state.alive:
        lib.brace_variable_destroy(state.ptr, handle)  # refused while used: fine


# ---------------------------------------------------------------- constraints


def _context_of_terms(terms) -> Context:
    for owner, _c in terms.values():
        return owner._ctx if isinstance(owner, Variable) else owner.context
    raise ValueError("a constraint needs at least one view, guide or variable")


def _make(lhs, relation, rhs) -> "Constraint":
    # A TypeError here, not NotImplemented: `anchor == view` must not quietly fall back
    # to an identity comparison answering False.
    rhs_e = Expression.of(rhs)
    lhs_e = Expression.of(lhs)
    # The usual form: one unit term on the left (a view attribute), at most one on the right.
    if isinstance(lhs, Anchor) and lhs_e.constant == 0 and len(rhs_e.terms) <= 1:
        rterms = list(rhs_e.terms.items())
        if not rterms:
            return Constraint._create(lhs.item, lhs.attribute, relation, None, lib.BRACE_ATTR_NONE,
                                      0.0, rhs_e.constant)
        (h2, a2), (o2, c2) = rterms[0]
        if not isinstance(o2, Variable) and c2 != 0:
            return Constraint._create(lhs.item, lhs.attribute, relation, o2, a2, c2, rhs_e.constant)
    diff = lhs_e - rhs_e
    return Constraint._create_linear(diff, relation, -diff.constant)


class Constraint(_attributes.HandleWrapper):
    """A brace_constraint. Created inactive and required."""

    __slots__ = ("_ctx", "_handle", "_finalizer", "_items", "_written", "__weakref__")

    @classmethod
    def _wrap(cls, ctx: Context, handle: int, items=()):
        c = ctx._constraints.get(handle)
        if c is not None:
            return c
        c = cls.__new__(cls)
        c._ctx = ctx
        c._handle = handle
        c._items = tuple(items)
        c._written = None  # how Python wrote it, when created here: see formula
        ctx._constraints[handle] = c
        c._finalizer = weakref.finalize(c, _release_constraint, ctx._state, handle)
        return c

    @classmethod
    def _create(cls, item1, attr1, relation, item2, attr2, multiplier, constant):
        ctx = item1.context
        if item2 is not None and item2.context is not ctx:
            raise errors.ForeignHandle("the items belong to different contexts", "BRACE_E_FOREIGN_HANDLE")
        out = ffi.new("brace_constraint *")
        ctx._call(lib.brace_constraint_create, item1._handle, attr1, relation,
                  item2._handle if item2 is not None else 0, attr2, float(multiplier), float(constant), out)
        c = cls._wrap(ctx, out[0], (item1, item2) if item2 is not None else (item1,))
        c._written = (item1, attr1, relation, item2, attr2, multiplier, constant)
        return c

    @classmethod
    def _create_linear(cls, expr: Expression, relation, constant):
        terms = [(h, a, o, c) for (h, a), (o, c) in expr.terms.items() if c != 0]
        if not terms:
            raise ValueError("a constraint needs at least one term with a non-zero coefficient")
        ctx = _context_of_terms(expr.terms)
        buf = ffi.new("brace_term[]", len(terms))
        for i, (h, a, o, c) in enumerate(terms):
            octx = o._ctx if isinstance(o, Variable) else o.context
            if octx is not ctx:
                raise errors.ForeignHandle("the terms belong to different contexts", "BRACE_E_FOREIGN_HANDLE")
            buf[i].item = h
            buf[i].attribute = a
            buf[i].coefficient = c
        out = ffi.new("brace_constraint *")
        ctx._call(lib.brace_constraint_create_linear, buf, len(terms), relation, float(constant), out)
        c = cls._wrap(ctx, out[0], tuple(t[2] for t in terms))
        c._written = (terms, relation, constant)
        return c

    @property
    def formula(self) -> Optional[str]:
        """"lhs REL rhs" as written in Python ("a.width == 0.5*b.width + 3"), views by
        their identifiers as they are now; None for a constraint not made here."""
        w = self._written
        if w is None:
            return None
        if len(w) == 3:
            terms, relation, constant = w
            return "%s %s %g" % (" + ".join("%g*%s" % (t[3], _term_name(t[2], t[1])) for t in terms),
                                 _REL_NAMES[relation], constant + 0.0)  # + 0.0: -0 prints as 0
        item1, attr1, relation, item2, attr2, multiplier, constant = w
        rhs = ("%g" % constant) if item2 is None else "%s%s%s" % (
            "" if multiplier == 1 else "%g*" % multiplier, _term_name(item2, attr2),
            "" if constant == 0 else (" + %g" % constant if constant > 0 else " - %g" % -constant))
        return "%s %s %s" % (_term_name(item1, attr1), _REL_NAMES[relation], rhs)

    # Constraints compare by identity (== on anchors builds constraints).
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __matmul__(self, priority):
        """``c @ 750``: set the priority, answer the constraint."""
        self.priority = priority
        return self

    # -- properties (constant, priority, identifier, broken: _CONSTRAINT_ATTRIBUTES below)

    def named(self, identifier: str) -> "Constraint":
        self.identifier = identifier
        return self

    @property
    def active(self) -> bool:
        return bool(self._get(lib.brace_constraint_is_active, "bool"))

    @active.setter
    def active(self, on):
        if on:
            activate([self])
        else:
            deactivate([self])

    @property
    def items(self) -> tuple:
        """The views and guides the constraint relates (from its terms when it was not
        made here: returned by view.constraints or visual_format, or generated)."""
        if not self._items:
            self._items = tuple(dict.fromkeys(
                item for item, attr, _ in self._read_terms()[0] if attr and not isinstance(item, int)))
        return self._items

    def _read_terms(self):
        buf = ffi.new("brace_term[64]")
        n = ffi.new("size_t *")
        rel = ffi.new("brace_relation *")
        k = ffi.new("double *")
        self._c(lib.brace_constraint_get_terms, buf, 64, n, rel, k)
        ctx = self._ctx
        out = []
        for i in range(min(n[0], 64)):
            t = buf[i]
            if t.attribute == lib.BRACE_ATTR_NONE:
                item = _variables_of(ctx).get(t.item, t.item)  # a Variable, or its handle
            else:
                item = ctx.view_for_handle(t.item) if ctx.is_alive(t.item) else t.item
            out.append((item, _ATTR_NAMES.get(t.attribute, str(t.attribute)), t.coefficient))
        return out, _RELATION_TEXT[rel[0]], k[0]

    def _terms_text(self) -> str:
        """The terms as text: 'email.width - 1 * password.width == 0' style, items by identifier."""
        terms, rel, k = self._read_terms()
        parts = []
        for item, attr, c in terms:
            if isinstance(item, Variable):
                name = item.name or "0x%x" % item._handle
            elif isinstance(item, int):
                name = "0x%x" % item
            else:  # a view or guide
                name = (item.identifier if item.alive else None) or "0x%x" % item._handle
            term = name + ("." + attr if attr else "")
            coef = "" if abs(c) == 1 else "%g * " % abs(c)
            sign = "-" if c < 0 else "+"
            parts.append((sign, coef + term))
        text = ("-" if parts and parts[0][0] == "-" else "") + (parts[0][1] if parts else "0")
        for sign, t in parts[1:]:
            text += " %s %s" % (sign, t)
        return "%s %s %g" % (text, rel, k)

    @property
    def terms(self) -> list:
        """What the constraint says, as brace_constraint_get_terms reads it:
        sum(coefficient * item.attribute) ``relation`` ``constant``, a list of
        (item, attribute name, coefficient). ``a.leading == b.trailing + 8`` reads
        [(a, "leading", 1.0), (b, "trailing", -1.0)], "==", 8. An item is a View or
        LayoutGuide (attribute names as in brace.layout), or a Variable (attribute "");
        for generated constraints too."""
        return self._read_terms()[0]

    @property
    def relation(self) -> str:
        """"==", "<=" or ">="."""
        return self._read_terms()[1]

    def destroy(self) -> None:
        self._c(lib.brace_constraint_destroy)
        self._finalizer.detach()

    def __repr__(self):
        try:
            ident = self.identifier
            state = ("active" if self.active else "inactive") + (" broken" if self.broken else "")
            formula = self.formula or self._terms_text()
            return "<Constraint 0x%x%s%s %s @%g>" % (
                self._handle, " %r" % ident if ident else "", " " + formula if formula else "",
                state, self.priority)
        except errors.BraceError:
            return "<Constraint 0x%x destroyed>" % self._handle



# (name, getter, setter or None for read-only, from C, to C, docstring), as the views'.
_CONSTRAINT_ATTRIBUTES = (
    ("constant", lib.brace_constraint_get_constant, lib.brace_constraint_set_constant, float,
     lambda v: _num(v, "constant"), None),
    ("priority", lib.brace_constraint_get_priority, lib.brace_constraint_set_priority, float,
     lambda p: _num(p, "priority"), None),
    ("identifier", lib.brace_constraint_get_identifier, lib.brace_constraint_set_identifier, text_or_none,
     c_text_or_null, None),
    ("broken", lib.brace_constraint_is_broken, None, bool, None, None),
)
_attributes.install(Constraint, _CONSTRAINT_ATTRIBUTES)

def _release_constraint(state, handle):
    if not state.alive:
        return
    b = ffi.new("bool *")
    if lib.brace_constraint_is_active(state.ptr, handle, b) == 0 and not b[0]:
        lib.brace_constraint_destroy(state.ptr, handle)


def _handles_from(ctx: Context, fn, *args) -> list:
    n = ffi.new("size_t *")
    ctx._call(fn, *args, ffi.NULL, 0, n)
    if not n[0]:
        return []
    buf = ffi.new("brace_constraint[]", n[0])
    ctx._call(fn, *args, buf, n[0], n)
    return [buf[i] for i in range(min(n[0], len(buf)))]


def _constraints_from(ctx: Context, fn, *args, owner=None) -> list:
    return [Constraint._wrap(ctx, h) for h in _handles_from(ctx, fn, *args)]


def _flatten(constraints) -> list:
    res = []
    for c in constraints:
        if isinstance(c, Constraint):
            res.append(c)
        elif isinstance(c, (list, tuple, set)):
            res.extend(_flatten(c))
        else:
            raise TypeError("expected Constraint objects, got %r" % (c,))
    return res


def activate(constraints: Iterable[Constraint]) -> list:
    """Activate the constraints in one C call (brace_constraints_activate). Answers the
    list. On a strict context, raises UnsatisfiableConstraints when one of them
    conflicts with the required constraints already there (after deactivating the
    broken ones again)."""
    cs = _flatten(constraints)
    if not cs:
        return cs
    ctx = cs[0]._ctx
    for c in cs:
        if c._ctx is not ctx:
            raise errors.ForeignHandle("activate(): constraints of different contexts", "BRACE_E_FOREIGN_HANDLE")
    buf = ffi.new("brace_constraint[]", [c._handle for c in cs])
    if not ctx.strict:
        ctx._call(lib.brace_constraints_activate, buf, len(cs))
        return cs
    broken_before = set(_handles_from(ctx, lib.brace_context_get_broken_constraints))
    ndiag = len(ctx.diagnostics)
    # The reports wait: when the call raises, the exception carries them instead.
    outer, ctx._held_warnings = ctx._held_warnings, []
    try:
        ctx._call(lib.brace_constraints_activate, buf, len(cs))
        new_broken = set(_handles_from(ctx, lib.brace_context_get_broken_constraints)) - broken_before
    finally:
        held, ctx._held_warnings = ctx._held_warnings, outer
    broken = [c for c in cs if c._handle in new_broken]
    if broken:
        held = [d for d in held if d.kind != lib.BRACE_DIAGNOSTIC_UNSATISFIABLE]
    _warn(ctx, held)
    if broken:
        diags = [d for d in ctx.diagnostics[ndiag:] if d.kind == lib.BRACE_DIAGNOSTIC_UNSATISFIABLE]
        reports = [d.message for d in diags]
        conflicting = _conflicting_set(ctx, diags, broken)
        bbuf = ffi.new("brace_constraint[]", [c._handle for c in broken])
        ctx._call(lib.brace_constraints_deactivate, bbuf, len(broken))
        msg = "Unable to simultaneously satisfy constraints: %d broken (%s)" % (
            len(broken), ", ".join(repr(c) for c in broken))
        if reports:
            msg += "\n" + "\n".join(reports)
        exc = errors.UnsatisfiableConstraints(msg, "BRACE_E_UNSATISFIABLE", conflicting)
        exc.broken = broken
        try:
            raise exc
        finally:
            del exc  # no cycle exception -> traceback -> this frame -> exception
    return cs


def _warn(ctx, diags) -> None:
    """Issues held diagnostics as warnings, or holds them on for an enclosing activate."""
    if ctx._held_warnings is not None:
        ctx._held_warnings.extend(diags)
        return
    for d in diags:
        warnings.warn(errors.DiagnosticWarning(d), stacklevel=warning_stacklevel(sys._getframe(0)))


def _conflicting_set(ctx, diags, broken) -> list:
    """The constraints the unsatisfiable diagnostics list, in their reports' order (the
    ones that were there, then the one broken: the diagnostic lists it first), as
    wrappers; then any broken one they leave out."""
    res = []
    for d in diags:
        hs = d.constraint_handles
        for h in hs[1:] + hs[:1]:
            if _constraint_is_alive(ctx, h):
                c = Constraint._wrap(ctx, h)
                if c not in res:
                    res.append(c)
    for c in broken:
        if c not in res:
            res.append(c)
    return res


def _constraint_is_alive(ctx, handle) -> bool:
    b = ffi.new("bool *")
    return lib.brace_constraint_is_active(ctx._ptr, handle, b) == 0


def deactivate(constraints: Iterable[Constraint]) -> list:
    """Deactivate the constraints in one C call (brace_constraints_deactivate)."""
    cs = _flatten(constraints)
    if not cs:
        return cs
    ctx = cs[0]._ctx
    buf = ffi.new("brace_constraint[]", [c._handle for c in cs])
    ctx._call(lib.brace_constraints_deactivate, buf, len(cs))
    return cs


def _edit_target(item):
    if isinstance(item, Variable):
        return item._handle, lib.BRACE_ATTR_NONE
    if isinstance(item, Anchor):
        return item.item._handle, item.attribute
    raise TypeError("an edit target is an Anchor (view.width...) or a Variable")


#: VFL option name (snake_case) -> BRACE_FORMAT_* value
FORMAT_OPTIONS = {k[len("BRACE_FORMAT_"):].lower(): v for k, v in vars(_constants).items()
                  if k.startswith("BRACE_FORMAT_") and not k.endswith("_MASK")}


def format_option(name) -> Optional[int]:
    """The BRACE_FORMAT_* value of an option name in either spelling scenes and Python
    accept ("align_all_top" or "alignAllTop"), None when it names none."""
    name = str(name)
    return FORMAT_OPTIONS.get(name, FORMAT_OPTIONS.get(snake(name)))


def _format_options(options) -> int:
    """An int, or names ("align_all_top", "alignAllTop"...) of BRACE_FORMAT_*."""
    if isinstance(options, int):
        return options
    if isinstance(options, str):
        options = [options]
    value = 0
    for name in options:
        v = format_option(name)
        if v is None:
            raise ValueError("visual_format(): unknown option %r%s (known: %s)" % (
                name, did_you_mean(str(name), FORMAT_OPTIONS), ", ".join(sorted(FORMAT_OPTIONS))))
        value |= v
    return value


def visual_format(format: str, views: dict, metrics: Optional[dict] = None, options=0) -> list:
    """UIKit's constraints(withVisualFormat:options:metrics:views:) on
    brace_constraints_create_with_visual_format: the constraints of one line of the visual
    format language ("H:|-[a]-[b(==a)]-|"), created inactive, for brace.activate.
    ``views`` and ``metrics`` map names to views and numbers; ``options`` is an int or
    option names, snake_case or camelCase as in scenes ("align_all_center_y" or
    "alignAllCenterY"). A malformed format
    raises the engine's error, whose message quotes the format with a caret under the
    offending character; nothing is created then."""
    if not views:
        raise ValueError("visual_format() needs at least one view")
    ctx = next(iter(views.values())).context
    metrics = metrics or {}
    keep = []  # the C strings live until the call returns

    def cstrings(names):
        arr = ffi.new("const char *[]", max(1, len(names)))
        for i, n in enumerate(names):
            b = ffi.new("char[]", str(n).encode("utf-8"))
            keep.append(b)
            arr[i] = b
        return arr

    vnames, mnames = list(views), list(metrics)
    vs = list(views.values())
    for v in vs:
        if v.context is not ctx:
            raise errors.ForeignHandle("visual_format(): views of different contexts", "BRACE_E_FOREIGN_HANDLE")
    handles = ffi.new("brace_node[]", [v._handle for v in vs])
    values = ffi.new("double[]", [float(metrics[m]) for m in mnames] or [0.0])
    args = (format.encode("utf-8"), _format_options(options), cstrings(vnames), handles, len(vs),
            cstrings(mnames), values, len(mnames))
    count = ffi.new("size_t *")
    ctx._call(lib.brace_constraints_create_with_visual_format, *args, ffi.NULL, 0, count)
    buf = ffi.new("brace_constraint[]", max(1, count[0]))
    ctx._call(lib.brace_constraints_create_with_visual_format, *args, buf, count[0], count)
    return [Constraint._wrap(ctx, buf[i]) for i in range(count[0])]  # items: read from the terms


__all__ = ["Anchor", "Expression", "Variable", "Constraint", "activate", "deactivate", "visual_format"]
