"""The Pythonic layer over the C ABI: contexts, views, strategies, the update cycle,
callbacks by subclassing and diagnostics.

Lifetimes
---------
* A :class:`Context` owns a ``brace_context``. Every :class:`View` (and constraint,
  variable, guide) holds a reference to its Context, so the C context lives as long as
  any Python object that names something in it. It is destroyed once, by
  :meth:`Context.close` or when the last reference goes (``weakref.finalize``).
* A View wrapper going away destroys its node only when the node is a lone root (no
  superview, no subviews, not a layout guide): nothing else could reach it. A node in a
  tree is freed only by an explicit :meth:`View.destroy` (which frees the whole subtree,
  as ``brace_node_destroy`` does) or by the context's teardown.
* The context keeps a weak registry handle -> wrapper, so ``view.superview`` and
  ``view.subviews`` answer the same Python objects while they live. Views whose class
  overrides a callback are held strongly by their Context until destroyed (the node may
  call them at any time).
* Using a destroyed view raises :class:`~brace.errors.StaleHandle`; it never crashes.

Callbacks
---------
Subclass :class:`View` and override ``layout_subviews``, ``update_constraints``,
``will_layout_subviews``, ``did_layout_subviews``, ``draw(rect)``,
``intrinsic_content_size()`` or ``size_that_fits(proposed)`` (the measure callback: text
that wraps; see docs/measuring.md); only the overridden ones are installed. ``super()`` calls
reach the engine's default (``brace_node_super_*``). An exception raised in a callback is
stored on the Context and re-raised, once the C call returns, by the Python call that
entered the engine (``run_update_cycle``, ``layout_if_needed`` ...). An animation's
completion runs from ``ctx.tick`` (see :mod:`brace.animation`); its exception reaches the
caller of ``tick`` once the other due completions ran.
"""

from __future__ import annotations

import _thread
import enum
import functools
import sys
import time
import warnings
import weakref
from collections import namedtuple

from . import _attributes, errors
from ._attributes import c_text_or_null, text_or_none
from ._names import did_you_mean
from ._native import error, ffi, lib, warning_stacklevel
from .animation import Transaction, WithoutAnimation
from .geometry import (DirectionalInsets, Insets, Point, Rect, Size, _dinsets, _from_dinsets, _from_insets,
                       _from_point, _from_rect, _insets, _num, _point, _rect)
from .layout import Anchor, Constraint, Variable, _constraint_is_alive, _constraints_from, _edit_target

# typing (it loads re) was a fifth of `import brace`: only type checkers read this.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

# ---------------------------------------------------------------- geometry


class _CallableSize(Size):
    """A Size that answers itself when called, so ``view.intrinsic_content_size`` reads
    as a property and ``view.intrinsic_content_size()`` as UIKit's method."""

    __slots__ = ()

    def __call__(self) -> Size:
        return Size(*self)


# ---------------------------------------------------------------- enumerations

class Axis(enum.IntEnum):
    HORIZONTAL = lib.BRACE_AXIS_HORIZONTAL
    VERTICAL = lib.BRACE_AXIS_VERTICAL


class Direction(enum.IntEnum):
    INHERIT = lib.BRACE_DIRECTION_INHERIT
    LTR = lib.BRACE_DIRECTION_LTR
    RTL = lib.BRACE_DIRECTION_RTL


class Phase(enum.IntFlag):
    CONSTRAINTS = lib.BRACE_PHASE_CONSTRAINTS
    LAYOUT = lib.BRACE_PHASE_LAYOUT
    DISPLAY = lib.BRACE_PHASE_DISPLAY


class Autoresizing(enum.IntFlag):
    NONE = 0
    FLEXIBLE_LEFT_MARGIN = 1
    FLEXIBLE_WIDTH = 2
    FLEXIBLE_RIGHT_MARGIN = 4
    FLEXIBLE_TOP_MARGIN = 8
    FLEXIBLE_HEIGHT = 16
    FLEXIBLE_BOTTOM_MARGIN = 32
    ALL = 63


class DiagnosticKind(enum.IntEnum):
    FEEDBACK_LOOP = lib.BRACE_DIAGNOSTIC_FEEDBACK_LOOP
    UNSATISFIABLE = lib.BRACE_DIAGNOSTIC_UNSATISFIABLE
    AMBIGUOUS = lib.BRACE_DIAGNOSTIC_AMBIGUOUS
    PLUGIN = lib.BRACE_DIAGNOSTIC_PLUGIN
    NEGATIVE_SIZE = lib.BRACE_DIAGNOSTIC_NEGATIVE_SIZE

    def __str__(self):  # the name, where an IntEnum prints its number
        return self.name


def _enum_value(cls, value, what) -> int:
    """An enumeration's member by name (any case), or the value as an int."""
    if isinstance(value, str):
        try:
            return cls[value.upper()]
        except KeyError:
            names = [m.lower() for m in cls.__members__]
            quoted = ["'%s'" % n for n in names]
            raise ValueError("%s must be %s or %s, not %r%s" % (what, ", ".join(quoted[:-1]), quoted[-1],
                                                                value, did_you_mean(value.lower(), names))) from None
    return int(value)


def _axis(a) -> int:
    return _enum_value(Axis, a, "axis")


def _direction(d) -> int:
    return Direction.INHERIT if d is None else _enum_value(Direction, d, "direction")


def _phase(p) -> int:
    if isinstance(p, str):
        return Phase[p.upper()]
    return int(p)


class HandleKind(enum.IntEnum):
    INVALID = lib.BRACE_HANDLE_KIND_INVALID
    NODE = lib.BRACE_HANDLE_KIND_NODE
    CONSTRAINT = lib.BRACE_HANDLE_KIND_CONSTRAINT
    VARIABLE = lib.BRACE_HANDLE_KIND_VARIABLE


class HandleInfo(namedtuple("HandleInfo", "kind index generation")):
    """What a handle names, as the engine says (brace_handle_get_info): handles are
    opaque, this is the one way to read them. kind: a HandleKind; index: int (ordering
    by index is stable); generation: int."""
    __slots__ = ()

    @property
    def name(self) -> str:
        """"INDEX:GENERATION", as messages and dumps print a handle ("node 7:1")."""
        return "%d:%d" % (self.index, self.generation)


def handle_info(handle: int) -> HandleInfo:
    """The kind, index and generation of a node, constraint or variable handle (live or
    not); raises InvalidHandle for a value that is no handle."""
    out = ffi.new("brace_handle_info *")
    out.struct_size = ffi.sizeof("brace_handle_info")
    st = lib.brace_handle_get_info(handle, out)
    if st != 0:
        raise error(None, st)
    return HandleInfo(HandleKind(out.kind), out.index, out.generation)


class Diagnostic:
    """One report of the engine (brace_diagnostic): ``kind`` (DiagnosticKind),
    ``message`` (UIKit-style text), ``nodes`` (handles), ``views`` (their wrappers),
    ``constraint_handles`` and ``constraints`` (their wrappers): for an unsatisfiable
    report, the constraint broken first, then the ones it conflicts with."""

    __slots__ = ("kind", "message", "nodes", "constraint_handles", "_ctx")

    def __init__(self, kind, message, nodes, ctx, constraint_handles=()):
        self.kind = kind
        self.message = message
        self.nodes = tuple(nodes)
        self.constraint_handles = tuple(constraint_handles)
        self._ctx = weakref.ref(ctx)  # no cycle ctx -> diagnostics -> ctx

    @property
    def context(self):
        return self._ctx()

    @property
    def views(self):
        ctx = self._ctx()
        if ctx is None:
            return []
        return [ctx.view_for_handle(h) for h in self.nodes if ctx.is_alive(h)]

    @property
    def constraints(self) -> list:
        ctx = self._ctx()
        if ctx is None or ctx.closed:
            return []
        return [Constraint._wrap(ctx, h) for h in self.constraint_handles if _constraint_is_alive(ctx, h)]

    def __repr__(self):
        first = self.message.splitlines()[0] if self.message else ""
        return "<Diagnostic %s %r nodes=%s>" % (getattr(self.kind, "name", self.kind), first,
                                               ["0x%x" % h for h in self.nodes])

    @property
    def note(self) -> str:
        """Advice the engine's text leaves out: the constraints a view's frame makes
        while ``translates_autoresizing_mask`` is True (identifiers 'h=...', 'v=...')
        take part in the conflict, the usual cause of a zero-size view. "" otherwise."""
        names = []
        for c in self.constraints:
            # A root keeps its frame: only a subview's is a mistake to keep.
            if (c.identifier or "")[:2] in ("h=", "v=") and c.items and c.items[0].superview is not None:
                view = c.items[0]
                name = '"%s"' % view.identifier if view.identifier else "view 0x%x" % view.handle
                if name not in names:
                    names.append(name)
        if not names:
            return ""
        return ("Note: %s has translates_autoresizing_mask = True, so its frame is a required constraint; "
                "set it to False on views that constraints place." % ", ".join(names))

    def __str__(self):
        note = self.note
        return "%s: %s%s" % (getattr(self.kind, "name", self.kind), self.message, "\n" + note if note else "")


class PropertyDesc(namedtuple("PropertyDesc", "name type scope default minimum maximum enum_names doc")):
    """A strategy's property: type is "bool", "int", "double" or "enum", scope
    "container" or "child"; doc is a str or None."""
    __slots__ = ()


class StrategyInfo(namedtuple("StrategyInfo", "name role path abi properties")):
    """A loaded strategy: role is "container" or "solver", properties a tuple of
    PropertyDesc."""
    __slots__ = ()


_VALUE_TYPES = {lib.BRACE_VALUE_BOOL: "bool", lib.BRACE_VALUE_INT: "int",
                lib.BRACE_VALUE_DOUBLE: "double", lib.BRACE_VALUE_ENUM: "enum"}

# ---------------------------------------------------------------- the context


class _CtxState:
    """What the context's finalizer needs (never a reference back to the Context)."""

    __slots__ = ("ptr", "alive", "__weakref__")

    def __init__(self, ptr):
        self.ptr = ptr
        self.alive = True


# ctx pointer address -> weakref(Context): how the module-level trampolines find their way.
_contexts: dict = {}
_contexts_lock = _thread.allocate_lock()


def _addr(ptr) -> int:
    return int(ffi.cast("uintptr_t", ptr))


def _destroy_context(state: _CtxState, addr: int) -> None:
    if not state.alive:
        return
    st = lib.brace_context_destroy(state.ptr)
    if st == 0:
        state.alive = False
        with _contexts_lock:
            _contexts.pop(addr, None)
    # BRACE_E_BUSY / REENTRANCY at collection time: the context cannot be freed now; it
    # leaks rather than risk a use after free.


class Context:
    """One window or scene: a tree of views, its strategies and its update cycle.

    ``scale`` (points per pixel), ``direction`` ("ltr"/"rtl"), ``plugin_path``
    (colon-separated directories or a list), ``feedback_loop_threshold``.
    ``standard_spacing``: the gap of the visual format language's ``-`` between views
    and of a stack's system spacing; ``default_layout_margin``: the layout margins new
    views start with (and so ``|-`` in the visual format language). Both default to
    UIKit's 8; a grid of character cells wants 1 and 0.
    ``diagnostics``: what becomes of each :class:`Diagnostic` the engine reports (all
    are also appended to ``ctx.diagnostics``): None (default) issues it as a
    :class:`~brace.errors.DiagnosticWarning` through :mod:`warnings`, as the C library
    prints to stderr; a callable receives it instead; False keeps it in
    ``ctx.diagnostics`` only. ``strict``: when True (default) activating a
    required constraint that conflicts raises UnsatisfiableConstraints (and takes the
    broken constraints out again); when False, UIKit's behavior: it stays active but
    broken (``constraint.broken``). ``clock``: what animations ask the time when none is
    given (a callable answering seconds; default ``time.monotonic``; see
    :mod:`brace.animation`), also the attribute ``ctx.clock``."""

    def __init__(self, scale: float = 1.0, direction="ltr", plugin_path=None,
                 feedback_loop_threshold: int = 0, diagnostics=None, strict: bool = True, clock=None,
                 standard_spacing: float = 8.0, default_layout_margin: float = 8.0):
        if clock is not None and not callable(clock):
            raise TypeError("Context(clock=): expected a callable answering seconds, not %r" % type(clock).__name__)
        opts = ffi.new("brace_context_options *")
        lib.brace_context_options_init(opts)
        opts.scale = _num(scale, "scale")
        opts.layout_direction = _direction(direction)
        opts.feedback_loop_threshold = int(feedback_loop_threshold)
        opts.standard_spacing = _num(standard_spacing, "standard_spacing")
        opts.default_layout_margin = _num(default_layout_margin, "default_layout_margin")
        keep = None
        if plugin_path is not None:
            if not isinstance(plugin_path, str):
                plugin_path = ":".join(str(p) for p in plugin_path)
            keep = ffi.new("char[]", plugin_path.encode())
            opts.plugin_path = keep
        out = ffi.new("brace_context **")
        st = lib.brace_context_create(opts, out)
        if st != 0:
            raise error(None, st)
        ptr = out[0]
        self._ptr = ptr
        self._state = _CtxState(ptr)
        self._views = weakref.WeakValueDictionary()  # handle -> View
        self._retained = {}  # handle -> View with callbacks (strong)
        self._constraints = weakref.WeakValueDictionary()  # handle -> Constraint
        self._pending_exc = {}  # thread id -> the first exception a callback raised
        self._in_super = set()  # (handle, kind) whose callback runs now
        self.diagnostics = []
        self.on_diagnostic = diagnostics
        self._held_warnings = None  # a list while a strict activate may raise them instead
        self.strict = strict
        self._strategy_cache = {}
        self.clock = clock if clock is not None else time.monotonic
        self._completions = {}  # token -> completion callable, until it ran
        self._completion_serial = 0
        self._samples = None  # the bulk sampler's buffer, grown as needed
        addr = _addr(ptr)
        with _contexts_lock:
            _contexts[addr] = weakref.ref(self)
        self._finalizer = weakref.finalize(self, _destroy_context, self._state, addr)
        self._call(lib.brace_context_set_diagnostic_callback, _diag_trampoline, ffi.NULL)

    # -- plumbing

    @property
    def closed(self) -> bool:
        return not self._state.alive

    def _ptr_checked(self):
        if not self._state.alive:
            raise errors.InvalidState("the context was closed", "BRACE_E_INVALID_STATE")
        return self._ptr

    def _call(self, fn, *args):
        """Calls fn(ctx, *args); raises a callback's stored exception first, then the
        status's exception."""
        ptr = self._ptr_checked()
        st = fn(ptr, *args)
        self._raise_pending()
        if st != 0:
            raise error(ptr, st)
        return st

    def _raise_pending(self):
        if self._pending_exc:
            exc = self._pending_exc.pop(_thread.get_ident(), None)
            if exc is not None:
                try:
                    raise exc
                finally:
                    del exc  # no cycle through this frame

    def _store_exception(self, exc):
        # Callbacks run on the thread that entered the context: the exception belongs to
        # that thread's pending C call (never to another thread's BRACE_E_BUSY answer).
        self._pending_exc.setdefault(_thread.get_ident(), exc)

    def close(self) -> None:
        """Destroy the context now (every node, constraint and variable in it). Further
        use of its objects raises. Idempotent."""
        if not self._state.alive:
            return
        st = lib.brace_context_destroy(self._ptr)
        if st != 0:
            raise error(self._ptr, st)
        self._state.alive = False
        self._finalizer.detach()
        with _contexts_lock:
            _contexts.pop(_addr(self._ptr), None)
        self._retained.clear()
        self._completions.clear()  # the engine dropped them uncalled

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- options

    @property
    def options(self) -> dict:
        o = ffi.new("brace_context_options *")
        lib.brace_context_options_init(o)
        self._call(lib.brace_context_get_options, o)
        return {"scale": o.scale, "direction": Direction(o.layout_direction),
                "feedback_loop_threshold": o.feedback_loop_threshold,
                "standard_spacing": o.standard_spacing, "default_layout_margin": o.default_layout_margin,
                "plugin_path": ffi.string(o.plugin_path).decode() if o.plugin_path != ffi.NULL else None}

    @property
    def scale(self) -> float:
        return self.options["scale"]

    # -- views

    def view(self, frame=None, **props) -> "View":
        return View(self, frame=frame, **props)

    def stack(self, **kw) -> "Stack":
        return Stack(self, **kw)

    def is_alive(self, handle: int) -> bool:
        if not self._state.alive:
            return False
        return bool(lib.brace_node_is_alive(self._ptr, handle))

    def view_for_handle(self, handle: int) -> Optional["View"]:
        """The wrapper of a node handle (the same object while it lives), None for 0."""
        if not handle:
            return None
        v = self._views.get(handle)
        if v is not None:
            return v
        is_guide = ffi.new("bool *")
        self._call(lib.brace_node_is_layout_guide, handle, is_guide)
        cls = LayoutGuide if is_guide[0] else View
        v = cls.__new__(cls)
        v._attach(self, handle)
        return v

    # -- strategies

    def load_plugin(self, path) -> None:
        self._call(lib.brace_context_load_plugin, str(path).encode())
        self._strategy_cache.clear()

    def load_strategy(self, name: str) -> None:
        self._call(lib.brace_context_load_strategy, name.encode())

    def strategies(self) -> list:
        """The registered strategies, as StrategyInfo (with their properties)."""
        n = ffi.new("size_t *")
        self._call(lib.brace_context_get_strategy_count, n)
        res = []
        for i in range(n[0]):
            info = ffi.new("brace_strategy_info *")
            info.struct_size = ffi.sizeof("brace_strategy_info")
            self._call(lib.brace_context_get_strategy, i, info)
            name = ffi.string(info.name).decode()
            res.append(StrategyInfo(
                name, "solver" if info.role == lib.BRACE_ROLE_SOLVER else "container",
                ffi.string(info.path).decode() if info.path != ffi.NULL else "",
                (info.abi_major, info.abi_minor), tuple(self.strategy_properties(name))))
        return res

    @property
    def strategy_names(self) -> list:
        return [s.name for s in self.strategies()]

    def strategy_properties(self, strategy: str) -> list:
        cached = self._strategy_cache.get(strategy)
        if cached is not None:
            return cached
        props = []
        bname = strategy.encode()
        i = 0
        pd = ffi.new("brace_property_desc **")
        while True:
            st = lib.brace_context_get_property(self._ptr_checked(), bname, i, pd)
            if st == lib.BRACE_E_INDEX_OUT_OF_RANGE:
                break
            if st != 0:
                raise error(self._ptr, st)
            d = pd[0]
            t = _VALUE_TYPES.get(d.type, "int")
            names = tuple(ffi.string(d.enum_names[k]).decode() for k in range(d.enum_count)) \
                if d.enum_names != ffi.NULL else ()
            props.append(PropertyDesc(
                ffi.string(d.name).decode(), t,
                "child" if d.scope == lib.BRACE_SCOPE_CHILD else "container",
                _value_to_py(d.default_value, names), d.minimum, d.maximum, names,
                ffi.string(d.doc).decode() if d.doc != ffi.NULL else None))
            i += 1
        self._strategy_cache[strategy] = props
        return props

    # -- the cycle

    def run_update_cycle(self) -> None:
        """The end of a run-loop turn: constraints, layout, display passes."""
        self._call(lib.brace_context_run_update_cycle)

    def run_phase(self, phase) -> None:
        """One pass: "constraints", "layout", "display" (or a Phase)."""
        self._call(lib.brace_context_run_phase, _phase(phase))

    @property
    def pending(self) -> Phase:
        out = ffi.new("uint32_t *")
        self._call(lib.brace_context_get_pending, out)
        return Phase(out[0])

    def changed_frames(self, in_root: bool = False) -> list:
        """The views whose frame changed in the last turn, as ``FrameChange(view, old,
        new)``: what a renderer repaints (brace/cycle.h, CHANGED FRAMES). The period runs
        from the previous turn's display pass to this one's, so a ``draw`` override may
        read it; ``layout_if_needed`` and ``run_phase`` other than "display" do not start
        a new one. Rects are in the superview's coordinates, or with ``in_root`` in the
        coordinates of the root's frame. A view moved and moved back, or destroyed, is
        not listed; the order is unspecified. Empty before the first turn and after a
        turn that changed nothing."""
        options = lib.BRACE_CHANGED_FRAMES_IN_ROOT if in_root else 0
        count = ffi.new("size_t *")
        self._call(lib.brace_context_get_changed_frames, options, ffi.NULL, 0, count)
        n = count[0]
        if n == 0:
            return []
        buf = ffi.new("brace_frame_change[]", n)
        self._call(lib.brace_context_get_changed_frames, options, buf, n, count)
        n = min(n, count[0])
        # Columns of 64-bit words, as in sample(): a node, then two rects of four doubles.
        words = memoryview(ffi.buffer(buf, n * ffi.sizeof("brace_frame_change")))
        nodes, numbers = words.cast("Q"), words.cast("d")
        step = _CHANGE_WORDS
        return list(map(FrameChange, self._views_at(nodes, step), _rects_at(numbers, _CHANGE_OLD_AT, step),
                        _rects_at(numbers, _CHANGE_NEW_AT, step)))

    def _views_at(self, nodes, step: int) -> list:
        """The View of the node at the start of each `step`-word entry of `nodes` (64-bit
        words, as changed_frames and sample read their buffers)."""
        get = self._views.get
        return [get(h) or self.view_for_handle(h) for h in nodes[0::step].tolist()]

    # -- constraints

    def variable(self, name: Optional[str] = None):
        return Variable(self, name)

    @property
    def broken_constraints(self) -> list:
        return _constraints_from(self, lib.brace_context_get_broken_constraints)

    def add_edit(self, item, priority=500.0):
        h, attr = _edit_target(item)
        self._call(lib.brace_context_add_edit, h, attr, float(priority))

    def suggest_value(self, item, value):
        h, attr = _edit_target(item)
        self._call(lib.brace_context_suggest_value, h, attr, _num(value, "value"))

    def remove_edit(self, item):
        h, attr = _edit_target(item)
        self._call(lib.brace_context_remove_edit, h, attr)

    # -- trace

    def set_trace(self, fn) -> None:
        """Install fn(kind, phase, view_handle, rect) as the trace callback (None removes)."""
        self._trace_fn = fn
        self._call(lib.brace_context_set_trace_callback,
                   _trace_trampoline if fn is not None else ffi.NULL, ffi.NULL)

    # -- animation (brace/animation.h; the clock and the curves: brace.animation)

    def _time(self, t) -> float:
        """`t`, or the clock's time when None."""
        return _num(self.clock() if t is None else t, "time")

    def animate(self, duration=0.25, curve=None, delay=0.0, completion=None, now=None, *,
                begin_from_current_state=False, inherit_duration=False, inherit_curve=False,
                animate_new_views=False, spring=None, control_points=None) -> Transaction:
        """``with ctx.animate(duration=0.3): ...`` — frame changes made inside the block
        (by the caller or by a layout pass: call ``layout_if_needed`` inside) animate from
        where the views are shown to their new frames (UIView.animate). Model frames
        change at once; ``view.presentation_frame(t)`` and ``ctx.sample(t)`` answer what
        is shown.

        ``curve``: "ease_in_out" (the default, UIKit's), "ease_in", "ease_out", "linear",
        "cubic_bezier" with ``control_points=(x1, y1, x2, y2)``, or "spring" with
        ``spring=(damping, velocity)`` (or a damping ratio alone, or a
        :class:`~brace.animation.Spring`); ``control_points`` or ``spring`` alone imply
        their curve. ``delay`` in seconds. ``completion(finished)`` runs from the
        :meth:`tick` after every animation of the transaction ended; ``finished`` is
        False when one was stopped first. ``now``: the time the transaction begins at
        (default: ``ctx.clock()``). The options are UIKit's: ``begin_from_current_state``
        (stop running animations and start from the shown frame instead of adding to
        them), ``inherit_duration`` and ``inherit_curve`` (take the enclosing
        transaction's), ``animate_new_views`` (grow a view's first frame from a zero
        rectangle instead of placing it at once). Transactions nest.
        Bad values raise :class:`~brace.errors.InvalidArgument` on entry, with nothing
        begun."""
        return Transaction(self, completion, now, duration=duration, curve=curve, delay=delay, spring=spring,
                           control_points=control_points, begin_from_current_state=begin_from_current_state,
                           inherit_duration=inherit_duration, inherit_curve=inherit_curve,
                           animate_new_views=animate_new_views)

    def without_animation(self) -> WithoutAnimation:
        """``with ctx.without_animation(): ...`` — changes inside are not animated, even
        inside ``animate`` (UIView.performWithoutAnimation)."""
        return WithoutAnimation(self)

    def _begin_animation(self, params, completion, now: float) -> None:
        token = None
        if completion is not None:
            # The callable waits here, not in C: user_data is only its number.
            self._completion_serial += 1
            token = self._completion_serial
            self._completions[token] = completion
            params.completion = _completion_trampoline
            params.user_data = ffi.cast("void *", token)
        ptr = self._ptr_checked()
        st = lib.brace_context_begin_animation(ptr, params, now)
        if st != 0:
            self._completions.pop(token, None)
            raise error(ptr, st)

    def _commit_animation(self, quiet: bool) -> None:
        """Closes the innermost transaction or region. `quiet` when the block raised: that
        exception is the one to see, not a failure to commit."""
        if quiet and self.closed:
            return
        ptr = self._ptr_checked()
        st = lib.brace_context_commit_animation(ptr)
        if st != 0 and not quiet:
            raise error(ptr, st)

    @property
    def animation_depth(self) -> int:
        """How many ``animate`` transactions and ``without_animation`` regions are open."""
        out = ffi.new("uint32_t *")
        self._call(lib.brace_context_get_animation_depth, out)
        return out[0]

    def tick(self, t=None) -> int:
        """The clock reached `t` (default ``ctx.clock()``): ended animations are removed
        and the completions that became due run, in the order their transactions ended.
        Answers how many views are still animating (0: stop the display link). An
        exception raised by a completion is raised here once the others have run."""
        out = ffi.new("size_t *")
        self._call(lib.brace_context_tick, self._time(t), out)
        return out[0]

    def sample(self, t=None) -> dict:
        """Every view animating at `t` (default ``ctx.clock()``) and its presentation
        frame, ``{view: Rect}``, in its superview's coordinates: what a renderer draws
        for one display frame (one C call; a view absent from it shows its frame)."""
        t = self._time(t)
        count = ffi.new("size_t *")
        buf = self._samples
        cap = 0 if buf is None else len(buf)
        self._call(lib.brace_context_sample_animations, t, ffi.NULL if buf is None else buf, cap, count)
        n = count[0]
        if n == 0:
            return {}
        if n > cap:
            buf = self._samples = ffi.new("brace_presented_frame[]", max(n, 2 * cap))
            self._call(lib.brace_context_sample_animations, t, buf, len(buf), count)
        # Read as columns of 64-bit words, not entry by entry through cffi: with
        # 10,000 views, 6 ms instead of 12 (the C call itself takes 0.03).
        words = memoryview(ffi.buffer(buf, n * ffi.sizeof("brace_presented_frame")))
        nodes, numbers = words.cast("Q"), words.cast("d")
        step, at = _SAMPLE_WORDS, _SAMPLE_FRAME_AT
        return dict(zip(self._views_at(nodes, step), _rects_at(numbers, at, step)))

    def __repr__(self):
        return "<brace.Context %s>" % ("closed" if self.closed else hex(_addr(self._ptr)))


# brace_frame_change in 64-bit words: a node, then the old and the new brace_rect.
_CHANGE_WORDS = ffi.sizeof("brace_frame_change") // 8
_CHANGE_OLD_AT = ffi.offsetof("brace_frame_change", "old_frame") // 8
_CHANGE_NEW_AT = ffi.offsetof("brace_frame_change", "new_frame") // 8


class FrameChange(namedtuple("FrameChange", "view old new")):
    """A view whose frame changed in the last turn (:meth:`Context.changed_frames`): the
    View, its old and its new Rect."""
    __slots__ = ()


# brace_presented_frame in 64-bit words: a node, then a brace_rect of four doubles.
_SAMPLE_WORDS = ffi.sizeof("brace_presented_frame") // 8
_SAMPLE_FRAME_AT = ffi.offsetof("brace_presented_frame", "frame") // 8
_new_rect = functools.partial(tuple.__new__, Rect)


def _rects_at(numbers, at: int, step: int):
    """The brace_rect at word `at` of each `step`-word entry of `numbers` (the buffer's
    doubles), as Rects, one column of four at a time."""
    return map(_new_rect, zip(*(numbers[at + k::step].tolist() for k in range(4))))


def _value_to_py(v, enum_names=()):
    if v.type == lib.BRACE_VALUE_BOOL:
        return bool(v.integer)
    if v.type == lib.BRACE_VALUE_INT:
        return int(v.integer)
    if v.type == lib.BRACE_VALUE_DOUBLE:
        return float(v.number)
    if v.type == lib.BRACE_VALUE_ENUM:
        if 0 <= v.integer < len(enum_names):
            return enum_names[v.integer]
        return int(v.integer)
    return None


def _context_of(ctx_ptr) -> Optional[Context]:
    ref = _contexts.get(_addr(ctx_ptr))
    return ref() if ref is not None else None


# A diagnostic from an engine before C ABI 0.6 ends before its constraints.
_DIAGNOSTIC_WITH_CONSTRAINTS = ffi.offsetof("brace_diagnostic", "constraint_count") + ffi.sizeof("size_t")


@ffi.callback("void(brace_context *, const brace_diagnostic *, void *)")
def _diag_trampoline(ctx_ptr, d, _ud):
    ctx = _context_of(ctx_ptr)
    if ctx is None:
        return
    try:
        nodes = tuple(d.nodes[i] for i in range(d.node_count)) if d.nodes != ffi.NULL else ()
        constraints = ()
        if d.struct_size >= _DIAGNOSTIC_WITH_CONSTRAINTS and d.constraints != ffi.NULL:
            constraints = tuple(d.constraints[i] for i in range(d.constraint_count))
        try:
            kind = DiagnosticKind(d.kind)
        except ValueError:
            kind = d.kind
        diag = Diagnostic(kind, ffi.string(d.message).decode("utf-8", "replace"), nodes, ctx, constraints)
        ctx.diagnostics.append(diag)
        if ctx.on_diagnostic is None:
            if ctx._held_warnings is not None:
                ctx._held_warnings.append(diag)
            else:
                warnings.warn(errors.DiagnosticWarning(diag), stacklevel=warning_stacklevel(sys._getframe(0)))
        elif ctx.on_diagnostic is not False:
            ctx.on_diagnostic(diag)
    except BaseException as e:  # noqa: BLE001 - re-raised by the caller of the C call
        ctx._store_exception(e)


@ffi.callback("void(brace_context *, const brace_trace_event *, void *)")
def _trace_trampoline(ctx_ptr, ev, _ud):
    ctx = _context_of(ctx_ptr)
    fn = getattr(ctx, "_trace_fn", None) if ctx is not None else None
    if fn is None:
        return
    try:
        fn(ev.kind, ev.phase, ev.node, _from_rect(ev.rect))
    except BaseException as e:  # noqa: BLE001
        ctx._store_exception(e)


@ffi.callback("void(brace_context *, bool, void *)")
def _completion_trampoline(ctx_ptr, finished, user_data):
    ctx = _context_of(ctx_ptr)
    if ctx is None:
        return
    # Taken out as it runs: nothing keeps a completion once it ran.
    fn = ctx._completions.pop(int(ffi.cast("uintptr_t", user_data)), None)
    if fn is None:
        return
    # An exception an earlier completion of this tick raised waits for the tick's caller;
    # set aside meanwhile, so that this completion's own calls into the context do not
    # raise it.
    tid = _thread.get_ident()
    earlier = ctx._pending_exc.pop(tid, None)
    try:
        fn(bool(finished))
    except BaseException as e:  # noqa: BLE001 - re-raised by the caller of tick
        ctx._store_exception(e)
    finally:
        if earlier is not None:
            ctx._pending_exc[tid] = earlier


# ---------------------------------------------------------------- node callbacks


def _view_of(ctx_ptr, node):
    ctx = _context_of(ctx_ptr)
    if ctx is None:
        return None, None
    return ctx, (ctx._retained.get(node) or ctx._views.get(node))


def _make_void_trampoline(kind, method):
    @ffi.callback("void(brace_context *, brace_node, void *)")
    def tramp(ctx_ptr, node, _ud):
        ctx, view = _view_of(ctx_ptr, node)
        if view is None:
            return
        key = (node, kind)
        ctx._in_super.add(key)
        try:
            getattr(view, method)()
        except BaseException as e:  # noqa: BLE001
            ctx._store_exception(e)
        finally:
            ctx._in_super.discard(key)
    return tramp


_t_update = _make_void_trampoline("update_constraints", "update_constraints")
_t_will = _make_void_trampoline("will_layout", "will_layout_subviews")
_t_layout = _make_void_trampoline("layout", "layout_subviews")
_t_did = _make_void_trampoline("did_layout", "did_layout_subviews")


@ffi.callback("void(brace_context *, brace_node, brace_rect, void *)")
def _t_draw(ctx_ptr, node, rect, _ud):
    ctx, view = _view_of(ctx_ptr, node)
    if view is None:
        return
    try:
        view.draw(_from_rect(rect))
    except BaseException as e:  # noqa: BLE001
        ctx._store_exception(e)


@ffi.callback("brace_size(brace_context *, brace_node, void *)")
def _t_intrinsic(ctx_ptr, node, _ud):
    out = ffi.new("brace_size *")
    out.width = out.height = -1.0
    ctx, view = _view_of(ctx_ptr, node)
    if view is None:
        return out[0]
    key = (node, "intrinsic")
    ctx._in_super.add(key)
    try:
        s = view.intrinsic_content_size()
        if s is not None:
            w, h = s
            out.width = -1.0 if w is None else float(w)
            out.height = -1.0 if h is None else float(h)
    except BaseException as e:  # noqa: BLE001
        ctx._store_exception(e)
    finally:
        ctx._in_super.discard(key)
    return out[0]


_UNBOUNDED = -1.0  # BRACE_PROPOSAL_UNBOUNDED


@ffi.callback("brace_size(brace_context *, brace_node, brace_size, void *)")
def _t_measure(ctx_ptr, node, proposed, _ud):
    out = ffi.new("brace_size *")
    # Nothing usable: NaN, which the engine refuses with a diagnostic (no measured size).
    out.width = out.height = float("nan")
    ctx, view = _view_of(ctx_ptr, node)
    if view is None:
        return out[0]
    w = None if proposed.width == _UNBOUNDED else proposed.width
    h = None if proposed.height == _UNBOUNDED else proposed.height
    try:
        aw, ah = view.size_that_fits(Size(w, h))
        out.width, out.height = float(aw), float(ah)
    except BaseException as e:  # noqa: BLE001
        ctx._store_exception(e)
    return out[0]


# ---------------------------------------------------------------- views


def _release_node(state: _CtxState, handle: int) -> None:
    """A wrapper went away: free its node only if nothing else can reach it."""
    if not state.alive:
        return
    ptr = state.ptr
    try:
        if not lib.brace_node_is_alive(ptr, handle):
            return
        b = ffi.new("bool *")
        if lib.brace_node_is_layout_guide(ptr, handle, b) != 0 or b[0]:
            return
        out = ffi.new("brace_node *")
        if lib.brace_node_get_superview(ptr, handle, out) != 0 or out[0] != 0:
            return
        n = ffi.new("size_t *")
        if lib.brace_node_get_subview_count(ptr, handle, n) != 0 or n[0] != 0:
            return
        lib.brace_node_destroy(ptr, handle)  # BUSY / REENTRANCY: left for the teardown
    except Exception:  # noqa: BLE001 - never raise from a finalizer
        pass


class _AnchorProp:
    """A read-only attribute giving an Anchor (brace.layout) for one attribute."""

    def __init__(self, attr):
        self.attr = attr

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return Anchor(obj, self.attr, self.name)


_OVERRIDABLE = ("update_constraints", "will_layout_subviews", "layout_subviews",
                "did_layout_subviews", "draw", "intrinsic_content_size", "size_that_fits")


class View(_attributes.HandleWrapper):
    """A node of a Context's tree (UIView). ``View(ctx, frame=(x, y, w, h), **props)``
    where props are any settable attributes (hidden=True, layout_strategy="stack"...)."""

    _callback_classes: dict = {}

    def __init__(self, ctx: Context, frame=None, **props):
        if not isinstance(ctx, Context):
            raise TypeError("View(ctx): ctx must be a brace.Context, not %r" % type(ctx).__name__)
        out = ffi.new("brace_node *")
        ctx._call(lib.brace_node_create, out)
        self._attach(ctx, out[0])
        self._install_callbacks()
        if frame is not None:
            self.frame = frame
        for k, v in props.items():
            if not hasattr(type(self), k):
                known = [n for n in dir(type(self)) if not n.startswith("_")
                         and isinstance(getattr(type(self), n), (property, _attributes.CAttribute, _StrategyProperty))]
                raise AttributeError("%s(): %s has no property %r%s" % (
                    type(self).__name__, type(self).__name__, k, did_you_mean(k, known)))
            setattr(self, k, v)

    def _attach(self, ctx, handle):
        self._ctx = ctx
        self._handle = handle
        self._dead = False
        ctx._views[handle] = self
        self._finalizer = weakref.finalize(self, _release_node, ctx._state, handle)

    @classmethod
    def _overrides(cls):
        got = View._callback_classes.get(cls)
        if got is None:
            got = tuple(m for m in _OVERRIDABLE if getattr(cls, m) is not getattr(View, m))
            View._callback_classes[cls] = got
        return got

    def _install_callbacks(self):
        ov = self._overrides()
        if not ov:
            return
        cb = ffi.new("brace_node_callbacks *")
        cb.struct_size = ffi.sizeof("brace_node_callbacks")
        cb.user_data = ffi.NULL
        table = {"update_constraints": _t_update, "will_layout_subviews": _t_will,
                 "layout_subviews": _t_layout, "did_layout_subviews": _t_did,
                 "draw": _t_draw, "intrinsic_content_size": _t_intrinsic,
                 "size_that_fits": _t_measure}
        for m in ov:
            setattr(cb, "measure" if m == "size_that_fits" else m, table[m])
        self._ctx._call(lib.brace_node_set_callbacks, self._handle, cb)
        self._ctx._retained[self._handle] = self  # the node may call us at any time
        if "intrinsic_content_size" in ov:
            self._ctx._call(lib.brace_node_invalidate_intrinsic_content_size, self._handle)

    # -- identity and plumbing (handle, context: HandleWrapper)

    def _c(self, fn, *args):
        if self._dead:
            raise errors.StaleHandle("view 0x%x was destroyed" % self._handle, "BRACE_E_STALE_HANDLE")
        return self._ctx._call(fn, self._handle, *args)

    def __eq__(self, other):
        return isinstance(other, View) and other._ctx is self._ctx and other._handle == self._handle

    def __hash__(self):
        return hash((id(self._ctx), self._handle))

    def __repr__(self):
        if self._dead or not self._ctx.is_alive(self._handle):
            return "<%s 0x%x destroyed>" % (type(self).__name__, self._handle)
        f = self.frame
        name = self.identifier
        return "<%s%s 0x%x frame=(%g, %g, %g, %g)>" % (
            type(self).__name__, "" if name is None else " %r" % name, self._handle, *f)

    @property
    def alive(self) -> bool:
        return not self._dead and self._ctx.is_alive(self._handle)

    def _repr_svg_(self):
        """Jupyter shows a view as its picture (brace.render.svg); None for a destroyed
        view, which then falls back to repr()."""
        if not self.alive:
            return None
        from .tools import render  # on first use: the tools build on the views
        return render.svg(self)

    def destroy(self) -> None:
        """Destroy the node and its whole subtree (brace_node_destroy). Further use of
        any of their wrappers raises StaleHandle."""
        if self._dead:
            return
        ctx = self._ctx
        subtree = self._subtree_handles()
        self._c(lib.brace_node_destroy)
        for h in subtree:
            ctx._retained.pop(h, None)
            v = ctx._views.get(h)
            if v is not None and not ctx.is_alive(h):
                v._dead = True
                v._finalizer.detach()

    def _subtree_handles(self):
        res, todo = [], [self._handle]
        ctx = self._ctx
        while todo:
            h = todo.pop()
            res.append(h)
            n = ffi.new("size_t *")
            if lib.brace_node_get_subviews(ctx._ptr_checked(), h, ffi.NULL, 0, n) != 0:
                continue
            if n[0]:
                buf = ffi.new("brace_node[]", n[0])
                lib.brace_node_get_subviews(ctx._ptr, h, buf, n[0], n)
                todo.extend(buf[i] for i in range(n[0]))
        # Guides owned by those nodes are destroyed with them; their wrappers too.
        dead = set(res)
        for h, v in list(ctx._views.items()):
            owner = getattr(v, "_owner_handle", None)
            if owner in dead:
                res.append(h)
        return res

    # -- the tree

    def add_subview(self, child: "View") -> "View":
        self._c(lib.brace_node_add_subview, _handle_of(child, self._ctx))
        return child

    def add_subviews(self, *children) -> None:
        for c in children:
            self.add_subview(c)

    def create_subviews(self, count: int, intrinsic_content_size=None) -> list:
        """``count`` new Views appended to this view's subviews in one C call
        (brace_node_create_subviews), each with ``intrinsic_content_size`` ((w, h), None
        on an axis for none, None for neither); the list of them, in order. The same
        views as ``count`` View(ctx) + add_subview + intrinsic_content_size = ..., made
        without a round trip per view. Bad input changes nothing."""
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError("create_subviews(): count must be an int, not %s" % type(count).__name__)
        if count < 0:
            raise ValueError("create_subviews(): count must be >= 0, got %d" % count)
        w, h = (None, None) if intrinsic_content_size is None else intrinsic_content_size
        size = ffi.new("brace_size *")
        size.width = -1.0 if w is None else _num(w, "width")
        size.height = -1.0 if h is None else _num(h, "height")
        out = ffi.new("brace_node[]", max(count, 1))
        self._c(lib.brace_node_create_subviews, count, size[0], out)
        made = []
        for k in range(count):
            v = View.__new__(View)
            v._attach(self._ctx, out[k])
            made.append(v)
        return made

    def insert_subview(self, child: "View", index: int) -> "View":
        if index < 0:
            raise errors.IndexOutOfRange("insert_subview: negative index %d" % index,
                                         "BRACE_E_INDEX_OUT_OF_RANGE")
        self._c(lib.brace_node_insert_subview, _handle_of(child, self._ctx), index)
        return child

    def remove_from_superview(self) -> None:
        self._c(lib.brace_node_remove_from_superview)

    @property
    def superview(self) -> Optional["View"]:
        return self._ctx.view_for_handle(self._get(lib.brace_node_get_superview, "brace_node"))

    @property
    def subviews(self) -> list:
        n = ffi.new("size_t *")
        self._c(lib.brace_node_get_subviews, ffi.NULL, 0, n)
        if not n[0]:
            return []
        buf = ffi.new("brace_node[]", n[0])
        self._c(lib.brace_node_get_subviews, buf, n[0], n)
        return [self._ctx.view_for_handle(buf[i]) for i in range(n[0])]

    def is_descendant_of(self, other: "View") -> bool:
        v = self
        while v is not None:
            if v == other:
                return True
            v = v.superview
        return False

    # -- geometry (frame, bounds, center, margins...: _VIEW_ATTRIBUTES below)

    @property
    def size(self) -> Size:
        return self.frame.size

    def presentation_frame(self, t=None) -> Rect:
        """The frame shown at time `t` (default ``ctx.clock()``): while the view
        animates, between where it was shown and its frame; else its frame (see
        ``Context.animate``)."""
        return _from_rect(self._get(lib.brace_node_get_presentation_frame, "brace_rect", self._ctx._time(t)))

    def cancel_animations(self, subtree: bool = False) -> None:
        """Stop this view's animations (and its subviews' with ``subtree``): it shows its
        frame at once; their transactions complete with finished=False at the next tick."""
        self._c(lib.brace_node_cancel_animations, bool(subtree))

    def frame_for_alignment_rect(self, rect) -> Rect:
        return _from_rect(self._get(lib.brace_node_frame_for_alignment_rect, "brace_rect", _rect(rect)))

    # -- content size

    def _intrinsic_get(self) -> "_CallableSize":
        if (self._handle, "intrinsic") in self._ctx._in_super:
            s = self._get(lib.brace_node_super_intrinsic_content_size, "brace_size")
        else:
            s = self._get(lib.brace_node_get_intrinsic_content_size, "brace_size")
        return _CallableSize(None if s.width < 0 else s.width, None if s.height < 0 else s.height)

    #: The natural size, None on an axis without one. Read it as an attribute
    #: (``v.intrinsic_content_size``) or call it (``v.intrinsic_content_size()``); set it
    #: with ``v.intrinsic_content_size = (w, None)``. A subclass computes it by overriding
    #: ``def intrinsic_content_size(self)``; there ``super().intrinsic_content_size()``
    #: answers the stored value (use set_intrinsic_content_size on such views).
    intrinsic_content_size = property(_intrinsic_get, lambda self, v: self.set_intrinsic_content_size(v))

    def set_intrinsic_content_size(self, size) -> None:
        """Store the natural size: (w, h), None on an axis for none, None for neither."""
        if size is None:
            size = (None, None)
        w, h = size
        c = ffi.new("brace_size *")
        c.width = -1.0 if w is None else _num(w, "width")
        c.height = -1.0 if h is None else _num(h, "height")
        self._c(lib.brace_node_set_intrinsic_content_size, c[0])

    #: Another name for the property form.
    intrinsic_size = intrinsic_content_size

    def invalidate_intrinsic_content_size(self) -> None:
        self._c(lib.brace_node_invalidate_intrinsic_content_size)

    def content_hugging_priority(self, axis) -> float:
        return float(self._get(lib.brace_node_get_content_hugging_priority, "brace_priority", _axis(axis)))

    def set_content_hugging_priority(self, priority, axis) -> None:
        self._c(lib.brace_node_set_content_hugging_priority, _axis(axis), float(priority))

    def compression_resistance_priority(self, axis) -> float:
        return float(self._get(lib.brace_node_get_compression_resistance_priority, "brace_priority", _axis(axis)))

    def set_compression_resistance_priority(self, priority, axis) -> None:
        self._c(lib.brace_node_set_compression_resistance_priority, _axis(axis), float(priority))

    # (horizontal, vertical) pairs as properties
    content_hugging = property(
        lambda self: (self.content_hugging_priority(0), self.content_hugging_priority(1)),
        lambda self, v: (self.set_content_hugging_priority(v[0], 0), self.set_content_hugging_priority(v[1], 1)))
    compression_resistance = property(
        lambda self: (self.compression_resistance_priority(0), self.compression_resistance_priority(1)),
        lambda self, v: (self.set_compression_resistance_priority(v[0], 0),
                         self.set_compression_resistance_priority(v[1], 1)))

    def set_baseline_offsets(self, first=None, last=0.0) -> None:
        """first: down from the top (None: no text, the bottom); last: up from the bottom."""
        self._c(lib.brace_node_set_baseline_offsets, -1.0 if first is None else _num(first, "first"),
                _num(last, "last"))

    def system_layout_size_fitting(self, target=(0, 0), h_priority=50.0, v_priority=50.0) -> Size:
        c = ffi.new("brace_size *")
        c.width, c.height = (_num(v, "target") for v in target)
        s = self._get(lib.brace_node_system_layout_size_fitting, "brace_size", c[0],
                      float(h_priority), float(v_priority))
        return Size(s.width, s.height)

    # -- strategy properties

    def _property_desc(self, name):
        for strat in (self.layout_strategy, self.superview.layout_strategy if self.superview else None):
            if strat is None:
                continue
            for d in self._ctx.strategy_properties(strat):
                if d.name == name:
                    return d
        return None

    def _property_hint(self, exc, name, value=None):
        """exc with "did you mean" added for a misspelt property name or enum value."""
        descs = [d for strat in (self.layout_strategy, self.superview.layout_strategy if self.superview else None)
                 if strat is not None for d in self._ctx.strategy_properties(strat)]
        desc = next((d for d in descs if d.name == name), None)
        if desc is None:
            hint = did_you_mean(name, [d.name for d in descs])
        elif desc.type == "enum" and isinstance(value, str):
            hint = did_you_mean(value, desc.enum_names)
        else:
            hint = ""
        if hint:
            exc.args = (exc.message + hint,)
            exc.message += hint
            exc.detail += hint
        return exc

    def get_property(self, name: str):
        """A strategy property's value (bool, int, float, or an enum's name)."""
        v = ffi.new("brace_value *")
        try:
            self._c(lib.brace_node_get_property, name.encode(), v)
        except errors.BraceError as e:
            raise self._property_hint(e, name) from None
        names = ()
        if v.type == lib.BRACE_VALUE_ENUM:
            d = self._property_desc(name)
            names = d.enum_names if d else ()
        return _value_to_py(v, names)

    def set_property(self, name: str, value) -> None:
        """Set a strategy property with the typed setter its declaration calls for:
        str -> enum by name, bool -> bool, int/float -> int or double (as declared).
        A misspelt name or enum value raises with a "did you mean"."""
        try:
            self._set_property(name, value)
        except errors.BraceError as e:
            raise self._property_hint(e, name, value) from None

    def _set_property(self, name: str, value) -> None:
        b = name.encode()
        if isinstance(value, enum.Enum):
            value = value.name.lower() if not isinstance(value, int) else int(value)
        if isinstance(value, str):
            self._c(lib.brace_node_set_property_enum, b, value.encode())
        elif isinstance(value, bool):
            self._c(lib.brace_node_set_property_bool, b, value)
        elif isinstance(value, (int, float)):
            cur = ffi.new("brace_value *")
            self._c(lib.brace_node_get_property, b, cur)
            if cur.type == lib.BRACE_VALUE_DOUBLE:
                self._c(lib.brace_node_set_property_double, b, float(value))
            elif cur.type == lib.BRACE_VALUE_INT:
                if isinstance(value, float) and not value.is_integer():
                    raise errors.TypeMismatch("property %r is an int, not %r" % (name, value),
                                              "BRACE_E_TYPE_MISMATCH")
                self._c(lib.brace_node_set_property_int, b, int(value))
            elif cur.type == lib.BRACE_VALUE_ENUM:
                v = ffi.new("brace_value *")
                v.type, v.integer = lib.BRACE_VALUE_ENUM, int(value)
                self._c(lib.brace_node_set_property, b, v)
            else:  # BOOL given a number
                self._c(lib.brace_node_set_property_bool, b, bool(value))
        else:
            raise TypeError("set_property(%r): unsupported value %r" % (name, value))

    def set_properties(self, **props) -> None:
        for k, v in props.items():
            self.set_property(k, v)

    # -- the update cycle

    def set_needs_layout(self) -> None:
        self._c(lib.brace_node_set_needs_layout)

    def set_needs_update_constraints(self) -> None:
        self._c(lib.brace_node_set_needs_update_constraints)

    def set_needs_display(self, rect=None) -> None:
        if rect is None:
            self._c(lib.brace_node_set_needs_display)
        else:
            self._c(lib.brace_node_set_needs_display_in_rect, _rect(rect))

    @property
    def needs_display(self):
        """None when display is not flagged, else the flagged Rect."""
        needs = ffi.new("bool *")
        r = ffi.new("brace_rect *")
        self._c(lib.brace_node_get_needs_display, needs, r)
        return _from_rect(r[0]) if needs[0] else None

    def layout_if_needed(self) -> None:
        self._c(lib.brace_node_layout_if_needed)

    def update_constraints_if_needed(self) -> None:
        self._c(lib.brace_node_update_constraints_if_needed)

    # -- overridable callbacks (their defaults)

    def layout_subviews(self) -> None:
        """Default: the strategy arranges the subviews (only valid inside the callback)."""
        self._c(lib.brace_node_super_layout_subviews)

    def update_constraints(self) -> None:
        """Default: the strategy's constraints hook (only valid inside the callback)."""
        self._c(lib.brace_node_super_update_constraints)

    def will_layout_subviews(self) -> None:
        pass

    def did_layout_subviews(self) -> None:
        pass

    def draw(self, rect) -> None:
        pass

    def size_that_fits(self, proposed) -> Size:
        """The measure callback (UIKit's sizeThatFits): override it to answer the size the
        content wants for ``proposed``, a Size whose components are None where nothing
        limits that axis (text that wraps: its lines for ``proposed.width``). Answer two
        finite numbers >= 0; anything else is refused with a diagnostic. Where the view has
        an intrinsic size on an axis, that wins and this is not asked for it. The layout
        caches the answers until :meth:`invalidate_intrinsic_content_size`; constraint
        layout measures the height at the width it solved, in the same turn.
        The default (never installed) answers the intrinsic size, 0 on an axis without."""
        s = self.intrinsic_content_size
        return Size(0.0 if s.width is None else s.width, 0.0 if s.height is None else s.height)

    # -- diagnostics

    def description(self) -> str:
        """The subtree dump (brace_node_copy_description): one line per node."""
        n = ffi.new("size_t *")
        self._c(lib.brace_node_copy_description, ffi.NULL, 0, n)
        buf = ffi.new("char[]", n[0] + 1)
        self._c(lib.brace_node_copy_description, buf, n[0] + 1, n)
        return ffi.string(buf).decode("utf-8", "replace")

    dump = description

    # -- constraints and anchors

    @property
    def constraints(self) -> list:
        """The active constraints referring to this view (including generated ones)."""
        return _constraints_from(self._ctx, lib.brace_node_get_constraints, self._handle, owner=self)

    def add_layout_guide(self):
        return LayoutGuide._create(self)

    @property
    def layout_guides(self) -> list:
        """The layout guides this view owns, in the order they were made (UIKit's
        layoutGuides; brace_node_get_layout_guides)."""
        n = ffi.new("size_t *")
        self._c(lib.brace_node_get_layout_guides, ffi.NULL, 0, n)
        if n[0] == 0:
            return []
        buf = ffi.new("brace_node[]", n[0])
        self._c(lib.brace_node_get_layout_guides, buf, n[0], n)
        return [self._ctx.view_for_handle(buf[i]) for i in range(min(n[0], len(buf)))]

    left = _AnchorProp(lib.BRACE_ATTR_LEFT)
    right = _AnchorProp(lib.BRACE_ATTR_RIGHT)
    top = _AnchorProp(lib.BRACE_ATTR_TOP)
    bottom = _AnchorProp(lib.BRACE_ATTR_BOTTOM)
    leading = _AnchorProp(lib.BRACE_ATTR_LEADING)
    trailing = _AnchorProp(lib.BRACE_ATTR_TRAILING)
    width = _AnchorProp(lib.BRACE_ATTR_WIDTH)
    height = _AnchorProp(lib.BRACE_ATTR_HEIGHT)
    center_x = _AnchorProp(lib.BRACE_ATTR_CENTER_X)
    center_y = _AnchorProp(lib.BRACE_ATTR_CENTER_Y)
    last_baseline = _AnchorProp(lib.BRACE_ATTR_LAST_BASELINE)
    first_baseline = _AnchorProp(lib.BRACE_ATTR_FIRST_BASELINE)
    left_margin = _AnchorProp(lib.BRACE_ATTR_LEFT_MARGIN)
    right_margin = _AnchorProp(lib.BRACE_ATTR_RIGHT_MARGIN)
    top_margin = _AnchorProp(lib.BRACE_ATTR_TOP_MARGIN)
    bottom_margin = _AnchorProp(lib.BRACE_ATTR_BOTTOM_MARGIN)
    leading_margin = _AnchorProp(lib.BRACE_ATTR_LEADING_MARGIN)
    trailing_margin = _AnchorProp(lib.BRACE_ATTR_TRAILING_MARGIN)
    center_x_within_margins = _AnchorProp(lib.BRACE_ATTR_CENTER_X_WITHIN_MARGINS)
    center_y_within_margins = _AnchorProp(lib.BRACE_ATTR_CENTER_Y_WITHIN_MARGINS)

    def edges(self, other=None, insets=0.0, margins=False):
        """Constraints (inactive) pinning top/leading/bottom/trailing to ``other``
        (default: the superview), or to its margins."""
        other = other if other is not None else self.superview
        if other is None:
            raise errors.InvalidState("edges(): the view has no superview", "BRACE_E_INVALID_STATE")
        i = insets if not isinstance(insets, (int, float)) else (insets,) * 4
        top, lead, bot, trail = i
        if margins:
            return [self.top == other.top_margin + top, self.leading == other.leading_margin + lead,
                    self.bottom == other.bottom_margin - bot, self.trailing == other.trailing_margin - trail]
        return [self.top == other.top + top, self.leading == other.leading + lead,
                self.bottom == other.bottom - bot, self.trailing == other.trailing - trail]


# The view's attributes that are one C getter and setter each:
# (name, getter, setter or None for read-only, from C, to C, docstring).
_VIEW_ATTRIBUTES = (
    ("identifier", lib.brace_node_get_identifier, lib.brace_node_set_identifier, text_or_none, c_text_or_null,
     "The node's debug name (brace_node_set_identifier), as UIKit's\n"
     "accessibilityIdentifier: dumps, diagnostics and error messages use it. None when\n"
     "it has none."),
    ("index", lib.brace_node_get_index, None, int, None, None),
    ("frame", lib.brace_node_get_frame, lib.brace_node_set_frame, _from_rect, _rect, None),
    ("bounds", lib.brace_node_get_bounds, lib.brace_node_set_bounds, _from_rect, _rect, None),
    ("center", lib.brace_node_get_center, lib.brace_node_set_center, _from_point, _point, None),
    ("hidden", lib.brace_node_get_hidden, lib.brace_node_set_hidden, bool, bool, None),
    ("alignment_rect_insets", lib.brace_node_get_alignment_rect_insets, lib.brace_node_set_alignment_rect_insets,
     _from_insets, _insets, None),
    ("alignment_rect", lib.brace_node_get_alignment_rect, None, _from_rect, None, None),
    ("layout_direction", lib.brace_node_get_layout_direction, lib.brace_node_set_layout_direction, Direction,
     _direction, None),
    ("effective_layout_direction", lib.brace_node_get_effective_layout_direction, None, Direction, None, None),
    ("layout_margins", lib.brace_node_get_layout_margins, lib.brace_node_set_layout_margins, _from_insets,
     _insets, None),
    ("directional_layout_margins", lib.brace_node_get_directional_layout_margins,
     lib.brace_node_set_directional_layout_margins, _from_dinsets, _dinsets, None),
    ("autoresizing_mask", lib.brace_node_get_autoresizing_mask, lib.brace_node_set_autoresizing_mask,
     Autoresizing, int, None),
    ("autoresizes_subviews", lib.brace_node_get_autoresizes_subviews, lib.brace_node_set_autoresizes_subviews,
     bool, bool, None),
    ("translates_autoresizing_mask", lib.brace_node_get_translates_autoresizing_mask,
     lib.brace_node_set_translates_autoresizing_mask, bool, bool, None),
    ("layout_strategy", lib.brace_node_get_layout_strategy, lib.brace_node_set_layout_strategy,
     lambda p: ffi.string(p).decode(), lambda name: str(name).encode(), None),
    ("needs_layout", lib.brace_node_get_needs_layout, None, bool, None, None),
    ("needs_update_constraints", lib.brace_node_get_needs_update_constraints, None, bool, None, None),
    ("has_ambiguous_layout", lib.brace_node_has_ambiguous_layout, None, bool, None, None),
    ("is_animating", lib.brace_node_is_animating, None, bool, None,
     "Whether the view has animations a tick has not removed yet (a tick after their\n"
     "end removes them)."),
)
_attributes.install(View, _VIEW_ATTRIBUTES)


def _handle_of(obj, ctx) -> int:
    if isinstance(obj, View):
        if obj._dead:
            raise errors.StaleHandle("view 0x%x was destroyed" % obj._handle, "BRACE_E_STALE_HANDLE")
        return obj._handle
    if isinstance(obj, int):
        return obj
    raise TypeError("expected a View, not %r" % type(obj).__name__)


class LayoutGuide(View):
    """A layout guide (UILayoutGuide): constrained like a view, never drawn, owned by
    its view. Its frame is in the owner's coordinates."""

    def __init__(self, *a, **kw):
        raise TypeError("create layout guides with view.add_layout_guide()")

    @classmethod
    def _create(cls, owner: View) -> "LayoutGuide":
        out = ffi.new("brace_node *")
        owner._c(lib.brace_layout_guide_create, out)
        g = cls.__new__(cls)
        g._attach(owner.context, out[0])
        g._owner_handle = owner._handle
        g._owner_ref = weakref.ref(owner)
        return g

    @property
    def owning_view(self):
        r = getattr(self, "_owner_ref", None)
        owner = r() if r is not None else None
        if owner is None and self.alive:
            owner = self.superview  # the engine keeps the owner as the guide's superview
        return owner

    @property
    def layout_frame(self) -> Rect:
        return self.frame


class _StrategyProperty:
    """A strategy property as an attribute: ``stack.alignment = "center"`` is
    ``stack.set_property("alignment", "center")``."""

    def __init__(self, name, encode=None, doc=None):
        self.name = name
        self.encode = encode
        self.__doc__ = doc

    def __get__(self, obj, owner=None):
        return self if obj is None else obj.get_property(self.name)

    def __set__(self, obj, value):
        obj.set_property(self.name, value if self.encode is None else self.encode(value))


class Stack(View):
    """A View with the "stack" strategy (UIStackView). Keyword arguments are stack
    properties (axis, distribution, alignment, spacing, layout_margins_relative,
    baseline_relative, generate_constraints) or View properties (frame, hidden...).
    ``arranged`` is a list of views to add."""

    _STACK_PROPS = ("axis", "distribution", "alignment", "spacing", "layout_margins_relative",
                    "baseline_relative", "generate_constraints")

    def __init__(self, ctx: Context, axis="horizontal", arranged=(), frame=None, **kw):
        view_props = {k: v for k, v in kw.items() if k not in self._STACK_PROPS}
        stack_props = {k: v for k, v in kw.items() if k in self._STACK_PROPS}
        super().__init__(ctx, frame=frame, **view_props)
        self.layout_strategy = "stack"
        self.set_property("axis", axis)
        for k, v in stack_props.items():
            self.set_property(k, v)
        for v in arranged:
            self.add_subview(v)

    @property
    def arranged_subviews(self) -> list:
        return self.subviews

    def add_arranged_subview(self, v: View) -> View:
        return self.add_subview(v)

    def set_custom_spacing(self, spacing: float, after: View) -> None:
        after.set_property("spacing_after", float(spacing))

    axis = _StrategyProperty("axis", doc='"horizontal" or "vertical".')
    distribution = _StrategyProperty("distribution", doc='"fill", "fill_equally", "fill_proportionally", '
                                     '"equal_spacing" or "equal_centering".')
    alignment = _StrategyProperty("alignment", doc='"fill", "leading", "center", "trailing", "first_baseline" '
                                  'or "last_baseline" (across the axis).')
    spacing = _StrategyProperty("spacing", float, "The gap between arranged views, in points.")
    layout_margins_relative = _StrategyProperty("layout_margins_relative", bool,
                                                "Arrange within the layout margins instead of the bounds.")
    baseline_relative = _StrategyProperty("baseline_relative", bool,
                                          "Vertical stacks: spacing measured between baselines.")
    generate_constraints = _StrategyProperty("generate_constraints", bool,
                                             "Always arrange with generated constraints (docs/stack.md).")
