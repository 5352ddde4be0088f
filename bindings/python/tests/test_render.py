"""brace.render: SVG pictures of a layout, parsed back with the standard library."""

import re
import struct
import sys
import types
import xml.etree.ElementTree as ET

import pytest

import brace
from brace import render

SVG = "{http://www.w3.org/2000/svg}"


# ---------------------------------------------------------------- helpers


@pytest.fixture
def ctx():
    c = brace.Context(strict=False)
    yield c
    c.close()


def parse(text):
    return ET.fromstring(text)


def classes(el):
    return el.get("class", "").split()


def view_rects(root):
    return [r for r in root.iter(SVG + "rect") if "view" in classes(r)]


def by_id(root, name):
    found = [r for r in view_rects(root) if r.get("data-id") == name]
    assert len(found) == 1, name
    return found[0]


def labels(root):
    return {t.get("data-id"): t.text for t in root.iter(SVG + "text") if "label" in classes(t)}


def marks(root):
    return [g for g in root.iter(SVG + "g") if "constraint" in classes(g)]


def legend_texts(root):
    return [t.text for g in root.iter(SVG + "g") if "legend" in classes(g) for t in g.iter(SVG + "text")]


def num(el, attr):
    return float(el.get(attr))


def rect_of(el):
    return tuple(num(el, k) for k in ("x", "y", "width", "height"))


def named(ctx, name, superview=None, frame=None, constraints=False):
    v = ctx.view(frame=frame)
    v.identifier = name
    if constraints:
        v.translates_autoresizing_mask = False
    if superview is not None:
        superview.add_subview(v)
    return v


def nested(ctx):
    """root (its frame elsewhere than 0, 0) > panel (bounds origin 10, 5) > cell; and a
    hidden view with a child, and a view with no name."""
    root = named(ctx, "root", frame=(40, 50, 400, 200))
    panel = named(ctx, "panel", root, (20, 30, 200, 120))
    panel.bounds = (10, 5, 200, 120)
    cell = named(ctx, "cell", panel, (15, 25, 50, 40))
    ghost = named(ctx, "ghost", root, (230, 10, 150, 50))
    ghost.hidden = True
    named(ctx, "ghost child", ghost, (5, 5, 100, 30))
    anonymous = ctx.view(frame=(230, 150, 100, 40))
    root.add_subview(anonymous)
    ctx.run_update_cycle()
    return root, panel, cell, ghost, anonymous


def form(ctx, width=320):
    """A hand-built constraint layout: a and b side by side in root."""
    root = named(ctx, "root", frame=(0, 0, width, 200))
    a = named(ctx, "a", root, constraints=True)
    b = named(ctx, "b", root, constraints=True)
    cs = brace.activate([
        a.leading == root.leading + 20, a.top == root.top + 10, a.width == 100, a.height == 40,
        b.leading == a.trailing + 8, b.top == a.top, b.width == a.width, b.height == a.height * 0.5,
        (b.trailing <= root.trailing - 20) @ 750,
    ])
    ctx.run_update_cycle()
    return root, a, b, cs


# ---------------------------------------------------------------- views


@pytest.mark.parametrize("scale", [1.0, 2.0, 0.5])
def test_view_rects_are_the_frames_in_root_coordinates(ctx, scale):
    root, panel, cell, ghost, anonymous = nested(ctx)
    doc = parse(render.svg(root, scale=scale))
    rects = view_rects(doc)
    assert len(rects) == 6
    s = scale
    expected = {
        "root": (0, 0, 400, 200),             # the root at the origin, whatever its frame
        "panel": (20, 30, 200, 120),
        "cell": (20 - 10 + 15, 30 - 5 + 25, 50, 40),  # through the panel's bounds origin
        "ghost": (230, 10, 150, 50),
        "ghost child": (235, 15, 100, 30),
    }
    for name, (x, y, w, h) in expected.items():
        assert rect_of(by_id(doc, name)) == (x * s, y * s, w * s, h * s), name


def test_labels_are_the_identifiers_and_unnamed_views_use_the_engine_name(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    doc = parse(render.svg(root))
    fallback = "node " + brace.handle_info(anonymous.handle).name
    assert fallback in root.dump()  # the name the engine's dumps and diagnostics use
    assert labels(doc) == {"root": "root", "panel": "panel", "cell": "cell", "ghost": "ghost",
                           "ghost child": "ghost child", fallback: fallback}
    assert by_id(doc, fallback).get("id") == fallback.replace(" ", "_").replace(":", "_")


def test_long_labels_move_whole_onto_a_tab_and_tiny_views_are_unlabeled(ctx):
    root = named(ctx, "root", frame=(0, 0, 300, 200))
    named(ctx, "a rather long identifier", root, (10, 40, 60, 30))
    named(ctx, "tiny", root, (10, 100, 8, 8))
    ctx.run_update_cycle()
    doc = parse(render.svg(root))
    got = labels(doc)
    assert got["a rather long identifier"] == "a rather long identifier"
    tab = [r for r in doc.iter(SVG + "rect") if "label-bg" in classes(r)
           and r.get("data-id") == "a rather long identifier"]
    # 24 characters at 11 px, 0.6 em each, and 4 px of padding: 24 * 6.6 + 4 = 162.4 wide,
    # 13 high; too wide for the view (60), so a tab across its top edge (y 40), from its left.
    assert [rect_of(r) for r in tab] == [pytest.approx((12, 40 - 6.5, 162.4, 13))]
    assert tab[0].get("stroke") == render.COLORS["view-stroke"]  # outlined: the view's tab
    assert "tiny" not in got
    assert len(view_rects(doc)) == 3  # the tiny view is drawn, only its label is left out


def test_names_are_shortened_only_when_no_place_holds_them_whole(ctx):
    root = named(ctx, "root", frame=(0, 0, 300, 200))
    box = named(ctx, "a rather long identifier", root, (100, 100, 60, 30))
    # A subview filling the box rules out its inside and the tabs across its edges; a
    # neighbour's name (28 * 6.6 + 4 = 188.8 wide, at x 92...280.8, y 82...95) takes the
    # tabs on top of it (y 87...100, at x 102...264.4 or -4.4...158).
    named(ctx, "inside", box, (0, 0, 60, 30))
    named(ctx, "a neighbour with a long name", root, (90, 80, 210, 20))
    ctx.run_update_cycle()
    got = labels(parse(render.svg(root)))
    assert got["a neighbour with a long name"] == "a neighbour with a long name"
    # What fits in 60 - 8 px: 52 // 6.6 = 7 characters, the last one the ellipsis.
    assert got["a rather long identifier"] == "a rath\u2026"


def test_hidden_views_are_dashed_and_faded_with_their_subtree(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    doc = parse(render.svg(root))
    for name in ("ghost", "ghost child"):
        r = by_id(doc, name)
        assert "hidden" in classes(r)
        assert r.get("stroke-dasharray") and float(r.get("opacity")) < 1
    for name in ("root", "panel", "cell"):
        r = by_id(doc, name)
        assert "hidden" not in classes(r) and r.get("stroke-dasharray") is None and r.get("opacity") is None


def test_depth_tints_the_fill(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    doc = parse(render.svg(root))
    fills = [by_id(doc, n).get("fill") for n in ("root", "panel", "cell")]
    assert fills == list(render.DEPTH_FILLS[:3])
    assert [by_id(doc, n).get("data-depth") for n in ("root", "panel", "cell")] == ["0", "1", "2"]


def test_titles_give_the_frames(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    doc = parse(render.svg(root))
    assert by_id(doc, "cell").find(SVG + "title").text == "cell \u2014 frame = (15 25; 50 40)"
    assert by_id(doc, "ghost").find(SVG + "title").text.endswith(", hidden")


def test_layout_margins_of_containers_are_thin_lines(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    panel.layout_margins = (4, 6, 8, 10)
    doc = parse(render.svg(root, scale=2))
    margins = {r.get("data-id"): r for r in doc.iter(SVG + "rect") if "margins" in classes(r)}
    assert set(margins) == {"root", "panel", "ghost"}  # the views holding subviews
    assert rect_of(margins["panel"]) == ((20 + 6) * 2, (30 + 4) * 2, (200 - 16) * 2, (120 - 12) * 2)
    assert float(margins["panel"].get("stroke-width")) < 1 and margins["panel"].get("fill") == "none"


def test_layout_guides_are_drawn_at_their_layout_frame(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    guide = panel.add_layout_guide()
    guide.identifier = "gap"
    brace.activate([guide.leading == panel.leading + 4, guide.top == panel.top + 6,
                    guide.width == 30, guide.height == 20])
    ctx.run_update_cycle()
    assert guide.layout_frame == brace.Rect(4, 6, 30, 20)
    snap = render.snapshot(root)
    assert [g.name for g in snap.guides] == ["gap"] and snap.guides[0].owner == snap.find("panel").index
    doc = parse(render.svg(snap))
    guides = [r for r in doc.iter(SVG + "rect") if "guide" in classes(r)]
    assert len(guides) == 1 and guides[0].get("data-id") == "gap"
    assert rect_of(guides[0]) == (20 - 10 + 4, 30 - 5 + 6, 30, 20)
    assert len(view_rects(doc)) == 6  # a guide is not a view


def test_guides_are_found_through_constraints_when_no_wrapper_is_left(ctx):
    import gc
    root = named(ctx, "root", frame=(0, 0, 200, 100))
    a = named(ctx, "a", root, constraints=True)
    guide = root.add_layout_guide()
    guide.identifier = "spacer"
    brace.activate([guide.leading == root.leading, guide.top == root.top, guide.width == 40, guide.height == 10,
                    a.leading == guide.trailing, a.top == root.top, a.width == 10, a.height == 10])
    handle = guide.handle
    del guide
    gc.collect()
    assert handle not in ctx._views  # only the constraints know it now
    ctx.run_update_cycle()
    snap = render.snapshot(root)
    assert [(g.name, g.frame) for g in snap.guides] == [("spacer", brace.Rect(0, 0, 40, 10))]


def test_generated_size_constraints_are_captured_not_drawn(ctx):
    root = named(ctx, "root", frame=(0, 0, 200, 100))
    label = named(ctx, "label", root, constraints=True)
    label.intrinsic_content_size = (60, 20)
    brace.activate([label.leading == root.leading + 10, label.top == root.top + 10])
    ctx.run_update_cycle()
    snap = render.snapshot(root, constraints=True)
    assert sum(c.generated == "content-size" for c in snap.constraints) == 4  # hugging and compression
    ms = marks(parse(render.svg(snap, constraints=True)))
    assert sorted(g.find(SVG + "title").text for g in ms) == [
        "label.leading == root.leading + 10", "label.top == root.top + 10"]


def test_identifiers_are_escaped(ctx):
    nasty = 'a<b & "c">\x01'
    root = named(ctx, nasty, frame=(0, 0, 400, 100))
    named(ctx, nasty, root, (10, 30, 300, 40))
    ctx.run_update_cycle()
    text = render.svg(root, title="<&>", problems=[types.SimpleNamespace(kind="overflow", message=nasty, views=[root])])
    doc = parse(text)  # well-formed
    clean = 'a<b & "c">\ufffd'
    assert [r.get("data-id") for r in view_rects(doc)] == [clean, clean]
    assert [t.text for t in doc.iter(SVG + "text") if "label" in classes(t)] == [clean, clean]
    assert len({r.get("id") for r in view_rects(doc)}) == 2  # ids stay unique
    assert clean in legend_texts(doc)
    assert "<&>" in [t.text for t in doc.iter(SVG + "text") if "title" in classes(t)]


# ---------------------------------------------------------------- problems


def test_ambiguous_views_are_purple_and_listed(ctx):
    root = named(ctx, "root", frame=(0, 0, 300, 200))
    loose = named(ctx, "loose", root, constraints=True)
    fixed = named(ctx, "fixed", root, constraints=True)
    brace.activate([loose.leading == root.leading + 10, loose.width == 50, loose.height == 20,
                    fixed.leading == root.leading, fixed.top == root.top + 100, fixed.width == 10, fixed.height == 10])
    ctx.run_update_cycle()
    assert loose.has_ambiguous_layout and not fixed.has_ambiguous_layout
    doc = parse(render.svg(root))
    r = by_id(doc, "loose")
    assert "ambiguous" in classes(r) and r.get("stroke") == render.COLORS["ambiguous"][0]
    assert "ambiguous" not in classes(by_id(doc, "fixed"))
    assert legend_texts(doc) == ["Ambiguous layout: loose"]
    # A problem that already names it replaces the generic line.
    problem = types.SimpleNamespace(kind="ambiguous", message="loose has no top\nmore", views=[loose])
    assert legend_texts(parse(render.svg(root, problems=[problem]))) == ["loose has no top"]


def test_broken_constraints_are_red_with_the_report_in_the_legend(ctx):
    root, a, b, cs = form(ctx)
    extra = a.width == 150
    brace.activate([extra])
    ctx.run_update_cycle()
    assert extra.broken and [c.handle for c in ctx.broken_constraints] == [extra.handle]
    diags = [d for d in ctx.diagnostics if d.kind == brace.DiagnosticKind.UNSATISFIABLE]
    assert diags and a in diags[-1].views
    doc = parse(render.svg(root, constraints=True, problems=diags))
    broken = [g for g in marks(doc) if "broken" in classes(g)]
    assert len(broken) == 1
    assert broken[0].get("stroke") == render.COLORS["broken"]
    assert "a.width == 150" in broken[0].find(SVG + "title").text
    texts = legend_texts(doc)
    assert diags[-1].message.splitlines()[0] in texts
    assert "Broken constraint: a.width == 150" in texts
    assert "unsatisfiable" in classes(by_id(doc, "a"))
    assert by_id(doc, "a").get("stroke") == render.COLORS["unsatisfiable"][0]
    # Without constraints=True the broken one is still listed, not drawn.
    plain = parse(render.svg(root))
    assert marks(plain) == [] and "Broken constraint: a.width == 150" in legend_texts(plain)


def test_problem_kinds_as_strings_color_and_list_their_first_line(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    problems = [types.SimpleNamespace(kind="overflow", message="cell overflows panel by 12 pt\n  details", views=[cell]),
                types.SimpleNamespace(kind="feedback_loop", message="loop", views=["panel"]),
                types.SimpleNamespace(kind="overflow", message="cell overflows panel by 12 pt\n  details", views=[cell])]
    doc = parse(render.svg(root, problems=problems))
    assert "overflow" in classes(by_id(doc, "cell")) and by_id(doc, "cell").get("stroke") == render.COLORS["overflow"][0]
    assert "feedback-loop" in classes(by_id(doc, "panel"))
    assert legend_texts(doc) == ["cell overflows panel by 12 pt", "loop"]  # once each
    item = [g for g in doc.iter(SVG + "g") if "legend-item" in classes(g)][0]
    assert item.find(SVG + "title").text == "cell overflows panel by 12 pt\n  details"


def test_an_overflow_colors_the_view_that_sticks_out_not_its_superview():
    # Scene.problems() names the overflowing view, then its superview; the superview
    # (here the whole screen) was drawn orange too, as if it overflowed.
    scene = brace.load_scene({"root": {"id": "screen", "subviews": [
        {"id": "box", "frame": [10, 10, 100, 100], "subviews": [{"id": "x", "frame": [50, 50, 60, 60]}]},
        {"id": "other", "frame": [200, 200, 50, 50]}]}})
    with scene:
        problems = scene.problems()
        assert [(p.kind, [v.identifier for v in p.views]) for p in problems] == [("overflow", ["x", "box"])]
        doc = parse(render.svg(scene.root, problems=problems))
    assert "overflow" in classes(by_id(doc, "x"))
    assert by_id(doc, "x").get("stroke") == render.COLORS["overflow"][0]
    for name in ("screen", "box", "other"):
        assert classes(by_id(doc, name)) == ["view"], name
        assert by_id(doc, name).get("stroke") == render.COLORS["view-stroke"]
    assert legend_texts(doc) == ['"x" overflows "box" by 10 pt on the right and 10 pt at the bottom']


def test_no_legend_without_problems_or_when_turned_off(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    assert legend_texts(parse(render.svg(root))) == []
    problem = types.SimpleNamespace(kind="plugin", message="boom", views=[])
    assert legend_texts(parse(render.svg(root, problems=[problem]))) == ["boom"]
    assert legend_texts(parse(render.svg(root, problems=[problem], legend=False))) == []


# ---------------------------------------------------------------- constraints


def test_constraints_are_drawn_once_each_as_xcode_draws_them(ctx):
    root, a, b, cs = form(ctx)
    snap = render.snapshot(root, constraints=True)
    # Every active constraint once, the generated ones (root's autoresizing) included...
    assert len({c.handle for c in snap.constraints}) == len(snap.constraints)
    assert {c.handle for c in cs} <= {c.handle for c in snap.constraints}
    assert any(c.generated == "autoresizing" for c in snap.constraints)
    doc = parse(render.svg(snap, constraints=True))
    ms = marks(doc)
    # ...and the 9 of the layout drawn (generated ones are left out, as in Xcode).
    assert len(ms) == 9
    kinds = sorted(c for g in ms for c in classes(g) if c in ("spacing", "size", "equal-size", "align", "ratio"))
    assert kinds == ["equal-size"] * 2 + ["size"] * 2 + ["spacing"] * 5
    optional = [g for g in ms if "optional" in classes(g)]
    assert len(optional) == 1 and all(line.get("stroke-dasharray") or optional[0].get("stroke-dasharray")
                                      for line in optional[0].iter(SVG + "line"))
    assert optional[0].get("data-priority") == "750"
    # The spacing between a and b: an I-beam from a's trailing (120) to b's leading (128).
    gap = [g for g in ms if g.find(SVG + "title").text == "b.leading == a.trailing + 8"]
    assert len(gap) == 1
    beam = gap[0].findall(SVG + "line")[0]
    assert sorted((num(beam, "x1"), num(beam, "x2"))) == [120, 128] and num(beam, "y1") == num(beam, "y2")
    assert 10 <= num(beam, "y1") <= 30  # where a and b overlap vertically
    assert [t.text for t in gap[0].iter(SVG + "text")] == ["8"]
    # The width of a: a bar across it, labeled with the constant.
    width = [g for g in ms if g.find(SVG + "title").text == "a.width == 100"][0]
    bar = width.findall(SVG + "line")[0]
    assert sorted((num(bar, "x1"), num(bar, "x2"))) == [20, 120]
    assert [t.text for t in width.iter(SVG + "text")] == ["100"]
    # Equal widths: both items marked.
    eq = [g for g in ms if "equal-size" in classes(g) and "width" in g.find(SVG + "title").text][0]
    assert [t.text for t in eq.iter(SVG + "text")] == ["=", "="]
    # Not drawn unless asked.
    assert marks(parse(render.svg(snap))) == []
    assert marks(parse(render.svg(root))) == []


def test_spacing_constants_read_as_gaps_in_right_to_left_layouts():
    with brace.Context(strict=False, direction="rtl") as ctx:
        root = named(ctx, "root", frame=(0, 0, 300, 100))
        a = named(ctx, "a", root, constraints=True)
        brace.activate([a.leading == root.leading + 20, a.top == root.top, a.width == 50, a.height == 30])
        ctx.run_update_cycle()
        assert a.frame == brace.Rect(230, 0, 50, 30)
        doc = parse(render.svg(root, constraints=True))
        g = [g for g in marks(doc) if g.find(SVG + "title").text == "a.leading == root.leading + 20"][0]
        beam = g.findall(SVG + "line")[0]
        assert sorted((num(beam, "x1"), num(beam, "x2"))) == [280, 300]  # from root's right edge
        assert [t.text for t in g.iter(SVG + "text")] == ["20"]


def test_snapshots_are_plain_data(ctx):
    root, a, b, cs = form(ctx)
    snap = render.snapshot(root, constraints=True)
    before = render.svg(snap, constraints=True, scale=1.5)
    ctx.close()
    assert render.svg(snap, constraints=True, scale=1.5) == before
    assert snap.find("b").frame == brace.Rect(128, 10, 100, 20)
    assert len(view_rects(parse(render.svg(snap, scale=3)))) == 3


# ---------------------------------------------------------------- output forms


def test_output_is_deterministic():
    def draw():
        with brace.Context(strict=False) as ctx:
            root, a, b, cs = form(ctx)
            brace.activate([a.width == 150])
            ctx.run_update_cycle()
            return render.svg(root, constraints=True, problems=ctx.diagnostics, title="form")
    first = draw()
    assert draw() == first
    numbers = re.findall(r'="(-?\d+\.\d+)"', first)
    assert all(len(n.split(".")[1]) <= 2 for n in numbers)


def test_numbers_have_at_most_two_decimals(ctx):
    root = named(ctx, "root", frame=(0, 0, 200, 100))
    named(ctx, "third", root, (1 / 3, 2 / 3, 100.125, -0.001 + 50))
    ctx.run_update_cycle()
    text = render.svg(root, scale=1 / 3)
    r = by_id(parse(text), "third")
    assert [r.get(k) for k in ("x", "y", "width", "height")] == ["0.11", "0.22", "33.38", "16.67"]
    assert not re.search(r"\d\.\d{3}", text.replace("font-family", ""))
    assert render._n(-0.001) == "0" and render._n(2.0) == "2" and render._n(2.5) == "2.5"


def test_repr_svg(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    assert root._repr_svg_() == render.svg(root)
    assert len(view_rects(parse(panel._repr_svg_()))) == 2
    cell.destroy()
    assert cell._repr_svg_() is None


def test_filmstrip(ctx):
    root = named(ctx, "root", frame=(0, 0, 320, 200))
    child = named(ctx, "child", root, (10, 10, 100, 50))
    snaps = []
    for w in (320, 480, 640):
        root.frame = (0, 0, w, 200)
        child.frame = (10, 10, w / 2, 50)
        ctx.run_update_cycle()
        snaps.append(render.snapshot(root))
    text = render.filmstrip(snaps, ["320 pt", "480 pt", "640 pt"], height=100, title="sweep")
    doc = parse(text)
    panels = [g for g in doc.iter(SVG + "g") if "panel" in classes(g)]
    assert [p.get("data-label") for p in panels] == ["320 pt", "480 pt", "640 pt"]
    assert [[t.text for t in p.iter(SVG + "text") if "panel-label" in classes(t)] for p in panels] == \
        [["320 pt"], ["480 pt"], ["640 pt"]]
    for p, w in zip(panels, (320, 480, 640)):
        rects = {r.get("data-id"): r for r in view_rects(p)}
        assert rect_of(rects["root"]) == (0, 0, w / 2, 100)  # scaled to the height
        assert rect_of(rects["child"]) == (5, 5, w / 4, 25)
    xs = [float(re.match(r"translate\(([-\d.]+) ", p.get("transform")).group(1)) for p in panels]
    assert xs == sorted(xs) and xs[1] - xs[0] >= 160  # side by side
    assert len({r.get("id") for r in view_rects(doc)}) == 6  # ids unique across panels
    assert render.filmstrip(snaps, ["320 pt", "480 pt", "640 pt"], height=100, title="sweep") == text
    with pytest.raises(ValueError, match="3 snapshots but 2 labels"):
        render.filmstrip(snaps, ["a", "b"])


def test_filmstrip_wraps_very_wide_strips(ctx):
    root = named(ctx, "root", frame=(0, 0, 400, 100))
    ctx.run_update_cycle()
    snap = render.snapshot(root)
    doc = parse(render.filmstrip([snap] * 6, [str(i) for i in range(6)], height=100))
    ys = [float(re.match(r"translate\([-\d.]+ ([-\d.]+)\)", g.get("transform")).group(1))
          for g in doc.iter(SVG + "g") if "panel" in classes(g)]
    assert len(set(ys)) > 1
    assert num(doc, "width") <= render.FILMSTRIP_MAX_WIDTH


def test_bad_arguments(ctx):
    root, panel, cell, ghost, anonymous = nested(ctx)
    with pytest.raises(ValueError):
        render.svg(root, scale=0)
    # Integers beyond a double: OverflowError from math.isfinite, not the ValueError.
    with pytest.raises(ValueError):
        render.svg(root, scale=10 ** 400)
    with pytest.raises(ValueError):
        render.filmstrip([root], ["a"], height=10 ** 400)
    with pytest.raises(ValueError):
        render.filmstrip([root], ["a"], gap=10 ** 400)
    with pytest.raises(TypeError):
        render.svg("root")
    with pytest.raises(ValueError, match="owning view"):
        render.snapshot(panel.add_layout_guide())


def test_png_signature_and_size(ctx):
    pytest.importorskip("cairosvg")
    root, panel, cell, ghost, anonymous = nested(ctx)
    data = render.png(root)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    doc = parse(render.svg(root))
    assert (width, height) == (2 * int(doc.get("width")), 2 * int(doc.get("height")))
    data = render.png(root, scale=1, title="t")
    assert struct.unpack(">II", data[16:24]) == (int(parse(render.svg(root, title="t")).get("width")),
                                                  int(parse(render.svg(root, title="t")).get("height")))


def test_png_without_cairosvg_names_the_extra(ctx, monkeypatch):
    root, panel, cell, ghost, anonymous = nested(ctx)
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg -> ImportError
    with pytest.raises(ImportError, match=re.escape('pip install "brace[png]"')):
        render.png(root)


def test_write_by_suffix(ctx, tmp_path):
    root, panel, cell, ghost, anonymous = nested(ctx)
    render.write(tmp_path / "out.svg", root, scale=2)
    assert (tmp_path / "out.svg").read_text(encoding="utf-8") == render.svg(root, scale=2)
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        render.write(str(tmp_path / "out.jpg"), root)
    assert not (tmp_path / "out.jpg").exists()
    with pytest.raises(ValueError):
        render.write(tmp_path / "noext", root)
    pytest.importorskip("cairosvg")
    render.write(tmp_path / "OUT.PNG", root, scale=1)
    assert (tmp_path / "OUT.PNG").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_lazy_module_attribute():
    assert brace.render is render


def test_a_guide_nothing_refers_to_is_drawn_from_its_owners_list(ctx):
    # No wrapper kept and no constraint on it: only brace_node_get_layout_guides (0.5)
    # finds it. Its layout frame stays zero, at its owner's origin.
    import gc
    root = named(ctx, "root", frame=(0, 0, 200, 100))
    panel = named(ctx, "panel", root, frame=(20, 30, 100, 50))
    g = panel.add_layout_guide()
    g.identifier = "unused"
    del g
    gc.collect()
    ctx.run_update_cycle()
    assert [x.identifier for x in panel.layout_guides] == ["unused"]
    doc = parse(render.svg(root))
    guides = [r for r in doc.iter(SVG + "rect") if "guide" in classes(r)]
    assert [r.get("data-id") for r in guides] == ["unused"]
    assert rect_of(guides[0])[:2] == (20, 30)
