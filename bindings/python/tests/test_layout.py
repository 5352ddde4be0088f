"""Constraints: anchors and operators, priorities, activation, guides, variables, conflicts."""

import pytest

import brace
from brace import Rect


@pytest.fixture
def ctx():
    c = brace.Context()
    yield c
    c.close()


def tree(ctx, n=2, frame=(0, 0, 320, 480)):
    root = ctx.view(frame=frame)
    views = []
    for _ in range(n):
        v = ctx.view()
        v.translates_autoresizing_mask = False
        root.add_subview(v)
        views.append(v)
    return root, views


def test_basic_anchors(ctx):
    root, (a, b) = tree(ctx)
    cs = brace.activate([
        a.leading == root.leading + 20, a.top == root.top + 10, a.width == 100, a.height >= 44,
        (a.height == 10) @ 250,
        b.leading == a.trailing + 8, b.top == a.top, b.width == a.width * 0.5, b.height == a.height,
    ])
    assert all(c.active for c in cs)
    ctx.run_update_cycle()
    assert a.frame == Rect(20, 10, 100, 44)  # height 44: >= 44 required beats == 10 @ 250
    assert b.frame == Rect(128, 10, 50, 44)
    assert not a.has_ambiguous_layout and not b.has_ambiguous_layout


def test_reflected_comparisons_and_margins(ctx):
    root, (a,) = tree(ctx, 1)
    root.layout_margins = (5, 6, 7, 8)
    brace.activate([
        a.leading == root.leading_margin, a.trailing == root.trailing_margin,
        a.top == root.top_margin, 30 <= a.height, a.height <= 30,
    ])
    ctx.run_update_cycle()
    assert a.frame == Rect(6, 5, 320 - 6 - 8, 30)


def test_center_and_edges(ctx):
    root, (a, b) = tree(ctx)
    brace.activate([a.center_x == root.center_x, a.center_y == root.center_y, a.width == 100, a.height == 50])
    brace.activate(b.edges(insets=(1, 2, 3, 4)))
    ctx.run_update_cycle()
    assert a.frame == Rect(110, 215, 100, 50)
    assert b.frame == Rect(2, 1, 320 - 6, 480 - 4)


def test_rtl_mirrors_leading(ctx):
    c = brace.Context(direction="rtl")
    root, (a,) = tree(c, 1, frame=(0, 0, 300, 100))
    brace.activate([a.leading == root.leading + 20, a.width == 100, a.top == root.top, a.height == 10])
    c.run_update_cycle()
    assert a.frame == Rect(180, 0, 100, 10)  # 300 - 20 - 100
    c.close()


def test_constant_is_settable_and_priority_identifier(ctx):
    root, (a,) = tree(ctx, 1)
    w = a.width == 100
    assert not w.active and w.priority == 1000
    w.identifier = "a-width"
    assert w.identifier == "a-width"
    w.active = True
    brace.activate([a.leading == root.leading, a.top == root.top, a.height == 10])
    ctx.run_update_cycle()
    assert a.frame.width == 100
    w.constant = 150
    assert w.constant == 150
    ctx.run_update_cycle()
    assert a.frame.width == 150
    with pytest.raises(brace.InvalidState):
        w.priority = 500  # required <-> optional on an active constraint, as in UIKit
    w.active = False
    assert not w.active
    w.priority = 500
    assert w.priority == 500
    assert (w @ 600) is w and w.priority == 600
    w.identifier = None
    assert w.identifier is None


def test_multiplier_and_guides(ctx):
    root, (a, b) = tree(ctx)
    g = root.add_layout_guide()
    assert isinstance(g, brace.LayoutGuide) and g.owning_view is root
    assert g not in root.subviews
    brace.activate([
        g.leading == root.leading, g.top == root.top, g.width == root.width * 0.25, g.height == 10,
        a.leading == g.trailing, a.top == g.bottom, a.width == g.width, a.height == root.height * 0.5,
        b.leading == a.trailing, b.top == a.top, b.width == 10, b.height == 10,
    ])
    ctx.run_update_cycle()
    assert g.layout_frame == Rect(0, 0, 80, 10)
    assert a.frame == Rect(80, 10, 80, 240)
    assert b.frame == Rect(160, 10, 10, 10)


def test_linear_expressions_and_variables(ctx):
    root, (a,) = tree(ctx, 1)
    x, y = ctx.variable("x"), ctx.variable("y")
    cs = brace.activate([
        x == 5, 2 * x + y - 3 == 0,          # y = -7
        a.width + a.height == 100, a.width - 3 * x == 0,  # width 15, height 85
        a.leading == root.leading, a.top == root.top,
    ])
    assert len(cs) == 6
    ctx.run_update_cycle()
    assert x.value == pytest.approx(5)
    assert y.value == pytest.approx(-7)
    assert a.frame == Rect(0, 0, 15, 85)


def test_expression_arithmetic_repr():
    ctx = brace.Context()
    v = ctx.view()
    e = (v.width * 2 + 4 - v.height) / 2
    assert e.constant == 2
    assert sorted(c for _o, c in e.terms.values()) == [-0.5, 1.0]
    assert "width" in repr(e)
    with pytest.raises(TypeError):
        v.width + "x"
    with pytest.raises(TypeError):
        v.width == v  # not an anchor: an error, never a silent False
    with pytest.raises(TypeError):
        v.width >= None


def test_invalid_constraints_are_refused(ctx):
    root, (a,) = tree(ctx, 1)
    with pytest.raises(brace.InvalidArgument) as e:
        a.width == root.leading  # size paired with a location
    assert str(e.value).startswith("Anchor == ...: a size attribute cannot be paired with a location")
    with pytest.raises(brace.InvalidArgument):
        a.leading == 10  # a location equal to a constant
    with pytest.raises(brace.InvalidArgument):
        a.leading == root.left  # leading mixed with left/right
    loose = ctx.view()
    c = a.width == loose.width
    with pytest.raises(brace.InvalidState):
        c.active = True  # no common ancestor


def test_unsatisfiable_raises_on_strict_context(ctx):
    root, (a,) = tree(ctx, 1)
    first = a.width == 100
    brace.activate([first, a.leading == root.leading, a.top == root.top, a.height == 10])
    second = a.width == 50
    with pytest.raises(brace.UnsatisfiableConstraints) as e:
        brace.activate([second])
    assert e.value.broken == [second]
    assert e.value.constraints == [first, second]  # the conflicting set, as wrappers
    assert "Unable to simultaneously satisfy" in str(e.value)
    assert not second.active  # taken out again
    assert any(d.kind == brace.DiagnosticKind.UNSATISFIABLE for d in ctx.diagnostics)
    ctx.run_update_cycle()
    assert a.frame.width == 100


def test_unsatisfiable_uikit_behavior_when_not_strict():
    ctx = brace.Context(strict=False)
    root, (a,) = tree(ctx, 1)
    brace.activate([a.width == 100, a.leading == root.leading, a.top == root.top, a.height == 10])
    second = a.width == 50
    second.active = True  # no exception
    assert second.active and second.broken
    assert ctx.broken_constraints == [second]
    second.active = False
    assert ctx.broken_constraints == []
    ctx.close()


def test_an_unsatisfiable_diagnostic_lists_the_broken_constraint_then_the_conflicting_ones():
    ctx = brace.Context(strict=False)
    root, (a,) = tree(ctx, 1)
    first = a.width == 100
    brace.activate([first, a.leading == root.leading, a.top == root.top, a.height == 10])
    second = a.width == 50
    second.active = True
    d = [d for d in ctx.diagnostics if d.kind == brace.DiagnosticKind.UNSATISFIABLE][-1]
    assert d.constraint_handles[0] == second.handle
    assert d.constraints == [second, first]  # the same wrappers
    for c in d.constraints:
        assert "<constraint %s " % brace.handle_info(c.handle).name in d.message
    ctx.close()


def test_view_constraints_and_batch_deactivate(ctx):
    root, (a,) = tree(ctx, 1)
    cs = brace.activate([a.width == 10, a.height == 10, a.leading == root.leading, a.top == root.top])
    mine = a.constraints
    for c in cs:
        assert c in mine  # the same wrapper objects
    brace.deactivate(cs)
    assert not any(c.active for c in cs)
    for c in cs:
        c.destroy()
    with pytest.raises(brace.StaleHandle):
        cs[0].constant


def test_ambiguous_layout(ctx):
    root, (a,) = tree(ctx, 1)
    brace.activate([a.width == 10, a.height == 10, a.top == root.top])  # no x position
    ctx.run_update_cycle()
    assert a.has_ambiguous_layout
    assert "AMBIGUOUS" in root.description()


def test_baseline_alignment(ctx):
    root, (a, b) = tree(ctx)
    a.set_baseline_offsets(first=15, last=5)
    b.set_baseline_offsets(first=30, last=10)
    brace.activate([
        a.leading == root.leading, a.top == root.top + 100, a.width == 10, a.height == 20,
        b.leading == a.trailing, b.width == 10, b.height == 40, b.first_baseline == a.first_baseline,
    ])
    ctx.run_update_cycle()
    assert b.frame == Rect(10, 85, 10, 40)  # 100 + 15 - 30


def test_fitting_size(ctx):
    container = ctx.view()
    label = ctx.view()
    label.translates_autoresizing_mask = False
    label.set_intrinsic_content_size((60, 20))
    container.add_subview(label)
    brace.activate(label.edges(insets=4))
    assert container.system_layout_size_fitting((0, 0)) == (68, 28)


def test_edit_variables(ctx):
    root = ctx.view()
    root.translates_autoresizing_mask = False
    child = ctx.view()
    child.translates_autoresizing_mask = False
    root.add_subview(child)
    brace.activate([child.edges(insets=10), root.height == 50])
    ctx.add_edit(root.width, priority=900)
    ctx.suggest_value(root.width, 200)
    ctx.run_update_cycle()
    assert child.frame == Rect(10, 10, 180, 30)
    ctx.remove_edit(root.width)


def test_form_example_frames():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[3] / "examples" / "python" / "form.py"
    spec = importlib.util.spec_from_file_location("form_example", path)
    form = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(form)
    root, views = form.constraint_form()
    frames = {v.name: v.frame for v in views}
    # margins 16/20; widest label "Password" 8 * 7 = 56; fields start at 16 + 56 + 8 = 80
    assert frames["label 'Password'"] == Rect(16, 106, 56, 17)
    assert frames["label 'Name'"] == Rect(16, 26, 56, 17)  # baseline 20 + 19 - 13
    assert frames["field 'name'"] == Rect(80, 20, 224, 28)
    assert frames["field 'password'"] == Rect(80, 100, 224, 28)
    assert frames["button 'Sign in'"] == Rect(224, 148, 80, 32)
    stack, views = form.stack_form()
    assert [form.frame_in_root(v) for v in views[-2:]] == [Rect(0, 86, 70, 17), Rect(78, 80, 242, 28)]


def test_conflict_inside_one_batch(ctx):
    root, (a,) = tree(ctx, 1)
    w10, w20 = a.width == 10, a.width == 20
    with pytest.raises(brace.UnsatisfiableConstraints) as e:
        brace.activate([w10, w20, a.height == 5])
    (broken,) = e.value.broken
    assert set(e.value.constraints) == {w10, w20}
    kept = w10 if broken is w20 else w20
    assert not broken.active and kept.active  # the rest of the batch stays active
    assert ctx.broken_constraints == []


def test_visual_format_builds_a_row_and_reports_errors_with_a_caret():
    ctx = brace.Context()
    root = ctx.view(frame=(0, 0, 320, 100))
    a, b = ctx.view(identifier="a"), ctx.view(identifier="b")
    for v in (a, b):
        root.add_subview(v)
        v.translates_autoresizing_mask = False
    cs = brace.visual_format("H:|-(m)-[a]-[b(==a)]-(m)-|", views=dict(a=a, b=b), metrics=dict(m=20),
                             options="align_all_top")
    assert cs and all(not c.active for c in cs)  # returned inactive, as UIKit returns them
    vertical = brace.visual_format("V:|-10-[a(30)]", views=dict(a=a))
    brace.activate(cs + vertical + [b.height == a.height])
    ctx.run_update_cycle()
    # 20 + w + 8 + w + 20 = 320: w = 136
    assert a.frame == Rect(20, 10, 136, 30)
    assert b.frame == Rect(164, 10, 136, 30)
    with pytest.raises(brace.InvalidArgument) as e:
        brace.visual_format("H:|-[a(>=50]-|", views=dict(a=a))
    lines = str(e.value).splitlines()
    assert lines[-2] == "H:|-[a(>=50]-|" and lines[-1].index("^") == lines[-2].index("]")
    with pytest.raises(brace.NotFound):
        brace.visual_format("H:[a][c]", views=dict(a=a))
    with pytest.raises(ValueError):
        brace.visual_format("H:[a]", views=dict(a=a), options="sideways")


def test_constraint_terms_read_back_what_each_constraint_says(ctx):
    root = ctx.view(frame=(0, 0, 300, 100))
    a, b = ctx.view(), ctx.view()
    root.add_subviews(a, b)
    for v in (a, b):
        v.translates_autoresizing_mask = False
    made = brace.visual_format("H:|-[a]-20-[b(==a)]-|", views=dict(a=a, b=b))
    said = sorted(((tuple((item.handle, name, k) for item, name, k in c.terms), c.relation, c.constant)
                   for c in made), key=repr)
    assert said == sorted([
        (((a.handle, "leading", 1.0), (root.handle, "leading_margin", -1.0)), "==", 0.0),
        (((b.handle, "leading", 1.0), (a.handle, "trailing", -1.0)), "==", 20.0),
        (((b.handle, "width", 1.0), (a.handle, "width", -1.0)), "==", 0.0),
        (((root.handle, "trailing_margin", 1.0), (b.handle, "trailing", -1.0)), "==", 0.0),
    ], key=repr)
    # item1.attr1 <= m * item2.attr2 + c reads with -m; a variable's attribute is "".
    c = a.height <= b.height * 0.5 + 3
    assert [(i is a or i is b, n, k) for i, n, k in c.terms] == [(True, "height", 1.0), (True, "height", -0.5)]
    assert (c.relation, c.constant) == ("<=", 3.0)
    x = brace.Variable(ctx, "x")
    c = x * 2 >= a.width + 3
    assert [(i, n, k) for i, n, k in c.terms][0] == (x, "", 2.0)
    assert c.relation == ">="
    # Generated constraints answer too: an intrinsic size becomes hugging and compression
    # resistance constraints on the view's width and height.
    brace.activate(made)
    a.set_intrinsic_content_size((50, 20))
    ctx.run_update_cycle()
    generated = [c for c in a.constraints if not any(c is m for m in made)]
    assert generated
    for c in generated:
        assert all(item is a for item, _, _ in c.terms)
        assert {n for _, n, _ in c.terms} <= {"width", "height"}
    assert {(c.terms[0][1], c.relation, c.constant) for c in generated if len(c.terms) == 1} >= {
        ("width", "<=", 50.0), ("width", ">=", 50.0), ("height", "<=", 20.0), ("height", ">=", 20.0)}


def test_layout_guides_are_listed_in_the_order_made(ctx):
    root = ctx.view(frame=(0, 0, 100, 100))
    first, second = root.add_layout_guide(), root.add_layout_guide()
    assert root.layout_guides == [first, second]
    assert all(g.owning_view is root for g in root.layout_guides)
    first.destroy()
    assert root.layout_guides == [second]
    assert ctx.view().layout_guides == []
