"""`brace animate` and the pictures of an animation (render.animated_svg, snapshot(frames=)):
the animated SVG's keyframes are the presentation frames the API answers at the same
times, a few of them worked out by hand; the filmstrip's panels; every bad argument and
its exit status."""

import json
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import brace
from brace import cli
from brace.tools import render

REPO = Path(__file__).resolve().parents[3]
SCENES = REPO / "examples" / "scenes"
BINDINGS = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def example(name):
    path = SCENES / ("%s.json" % name)
    if not path.exists():
        pytest.skip("examples/scenes is not here (tests run outside the repository)")
    return path


def call(capsys, *args):
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def run(*args):
    """`python -m brace ARGS` in a process of its own: (exit status, stdout, stderr)."""
    env = dict(os.environ)
    if os.environ.get("BRACE_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(BINDINGS) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-m", "brace", *map(str, args)], capture_output=True, text=True,
                       env=env, cwd=str(REPO), timeout=300)
    return p.returncode, p.stdout, p.stderr


def view_rects(root):
    return {r.get("data-id"): r for r in root.iter(SVG + "rect") if "view" in r.get("class", "").split()}


def tracks(rect, times):
    """{attribute: [value at each sample time]} of a view's <rect>: its <animate> values
    without the rests at both ends, or its static value at every time."""
    out = {}
    for attr in ("x", "y", "width", "height"):
        anim = [a for a in rect.findall(SVG + "animate") if a.get("attributeName") == attr]
        if anim:
            values = [float(v) for v in anim[0].get("values").split(";")]
            assert values[0] == values[1] and values[-1] == values[-2]  # the rests
            out[attr] = values[1:-1]
        else:
            out[attr] = [float(rect.get(attr))] * len(times)
    return out


def presented(scene, t):
    """{id: (x, y, width, height)} at time t in the root's coordinates, from each view's
    presentation_frame(t) and its ancestors' (the root is drawn at 0, 0)."""
    out = {}
    for ident, view in scene.views.items():
        if view is scene.root:
            f = view.frame
            out[ident] = (0.0, 0.0, f.width, f.height)
            continue
        f = view.presentation_frame(t)
        x, y = f.x, f.y
        sup = view.superview
        while sup is not scene.root:
            p, b = sup.presentation_frame(t), sup.bounds
            x, y = x + p.x - b.x, y + p.y - b.y
            sup = sup.superview
        out[ident] = (x, y, f.width, f.height)
    return out


def animate_scene(path, state, **kw):
    """The scene laid out, then changed to `state` and laid out again in a transaction
    at time 0: what `brace animate` does, through the Python API."""
    scene = brace.load_scene(path)
    scene.layout()
    with scene.context.animate(now=0.0, **kw):
        scene.apply_state(state)
        scene.layout()
    return scene


def check_keyframes(svg_path, scene, times):
    """Every view's keyframes in the SVG are its presentation frames at the sample times
    (the SVG rounds to 2 decimals); answers {id: tracks}."""
    doc = ET.parse(svg_path).getroot()
    assert [float(t) for t in doc.get("data-times").split()] == pytest.approx(times, abs=1e-4)
    rects = view_rects(doc)
    assert set(rects) == set(scene.views)
    expected = [presented(scene, t) for t in times]
    found = {}
    for ident, rect in rects.items():
        tr = tracks(rect, times)
        for i, attr in enumerate(("x", "y", "width", "height")):
            assert tr[attr] == pytest.approx([round(e[ident][i], 2) for e in expected], abs=0.006), (ident, attr)
        found[ident] = tr
    return doc, found


# ---------------------------------------------------------------- the animated SVG


def test_keyframes_are_the_presentation_frames_of_a_constant_change(tmp_path, capsys):
    out = tmp_path / "grow.svg"
    code, stdout, err = call(capsys, "animate", example("compose"), "--to", "expanded", "--duration", "0.3",
                             "--fps", "20", "-o", out)
    assert (code, stdout, err) == (0, "", "")
    times = [i / 20 for i in range(6)] + [0.3]  # 0, 0.05 ... 0.25, then the end
    with animate_scene(example("compose"), "expanded", duration=0.3, curve="ease_in_out") as scene:
        doc, found = check_keyframes(out, scene, times)
    # By hand: the message field's height goes 100 -> 220 and the send button's y
    # 224 -> 344. Ease-in-out's control points (0.42, 0) and (0.58, 1) are symmetric
    # about (0.5, 0.5), so halfway through (t = 0.15, sample 3) the progress is 0.5:
    # height 100 + 0.5 * 120 = 160, y 224 + 0.5 * 120 = 284.
    assert found["message"]["height"][0] == 100 and found["message"]["height"][-1] == 220
    assert found["message"]["height"][3] == 160 and found["send"]["y"][3] == 284
    assert found["send"]["y"][0] == 224 and found["send"]["y"][-1] == 344
    # Views that do not move have no <animate>.
    assert view_rects(doc)["to"].findall(SVG + "animate") == []
    # keyTimes: the 0.5 s rest, the samples, the 1 s rest: a cycle of 0.5 + 0.3 + 1 = 1.8 s.
    anim = view_rects(doc)["send"].find(SVG + "animate")
    assert anim.get("dur") == "1.8s" and anim.get("repeatCount") == "indefinite"
    key_times = [float(k) for k in anim.get("keyTimes").split(";")]
    assert key_times == pytest.approx([0] + [(0.5 + t) / 1.8 for t in times] + [1], abs=1e-4)
    assert doc.find(SVG + "title").text == "compose.json: to expanded, 0.3 s, ease_in_out"


def test_a_spring_overshoots_and_lands(tmp_path, capsys):
    out = tmp_path / "spring.svg"
    code, _, err = call(capsys, "animate", example("compose"), "--to", "expanded", "--spring", "0.4",
                        "--duration", "0.5", "--fps", "30", "--title", "", "-o", out)
    assert (code, err) == (0, "")
    times = [i / 30 for i in range(15)] + [0.5]
    with animate_scene(example("compose"), "expanded", duration=0.5, spring=(0.4, 0.0)) as scene:
        doc, found = check_keyframes(out, scene, times)
    # Damping 0.4 < 1 overshoots: the field grows past 220 before it lands on it.
    assert max(found["message"]["height"]) > 221 and found["message"]["height"][-1] == 220
    assert doc.find(SVG + "text") is None or "title" not in doc.find(SVG + "text").get("class", "")


def test_a_stack_hiding_views_closes_the_gaps(tmp_path, capsys):
    out = tmp_path / "hide.svg"
    code, _, err = call(capsys, "animate", example("editbar"), "--to", "compact", "--curve", "linear",
                        "--duration", "0.2", "--fps", "10", "-o", out)
    assert (code, err) == (0, "")
    times = [0, 0.1, 0.2]
    with animate_scene(example("editbar"), "compact", duration=0.2, curve="linear") as scene:
        _, found = check_keyframes(out, scene, times)
    # Linear, halfway: bold 52 -> 82 wide is 67; underline 52 -> 0 is 26; link moves
    # from x 251 to 192: 221.5.
    assert found["bold"]["width"] == [52, 67, 82]
    assert found["underline"]["width"] == [52, 26, 0]
    assert found["link"]["x"] == [251, 221.5, 192]


def test_a_cubic_bezier_and_from(tmp_path, capsys):
    out = tmp_path / "bezier.svg"
    # (0, 0, 1, 1) is the straight line: progress = time, as linear.
    code, _, err = call(capsys, "animate", example("editbar"), "--to", "compact", "--curve", "0,0,1,1",
                        "--duration", "0.2", "--fps", "10", "-o", out)
    assert (code, err) == (0, "")
    _, found = check_keyframes(out, animate_scene(example("editbar"), "compact", duration=0.2, curve="linear"),
                               [0, 0.1, 0.2])
    assert found["bold"]["width"] == [52, 67, 82]
    # From the state to itself: nothing moves, and the picture is the state's layout.
    code, _, err = call(capsys, "animate", example("compose"), "--from", "expanded", "--to", "expanded",
                        "-o", out)
    assert (code, err) == (0, "")
    doc = ET.parse(out).getroot()
    assert list(doc.iter(SVG + "animate")) == []
    assert view_rects(doc)["message"].get("height") == "220"


def test_svg_on_standard_output_is_the_file(tmp_path, capsys):
    out = tmp_path / "a.svg"
    args = ("animate", example("compose"), "--to", "expanded", "--fps", "12")
    assert call(capsys, *args, "-o", out)[0] == 0
    code, stdout, _ = call(capsys, *args, "-o", "-")
    assert code == 0 and stdout == out.read_text(encoding="utf-8")


# ---------------------------------------------------------------- the filmstrip


def test_filmstrip_has_n_frames_at_even_times(tmp_path, capsys):
    out = tmp_path / "strip.svg"
    code, _, err = call(capsys, "animate", example("compose"), "--to", "expanded", "--duration", "0.3",
                        "--frames", "5", "--panel-height", "200", "-o", out)
    assert (code, err) == (0, "")
    doc = ET.parse(out).getroot()
    panels = [g for g in doc.iter(SVG + "g") if "panel" in g.get("class", "").split()]
    # 5 frames from 0 to 0.3: 0, 0.075, 0.15, 0.225, 0.3.
    assert [p.get("data-label") for p in panels] == ["0 s", "0.075 s", "0.15 s", "0.225 s", "0.3 s"]
    scale = float(panels[0].get("data-scale"))
    assert scale == pytest.approx(200 / 400, abs=1e-6)  # the root is 400 pt tall
    heights = [float(view_rects(p)["message"].get("height")) / scale for p in panels]
    # 100 at the start, 160 halfway (ease-in-out is symmetric), 220 at the end.
    assert heights[0] == 100 and heights[2] == pytest.approx(160, abs=0.02) and heights[4] == 220


def test_filmstrip_png(tmp_path, capsys):
    pytest.importorskip("cairosvg")
    out = tmp_path / "strip.png"
    code, _, err = call(capsys, "animate", example("editbar"), "--to", "compact", "--frames", "3", "-o", out)
    assert (code, err) == (0, "")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------- render.animated_svg


def test_animated_svg_refuses_mismatched_input():
    with brace.load_scene(example("compose")) as a, brace.load_scene(example("editbar")) as b:
        a.layout()
        b.layout()
        sa, sb = render.snapshot(a.root), render.snapshot(b.root)
        with pytest.raises(ValueError, match="2 snapshots but 1 times"):
            render.animated_svg([sa, sa], [0])
        with pytest.raises(ValueError, match="increasing"):
            render.animated_svg([sa, sa], [0.1, 0.1])
        with pytest.raises(ValueError, match="not of one view tree"):
            render.animated_svg([sa, sb], [0, 0.1])
        # One snapshot: a still picture, nothing moves.
        assert "<animate" not in render.animated_svg([sa], [0])



def test_the_render_docs_animated_svg_example_plays_the_change():
    # docs/render.md's animated_svg example, as written, on the scene and state of
    # `brace animate compose.json --to expanded` (its `scene`, `ctx` and `render`): the
    # message field's height goes 100 -> 220 over the 19 samples, as in the test above.
    doc = REPO / "docs" / "render.md"
    if not doc.exists():
        pytest.skip("docs/render.md is not here (tests run outside the repository)")
    section = doc.read_text(encoding="utf-8").split("**`animated_svg`**", 1)[1]
    code = textwrap.dedent(section.split("```python\n", 1)[1].split("```", 1)[0])
    with brace.load_scene(str(example("compose"))) as scene:
        names = {"scene": scene, "ctx": scene.context, "render": render}
        exec(compile(code, str(doc), "exec"), names)
    times = names["times"]
    assert len(times) == 19 and times[-1] == 0.3
    heights = tracks(view_rects(ET.fromstring(names["text"]))["message"], times)["height"]
    assert heights[0] == 100 and heights[-1] == 220 and heights == sorted(heights)

def test_snapshot_frames_override_the_model_frames():
    with brace.load_scene(example("compose")) as scene:
        scene.layout()
        send = scene.views["send"]
        shot = render.snapshot(scene.root, frames={send.handle: (1, 2, 3, 4)})
        assert tuple(shot.find("send").frame) == (1, 2, 3, 4)
        assert tuple(shot.find("send").bounds) == (0, 0, 3, 4)
        assert tuple(shot.find("message").frame) == tuple(scene.views["message"].frame)


# ---------------------------------------------------------------- bad arguments


def usage_error(code, err, reason):
    assert code == 2, err
    assert err.startswith("usage: brace animate"), err
    assert err.rstrip("\n").splitlines()[-1] == "brace animate: error: " + reason


@pytest.mark.parametrize("args, reason", [
    (("--to", "expandd"),
     'compose.json: unknown state "expandd" (did you mean "expanded"? known: expanded)'),
    (("--to", "expanded", "--from", "nope"), 'compose.json: unknown state "nope" (known: expanded)'),
    (("--to", "expanded", "--curve", "easein"),
     "argument --curve: 'easein' is not a curve: use ease_in_out, ease_in, ease_out, linear, "
     'or X1,Y1,X2,Y2 for a cubic Bézier (did you mean "ease_in"?)'),
    (("--to", "expanded", "--curve", "1.5,0,0.5,1"), "argument --curve: '1.5,0,0.5,1': X1 must be between 0 and 1, not 1.5"),
    (("--to", "expanded", "--curve", "0,0,1"),
     "argument --curve: '0,0,1' is not a cubic Bézier: write four numbers X1,Y1,X2,Y2 (0.2,0,0,1)"),
    (("--to", "expanded", "--spring", "0"),
     "argument --spring: '0': the damping ratio must be more than 0 and at most 1 (1: no overshoot), not 0"),
    (("--to", "expanded", "--spring", "1.5"),
     "argument --spring: '1.5': the damping ratio must be more than 0 and at most 1 (1: no overshoot), not 1.5"),
    (("--to", "expanded", "--spring", "0.5,nan"), "argument --spring: 'nan': the initial velocity must be a finite number"),
    (("--to", "expanded", "--spring", "0.5", "--curve", "linear"),
     "argument --curve: not allowed with argument --spring"),
    (("--to", "expanded", "--duration", "0"),
     "argument --duration: '0' is not a duration: a number of seconds, more than 0 and at most 10"),
    (("--to", "expanded", "--fps", "0"), "argument --fps: '0' is not a rate: a whole number from 1 to 240"),
    (("--to", "expanded", "--frames", "1"),
     "argument --frames: '1' is not a number of frames: a whole number from 2 to 200"),
])
def test_bad_arguments_are_usage_errors(tmp_path, capsys, args, reason):
    code, out, err = call(capsys, "animate", example("compose"), *args, "-o", tmp_path / "x.svg")
    usage_error(code, err, reason)
    assert out == "" and not (tmp_path / "x.svg").exists()


def test_an_animation_is_not_a_png(tmp_path, capsys):
    code, _, err = call(capsys, "animate", example("compose"), "--to", "expanded", "-o", tmp_path / "x.png")
    usage_error(code, err, "an animation is written as SVG: -o FILE.svg, or add --frames N for a filmstrip PNG")


def test_exit_statuses_in_a_process(tmp_path):
    code, out, err = run("animate", example("compose"), "--to", "expandd", "-o", tmp_path / "x.svg")
    assert code == 2 and 'did you mean "expanded"' in err
    code, out, err = run("animate", tmp_path / "nope.json", "--to", "x", "-o", tmp_path / "x.svg")
    assert (code, err) == (1, "brace animate: nope.json: $: cannot read the file: No such file or directory\n")
    # The engine refuses the state's change (a required constraint made optional while
    # active): an error of the scene, status 1, at the change's JSON path.
    scene = tmp_path / "s.json"
    scene.write_text(json.dumps({
        "root": {"id": "r", "subviews": [{"id": "a", "intrinsic_size": [10, 10]}]},
        "constraints": ["H:|[a]", "V:|[a]", {"equation": "a.width == 20", "id": "w"}],
        "states": {"loose": {"constraints": {"w": {"priority": 500}}}}}), encoding="utf-8")
    code, out, err = run("animate", scene, "--to", "loose", "-o", tmp_path / "x.svg")
    assert code == 1 and out == ""
    assert err.startswith("brace animate: s.json: states.loose.constraints.w.priority: cannot switch the active "), err
    assert "traceback" not in err.lower()
