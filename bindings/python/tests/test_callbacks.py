"""Overrides by subclassing, super() calls, exception propagation, diagnostics."""

import pytest

import brace
from brace import Rect


@pytest.fixture
def ctx():
    c = brace.Context()
    yield c
    c.close()


class Column(brace.View):
    """Lays its subviews out as 10-point rows, after the default (frame strategy)."""

    def __init__(self, ctx, **kw):
        self.log = []
        super().__init__(ctx, **kw)

    def will_layout_subviews(self):
        self.log.append("will")

    def layout_subviews(self):
        self.log.append("layout")
        super().layout_subviews()
        w = self.bounds.width
        for i, v in enumerate(self.subviews):
            v.frame = (0, i * 10, w, 10)

    def did_layout_subviews(self):
        self.log.append("did")


def test_layout_subviews_override(ctx):
    col = Column(ctx, frame=(0, 0, 50, 100))
    a, b = ctx.view(), ctx.view()
    col.add_subviews(a, b)
    ctx.run_update_cycle()
    assert col.log == ["will", "layout", "did"]
    assert a.frame == Rect(0, 0, 50, 10) and b.frame == Rect(0, 10, 50, 10)
    col.frame = (0, 0, 70, 100)  # a size change flags it again
    ctx.run_update_cycle()
    assert b.frame == Rect(0, 10, 70, 10)
    assert col.log == ["will", "layout", "did"] * 2


def test_only_overridden_callbacks_are_installed(ctx):
    class Drawn(brace.View):
        def __init__(self, ctx, **kw):
            self.rects = []
            super().__init__(ctx, **kw)

        def draw(self, rect):
            self.rects.append(rect)

    assert Drawn._overrides() == ("draw",)
    s = Drawn(ctx, frame=(0, 0, 100, 20), layout_strategy="stack")
    s.set_property("distribution", "fill_equally")
    a, b = ctx.view(), ctx.view()
    s.add_subviews(a, b)
    ctx.run_update_cycle()
    # layout_subviews is not overridden: the stack strategy still arranges.
    assert a.frame == Rect(0, 0, 50, 20) and b.frame == Rect(50, 0, 50, 20)
    assert s.rects == [Rect(0, 0, 100, 20)]
    s.set_needs_display((1, 2, 3, 4))
    ctx.run_update_cycle()
    assert s.rects[-1] == Rect(1, 2, 3, 4)
    s.hidden = True
    s.set_needs_display()
    ctx.run_update_cycle()
    assert len(s.rects) == 2  # hidden views are not drawn


def test_intrinsic_content_size_override_and_super(ctx):
    class Label(brace.View):
        text = "hello"

        def intrinsic_content_size(self):
            stored = super().intrinsic_content_size()
            return (7 * len(self.text), stored.height)

    lab = Label(ctx)
    lab.set_intrinsic_content_size((None, 17))
    assert lab.intrinsic_content_size() == (35, 17)
    root = ctx.view(frame=(0, 0, 300, 100))
    lab.translates_autoresizing_mask = False
    root.add_subview(lab)
    brace.activate([lab.leading == root.leading, lab.top == root.top])
    ctx.run_update_cycle()
    assert lab.frame == Rect(0, 0, 35, 17)
    lab.text = "hello world"
    lab.invalidate_intrinsic_content_size()
    ctx.run_update_cycle()
    assert lab.frame == Rect(0, 0, 77, 17)


def test_update_constraints_override(ctx):
    class Pinned(brace.View):
        calls = 0

        def update_constraints(self):
            type(self).calls += 1
            if not hasattr(self, "made"):
                self.made = brace.activate([self.width == 42])
            super().update_constraints()

    root = ctx.view(frame=(0, 0, 100, 100))
    p = Pinned(ctx)
    p.translates_autoresizing_mask = False
    root.add_subview(p)
    brace.activate([p.leading == root.leading, p.top == root.top, p.height == 1])
    p.set_needs_update_constraints()
    ctx.run_update_cycle()
    assert Pinned.calls >= 1
    assert p.frame == Rect(0, 0, 42, 1)


def test_super_outside_callback_is_reentrancy(ctx):
    v = ctx.view()
    with pytest.raises(brace.Reentrancy):
        v.layout_subviews()
    with pytest.raises(brace.Reentrancy):
        v.update_constraints()


class Boom(Exception):
    pass


@pytest.mark.parametrize("where", ["layout_subviews", "draw", "update_constraints", "intrinsic_content_size"])
def test_callback_exception_reaches_the_caller(ctx, where):
    class Bad(brace.View):
        armed = False

    def raiser(self, *a):
        if self.armed:
            raise Boom(where)
        return (1, 1) if where == "intrinsic_content_size" else None

    setattr(Bad, where, raiser)
    v = Bad(ctx, frame=(0, 0, 10, 10))
    ctx.run_update_cycle()
    v.armed = True
    getattr(v, {"layout_subviews": "set_needs_layout", "draw": "set_needs_display",
                "update_constraints": "set_needs_update_constraints",
                "intrinsic_content_size": "invalidate_intrinsic_content_size"}[where])()
    if where == "intrinsic_content_size":
        with pytest.raises(Boom):
            v.intrinsic_content_size()  # called directly: a plain Python exception
        with pytest.raises(Boom):
            v.system_layout_size_fitting((0, 0))  # through the engine
    else:
        with pytest.raises(Boom, match=where):
            ctx.run_update_cycle()
    # The context is usable afterwards and the exception is not raised twice.
    v.armed = False
    v.set_needs_layout()
    ctx.run_update_cycle()
    assert v.frame == Rect(0, 0, 10, 10)


def test_exception_from_layout_if_needed(ctx):
    class Bad(brace.View):
        def layout_subviews(self):
            raise Boom("sync")

    v = Bad(ctx, frame=(0, 0, 10, 10))
    with pytest.raises(Boom):
        v.layout_if_needed()
    assert ctx.pending & brace.Phase.DISPLAY  # the turn's other work is still there


def test_nested_cycle_from_callback_is_refused(ctx):
    class Nested(brace.View):
        def layout_subviews(self):
            self.context.run_update_cycle()

    Nested(ctx, frame=(0, 0, 1, 1))
    with pytest.raises(brace.Reentrancy):
        ctx.run_update_cycle()


def test_feedback_loop_is_reported(ctx):
    c = brace.Context(feedback_loop_threshold=50)

    class Loop(brace.View):
        def layout_subviews(self):
            self.set_needs_layout()

    v = Loop(c, frame=(0, 0, 5, 5))
    with pytest.raises(brace.FeedbackLoop):
        c.run_update_cycle()
    d = [d for d in c.diagnostics if d.kind == brace.DiagnosticKind.FEEDBACK_LOOP]
    assert d and v.handle in d[0].nodes and d[0].views == [v]
    c.close()


def test_diagnostic_callable_and_its_exception():
    seen = []
    c = brace.Context(diagnostics=seen.append)
    root = c.view()
    a = c.view()
    a.translates_autoresizing_mask = False
    root.add_subview(a)
    brace.activate([a.width == 10])
    with pytest.raises(brace.UnsatisfiableConstraints):
        brace.activate([a.width == 20])
    assert seen and seen[0].kind == brace.DiagnosticKind.UNSATISFIABLE
    assert a.handle in seen[0].nodes

    def angry(d):
        raise Boom("diag")

    c.on_diagnostic = angry
    with pytest.raises(Boom):
        brace.activate([a.width == 30])
    c.close()


def test_trace(ctx):
    events = []
    ctx.set_trace(lambda kind, phase, node, rect: events.append((kind, node)))
    v = ctx.view(frame=(0, 0, 3, 3))
    ctx.run_update_cycle()
    assert (brace.lib.BRACE_TRACE_LAYOUT, v.handle) in events
    assert (brace.lib.BRACE_TRACE_DRAW, v.handle) in events
    ctx.set_trace(None)


def test_destroying_the_node_being_laid_out_is_refused(ctx):
    class SelfDestruct(brace.View):
        def layout_subviews(self):
            self.destroy()

    v = SelfDestruct(ctx, frame=(0, 0, 1, 1))
    with pytest.raises(brace.Reentrancy):
        ctx.run_update_cycle()
    assert v.alive and v.frame == Rect(0, 0, 1, 1)


def test_callbacks_may_edit_other_nodes(ctx):
    class Spawner(brace.View):
        def layout_subviews(self):
            if not self.subviews:
                kid = brace.View(self.context, frame=(1, 1, 2, 2))
                self.add_subview(kid)
            self.subviews[0].frame = (0, 0, self.bounds.width / 2, 3)

    s = Spawner(ctx, frame=(0, 0, 40, 40))
    ctx.run_update_cycle()
    assert [v.frame for v in s.subviews] == [Rect(0, 0, 20, 3)]


def test_a_context_with_a_diagnostics_callback_prints_nothing_to_stderr(capfd):
    # Regression: retrying a broken constraint (after an unrelated change) unhooked the
    # callback for a moment, and a context without one prints its report to stderr.
    got = []
    ctx = brace.Context(strict=False, diagnostics=got.append)
    root = ctx.view(frame=(0, 0, 375, 667))
    a, b = ctx.view(), ctx.view()
    for v in (a, b):
        v.translates_autoresizing_mask = False
        root.add_subview(v)
    brace.activate([b.width == 100, b.width == 200])
    ctx.run_update_cycle()
    brace.deactivate(brace.activate([a.width == 10]))
    ctx.run_update_cycle()
    assert [d.kind for d in got] == [brace.DiagnosticKind.UNSATISFIABLE]
    assert "[Brace]" not in capfd.readouterr().err
