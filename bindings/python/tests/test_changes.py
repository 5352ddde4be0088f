"""ctx.changed_frames(): the views whose frame changed in the last turn, with old and new
Rects (brace/cycle.h, CHANGED FRAMES). Expected frames are worked out by hand in the
comments; the random test compares the list with a diff of every view's frame."""

import random

import pytest

import brace
from brace import FrameChange, Rect


@pytest.fixture
def ctx():
    c = brace.Context()
    yield c
    c.close()


def as_dict(changes):
    return {c.view: (c.old, c.new) for c in changes}


def test_a_turn_lists_what_moved_once_and_nothing_after(ctx):
    assert ctx.changed_frames() == []  # before the first turn
    root = ctx.view(frame=(0, 0, 100, 100))
    a, b = ctx.view(frame=(10, 10, 20, 20)), ctx.view(frame=(40, 10, 20, 20))
    root.add_subviews(a, b)
    ctx.run_update_cycle()
    # Created in the period: from the zero rect.
    assert as_dict(ctx.changed_frames()) == {root: (Rect(), Rect(0, 0, 100, 100)),
                                             a: (Rect(), Rect(10, 10, 20, 20)),
                                             b: (Rect(), Rect(40, 10, 20, 20))}
    ctx.run_update_cycle()
    assert ctx.changed_frames() == []
    # a moves twice (one entry, first old frame, last new one); b moves and comes back.
    a.frame = (11, 10, 20, 20)
    a.frame = (12, 10, 25, 20)
    b.frame = (0, 0, 1, 1)
    b.frame = (40, 10, 20, 20)
    ctx.run_update_cycle()
    changes = ctx.changed_frames()
    assert changes == [FrameChange(a, Rect(10, 10, 20, 20), Rect(12, 10, 25, 20))]
    assert isinstance(changes[0].new, Rect) and changes[0].view is a


def test_a_constraint_and_a_stack_move_their_views(ctx):
    root = ctx.view(frame=(0, 0, 300, 200))
    box = ctx.view()
    root.add_subview(box)
    box.translates_autoresizing_mask = False
    lead = box.leading == root.leading + 20
    brace.activate([lead, box.top == root.top, box.width == 100, box.height == 50])
    items = [ctx.view() for _ in range(3)]
    for v, h in zip(items, (10, 20, 30)):
        v.intrinsic_content_size = (40, h)
    stack = brace.Stack(ctx, axis="vertical", arranged=items, frame=(0, 100, 40, 60))
    root.add_subview(stack)
    ctx.run_update_cycle()
    assert box.frame == Rect(20, 0, 100, 50)
    lead.constant = 70
    items[1].hidden = True
    ctx.run_update_cycle()
    # The box: x 20 -> 70. The stack (fill, 60 tall) held 10 + 20 + 30 at y 0, 10, 30;
    # without the middle one, 10 + 30 = 40 leaves 20: both hug at 250, and a tie goes to
    # the last view (docs/stack.md), 30 + 20 = 50 tall at y 10. The hidden one gets
    # length 0 at the trailing edge of the previous visible view: y 10. The first stays.
    assert as_dict(ctx.changed_frames()) == {box: (Rect(20, 0, 100, 50), Rect(70, 0, 100, 50)),
                                             items[1]: (Rect(0, 10, 40, 20), Rect(0, 10, 40, 0)),
                                             items[2]: (Rect(0, 30, 40, 30), Rect(0, 10, 40, 50))}


def test_a_draw_override_reads_the_complete_list(ctx):
    seen = []

    class Canvas(brace.View):
        def draw(self, rect):
            seen.append(ctx.changed_frames())

    root = Canvas(ctx, frame=(0, 0, 100, 100))
    a = ctx.view(frame=(0, 0, 10, 10))
    root.add_subview(a)
    ctx.run_update_cycle()
    a.frame = (5, 5, 10, 10)
    root.set_needs_display()
    ctx.run_update_cycle()
    assert seen[-1] == [FrameChange(a, Rect(0, 0, 10, 10), Rect(5, 5, 10, 10))]


def test_layout_if_needed_keeps_the_last_turns_list(ctx):
    root = ctx.view(frame=(0, 0, 100, 100))
    a = ctx.view(frame=(0, 0, 10, 10))
    root.add_subview(a)
    ctx.run_update_cycle()
    ctx.run_update_cycle()
    a.frame = (1, 0, 10, 10)
    root.layout_if_needed()
    ctx.run_phase("layout")
    assert ctx.changed_frames() == []
    ctx.run_phase("display")
    assert ctx.changed_frames() == [FrameChange(a, Rect(0, 0, 10, 10), Rect(1, 0, 10, 10))]


def test_destroyed_views_drop_out(ctx):
    root = ctx.view(frame=(0, 0, 100, 100))
    a, b = ctx.view(frame=(0, 0, 10, 10)), ctx.view(frame=(0, 0, 10, 10))
    root.add_subviews(a, b)
    ctx.run_update_cycle()
    a.frame = b.frame = (3, 3, 10, 10)
    a.destroy()
    ctx.run_update_cycle()
    assert ctx.changed_frames() == [FrameChange(b, Rect(0, 0, 10, 10), Rect(3, 3, 10, 10))]
    b.destroy()  # after the turn: it drops out of the answer too
    assert ctx.changed_frames() == []


def test_in_root_coordinates(ctx):
    root = ctx.view(frame=(100, 50, 400, 400))
    p = ctx.view(frame=(10, 10, 200, 200))
    s = ctx.view(frame=(3, 3, 5, 5))
    root.add_subview(p)
    p.add_subview(s)
    ctx.run_update_cycle()
    p.frame = (20, 10, 200, 200)
    s.frame = (4, 3, 5, 5)
    ctx.run_update_cycle()
    # s: + p's origin (old (10, 10), new (20, 10)) + root's (100, 50):
    # old (3 + 10 + 100, 3 + 10 + 50) = (113, 63), new (4 + 20 + 100, 63) = (124, 63).
    got = as_dict(ctx.changed_frames(in_root=True))
    assert got[s] == (Rect(113, 63, 5, 5), Rect(124, 63, 5, 5))
    assert got[p] == (Rect(110, 60, 200, 200), Rect(120, 60, 200, 200))


@pytest.mark.parametrize("seed", range(40))
def test_the_list_equals_a_diff_of_every_frame(ctx, seed):
    rnd = random.Random(seed)
    root = ctx.view(frame=(0, 0, 300, 300))
    views = [root]
    for _ in range(12):
        v = ctx.view(frame=(rnd.randrange(200), rnd.randrange(200), rnd.randrange(50), rnd.randrange(50)))
        rnd.choice(views).add_subview(v)
        v.autoresizing_mask = rnd.randrange(64)
        views.append(v)
    ctx.run_update_cycle()
    snapshot = {v: v.frame for v in views}
    for _ in range(10):
        for _ in range(rnd.randrange(4)):
            v = rnd.choice(views)
            r = rnd.random()
            if r < 0.4:
                v.frame = (rnd.randrange(200), rnd.randrange(200), rnd.randrange(50), rnd.randrange(50))
            elif r < 0.6:
                root.frame = (0, 0, 100 + rnd.randrange(300), 100 + rnd.randrange(300))
            elif r < 0.8:
                v.center = (rnd.randrange(100), rnd.randrange(100))
            else:
                v.frame = v.frame  # no change
        ctx.run_update_cycle()
        want = {v: (snapshot[v], v.frame) for v in views if v.frame != snapshot[v]}
        assert as_dict(ctx.changed_frames()) == want
        snapshot = {v: v.frame for v in views}
