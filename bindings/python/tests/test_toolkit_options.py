"""The context's standard spacing and default layout margins (since 0.8): a grid of
character cells sets them to 1 and 0; they reach new views' margins, the visual format
language and a stack's system spacing."""

import math

import pytest

import brace
from brace import Insets, Rect


def test_defaults_are_uikits():
    c = brace.Context()
    assert c.options["standard_spacing"] == 8
    assert c.options["default_layout_margin"] == 8
    assert c.view().layout_margins == Insets(8, 8, 8, 8)
    c.close()


def test_refused_values():
    for bad in (-1, math.inf, math.nan):
        with pytest.raises((brace.InvalidArgument, ValueError)) as e:
            brace.Context(standard_spacing=bad)
        assert "standard_spacing" in str(e.value)
        with pytest.raises((brace.InvalidArgument, ValueError)) as e:
            brace.Context(default_layout_margin=bad)
        assert "default_layout_margin" in str(e.value)


def test_grid_spacing_reaches_margins_vfl_and_stacks():
    c = brace.Context(standard_spacing=1, default_layout_margin=0)
    assert c.options["standard_spacing"] == 1 and c.options["default_layout_margin"] == 0
    root = c.view(frame=(0, 0, 41, 3))
    assert root.layout_margins == Insets(0, 0, 0, 0)
    a, b = c.view(), c.view()
    for v in (a, b):
        v.translates_autoresizing_mask = False
        root.add_subview(v)
    brace.activate(brace.visual_format("H:|-[a]-[b(==a)]-|", {"a": a, "b": b}))
    brace.activate(brace.visual_format("V:|[a]|", {"a": a}) + brace.visual_format("V:|[b]|", {"b": b}))
    # Margins 0 and one gap of 1 in 41 columns: a = b = (41 - 1) / 2 = 20, b at 21.
    stack = brace.Stack(c, distribution="fill_equally", spacing=brace.STACK_SPACING_USE_SYSTEM,
                        frame=(0, 0, 41, 3), arranged=(c.view(), c.view()))
    c.run_update_cycle()
    assert a.frame == Rect(0, 0, 20, 3)
    assert b.frame == Rect(21, 0, 20, 3)
    s1, s2 = stack.arranged_subviews
    assert s1.frame == Rect(0, 0, 20, 3)
    assert s2.frame == Rect(21, 0, 20, 3)
    c.close()
