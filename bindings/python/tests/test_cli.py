"""The `brace` command (brace.cli): every subcommand on the example scenes and on small
scenes written for the test, every exit status (through a real `python -m brace`
process), the output formats, and the committed pictures of examples/scenes/ being the
ones the command draws today."""

import json
import os
import re
import shlex
import struct
import subprocess
import sys
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import brace
from brace import cli

REPO = Path(__file__).resolve().parents[3]
SCENES = REPO / "examples" / "scenes"
SCENES_MK = REPO / "mk" / "scenes.mk"
BINDINGS = Path(__file__).resolve().parents[1]
EXAMPLES = ("login", "settings", "toolbar")
SVG = "{http://www.w3.org/2000/svg}"


# ---------------------------------------------------------------- helpers


def run(*args, cwd=None):
    """`python -m brace ARGS` in a process of its own: (exit status, stdout, stderr)."""
    env = dict(os.environ)
    if os.environ.get("BRACE_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(BINDINGS) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-m", "brace", *map(str, args)], capture_output=True,
                       text=True, env=env, cwd=str(cwd or REPO), timeout=300)
    return p.returncode, p.stdout, p.stderr


def call(capsys, *args):
    """brace.cli.main(ARGS) in this process: (exit status, stdout, stderr)."""
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def write_scene(tmp_path, doc, name="scene.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def example(name):
    path = SCENES / ("%s.json" % name)
    if not path.exists():
        pytest.skip("examples/scenes is not here (tests run outside the repository)")
    return path


def parse(text):
    return ET.fromstring(text)


def classes(el):
    return el.get("class", "").split()


def view_rects(root):
    return {r.get("data-id"): r for r in root.iter(SVG + "rect") if "view" in classes(r)}


def panels(root):
    return [g for g in root.iter(SVG + "g") if "panel" in classes(g)]


def assert_usage_error(code, err, reason):
    assert code == 2
    assert err.startswith("usage: brace"), err
    last = err.strip().splitlines()[-1]
    assert re.match(r"brace( \w+)?: error: ", last), last
    assert reason in last, last
    assert "Traceback" not in err


def assert_one_error(code, err, text):
    assert code == 1
    assert text in err, err
    assert "Traceback" not in err and "usage:" not in err


# A scene whose frames are easy to work out: a 200x100 root holding a bar (frame,
# stretching with the root) with a button pinned to its right and an unnamed view, a
# hidden panel, and a box placed by constraints 10 pt from the left and bottom.
SMALL = {
    "size": [200, 100],
    "scale": 2,  # frames are rounded to half points: 30.5 stays 30.5 when the root is resized
    "root": {"id": "root", "subviews": [
        {"id": "bar", "frame": [0, 0, 200, 40], "autoresizing": ["flexible_width"], "subviews": [
            {"id": "button", "frame": [150, 5, 40, 30], "autoresizing": ["flexible_left_margin"]},
            {"frame": [10, 5, 30.5, 30]}]},
        {"id": "panel", "frame": [0, 40, 200, 60], "hidden": True},
        {"id": "box", "intrinsic_size": [50, 20]}]},
    "constraints": ["H:|-10-[box]", "box.bottom == root.bottom - 10"]}

SMALL_DUMP = """\
root (0 0; 200 100)
  bar (0 0; 200 40)
    button (150 5; 40 30)
    root.subviews[0].subviews[1] (10 5; 30.5 30)
  panel (0 40; 200 60) hidden
  box (10 70; 50 20)
"""

# The same at 300x150: the bar stretches (flexible width), the button keeps its distance
# to the bar's right edge (flexible left margin), the box stays 10 pt above the bottom.
SMALL_DUMP_300x150 = """\
root (0 0; 300 150)
  bar (0 0; 300 40)
    button (250 5; 40 30)
    root.subviews[0].subviews[1] (10 5; 30.5 30)
  panel (0 40; 200 60) hidden
  box (10 120; 50 20)
"""

# A label 300 pt wide pinned to the left: it overflows a root narrower than 300 pt.
WIDE_LABEL = {"size": [375, 100], "scale": 2, "root": {"id": "screen", "subviews": [
    {"id": "label", "intrinsic_size": [300, 20]}]},
    "constraints": ["H:|[label]", "V:|[label]"]}


# ---------------------------------------------------------------- the command itself


def test_version(capsys):
    code, out, err = call(capsys, "--version")
    assert code == 0 and err == ""
    m = re.fullmatch(r"brace (\S+) \(libbrace (\S+), (.+)\)\n", out)
    assert m, out
    assert m.group(2) == brace.version()
    assert m.group(3) == brace.LIBRARY_PATH
    assert m.group(1) != "unknown"


def test_python_dash_m_and_version_in_a_process():
    code, out, err = run("--version")
    assert (code, err) == (0, "")
    assert out.startswith("brace ") and ("libbrace %s" % brace.version()) in out


@pytest.mark.parametrize("command", [None, "render", "dump", "check", "sweep"])
def test_help_for_every_command(capsys, command):
    code, out, err = call(capsys, *([command] if command else []), "--help")
    assert code == 0 and err == ""
    assert out.startswith("usage: brace" + (" " + command if command else ""))
    if command is None:
        for name in ("render", "dump", "check", "sweep", "--version", "exit status"):
            assert name in out
    else:
        assert "examples:" in out and "SCENE.json" in out


def test_help_in_a_process():
    code, out, err = run("sweep", "--help")
    assert code == 0 and err == "" and "START:STOP:STEP" in out


def test_no_command_is_bad_usage(capsys):
    code, out, err = call(capsys)
    assert_usage_error(code, err, "choose a command")
    assert out == ""


def test_unknown_command_and_option(capsys):
    assert_usage_error(*call(capsys, "draw", "x.json")[::2], "invalid choice: 'draw'")
    code, out, err = call(capsys, "dump", str(example("login")), "--bogus")
    assert_usage_error(code, err, "unrecognized arguments: --bogus")
    assert err.startswith("usage: brace dump ") and "brace dump: error: " in err  # the command's usage
    code, out, err = call(capsys, "--bogus", "dump", str(example("login")))
    assert_usage_error(code, err, "unrecognized arguments: --bogus")
    # no abbreviations: options may be added later without breaking scripts
    code, out, err = call(capsys, "render", str(example("login")), "-o", "x.svg", "--constr")
    assert_usage_error(code, err, "unrecognized arguments: --constr")


@pytest.mark.parametrize("size", ["12x", "0x5", "-3x4", "nanx4", "4xnan", "infx4", "1e3x4", "375", "x667",
                                  "375x667x1", "3 4", "", "200000x5"])
def test_bad_sizes_are_bad_usage(capsys, size):
    code, out, err = call(capsys, "dump", str(example("login")), "--size=" + size)
    assert_usage_error(code, err, "argument --size:")
    assert out == ""


def test_good_size_spellings(capsys):
    for size in ("320x568", "320X568", "320\u00d7568", " 320 x 568 ", "320.0x568."):
        code, out, err = call(capsys, "dump", str(example("login")), "--size", size)
        assert code == 0, err
        assert out.splitlines()[0] == "login (0 0; 320 568)"


@pytest.mark.parametrize("args, reason", [
    (["check", "{scene}", "--sizes", "320x568,"], "is not a list of sizes"),
    (["check", "{scene}", "--sizes", "320x568,0x4"], "must be more than 0"),
    (["check", "{scene}", "--quiet", "--json"], "not allowed with argument"),
    (["check"], "the following arguments are required"),
    (["render", "{scene}"], "the following arguments are required: -o/--output"),
    (["render", "{scene}", "-o", "out.jpg"], "must end in .svg or .png"),
    (["render", "{scene}", "-o", "out.svg", "--scale", "0"], "is not a scale"),
    (["render", "{scene}", "-o", "out.svg", "--scale", "nan"], "is not a scale"),
    (["sweep", "{scene}", "-o", "s.svg"], "the following arguments are required: --width"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "320:1024"], "is not a range"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "a:b:c"], "is not a range"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "1024:320:8"], "runs backwards"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "320:1024:0"], "the step must be more than 0"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "0:100:10"], "the first width must be more than 0"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "320:1024:1"], "makes 705 pictures; the most is 200"),
    (["sweep", "{scene}", "-o", "s.svg", "--width", "320:400:8", "--height", "0"], "argument --height"),
    (["--version", "dump", "{scene}"], "--version takes no command"),
])
def test_bad_usage(capsys, tmp_path, args, reason):
    args = [str(example("login")) if a == "{scene}" else a for a in args]
    code, out, err = call(capsys, *args)
    assert_usage_error(code, err, reason)
    assert out == ""
    assert not (tmp_path / "out.svg").exists()


def test_exit_statuses_in_a_process(tmp_path):
    login = example("login")
    code, out, err = run("dump", login)
    assert (code, err) == (0, "") and out.startswith("login (0 0; 375 667)\n")
    code, out, err = run("dump", login, "--size", "12x")
    assert_usage_error(code, err, "argument --size: '12x' is not a size")
    code, out, err = run("check", write_scene(tmp_path, WIDE_LABEL), "--sizes", "200x100")
    assert code == 1 and "overflow" in out and err == ""
    code, out, err = run("render", tmp_path / "missing.json", "-o", tmp_path / "x.svg")
    assert_one_error(code, err, "brace render: missing.json: $: cannot read the file: No such file or directory")


def run_bytes(*args, encoding):
    """`python -m brace ARGS` (bytes, so that file names need not be UTF-8) with
    PYTHONIOENCODING=encoding: (exit status, stdout bytes, stderr text)."""
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    if os.environ.get("BRACE_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(BINDINGS) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([os.fsencode(sys.executable), b"-m", b"brace", *map(os.fsencode, args)],
                       capture_output=True, env=env, cwd=str(REPO), timeout=300)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def test_svg_on_stdout_whatever_the_terminal_encoding(tmp_path):
    # The SVG is UTF-8 ("login \u2014 375 \u00d7 667 pt" in its title): written through a
    # text stream in ASCII it failed with an internal UnicodeEncodeError.
    login = example("login")
    code, out, err = run_bytes("render", login, "-o", "-", encoding="ascii")
    assert (code, err) == (0, "")
    assert run_bytes("render", login, "-o", tmp_path / "t.svg", encoding="ascii")[0] == 0
    assert out == (tmp_path / "t.svg").read_bytes()
    code, out, err = run_bytes("sweep", login, "--width", "300:400:100", "-o", "-", encoding="ascii")
    assert (code, err) == (0, "") and out.startswith(b"<svg") and "\u2014".encode() in out


@pytest.mark.skipif(sys.platform == "darwin", reason="the file system wants UTF-8 names")
def test_file_names_that_are_not_utf8_are_printed_not_an_internal_error(tmp_path):
    path = os.path.join(os.fsencode(tmp_path), b"caf\xe9.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(SMALL, f)
    for extra in ([], ["--json"]):
        code, out, err = run_bytes("check", path, *extra, encoding="utf-8:strict")
        assert (code, err) == (0, ""), err
        assert b"caf" in out and b"internal error" not in out
    code, out, err = run_bytes("check", path + b"x", encoding="utf-8:strict")
    assert code == 1 and "cannot read the file" in err and "internal error" not in err


# ---------------------------------------------------------------- errors at run time


def test_scene_errors_name_file_and_json_path(capsys, tmp_path):
    bad = write_scene(tmp_path, {"root": {"id": "r", "subviews": [{"id": "a"}]},
                                 "constraints": ["a.width == b.width"]}, "bad.json")
    for args in (["render", bad, "-o", tmp_path / "x.svg"], ["dump", bad], ["check", bad],
                 ["sweep", bad, "--width", "100:200:50", "-o", tmp_path / "s.svg"]):
        code, out, err = call(capsys, *args)
        assert_one_error(code, err, 'bad.json: constraints[0]: unknown view "b"')
        assert err.startswith("brace %s: bad.json: constraints[0]: " % args[0])
        assert "a.width == b.width\n" in err  # the line and a caret under the fault
    assert not (tmp_path / "x.svg").exists() and not (tmp_path / "s.svg").exists()


def test_invalid_json_in_a_process(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"root": {"id": "r",}}')
    code, out, err = run("render", path, "-o", tmp_path / "x.svg")
    assert_one_error(code, err, "brace render: broken.json: $: invalid JSON at line 1, column 21")
    assert out == ""


def test_missing_input_and_directory_input(capsys, tmp_path):
    code, out, err = call(capsys, "dump", tmp_path / "nope.json")
    assert_one_error(code, err, "nope.json: $: cannot read the file: No such file or directory")
    code, out, err = call(capsys, "dump", tmp_path)
    assert_one_error(code, err, "cannot read the file")


def test_unwritable_output(capsys, tmp_path):
    code, out, err = call(capsys, "render", example("login"), "-o", tmp_path / "no" / "such" / "dir.svg")
    assert_one_error(code, err, "brace render: cannot write %s: No such file or directory"
                     % (tmp_path / "no" / "such" / "dir.svg"))
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "300:400:100", "-o", tmp_path)
    assert code == 2  # a folder has no .svg suffix: bad usage
    target = tmp_path / "dir.svg"
    target.mkdir()
    code, out, err = call(capsys, "render", example("login"), "-o", target)
    assert_one_error(code, err, "brace render: cannot write %s: Is a directory" % target)


# ---------------------------------------------------------------- render


@pytest.mark.parametrize("name", EXAMPLES)
def test_render_examples_draw_every_view_at_its_frame(capsys, tmp_path, name):
    out_file = tmp_path / ("%s.svg" % name)
    code, out, err = call(capsys, "render", example(name), "-o", out_file)
    assert (code, out, err) == (0, "", "")
    doc = parse(out_file.read_text(encoding="utf-8"))
    rects = view_rects(doc)
    with brace.load_scene(example(name)) as scene:
        scene.layout()
        assert set(rects) == set(scene.views)
        root = scene.root
        for ident, view in scene.views.items():
            if view.superview is root:  # root coordinates == the frame for the root's subviews
                f = view.frame
                r = rects[ident]
                assert [float(r.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx(
                    [f.x, f.y, f.width, f.height], abs=0.01), ident
    labels = {t.get("data-id") for t in doc.iter(SVG + "text") if "label" in classes(t)}
    assert {"login": "login", "settings": "settings", "toolbar": "editor"}[name] in labels
    assert not [g for g in doc.iter(SVG + "g") if "constraint" in classes(g)]


def test_render_size_constraints_scale_and_title(capsys, tmp_path):
    out_file = tmp_path / "login.svg"
    code, out, err = call(capsys, "render", example("login"), "-o", out_file, "--size", "320x568",
                          "--constraints", "--scale", "2", "--title", "Sign in")
    assert (code, err) == (0, "")
    doc = parse(out_file.read_text(encoding="utf-8"))
    email = view_rects(doc)["email"]
    # email at 320x568: (108 186; 192 36), times 2 pixels per point
    assert [float(email.get(k)) for k in ("x", "y", "width", "height")] == [216, 372, 384, 72]
    assert [g for g in doc.iter(SVG + "g") if "constraint" in classes(g)]
    assert [t.text for t in doc.iter(SVG + "text") if "title" in classes(t)] == ["Sign in"]


def test_render_to_stdout_is_the_same_svg(tmp_path):
    code, out, err = run("render", example("toolbar"), "-o", "-")
    assert (code, err) == (0, "")
    run("render", example("toolbar"), "-o", tmp_path / "t.svg")
    assert out == (tmp_path / "t.svg").read_text(encoding="utf-8")
    assert parse(out).get("class") == "brace-layout"


def test_render_small_scene_shows_hidden_and_problems(capsys, tmp_path):
    doc = dict(SMALL)
    doc["root"] = dict(SMALL["root"])
    doc["root"]["subviews"] = SMALL["root"]["subviews"] + [{"id": "logo"}]
    doc["constraints"] = SMALL["constraints"] + ["logo.width == 10"]  # logo: ambiguous
    path = write_scene(tmp_path, doc)
    code, out, err = call(capsys, "render", path, "-o", "-")
    assert (code, err) == (0, "")
    rects = view_rects(parse(out))
    assert set(rects) == {"root", "bar", "button", "node 3:1", "panel", "box", "logo"}
    assert "hidden" in classes(rects["panel"])
    assert "ambiguous" in classes(rects["logo"])
    assert [float(rects["box"].get(k)) for k in ("x", "y", "width", "height")] == [10, 70, 50, 20]
    assert [float(rects["button"].get(k)) for k in ("x", "y")] == [150, 5]
    legend = [t.text for g in parse(out).iter(SVG + "g") if "legend" in classes(g) for t in g.iter(SVG + "text")]
    assert any(t.startswith('AMBIGUOUS LAYOUT for "logo"') for t in legend), legend


def test_render_png(capsys, tmp_path):
    pytest.importorskip("cairosvg")
    out_file = tmp_path / "login.PNG"
    code, out, err = call(capsys, "render", example("login"), "-o", out_file)
    assert (code, out, err) == (0, "", "")
    data = out_file.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    svg_doc = parse(run("render", example("login"), "-o", "-")[1])
    assert (width, height) == (2 * int(svg_doc.get("width")), 2 * int(svg_doc.get("height")))
    code, out, err = call(capsys, "render", example("login"), "-o", out_file, "--scale", "1")
    assert struct.unpack(">II", out_file.read_bytes()[16:24]) == (width // 2, height // 2)
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "300:400:100", "-o",
                          tmp_path / "sweep.png")
    assert code == 0 and (tmp_path / "sweep.png").read_bytes()[:4] == b"\x89PNG"


def test_png_without_cairosvg_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg -> ImportError
    for args in (["render", example("login"), "-o", tmp_path / "x.png"],
                 ["sweep", example("toolbar"), "--width", "300:400:100", "-o", tmp_path / "x.png"]):
        code, out, err = call(capsys, *args)
        assert_one_error(code, err, 'pip install "brace[png]"')
        assert len(err.strip().splitlines()) == 1
        assert err.startswith("brace %s: PNG output needs cairosvg" % args[0])
        assert not (tmp_path / "x.png").exists()


# ---------------------------------------------------------------- dump


def test_dump_small_scene_exactly(capsys, tmp_path):
    path = write_scene(tmp_path, SMALL)
    assert call(capsys, "dump", path) == (0, SMALL_DUMP, "")
    # a size resizes the root as a window is resized: the autoresizing masks apply
    assert call(capsys, "dump", path, "--size", "300x150") == (0, SMALL_DUMP_300x150, "")


def test_dump_marks_ambiguous_views(capsys, tmp_path):
    path = write_scene(tmp_path, {"root": {"id": "r", "subviews": [{"id": "logo"}]},
                                  "constraints": ["logo.width == 10"]})
    code, out, err = call(capsys, "dump", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "r (0 0; 375 667)"
    assert re.fullmatch(r"  logo \(\S+ \S+; 10 \S+\) ambiguous", lines[1]), lines


def test_dump_example_matches_the_scene(capsys):
    code, out, err = call(capsys, "dump", example("settings"), "--size", "320x568")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    with brace.load_scene(example("settings")) as scene:
        scene.layout(size=(320, 568))
        assert len(lines) == len(scene.views)
        f = scene.views["wifi_switch"].frame
        assert "        wifi_switch (%g %g; %g %g)" % (f.x, f.y, f.width, f.height) in lines
    assert "      cellular_row (0 87; 320 0) hidden" in lines


def test_dump_engine_description(capsys):
    code, out, err = call(capsys, "dump", example("login"), "--engine")
    assert (code, err) == (0, "")
    with brace.load_scene(example("login")) as scene:
        scene.layout()
        assert out.rstrip("\n") == scene.root.description().rstrip("\n")
    assert '"email" (node 4:1)' in out


# ---------------------------------------------------------------- check


def test_check_examples_clean_at_three_sizes(capsys):
    files = [example(n) for n in EXAMPLES]
    code, out, err = call(capsys, "check", *files, "--sizes", "320x568,375x667,1024x768")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "%s at 320x568: no problems" % files[0]
    assert len(lines) == 10
    assert lines[-1] == "no problems in 9 layouts"


def test_check_default_size_is_the_scenes_own(capsys, tmp_path):
    path = write_scene(tmp_path, SMALL)
    assert call(capsys, "check", path) == (0, "%s at 200x100: no problems\nno problems in 1 layout\n" % path, "")


def test_check_reports_by_size_with_a_summary(capsys, tmp_path):
    path = write_scene(tmp_path, WIDE_LABEL)
    code, out, err = call(capsys, "check", path, "--sizes", "200x100,375x100,250.5x100")
    assert (code, err) == (1, "")
    assert out == (
        "{p} at 200x100: 1 problem\n"
        '  overflow: "label" overflows "screen" by 100 pt on the right\n'
        "{p} at 375x100: no problems\n"
        "{p} at 250.5x100: 1 problem\n"
        '  overflow: "label" overflows "screen" by 49.5 pt on the right\n'
        "2 problems in 2 of 3 layouts\n").format(p=path)


def test_check_finds_unsatisfiable_constraints(capsys, tmp_path):
    path = write_scene(tmp_path, {"root": {"id": "form", "subviews": [{"id": "email"}]},
                                  "constraints": ["email.width == 100", "email.width == 120",
                                                  "H:|[email]", "V:|[email(10)]"]})
    code, out, err = call(capsys, "check", path)
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == "%s at 375x667: 1 problem" % path
    assert lines[1] == "  unsatisfiable: Unable to simultaneously satisfy constraints."
    assert '    <constraint 1:1 "email" (node 1:1).width == 120 @1000>' in lines
    assert all(line.startswith("    ") for line in lines[2:-1])  # the rest of the message, indented
    assert lines[-1] == "1 problem in 1 of 1 layout"


def test_check_finds_ambiguous_views(capsys, tmp_path):
    path = write_scene(tmp_path, {"root": {"id": "screen", "subviews": [
        {"id": "box", "intrinsic_size": [40, 40]}, {"id": "logo"}]},
        "constraints": ["H:|[box]", "V:|[box]", "logo.leading == box.trailing + 8"]})
    code, out, err = call(capsys, "check", path)
    assert (code, err) == (1, "")
    assert out.splitlines()[1] == '  ambiguous: AMBIGUOUS LAYOUT for "logo" (node 2:1).minY, Width, Height'


def test_check_finds_overflow_of_unnamed_views(capsys, tmp_path):
    path = write_scene(tmp_path, {"root": {"id": "screen", "subviews": [
        {"id": "toolbar", "frame": [0, 0, 200, 44], "subviews": [
            {"id": "label", "frame": [150, 10, 62, 20]},
            {"frame": [-3, 30, 10, 20]},
            {"id": "ghost", "frame": [190, 0, 50, 10], "hidden": True}]}]}})
    code, out, err = call(capsys, "check", path)
    assert code == 1
    assert out.splitlines()[1:] == [
        '  overflow: "label" overflows "toolbar" by 12 pt on the right',
        '  overflow: root.subviews[0].subviews[1] overflows "toolbar" by 3 pt on the left and 6 pt at the bottom',
        "2 problems in 1 of 1 layout"]


class _Loop(brace.View):
    """A view that asks for layout again while it is laid out: a feedback loop."""

    def layout_subviews(self):
        self.set_needs_layout()


def _with_loop(monkeypatch):
    real = cli._load
    loads = []

    def load(path):
        scene = real(path)
        loop = _Loop(scene.context, frame=(0, 0, 5, 5))
        loop.identifier = "spinner"
        scene.root.add_subview(loop)
        loads.append(scene)
        return scene

    monkeypatch.setattr(cli, "_load", load)
    return loads


def test_check_finds_feedback_loops_with_a_fresh_load_per_size(capsys, tmp_path, monkeypatch):
    loads = _with_loop(monkeypatch)
    path = write_scene(tmp_path, SMALL)
    code, out, err = call(capsys, "check", path, "--sizes", "200x100,300x100")
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == "%s at 200x100: 1 problem" % path
    assert lines[1].startswith('  feedback-loop: Layout feedback loop detected: "spinner" (node 6:1) was laid out')
    assert lines[-1] == "2 problems in 2 of 2 layouts"
    assert len(loads) == 2 and all(s.context.closed for s in loads)


def test_render_and_dump_go_on_after_a_feedback_loop(capsys, tmp_path, monkeypatch):
    _with_loop(monkeypatch)
    path = write_scene(tmp_path, SMALL)
    code, out, err = call(capsys, "dump", path)
    assert code == 0 and out.startswith(SMALL_DUMP) and out.endswith("  spinner (0 0; 5 5)\n")
    assert err.startswith("brace dump: warning: the layout pass was stopped: feedback loop detected")
    code, out, err = call(capsys, "render", path, "-o", "-")
    assert code == 0 and "feedback-loop" in classes(view_rects(parse(out))["spinner"])


def test_check_json_and_quiet(capsys, tmp_path):
    path = write_scene(tmp_path, WIDE_LABEL)
    code, out, err = call(capsys, "check", path, "--sizes", "200x100,375x100", "--json")
    assert (code, err) == (1, "")
    assert json.loads(out) == {
        "scenes": [{"file": str(path), "sizes": [
            {"size": "200x100", "width": 200, "height": 100, "problems": [
                {"kind": "overflow", "message": '"label" overflows "screen" by 100 pt on the right',
                 "views": ["label", "screen"]}]},
            {"size": "375x100", "width": 375, "height": 100, "problems": []}]}],
        "layouts": 2, "problems": 1, "errors": 0}
    assert call(capsys, "check", path, "--sizes", "200x100", "--quiet") == (1, "", "")
    assert call(capsys, "check", path, "-q") == (0, "", "")


def test_check_goes_on_past_a_scene_that_cannot_load(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    good = write_scene(tmp_path, SMALL)
    code, out, err = call(capsys, "check", bad, good)
    assert code == 1
    assert err == "brace check: bad.json: $: a scene must be an object, not an array\n"
    assert out == "%s at 200x100: no problems\nno problems in 1 layout; 1 scene could not be loaded\n" % good
    code, out, err = call(capsys, "check", bad, good, "--json")
    doc = json.loads(out)
    assert doc["scenes"][0] == {"file": str(bad), "error": "bad.json: $: a scene must be an object, not an array"}
    assert (doc["errors"], doc["problems"], code) == (1, 0, 1)


# ---------------------------------------------------------------- sweep


def test_sweep_one_panel_per_width(capsys, tmp_path):
    out_file = tmp_path / "sweep.svg"
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "320:1024:8", "-o", out_file)
    assert (code, out, err) == (0, "", "")
    doc = parse(out_file.read_text(encoding="utf-8"))
    ps = panels(doc)
    assert len(ps) == 89  # 320, 328, ..., 1024: the stop is included when a step lands on it
    assert ps[0].get("data-label") == "320 pt" and ps[-1].get("data-label") == "1024 pt"
    assert float(ps[0].get("data-scale")) == pytest.approx(160 / 667, abs=0.005)
    title = [t.text for t in doc.iter(SVG + "text") if "title" in classes(t)]
    assert title == ["toolbar.json: width 320 to 1024 by 8 pt, height 667 pt"]


def test_sweep_ranges_height_and_stdout(capsys):
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "320:330:4", "--height", "400",
                          "--panel-height", "100", "--title", "t", "-o", "-")
    assert (code, err) == (0, "")
    ps = panels(parse(out))
    assert [p.get("data-label") for p in ps] == ["320 pt", "324 pt", "328 pt"]  # 330 is not reached
    assert float(ps[0].get("data-scale")) == pytest.approx(100 / 400)
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "100:101:0.5", "-o", "-")
    assert [p.get("data-label") for p in panels(parse(out))] == ["100 pt", "100.5 pt", "101 pt"]
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "500:500:10", "-o", "-")
    assert [p.get("data-label") for p in panels(parse(out))] == ["500 pt"]
    code, out, err = call(capsys, "sweep", example("toolbar"), "--width", "100:2089:10", "-o", "-")
    assert len(panels(parse(out))) == 199


def test_sweep_panels_match_the_layout_and_flag_problems(capsys, tmp_path):
    path = write_scene(tmp_path, WIDE_LABEL)
    code, out, err = call(capsys, "sweep", path, "--width", "200:400:100", "-o", "-")
    assert (code, err) == (0, "")
    ps = panels(parse(out))
    troubled = ["problem" in classes(t) for p in ps for t in p.iter(SVG + "text") if "panel-label" in classes(t)]
    assert troubled == [True, False, False]  # 300 pt of label in 200 pt overflows
    rects = [view_rects(p) for p in ps]
    scale = float(ps[0].get("data-scale"))
    assert float(rects[0]["screen"].get("width")) == pytest.approx(200 * scale, abs=0.01)
    assert float(rects[2]["screen"].get("width")) == pytest.approx(400 * scale, abs=0.01)


# ---------------------------------------------------------------- the committed pictures


def _pictures():
    """{file name: brace arguments} from mk/scenes.mk, the commands `make scenes` runs."""
    if not SCENES.is_dir() or not SCENES_MK.is_file():
        pytest.skip("examples/scenes or mk/scenes.mk is not here (tests run outside the repository)")
    text = SCENES_MK.read_text(encoding="utf-8")
    found = dict(re.findall(r"^SCENES_(\S+\.svg)\s*:=\s*(.+?)\s*$", text, re.M))
    listed = re.search(r"^SCENES_PICTURES\s*:=\s*(.+?)\s*$", text, re.M).group(1).split()
    assert sorted(listed) == sorted(found), "SCENES_PICTURES and the SCENES_*.svg lines disagree"
    return found


def test_every_example_scene_has_a_picture():
    pictures = _pictures()
    for scene in sorted(SCENES.glob("*.json")):
        assert scene.stem + ".svg" in pictures, scene.name
    assert "toolbar-sweep.svg" in pictures
    assert pictures["login.svg"].startswith("render ") and "--constraints" in pictures["login.svg"]


def test_committed_pictures_are_current(tmp_path):
    """Each examples/scenes/*.svg is what its command in mk/scenes.mk draws now: run
    `make scenes` after changing the engine, the renderer, the CLI or a scene."""
    stale = []
    for name, args in sorted(_pictures().items()):
        fresh = tmp_path / name
        code, out, err = run(*shlex.split(args), "-o", fresh, cwd=REPO)
        assert (code, err) == (0, ""), (name, err)
        committed = SCENES / name
        if not committed.exists() or committed.read_bytes() != fresh.read_bytes():
            stale.append(name)
    assert not stale, "stale pictures in examples/scenes (run make scenes): %s" % ", ".join(stale)


# ---------------------------------------------------------------- readable committed pictures


def _committed(name):
    path = SCENES / name
    if not path.exists():
        pytest.skip("examples/scenes is not here (tests run outside the repository)")
    return parse(path.read_text(encoding="utf-8"))


def _box(el):
    x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
    return x, y, x + w, y + h


def _overlap(a, b):
    """Boxes sharing more than an edge (half a pixel of slack for rounding)."""
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _tags(doc):
    """The backing of every name and every constant: (class, data-id, box)."""
    return [(c, r.get("data-id"), _box(r)) for r in doc.iter(SVG + "rect")
            for c in classes(r) if c in ("label-bg", "constant-bg")]


def test_settings_picture_shows_every_container_name_clear_of_its_subviews():
    doc = _committed("settings.svg")
    rects = {r.get("data-id"): _box(r) for r in doc.iter(SVG + "rect") if "view" in classes(r)}
    names = {i: b for c, i, b in _tags(doc) if c == "label-bg"}
    with brace.load_scene(example("settings")) as scene:
        scene.layout()
        below = {}
        for ident, view in scene.views.items():
            up = view.superview
            while up is not None:
                below.setdefault(up.identifier, []).append(ident)
                up = up.superview
    # Every container of the screen, the sections and each row among them, is named...
    assert {"settings", "header", "general", "general_rows", "wifi_row", "bluetooth_row", "hotspot_row",
            "notifications", "notifications_rows", "sounds_row", "badges_row", "previews_row"} <= set(below)
    hidden = {"cellular_row", "cellular_label", "cellular_switch"}
    for container, inside in below.items():
        if container in hidden:
            continue
        assert container in names, container
        # ...whole, and where none of the views inside it covers the name.
        label = [t.text for t in doc.iter(SVG + "text") if "label" in classes(t) and t.get("data-id") == container]
        assert label == [container]
        covering = [i for i in inside if i not in hidden and _overlap(names[container], rects[i])]
        assert covering == [], container


def test_settings_picture_names_the_row_a_stack_collapsed():
    doc = _committed("settings.svg")
    legend = [t.text for g in doc.iter(SVG + "g") if "legend" in classes(g) for t in g.iter(SVG + "text")]
    # cellular_row is hidden in settings.json: the stack gives it no height, so only the
    # legend can show it.
    assert legend == ["hidden: cellular_row"]


@pytest.mark.parametrize("name", ["login.svg", "settings.svg", "toolbar.svg", "editbar.svg", "compose.svg"])
def test_no_two_names_or_constants_overlap_in_the_committed_pictures(name):
    tags = _tags(_committed(name))
    assert tags
    clashes = [(a[:2], b[:2]) for k, a in enumerate(tags) for b in tags[k + 1:] if _overlap(a[2], b[2])]
    assert clashes == []


def test_login_picture_keeps_constraint_lines_off_the_names():
    doc = _committed("login.svg")
    names = [(i, b) for c, i, b in _tags(doc) if c == "label-bg"]
    lines = [tuple(float(l.get(k)) for k in ("x1", "y1", "x2", "y2"))
             for g in doc.iter(SVG + "g") if "constraint" in classes(g) for l in g.iter(SVG + "line")]
    crossed = []
    for i, (x0, y0, x1, y1) in names:
        for a, b, c, d in lines:
            # A line through the tag, not along its edge: it meets the tag shrunk by half a pixel.
            if (max(min(a, c), x0 + 0.5) <= min(max(a, c), x1 - 0.5)
                    and max(min(b, d), y0 + 0.5) <= min(max(b, d), y1 - 0.5)):
                crossed.append(i)
    # email_label and password_label sit on the align-all-center-Y line of their rows.
    assert crossed == []


# ---------------------------------------------------------------- what went wrong, with the file


def test_a_lone_surrogate_in_a_scene_is_a_scene_error_not_an_internal_one(capsys, tmp_path):
    # Valid JSON ("\ud800" escaped), but no UTF-8 text for the engine.
    path = tmp_path / "s.json"
    path.write_text('{"size": [100, 100], "root": {"id": "r", "subviews": [{"id": "a"}]},'
                    ' "constraints": [{"id": "\\ud800", "equation": "a.width == 10"}]}', encoding="utf-8")
    for command in ("check", "render"):
        args = [command, path] + (["-o", tmp_path / "s.svg"] if command == "render" else [])
        code, out, err = call(capsys, *args)
        assert_one_error(code, err, "brace %s: s.json: constraints[0].id: the text holds a lone surrogate "
                                    "(U+D800), which UTF-8 cannot carry" % command)
        assert "internal error" not in err


class _CairoError(Exception):
    """Stands for cairocffi.CairoError (matched by name: cairo may not be installed)."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


_CairoError.__name__ = "CairoError"


@pytest.mark.parametrize("failure, text", [
    (_CairoError("invalid value (typically too big) for the size of the input", 32),
     "the picture is too big for cairo (at most 32,767 pixels a side; use a smaller --size or --scale, or SVG)"),
    (_CairoError("out of memory", 1), "cairo ran out of memory (a smaller --size or --scale needs less)"),
    (MemoryError(), "out of memory (a smaller --size or --scale needs less)"),
    (_CairoError("write error", 11), "cairo failed: write error"),
])
def test_png_failures_say_what_happened_to_which_file(capsys, tmp_path, monkeypatch, failure, text):
    from brace import render

    def fail(*a, **kw):
        raise failure

    monkeypatch.setattr(cli, "_cairosvg", lambda: None)
    monkeypatch.setattr(render, "png", fail)
    target = tmp_path / "big.png"
    code, out, err = call(capsys, "render", example("login"), "--size", "100000x100000", "-o", target)
    assert_one_error(code, err, "brace render: cannot draw %s: %s\n" % (target, text))
    assert "internal error" not in err and not target.exists()


def test_a_full_disk_under_standard_output_is_named(capsys, monkeypatch):
    class Full:
        def write(self, data):
            raise OSError(28, "No space left on device")

        def flush(self):
            pass

    stdout = types.SimpleNamespace(buffer=Full(), flush=lambda: None)
    monkeypatch.setattr(sys, "stdout", stdout)
    code = cli.main(["render", str(example("login")), "-o", "-"])
    err = capsys.readouterr().err
    assert_one_error(code, err, "brace render: cannot write to standard output: No space left on device\n")
