"""Contexts, views, properties, the tree, strategies and the update cycle."""

import os

import pytest

import brace
from brace import Insets, DirectionalInsets, Rect, Size, Point


@pytest.fixture
def ctx():
    c = brace.Context()
    yield c
    c.close()


def test_context_options():
    c = brace.Context(scale=2.0, direction="rtl", feedback_loop_threshold=60, plugin_path=["/nowhere", "/tmp"])
    o = c.options
    assert o["scale"] == 2.0
    assert o["direction"] == brace.Direction.RTL
    assert o["feedback_loop_threshold"] == 60
    c.close()
    c.close()  # idempotent
    assert c.closed
    with pytest.raises(brace.InvalidState):
        c.view()


def test_context_rejects_bad_options():
    with pytest.raises(brace.InvalidArgument) as e:
        brace.Context(scale=0)
    assert "scale" in str(e.value)
    with pytest.raises(ValueError):
        brace.Context(direction="sideways")


def test_view_defaults_match_uikit(ctx):
    v = ctx.view()
    assert v.frame == Rect(0, 0, 0, 0)
    assert v.hidden is False
    assert v.layout_margins == Insets(8, 8, 8, 8)
    assert v.layout_direction == brace.Direction.INHERIT
    assert v.effective_layout_direction == brace.Direction.LTR
    assert v.intrinsic_content_size() == Size(None, None)
    assert v.content_hugging == (250.0, 250.0)
    assert v.compression_resistance == (750.0, 750.0)
    assert v.autoresizing_mask == brace.Autoresizing.NONE
    assert v.translates_autoresizing_mask is True
    assert v.autoresizes_subviews is True
    assert v.alignment_rect_insets == Insets(0, 0, 0, 0)
    assert v.layout_strategy == "frame"
    assert v.superview is None and v.subviews == []


def test_geometry_is_consistent(ctx):
    v = ctx.view(frame=(10, 20, 100, 50))
    assert v.frame == Rect(10, 20, 100, 50)
    assert v.bounds == Rect(0, 0, 100, 50)
    assert v.center == Point(60, 45)
    v.center = (100, 100)
    assert v.frame == Rect(50, 75, 100, 50)
    v.bounds = (0, 0, 40, 10)  # keeps the center
    assert v.frame == Rect(80, 95, 40, 10)
    v.frame = ((1, 2), (3, 4))
    assert v.frame == Rect(1, 2, 3, 4) and v.frame.max_x == 4 and v.frame.size == Size(3, 4)
    with pytest.raises(brace.InvalidArgument) as e:
        v.frame = (0, 0, -1, 5)
    assert str(e.value) == "View.frame = ...: frame has a negative size (-1.0 x 5.0)"
    with pytest.raises(brace.InvalidArgument):
        v.frame = (float("nan"), 0, 1, 1)
    assert v.frame == Rect(1, 2, 3, 4)  # nothing changed


def test_alignment_rect(ctx):
    v = ctx.view(frame=(0, 0, 100, 100))
    v.alignment_rect_insets = (1, 2, 3, 4)
    assert v.alignment_rect_insets == Insets(1, 2, 3, 4)
    assert v.alignment_rect == Rect(2, 1, 94, 96)
    assert v.frame_for_alignment_rect((2, 1, 94, 96)) == Rect(0, 0, 100, 100)


def test_properties(ctx):
    v = ctx.view(hidden=True)
    assert v.hidden
    v.set_intrinsic_content_size((40, None))
    assert v.intrinsic_content_size() == Size(40, None)
    v.intrinsic_size = (None, 12)
    assert v.intrinsic_size == (None, 12)
    v.intrinsic_content_size = (5, 6)  # the property form
    assert v.intrinsic_content_size == Size(5, 6) == v.intrinsic_content_size()
    v.intrinsic_content_size = None
    assert v.intrinsic_content_size == (None, None)
    v.set_content_hugging_priority(251, "horizontal")
    v.set_compression_resistance_priority(1000, brace.Axis.VERTICAL)
    assert v.content_hugging_priority("horizontal") == 251
    assert v.compression_resistance == (750, 1000)
    v.content_hugging = (300, 400)
    assert v.content_hugging == (300, 400)
    with pytest.raises(brace.InvalidArgument):
        v.set_content_hugging_priority(0, "vertical")
    v.autoresizing_mask = brace.Autoresizing.FLEXIBLE_WIDTH | brace.Autoresizing.FLEXIBLE_HEIGHT
    assert v.autoresizing_mask == 18
    with pytest.raises(brace.InvalidArgument):
        v.autoresizing_mask = 64
    v.translates_autoresizing_mask = False
    assert not v.translates_autoresizing_mask
    v.layout_margins = 4
    assert v.layout_margins == Insets(4, 4, 4, 4)
    v.directional_layout_margins = (1, 2, 3, 4)
    assert v.directional_layout_margins == DirectionalInsets(1, 2, 3, 4)
    assert v.layout_margins == Insets(1, 2, 3, 4)
    v.layout_direction = "rtl"
    assert v.layout_margins == Insets(1, 4, 3, 2)  # directional margins follow the direction
    v.set_baseline_offsets(first=12, last=4)


def test_tree(ctx):
    root, a, b, c = ctx.view(), ctx.view(), ctx.view(), ctx.view()
    root.add_subview(a)
    root.add_subview(b)
    root.insert_subview(c, 1)
    assert root.subviews == [a, c, b]
    assert root.subviews[1] is c  # the same Python objects
    assert c.superview is root and c.index == 1
    with pytest.raises(brace.CycleError):
        a.add_subview(root)
    with pytest.raises(brace.IndexOutOfRange):
        root.insert_subview(ctx.view(), 10)
    c.remove_from_superview()
    assert c.superview is None and root.subviews == [a, b]
    a.add_subview(c)
    assert c.is_descendant_of(root) and not root.is_descendant_of(c)
    with pytest.raises(brace.ForeignHandle):
        other = brace.Context()
        root.add_subview(other.view())


def test_create_subviews(ctx):
    # Three 20 x 20 views under a row stack in one call, then one made the usual way:
    # 4 * 20 + 3 * 2 = 86 of 100, fill gives the extra 14 to the last (ties: the last).
    row = ctx.view(frame=(0, 0, 100, 20), layout_strategy="stack")
    row.set_property("spacing", 2)
    made = row.create_subviews(3, (20, 20))
    assert len(made) == 3 and len(set(made)) == 3
    assert row.subviews == made
    assert row.subviews[0] is made[0]  # the same Python objects
    for k, v in enumerate(made):
        assert v.superview is row and v.index == k
        assert v.intrinsic_content_size == (20, 20)
        assert not v.translates_autoresizing_mask  # the stack adopts it, as add_subview
    last = ctx.view(intrinsic_content_size=(20, 20))
    row.add_subview(last)
    ctx.run_update_cycle()
    assert [v.frame for v in made + [last]] == [(0, 0, 20, 20), (22, 0, 20, 20), (44, 0, 20, 20), (66, 0, 34, 20)]
    # None at all; one axis without a size.
    assert ctx.view().create_subviews(0) == []
    loose = ctx.view().create_subviews(2, (None, 5))
    assert [tuple(v.intrinsic_content_size) for v in loose] == [(None, 5), (None, 5)]
    # Bad input changes nothing.
    with pytest.raises(brace.InvalidArgument) as e:
        row.create_subviews(2, (-3, 20))
    assert "intrinsic_size.width" in str(e.value)
    with pytest.raises(ValueError):
        row.create_subviews(-1)
    with pytest.raises(TypeError):
        row.create_subviews(2.0)
    assert len(row.subviews) == 4
    gone = ctx.view()
    gone.destroy()
    with pytest.raises(brace.StaleHandle):
        gone.create_subviews(1)


def test_destroyed_view_raises_stale(ctx):
    root, child, grandchild = ctx.view(), ctx.view(), ctx.view()
    root.add_subview(child)
    child.add_subview(grandchild)
    child.destroy()
    assert root.subviews == []
    for v in (child, grandchild):
        assert not v.alive
        with pytest.raises(brace.StaleHandle):
            v.frame
        with pytest.raises(brace.StaleHandle):
            v.frame = (0, 0, 1, 1)
        with pytest.raises(brace.StaleHandle):
            root.add_subview(v)
    child.destroy()  # twice is harmless
    assert "destroyed" in repr(child)


def test_autoresizing_with_frame_strategy(ctx):
    parent = ctx.view(frame=(0, 0, 100, 100))
    child = ctx.view(frame=(10, 10, 80, 80))
    child.autoresizing_mask = brace.Autoresizing.FLEXIBLE_WIDTH | brace.Autoresizing.FLEXIBLE_HEIGHT
    parent.add_subview(child)
    ctx.run_update_cycle()  # the first layout records the size
    parent.frame = (0, 0, 200, 150)
    ctx.run_update_cycle()
    assert child.frame == Rect(10, 10, 180, 130)


def test_autoresizing_flexible_margins(ctx):
    parent = ctx.view(frame=(0, 0, 100, 100))
    child = ctx.view(frame=(20, 0, 40, 10))
    child.autoresizing_mask = brace.Autoresizing.FLEXIBLE_LEFT_MARGIN | brace.Autoresizing.FLEXIBLE_RIGHT_MARGIN
    parent.add_subview(child)
    ctx.run_update_cycle()
    parent.frame = (0, 0, 160, 100)  # delta 60, margins 20 and 40: +20 left, +40 right
    ctx.run_update_cycle()
    assert child.frame == Rect(40, 0, 40, 10)


def test_strategies_listing(ctx):
    assert "frame" in ctx.strategy_names
    ctx.load_strategy("stack")
    infos = {s.name: s for s in ctx.strategies()}
    props = {p.name: p for p in infos["stack"].properties}
    assert props["axis"].type == "enum" and props["axis"].enum_names == ("horizontal", "vertical")
    assert props["spacing"].type == "double" and props["spacing"].default == 0.0
    assert props["spacing_after"].scope == "child"
    assert props["baseline_relative"].type == "bool"
    with pytest.raises(brace.NotFound):
        ctx.load_strategy("no_such_strategy")
    with pytest.raises(brace.PluginError):
        ctx.load_plugin("/nonexistent/libbrace_x.so")


def test_stack_vertical_center(ctx):
    s = brace.Stack(ctx, axis="vertical", distribution="fill", alignment="center", spacing=8,
                    frame=(0, 0, 200, 58))
    a, b = ctx.view(), ctx.view()
    a.set_intrinsic_content_size((100, 20))
    b.set_intrinsic_content_size((50, 30))
    s.add_subview(a)
    s.add_subview(b)
    ctx.run_update_cycle()
    # 20 + 8 + 30 = 58 fills the height exactly; centered horizontally in 200.
    assert a.frame == Rect(50, 0, 100, 20)
    assert b.frame == Rect(75, 28, 50, 30)
    assert s.axis == "vertical" and s.alignment == "center" and s.spacing == 8.0
    assert s.get_property("distribution") == "fill"
    assert s.layout_strategy == "stack"
    assert not a.translates_autoresizing_mask  # the stack turned it off


def test_stack_fill_equally_and_custom_spacing(ctx):
    s = ctx.stack(distribution="fill_equally", spacing=10, frame=(0, 0, 200, 40))
    a, b = ctx.view(), ctx.view()
    s.add_arranged_subview(a)
    s.add_arranged_subview(b)
    ctx.run_update_cycle()
    assert a.frame == Rect(0, 0, 95, 40)
    assert b.frame == Rect(105, 0, 95, 40)
    s.set_custom_spacing(20, after=a)
    assert a.get_property("spacing_after") == 20.0
    ctx.run_update_cycle()
    assert a.frame == Rect(0, 0, 90, 40)
    assert b.frame == Rect(110, 0, 90, 40)


def test_set_property_types(ctx):
    s = ctx.view()
    s.layout_strategy = "stack"
    s.set_property("spacing", 3)  # an int for a double property
    assert s.get_property("spacing") == 3.0
    s.set_property("axis", 1)  # an enum by index
    assert s.get_property("axis") == "vertical"
    s.set_properties(baseline_relative=True, alignment="trailing")
    assert s.get_property("baseline_relative") is True
    with pytest.raises(brace.TypeMismatch):
        s.set_property("spacing", "wide")
    with pytest.raises(brace.InvalidArgument):
        s.set_property("axis", "diagonal")
    with pytest.raises(brace.NotFound) as e:
        s.set_property("nope", 1)
    assert "spacing" in str(e.value)  # the message lists the known ones


def test_hidden_arranged_view_collapses(ctx):
    s = brace.Stack(ctx, axis="horizontal", spacing=10, distribution="fill_equally", frame=(0, 0, 210, 10))
    views = [ctx.view() for _ in range(3)]
    for v in views:
        s.add_subview(v)
    ctx.run_update_cycle()
    # edges rounded to whole points: 0-63, 73-137, 147-210
    assert [v.frame for v in views] == [Rect(0, 0, 63, 10), Rect(73, 0, 64, 10), Rect(147, 0, 63, 10)]
    views[1].hidden = True
    assert ctx.pending & brace.Phase.LAYOUT
    ctx.run_update_cycle()
    assert views[0].frame == Rect(0, 0, 100, 10)
    assert views[2].frame == Rect(110, 0, 100, 10)


def test_flags_pending_and_phases(ctx):
    v = ctx.view(frame=(0, 0, 10, 10))
    ctx.run_update_cycle()
    assert ctx.pending == 0
    assert not v.needs_layout and v.needs_display is None
    v.set_needs_layout()
    v.set_needs_update_constraints()
    v.set_needs_display((1, 1, 2, 2))
    assert v.needs_layout and v.needs_update_constraints
    assert v.needs_display == Rect(1, 1, 2, 2)
    assert ctx.pending == brace.Phase.CONSTRAINTS | brace.Phase.LAYOUT | brace.Phase.DISPLAY
    ctx.run_phase("constraints")
    assert ctx.pending == brace.Phase.LAYOUT | brace.Phase.DISPLAY
    ctx.run_phase(brace.Phase.LAYOUT)
    assert ctx.pending == brace.Phase.DISPLAY
    ctx.run_phase("display")
    assert ctx.pending == 0
    v.set_needs_layout()
    v.layout_if_needed()
    assert not v.needs_layout
    v.set_needs_update_constraints()
    v.update_constraints_if_needed()
    assert not v.needs_update_constraints


def test_description_dump(ctx):
    root = ctx.view(frame=(0, 0, 320, 480))
    root.add_subview(ctx.view(frame=(1, 2, 3, 4)))
    text = root.description()
    assert "320 480" in text and "1 2; 3 4" in text
    assert len(text.splitlines()) >= 2


def test_version():
    assert brace.version().count(".") == 2


def test_the_package_has_the_version_of_the_library_it_bundles():
    # pyproject.toml is bumped with BRACE_VERSION_* (docs/contributing.md, step 3).
    from importlib import metadata
    try:
        package = metadata.version("brace")
    except metadata.PackageNotFoundError:
        pytest.skip("the package is not installed (BRACE_TEST_SOURCE=1)")
    if "BRACE_LIBRARY" in os.environ:
        pytest.skip("BRACE_LIBRARY points at another build")
    assert package == brace.version()


@pytest.fixture(scope="module")
def flow_plugin_dir(tmp_path_factory):
    """The example plugin (examples/plugins/flow.c), compiled as a user would."""
    import shutil
    import subprocess
    from pathlib import Path
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    repo = Path(__file__).resolve().parents[3]
    out = tmp_path_factory.mktemp("plugins")
    subprocess.run([cc, "-std=c11", "-O2", "-shared", "-fPIC", "-fvisibility=hidden",
                    "-I", str(repo / "include"), "-o", str(out / "libbrace_flow.so"),
                    str(repo / "examples" / "plugins" / "flow.c"), "-lm"], check=True)
    return out


def test_plugin_by_path_and_by_name(flow_plugin_dir):
    c = brace.Context()
    c.load_plugin(flow_plugin_dir / "libbrace_flow.so")
    c.load_plugin(flow_plugin_dir / "libbrace_flow.so")  # already there: nothing happens
    flow = {s.name: s for s in c.strategies()}["flow"]
    props = {p.name: p for p in flow.properties}
    assert props["alignment"].enum_names == ("leading", "center", "trailing")
    assert props["break_before"].scope == "child" and props["break_before"].type == "bool"
    c.close()

    c = brace.Context(plugin_path=str(flow_plugin_dir))
    f = c.view(frame=(0, 0, 100, 100), layout_strategy="flow")
    f.set_properties(spacing=10, line_spacing=5, padding=0)
    kids = [c.view() for _ in range(3)]
    for k in kids:
        k.intrinsic_content_size = (40, 10)
        f.add_subview(k)
    kids[1].set_property("break_before", True)  # a CHILD property, set on the subview
    assert kids[1].get_property("break_before") is True
    c.run_update_cycle()
    # line 1: kid 0; line 2 (forced), 10 + 5 down: kid 1 then kid 2 after 40 + 10
    assert [k.frame for k in kids] == [Rect(0, 0, 40, 10), Rect(0, 15, 40, 10), Rect(50, 15, 40, 10)]
    c.close()


def test_identifier_names_the_view_in_dumps_and_errors():
    ctx = brace.Context()
    root = ctx.view(frame=(0, 0, 100, 100), identifier="form")
    field = ctx.view(identifier="email")
    root.add_subview(field)
    assert field.identifier == "email" and "'email'" in repr(field)
    assert '"email"' in root.description()
    with pytest.raises(brace.BraceError) as e:
        field.add_subview(root)  # a cycle: the message names both by their identifiers
    assert '"form"' in str(e.value)
    field.identifier = None
    assert field.identifier is None
    field.identifier = "naïve ✓"
    assert field.identifier == "naïve ✓"


def test_handle_info_describes_a_handle_through_the_abi(ctx):
    root = ctx.view(frame=(0, 0, 100, 100))
    child = ctx.view()
    root.add_subview(child)
    info = brace.handle_info(root.handle)
    assert info.kind == brace.HandleKind.NODE
    assert info.name == "%d:%d" % (info.index, info.generation)
    with pytest.raises(brace.InvalidState) as e:
        root.index  # a root has no index: the message names the node as "node INDEX:GENERATION"
    assert "node %s " % info.name in str(e.value)
    assert brace.handle_info((child.width == 10).handle).kind == brace.HandleKind.CONSTRAINT
    assert brace.handle_info(ctx.variable("x").handle).kind == brace.HandleKind.VARIABLE
    old = brace.handle_info(child.handle)
    child.destroy()
    assert brace.handle_info(child.handle) == old  # a stale handle is still described
    again = brace.handle_info(ctx.view().handle)
    assert (again.index, again.generation) != (old.index, old.generation)
