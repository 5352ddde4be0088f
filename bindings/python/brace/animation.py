"""Animated layout changes (brace/animation.h): transactions, timing curves, springs,
and the clock they run on.

    with ctx.animate(duration=0.3, curve="ease_in_out", completion=done):
        c.constant = 120
        root.layout_if_needed()        # the views move, over 0.3 s, to their new frames
    ...once per display frame:
    for view, frame in ctx.sample().items(): draw(view, frame)
    ctx.tick()                         # runs the completions that became due

The clock
---------
Brace starts no timer: every time is the host's, in seconds on a monotonic clock. Each
call that needs one (``ctx.animate(now=)``, ``ctx.tick(t)``, ``ctx.sample(t)``,
``view.presentation_frame(t)``) takes it explicitly, and when it is not given asks
``ctx.clock()``: ``time.monotonic`` unless the Context was made with ``clock=`` or the
attribute was set. Tests and picture writers use a :class:`ManualClock` (or explicit
times) so that nothing depends on the wall clock. The engine refuses a begin or a tick
earlier than the latest time it was given (:class:`~brace.errors.InvalidArgument`), so
one context keeps to one clock.

The Context's and View's methods that use this module are in :mod:`brace.core`.
"""

from __future__ import annotations

import enum
from collections import namedtuple

from . import errors
from ._native import ffi, lib
from .geometry import _num

TYPE_CHECKING = False  # (typing is slow to import; only type checkers read this)
if TYPE_CHECKING:  # the context builds on this module, not the reverse
    from .core import Context


class Curve(enum.IntEnum):
    """The timing curves (brace_animation_curve). The named ones use Core Animation's
    control points: ease-in-out (0.42, 0, 0.58, 1), ease-in (0.42, 0, 1, 1), ease-out
    (0, 0, 0.58, 1), linear."""
    EASE_IN_OUT = lib.BRACE_CURVE_EASE_IN_OUT
    EASE_IN = lib.BRACE_CURVE_EASE_IN
    EASE_OUT = lib.BRACE_CURVE_EASE_OUT
    LINEAR = lib.BRACE_CURVE_LINEAR
    CUBIC_BEZIER = lib.BRACE_CURVE_CUBIC_BEZIER
    SPRING = lib.BRACE_CURVE_SPRING


class Spring(namedtuple("Spring", "damping velocity", defaults=(1.0, 0.0))):
    """UIKit's ``usingSpringWithDamping:initialSpringVelocity:``: the damping ratio in
    (0, 1] (1: no overshoot, the default) and the initial velocity in distances per
    second (default 0)."""
    __slots__ = ()


class ManualClock:
    """A clock that moves only when told: ``Context(clock=ManualClock())``, then
    ``clock.advance(1 / 60)`` or ``clock.t = 0.5`` between frames. Calling it answers
    the time."""

    __slots__ = ("t",)

    def __init__(self, t: float = 0.0):
        self.t = float(t)

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> float:
        self.t += float(dt)
        return self.t

    def __repr__(self):
        return "ManualClock(%r)" % self.t


_OPTIONS = (("begin_from_current_state", lib.BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE),
            ("inherit_duration", lib.BRACE_ANIMATION_INHERIT_DURATION),
            ("inherit_curve", lib.BRACE_ANIMATION_INHERIT_CURVE),
            ("animate_new_views", lib.BRACE_ANIMATION_ANIMATE_NEW_VIEWS))


def _invalid(message: str) -> errors.InvalidArgument:
    return errors.InvalidArgument(message, "BRACE_E_INVALID_ARGUMENT")


def _curve(curve, spring, control_points) -> Curve:
    """The curve asked for: by name or Curve; None is ease-in-out, or the form that
    `spring` or `control_points` implies."""
    if curve is None:
        if spring is not None and control_points is not None:
            raise _invalid("animate(): give spring= or control_points=, not both")
        return Curve.SPRING if spring is not None else \
            Curve.CUBIC_BEZIER if control_points is not None else Curve.EASE_IN_OUT
    if isinstance(curve, str):
        try:
            curve = Curve[curve.upper()]
        except KeyError:
            names = ", ".join(repr(m.lower()) for m in Curve.__members__)
            raise _invalid("animate(): curve must be one of %s, not %r" % (names, curve)) from None
    else:
        try:
            curve = Curve(curve)
        except ValueError:
            raise _invalid("animate(): curve %r is no brace_animation_curve" % (curve,)) from None
    if spring is not None and curve != Curve.SPRING:
        raise _invalid("animate(): spring= goes with curve='spring', not %r" % curve.name.lower())
    if control_points is not None and curve != Curve.CUBIC_BEZIER:
        raise _invalid("animate(): control_points= goes with curve='cubic_bezier', not %r" % curve.name.lower())
    return curve


def _spring(spring) -> Spring:
    """A Spring from a Spring, a (damping, velocity) pair or a damping ratio alone."""
    if isinstance(spring, (int, float)):
        return Spring(_num(spring, "spring"))
    try:
        damping, velocity = spring
    except (TypeError, ValueError):
        raise _invalid("animate(): spring must be a damping ratio or (damping, velocity), not %r"
                       % (spring,)) from None
    return Spring(_num(damping, "spring damping"), _num(velocity, "spring velocity"))


def params(duration=0.25, curve=None, delay=0.0, spring=None, control_points=None, **options):
    """A ``brace_animation_params`` (cffi, owned) from ``animate()``'s arguments, without
    its completion. The values are the engine's to check; this checks their shape."""
    p = ffi.new("brace_animation_params *")
    p.struct_size = ffi.sizeof("brace_animation_params")
    p.duration = _num(duration, "duration")
    p.delay = _num(delay, "delay")
    c = _curve(curve, spring, control_points)
    p.curve = c
    # BRACE_ANIMATION_PARAMS_INIT's values for what this curve ignores.
    p.control_points = (0.42, 0.0, 0.58, 1.0)
    p.damping_ratio, p.initial_velocity = Spring()
    if c == Curve.CUBIC_BEZIER:
        if control_points is None:
            raise _invalid("animate(): curve='cubic_bezier' needs control_points=(x1, y1, x2, y2)")
        points = [_num(v, "control_points") for v in control_points]
        if len(points) != 4:
            raise _invalid("animate(): control_points must be (x1, y1, x2, y2), not %d numbers" % len(points))
        p.control_points = points
    elif c == Curve.SPRING and spring is not None:
        p.damping_ratio, p.initial_velocity = _spring(spring)
    bits = 0
    for name, bit in _OPTIONS:
        if options.pop(name, False):
            bits |= bit
    if options:
        raise TypeError("animate() got unexpected keyword argument(s) %s" % ", ".join(sorted(options)))
    p.options = bits
    return p


class Transaction:
    """``with ctx.animate(...) as a:`` — one animation transaction: begun on entry (at
    ``a.now``), committed on exit, also when the block raises. Made by
    :meth:`brace.Context.animate`; a transaction is entered once."""

    __slots__ = ("_ctx", "_params", "_completion", "now", "duration", "delay", "curve")

    def __init__(self, ctx: "Context", completion, now, **kw):
        self._ctx = ctx
        self._params = params(**kw)
        if completion is not None and not callable(completion):
            raise TypeError("animate(): completion must be callable (finished: bool), not %r"
                            % type(completion).__name__)
        self._completion = completion
        self.now = None if now is None else _num(now, "now")
        self.duration = self._params.duration
        self.delay = self._params.delay
        self.curve = Curve(self._params.curve)

    def __enter__(self) -> "Transaction":
        if self._params is None:
            raise errors.InvalidState("this animation transaction was already entered; call ctx.animate() again",
                                      "BRACE_E_INVALID_STATE")
        now = self._ctx._time(self.now)
        self._ctx._begin_animation(self._params, self._completion, now)
        self.now = now
        self._params = self._completion = None
        return self

    def __exit__(self, exc_type, exc, tb):
        self._ctx._commit_animation(quiet=exc_type is not None)

    def __repr__(self):
        return "<brace.Transaction %s %gs delay %gs at %s>" % (self.curve.name.lower(), self.duration,
                                                             self.delay, self.now)


class WithoutAnimation:
    """``with ctx.without_animation():`` — changes inside are not animated, even inside a
    transaction (UIView.performWithoutAnimation)."""

    __slots__ = ("_ctx",)

    def __init__(self, ctx: "Context"):
        self._ctx = ctx

    def __enter__(self) -> None:
        self._ctx._call(lib.brace_context_begin_without_animation)

    def __exit__(self, exc_type, exc, tb):
        self._ctx._commit_animation(quiet=exc_type is not None)
