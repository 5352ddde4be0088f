"""Scene files (brace.load_scene): the examples laid out at two sizes with frames worked
out by hand, every feature of the format on small inline scenes, Scene.problems(), every
error message word for word, and the JSON Schema agreeing with the loader."""

import copy
import json
import os
import pickle
import sys
from pathlib import Path

import pytest

import brace
from brace.tools.scene import SCHEMA_PATH

SCENES = Path(__file__).resolve().parents[3] / "examples" / "scenes"
EXAMPLES = ("login", "settings", "toolbar", "editbar", "compose")


def frames(scene, *ids):
    return {i: tuple(scene.views[i].frame) for i in ids}


def load_error(source, **kw):
    with pytest.raises(brace.SceneError) as info:
        brace.load_scene(source, **kw)
    return info.value


def form(constraints, **top):
    """A small constraint scene: a root "form" with email, password and a "title"
    holding an "icon"."""
    scene = {"root": {"id": "form", "subviews": [
        {"id": "email"}, {"id": "password"}, {"id": "title", "subviews": [{"id": "icon"}]}],
        "constraints": constraints}}
    scene.update(top)
    return scene


# ---------------------------------------------------------------- the examples


def test_login_at_375x667_and_320x568():
    with brace.load_scene(SCENES / "login.json") as scene:
        assert scene.path == str(SCENES / "login.json")
        assert scene.size == (375, 667)
        assert scene.layout() == []
        # Root margins 20. Vertical line from the top edge: logo 40..104 (64 high),
        # title 120 (16 below, 34 high) .. 154, email 186 (32 below) .. 222, password
        # 238 (16) .. 274, sign_in 306 (32) .. 350, forgot 362 (12) .. 382.
        # Rows: |-[label]-12-[field]-|; labels equal widths: 44 and 76 hug at 251 but
        # resist compression at 750, so both are 76; fields x = 20 + 76 + 12 = 108,
        # width 375 - 20 - 108 = 247. Labels (20 high) centred on 36-high fields: +8.
        # logo: square (width == height), centred: 187.5 - 32 = 155.5, rounded to 156.
        # title: 187.5 - 90 = 97.5 -> 98. forgot: trailing on sign_in's (355) - 128.
        # sign_up: bottom 20 above the bottom (@500, satisfiable): 627; x 187.5 - 110.
        assert frames(scene, "logo", "title", "email_label", "email", "password_label", "password",
                      "sign_in", "forgot", "sign_up") == {
            "logo": (156, 40, 64, 64), "title": (98, 120, 180, 34),
            "email_label": (20, 194, 76, 20), "email": (108, 186, 247, 36),
            "password_label": (20, 246, 76, 20), "password": (108, 238, 247, 36),
            "sign_in": (20, 306, 335, 44), "forgot": (227, 362, 128, 20), "sign_up": (78, 627, 220, 20)}
        # 320 wide: fields 320 - 20 - 108 = 192; centred views at 160 - w/2; the footer
        # 568 - 20 - 20 = 528.
        assert scene.layout(size=(320, 568)) == []
        assert scene.size == (320, 568)
        assert frames(scene, "logo", "title", "email", "password", "sign_in", "forgot", "sign_up") == {
            "logo": (128, 40, 64, 64), "title": (70, 120, 180, 34), "email": (108, 186, 192, 36),
            "password": (108, 238, 192, 36), "sign_in": (20, 306, 280, 44), "forgot": (172, 362, 128, 20),
            "sign_up": (50, 528, 220, 20)}
        assert scene.problems() == []
        assert {c.identifier for c in scene.constraints} >= {"fields_equal_width", "footer_clearance"}
        assert all(c.active and not c.broken for c in scene.constraints)


def test_login_footer_gives_way_on_a_short_screen():
    # 320 x 400: the footer's 20-pt bottom gap (@500) would put its top at 360, above
    # the required forgot.bottom + 24 = 406: the gap gives way, the footer sits at 406
    # and sticks out of the screen by 406 + 20 - 400 = 26 pt: an overflow, no conflict.
    with brace.load_scene(SCENES / "login.json", size=(320, 400)) as scene:
        scene.layout()
        assert tuple(scene.views["sign_up"].frame) == (50, 406, 220, 20)
        assert [(p.kind, p.message) for p in scene.problems()] == [
            ("overflow", '"sign_up" overflows "login" by 26 pt at the bottom')]


def test_settings_at_375x667_and_320x568():
    with brace.load_scene(SCENES / "settings.json") as scene:
        scene.layout()
        # The root column's canvas: margins top 20, bottom 16 -> y 20..651 (631 high).
        # header: a row inset 8/16: max(41, 22) + 16 = 57 high; general: header 38 +
        # rows 3 * 43 + 2 * 1 (cellular_row hidden: it and its gap collapse) = 169, then
        # spacing_after 24; notifications 169; footer 20; the spacer (no size of its own)
        # takes 631 - (57 + 169 + 24 + 169 + 20) = 192.
        assert frames(scene, "header", "general", "notifications", "spacer", "footer") == {
            "header": (0, 20, 375, 57), "general": (0, 77, 375, 169), "notifications": (0, 270, 375, 169),
            "spacer": (0, 439, 375, 192), "footer": (0, 631, 375, 20)}
        # Rows: margins 6/16, label + 8 + switch (51 x 31, hugging 750): the label
        # stretches to 343 - 8 - 51 = 284; centred across: label y 6 + 5, switch 6.
        assert frames(scene, "general_rows", "wifi_row", "wifi_label", "wifi_switch", "bluetooth_row",
                      "cellular_row", "hotspot_row", "hotspot_value", "hotspot_chevron") == {
            "general_rows": (0, 38, 375, 131), "wifi_row": (0, 0, 375, 43), "wifi_label": (16, 11, 284, 21),
            "wifi_switch": (308, 6, 51, 31), "bluetooth_row": (0, 44, 375, 43),
            "cellular_row": (0, 87, 375, 0),  # hidden: zero length at the end of bluetooth_row
            "hotspot_row": (0, 88, 375, 43), "hotspot_value": (317, 11, 26, 21),
            "hotspot_chevron": (351, 15, 8, 13)}
        assert scene.views["cellular_row"].hidden
        # 320 x 568: canvas 20..552; the spacer takes 532 - 439 = 93; rows are 320 wide.
        scene.layout(size=(320, 568))
        assert frames(scene, "spacer", "footer", "wifi_label", "wifi_switch", "previews_label",
                      "previews_value") == {
            "spacer": (0, 439, 320, 93), "footer": (0, 532, 320, 20), "wifi_label": (16, 11, 229, 21),
            "wifi_switch": (253, 6, 51, 31), "previews_label": (16, 11, 212, 21),
            "previews_value": (236, 11, 52, 21)}
        assert scene.problems() == []


def test_settings_showing_the_hidden_row_pushes_the_rest_down():
    with brace.load_scene(SCENES / "settings.json") as scene:
        scene.layout()
        scene.views["cellular_row"].hidden = False
        scene.layout()
        # One more row and its gap: general grows by 44, everything below moves down 44,
        # the spacer shrinks by 44.
        assert frames(scene, "cellular_row", "hotspot_row", "general", "notifications", "spacer") == {
            "cellular_row": (0, 88, 375, 43), "hotspot_row": (0, 132, 375, 43),
            "general": (0, 77, 375, 213), "notifications": (0, 314, 375, 169), "spacer": (0, 483, 375, 148)}


def test_toolbar_wraps_as_the_width_shrinks():
    with brace.load_scene(SCENES / "toolbar.json") as scene:
        scene.layout()
        # The flow's lines are 375 - 2 * 8 = 359 wide. Widths 32 32 32 76 60 52 | 48 ...:
        # the running width with 8-pt gaps is 32, 72, 112, 196, 264, 324, then 380 > 359,
        # so link starts line 2 at y 8 + 32 + 8 = 48. Toolbar height: 8 + 32 + 8 + 32 + 8.
        assert frames(scene, "toolbar", "bold", "heading", "code", "link", "more", "document", "status") == {
            "toolbar": (0, 20, 375, 88), "bold": (8, 8, 32, 32), "heading": (128, 8, 76, 32),
            "code": (280, 8, 52, 32), "link": (8, 48, 48, 32), "more": (200, 48, 40, 32),
            "document": (0, 108, 375, 535), "status": (0, 643, 375, 24)}
        # 320: lines 304 wide; after quote the line is 264 and code would make it 324:
        # code opens line 2, which then holds code..more (292 <= 304).
        scene.layout(size=(320, 568))
        assert frames(scene, "toolbar", "quote", "code", "more", "document") == {
            "toolbar": (0, 20, 320, 88), "quote": (212, 8, 60, 32), "code": (8, 48, 52, 32),
            "more": (260, 48, 40, 32), "document": (0, 108, 320, 436)}
        # 200: lines 184 wide: [bold italic underline] 112 (+ 8 + 76 > 184), [heading
        # quote] 144 (+ 8 + 52 > 184), [code link image] 180, [table more] 104: four
        # lines, 8 + 4 * 32 + 3 * 8 + 8 = 168 high; line 4 at 8 + 3 * 40 = 128.
        scene.layout(size=(200, 568))
        assert frames(scene, "toolbar", "heading", "table", "more") == {
            "toolbar": (0, 20, 200, 168), "heading": (8, 48, 76, 32), "table": (8, 128, 56, 32),
            "more": (72, 128, 40, 32)}
        # 768: one line of 564 points.
        scene.layout(size=(768, 1024))
        assert frames(scene, "toolbar", "more", "document") == {
            "toolbar": (0, 20, 768, 48), "more": (532, 8, 40, 32), "document": (0, 68, 768, 932)}
        assert scene.problems() == []


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_name_every_view_and_load_from_dicts(name):
    path = SCENES / (name + ".json")
    data = json.loads(path.read_text())
    with brace.load_scene(path) as from_file, brace.load_scene(copy.deepcopy(data)) as from_dict:
        assert from_dict.path is None
        assert list(from_file.views) == list(from_dict.views)
        assert len(from_file.views) == len(from_file._order)  # every view has an id
        for ident, view in from_file.views.items():
            assert view.identifier == ident
        from_file.layout()
        from_dict.layout()
        assert {k: tuple(v.frame) for k, v in from_file.views.items()} == \
               {k: tuple(v.frame) for k, v in from_dict.views.items()}
        assert from_file.root is from_file.views[data["root"]["id"]]


# ---------------------------------------------------------------- features


def test_size_override_string_and_default():
    with brace.load_scene({"root": {}}) as scene:
        assert scene.size == (375, 667)
        assert tuple(scene.root.frame) == (0, 0, 375, 667)
    with brace.load_scene({"size": [100, 50], "root": {}}, size="1024x768") as scene:
        assert scene.size == (1024, 768)
    with pytest.raises(ValueError, match="size must be finite and not negative"):
        brace.load_scene({"root": {}}, size=(-1, 3))
    # An integer beyond a double's range raised OverflowError, not the documented ValueError.
    with pytest.raises(ValueError, match="size must be two numbers"):
        brace.load_scene({"root": {}}, size=(10 ** 400, 3))
    with brace.load_scene({"root": {}}) as scene, pytest.raises(ValueError, match="size must be two numbers"):
        scene.layout(size=(3, -(10 ** 400)))


def test_identifiers_and_unnamed_views():
    with brace.load_scene({"root": {"subviews": [{"id": "a"}, {"subviews": [{"id": "b"}]}]}}) as scene:
        assert list(scene.views) == ["a", "b"]
        assert scene.root.identifier is None
        inner = scene.views["b"].superview
        assert inner.identifier is None
        assert scene.name_of(inner) == "root.subviews[1]"
        assert scene.name_of(scene.views["a"]) == '"a"'
        assert scene.path_of(scene.views["b"]) == "root.subviews[1].subviews[0]"
        assert scene["a"] is scene.views["a"] and "a" in scene
        with pytest.raises(KeyError, match='unknown view "c"'):
            scene["c"]


def test_frame_strategy_with_autoresizing():
    scene = brace.load_scene({"size": [300, 200], "root": {"subviews": [
        {"id": "banner", "frame": [10, 10, 280, 40], "autoresizing": ["flexible_width", "flexibleBottomMargin"]},
        {"id": "badge", "frame": [250, 150, 40, 40], "autoresizing": ["flexible_left_margin", "flexible_top_margin"]},
        {"id": "fixed", "frame": [10, 60, 50, 50]}]}})
    with scene:
        assert scene.views["banner"].autoresizing_mask == (brace.Autoresizing.FLEXIBLE_WIDTH
                                                           | brace.Autoresizing.FLEXIBLE_BOTTOM_MARGIN)
        scene.layout()
        # 100 wider, 50 taller: the banner's width takes the 100; the badge's left and
        # top margins take 100 and 50; the fixed view stays.
        scene.layout(size=(400, 250))
        assert frames(scene, "banner", "badge", "fixed") == {
            "banner": (10, 10, 380, 40), "badge": (350, 200, 40, 40), "fixed": (10, 60, 50, 50)}


def test_stack_properties_sentinels_and_child_properties():
    scene = brace.load_scene({"size": [300, 100], "root": {
        "strategy": "stack", "properties": {"spacing": "system", "alignment": "center"},
        "subviews": [
            {"id": "a", "intrinsic_size": [40, 20], "child_properties": {"spacing_after": 20}},
            {"id": "b", "intrinsic_size": [40, 30], "child_properties": {"spacing_after": "default"}},
            {"id": "c", "intrinsic_size": [40, 40], "hugging": [1, 250]}]}})
    with scene:
        assert scene.root.get_property("spacing") == 0.0
        assert str(scene.root.get_property("spacing")) == "-0.0"  # the system spacing
        scene.layout()
        # a, 20, b, then the stack's spacing (system: 8), c takes the rest (hugging 1):
        # 300 - 40 - 20 - 40 - 8 = 192. Centred across 100.
        assert frames(scene, "a", "b", "c") == {
            "a": (0, 40, 40, 20), "b": (60, 35, 40, 30), "c": (108, 30, 192, 40)}


def test_flow_child_property_and_hidden_item():
    scene = brace.load_scene({"size": [300, 200], "root": {
        "strategy": "flow", "properties": {"spacing": 10, "line_spacing": 5, "padding": 0},
        "subviews": [
            {"id": "a", "intrinsic_size": [50, 20]},
            {"id": "gone", "intrinsic_size": [50, 20], "hidden": True},
            {"id": "b", "intrinsic_size": [50, 20]},
            {"id": "c", "intrinsic_size": [50, 30], "child_properties": {"break_before": True}},
            {"id": "d", "intrinsic_size": [50, 20]}]}})
    with scene:
        scene.layout()
        # gone takes no place; c starts line 2 at 20 + 5.
        assert frames(scene, "a", "b", "c", "d") == {
            "a": (0, 0, 50, 20), "b": (60, 0, 50, 20), "c": (0, 25, 50, 30), "d": (60, 25, 50, 20)}
        assert scene.problems() == []  # the hidden item is not an overflow whatever its frame


def test_vfl_options_and_local_metrics_over_global():
    scene = brace.load_scene({"metrics": {"gap": 10, "side": 30}, "root": {
        "id": "bar", "subviews": [{"id": "a", "intrinsic_size": [40, 20]}, {"id": "b", "intrinsic_size": [40, 30]}],
        "constraints": [
            {"visual": "H:|-side-[a]-gap-[b]", "options": ["align_all_bottom"], "metrics": {"gap": 4}},
            {"visual": "V:|-(side@750)-[b]", "$comment": "a metric inside a predicate"}]}})
    with scene:
        scene.layout()
        # a at 30; gap 4 (the line's metric wins over the scene's 10); b's top at 30,
        # a's bottom on b's: 60 - 20.
        assert frames(scene, "a", "b") == {"a": (30, 40, 40, 20), "b": (74, 30, 40, 30)}


def test_equations_with_priorities_multipliers_and_linear_forms():
    scene = brace.load_scene(form([
        "H:|[email]", "V:|[email]",
        "email.width == 300 @low",              # wants 300, loses to the required cap
        "-email.width >= -200",                 # a negative coefficient flips: width <= 200
        "email.height == email.width / 4",      # 50
        "password.leading == email.trailing * 1 + 8 @ 999",
        "password.centerY == email.center_y",
        "password.width == 2 * password.height",
        "2 * password.height + 10 == email.height",  # 20
        "title.width + password.width == 100",  # linear: title 60
        "title.height == icon.height + 2 * 3",
        "V:[title]|", "H:[title]|",
        {"equation": "icon.width == 10 @required", "id": "icon_width"},
        "icon.height == icon.width",
        "icon.leading == title.leading", "icon.top == title.top"]))
    with scene:
        scene.layout()
        assert frames(scene, "email", "password", "title", "icon") == {
            "email": (0, 0, 200, 50), "password": (208, 15, 40, 20), "title": (315, 651, 60, 16),
            "icon": (0, 0, 10, 10)}
        by_id = {c.identifier: c for c in scene.constraints if c.identifier}
        assert by_id["icon_width"].priority == 1000
        priorities = sorted(c.priority for c in scene.constraints)
        assert priorities[:2] == [250, 999]
        assert scene.problems() == []


def test_self_and_superview_in_a_views_own_constraints():
    scene = brace.load_scene({"root": {"id": "screen", "subviews": [{
        "id": "card", "frame": [20, 100, 300, 200], "layout_margins": {"left": 12},
        "subviews": [{"id": "caption", "intrinsic_size": [100, 20], "constraints": [
            "self.leading == superview.leading_margin", "self.top == superview.top + 10"]}]}]}})
    with scene:
        scene.layout()
        # The card is only the container of its caption's constraints: it keeps its
        # frame (translates its autoresizing mask); the caption is in constraint layout.
        assert scene.views["card"].translates_autoresizing_mask
        assert not scene.views["caption"].translates_autoresizing_mask
        assert scene.views["card"].layout_margins == (8, 12, 8, 8)
        assert frames(scene, "card", "caption") == {"card": (20, 100, 300, 200), "caption": (12, 10, 100, 20)}


def test_constraints_strategy_and_explicit_translates():
    scene = brace.load_scene({"root": {"subviews": [
        {"id": "box", "strategy": "constraints", "frame": [0, 0, 100, 100],
         "subviews": [{"id": "free", "constraints": ["self.width == 10"]},
                      {"id": "kept", "translates_autoresizing_mask": True, "frame": [1, 2, 3, 4]}]},
        {"id": "pinned", "intrinsic_size": [10, 10], "translates_autoresizing_mask": True, "frame": [5, 5, 10, 10]}]},
        "constraints": []})
    with scene:
        assert scene.views["box"].layout_strategy == "frame"
        assert not scene.views["free"].translates_autoresizing_mask
        assert scene.views["kept"].translates_autoresizing_mask
        scene.layout()
        # "free" has only a width; "kept" and "pinned" keep their frames
        assert [(p.kind, p.views) for p in scene.problems()] == [("ambiguous", (scene.views["free"],))]
        assert frames(scene, "kept", "pinned") == {"kept": (1, 2, 3, 4), "pinned": (5, 5, 10, 10)}


def test_view_attributes_margins_priorities_direction_baselines():
    scene = brace.load_scene({"root": {"direction": "rtl", "subviews": [{
        "id": "v", "directional_layout_margins": {"leading": 20}, "hugging": {"vertical": 900},
        "compression": [760, 770], "autoresizes_subviews": False, "direction": "inherit",
        "baseline_offsets": {"first": 15, "last": 5}}, {
        "id": "w", "layout_margins": [1, 2, 3, 4], "hugging": 300}]}})
    with scene:
        v, w = scene.views["v"], scene.views["w"]
        assert v.directional_layout_margins == (8, 20, 8, 8)
        assert v.layout_margins == (8, 8, 8, 20)  # leading is the right in RTL
        assert v.content_hugging == (250, 900)
        assert v.compression_resistance == (760, 770)
        assert not v.autoresizes_subviews
        assert v.effective_layout_direction == brace.Direction.RTL
        assert w.layout_margins == (1, 2, 3, 4)
        assert w.content_hugging == (300, 300)


def test_baselines_with_alignment_options():
    scene = brace.load_scene({"root": {"subviews": [
        {"id": "label", "intrinsic_size": [60, 20], "baseline_offsets": {"first": 16, "last": 4}},
        {"id": "field", "intrinsic_size": [100, 40], "baseline_offsets": {"first": 26, "last": 14}}],
        "constraints": [{"visual": "H:|-[label]-[field]", "options": ["alignAllFirstBaseline"]},
                        "V:|-50-[field]"]}})
    with scene:
        scene.layout()
        # field's first baseline at 50 + 26 = 76; the label's top 76 - 16 = 60.
        assert frames(scene, "label", "field") == {"label": (8, 60, 60, 20), "field": (76, 50, 100, 40)}


def test_scale_rounds_to_pixels():
    scene = {"scale": 2, "root": {"id": "r", "subviews": [{"id": "dot", "intrinsic_size": [63, 63]}]},
             "constraints": ["dot.center_x == r.center_x", "dot.top == r.top + 10.3"]}
    with brace.load_scene(scene, size=(100, 100)) as s:
        s.layout()
        # x = 50 - 31.5 = 18.5; y 10.3 -> 10.5 on a 2x screen
        assert tuple(s.views["dot"].frame) == (18.5, 10.5, 63, 63)


def test_comments_schema_key_and_path_like_input(tmp_path):
    p = tmp_path / "tiny.json"
    p.write_text('\ufeff{"$schema": "x", "$comment": "c", "root": {"$comment": "r", "id": "r", '
                 '"constraints": [{"$comment": "e", "equation": "r.width >= 1 @ 1"}]}}', encoding="utf-8")
    with brace.load_scene(p) as scene:  # a BOM, comments everywhere, a pathlib.Path
        assert scene.path == str(p) and list(scene.views) == ["r"]
        assert len(scene.constraints) == 1 and scene.constraints[0].priority == 1


def test_layout_returns_the_diagnostics_of_the_call_and_problems_collects_all():
    scene = brace.load_scene(form(["email.width == 100", "email.width == 120", "H:|[email]", "V:|[email(10)]"]))
    with scene:
        assert len(scene.diagnostics) == 1  # the conflict, found at activation
        assert scene.diagnostics[0].kind == brace.DiagnosticKind.UNSATISFIABLE
        assert scene.layout() == []
        broken = [c for c in scene.constraints if c.broken]
        assert len(broken) == 1 and broken[0].constant == 120
        problems = scene.problems()
        assert [p.kind for p in problems] == ["unsatisfiable"]
        assert problems[0].views == (scene.views["email"],)
        assert problems[0].message == (
            "Unable to simultaneously satisfy constraints; these cannot all hold:\n"
            '  "email.width == 100" (root.constraints[0])\n'
            '  "email.width == 120" (root.constraints[1])\n'
            'Broken (it stays active but does not hold): "email.width == 120" (root.constraints[1])')
        # feedback loops and plugin reports come from the diagnostics too, one per message
        for _ in range(2):
            scene.diagnostics.append(brace.Diagnostic(brace.DiagnosticKind.FEEDBACK_LOOP, "loop!", (),
                                                      scene.context))
        assert [(p.kind, p.message) for p in scene.problems()[1:]] == [("feedback-loop", "loop!")]


def test_problems_ambiguous_and_overflow():
    scene = brace.load_scene({"root": {"id": "screen", "subviews": [
        {"id": "box", "intrinsic_size": [40, 40]},
        {"id": "logo"},
        {"id": "toolbar", "frame": [0, 0, 200, 44], "subviews": [
            {"id": "label", "frame": [150, 10, 62, 20]},
            {"frame": [-3, 30, 10, 20]},
            {"id": "inside", "frame": [0, 0, 200.4, 44.5]},
            {"id": "ghost", "frame": [190, 0, 50, 10], "hidden": True}]}]},
        "constraints": ["H:|[box]", "V:|[box]", "logo.leading == box.trailing + 8"]})
    with scene:
        problems = scene.problems()  # lays out first
        assert [(p.kind, p.message) for p in problems] == [
            ("ambiguous", 'AMBIGUOUS LAYOUT for "logo" (node 2:1).minY, Width, Height'),
            ("overflow", '"label" overflows "toolbar" by 12 pt on the right'),
            ("overflow", 'root.subviews[2].subviews[1] overflows "toolbar" by 3 pt on the left and '
                         '6 pt at the bottom')]
        assert problems[0].views == (scene.views["logo"],)
        assert problems[1].views == (scene.views["label"], scene.views["toolbar"])
        assert str(problems[1]) == 'overflow: "label" overflows "toolbar" by 12 pt on the right'


def test_document_order_decides_which_conflicting_constraint_breaks():
    # The root's own list, then its subview a's, then the top level: of two conflicting
    # constraints the later one breaks.
    scene = brace.load_scene({"root": {"id": "r", "constraints": ["a.width == 20"], "subviews": [
        {"id": "a", "constraints": ["self.width == 10", "self.height == 5"]}]},
        "constraints": ["a.height == 6"]})
    with scene:
        assert [(c.constant, c.broken) for c in scene.constraints] == [
            (20, False), (10, True), (5, False), (6, True)]
        scene.layout()
        assert tuple(scene.views["a"].frame)[2:] == (20, 5)


def test_strict_turns_a_conflict_into_an_error_at_its_line():
    e = load_error(form(["email.width == 100", "email.width == 200"]), strict=True)
    assert str(e) == ('<dict>: root.constraints[1]: conflicts with the required constraints before it (strict):\n'
                      '"<constraint 0:1 "email" (node 1:1).width == 100 @1000>"\n'
                      '"<constraint 1:1 "email" (node 1:1).width == 200 @1000>"')
    assert isinstance(e.__cause__, brace.UnsatisfiableConstraints)


def test_close_and_repr():
    scene = brace.load_scene(SCENES / "toolbar.json")
    assert repr(scene) == "<brace.Scene toolbar.json 375x667, 14 views, 0 constraints>"
    ctx = scene.context
    scene.close()
    scene.close()
    assert ctx.closed and repr(scene) == "<brace.Scene toolbar.json closed>"


# ---------------------------------------------------------------- errors


def test_scene_error_shape():
    e = load_error(form(["email.width == pasword.width"]))
    assert isinstance(e, brace.BraceError) and isinstance(e, ValueError)
    assert (e.file, e.json_path) == ("<dict>", "root.constraints[0]")
    assert e.problem.splitlines()[0] == ('unknown view "pasword" (did you mean "password"? '
                                         'known: email, form, icon, password, title)')
    assert str(e) == "%s: %s: %s" % (e.file, e.json_path, e.problem)
    again = pickle.loads(pickle.dumps(e))
    assert str(again) == str(e) and again.json_path == e.json_path


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_error_invalid_json_has_line_column_and_caret(tmp_path):
    p = write(tmp_path, "login.json", '{\n  "size": [375 667],\n  "root": {}\n}')
    assert str(load_error(p)) == ("login.json: $: invalid JSON at line 2, column 16: Expecting ',' delimiter\n"
                                  '  "size": [375 667],\n'
                                  "               ^")


def test_error_document_not_an_object(tmp_path):
    p = write(tmp_path, "list.json", "[1, 2]")
    assert str(load_error(p)) == "list.json: $: a scene must be an object, not an array"


def test_error_missing_file(tmp_path):
    assert str(load_error(tmp_path / "nope.json")) == "nope.json: $: cannot read the file: No such file or directory"


def test_error_not_utf8(tmp_path):
    p = tmp_path / "latin.json"
    p.write_bytes(b'{"root": {"id": "caf\xe9"}}')
    assert str(load_error(p)) == "latin.json: $: cannot read the file: it is not UTF-8 (byte 20)"


def test_error_lone_surrogate_names_the_file_and_the_json_path(tmp_path):
    # "\ud800" is valid JSON but no UTF-8 text: the engine could not be given it.
    p = write(tmp_path, "s.json", '{"size": [100, 100], "root": {"id": "r", "subviews": [{"id": "a"}]},'
              ' "constraints": [{"id": "ok"}, {"id": "\\ud800", "equation": "a.width == 10"}]}')
    e = load_error(p)
    assert (e.file, e.json_path) == ("s.json", "constraints[1].id")
    assert str(e) == "s.json: constraints[1].id: the text holds a lone surrogate (U+D800), which UTF-8 cannot carry"
    e = load_error({"root": {"id": "r", "subviews": [{"id": "a", "x\udfff": 1}]}})
    assert str(e) == ("<dict>: root.subviews[0]: the key 'x\\udfff' holds a lone surrogate (U+DFFF), "
                      "which UTF-8 cannot carry")


def test_error_nan_in_a_file(tmp_path):
    p = write(tmp_path, "s.json", '{"root": {"subviews": [{"frame": [0, 0, NaN, 10]}]}}')
    assert str(load_error(p)) == "s.json: root.subviews[0].frame[2]: the width must be a finite number, not NaN"


def test_error_integers_too_long_for_the_parser_or_a_double(tmp_path):
    # json.loads raises a plain ValueError past 4300 digits (Python 3.11+): it escaped the
    # loader, and `brace` called it an internal error. Short enough to parse, the number is
    # still beyond a double and was an OverflowError.
    p = write(tmp_path, "s.json", '{"root": {"subviews": [{"frame": [0, 0, %s, 10]}]}}' % ("9" * 5000))
    e = load_error(p)
    if hasattr(sys, "set_int_max_str_digits"):  # the parser's limit (Python 3.11, some 3.10s)
        assert (e.file, e.json_path) == ("s.json", "$")
        assert e.problem.startswith("invalid JSON: a number has 5000 digits, more than the ")
    else:
        assert (e.file, e.json_path) == ("s.json", "root.subviews[0].frame[2]")
    e = load_error({"root": {"subviews": [{"frame": [0, 0, -(10 ** 5000), 10]}]}})
    assert e.problem == "the width must be a finite number, not -1e+5000 (too large for a double)"


def test_error_duplicate_key(tmp_path):
    p = write(tmp_path, "s.json", '{"root": {"id": "a", "subviews": [{"id": "b", "id": "c"}]}}')
    assert str(load_error(p)) == 's.json: root.subviews[0]: duplicate key "id"'


VIEW_KEYS = ("$comment, autoresizes_subviews, autoresizing, baseline_offsets, child_properties, compression, "
             "constraints, direction, directional_layout_margins, frame, hidden, hugging, id, intrinsic_size, "
             "layout_margins, properties, strategy, subviews, translates_autoresizing_mask")
ATTRS = ("bottom, bottom_margin, center_x, center_x_within_margins, center_y, center_y_within_margins, "
         "first_baseline, height, last_baseline, leading, leading_margin, left, left_margin, right, right_margin, "
         "top, top_margin, trailing, trailing_margin, width")

# (scene, expected str(SceneError)); "<dict>" is the file name of a dict scene.
# A stack of a field and a button over the root, for the states' errors.
STATEFUL = {
    "root": {"id": "root", "subviews": [
        {"id": "bar", "strategy": "stack", "frame": [0, 0, 200, 50],
         "subviews": [{"id": "field", "intrinsic_size": [100, 30]}, {"id": "button", "intrinsic_size": [40, 30]}]}]},
    "constraints": [{"equation": "field.height == 30", "id": "field_height"}],
}

ERRORS = [
    # document
    ({}, '<dict>: $: missing key "root" (the root view)'),
    ({"root": {}, "sise": [1, 2]}, '<dict>: $: unknown key "sise" (did you mean "size"? known: $comment, $schema, '
                                   'constraints, metrics, plugins, root, scale, size, states)'),
    ({"size": [375], "root": {}}, '<dict>: size: "size" must have 2 items, not 1'),
    ({"size": [-1, 3], "root": {}}, "<dict>: size[0]: the width must not be negative, got -1"),
    ({"size": [375, float("inf")], "root": {}}, "<dict>: size[1]: the height must be a finite number, not Infinity"),
    ({"scale": 0, "root": {}}, '<dict>: scale: "scale" must be more than 0, got 0'),
    ({"metrics": [], "root": {}}, "<dict>: metrics: metrics must be an object, not an array"),
    ({"metrics": {"pad": "x"}, "root": {}}, '<dict>: metrics.pad: metric "pad" must be a number, not the string "x"'),
    ({"metrics": {"1pad": 3}, "root": {}},
     '<dict>: metrics: metric name "1pad" is not an identifier (letters, digits and _, not starting with a digit)'),
    ({"metrics": {"high": 3}, "root": {}}, '<dict>: metrics.high: metric name "high" is reserved'),
    (form([], metrics={"email": 3}), '<dict>: metrics.email: metric "email" has the name of a view'),
    ({"root": {}, "plugins": [3]}, "<dict>: plugins[0]: a plugin must be a string, not 3"),
    # views
    ({"root": []}, "<dict>: root: a view must be an object, not an array"),
    ({"root": {"subview": []}},
     '<dict>: root: unknown key "subview" (did you mean "subviews"? known: %s)' % VIEW_KEYS),
    ({"root": {"colour": "red"}}, '<dict>: root: unknown key "colour" (known: %s)' % VIEW_KEYS),
    ({"root": {"id": 7}}, "<dict>: root.id: an id must be a string, not 7"),
    ({"root": {"id": "my-view"}},
     '<dict>: root.id: id "my-view" is not an identifier (letters, digits and _, not starting with a digit)'),
    ({"root": {"id": "self"}},
     '<dict>: root.id: id "self" is reserved: constraints use it for the view that owns them or its superview'),
    ({"root": {"subviews": [{"id": "a"}, {"subviews": [{"id": "a"}]}]}},
     '<dict>: root.subviews[1].subviews[0].id: duplicate id "a" (first at root.subviews[0])'),
    ({"root": {"frame": [0, 0, 10, 10]}},
     '<dict>: root.frame: the root\'s frame is (0, 0) and the scene\'s "size"; set "size" instead'),
    ({"root": {"subviews": [{"frame": [0, 0, 10]}]}},
     '<dict>: root.subviews[0].frame: "frame" must have 4 items, not 3'),
    ({"root": {"subviews": [{"frame": [0, 0, -5, 10]}]}},
     "<dict>: root.subviews[0].frame[2]: the width must not be negative, got -5"),
    ({"root": {"subviews": [{"frame": [0, float("nan"), 5, 10]}]}},
     "<dict>: root.subviews[0].frame[1]: y must be a finite number, not NaN"),
    ({"root": {"subviews": [{"frame": "0 0 5 5"}]}},
     '<dict>: root.subviews[0].frame: "frame" must be an array, not the string "0 0 5 5"'),
    ({"root": {"subviews": [{"intrinsic_size": [20, -3]}]}},
     "<dict>: root.subviews[0].intrinsic_size[1]: the intrinsic height must not be negative, got -3"),
    ({"root": {"subviews": [{"intrinsic_size": ["20", 3]}]}},
     '<dict>: root.subviews[0].intrinsic_size[0]: the intrinsic width must be a number, not the string "20"'),
    ({"root": {"subviews": [{"hidden": "yes"}]}},
     '<dict>: root.subviews[0].hidden: "hidden" must be true or false, not the string "yes"'),
    ({"root": {"subviews": [{"hugging": 0}]}},
     "<dict>: root.subviews[0].hugging: a priority must be between 1 and 1000, got 0"),
    ({"root": {"subviews": [{"compression": [750, 1001]}]}},
     "<dict>: root.subviews[0].compression[1]: the vertical priority must be between 1 and 1000, got 1001"),
    ({"root": {"subviews": [{"hugging": {"horizontl": 3}}]}},
     '<dict>: root.subviews[0].hugging: unknown key "horizontl" (did you mean "horizontal"? '
     'known: horizontal, vertical)'),
    ({"root": {"subviews": [{"hugging": True}]}},
     "<dict>: root.subviews[0].hugging: priorities must be a number, an array [horizontal, vertical] or an object, "
     "not true"),
    ({"root": {"layout_margins": "wide"}},
     '<dict>: root.layout_margins: margins must be a number, an array [top, left, bottom, right] or an object, not '
     'the string "wide"'),
    ({"root": {"directional_layout_margins": {"left": 3}}},
     '<dict>: root.directional_layout_margins: unknown key "left" (known: bottom, leading, top, trailing)'),
    ({"root": {"layout_margins": 3, "directional_layout_margins": 3}},
     '<dict>: root: set "layout_margins" or "directional_layout_margins", not both'),
    ({"root": {"autoresizing": ["flexible_widht"]}},
     '<dict>: root.autoresizing[0]: unknown autoresizing mask name "flexible_widht" (did you mean "flexible_width"? '
     'known: flexible_bottom_margin, flexible_height, flexible_left_margin, flexible_right_margin, '
     'flexible_top_margin, flexible_width)'),
    ({"root": {"direction": "left"}}, '<dict>: root.direction: unknown direction "left" (known: inherit, ltr, rtl)'),
    ({"root": {"baseline_offsets": {"first": -1}}},
     "<dict>: root.baseline_offsets.first: the first baseline offset must not be negative, got -1"),
    ({"root": {"translates_autoresizing_mask": 1}},
     '<dict>: root.translates_autoresizing_mask: "translates_autoresizing_mask" must be true or false, not 1'),
    ({"root": {"subviews": {}}}, '<dict>: root.subviews: "subviews" must be an array, not an object'),
    # strategies and properties
    ({"root": {"strategy": "simplex"}},
     '<dict>: root.strategy: strategy "simplex" is a constraint solver, not a container strategy'),
    ({"root": {"strategy": "stack", "properties": {"spacng": 3}}},
     '<dict>: root.properties: unknown property "spacng" of strategy "stack" (did you mean "spacing"? known: '
     'alignment, axis, baseline_relative, distribution, generate_constraints, layout_margins_relative, spacing)'),
    ({"root": {"properties": {"spacing": 4}}},
     '<dict>: root.properties: unknown property "spacing" of strategy "frame" (it has none; set "strategy")'),
    ({"root": {"strategy": "constraints", "properties": {"spacing": 4}}},
     '<dict>: root.properties: unknown property "spacing" of strategy "constraints" (it has none)'),
    ({"root": {"strategy": "stack", "properties": {"axis": "verticle"}}},
     '<dict>: root.properties.axis: property "axis" of strategy "stack" must be one of "horizontal", "vertical", '
     'not "verticle" (did you mean "vertical"?)'),
    ({"root": {"strategy": "stack", "properties": {"axis": 1}}},
     '<dict>: root.properties.axis: property "axis" of strategy "stack" must be one of "horizontal", "vertical", '
     'not 1'),
    ({"root": {"strategy": "stack", "properties": {"spacing": "8"}}},
     '<dict>: root.properties.spacing: property "spacing" of strategy "stack" must be a number or "system", '
     'not the string "8"'),
    ({"root": {"strategy": "stack", "properties": {"layout_margins_relative": "yes"}}},
     '<dict>: root.properties.layout_margins_relative: property "layout_margins_relative" of strategy "stack" '
     'must be true or false, not the string "yes"'),
    ({"root": {"strategy": "flow", "properties": {"spacing": -4}}},
     '<dict>: root.properties.spacing: property "spacing" of strategy "flow" must be between 0 and 10000, got -4'),
    ({"root": {"strategy": "flow", "properties": {"padding": True}}},
     '<dict>: root.properties.padding: property "padding" of strategy "flow" must be a number, not true'),
    ({"root": {"strategy": "flow", "properties": {"padding": float("nan")}}},
     '<dict>: root.properties.padding: property "padding" of strategy "flow" must be a finite number, not NaN'),
    ({"root": {"strategy": "stack", "properties": []}},
     '<dict>: root.properties: "properties" must be an object, not an array'),
    ({"root": {"child_properties": {}}},
     "<dict>: root.child_properties: the root view has no superview, so no child properties"),
    ({"root": {"strategy": "flow", "subviews": [{"child_properties": {"spacing_after": 4}}]}},
     '<dict>: root.subviews[0].child_properties: unknown property "spacing_after" of the superview\'s strategy '
     '"flow" (known: break_before)'),
    ({"root": {"subviews": [{"child_properties": {"break_before": True}}]}},
     '<dict>: root.subviews[0].child_properties: unknown property "break_before" of the superview\'s strategy '
     '"frame" (it has no child properties)'),
    ({"root": {"strategy": "stack", "subviews": [{"child_properties": {"spacing_after": "auto"}}]}},
     '<dict>: root.subviews[0].child_properties.spacing_after: property "spacing_after" of strategy "stack" '
     'must be a number or "system" or "default", not the string "auto"'),
    # constraint lines
    (form({}), '<dict>: root.constraints: "constraints" must be an array, not an object'),
    (form([42]), "<dict>: root.constraints[0]: a constraint must be a string or an object, not 42"),
    (form([" "]), "<dict>: root.constraints[0]: empty constraint"),
    (form([{"id": "x"}]),
     '<dict>: root.constraints[0]: a constraint object needs "visual" (a VFL line) or "equation"'),
    (form([{"visual": "H:|[email]|", "equation": "x"}]),
     '<dict>: root.constraints[0]: a constraint has "visual" or "equation", not both'),
    (form([{"equation": "email.width == 1", "options": []}]),
     '<dict>: root.constraints[0]: unknown key "options" (known: $comment, equation, id, metrics)'),
    (form([{"visual": 3}]), '<dict>: root.constraints[0].visual: "visual" must be a string, not 3'),
    (form([{"visual": "H:|[email]|", "options": ["align_all_topp"]}]),
     '<dict>: root.constraints[0].options[0]: unknown option "align_all_topp" (did you mean "align_all_top"? known: '
     'align_all_bottom, align_all_center_x, align_all_center_y, align_all_first_baseline, align_all_last_baseline, '
     'align_all_leading, align_all_left, align_all_right, align_all_top, align_all_trailing, '
     'direction_leading_to_trailing, direction_left_to_right, direction_right_to_left)'),
    (form([{"visual": "H:|[email]|", "options": "align_all_top"}]),
     '<dict>: root.constraints[0].options: "options" must be an array, not the string "align_all_top"'),
    (form([{"visual": "H:|[email]|", "metrics": {"password": 1}}]),
     '<dict>: root.constraints[0].metrics.password: metric "password" has the name of a view'),
    # VFL: the engine's message with its caret, and a suggestion for unknown names
    (form(["H:|-[pasword]-|"]),
     "<dict>: root.constraints[0]: Unknown view 'pasword': it is not among the view names given "
     '(did you mean "password"? known: email, form, icon, password, title)\n'
     "H:|-[pasword]-|\n"
     "     ^"),
    (form(["H:|-[email(>=50]-|"]),
     "<dict>: root.constraints[0]: Expected ')' to close the view's predicates before ']'\n"
     "H:|-[email(>=50]-|\n"
     "               ^"),
    (form(["H:|-[email]-pad-[password]-|"]),
     "<dict>: root.constraints[0]: Unknown metric 'pad': it is not among the metric names given "
     "(the scene has no metrics)\n"
     "H:|-[email]-pad-[password]-|\n"
     "            ^"),
    (form(["H:|-[email]-pda-[password]-|"], metrics={"pad": 8}),
     "<dict>: root.constraints[0]: Unknown metric 'pda': it is not among the metric names given "
     '(did you mean "pad"? known: pad)\n'
     "H:|-[email]-pda-[password]-|\n"
     "            ^"),
    # equations: syntax errors with a caret
    (form(["email.width == pasword.width"]),
     '<dict>: root.constraints[0]: unknown view "pasword" (did you mean "password"? known: email, form, icon, '
     'password, title)\n'
     "email.width == pasword.width\n"
     "               ^"),
    (form(["email.widht == password.width"]),
     '<dict>: root.constraints[0]: unknown attribute "widht" (did you mean "width"? known: %s)\n'
     "email.widht == password.width\n"
     "      ^" % ATTRS),
    (form(["email.width = password.width"]),
     '<dict>: root.constraints[0]: "=" is not a relation: use ==, <= or >=\n'
     "email.width = password.width\n"
     "            ^"),
    (form(["email.width == password.width +"]),
     '<dict>: root.constraints[0]: expected a number, a metric, a view attribute or "(" at the end\n'
     "email.width == password.width +\n"
     "                               ^"),
    (form(["email.width == password.width * title.width"]),
     "<dict>: root.constraints[0]: cannot multiply two view attributes: the equation must be linear\n"
     "email.width == password.width * title.width\n"
     "                              ^"),
    (form(["email.width == 10 / password.width"]),
     "<dict>: root.constraints[0]: cannot divide by a view attribute: the equation must be linear\n"
     "email.width == 10 / password.width\n"
     "                  ^"),
    (form(["email.width == password.width / 0"]),
     "<dict>: root.constraints[0]: division by zero\n"
     "email.width == password.width / 0\n"
     "                              ^"),
    (form(["email.width == password.width @1001"]),
     "<dict>: root.constraints[0]: priority must be between 1 and 1000, got 1001\n"
     "email.width == password.width @1001\n"
     "                               ^"),
    (form(["email.width == password.width @"]),
     '<dict>: root.constraints[0]: expected a priority after "@": a number in 1...1000, a metric, "required", '
     '"high" or "low"\n'
     "email.width == password.width @\n"
     "                               ^"),
    (form(["email.width == password.width @ maybe"]),
     '<dict>: root.constraints[0]: unknown metric "maybe" (the scene has no metrics); a priority is a number in '
     '1...1000, a metric, "required", "high" or "low"\n'
     "email.width == password.width @ maybe\n"
     "                                ^"),
    (form(["email. == password.width"]),
     '<dict>: root.constraints[0]: expected an attribute name after "email."\n'
     "email. == password.width\n"
     "       ^"),
    (form(["email.width password.width"]),
     '<dict>: root.constraints[0]: expected ==, <= or >= here, not "password"\n'
     "email.width password.width\n"
     "            ^"),
    (form(["email.width"]),
     "<dict>: root.constraints[0]: expected ==, <= or >= after the left-hand side\n"
     "email.width\n"
     "           ^"),
    (form(["email.width == password.width == title.width"]),
     '<dict>: root.constraints[0]: unexpected "==": an equation has one relation\n'
     "email.width == password.width == title.width\n"
     "                              ^"),
    (form(["email.width == password.width 3"]),
     '<dict>: root.constraints[0]: unexpected "3" after the equation\n'
     "email.width == password.width 3\n"
     "                              ^"),
    (form(["email.width == password.width $ 3"]),
     '<dict>: root.constraints[0]: unexpected character "$"\n'
     "email.width == password.width $ 3\n"
     "                              ^"),
    (form(["email == password.width"]),
     '<dict>: root.constraints[0]: "email" is a view: name one of its attributes (email.width, email.top, ...)\n'
     "email == password.width\n"
     "^"),
    (form(["email.width == (password.width + 3"]),
     '<dict>: root.constraints[0]: expected ")" to close the "(" at column 16\n'
     "email.width == (password.width + 3\n"
     "                                  ^"),
    (form(["email.width == 2 * pda"], metrics={"pad": 3}),
     '<dict>: root.constraints[0]: unknown metric "pda" (did you mean "pad"? known: pad)\n'
     "email.width == 2 * pda\n"
     "                   ^"),
    (form(["44 == 44"]),
     "<dict>: root.constraints[0]: an equation needs a view attribute (this one only has numbers)\n"
     "44 == 44\n"
     "^"),
    (form(["email.width == email.width"]),
     "<dict>: root.constraints[0]: the view attributes cancel out: nothing is left to constrain\n"
     "email.width == email.width\n"
     "^"),
    (form(["superview.width == 4"]),
     '<dict>: root.constraints[0]: "superview" has no meaning here: the root view has no superview\n'
     "superview.width == 4\n"
     "^"),
    # equations the engine refuses: its message, wrapped
    (form(["email.leading == password.top"]),
     "<dict>: root.constraints[0]: an x-axis location cannot be paired with a y-axis location (leading with top) "
     "(rule: locations on the same axis)"),
    (form(["email.top == 20"]),
     "<dict>: root.constraints[0]: a location attribute (top) cannot be set equal to a constant "
     "(rule: a location needs a second item)"),
    # review of issue 11: faults that escaped as OverflowError, TypeError, NotFound,
    # InvalidArgument, or were reported at the wrong place
    ({"root": {"subviews": [{"frame": [0, 0, 10 ** 400, 10]}]}},
     "<dict>: root.subviews[0].frame[2]: the width must be a finite number, not 1e+400 (too large for a double)"),
    ({"size": [-(10 ** 309), 3], "root": {}},
     "<dict>: size[0]: the width must be a finite number, not -1e+309 (too large for a double)"),
    ({"metrics": {"pad": 10 ** 400}, "root": {}},
     '<dict>: metrics.pad: metric "pad" must be a finite number, not 1e+400 (too large for a double)'),
    ({"root": {"hugging": 10 ** 400}},
     "<dict>: root.hugging: a priority must be a finite number, not 1e+400 (too large for a double)"),
    ({"root": {"layout_margins": [0, 10 ** 400, 0, 0]}},
     "<dict>: root.layout_margins[1]: the left margin must be a finite number, not 1e+400 (too large for a double)"),
    ({"root": {"strategy": "stack", "properties": {"spacing": 10 ** 400}}},
     '<dict>: root.properties.spacing: property "spacing" of strategy "stack" must be a finite number, '
     "not 1e+400 (too large for a double)"),
    ({"root": {"strategy": "stack", "subviews": [{"child_properties": {"spacing_after": -(10 ** 400)}}]}},
     '<dict>: root.subviews[0].child_properties.spacing_after: property "spacing_after" of strategy "stack" '
     "must be a finite number, not -1e+400 (too large for a double)"),
    ({"metrics": {1: 2}, "root": {}}, "<dict>: metrics: a metric name must be a string, not 1"),
    ({"root": {"strategy": "autoresizing", "properties": {}}},
     '<dict>: root.strategy: unknown strategy "autoresizing" (known: constraints, flow, frame, stack)'),
    ({"root": {"id": "v" * 1025}}, "<dict>: root.id: the identifier is longer than 1024 bytes"),
    (form(["email.width == 1e999"]),
     "<dict>: root.constraints[0]: the number 1e999 is too large\n"
     "email.width == 1e999\n"
     "               ^"),
    (form(["email.width \u2264 password.width"]),
     '<dict>: root.constraints[0]: "\u2264" is not a relation: write <=\n'
     "email.width \u2264 password.width\n"
     "            ^"),
    (form(["email.width \u2265 2 \u00d7 password.width"]),
     '<dict>: root.constraints[0]: "\u2265" is not a relation: write >=\n'
     "email.width \u2265 2 \u00d7 password.width\n"
     "            ^"),
    (form(["email.width == 2 \u00d7 password.width \u2212 8"]),
     '<dict>: root.constraints[0]: "\u00d7" is not an operator: write *\n'
     "email.width == 2 \u00d7 password.width \u2212 8\n"
     "                 ^"),
    (form(["email.width \u2260 password.width"]),
     '<dict>: root.constraints[0]: "\u2260" is not a relation: use ==, <= or >=\n'
     "email.width \u2260 password.width\n"
     "            ^"),
    (form(["h:|-[email]-|"]),
     '<dict>: root.constraints[0]: a VFL line starts with "H:" or "V:" (upper case), "|" or "[", not "h:"\n'
     "h:|-[email]-|\n"
     "^"),
    (form([{"equation": "H:|-[email]-|"}]),
     '<dict>: root.constraints[0]: a VFL line is not an equation: write it as a string that starts with '
     '"H:" or "V:", or as {"visual": ...}\n'
     "H:|-[email]-|\n"
     "^"),
    (form(["email.width <= 3e400 * password.width"]),
     "<dict>: root.constraints[0]: the number 3e400 is too large\n"
     "email.width <= 3e400 * password.width\n"
     "               ^"),
    # states
    (STATEFUL | {"states": []}, '<dict>: states: "states" must be an object, not an array'),
    (STATEFUL | {"states": {"a b": {}}},
     '<dict>: states.a b: state name "a b" is not an identifier (letters, digits and _, not starting with a digit)'),
    (STATEFUL | {"states": {"s": {"view": {}}}},
     '<dict>: states.s: unknown key "view" (did you mean "views"? known: $comment, constraints, views)'),
    (STATEFUL | {"states": {"s": {"views": {"buton": {}}}}},
     '<dict>: states.s.views.buton: unknown view "buton" (did you mean "button"? known: bar, button, field, root)'),
    (STATEFUL | {"states": {"s": {"views": {"button": {"hiden": True}}}}},
     '<dict>: states.s.views.button: unknown key "hiden" (did you mean "hidden"? known: $comment, '
     'child_properties, frame, hidden, properties)'),
    (STATEFUL | {"states": {"s": {"views": {"button": {"hidden": "yes"}}}}},
     '<dict>: states.s.views.button.hidden: "hidden" must be true or false, not the string "yes"'),
    (STATEFUL | {"states": {"s": {"views": {"field": {"frame": [0, 0, -1, 3]}}}}},
     "<dict>: states.s.views.field.frame[2]: the width must not be negative, got -1"),
    (STATEFUL | {"states": {"s": {"views": {"root": {"frame": [0, 0, 1, 1]}}}}},
     '<dict>: states.s.views.root.frame: the root\'s frame is (0, 0) and the scene\'s "size"; set "size" instead'),
    (STATEFUL | {"states": {"s": {"views": {"bar": {"properties": {"axis": "verticle"}}}}}},
     '<dict>: states.s.views.bar.properties.axis: property "axis" of strategy "stack" must be one of '
     '"horizontal", "vertical", not "verticle" (did you mean "vertical"?)'),
    (STATEFUL | {"states": {"s": {"views": {"button": {"child_properties": {"spacng_after": 4}}}}}},
     '<dict>: states.s.views.button.child_properties: unknown property "spacng_after" of the superview\'s '
     'strategy "stack" (did you mean "spacing_after"? known: spacing_after)'),
    (STATEFUL | {"states": {"s": {"views": {"root": {"child_properties": {}}}}}},
     "<dict>: states.s.views.root.child_properties: the root view has no superview, so no child properties"),
    (STATEFUL | {"states": {"s": {"constraints": {"field_heigth": {"constant": 3}}}}},
     '<dict>: states.s.constraints.field_heigth: unknown constraint id "field_heigth" (did you mean '
     '"field_height"? known: field_height)'),
    ({"root": {}, "states": {"s": {"constraints": {"h": {}}}}},
     '<dict>: states.s.constraints.h: unknown constraint id "h" (the scene has none: give a constraint an "id")'),
    (STATEFUL | {"states": {"s": {"constraints": {"field_height": {"constnt": 3}}}}},
     '<dict>: states.s.constraints.field_height: unknown key "constnt" (did you mean "constant"? known: '
     '$comment, active, constant, priority)'),
    (STATEFUL | {"states": {"s": {"constraints": {"field_height": {"constant": float("inf")}}}}},
     "<dict>: states.s.constraints.field_height.constant: a constant must be a finite number, not Infinity"),
    (STATEFUL | {"states": {"s": {"constraints": {"field_height": {"priority": 1001}}}}},
     "<dict>: states.s.constraints.field_height.priority: a priority must be between 1 and 1000, got 1001"),
    (STATEFUL | {"states": {"s": {"constraints": {"field_height": {"active": 1}}}}},
     '<dict>: states.s.constraints.field_height.active: "active" must be true or false, not 1'),
]


@pytest.mark.parametrize("scene, message", ERRORS, ids=[m.split(": ", 2)[-1][:60] for _s, m in ERRORS])
def test_error_messages(scene, message):
    e = load_error(copy.deepcopy(scene))
    assert str(e) == message
    assert "%s: %s: %s" % (e.file, e.json_path, e.problem) == message


def test_error_unknown_strategy_lists_what_can_be_loaded(monkeypatch, tmp_path):
    (tmp_path / "libbrace_grid.so").write_bytes(b"")  # found by name, never loaded
    monkeypatch.setenv("BRACE_PLUGIN_PATH", str(tmp_path))
    e = load_error({"root": {"strategy": "stak"}})
    assert str(e) == ('<dict>: root.strategy: unknown strategy "stak" (did you mean "stack"? '
                      'known: constraints, flow, frame, grid, stack)')


def test_error_inside_a_nested_views_constraints_names_its_path():
    scene = {"root": {"subviews": [{"id": "a"}, {"id": "b", "subviews": [{"id": "c", "constraints": [
        "self.width == 10", "self.height == b.heigth"]}]}]}}
    e = load_error(scene)
    assert e.json_path == "root.subviews[1].subviews[0].constraints[1]"
    assert e.problem.startswith('unknown attribute "heigth" (did you mean "height"?')


def test_error_file_name_is_the_base_name(tmp_path):
    p = write(tmp_path, "settings.json", json.dumps(form(["email.width == pasword.width"])))
    e = load_error(p)
    assert e.file == "settings.json"
    assert str(e).startswith('settings.json: root.constraints[0]: unknown view "pasword"')


def test_error_unknown_plugin_file(tmp_path):
    p = write(tmp_path, "s.json", '{"plugins": ["libbrace_nope.so"], "root": {}}')
    e = load_error(p)
    assert e.json_path == "plugins[0]"
    assert str(tmp_path / "libbrace_nope.so") in e.problem  # relative to the scene's folder


def test_a_failed_load_leaves_nothing_alive(monkeypatch):
    made = []
    real = brace.scene.Context

    def spy(*a, **kw):
        made.append(real(*a, **kw))
        return made[-1]

    monkeypatch.setattr(brace.scene, "Context", spy)
    load_error(form(["email.width == pasword.width"]))
    assert len(made) == 1 and made[0].closed


def test_a_view_tree_5000_levels_deep_loads_in_document_order():
    # The loader walks the tree with a list, not recursion: it once refused 1,000 levels
    # ("nested too deeply"), and Scene.problems() is linear in the views.
    root = leaf = {"id": "v0"}
    for i in range(1, 5001):
        leaf["subviews"] = [{"id": "v%d" % i, "frame": [0, 0, 100, 100]}]
        leaf = leaf["subviews"][0]
    with brace.load_scene({"size": [100, 100], "root": root}) as scene:
        assert scene.problems() == []
        v = scene.views["v5000"]
        assert v.superview is scene.views["v4999"] and scene.views["v1"].superview is scene.root
        assert tuple(v.frame) == (0.0, 0.0, 100.0, 100.0)


def test_siblings_and_their_subtrees_load_in_document_order():
    scene_doc = {"root": {"id": "r", "subviews": [
        {"id": "a", "subviews": [{"id": "a1"}, {"id": "a2", "subviews": [{"id": "a2x"}]}]},
        {"id": "b", "subviews": [{"id": "b1"}]}]}}
    with brace.load_scene(scene_doc) as scene:
        assert [v.identifier for v in scene.root.subviews] == ["a", "b"]
        assert [v.identifier for v in scene.views["a"].subviews] == ["a1", "a2"]
        assert list(scene.views) == ["r", "a", "a1", "a2", "a2x", "b", "b1"]


def test_error_equation_nested_too_deeply_names_its_line():
    # Was reported as "$: the view tree is nested too deeply".
    for text in ("email.width == " + "(" * 3000 + "1" + ")" * 3000, "email.width == " + "-" * 5000 + "1"):
        e = load_error(form([text]))
        assert (e.json_path, e.problem) == ("root.constraints[0]", "the equation is nested too deeply")


def test_a_strategy_file_that_registers_another_name_is_unknown():
    # libbrace_autoresizing.so registers "frame": naming it set the frame strategy and then
    # asking for "autoresizing"'s properties escaped as NotFound.
    for view in ({"strategy": "autoresizing"}, {"strategy": "autoresizing", "subviews": [{"child_properties": {}}]}):
        e = load_error({"root": view})
        assert e.json_path == "root.strategy"
        assert e.problem.startswith('unknown strategy "autoresizing"')


def test_python_dicts_may_use_tuples():
    scene = {"size": (200, 100), "root": {"subviews": ({"id": "a", "frame": (1, 2, 3, 4), "hugging": (251, 252),
                                                        "layout_margins": (1, 2, 3, 4)},)}}
    with brace.load_scene(scene) as s:
        assert s.size == (200, 100) and tuple(s.views["a"].frame) == (1, 2, 3, 4)
        assert s.views["a"].content_hugging == (251, 252)


def test_load_scene_rejects_other_sources():
    with pytest.raises(TypeError, match="load_scene\\(\\) takes a path or a dict, not int"):
        brace.load_scene(3)


# ---------------------------------------------------------------- the schema


def schema_validator():
    jsonschema = pytest.importorskip("jsonschema")
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_documents_every_property():
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        schema = json.load(f)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    missing = []

    def walk(node, path):
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and all(isinstance(v, dict) for v in props.values()):
                missing.extend(path + "/" + k for k, v in props.items() if "description" not in v)
            for k, v in node.items():
                walk(v, path + "/" + k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, "%s/%d" % (path, i))

    walk(schema, "#")
    assert missing == []
    # every key the loader knows is in the schema, and no other
    from brace import scene as mod
    assert set(schema["properties"]) == set(mod._TOP_KEYS)
    assert set(schema["$defs"]["view"]["properties"]) == set(mod._VIEW_KEYS)


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_follow_the_schema(name):
    validator = schema_validator()
    data = json.loads((SCENES / (name + ".json")).read_text())
    assert [e.message for e in validator.iter_errors(data)] == []


KITCHEN_SINK = {
    "$schema": "scene.schema.json", "$comment": "every form the loader accepts", "size": [320, 480], "scale": 2,
    "metrics": {"pad": 12},
    "root": {"id": "root", "direction": "ltr", "layout_margins": {"top": 4}, "subviews": [
        {"id": "col", "strategy": "stack", "frame": [0, 0, 100, 100],
         "properties": {"axis": "vertical", "spacing": "system", "distribution": "fill"},
         "hugging": [251, 252], "compression": {"vertical": 760},
         "subviews": [{"id": "a", "intrinsic_size": [10, None], "child_properties": {"spacing_after": "default"}},
                      {"id": "b", "intrinsic_size": None, "hidden": True, "child_properties": {"spacing_after": 4}}]},
        {"id": "wrap", "strategy": "flow", "properties": {"alignment": "center"},
         "autoresizing": ["flexibleWidth", "flexible_height"], "autoresizes_subviews": True,
         "directional_layout_margins": [1, 2, 3, 4],
         "subviews": [{"id": "c", "intrinsic_size": [10, 10], "child_properties": {"break_before": False},
                       "baseline_offsets": {"first": None, "last": 2}}]},
        {"id": "d", "strategy": "constraints", "translates_autoresizing_mask": True, "frame": [0, 200, 50, 50],
         "subviews": [{"id": "e", "intrinsic_size": [5, 5],
                       "constraints": ["self.centerX == superview.centerXWithinMargins",
                                       "self.baseline == superview.bottom - pad"]}]}],
        "constraints": ["V:[d]"]},
    "constraints": [
        {"visual": "H:|-pad-[wrap(>=40)]", "options": ["alignAllTop"], "metrics": {"pad": 2}, "id": "row"},
        {"equation": "wrap.top == root.top + pad @high", "id": "wrap_top", "metrics": {"pad": 1}},
        "wrap.height == 30",
    ],
}


def test_kitchen_sink_loads_and_follows_the_schema():
    validator = schema_validator()
    assert [e.message for e in validator.iter_errors(KITCHEN_SINK)] == []
    with brace.load_scene(copy.deepcopy(KITCHEN_SINK)) as scene:
        scene.layout()
        assert scene.size == (320, 480)
        assert tuple(scene.views["wrap"].frame) == (2, 1, 40, 30)  # @high: top = 1; >=40 hugs
        assert tuple(scene.views["e"].frame) == (22.5, 33, 5, 5)  # centre 25 - 2.5; bottom 50 - 12
        assert {c.identifier for c in scene.constraints if c.identifier} == {"row", "wrap_top"}


# ---------------------------------------------------------------- states


def test_example_states_change_the_layout_as_worked_out_by_hand():
    with brace.load_scene(SCENES / "compose.json") as scene:
        assert scene.states == ("expanded",)
        scene.layout()
        # V:|-[to]-gap-[subject]-gap-[message]-gap-[send], margins 16, gap 12: message at
        # 16 + 36 + 12 + 36 + 12 = 112, 100 tall; send at 112 + 100 + 12 = 224.
        assert frames(scene, "message", "send") == {"message": (16, 112, 343, 100), "send": (271, 224, 88, 40)}
        scene.apply_state("expanded")
        scene.layout()
        # The height constant 220: send at 112 + 220 + 12 = 344.
        assert frames(scene, "message", "send") == {"message": (16, 112, 343, 220), "send": (271, 344, 88, 40)}
    with brace.load_scene(SCENES / "editbar.json") as scene:
        scene.layout()
        scene.apply_state("compact")
        scene.layout()
        # 375 - 2 * 12 = 351 points of content; four equal buttons and three gaps of 8:
        # (351 - 24) / 4 = 81.75 each. Edges 12, 93.75, 101.75, 183.5, 191.5, 273.25,
        # 281.25, 363 rounded to whole points. The hidden ones: width 0 at the trailing
        # edge of the visible view before them (184).
        assert frames(scene, "bold", "italic", "underline", "strike", "link", "done") == {
            "bold": (12, 10, 82, 40), "italic": (102, 10, 82, 40), "underline": (184, 10, 0, 40),
            "strike": (184, 10, 0, 40), "link": (192, 10, 81, 40), "done": (281, 10, 82, 40)}


def test_a_state_changes_every_kind_of_thing():
    doc = copy.deepcopy(STATEFUL)
    doc["constraints"] = doc["constraints"] + [
        {"equation": "button.width == 60 @300", "id": "button_width"},
        {"visual": "H:[field(>=150)]", "id": "wide"}]
    doc["root"]["subviews"].append({"id": "free", "frame": [1, 2, 3, 4]})
    doc["states"] = {
        "other": {"$comment": "every change at once",
                  "constraints": {"field_height": {"constant": 44},
                                  "button_width": {"priority": 900, "active": False},
                                  "wide": {"active": False}},
                  "views": {"bar": {"properties": {"spacing": 5}}, "button": {"hidden": True},
                            "field": {"child_properties": {"spacing_after": 7}},
                            "free": {"frame": [10, 20, 30, 40]}}},
        "back": {"constraints": {"button_width": {"priority": 1000, "active": True}}}}
    with brace.load_scene(doc) as scene:
        assert scene.states == ("other", "back")
        scene.layout()
        scene.apply_state("other")
        by_id = {c.identifier: c for c in scene.constraints}
        assert by_id["field_height"].constant == 44
        assert (by_id["button_width"].priority, by_id["button_width"].active) == (900, False)
        assert not by_id["wide"].active
        assert scene.views["bar"].get_property("spacing") == 5
        assert scene.views["field"].get_property("spacing_after") == 7
        assert scene.views["button"].hidden
        assert tuple(scene.views["free"].frame) == (10, 20, 30, 40)
        # Optional to required: allowed because the priority changes before the activation.
        scene.apply_state("back")
        assert (by_id["button_width"].priority, by_id["button_width"].active) == (1000, True)


def test_apply_state_refusals():
    doc = copy.deepcopy(STATEFUL)
    doc["states"] = {"optional": {"constraints": {"field_height": {"priority": 500}}}}
    with brace.load_scene(doc) as scene:
        with pytest.raises(KeyError, match='unknown state "optionl" \\(did you mean "optional"\\? known: optional\\)'):
            scene.apply_state("optionl")
        # The engine refuses to make an active required constraint optional (UIKit's rule):
        # the error names the change's place in the file.
        with pytest.raises(brace.SceneError) as info:
            scene.apply_state("optional")
        assert info.value.json_path == "states.optional.constraints.field_height.priority"
        assert "between required and optional" in info.value.problem
    with brace.load_scene(STATEFUL) as scene:
        assert scene.states == ()
        with pytest.raises(KeyError, match="the scene has no states"):
            scene.apply_state("any")


# Scenes that the loader and the schema both reject.
BOTH_REJECT = [
    {"root": {}, "sise": [1, 2]},
    {},
    {"root": {"colour": "red"}},
    {"root": {"hidden": "yes"}},
    {"root": {"id": "my-view"}},
    {"root": {"id": "self"}},
    {"size": [375], "root": {}},
    {"root": {"subviews": [{"frame": [0, 0, -5, 10]}]}},
    {"root": {"subviews": [{"intrinsic_size": [-1, 3]}]}},
    {"root": {"strategy": "stack", "properties": {"spacng": 3}}},
    {"root": {"strategy": "stack", "properties": {"axis": "diagonal"}}},
    {"root": {"strategy": "stack", "properties": {"spacing": "auto"}}},
    {"root": {"strategy": "flow", "properties": {"spacing": -4}}},
    {"root": {"strategy": "flow", "subviews": [{"child_properties": {"break_befor": True}}]}},
    {"root": {"strategy": "stack", "subviews": [{"child_properties": {"break_before": True}}]}},
    {"root": {"properties": {"axis": "vertical"}}},
    {"root": {"subviews": [{"child_properties": {"spacing_after": 3}}]}},
    {"root": {"layout_margins": 3, "directional_layout_margins": 3}},
    {"root": {"hugging": 0}},
    {"root": {"autoresizing": ["flexible_widht"]}},
    {"root": {"direction": "left"}},
    {"metrics": {"pad": "x"}, "root": {}},
    {"metrics": {"1pad": 3}, "root": {}},
    {"root": {"constraints": [{"visual": "H:|[a]|", "options": ["align_all_topp"]}], "subviews": [{"id": "a"}]}},
    {"root": {"constraints": [{"id": "x"}]}},
    {"root": {"constraints": [42]}},
    {"root": {"constraints": [""]}},
    STATEFUL | {"states": []},
    STATEFUL | {"states": {"a b": {}}},
    STATEFUL | {"states": {"s": {"view": {}}}},
    STATEFUL | {"states": {"s": {"views": {"button": {"hiden": True}}}}},
    STATEFUL | {"states": {"s": {"views": {"field": {"frame": [0, 0, -1, 3]}}}}},
    STATEFUL | {"states": {"s": {"constraints": {"field_height": {"priority": 1001}}}}},
    STATEFUL | {"states": {"s": {"constraints": {"field_height": {"active": 1}}}}},
]


@pytest.mark.parametrize("scene", BOTH_REJECT, ids=[json.dumps(s)[:50] for s in BOTH_REJECT])
def test_schema_and_loader_reject_the_same_bad_scenes(scene):
    validator = schema_validator()
    assert list(validator.iter_errors(scene)), "the schema accepts it"
    load_error(copy.deepcopy(scene))


def test_schema_ships_with_the_package():
    assert os.path.isfile(SCHEMA_PATH)
    assert os.path.dirname(SCHEMA_PATH) == os.path.dirname(brace.__file__)


def test_problems_visit_each_view_a_bounded_number_of_times(monkeypatch):
    """Scene.problems() (what `brace check` runs) is linear in the views: on a chain of
    800 views, each ambiguous (a leading edge and nothing else), the
    engine's dump is read once and each view's superview asked a fixed number of times,
    where walking to the root for every view asks 800 * 801 / 2 = 320,400 times."""
    n = 800
    root = {"id": "v0"}
    node = root
    for i in range(1, n):
        child = {"id": "v%d" % i}
        node["subviews"] = [child]
        node["constraints"] = ["v%d.leading == v%d.leading" % (i, i - 1)]
        node = child
    counts = {"description": 0, "superview": 0}
    description, superview = brace.View.description, brace.View.superview

    def counted_description(self):
        counts["description"] += 1
        return description(self)

    def counted_superview(self):
        counts["superview"] += 1
        return superview.__get__(self)

    with brace.load_scene({"size": [100, 100], "root": root}) as scene:
        scene.layout()
        monkeypatch.setattr(brace.View, "description", counted_description)
        monkeypatch.setattr(brace.View, "superview", property(counted_superview))
        problems = scene.problems()
        asked = dict(counts)
        # v1 ... v799 are ambiguous (v0, the root, keeps the scene's frame).
        assert [p.views[0].identifier for p in problems] == ["v%d" % i for i in range(1, n)]
        assert problems[0].message == 'AMBIGUOUS LAYOUT for "v1" (node 1:1).minY, Width, Height'
    counts = asked
    assert counts["description"] == 1
    # One superview per view for the overflow check, one more to find its hidden flag
    # (the root's None ends the first walk): at most 2 per view.
    assert counts["superview"] <= 2 * n
