"""Animated layout changes from Python: ctx.animate, without_animation, the clock, tick
and completions, presentation frames, the bulk sampler, cancel, and bad input.

Expected frames are computed here, independently of the engine: the timing curves are
Core Animation's cubic Béziers, solved by bisection below; times come from a fake clock
or are given explicitly (no test depends on the wall clock)."""

import gc
import math
import threading
import weakref
from pathlib import Path

import pytest

import brace
from brace import Rect


def bezier(x1, y1, x2, y2, u):
    """The progress of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at time fraction u:
    the parameter s with x(s) = u by bisection (x increases on [0, 1]), then y(s), with
    B(s; p1, p2) = 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³."""
    def b(s, p1, p2):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if b(mid, x1, x2) < u:
            lo = mid
        else:
            hi = mid
    return b((lo + hi) / 2, y1, y2)


# Core Animation's control points (brace/animation.h).
CURVES = {"ease_in_out": (0.42, 0.0, 0.58, 1.0), "ease_in": (0.42, 0.0, 1.0, 1.0),
          "ease_out": (0.0, 0.0, 0.58, 1.0), "linear": (0.0, 0.0, 1.0, 1.0)}


@pytest.fixture
def clock():
    return brace.ManualClock(10.0)


@pytest.fixture
def ctx(clock):
    c = brace.Context(clock=clock)
    yield c
    c.close()


def pinned_box(ctx):
    """A 300 x 100 root with a 100 x 50 box at leading == root.leading + 20, top == 0:
    the recipe's constraint is `lead`."""
    root = ctx.view(frame=(0, 0, 300, 100))
    box = ctx.view()
    root.add_subview(box)
    box.translates_autoresizing_mask = False
    lead = box.leading == root.leading + 20
    brace.activate([lead, box.top == root.top, box.width == 100, box.height == 50])
    root.layout_if_needed()
    return root, box, lead


# ---------------------------------------------------------------- the recipe


@pytest.mark.parametrize("curve", sorted(CURVES))
def test_the_recipe_moves_the_box_along_the_curve(ctx, clock, curve):
    root, box, lead = pinned_box(ctx)
    assert box.frame == Rect(20, 0, 100, 50)
    with ctx.animate(duration=0.4, curve=curve) as a:  # begins at the clock's 10.0
        lead.constant = 120
        root.layout_if_needed()
    assert a.now == 10.0
    # The model frame changed at once; what is shown moves from x 20 to 120 over 0.4 s.
    assert box.frame == Rect(120, 0, 100, 50)
    assert box.is_animating
    for u in (0.0, 0.25, 0.5, 1.0):
        # x = 20 + 100 · progress(u); e.g. ease-in-out at a quarter: s = 0.2250652 solves
        # x(s) = 0.25, y(s) = 0.1291619, so x = 32.91619.
        x = 20 + 100 * bezier(*CURVES[curve], u)
        f = box.presentation_frame(10.0 + 0.4 * u)
        assert f.x == pytest.approx(x, abs=1e-9), (curve, u)
        assert (f.y, f.width, f.height) == (0, 100, 50)
    if curve == "linear":
        assert box.presentation_frame(10.1).x == pytest.approx(45.0, abs=1e-12)  # 20 + 100 · 0.25
    if curve == "ease_in_out":
        assert box.presentation_frame(10.2).x == pytest.approx(70.0, abs=1e-9)  # symmetric: 0.5 at half
    # The clock's time is the default.
    clock.t = 10.1
    assert box.presentation_frame() == box.presentation_frame(10.1)
    assert ctx.tick() == 1
    assert ctx.tick(10.4) == 0
    assert not box.is_animating
    assert box.presentation_frame(11) == box.frame == Rect(120, 0, 100, 50)


def test_custom_control_points_and_delay(ctx):
    root, box, lead = pinned_box(ctx)
    with ctx.animate(duration=1.0, delay=0.5, control_points=(0.1, 0.7, 0.3, 1.2)) as a:
        lead.constant = 220
        root.layout_if_needed()
    assert a.curve == brace.Curve.CUBIC_BEZIER
    # Meanwhile (the delay) the box is shown where it was.
    assert box.presentation_frame(10.25).x == 20
    for u in (0.25, 0.5, 0.75):
        assert box.presentation_frame(10.5 + u).x == pytest.approx(20 + 200 * bezier(0.1, 0.7, 0.3, 1.2, u), abs=1e-9)
    # y2 = 1.2 overshoots: past 220 at some time before the end.
    assert max(box.presentation_frame(10.5 + k / 100).x for k in range(100)) > 220


# ---------------------------------------------------------------- springs


def spring_path(ctx, damping, velocity=0.0, duration=1.0):
    root, box, lead = pinned_box(ctx)
    with ctx.animate(duration=duration, spring=(damping, velocity)) as a:
        lead.constant = 120
        root.layout_if_needed()
    assert a.curve == brace.Curve.SPRING
    return [box.presentation_frame(10.0 + duration * k / 1000).x for k in range(1001)]


def test_a_critically_damped_spring_never_overshoots_and_settles(ctx):
    xs = spring_path(ctx, 1.0)
    assert xs[0] == 20 and xs[-1] == 120  # lands exactly at the end of its duration
    assert all(a <= b + 1e-12 for a, b in zip(xs, xs[1:]))  # monotonic: no overshoot
    # Within 0.1% of the 100-point distance at the end; 1 ms before, the envelope is
    # e^(ω · 0.001) (ω ≈ 9.2 per second here) larger: about 0.101, under 0.11.
    assert abs(xs[-2] - 120) <= 0.11


def test_a_lower_damping_ratio_overshoots_more(clock):
    peaks = {}
    for damping in (0.3, 0.6):
        with brace.Context(clock=clock) as c:
            xs = spring_path(c, damping)
        assert xs[-1] == 120 and abs(xs[-2] - 120) <= 0.11
        peaks[damping] = max(xs)
    assert peaks[0.3] > peaks[0.6] > 120


def test_spring_forms(ctx):
    root, box, lead = pinned_box(ctx)
    # A damping ratio alone (velocity 0), a Spring, and curve="spring" with the header's
    # defaults (damping 1, velocity 0) are all accepted.
    for kw in ({"spring": 0.5}, {"spring": brace.Spring(damping=0.5)}, {"curve": "spring"},
               {"curve": brace.Curve.SPRING, "spring": (1.0, 2.0)}):
        with ctx.animate(duration=0.5, **kw) as a:
            pass
        assert a.curve == brace.Curve.SPRING
    assert ctx.tick() == 0


# ---------------------------------------------------------------- nesting


def three_boxes(ctx):
    root = ctx.view(frame=(0, 0, 500, 500))
    views = [ctx.view(frame=(0, 100 * k, 10, 10)) for k in range(3)]
    root.add_subviews(*views)
    return root, views


def test_nested_transactions_and_without_animation(ctx):
    root, (a, b, c) = three_boxes(ctx)
    assert ctx.animation_depth == 0
    with ctx.animate(duration=1.0, curve="linear"):
        a.frame = (100, 0, 10, 10)
        with ctx.animate(duration=0.5, curve="linear"):
            assert ctx.animation_depth == 2
            b.frame = (100, 100, 10, 10)
            with ctx.animate(duration=0.25, curve="ease_in", inherit_duration=True, inherit_curve=True):
                c.frame = (100, 200, 10, 10)
        with ctx.without_animation():
            assert ctx.animation_depth == 2
            root.frame = (0, 0, 600, 600)
    assert ctx.animation_depth == 0
    # a: 1 s, linear; b: the inner 0.5 s; c inherits b's duration and curve.
    assert a.presentation_frame(10.25).x == 25.0  # 100 · 0.25
    assert b.presentation_frame(10.25).x == 50.0  # 100 · 0.25 / 0.5
    assert c.presentation_frame(10.25).x == 50.0
    assert not root.is_animating and root.presentation_frame(10.25) == Rect(0, 0, 600, 600)
    assert ctx.tick(10.5) == 1  # b and c ended; a runs on


def test_without_animation_keeps_running_animations_ending_at_the_new_frame(ctx):
    root, (a, _, _) = three_boxes(ctx)
    with ctx.animate(duration=1.0, curve="linear"):
        a.frame = (100, 0, 10, 10)
    with ctx.without_animation():
        a.frame = (300, 0, 10, 10)
    # The running animation adds its remaining share to the new model frame:
    # 300 + (0 - 100) · (1 - 0.5) = 250.
    assert a.presentation_frame(10.5).x == 250.0
    assert a.presentation_frame(11.0).x == 300.0


def test_the_block_raising_still_commits(ctx):
    root, (a, _, _) = three_boxes(ctx)
    with pytest.raises(KeyError):
        with ctx.animate(duration=1.0):
            a.frame = (100, 0, 10, 10)
            raise KeyError("from the block")
    assert ctx.animation_depth == 0
    assert a.is_animating  # the change made before it raised animates


def test_a_transaction_is_entered_once(ctx):
    t = ctx.animate(duration=1.0)
    with t:
        pass
    with pytest.raises(brace.InvalidState):
        with t:
            pass
    assert ctx.animation_depth == 0


# ---------------------------------------------------------------- interruption


@pytest.mark.parametrize("replace", [False, True])
def test_an_interrupting_animation_never_jumps(ctx, replace):
    root, (a, _, _) = three_boxes(ctx)
    done = []
    with ctx.animate(duration=1.0, curve="linear", completion=lambda f: done.append(("first", f))):
        a.frame = (100, 0, 10, 10)
    before = a.presentation_frame(10.5)
    with ctx.animate(duration=1.0, curve="linear", now=10.5, begin_from_current_state=replace,
                     completion=lambda f: done.append(("second", f))):
        a.frame = (200, 0, 10, 10)
    assert before.x == 50.0 and abs(a.presentation_frame(10.5).x - before.x) <= 1e-9
    if replace:
        # From 50 to 200 over [10.5, 11.5]: 50 + 150 · 0.5 = 125 at 11.0; the first was
        # stopped, so it did not finish.
        x, first = 125.0, ("first", False)
    else:
        # Additive: 200 + (0 - 100) · 0 + (100 - 200) · (1 - 0.5) = 150; both run to their end.
        x, first = 150.0, ("first", True)
    assert a.presentation_frame(11.0).x == x
    assert ctx.tick(11.0) == 1 and done == [first]
    assert ctx.tick(11.5) == 0 and done == [first, ("second", True)]


# ---------------------------------------------------------------- completions


def test_completions_run_from_tick_in_the_order_the_transactions_end(ctx):
    root, (a, b, c) = three_boxes(ctx)
    done = []
    for view, duration in ((a, 0.75), (b, 0.25), (c, 0.5)):
        with ctx.animate(duration=duration, completion=lambda f, v=view: done.append((v, f))):
            view.frame = (50, view.frame.y, 10, 10)
    with ctx.animate(duration=1.0, completion=lambda f: done.append(("empty", f))):
        pass  # records nothing: completes at the next tick
    assert done == []  # nothing runs before a tick
    assert ctx.tick(10.5) == 1
    assert done == [("empty", True), (b, True), (c, True)]
    assert ctx.tick(11) == 0
    assert done[-1] == (a, True)


def test_an_exception_in_a_completion_reaches_tick_and_the_others_still_run(ctx):
    root, (a, b, _) = three_boxes(ctx)
    seen = []

    def fails(finished):
        raise ValueError("from a completion")

    def reads(finished):
        # Calls into the context after an earlier completion raised: they work.
        seen.append((finished, a.frame))

    with ctx.animate(duration=0.5, completion=fails):
        a.frame = (50, 0, 10, 10)
    with ctx.animate(duration=0.5, completion=reads):
        b.frame = (50, 100, 10, 10)
    with pytest.raises(ValueError, match="from a completion"):
        ctx.tick(11)
    assert seen == [(True, Rect(50, 0, 10, 10))]
    assert ctx.tick(12) == 0  # nothing left over


def test_completions_run_on_the_thread_that_ticks_and_raise_there(ctx):
    root, (a, _, _) = three_boxes(ctx)
    ran_on = []

    def fails(finished):
        ran_on.append(threading.get_ident())
        raise KeyError("in the ticking thread")

    with ctx.animate(duration=1.0, completion=fails):
        a.frame = (100, 0, 10, 10)
    caught = []

    def host():
        try:
            ctx.tick(11.0)
        except KeyError as e:
            caught.append(e)

    worker = threading.Thread(target=host)
    worker.start()
    worker.join()
    assert ran_on == [worker.ident] and len(caught) == 1
    assert ctx.tick(11.0) == 0  # nothing was left for this thread


def test_a_completion_may_chain_an_animation_but_not_tick(ctx):
    root, (a, _, _) = three_boxes(ctx)

    def chain(finished):
        with ctx.animate(duration=1.0, curve="linear", now=11.0):
            a.frame = (0, 0, 10, 10)

    with ctx.animate(duration=1.0, completion=chain):
        a.frame = (100, 0, 10, 10)
    ctx.tick(11.0)
    assert a.is_animating and a.presentation_frame(11.5).x == 50.0
    assert ctx.tick(11.5) == 1
    with ctx.animate(duration=0.1, now=11.5, completion=lambda f: ctx.tick(12.0)):
        pass
    with pytest.raises(brace.Reentrancy):
        ctx.tick(12.0)


def test_completions_are_kept_until_they_ran_and_not_after():
    class Completion:
        def __init__(self, log):
            self.log = log

        def __call__(self, finished):
            self.log.append(finished)

    log = []
    clock = brace.ManualClock(0)
    ctx = brace.Context(clock=clock)
    a = ctx.view(frame=(0, 0, 10, 10))

    def animate_with_a_completion(x):
        """Moves `a` in a transaction whose completion only the transaction names; a weak
        reference to that completion."""
        fn = Completion(log)
        with ctx.animate(duration=1.0, completion=fn):
            a.frame = (x, 0, 10, 10)
        return weakref.ref(fn)

    ran = animate_with_a_completion(10)
    gc.collect()
    assert ran() is not None  # kept for the engine's transaction
    ctx.tick(clock.advance(1.0))
    gc.collect()
    assert log == [True] and ran() is None  # once run, nothing holds it
    pending = animate_with_a_completion(20)
    ctx.close()  # pending: dropped uncalled, and released
    gc.collect()
    assert log == [True] and pending() is None


# ---------------------------------------------------------------- cancel


def test_cancel_shows_the_model_frame_and_completes_unfinished(ctx):
    root, (a, _, _) = three_boxes(ctx)
    child = ctx.view(frame=(0, 0, 5, 5))
    a.add_subview(child)
    done = []
    with ctx.animate(duration=1.0, completion=done.append):
        a.frame = (100, 0, 10, 10)
        child.frame = (5, 5, 5, 5)
    a.cancel_animations()
    assert not a.is_animating and a.presentation_frame(10.5) == a.frame
    assert child.is_animating  # not its subtree
    a.cancel_animations(subtree=True)
    assert not child.is_animating and child.presentation_frame(10.5) == Rect(5, 5, 5, 5)
    assert ctx.sample(10.5) == {}
    assert ctx.tick(10.5) == 0
    assert done == [False]


@pytest.mark.parametrize("end", ["destroy", "remove_from_superview"])
def test_destroying_or_removing_an_animating_view_completes_unfinished(ctx, end):
    root, (a, _, _) = three_boxes(ctx)
    done = []
    with ctx.animate(duration=1.0, completion=done.append):
        a.frame = (100, 0, 10, 10)
    getattr(a, end)()
    assert ctx.sample(10.1) == {}
    assert ctx.tick(10.1) == 0
    assert done == [False]


# ---------------------------------------------------------------- new views and stacks


def test_a_new_view_appears_in_place_unless_asked(ctx):
    root, box, lead = pinned_box(ctx)
    for grow in (False, True):
        new = ctx.view()
        root.add_subview(new)
        new.translates_autoresizing_mask = False
        brace.activate([new.leading == box.trailing, new.top == root.top, new.width == 40, new.height == 20])
        with ctx.animate(duration=1.0, curve="linear", animate_new_views=grow, now=10.0 + grow):
            root.layout_if_needed()
        assert new.frame == Rect(120, 0, 40, 20)
        if grow:  # from a zero rectangle: halfway, half of every component
            assert new.presentation_frame(11.5) == Rect(60, 0, 20, 10)
        else:
            assert not new.is_animating and new.presentation_frame(10.5) == new.frame


def test_hiding_an_arranged_view_animates_the_others_closing_the_gap(ctx):
    stack = ctx.stack(axis="horizontal", distribution="fill_equally", frame=(0, 0, 300, 20))
    a, b, c = ctx.view(), ctx.view(), ctx.view()
    stack.add_subviews(a, b, c)
    stack.layout_if_needed()
    assert [v.frame for v in (a, c)] == [Rect(0, 0, 100, 20), Rect(200, 0, 100, 20)]
    with ctx.animate(duration=1.0, curve="linear"):
        b.hidden = True
        stack.layout_if_needed()
    # Two views of 150 now; halfway a is 100 + (150 - 100) / 2 = 125 wide and c starts at
    # 200 + (150 - 200) / 2 = 175.
    assert (a.frame, c.frame) == (Rect(0, 0, 150, 20), Rect(150, 0, 150, 20))
    assert a.presentation_frame(10.5) == Rect(0, 0, 125, 20)
    assert c.presentation_frame(10.5) == Rect(175, 0, 125, 20)


# ---------------------------------------------------------------- the bulk sampler


def test_the_bulk_sampler_equals_the_presentation_frames(ctx):
    root = ctx.view(frame=(0, 0, 1000, 1000))
    views = [ctx.view(frame=(0, k, 10, 10)) for k in range(50)]
    root.add_subviews(*views)
    with ctx.animate(duration=1.0):
        views[0].frame = (500, 0, 10, 10)
    assert list(ctx.sample(10.5)) == [views[0]]
    # More than the buffer held: it grows, the answer is whole.
    for k, v in enumerate(views):
        with ctx.animate(duration=0.5 + k / 100, curve="ease_out", now=10.25):
            v.frame = (10 * k, 2 * k, 10 + k, 10)
    for t in (10.25, 10.5, 10.7, 10.955, 11.005):
        # views[k] animates until 10.25 + 0.5 + k/100; views[0] also until 11.0. (No t on
        # an end, where rounding would decide.)
        animating = [v for k, v in enumerate(views) if 10.75 + k / 100 > t or (k == 0 and 11.0 > t)]
        assert ctx.sample(t) == {v: v.presentation_frame(t) for v in animating}, t
    assert len(ctx.sample(10.5)) == 50 and ctx.sample(11.25) == {}  # the last ends at 11.24


def test_the_bulk_sampler_wraps_a_view_whose_wrapper_went_away(ctx):
    root = ctx.view(frame=(0, 0, 100, 100))
    child = root.add_subview(ctx.view(frame=(0, 0, 10, 10)))
    with ctx.animate(duration=1.0, curve="linear"):
        child.frame = (20, 0, 10, 10)
    handle = child.handle
    del child
    gc.collect()
    ((view, frame),) = ctx.sample(10.5).items()
    assert (view.handle, view.superview, frame) == (handle, root, Rect(10, 0, 10, 10))


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("kw,words", [
    ({"duration": math.nan}, "duration"),
    ({"duration": -0.1}, "duration"),
    ({"delay": math.inf}, "delay"),
    ({"delay": -1.0}, "delay"),
    ({"spring": 0.0}, "damping_ratio"),
    ({"spring": (1.5, 0.0)}, "damping_ratio"),
    ({"spring": (0.5, math.nan)}, "initial_velocity"),
    ({"control_points": (1.5, 0, 0.5, 1)}, "control_points"),
    ({"now": 9.0}, "backwards"),
    ({"now": math.nan}, "now"),
])
def test_bad_parameters_are_refused_with_the_engines_message_and_nothing_changes(ctx, kw, words):
    root, (a, _, _) = three_boxes(ctx)
    ctx.tick(10.0)
    called = []
    with pytest.raises(brace.InvalidArgument) as info:
        with ctx.animate(completion=called.append, **kw):
            a.frame = (100, 0, 10, 10)
    assert str(info.value).startswith("with Transaction: ") and words in str(info.value)
    assert info.value.status == "BRACE_E_INVALID_ARGUMENT"
    # The block never ran, nothing is open, nothing animates, the completion is not kept.
    assert a.frame == Rect(0, 0, 10, 10)
    assert ctx.animation_depth == 0 and ctx.sample(10.0) == {}
    ctx.tick(20.0)
    assert called == [] and ctx._completions == {}


@pytest.mark.parametrize("kw,words", [
    ({"curve": "bouncy"}, "'ease_in_out'"),
    ({"curve": 9}, "curve"),
    ({"curve": "linear", "spring": 0.5}, "spring"),
    ({"curve": "spring", "control_points": (0, 0, 1, 1)}, "control_points"),
    ({"spring": 0.5, "control_points": (0, 0, 1, 1)}, "not both"),
    ({"curve": "cubic_bezier"}, "control_points"),
    ({"control_points": (0, 0, 1)}, "(x1, y1, x2, y2)"),
    ({"spring": "stiff"}, "damping"),
])
def test_ill_formed_arguments_are_refused_before_the_engine(ctx, kw, words):
    with pytest.raises(brace.InvalidArgument, match=words.replace("(", r"\(").replace(")", r"\)")):
        ctx.animate(**kw)
    assert ctx.animation_depth == 0


def test_time_going_backwards_is_refused_and_changes_nothing(ctx):
    root, (a, _, _) = three_boxes(ctx)
    with ctx.animate(duration=1.0, curve="linear", now=10.0):
        a.frame = (100, 0, 10, 10)
    assert ctx.tick(10.5) == 1
    with pytest.raises(brace.InvalidArgument, match="backwards"):
        ctx.tick(10.25)
    with pytest.raises(brace.InvalidArgument, match="finite"):
        ctx.tick(math.inf)
    with pytest.raises(brace.InvalidArgument, match="finite"):
        a.presentation_frame(math.nan)
    # Sampling may ask about any time, earlier ones too.
    assert a.presentation_frame(10.25).x == 25.0
    assert ctx.tick(10.5) == 1 and a.is_animating


def test_tick_inside_a_transaction_is_refused(ctx):
    with ctx.animate(duration=1.0):
        with pytest.raises(brace.InvalidState, match="commit"):
            ctx.tick()
    assert ctx.tick() == 0


def test_the_default_clock_is_monotonic():
    import time
    with brace.Context() as c:
        assert c.clock is time.monotonic
        v = c.view(frame=(0, 0, 10, 10))
        with c.animate(duration=3600.0) as a:
            v.frame = (10, 0, 10, 10)
        assert a.now <= time.monotonic()
        assert c.tick() == 1 and v.is_animating
    with pytest.raises(TypeError):
        brace.Context(clock=1.5)


# ---------------------------------------------------------------- the documented examples


def run_documented_example(capsys, doc: Path, heading: str, prints: int):
    """The first Python example after `heading` in `doc` runs, and each of its `prints`
    print lines writes the line its comment shows."""
    if not doc.exists():
        pytest.skip("%s is not here (tests run outside the repository)" % doc.name)
    section = doc.read_text(encoding="utf-8").split(heading, 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    expected = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    assert len(expected) == prints
    exec(compile(code, str(doc), "exec"), {})
    assert capsys.readouterr().out.splitlines() == expected


REPOSITORY = Path(__file__).resolve().parents[3]


def test_the_readmes_animation_example_prints_what_its_comments_say(capsys):
    run_documented_example(capsys, REPOSITORY / "README.md", "### Animating layout changes", 4)


def test_the_animation_docs_python_example_prints_what_its_comments_say(capsys):
    """docs/animation.md's toolbar (the values are worked out in the text under it)."""
    run_documented_example(capsys, REPOSITORY / "docs" / "animation.md", "## In Python", 5)
