"""What a Python user reads: constraints by identifier, diagnostics through warnings,
errors naming the Python call with "did you mean", one spelling of the visual format
options everywhere, `brace check` in the scene's words, and docs/python.md's examples."""

import re
import warnings
from pathlib import Path

import pytest

import brace
from brace.tools.scene import load_scene
from test_animation import run_documented_example

DOC = Path(__file__).resolve().parents[3] / "docs" / "python.md"


def views(ctx, *names, translates=False):
    root = ctx.view(frame=(0, 0, 300, 200))
    root.identifier = "root"
    made = []
    for name in names:
        v = ctx.view()
        if name is not None:
            v.identifier = name
        root.add_subview(v)
        v.translates_autoresizing_mask = translates
        made.append(v)
    return root, made


# ---------------------------------------------------------------- constraints


def test_an_anchor_constraint_prints_identifiers_not_handles():
    ctx = brace.Context()
    root, (a, b, c) = views(ctx, "email", "password", None)
    made = a.width == 0.5 * b.width + 3
    assert made.formula == "email.width == 0.5*password.width + 3"
    assert re.fullmatch(r"<Constraint 0x[0-9a-f]+ email\.width == 0\.5\*password\.width \+ 3 inactive @1000>",
                        repr(made))
    assert (a.leading == root.leading_margin + 8).formula == "email.leading == root.leading_margin + 8"
    # A view without an identifier: its handle, as the engine's own text shows it.
    assert (c.height == 44).formula == "0x%x.height == 44" % c.handle
    # An identifier given after the constraint was made shows too.
    late = c.width == b.width
    c.identifier = "icon"
    assert late.formula == "icon.width == password.width"
    # A linear constraint, and one made from the visual format, name the views alike.
    assert (2 * a.width - b.width >= 0).formula == "2*email.width + -1*password.width >= 0"
    vfl = brace.visual_format("H:[email]-[password]", {"email": a, "password": b})
    assert "password.leading - email.trailing == 8" in repr(vfl[0])


# ---------------------------------------------------------------- diagnostics


def conflict(ctx):
    _, (box,) = views(ctx, "box")
    brace.activate([box.width == 10, box.width == 20])  # the second one cannot hold
    return box


def test_diagnostics_are_warnings_by_default_pointing_at_the_callers_line():
    ctx = brace.Context(strict=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        conflict(ctx)
    assert [w.category for w in caught] == [brace.DiagnosticWarning]
    w = caught[0]
    assert w.filename == __file__  # the activate line in conflict(), not the package
    assert w.lineno == conflict.__code__.co_firstlineno + 2
    assert w.message.diagnostic is ctx.diagnostics[0]
    assert str(w.message).startswith("UNSATISFIABLE: Unable to simultaneously satisfy constraints.")
    assert str(ctx.diagnostics[0].kind) == "UNSATISFIABLE" and "%s" % brace.DiagnosticKind.FEEDBACK_LOOP == "FEEDBACK_LOOP"


def test_diagnostics_can_be_silenced_collected_or_handled():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning would fail the test
        quiet = brace.Context(strict=False, diagnostics=False)
        conflict(quiet)
        assert [d.kind for d in quiet.diagnostics] == [brace.DiagnosticKind.UNSATISFIABLE]
        got = []
        handled = brace.Context(strict=False, diagnostics=got.append)
        conflict(handled)
        assert got == handled.diagnostics and len(got) == 1
        warnings.filterwarnings("ignore", category=brace.DiagnosticWarning)
        conflict(brace.Context(strict=False))
    # warnings.simplefilter("error") makes the warning an exception of the call
    with warnings.catch_warnings():
        warnings.simplefilter("error", brace.DiagnosticWarning)
        with pytest.raises(brace.DiagnosticWarning):
            conflict(brace.Context(strict=False))


def test_a_strict_activate_raises_instead_of_warning_too():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(brace.UnsatisfiableConstraints) as info:
            conflict(brace.Context())
    assert "Unable to simultaneously satisfy constraints" in str(info.value)


def test_a_forgotten_translates_autoresizing_mask_is_reported_with_a_note():
    ctx = brace.Context()
    root, (y,) = views(ctx, "y", translates=True)
    y.intrinsic_content_size = (50, 20)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        brace.activate([y.center_x == root.center_x, y.center_y == root.center_y])
        ctx.run_update_cycle()
    # The view's zero frame (0, 0, 0, 0) is required: centered at (150, 100) with no size.
    assert y.frame == brace.Rect(150, 100, 0, 0)
    texts = [str(w.message) for w in caught]
    assert len(texts) == 2 and all(t.startswith("UNSATISFIABLE: ") for t in texts)
    note = ('Note: "y" has translates_autoresizing_mask = True, so its frame is a required constraint; '
            "set it to False on views that constraints place.")
    assert all(t.endswith("\n" + note) for t in texts)
    assert ctx.diagnostics[0].note == note


# ---------------------------------------------------------------- errors


def raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    assert not re.search(r"brace_[a-z_]+\(|brace_[a-z_]+:", str(info.value))  # no C function's name
    return info.value


def test_errors_name_the_python_call_and_offer_did_you_mean():
    ctx = brace.Context()
    stack = brace.Stack(ctx, axis="vertical")
    e = raised(lambda: stack.set_property("alignment", "centre"))
    assert isinstance(e, brace.InvalidArgument)
    assert str(e).startswith('Stack.set_property(): "centre" is not a value of property "alignment"')
    assert str(e).endswith('(did you mean "center"?)') and e.detail.endswith('(did you mean "center"?)')
    e = raised(lambda: setattr(stack, "alignment", "centre"))
    assert str(e).startswith('Stack.alignment = ...: "centre"') and str(e).endswith('(did you mean "center"?)')
    e = raised(lambda: stack.set_property("alignmnet", "center"))
    assert isinstance(e, brace.NotFound) and str(e).startswith("Stack.set_property(): ")
    assert str(e).endswith('(did you mean "alignment"?)')
    e = raised(lambda: stack.get_property("spacng"))
    assert str(e).startswith("Stack.get_property(): ") and str(e).endswith('(did you mean "spacing"?)')
    e = raised(lambda: brace.Stack(ctx, axis="vertcal"))
    assert str(e).startswith('Stack(): "vertcal"') and str(e).endswith('(did you mean "vertical"?)')
    e = raised(lambda: brace.View(ctx, hiden=True))
    assert str(e) == "View(): View has no property 'hiden' (did you mean \"hidden\"?)"
    e = raised(lambda: ctx.view().content_hugging_priority("horizntal"))
    assert str(e) == "axis must be 'horizontal' or 'vertical', not 'horizntal' (did you mean \"horizontal\"?)"
    e = raised(lambda: setattr(ctx.view(), "frame", (0, 0, -1, 5)))
    assert str(e) == "View.frame = ...: frame has a negative size (-1.0 x 5.0)"
    assert e.detail == "frame has a negative size (-1.0 x 5.0)"
    e = raised(lambda: brace.activate([stack.width == stack.leading]))
    assert str(e).startswith("Anchor == ...: a size attribute cannot be paired with a location attribute")
    e = raised(lambda: ctx.load_strategy("stak"))
    assert str(e).startswith("Context.load_strategy(): ")


# ---------------------------------------------------------------- visual format options


def test_visual_format_options_take_the_scenes_spellings():
    ctx = brace.Context()
    _, (a, b) = views(ctx, "a", "b")
    fmt, vs = "H:|-[a]-[b]-|", {"a": a, "b": b}
    snake = brace.visual_format(fmt, vs, options=["align_all_top"])
    camel = brace.visual_format(fmt, vs, options=["alignAllTop"])
    assert [c.formula or c._terms_text() for c in snake] == [c._terms_text() for c in camel]
    assert "b.top - a.top == 0" in [c._terms_text() for c in camel]  # the alignment, one per pair
    with pytest.raises(ValueError) as info:
        brace.visual_format(fmt, vs, options=["alignAllTopp"])
    assert str(info.value).startswith("visual_format(): unknown option 'alignAllTopp' (did you mean \"align_all_top\"?)")


# ---------------------------------------------------------------- brace check


def test_check_reports_visual_format_lines_as_written_with_their_paths():
    scene = {"root": {"id": "form", "subviews": [{"id": "email"}]},
             "constraints": ["V:|[email(10)]", "H:|[email]", {"visual": "H:|-[email]-|", "options": []}]}
    with load_scene(scene) as s:
        unsat = [p for p in s.problems() if p.kind == "unsatisfiable"]
    # "H:|[email]" pins email.leading to form.leading; "H:|-[email]-|" to the margin, 8
    # further: they conflict, and the later line's constraint is the one broken.
    assert unsat[0].message == (
        "Unable to simultaneously satisfy constraints; these cannot all hold:\n"
        '  "H:|[email]" (constraints[1]): email.leading == form.leading\n'
        '  "H:|-[email]-|" (constraints[2]): email.leading == form.leading_margin\n'
        'Broken (it stays active but does not hold): "H:|-[email]-|" (constraints[2]): '
        "email.leading == form.leading_margin")
    assert all("brace_" not in p.message and "0x" not in p.message for p in unsat)


# ---------------------------------------------------------------- docs/python.md


def test_the_stack_example_prints_what_its_comments_say(capsys):
    run_documented_example(capsys, DOC, "## Stacks", 6)


def test_the_diagnostics_example_prints_what_its_comments_say(capsys):
    run_documented_example(capsys, DOC, "### Diagnostics go through `warnings`", 3)
