"""Scene files: a tree of views, their strategies and their constraints in one JSON file.

    scene = brace.load_scene("examples/scenes/login.json")
    scene.layout()                      # the update cycle; answers its diagnostics
    scene.views["email"].frame          # Rect(x=108.0, y=186.0, width=247.0, height=36.0)
    scene.layout(size=(320, 568))       # resize the root and lay out again
    scene.problems()                    # what `brace check` reports

The format is documented in docs/scenes.md and, field by field, by the JSON Schema
at the package's top (``brace/scene.schema.json``, :data:`SCHEMA_PATH`).

Every fault of a scene raises :class:`SceneError`, whose text is
``<file name>: <JSON path>: <problem>`` (``login.json: root.constraints[1]: unknown view
"pasword" (did you mean "password"? ...)``); the loader never lets a traceback of its own
escape for bad input. Loading is all or nothing: on an error the scene's context is
closed before the exception propagates.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from typing import NamedTuple

from .. import _constants
from .._names import camel as _camel, did_you_mean as _did_you_mean, snake as _snake, suggest as _suggest
from .._native import LIBRARY_PATH
from ..core import Autoresizing, Context, DiagnosticKind, Size, View, handle_info
from ..errors import BraceError, NotFound, UnsatisfiableConstraints
from ..layout import _ATTR_NAMES, FORMAT_OPTIONS, Anchor, Expression, activate, format_option, visual_format

__all__ = ["load_scene", "Scene", "SceneError", "Problem", "SCHEMA_PATH", "DEFAULT_SIZE"]

#: The JSON Schema of the format (draft 2020-12), shipped at the package's top, where the
#: example scenes' "$schema" points.
SCHEMA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scene.schema.json")

#: The root's size when a scene gives none: a 4.7-inch phone in portrait, in points.
DEFAULT_SIZE = (375.0, 667.0)


# ---------------------------------------------------------------- errors


class SceneError(BraceError, ValueError):
    """A scene file that cannot be loaded. ``str(e)`` is ``"<file>: <json path>: <problem>"``.

    ``file``: the file's base name (``"<dict>"`` for a scene given as a dict);
    ``json_path``: where in the document (``root.subviews[2].constraints[0]``, ``$`` for
    the document itself); ``problem``: what is wrong (it may span three lines: the
    faulty constraint and a caret under the offending character).

    It is a :class:`brace.BraceError` (so ``except brace.BraceError`` catches every error
    of Brace) and a :class:`ValueError` (the input is at fault). When the engine refused
    something, ``status`` is the engine's status and ``__cause__`` its exception."""

    status = "BRACE_E_INVALID_ARGUMENT"

    def __init__(self, file: str, json_path: str, problem: str, status: str | None = None):
        self.file = file
        self.json_path = json_path
        self.problem = problem
        BraceError.__init__(self, "%s: %s: %s" % (file, json_path, problem), status)

    def __reduce__(self):
        return (type(self), (self.file, self.json_path, self.problem, self.status))


class Problem(NamedTuple):
    """One thing :meth:`Scene.problems` found. ``kind``: "unsatisfiable", "ambiguous",
    "feedback-loop", "overflow" or "plugin"; ``message``: a readable sentence naming the
    views by identifier; ``views``: the views concerned."""

    kind: str
    message: str
    views: tuple = ()

    def __str__(self):
        return "%s: %s" % (self.kind, self.message)


# ---------------------------------------------------------------- names

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_RESERVED_IDS = ("self", "superview")
_PRIORITY_WORDS = {"required": 1000.0, "high": 750.0, "low": 250.0}
_RESERVED_METRICS = _RESERVED_IDS + tuple(_PRIORITY_WORDS)


#: attribute name (snake_case, camelCase, "baseline") -> brace_attribute
_ATTRIBUTES = {}
for _code, _name in _ATTR_NAMES.items():
    if _name:
        _ATTRIBUTES[_name] = _code
        _ATTRIBUTES[_camel(_name)] = _code
_ATTRIBUTES["baseline"] = _ATTRIBUTES["last_baseline"]  # NSLayoutAttributeBaseline
_ATTRIBUTE_NAMES = sorted(n for n in _ATTR_NAMES.values() if n)

_AUTORESIZING = {m.name.lower(): m for m in Autoresizing if m.name not in ("NONE", "ALL")}

_DIRECTIONS = ("inherit", "ltr", "rtl")

_TOP_KEYS = ("$schema", "$comment", "size", "scale", "metrics", "plugins", "root", "constraints", "states")
_VIEW_KEYS = ("$comment", "id", "frame", "intrinsic_size", "strategy", "properties", "child_properties",
              "hidden", "layout_margins", "directional_layout_margins", "hugging", "compression",
              "autoresizing", "autoresizes_subviews", "translates_autoresizing_mask", "direction",
              "baseline_offsets", "subviews", "constraints")
_STATE_KEYS = ("$comment", "constraints", "views")
_STATE_CONSTRAINT_KEYS = ("$comment", "constant", "priority", "active")
_STATE_VIEW_KEYS = ("$comment", "hidden", "frame", "properties", "child_properties")
_VISUAL_KEYS = ("$comment", "visual", "options", "metrics", "id")
_EQUATION_KEYS = ("$comment", "equation", "metrics", "id")

# The stack's spacing sentinels, spelled as words in a scene.
_STACK_SENTINELS = {("spacing", "system"): _constants.BRACE_STACK_SPACING_USE_SYSTEM,
                    ("spacing_after", "system"): _constants.BRACE_STACK_SPACING_USE_SYSTEM,
                    ("spacing_after", "default"): _constants.BRACE_STACK_SPACING_USE_DEFAULT}


def _fmt(x) -> str:
    """A number as a scene author wrote it: 12, 0.5, NaN, Infinity."""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        if abs(x) >= 10 ** 21:  # 1e+400, not 401 digits (nor str(), which refuses 4300)
            a = abs(x)
            e = int((a.bit_length() - 1) * math.log10(2))
            while 10 ** (e + 1) <= a:
                e += 1
            while 10 ** e > a:
                e -= 1
            return "%s%de+%d" % ("-" if x < 0 else "", a // 10 ** e, e)
        return str(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return repr(x)


def _finite_problem(v):
    """None when the number v (int or float, not bool) is a finite double, else the
    end of a message: "NaN", "Infinity", "1e+400 (too large for a double)"."""
    if isinstance(v, int):
        try:
            float(v)
        except OverflowError:  # JSON integers have no limit; doubles do
            return "%s (too large for a double)" % _fmt(v)
        return None
    return None if math.isfinite(v) else _fmt(v)


def _json_type(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "an integer"
    if isinstance(v, float):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (list, tuple)):
        return "an array"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def _show(v) -> str:
    """A value in an error message: its JSON type and, for scalars, the value."""
    if isinstance(v, str):
        return "the string %s" % json.dumps(v)
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, (int, float)):
        return _fmt(v)
    return _json_type(v)


def _unknown(what: str, name: str, known, none: str = "there are none", limit: int = 15,
             owner: str = "") -> str:
    """'unknown view "pasword" (did you mean "password"? known: email, password)'; `owner`
    follows the name ('unknown property "spacng" of strategy "stack" (...)')."""
    known = sorted(set(known))
    hint = _suggest(name, known)
    if not known:
        listing = none
    else:
        listing = "known: " + ", ".join(known[:limit]) + (", ..." if len(known) > limit else "")
    owner = " " + owner if owner else ""
    if hint is not None:
        return 'unknown %s "%s"%s (did you mean "%s"? %s)' % (what, name, owner, hint, listing)
    return 'unknown %s "%s"%s (%s)' % (what, name, owner, listing)


def _engine_text(exc: BaseException) -> str:
    """The engine's message without the call's name ('View.frame = ...: '): a scene
    error names the place in the file instead."""
    return getattr(exc, "detail", None) or str(exc)


def _caret(text: str, pos: int) -> str:
    pad = "".join("\t" if ch == "\t" else " " for ch in text[:pos])
    return "%s\n%s^" % (text, pad)


def _key(path: str, k: str) -> str:
    return k if path == "$" else "%s.%s" % (path, k)


#: A view's name in the engine's dumps: (node SLOT:GEN).
_DUMP_NODE = re.compile(r"\(node (\d+:\d+)\)>")


# ---------------------------------------------------------------- JSON


class _Object(dict):
    """A JSON object that remembers the keys it saw twice."""

    __slots__ = ("duplicates",)


def _pairs(pairs):
    d = _Object()
    d.duplicates = []
    for k, v in pairs:
        if k in d:
            d.duplicates.append(k)
        d[k] = v
    return d


def _parse_json(text: str, file: str):
    try:
        return json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as e:
        line = text.splitlines()[e.lineno - 1] if text.splitlines()[e.lineno - 1:e.lineno] else ""
        problem = "invalid JSON at line %d, column %d: %s" % (e.lineno, e.colno, e.msg)
        if line.strip():
            problem += "\n" + _caret(line, e.colno - 1)
        raise SceneError(file, "$", problem) from None
    except RecursionError:
        raise SceneError(file, "$", "invalid JSON: nested too deeply") from None
    except ValueError as e:  # an integer past sys.get_int_max_str_digits() (Python 3.11+)
        m = re.search(r"value has (\d+) digits", str(e))
        limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
        what = "a number has %s digits, more than the %d the parser reads" % (m.group(1), limit) if m else str(e)
        raise SceneError(file, "$", "invalid JSON: %s" % what) from None


def _lone_surrogate(text: str):
    """The first character of ``text`` that UTF-8 cannot carry (JSON's "\\ud800"), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return text[e.start]
    return None


def _check_text(data, file: str) -> None:
    """A SceneError at the first string (value or key) holding a lone surrogate: valid
    JSON, but the engine takes UTF-8. Iterative, as the view tree may be deep."""
    todo = [(data, "$")]
    while todo:
        v, path = todo.pop()
        if isinstance(v, str):
            bad = _lone_surrogate(v)
            if bad is not None:
                raise SceneError(file, path, "the text holds a lone surrogate (U+%04X), which UTF-8 cannot "
                                 "carry" % ord(bad))
        elif isinstance(v, dict):
            for k, x in reversed(list(v.items())):
                if isinstance(k, str) and _lone_surrogate(k) is not None:
                    raise SceneError(file, path, "the key %s holds a lone surrogate (U+%04X), which UTF-8 "
                                     "cannot carry" % (ascii(k), ord(_lone_surrogate(k))))
                todo.append((x, _key(path, k)))
        elif isinstance(v, list):
            todo.extend((x, "%s[%d]" % (path, i)) for i, x in reversed(list(enumerate(v))))


# ---------------------------------------------------------------- equations

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<rel>==|<=|>=)
  | (?P<op>[-+*/().@])
  | (?P<bad>!=|=>|=<|[=<>]|.)
""", re.X)

_FLIP = {"==": "==", "<=": ">=", ">=": "<="}

# Typographic signs that look like the grammar's: what to write instead.
_LOOKALIKES = {"\u2264": ("relation", "<="), "\u2a7d": ("relation", "<="), "\u2265": ("relation", ">="),
               "\u2a7e": ("relation", ">="), "\u2261": ("relation", "=="), "\u2212": ("operator", "-"),
               "\u2013": ("operator", "-"), "\u00d7": ("operator", "*"), "\u22c5": ("operator", "*"),
               "\u00f7": ("operator", "/"), "\u2215": ("operator", "/")}


class _Lin:
    """sum(coefficient * view.attribute) + constant, while parsing an equation."""

    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0.0):
        self.terms = dict(terms or {})  # (handle, attr) -> [view, attr, coefficient]
        self.const = float(const)

    def add(self, other, sign=1.0):
        r = _Lin({k: list(v) for k, v in self.terms.items()}, self.const + sign * other.const)
        for k, (v, a, c) in other.terms.items():
            if k in r.terms:
                r.terms[k][2] += sign * c
            else:
                r.terms[k] = [v, a, sign * c]
        return r

    def scale(self, k):
        return _Lin({key: [v, a, c * k] for key, (v, a, c) in self.terms.items()}, self.const * k)

    def live(self):
        return [(v, a, c) for (v, a, c) in self.terms.values() if c != 0]


class _EquationError(Exception):
    def __init__(self, pos, problem):
        super().__init__(problem)
        self.pos = pos
        self.problem = problem


class _Equation:
    """Parses one equation ("button.top >= password.bottom + 16 @750") into
    (lhs, relation, rhs, priority, views referenced)."""

    def __init__(self, text, resolve_view, metrics):
        self.text = text
        self.resolve_view = resolve_view  # name -> View, raises KeyError with a message
        self.metrics = metrics
        self.tokens = []
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup
            if kind == "ws":
                continue
            if kind == "bad":
                tok = m.group()
                if tok in ("=", "<", ">", "!=", "=>", "=<", "\u2260"):
                    raise _EquationError(m.start(), '"%s" is not a relation: use ==, <= or >=' % tok)
                if tok in _LOOKALIKES:
                    what, ascii_sign = _LOOKALIKES[tok]
                    raise _EquationError(m.start(), '"%s" is not %s %s: write %s'
                                         % (tok, "an" if what == "operator" else "a", what, ascii_sign))
                raise _EquationError(m.start(), 'unexpected character "%s"' % tok)
            self.tokens.append((kind, m.group(), m.start()))
        self.i = 0
        self.views = []

    # -- tokens

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else ("end", "", len(self.text))

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def fail(self, problem, pos=None):
        raise _EquationError(self.peek()[2] if pos is None else pos, problem)

    # -- grammar

    def parse(self):
        if not self.tokens:
            self.fail("empty equation")
        lhs = self.expr()
        kind, tok, pos = self.peek()
        if kind != "rel":
            if kind == "end":
                self.fail("expected ==, <= or >= after the left-hand side")
            self.fail('expected ==, <= or >= here, not "%s"' % tok)
        self.take()
        relation = tok
        rhs = self.expr()
        priority = None
        kind, tok, pos = self.peek()
        if kind == "op" and tok == "@":
            self.take()
            priority = self.priority()
            kind, tok, pos = self.peek()
        if kind == "rel":
            self.fail('unexpected "%s": an equation has one relation' % tok)
        if kind != "end":
            self.fail('unexpected "%s" after the equation' % tok)
        return lhs, relation, rhs, priority

    def expr(self):
        kind, tok, pos = self.peek()
        sign = 1.0
        if kind == "op" and tok in "+-":
            self.take()
            sign = -1.0 if tok == "-" else 1.0
        value = self.term().scale(sign)
        while True:
            kind, tok, pos = self.peek()
            if kind == "op" and tok in "+-":
                self.take()
                value = value.add(self.term(), -1.0 if tok == "-" else 1.0)
            else:
                return value

    def term(self):
        value = self.factor()
        while True:
            kind, tok, pos = self.peek()
            if kind == "op" and tok == "*":
                self.take()
                other = self.factor()
                if value.live() and other.live():
                    self.fail("cannot multiply two view attributes: the equation must be linear", pos)
                value = other.scale(value.const) if not value.live() else value.scale(other.const)
            elif kind == "op" and tok == "/":
                self.take()
                other = self.factor()
                if other.live():
                    self.fail("cannot divide by a view attribute: the equation must be linear", pos)
                if other.const == 0:
                    self.fail("division by zero", pos)
                value = value.scale(1.0 / other.const)
            else:
                return value

    def factor(self):
        kind, tok, pos = self.peek()
        if kind == "num":
            self.take()
            value = float(tok)
            if not math.isfinite(value):  # 1e999
                self.fail("the number %s is too large" % tok, pos)
            return _Lin(const=value)
        if kind == "op" and tok == "(":
            self.take()
            value = self.expr()
            k2, t2, p2 = self.peek()
            if not (k2 == "op" and t2 == ")"):
                self.fail('expected ")" to close the "(" at column %d' % (pos + 1))
            self.take()
            return value
        if kind == "op" and tok in "+-":
            self.take()
            return self.factor().scale(-1.0 if tok == "-" else 1.0)
        if kind == "name":
            self.take()
            k2, t2, p2 = self.peek()
            if k2 == "op" and t2 == ".":
                self.take()
                k3, attr, p3 = self.peek()
                if k3 != "name":
                    self.fail('expected an attribute name after "%s."' % tok)
                self.take()
                try:
                    view = self.resolve_view(tok)
                except KeyError as e:
                    self.fail(e.args[0], pos)
                code = _ATTRIBUTES.get(attr)
                if code is None:
                    self.fail(_unknown("attribute", attr, _ATTRIBUTE_NAMES, limit=25), p3)
                self.views.append(view)
                return _Lin({(view.handle, code): [view, code, 1.0]})
            if tok in self.metrics:
                return _Lin(const=self.metrics[tok])
            try:
                self.resolve_view(tok)
            except KeyError:
                pass
            else:
                self.fail('"%s" is a view: name one of its attributes (%s.width, %s.top, ...)'
                          % (tok, tok, tok), pos)
            self.fail(_unknown("metric", tok, self.metrics, none="the scene has no metrics"), pos)
        if kind == "end":
            self.fail("expected a number, a metric, a view attribute or \"(\" at the end")
        self.fail('expected a number, a metric, a view attribute or "(" here, not "%s"' % tok)

    def priority(self):
        kind, tok, pos = self.peek()
        if kind == "num":
            self.take()
            p = float(tok)
        elif kind == "name" and tok in _PRIORITY_WORDS:
            self.take()
            p = _PRIORITY_WORDS[tok]
        elif kind == "name" and tok in self.metrics:
            self.take()
            p = self.metrics[tok]
        elif kind == "name":
            self.fail(_unknown("metric", tok, self.metrics, none="the scene has no metrics")
                      + '; a priority is a number in 1...1000, a metric, "required", "high" or "low"')
        else:
            self.fail('expected a priority after "@": a number in 1...1000, a metric, '
                      '"required", "high" or "low"')
        if not 1 <= p <= 1000:
            self.fail("priority must be between 1 and 1000, got %s" % _fmt(p), pos)
        return p


def _equation_constraint(lhs: _Lin, relation: str, rhs: _Lin):
    """The constraint for lhs REL rhs: UIKit's form item1.attr1 REL m * item2.attr2 + c
    when the equation has that shape (after moving constants and dividing through),
    else a linear constraint. Answers None with a message when nothing is constrained."""
    lt, rt = lhs.live(), rhs.live()
    if not lt and rt:
        lhs, rhs, lt, rt, relation = rhs, lhs, rt, lt, _FLIP[relation]
    if not lt:
        return None, "an equation needs a view attribute (this one only has numbers)"
    if len(lt) == 1 and len(rt) <= 1 and not (rt and (rt[0][0] == lt[0][0] and rt[0][1] == lt[0][1])):
        v1, a1, k1 = lt[0]
        if k1 < 0:
            relation = _FLIP[relation]
        c = (rhs.const - lhs.const) / k1
        first = Anchor(v1, a1)
        if rt:
            v2, a2, k2 = rt[0]
            second = Anchor(v2, a2) * (k2 / k1) + c
        else:
            second = c
    else:
        diff = lhs.add(rhs, -1.0)
        terms = diff.live()
        if not terms:
            return None, "the view attributes cancel out: nothing is left to constrain"
        first = Expression()
        for v, a, k in terms:
            first = first + Anchor(v, a) * k
        second = -diff.const
    if relation == "==":
        return first.__eq__(second), None
    if relation == "<=":
        return first.__le__(second), None
    return first.__ge__(second), None


# ---------------------------------------------------------------- the scene


class Scene:
    """A loaded scene: its :class:`brace.Context`, views by identifier and constraints.

    ``path`` (the file, or None for a dict), ``context``, ``root``, ``views``
    (identifier -> View, in document order), ``constraints`` (the ones the scene
    created, all activated), ``size`` (the root's current size), ``diagnostics`` (every
    :class:`brace.Diagnostic` since the scene was loaded). Use it as a context manager,
    or call :meth:`close`."""

    def __init__(self):  # built by load_scene
        self.path = None
        self.context = None
        self.root = None
        self.views = {}
        self.constraints = []
        self.diagnostics = []
        self._file = "<dict>"
        self._paths = {}  # handle -> JSON path of the view
        self._written = {}  # constraint handle -> (its line in the file, the line's JSON path)
        self._order = []  # every view of the scene, in document order
        self._laid_out = False
        self._states = {}  # name -> [(JSON path, function, arguments)]

    # -- reading

    @property
    def size(self) -> Size:
        f = self.root.frame
        return Size(f.width, f.height)

    def __getitem__(self, identifier: str) -> View:
        try:
            return self.views[identifier]
        except KeyError:
            raise KeyError(_unknown("view", identifier, self.views)) from None

    def __contains__(self, identifier) -> bool:
        return identifier in self.views

    def name_of(self, view: View) -> str:
        """How messages name a view: '"email"' for one with an identifier, else its
        JSON path in the file ('root.subviews[2]')."""
        ident = view.identifier
        if ident is not None:
            return '"%s"' % ident
        return self._paths.get(view.handle, "node 0x%x" % view.handle)

    def path_of(self, view: View) -> str | None:
        """The JSON path of the view's object in the scene file."""
        return self._paths.get(view.handle)

    # -- states

    @property
    def states(self) -> tuple:
        """The names of the scene's states, in document order."""
        return tuple(self._states)

    def apply_state(self, name: str) -> None:
        """Make the changes the state ``name`` lists (constraint constants, priorities and
        activation, hidden flags, frames, strategy properties), without laying out: call
        :meth:`layout` next, inside an animation to animate them. KeyError (with the known
        names) for an unknown state; SceneError, at the change's JSON path, when the
        engine refuses a change."""
        if name not in self._states:
            raise KeyError(_unknown("state", name, self._states, none="the scene has no states"))
        for path, fn, args in self._states[name]:
            try:
                fn(*args)
            except BraceError as e:
                raise SceneError(self._file, path, _engine_text(e), getattr(e, "status", None)) from e

    # -- layout

    def layout(self, size=None) -> list:
        """Set the root's frame to (0, 0, w, h) when ``size`` is given, run the update
        cycle, and answer the diagnostics emitted during this call."""
        if size is not None:
            w, h = _size_arg(size)
            self.root.frame = (0.0, 0.0, w, h)
        before = len(self.diagnostics)
        self.context.run_update_cycle()
        self._laid_out = True
        return self.diagnostics[before:]

    def problems(self) -> list:
        """What `brace check` reports, as :class:`Problem` objects, in this order: the
        unsatisfiable-constraint, feedback-loop and plugin diagnostics since the scene was
        loaded (one per distinct message), the views whose layout is ambiguous, and the
        visible views sticking out of their superview's bounds by more than 0.5 pt. Lays
        the scene out first if it never was, or has layout pending."""
        if not self._laid_out or int(self.context.pending):
            self.layout()
        kinds = {DiagnosticKind.UNSATISFIABLE: "unsatisfiable",
                 DiagnosticKind.FEEDBACK_LOOP: "feedback-loop",
                 DiagnosticKind.PLUGIN: "plugin"}
        found, seen = [], set()
        for d in self.diagnostics:
            kind = kinds.get(d.kind)
            if kind is None or d.message in seen:
                continue  # AMBIGUOUS reports: the per-view check below covers them
            seen.add(d.message)
            message = self._conflict(d) if kind == "unsatisfiable" else d.message
            found.append(Problem(kind, message, tuple(d.views)))
        dumped = None  # the root's dump, read once: a view's own dump holds its whole subtree
        for view in self._order:
            if view.alive and view.has_ambiguous_layout:
                if dumped is None:
                    dumped = self._ambiguity_lines()
                found.append(Problem("ambiguous", self._ambiguity(view, dumped), (view,)))
        hidden = {}  # handle -> hidden or inside a hidden view: each view asked once
        for view in self._order:
            p = self._overflow(view, hidden)
            if p is not None:
                found.append(p)
        return found

    def _conflict(self, d) -> str:
        """An unsatisfiable report in the scene's words: the constraints as the file
        writes them, with their JSON paths, the broken one last (the engine lists it
        first); the engine's text when it names no constraints."""
        constraints = d.constraints
        if not constraints:
            return d.message
        lines = ["Unable to simultaneously satisfy constraints; these cannot all hold:"]
        lines += ["  " + self._constraint_text(c) for c in constraints[1:] + constraints[:1]]
        lines.append("Broken (it stays active but does not hold): " + self._constraint_text(constraints[0]))
        return "\n".join(lines)

    def _constraint_text(self, c) -> str:
        """'"email.width == 120" (constraints[1])' for a constraint of the file ("H:|[a]"
        lines followed by the one constraint of the line meant), else what it says and
        what made it."""
        terms, relation, constant = c._read_terms()
        sides = ([], [])  # the terms with a positive coefficient, the others moved right
        for item, attr, k in terms:
            if isinstance(item, View):
                name = item.identifier or self._paths.get(item.handle, "node 0x%x" % item.handle)
            else:
                name = getattr(item, "name", None) or "0x%x" % item
            sides[k < 0].append(("" if abs(k) == 1 else "%s*" % _fmt(abs(k))) + name + ("." + attr if attr else ""))
        left, right = sides
        if not left:
            left, right, constant = right, [], -constant
            relation = {"<=": ">=", ">=": "<="}.get(relation, relation)
        rhs = " + ".join(right)
        if constant or not rhs:
            rhs = "%s %s %s" % (rhs, "-" if constant < 0 else "+", _fmt(abs(constant))) if rhs else _fmt(constant)
        said = "%s %s %s" % (" + ".join(left), relation, rhs)
        if c.priority != 1000:
            said += " @%s" % _fmt(c.priority)
        written = self._written.get(c.handle)
        if written is not None:
            text, path = written
            if text.strip() == said or not _is_visual(text):
                return "%s (%s)" % (json.dumps(text), path)
            return "%s (%s): %s" % (json.dumps(text), path, said)
        ident = c.identifier
        if ident is not None and re.match(r"[hv]=", ident):
            return "%s, from %s's frame (translates_autoresizing_mask)" % (
                said, self.name_of(c.items[0]) if c.items else "a view")
        return "%s, made by the engine%s" % (said, " (%s)" % json.dumps(ident) if ident else "")

    def _ambiguity_lines(self) -> dict:
        """{"SLOT:GEN": "AMBIGUOUS LAYOUT for ..."} from the dump of the scene's tree, whose
        lines start <"id" (node SLOT:GEN)> (a scene's ids are identifiers, so the first
        "(node " of a line is its view's)."""
        lines = {}
        for line in self.root.description().splitlines():
            i = line.find("AMBIGUOUS LAYOUT")
            m = _DUMP_NODE.search(line) if i >= 0 else None
            if m is not None:
                lines.setdefault(m.group(1), line[i:].strip())
        return lines

    def _ambiguity(self, view: View, dumped: dict) -> str:
        info = handle_info(view.handle)
        text = dumped.get("%d:%d" % (info.index, info.generation))
        if text is None:
            text = "AMBIGUOUS LAYOUT for %s" % self.name_of(view)
        if view.identifier is None and view.handle in self._paths:
            text += " (%s)" % self._paths[view.handle]
        return text

    @staticmethod
    def _hidden(view: View, known: dict) -> bool:
        """Whether ``view`` or a view above it is hidden, remembering the answer for
        every view on the way up in ``known``, so that a whole tree costs one visit a view."""
        chain, v = [], view
        while v is not None and v.handle not in known:
            chain.append(v)
            v = v.superview
        answer = known[v.handle] if v is not None else False
        for u in reversed(chain):
            answer = answer or u.hidden
            known[u.handle] = answer
        return answer

    def _overflow(self, view: View, hidden: dict):
        if not view.alive:
            return None
        sup = view.superview
        if sup is None or self._hidden(view, hidden):
            return None
        f, b = view.frame, sup.bounds
        sides = []
        for amount, where in ((b.min_x - f.min_x, "on the left"), (f.max_x - b.max_x, "on the right"),
                              (b.min_y - f.min_y, "at the top"), (f.max_y - b.max_y, "at the bottom")):
            if amount > 0.5:
                sides.append("%s pt %s" % (_fmt(round(amount, 2)), where))
        if not sides:
            return None
        text = ", ".join(sides[:-1]) + (" and " if len(sides) > 1 else "") + sides[-1]
        return Problem("overflow", "%s overflows %s by %s" % (self.name_of(view), self.name_of(sup), text),
                       (view, sup))

    # -- lifetime

    def close(self) -> None:
        """Destroy the scene's context (every view and constraint in it). Idempotent."""
        if self.context is not None:
            self.context.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        if self.context is None or self.context.closed:
            return "<brace.Scene %s closed>" % self._file
        w, h = self.size
        return "<brace.Scene %s %sx%s, %d views, %d constraints>" % (
            self._file, _fmt(w), _fmt(h), len(self._order), len(self.constraints))


def _size_arg(size):
    """(w, h), a Size, or "WxH" -> two finite, non-negative floats (ValueError if not)."""
    if isinstance(size, str):
        m = re.fullmatch(r"\s*([0-9.]+)\s*[xX]\s*([0-9.]+)\s*", size)
        if not m:
            raise ValueError("size must be two numbers as (width, height) or 'WxH', not %r" % size)
        size = (m.group(1), m.group(2))
    try:
        w, h = size
        w, h = float(w), float(h)
    except (TypeError, ValueError, OverflowError):
        raise ValueError("size must be two numbers (width, height), not %r" % (size,)) from None
    if not (math.isfinite(w) and math.isfinite(h)) or w < 0 or h < 0:
        raise ValueError("size must be finite and not negative, not %r" % (size,))
    return w, h


# ---------------------------------------------------------------- loading


def load_scene(source, *, size=None, strict: bool = False) -> Scene:
    """Load a scene: a path to a JSON file, or the already-parsed dict.

    ``size`` ((w, h) or "WxH") replaces the file's "size". ``strict``: when True, a
    scene constraint that conflicts with the required constraints before it is an error
    (SceneError at that constraint's line); when False (the default), UIKit's behavior:
    it stays active but broken, and the conflict is a diagnostic
    (``scene.diagnostics``, ``scene.problems()``). The context is always created with
    strict=False and a diagnostics callback. Raises :class:`SceneError` for any fault of
    the scene; the scene is not laid out yet (call :meth:`Scene.layout`)."""
    override = _size_arg(size) if size is not None else None
    if isinstance(source, dict):
        file, path, base = "<dict>", None, os.getcwd()
        data = source
    elif isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        file = os.path.basename(path) or path
        base = os.path.dirname(os.path.abspath(path))
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            raise SceneError(file, "$", "cannot read the file: %s" % (e.strerror or e)) from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise SceneError(file, "$", "cannot read the file: it is not UTF-8 (byte %d)" % e.start) from None
        data = _parse_json(text, file)
    else:
        raise TypeError("load_scene() takes a path or a dict, not %s" % type(source).__name__)
    _check_text(data, file)
    loader = _Loader(file, base, override, strict)
    try:
        scene = loader.load(data)
    except RecursionError:
        raise SceneError(file, "$", "the view tree is nested too deeply") from None
    scene.path = path
    return scene


class _Loader:
    def __init__(self, file, base, size, strict):
        self.file = file
        self.base = base
        self.size_override = size
        self.strict = strict
        self.scene = Scene()
        self.scene._file = file
        self.ids = {}  # identifier -> (View, JSON path)
        self.parent = {}  # handle -> parent View
        self.explicit_translates = {}  # handle -> bool
        self.constraints_children = set()  # handles whose strategy is "constraints"
        self.lines = []  # (the view owning a constraint list, the list, its JSON path)
        self.made = []  # (Constraint, JSON path, views entering constraint layout)

    def fail(self, path, problem, cause=None):
        err = SceneError(self.file, path, problem, getattr(cause, "status", None))
        raise err from cause

    # -- checking JSON values

    def obj(self, v, path, keys, what):
        if not isinstance(v, dict):
            self.fail(path, "%s must be an object, not %s" % (what, _show(v)))
        for k in getattr(v, "duplicates", ()):
            self.fail(path, 'duplicate key "%s"' % k)
        for k in v:
            if k not in keys:
                self.fail(path, _unknown("key", k, keys, limit=len(keys)))
        return v

    def number(self, v, path, what, minimum=None):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self.fail(path, "%s must be a number, not %s" % (what, _show(v)))
        bad = _finite_problem(v)
        if bad is not None:
            self.fail(path, "%s must be a finite number, not %s" % (what, bad))
        if minimum is not None and v < minimum:
            if minimum == 0:
                self.fail(path, "%s must not be negative, got %s" % (what, _fmt(v)))
            self.fail(path, "%s must not be less than %s, got %s" % (what, _fmt(minimum), _fmt(v)))
        return float(v)

    def boolean(self, v, path, what):
        if not isinstance(v, bool):
            self.fail(path, "%s must be true or false, not %s" % (what, _show(v)))
        return v

    def string(self, v, path, what):
        if not isinstance(v, str):
            self.fail(path, "%s must be a string, not %s" % (what, _show(v)))
        return v

    def array(self, v, path, what, length=None):
        if not isinstance(v, (list, tuple)):  # tuples: a scene built in Python
            self.fail(path, "%s must be an array, not %s" % (what, _show(v)))
        if length is not None and len(v) != length:
            self.fail(path, "%s must have %d items, not %d" % (what, length, len(v)))
        return v

    def priority(self, v, path, what):
        p = self.number(v, path, what)
        if not 1 <= p <= 1000:
            self.fail(path, "%s must be between 1 and 1000, got %s" % (what, _fmt(p)))
        return p

    def metrics(self, v, path):
        self.obj(v, path, tuple(v) if isinstance(v, dict) else (), "metrics")
        out = {}
        for name, value in v.items():
            if not isinstance(name, str):  # a dict built in Python
                self.fail(path, "a metric name must be a string, not %s" % _show(name))
            mpath = _key(path, name) if _IDENT.match(name) else path
            if not _IDENT.match(name):
                self.fail(path, 'metric name "%s" is not an identifier (letters, digits and _, '
                                'not starting with a digit)' % name)
            if name in _RESERVED_METRICS:
                self.fail(mpath, 'metric name "%s" is reserved' % name)
            out[name] = self.number(value, mpath, 'metric "%s"' % name)
        return out

    # -- engine calls

    def engine(self, path, fn, *args):
        try:
            return fn(*args)
        except BraceError as e:
            self.fail(path, _engine_text(e), e)

    # -- the document

    def load(self, data):
        scene = self.scene
        self.obj(data, "$", _TOP_KEYS, "a scene")
        if "$schema" in data:
            self.string(data["$schema"], "$schema", '"$schema"')
        if "root" not in data:
            self.fail("$", 'missing key "root" (the root view)')
        size = DEFAULT_SIZE
        if "size" in data:
            s = self.array(data["size"], "size", '"size"', 2)
            size = (self.number(s[0], "size[0]", "the width", 0), self.number(s[1], "size[1]", "the height", 0))
        if self.size_override is not None:
            size = self.size_override
        scale = 1.0
        if "scale" in data:
            scale = self.number(data["scale"], "scale", '"scale"')
            if scale <= 0:
                self.fail("scale", '"scale" must be more than 0, got %s' % _fmt(scale))
        self.global_metrics = self.metrics(data["metrics"], "metrics") if "metrics" in data else {}
        diagnostics = scene.diagnostics
        ctx = Context(scale=scale, strict=False, diagnostics=diagnostics.append)
        scene.context = ctx
        try:
            if "plugins" in data:
                for i, p in enumerate(self.array(data["plugins"], "plugins", '"plugins"')):
                    ppath = "plugins[%d]" % i
                    p = self.string(p, ppath, "a plugin")
                    self.engine(ppath, ctx.load_plugin, os.path.join(self.base, p))
            self.root_size = tuple(size)
            root = self.tree(data["root"])
            scene.root = root
            if "constraints" in data:
                self.lines.append((root, data["constraints"], "constraints"))
            for name in self.global_metrics:
                if name in self.ids:
                    self.fail(_key("metrics", name), 'metric "%s" has the name of a view' % name)
            for owner, lines, lpath in self.lines:
                self.constraint_lines(owner, lines, lpath)
            self.activate()
            if "states" in data:
                scene._states = self.states(data["states"], "states")
        except BaseException:
            ctx.close()
            raise
        scene.views = {k: v for k, (v, _p) in self.ids.items()}
        return scene

    def view(self, d, path, parent):
        self.obj(d, path, _VIEW_KEYS, "a view")
        ctx = self.scene.context
        v = View(ctx)
        self.scene._order.append(v)
        self.scene._paths[v.handle] = path
        if parent is not None:
            self.parent[v.handle] = parent
            parent.add_subview(v)
        else:
            # Sized before any subview exists: the subviews' frames and autoresizing
            # masks are written for this size (as in Interface Builder), so building
            # the tree must not resize them.
            v.frame = (0.0, 0.0) + self.root_size
        if "id" in d:
            ident = self.string(d["id"], _key(path, "id"), "an id")
            if not _IDENT.match(ident):
                self.fail(_key(path, "id"), 'id "%s" is not an identifier (letters, digits and _, '
                                            'not starting with a digit)' % ident)
            if ident in _RESERVED_IDS:
                self.fail(_key(path, "id"), 'id "%s" is reserved: constraints use it for the view that '
                                            'owns them or its superview' % ident)
            if ident in self.ids:
                self.fail(_key(path, "id"), 'duplicate id "%s" (first at %s)' % (ident, self.ids[ident][1]))
            self.engine(_key(path, "id"), setattr, v, "identifier", ident)
            self.ids[ident] = (v, path)
        if "frame" in d:
            fp = _key(path, "frame")
            self.engine(fp, setattr, v, "frame", self.frame(d["frame"], fp, parent is None))
        if "intrinsic_size" in d:
            ip = _key(path, "intrinsic_size")
            s = d["intrinsic_size"]
            if s is None:
                s = [None, None]
            s = self.array(s, ip, '"intrinsic_size"', 2)
            w = None if s[0] is None else self.number(s[0], ip + "[0]", "the intrinsic width", 0)
            h = None if s[1] is None else self.number(s[1], ip + "[1]", "the intrinsic height", 0)
            self.engine(ip, v.set_intrinsic_content_size, (w, h))
        strategy = "frame"
        if "strategy" in d:
            sp = _key(path, "strategy")
            strategy = self.string(d["strategy"], sp, '"strategy"')
            self.set_strategy(v, strategy, sp)
        if "properties" in d:
            self.properties(v, d["properties"], _key(path, "properties"), strategy, "container")
        if "child_properties" in d:
            cp = _key(path, "child_properties")
            if parent is None:
                self.fail(cp, "the root view has no superview, so no child properties")
            self.properties(v, d["child_properties"], cp, self.strategy_of(parent), "child")
        if "hidden" in d:
            v.hidden = self.boolean(d["hidden"], _key(path, "hidden"), '"hidden"')
        if "layout_margins" in d and "directional_layout_margins" in d:
            self.fail(path, 'set "layout_margins" or "directional_layout_margins", not both')
        if "layout_margins" in d:
            mp = _key(path, "layout_margins")
            self.engine(mp, setattr, v, "layout_margins",
                        self.insets(d["layout_margins"], mp, ("top", "left", "bottom", "right"), v.layout_margins))
        if "directional_layout_margins" in d:
            mp = _key(path, "directional_layout_margins")
            self.engine(mp, setattr, v, "directional_layout_margins",
                        self.insets(d["directional_layout_margins"], mp, ("top", "leading", "bottom", "trailing"),
                                    v.directional_layout_margins))
        for key, setter in (("hugging", v.set_content_hugging_priority),
                            ("compression", v.set_compression_resistance_priority)):
            if key in d:
                kp = _key(path, key)
                for axis, p in self.axes(d[key], kp).items():
                    self.engine(kp, setter, p, axis)
        if "autoresizing" in d:
            ap = _key(path, "autoresizing")
            mask = Autoresizing.NONE
            for i, name in enumerate(self.array(d["autoresizing"], ap, '"autoresizing"')):
                npath = "%s[%d]" % (ap, i)
                name = self.string(name, npath, "an autoresizing mask name")
                flag = _AUTORESIZING.get(name) or _AUTORESIZING.get(_snake(name))
                if flag is None:
                    self.fail(npath, _unknown("autoresizing mask name", name, _AUTORESIZING))
                mask |= flag
            v.autoresizing_mask = mask
        if "autoresizes_subviews" in d:
            v.autoresizes_subviews = self.boolean(d["autoresizes_subviews"], _key(path, "autoresizes_subviews"),
                                                  '"autoresizes_subviews"')
        if "translates_autoresizing_mask" in d:
            self.explicit_translates[v.handle] = self.boolean(
                d["translates_autoresizing_mask"], _key(path, "translates_autoresizing_mask"),
                '"translates_autoresizing_mask"')
        if "direction" in d:
            dp = _key(path, "direction")
            direction = self.string(d["direction"], dp, '"direction"')
            if direction not in _DIRECTIONS:
                self.fail(dp, _unknown("direction", direction, _DIRECTIONS))
            v.layout_direction = direction
        if "baseline_offsets" in d:
            bp = _key(path, "baseline_offsets")
            b = self.obj(d["baseline_offsets"], bp, ("first", "last"), '"baseline_offsets"')
            first = b.get("first")
            if first is not None:
                first = self.number(first, _key(bp, "first"), "the first baseline offset", 0)
            last = self.number(b.get("last", 0), _key(bp, "last"), "the last baseline offset", 0)
            self.engine(bp, v.set_baseline_offsets, first, last)
        if "constraints" in d:  # a view's lines before its subviews' (document order)
            self.lines.append((v, d["constraints"], _key(path, "constraints")))
        return v

    def tree(self, d):
        """The root view and every subview, in document order (each view before its
        subviews, siblings in order), walked with a list rather than recursion, so a
        tree's depth is limited by nothing but memory."""
        root = None
        pending = [(d, "root", None)]
        while pending:
            d, path, parent = pending.pop()
            v = self.view(d, path, parent)
            if root is None:
                root = v
            if "subviews" in d:
                sp = _key(path, "subviews")
                children = self.array(d["subviews"], sp, '"subviews"')
                pending.extend((child, "%s[%d]" % (sp, i), v) for i, child in reversed(list(enumerate(children))))
        return root

    def frame(self, f, path, root):
        """[x, y, width, height] as four floats."""
        f = self.array(f, path, '"frame"', 4)
        names = ("x", "y", "the width", "the height")
        vals = [self.number(f[i], "%s[%d]" % (path, i), names[i], 0 if i >= 2 else None) for i in range(4)]
        if root:
            self.fail(path, 'the root\'s frame is (0, 0) and the scene\'s "size"; set "size" instead')
        return vals

    def strategy_of(self, view):
        if view.handle in self.constraints_children:
            return "constraints"
        return view.layout_strategy

    def set_strategy(self, v, name, path):
        if name == "constraints":
            self.constraints_children.add(v.handle)
            return
        if name == "frame":
            return
        try:
            v.layout_strategy = name
        except NotFound:
            self.fail(path, _unknown("strategy", name, _known_strategies(self.scene.context)))
        except BraceError as e:
            self.fail(path, _engine_text(e), e)
        if v.layout_strategy != name:
            # libbrace_NAME.so was found and loaded but registers another strategy
            # (libbrace_autoresizing.so is "frame"): NAME is not a strategy.
            self.fail(path, _unknown("strategy", name, _known_strategies(self.scene.context)))

    def insets(self, v, path, names, current):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            n = self.number(v, path, "a margin")
            return (n, n, n, n)
        if isinstance(v, (list, tuple)):
            self.array(v, path, "the margins", 4)
            return tuple(self.number(x, "%s[%d]" % (path, i), "the %s margin" % names[i]) for i, x in enumerate(v))
        if isinstance(v, dict):
            self.obj(v, path, names, "the margins")
            return tuple(self.number(v[n], _key(path, n), "the %s margin" % n) if n in v else current[i]
                         for i, n in enumerate(names))
        self.fail(path, "margins must be a number, an array [%s] or an object, not %s"
                  % (", ".join(names), _show(v)))

    def axes(self, v, path):
        """A priority for both axes, [horizontal, vertical], or {"horizontal": p, "vertical": p}."""
        if isinstance(v, (list, tuple)):
            self.array(v, path, "the priorities", 2)
            return {"horizontal": self.priority(v[0], path + "[0]", "the horizontal priority"),
                    "vertical": self.priority(v[1], path + "[1]", "the vertical priority")}
        if isinstance(v, dict):
            self.obj(v, path, ("horizontal", "vertical"), "the priorities")
            return {axis: self.priority(v[axis], _key(path, axis), "the %s priority" % axis) for axis in v}
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            p = self.priority(v, path, "a priority")
            return {"horizontal": p, "vertical": p}
        self.fail(path, "priorities must be a number, an array [horizontal, vertical] or an object, not %s"
                  % _show(v))

    def properties(self, v, props, path, strategy, scope):
        for name, value, ppath in self.property_values(props, path, strategy, scope):
            self.engine(ppath, v.set_property, name, value)

    def property_values(self, props, path, strategy, scope):
        """[(name, checked value, JSON path)] of a "properties" or "child_properties"
        object, each checked against the strategy's declarations; nothing is set."""
        what = '"properties"' if scope == "container" else '"child_properties"'
        if not isinstance(props, dict):
            self.fail(path, "%s must be an object, not %s" % (what, _show(props)))
        for k in getattr(props, "duplicates", ()):
            self.fail(path, 'duplicate key "%s"' % k)
        real = "frame" if strategy == "constraints" else strategy
        try:
            declared = self.scene.context.strategy_properties(real)
        except BraceError as e:
            self.fail(path, _engine_text(e), e)
        descs = {d.name: d for d in declared if d.scope == scope}
        checked = []
        for name, value in props.items():
            if name not in descs:
                if scope == "container":
                    owner = 'strategy "%s"' % strategy
                    none = "it has none" + ('; set "strategy"' if strategy == "frame" else "")
                else:
                    owner = 'the superview\'s strategy "%s"' % strategy
                    none = "it has no child properties"
                self.fail(path, _unknown("property", name, descs, none=none, owner="of " + owner))
            ppath = _key(path, name)
            checked.append((name, self.property_value(descs[name], value, ppath, strategy), ppath))
        return checked

    def property_value(self, desc, value, path, strategy):
        what = 'property "%s" of strategy "%s"' % (desc.name, strategy)
        if desc.type == "bool":
            if not isinstance(value, bool):
                self.fail(path, "%s must be true or false, not %s" % (what, _show(value)))
            return value
        if desc.type == "enum":
            if not isinstance(value, str):
                self.fail(path, "%s must be one of %s, not %s"
                          % (what, ", ".join('"%s"' % n for n in desc.enum_names), _show(value)))
            if value not in desc.enum_names:
                self.fail(path, "%s must be one of %s, not \"%s\"%s"
                          % (what, ", ".join('"%s"' % n for n in desc.enum_names), value,
                             _did_you_mean(value, desc.enum_names)))
            return value
        if isinstance(value, str) and strategy == "stack" and (desc.name, value) in _STACK_SENTINELS:
            return _STACK_SENTINELS[(desc.name, value)]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            words = [w for (n, w) in _STACK_SENTINELS if n == desc.name] if strategy == "stack" else []
            self.fail(path, "%s must be a%s number%s, not %s"
                      % (what, "n integer" if desc.type == "int" else "",
                         "".join(' or "%s"' % w for w in words), _show(value)))
        bad = _finite_problem(value)
        if bad is not None:
            self.fail(path, "%s must be a finite number, not %s" % (what, bad))
        if desc.type == "int":
            if isinstance(value, float) and not value.is_integer():
                self.fail(path, "%s must be an integer, not %s" % (what, _fmt(value)))
            value = int(value)
        if not desc.minimum <= value <= desc.maximum:
            self.fail(path, "%s must be between %s and %s, got %s"
                      % (what, _fmt(desc.minimum), _fmt(desc.maximum), _fmt(value)))
        return float(value) if desc.type == "double" else value

    # -- constraints

    def constraint_lines(self, owner, lines, path):
        self.array(lines, path, '"constraints"')
        for i, line in enumerate(lines):
            lpath = "%s[%d]" % (path, i)
            ident, local = None, {}
            if isinstance(line, str):
                text, kind = line, ("visual" if _is_visual(line) else "equation")
            elif isinstance(line, dict):
                if "visual" in line and "equation" in line:
                    self.fail(lpath, 'a constraint has "visual" or "equation", not both')
                if "visual" not in line and "equation" not in line:
                    for k in getattr(line, "duplicates", ()):
                        self.fail(lpath, 'duplicate key "%s"' % k)
                    self.fail(lpath, 'a constraint object needs "visual" (a VFL line) or "equation"')
                kind = "visual" if "visual" in line else "equation"
                self.obj(line, lpath, _VISUAL_KEYS if kind == "visual" else _EQUATION_KEYS, "a constraint")
                text = self.string(line[kind], _key(lpath, kind), '"%s"' % kind)
                if "id" in line:
                    ident = self.string(line["id"], _key(lpath, "id"), "a constraint id")
                if "metrics" in line:
                    local = self.metrics(line["metrics"], _key(lpath, "metrics"))
                    for name in local:
                        if name in self.ids:
                            self.fail(_key(_key(lpath, "metrics"), name),
                                      'metric "%s" has the name of a view' % name)
            else:
                self.fail(lpath, "a constraint must be a string or an object, not %s" % _show(line))
            if not text.strip():
                self.fail(lpath, "empty constraint")
            metrics = dict(self.global_metrics)
            metrics.update(local)
            if kind == "visual":
                options = line.get("options", []) if isinstance(line, dict) else []
                made, entering = self.visual(text, options, metrics, lpath)
            else:
                made, entering = self.equation(owner, text, metrics, lpath)
            for c in made:
                if ident is not None:
                    c.identifier = ident
                self.scene._written[c.handle] = (text, lpath)
                self.made.append((c, lpath, entering))
                self.scene.constraints.append(c)

    def visual(self, text, options, metrics, path):
        opath = _key(path, "options")
        value = 0
        for i, name in enumerate(self.array(options, opath, '"options"')):
            npath = "%s[%d]" % (opath, i)
            name = self.string(name, npath, "an option")
            option = format_option(name)
            if option is None:
                self.fail(npath, _unknown("option", name, FORMAT_OPTIONS))
            value |= option
        body = re.sub(r"^\s*[HV]:", "", text)
        named = []
        for n in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", body):
            if n in self.ids and n not in metrics and self.ids[n][0] not in named:
                named.append(self.ids[n][0])
        views = {v.identifier: v for v in named}
        if not views:  # a malformed line naming no view: let the engine say what is wrong
            views = {"_": self.scene.root}
        try:
            made = visual_format(text, views=views, metrics=metrics, options=value)
        except BraceError as e:
            msg = _engine_text(e)
            m = re.match(r"Unknown (view|metric) '([^']*)'", msg)
            if m:
                known = self.ids if m.group(1) == "view" else metrics
                first, _, rest = msg.partition("\n")
                hint = _suggest(m.group(2), known)
                if known:
                    listing = "known: " + ", ".join(sorted(known)[:15]) + (", ..." if len(known) > 15 else "")
                else:
                    listing = "the scene has no %s" % ("ids" if m.group(1) == "view" else "metrics")
                first += " (%s%s)" % ('did you mean "%s"? ' % hint if hint else "", listing)
                msg = first + ("\n" + rest if rest else "")
            self.fail(path, msg, e)
        return made, named

    def equation(self, owner, text, metrics, path):
        def resolve(name):
            if name == "self":
                return owner
            if name == "superview":
                sup = self.parent.get(owner.handle)
                if sup is None:
                    raise KeyError('"superview" has no meaning here: the root view has no superview')
                return sup
            if name in self.ids:
                return self.ids[name][0]
            raise KeyError(_unknown("view", name, self.ids, none="the scene has no ids"))

        m = re.match(r"\s*([A-Za-z])\s*:", text)
        if m:  # "h:|-[a]-|", {"equation": "H:..."}: a VFL line, not an equation
            if m.group(0).strip() in ("H:", "V:"):
                problem = ('a VFL line is not an equation: write it as a string that starts with "H:" or "V:", '
                           'or as {"visual": ...}')
            else:
                problem = ('a VFL line starts with "H:" or "V:" (upper case), "|" or "[", not "%s"'
                           % m.group(0).strip())
            self.fail(path, "%s\n%s" % (problem, _caret(text, m.start(1))))
        try:
            eq = _Equation(text, resolve, metrics)
            lhs, relation, rhs, priority = eq.parse()
            c, problem = _equation_constraint(lhs, relation, rhs)
        except _EquationError as e:
            self.fail(path, "%s\n%s" % (e.problem, _caret(text, e.pos)))
        except RecursionError:  # thousands of "(" or "-": not the view tree
            self.fail(path, "the equation is nested too deeply")
        except BraceError as e:
            self.fail(path, _engine_text(e), e)
        if c is None:
            self.fail(path, "%s\n%s" % (problem, _caret(text, 0)))
        if priority is not None:
            self.engine(path, setattr, c, "priority", priority)
        views = []
        for v in eq.views:
            if v not in views:
                views.append(v)
        entering = [v for v in views if self.enters(v, views)]
        return [c], entering

    def enters(self, v, views):
        """Whether constraint `views` put v in constraint layout: yes unless every other
        view of it is inside v (then v is only the container the others are placed in)."""
        others = [o for o in views if o != v]
        if not others:
            return True
        return any(not self.inside(o, v) for o in others)

    def inside(self, view, ancestor):
        p = self.parent.get(view.handle)
        while p is not None:
            if p == ancestor:
                return True
            p = self.parent.get(p.handle)
        return False

    def activate(self):
        root = self.scene.root
        off = set()
        for _c, _p, entering in self.made:
            off.update(v.handle for v in entering)
        for v in self.scene._order:
            h = v.handle
            if h in self.explicit_translates:
                v.translates_autoresizing_mask = self.explicit_translates[h]
            elif v is root:
                continue
            elif h in off or (self.parent[h].handle in self.constraints_children):
                v.translates_autoresizing_mask = False
        if not self.made:
            return
        ctx = self.scene.context
        ctx.strict = self.strict
        try:
            activate([c for c, _p, _e in self.made])
        except UnsatisfiableConstraints as e:
            broken = getattr(e, "broken", [])
            where = next((p for c, p, _e in self.made if broken and c is broken[0]), "$")
            report = _engine_text(e)
            m = re.search(r"\n\(\n(.*?)\n\)", report, re.S)
            problem = "conflicts with the required constraints before it (strict)"
            if m:
                problem += ":\n" + "\n".join(line.strip() for line in m.group(1).splitlines())
            self.fail(where, problem, e)
        except BraceError as e:
            self.fail("$", _engine_text(e), e)
        finally:
            ctx.strict = False


    # -- states

    def states(self, states, path):
        """{name: [(JSON path, function, arguments)]}: each state's changes, checked
        now and made by Scene.apply_state()."""
        self.obj(states, path, tuple(states) if isinstance(states, dict) else (), '"states"')
        by_id = {}
        for c in self.scene.constraints:
            if c.identifier is not None:
                by_id.setdefault(c.identifier, []).append(c)
        out = {}
        for name, state in states.items():
            spath = _key(path, name)
            if not _IDENT.match(name):
                self.fail(spath, 'state name "%s" is not an identifier (letters, digits and _, '
                                 'not starting with a digit)' % name)
            self.obj(state, spath, _STATE_KEYS, "a state")
            # Deactivations first and activations last, so that a constraint's priority
            # changes while it is inactive (UIKit refuses to make an active required
            # constraint optional, or the reverse).
            first, middle, last = [], [], []
            if "constraints" in state:
                cpath = _key(spath, "constraints")
                changes = state["constraints"]
                self.obj(changes, cpath, tuple(changes) if isinstance(changes, dict) else (),
                         '"constraints" of a state')
                for ident, change in changes.items():
                    ipath = _key(cpath, ident)
                    if ident not in by_id:
                        self.fail(ipath, _unknown("constraint id", ident, by_id,
                                                  none='the scene has none: give a constraint an "id"'))
                    self.obj(change, ipath, _STATE_CONSTRAINT_KEYS, "a constraint change")
                    for c in by_id[ident]:
                        if "priority" in change:
                            p = self.priority(change["priority"], _key(ipath, "priority"), "a priority")
                            middle.append((_key(ipath, "priority"), setattr, (c, "priority", p)))
                        if "constant" in change:
                            k = self.number(change["constant"], _key(ipath, "constant"), "a constant")
                            middle.append((_key(ipath, "constant"), setattr, (c, "constant", k)))
                        if "active" in change:
                            on = self.boolean(change["active"], _key(ipath, "active"), '"active"')
                            (last if on else first).append((_key(ipath, "active"), setattr, (c, "active", on)))
            if "views" in state:
                vpath = _key(spath, "views")
                changes = state["views"]
                self.obj(changes, vpath, tuple(changes) if isinstance(changes, dict) else (), '"views" of a state')
                for ident, change in changes.items():
                    ipath = _key(vpath, ident)
                    if ident not in self.ids:
                        self.fail(ipath, _unknown("view", ident, self.ids, none="the scene has no ids"))
                    v = self.ids[ident][0]
                    self.obj(change, ipath, _STATE_VIEW_KEYS, "a view change")
                    if "hidden" in change:
                        hp = _key(ipath, "hidden")
                        middle.append((hp, setattr, (v, "hidden", self.boolean(change["hidden"], hp, '"hidden"'))))
                    if "frame" in change:
                        fp = _key(ipath, "frame")
                        middle.append((fp, setattr, (v, "frame", self.frame(change["frame"], fp, v is self.scene.root))))
                    if "properties" in change:
                        for pname, value, ppath in self.property_values(
                                change["properties"], _key(ipath, "properties"), self.strategy_of(v), "container"):
                            middle.append((ppath, v.set_property, (pname, value)))
                    if "child_properties" in change:
                        cp = _key(ipath, "child_properties")
                        sup = self.parent.get(v.handle)
                        if sup is None:
                            self.fail(cp, "the root view has no superview, so no child properties")
                        for pname, value, ppath in self.property_values(
                                change["child_properties"], cp, self.strategy_of(sup), "child"):
                            middle.append((ppath, v.set_property, (pname, value)))
            out[name] = first + middle + last
        return out


def _is_visual(text: str) -> bool:
    t = text.lstrip()
    return t.startswith(("H:", "V:", "|", "["))


def _known_strategies(ctx) -> list:
    """Container strategies a scene can name: the registered ones, the libbrace_NAME.so
    files where the engine looks for plugins, and the scene's "constraints"."""
    names = {"constraints", "frame"}
    try:
        names.update(s.name for s in ctx.strategies() if s.role == "container")
    except BraceError:
        pass
    dirs = []
    opt = ctx.options.get("plugin_path") or ""
    dirs += [d for d in opt.split(":") if d]
    dirs += [d for d in os.environ.get("BRACE_PLUGIN_PATH", "").split(":") if d]
    libdir = os.path.dirname(os.path.abspath(LIBRARY_PATH))
    dirs += [os.path.join(libdir, "brace"), libdir]
    for d in dirs:
        try:
            files = os.listdir(d)
        except OSError:
            continue
        for f in files:
            m = re.fullmatch(r"libbrace_([a-z0-9_]+)\.so", f)
            if m and m.group(1) not in ("autoresizing", "simplex"):
                names.add(m.group(1))
    return sorted(names)
