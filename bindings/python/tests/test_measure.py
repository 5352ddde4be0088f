"""The measure callback from Python: View.size_that_fits (docs/measuring.md).

The fake text is N characters 1 wide and 1 high: for a proposed width W it puts
floor(W) characters on a line (all of them when nothing limits the width).
"""

import math
from pathlib import Path

import pytest

import brace
from brace import Rect, Size


@pytest.fixture
def ctx():
    c = brace.Context()
    yield c
    c.close()


class Label(brace.View):
    def __init__(self, ctx, chars, **kw):
        self.chars = chars
        self.proposals = []
        super().__init__(ctx, **kw)

    def size_that_fits(self, proposed):
        self.proposals.append(proposed)
        per = self.chars if proposed.width is None else max(1, math.floor(proposed.width))
        return Size(min(self.chars, per), -(-self.chars // per))


def test_only_an_override_is_installed():
    assert Label._overrides() == ("size_that_fits",)
    assert brace.View._overrides() == ()


def test_label_in_constraint_layout_gets_its_height_in_one_turn(ctx):
    root = ctx.view(frame=(0, 0, 40, 100))
    a = Label(ctx, 100)
    a.translates_autoresizing_mask = False
    root.add_subview(a)
    brace.activate([a.leading == root.leading + 5, a.trailing == root.trailing - 5, a.top == root.top + 2])
    ctx.run_update_cycle()
    # 30 wide: ceil(100 / 30) = 4 lines.
    assert a.frame == Rect(5, 2, 30, 4)
    # First with no limit (the intrinsic width), then at the solved width.
    assert a.proposals == [Size(None, None), Size(30, None)]
    ctx.run_update_cycle()
    assert len(a.proposals) == 2
    a.chars = 45
    a.invalidate_intrinsic_content_size()
    ctx.run_update_cycle()
    assert a.frame == Rect(5, 2, 30, 2)  # ceil(45 / 30)


def test_label_in_a_stack(ctx):
    s = ctx.view(frame=(0, 0, 20, 50), layout_strategy="stack")
    s.set_property("axis", "vertical")
    a = Label(ctx, 50)
    spacer = ctx.view()
    s.add_subviews(a, spacer)
    ctx.run_update_cycle()
    # Offered the stack's width 20: ceil(50 / 20) = 3 lines; the spacer takes the rest.
    assert a.frame == Rect(0, 0, 20, 3)
    assert spacer.frame == Rect(0, 3, 20, 47)
    assert a.proposals == [Size(20, None)]


def test_fitting_size_with_a_required_width(ctx):
    a = Label(ctx, 100)
    assert a.system_layout_size_fitting((25, 0), 1000, 50) == Size(25, 4)


def test_a_bad_answer_is_a_diagnostic(ctx):
    class Bad(brace.View):
        def size_that_fits(self, proposed):
            return (float("nan"), -2)

    root = ctx.view(frame=(0, 0, 40, 100))
    b = Bad(ctx)
    b.identifier = "bad"
    b.translates_autoresizing_mask = False
    root.add_subview(b)
    brace.activate([b.leading == root.leading, b.top == root.top, b.width == 10, b.height == 3])
    ctx.run_update_cycle()
    texts = [d.message for d in ctx.diagnostics]
    assert any('measure callback of "bad"' in t and "a width of nan" in t for t in texts)
    assert any("a height of -2" in t for t in texts)
    assert b.frame == Rect(0, 0, 10, 3)


def test_an_exception_reaches_the_caller(ctx):
    class Raises(brace.View):
        def size_that_fits(self, proposed):
            raise ValueError("no font")

    r = Raises(ctx)
    with pytest.raises(ValueError, match="no font"):
        r.system_layout_size_fitting((10, 0), 1000, 50)


DOC = Path(__file__).resolve().parents[3] / "docs" / "measuring.md"


def test_the_docs_label_measures_as_its_text_says(ctx):
    # docs/measuring.md's one Python example (a class, nothing printed), run as written:
    # it answers a plain (width, height) tuple, where the Label above answers a Size.
    if not DOC.exists():
        pytest.skip("docs/measuring.md is not here (tests run outside the repository)")
    text = DOC.read_text(encoding="utf-8")
    assert text.count("```python") == 1  # a second example needs a test of its own
    names = {"brace": brace}
    exec(compile(text.split("```python\n", 1)[1].split("```", 1)[0], str(DOC), "exec"), names)
    root = ctx.view(frame=(0, 0, 40, 100))
    a = names["Label"](ctx, "x" * 100)
    a.translates_autoresizing_mask = False
    root.add_subview(a)
    brace.activate([a.leading == root.leading + 5, a.trailing == root.trailing - 5, a.top == root.top + 2])
    ctx.run_update_cycle()
    assert a.frame == Rect(5, 2, 30, 4)  # 30 wide: ceil(100 / 30) = 4 lines
    a.text = "x" * 45
    a.invalidate_intrinsic_content_size()
    ctx.run_update_cycle()
    assert a.frame == Rect(5, 2, 30, 2)
