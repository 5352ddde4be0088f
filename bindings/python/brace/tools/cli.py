"""The `brace` command: lay out a scene file and draw it, dump it, check it, sweep it.

    brace render examples/scenes/login.json -o login.svg --constraints
    brace dump examples/scenes/login.json --size 320x568
    brace check examples/scenes/*.json --sizes 320x568,375x667,1024x768
    brace sweep examples/scenes/toolbar.json --width 320:1024:8 -o sweep.svg
    brace animate examples/scenes/compose.json --to expanded -o grow.svg

Installed as a console script by the Python package and runnable as ``python -m brace``.
Exit status: 0 when all went well, 1 when the scene cannot be loaded, an output cannot be
written, or `check` found a problem, 2 when the command line is wrong. docs/cli.md
describes every command and output format.

Every size on the command line is applied the way a window is resized: the scene is
loaded at the size its file gives, then its root is resized and laid out, so that
autoresizing masks do their work as they would on a device.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import textwrap

__all__ = ["main"]

#: Most pictures `brace sweep` draws in one filmstrip.
MAX_SWEEP_FRAMES = 200

#: Largest width or height accepted on the command line, in points.
MAX_EXTENT = 100000.0

_PNG_HINT = ('PNG output needs cairosvg: pip install "brace[png]" '
             '(or pip install "./bindings/python[png]" from a checkout)')


class _Failure(Exception):
    """A runtime error the command reports in one message and exit status 1."""


class _Usage(Exception):
    """A command line found wrong once the scene is read (an unknown state): the
    command's usage line, the message, and exit status 2."""


# ---------------------------------------------------------------- numbers and argument types

_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_SIZE = re.compile(r"\s*(%s)\s*[xX\u00d7]\s*(%s)\s*\Z" % (_NUMBER, _NUMBER))


def _fmt(x: float) -> str:
    """A number of points as the dump and the messages write it: at most two decimals,
    no trailing zeros, never -0 (375, 0.5, 33.33)."""
    text = "%.2f" % x
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _json_number(x: float):
    return int(x) if float(x).is_integer() else x


def _size_text(size) -> str:
    return "%sx%s" % (_fmt(size[0]), _fmt(size[1]))


def _extent(text: str, what: str) -> float:
    value = float(text)
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError("%s must be more than 0, not %s" % (what, text))
    if value > MAX_EXTENT:
        raise argparse.ArgumentTypeError("%s must be at most %s points, not %s" % (what, _fmt(MAX_EXTENT), text))
    return value


def _size(text: str):
    """"375x667" -> (375.0, 667.0): two numbers of points, each more than 0."""
    m = _SIZE.match(text)
    if not m:
        raise argparse.ArgumentTypeError(
            "%r is not a size: write WIDTHxHEIGHT in points, both more than 0 (375x667)" % text)
    w = _extent(m.group(1), "the width in %r" % text)
    h = _extent(m.group(2), "the height in %r" % text)
    return (w, h)


def _sizes(text: str):
    """"320x568,375x667" -> [(320.0, 568.0), (375.0, 667.0)], repeats dropped."""
    items = text.split(",")
    if any(not item.strip() for item in items):
        raise argparse.ArgumentTypeError(
            "%r is not a list of sizes: write WxH,WxH,... (320x568,375x667)" % text)
    out = []
    for item in items:
        size = _size(item)
        if size not in out:
            out.append(size)
    return out


def _length(text: str):
    m = re.fullmatch(r"\s*(%s)\s*" % _NUMBER, text)
    if not m:
        raise argparse.ArgumentTypeError("%r is not a number of points more than 0" % text)
    return _extent(m.group(1), "it")


def _scale(text: str):
    m = re.fullmatch(r"\s*(%s)\s*" % _NUMBER, text)
    value = float(m.group(1)) if m else float("nan")
    if not (math.isfinite(value) and 0 < value <= 100):
        raise argparse.ArgumentTypeError("%r is not a scale: a number of pixels per point, more than 0 "
                                         "and at most 100 (2)" % text)
    return value


class _Range:
    """--width START:STOP:STEP, the stop included when the steps land on it."""

    def __init__(self, text: str):
        parts = text.split(":")
        if len(parts) != 3 or not all(re.fullmatch(r"\s*%s\s*" % _NUMBER, p) for p in parts):
            raise argparse.ArgumentTypeError(
                "%r is not a range: write START:STOP:STEP in points (320:1024:8)" % text)
        start, stop, step = (float(p) for p in parts)
        if start <= 0:
            raise argparse.ArgumentTypeError("%r: the first width must be more than 0" % text)
        if stop > MAX_EXTENT:
            raise argparse.ArgumentTypeError("%r: the last width must be at most %s points" % (text, _fmt(MAX_EXTENT)))
        if stop < start:
            raise argparse.ArgumentTypeError("%r: the range runs backwards (STOP is less than START)" % text)
        if step <= 0:
            raise argparse.ArgumentTypeError("%r: the step must be more than 0" % text)
        count = int(math.floor((stop - start) / step + 1e-9)) + 1
        if count > MAX_SWEEP_FRAMES:
            raise argparse.ArgumentTypeError(
                "%r makes %d pictures; the most is %d: take a larger step" % (text, count, MAX_SWEEP_FRAMES))
        self.text = text
        self.start, self.stop, self.step = start, stop, step
        self.values = [round(start + i * step, 6) for i in range(count)]


#: The timing curves `brace animate --curve` names (the C ABI's, Core Animation's points).
CURVES = ("ease_in_out", "ease_in", "ease_out", "linear")

#: Longest animation `brace animate` samples, in seconds, and most samples per second.
MAX_DURATION = 10.0
MAX_FPS = 240


def _real(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError("%r: %s must be a finite number" % (text, what))
    return value


def _duration(text: str) -> float:
    m = re.fullmatch(r"\s*(%s)\s*" % _NUMBER, text)
    value = float(m.group(1)) if m else float("nan")
    if not (0 < value <= MAX_DURATION):
        raise argparse.ArgumentTypeError("%r is not a duration: a number of seconds, more than 0 and at most %s"
                                         % (text, _fmt(MAX_DURATION)))
    return value


def _curve(text: str):
    """A curve's name (ease-in-out or ease_in_out) -> the name; X1,Y1,X2,Y2 -> the four
    control points of a cubic Bézier, X1 and X2 in [0, 1]."""
    if "," in text:
        parts = text.split(",")
        if len(parts) != 4:
            raise argparse.ArgumentTypeError(
                "%r is not a cubic Bézier: write four numbers X1,Y1,X2,Y2 (0.2,0,0,1)" % text)
        points = tuple(_real(p, "a control point") for p in parts)
        for i in (0, 2):
            if not 0 <= points[i] <= 1:
                raise argparse.ArgumentTypeError(
                    "%r: X%d must be between 0 and 1, not %s" % (text, i // 2 + 1, parts[i].strip()))
        return points
    name = text.strip().lower().replace("-", "_")
    if name not in CURVES:
        from .._names import did_you_mean
        raise argparse.ArgumentTypeError("%r is not a curve: use %s, or X1,Y1,X2,Y2 for a cubic Bézier%s" % (
            text, ", ".join(CURVES), did_you_mean(name, CURVES)))
    return name


def _spring(text: str):
    """DAMPING[,VELOCITY] -> (damping ratio in (0, 1], initial velocity)."""
    parts = text.split(",")
    if len(parts) > 2:
        raise argparse.ArgumentTypeError("%r is not a spring: write DAMPING or DAMPING,VELOCITY (0.7 or 0.7,0.5)" % text)
    damping = _real(parts[0], "the damping ratio")
    if not 0 < damping <= 1:
        raise argparse.ArgumentTypeError(
            "%r: the damping ratio must be more than 0 and at most 1 (1: no overshoot), not %s"
            % (text, parts[0].strip()))
    velocity = _real(parts[1], "the initial velocity") if len(parts) == 2 else 0.0
    return damping, velocity


def _count(low: int, high: int, what: str):
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*\d+\s*", text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError("%r is not %s: a whole number from %d to %d" % (text, what, low, high))
        return int(text)
    return parse


_SUFFIXES = (".svg", ".png")


def _output(text: str) -> str:
    if text == "-":
        return text
    if os.path.splitext(text)[1].lower() not in _SUFFIXES:
        raise argparse.ArgumentTypeError(
            "%r: the output file must end in .svg or .png (or be - for SVG on standard output)" % text)
    return text


# ---------------------------------------------------------------- the parser


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog):
        super().__init__(prog, max_help_position=30)


def _wrap(text: str) -> str:
    """Fill each paragraph to 80 columns, leaving indented lines (examples) as they are."""
    out = []
    for para in text.split("\n\n"):
        if any(line.startswith(" ") for line in para.splitlines()):
            out.append(para)
        else:
            out.append(textwrap.fill(" ".join(para.split()), 80))
    return "\n\n".join(out)


_EXIT = {
    "render": "exit status: 0 drawn, 1 the scene or the output failed, 2 bad usage.",
    "dump": "exit status: 0 printed, 1 the scene failed, 2 bad usage.",
    "check": "exit status: 0 no problems, 1 problems found or a scene failed to load, 2 bad usage.",
    "sweep": "exit status: 0 drawn, 1 the scene or the output failed, 2 bad usage.",
    "animate": "exit status: 0 drawn, 1 the scene or the output failed, 2 bad usage (an unknown state too).",
}


def _parser():
    """The top parser and {command: its subparser}."""
    parser = argparse.ArgumentParser(
        prog="brace", formatter_class=_Formatter, allow_abbrev=False,
        description=_wrap("Lay out Brace scene files (JSON, docs/scenes.md) and see the result: "
                          "as a picture, as a tree of frames, as a list of problems."),
        epilog=_wrap("exit status: 0 success, 1 a scene or output error or problems found by check, "
                     "2 bad usage.\n\n'brace COMMAND --help' describes a command; docs/cli.md has examples."))
    parser.add_argument("--version", action="store_true",
                        help="print the versions of the Python package and of libbrace, and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    subparsers = {}

    def command(name, summary, description, epilog):
        p = commands.add_parser(name, help=summary, description=_wrap(description),
                                epilog=_wrap(epilog + "\n\n" + _EXIT[name]),
                                formatter_class=_Formatter, allow_abbrev=False)
        p.add_argument("scene", metavar="SCENE.json", help="the scene file")
        subparsers[name] = p
        return p

    p = command(
        "render", "lay out a scene and draw it as SVG or PNG",
        "Lay out the scene and draw it: each view a rectangle at its frame with its identifier, "
        "hidden views dashed, problems (ambiguous, overflowing views, broken constraints) "
        "colored and listed in a legend.",
        "examples:\n"
        "  brace render login.json -o login.svg --constraints\n"
        "  brace render login.json -o login.png --size 320x568 --scale 3\n"
        "  brace render login.json -o - | less")
    p.add_argument("-o", "--output", required=True, type=_output, metavar="FILE",
                   help="where to write: .svg or .png by the suffix, - for SVG on standard output")
    p.add_argument("--size", type=_size, metavar="WxH",
                   help="resize the root to this size in points before laying out (default: the scene's size)")
    p.add_argument("--constraints", action="store_true",
                   help="draw every constraint, as Xcode's view debugger does")
    p.add_argument("--scale", type=_scale, metavar="S",
                   help="pixels per point (default: 1 for SVG, 2 for PNG)")
    p.add_argument("--title", metavar="TEXT", help="a heading above the drawing")
    p.set_defaults(run=_render)

    p = command(
        "dump", "print the tree of frames as text",
        "Lay out the scene and print its views, one line each, indented two spaces a level:"
        "\n\n  NAME (X Y; WIDTH HEIGHT) [hidden] [ambiguous]\n\n"
        "NAME is the view's id, or its JSON path in the file when it has none; the frame is in "
        "its superview's coordinates, in points, with at most two decimals.",
        "examples:\n"
        "  brace dump settings.json\n"
        "  brace dump settings.json --size 320x568 > small.txt\n"
        "  brace dump settings.json --engine")
    p.add_argument("--size", type=_size, metavar="WxH",
                   help="resize the root to this size in points before laying out (default: the scene's size)")
    p.add_argument("--engine", action="store_true",
                   help="print the engine's own tree description (View.description()) instead")
    p.set_defaults(run=_dump)

    p = commands.add_parser(
        "check", help="report unsatisfiable, ambiguous, looping and overflowing layouts",
        description=_wrap("Lay out each scene at each size (a fresh load each time) and report "
                          "unsatisfiable constraints, views with an ambiguous layout, layout "
                          "feedback loops, plugin failures, and visible views that stick out of "
                          "their superview. Exit status 1 when anything is found, so that it can "
                          "guard a CI job."),
        epilog=_wrap("output: one line per scene and size ('FILE at WxH: N problems'), each "
                     "problem under it as 'KIND: MESSAGE', then a summary line.\n\n"
                     "examples:\n"
                     "  brace check login.json\n"
                     "  brace check examples/scenes/*.json --sizes 320x568,375x667,1024x768\n"
                     "  brace check login.json --json | jq '.problems'\n\n" + _EXIT["check"]),
        formatter_class=_Formatter, allow_abbrev=False)
    p.add_argument("scenes", nargs="+", metavar="SCENE.json", help="the scene files")
    p.add_argument("--sizes", type=_sizes, metavar="WxH,...",
                   help="comma-separated sizes to lay out at (default: each scene's own size)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("-q", "--quiet", action="store_true",
                     help="print nothing on standard output; only the exit status tells")
    out.add_argument("--json", action="store_true", help="print the report as one JSON document")
    p.set_defaults(run=_check)
    subparsers["check"] = p

    p = command(
        "sweep", "draw a filmstrip of the layout at a range of widths",
        "Lay out the scene at each width of a range (a fresh load each time) and draw the "
        "results side by side, each panel scaled to the same height and labeled with its "
        "width; a panel with problems gets a red label. At most %d widths." % MAX_SWEEP_FRAMES,
        "examples:\n"
        "  brace sweep toolbar.json --width 320:1024:8 -o sweep.svg\n"
        "  brace sweep toolbar.json --width 240:720:80 --height 400 -o sweep.png")
    p.add_argument("--width", required=True, type=_Range, metavar="START:STOP:STEP",
                   help="the widths in points; STOP is included when the steps land on it")
    p.add_argument("--height", type=_length, metavar="H",
                   help="the root's height in points at every width (default: the scene's height)")
    p.add_argument("-o", "--output", required=True, type=_output, metavar="FILE",
                   help="where to write: .svg or .png by the suffix, - for SVG on standard output")
    p.add_argument("--panel-height", type=_length, default=160.0, metavar="PX",
                   help="each panel's height in pixels (default: 160)")
    p.add_argument("--title", metavar="TEXT",
                   help="a heading (default: the file name, the widths and the height)")
    p.set_defaults(run=_sweep)

    p = command(
        "animate", "animate the change to a state of the scene, as an animated SVG or a filmstrip",
        "Lay out the scene, then, inside an animation transaction, make the changes the state "
        "names (docs/scenes.md, \"states\") and lay out again, as UIKit's recipe does: the views "
        "move from their frames to the new ones. The engine's presentation frames are sampled on "
        "a fake clock, FPS times a second, and drawn as an SVG that plays the change in a "
        "browser (SMIL animations, looping); with --frames, N pictures of it side by side "
        "instead (SVG or PNG).",
        "examples:\n"
        "  brace animate compose.json --to expanded -o grow.svg\n"
        "  brace animate editbar.json --to compact --spring 0.6 --duration 0.5 -o hide.svg\n"
        "  brace animate compose.json --to expanded --frames 6 -o strip.png")
    p.add_argument("--to", required=True, metavar="STATE", help="the state to animate to")
    p.add_argument("--from", dest="from_state", metavar="STATE",
                   help="a state to make before the first layout (default: the scene as its file gives it)")
    p.add_argument("-o", "--output", required=True, type=_output, metavar="FILE",
                   help="where to write: .svg, .png (with --frames), - for SVG on standard output")
    p.add_argument("--duration", type=_duration, default=0.25, metavar="S",
                   help="seconds, at most %s (default: 0.25)" % _fmt(MAX_DURATION))
    timing = p.add_mutually_exclusive_group()
    timing.add_argument("--curve", type=_curve, default="ease_in_out", metavar="NAME",
                        help="%s (the default), %s, or X1,Y1,X2,Y2: a cubic Bézier's control points"
                        % (CURVES[0], ", ".join(CURVES[1:])))
    timing.add_argument("--spring", type=_spring, metavar="DAMPING[,VELOCITY]",
                        help="a spring instead of a curve: damping ratio in (0, 1], initial velocity "
                             "in distances per second (default 0)")
    p.add_argument("--fps", type=_count(1, MAX_FPS, "a rate"), default=60, metavar="N",
                   help="samples per second of the animated SVG (default: 60)")
    p.add_argument("--frames", type=_count(2, MAX_SWEEP_FRAMES, "a number of frames"), metavar="N",
                   help="draw a filmstrip of N pictures from the start to the end instead")
    p.add_argument("--size", type=_size, metavar="WxH",
                   help="resize the root to this size in points before laying out (default: the scene's size)")
    p.add_argument("--scale", type=_scale, metavar="S",
                   help="pixels per point of the animated SVG (default: 1)")
    p.add_argument("--panel-height", type=_length, default=160.0, metavar="PX",
                   help="with --frames, each picture's height in pixels (default: 160)")
    p.add_argument("--title", metavar="TEXT",
                   help="a heading (default: the file name, the state and the timing; '' for none)")
    p.set_defaults(run=_animate)
    return parser, subparsers


# ---------------------------------------------------------------- helpers


def _package_version() -> str:
    """The version of this package: from pyproject.toml when it runs from a source
    checkout (where a stale egg-info may lie around), else from its installed metadata."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        with open(os.path.join(os.path.dirname(package), "pyproject.toml"), encoding="utf-8") as f:
            m = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
        if m:
            return m.group(1)
    except OSError:
        pass
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("brace")
        except PackageNotFoundError:
            return "unknown"
    except ImportError:  # pragma: no cover
        return "unknown"


def _versions() -> str:
    from .. import LIBRARY_PATH, version
    return "brace %s (libbrace %s, %s)" % (_package_version(), version(), LIBRARY_PATH)


def _load(path: str):
    """The scene at its file's size. A missing file is a SceneError like any other fault."""
    from .scene import load_scene
    return load_scene(path)


def _lay_out(scene, size=None):
    """Resize the root (when a size is given) and run the update cycle. A feedback loop
    or a plugin failure stops the pass but is not fatal here: the engine reports it as a
    diagnostic, which Scene.problems() lists. Answers that exception, or None."""
    from ..errors import FeedbackLoop, PluginError
    try:
        scene.layout(size=size)
    except (FeedbackLoop, PluginError) as e:
        return e
    return None


def _problems(scene, stopped):
    """Scene.problems(), plus the exception that stopped the pass when no diagnostic
    already reports it."""
    from ..errors import FeedbackLoop
    from .scene import Problem
    found = list(scene.problems())
    if stopped is not None:
        kind = "feedback-loop" if isinstance(stopped, FeedbackLoop) else "plugin"
        if not any(p.kind == kind for p in found):
            text = getattr(stopped, "detail", None) or str(stopped)
            found.append(Problem(kind, text, ()))
    return found


def _warn_stopped(prog, stopped):
    if stopped is not None:
        first = ((getattr(stopped, "detail", None) or str(stopped)).splitlines() or [""])[0]
        print("%s: warning: the layout pass was stopped: %s" % (prog, first), file=sys.stderr)


def _view_name(scene, view) -> str:
    ident = view.identifier
    if ident:
        return ident
    path = scene.path_of(view)
    if path:
        return path
    from ..core import handle_info
    return "node " + handle_info(view.handle).name


def _emit(output: str, data: bytes) -> None:
    if output == "-":
        # The bytes as they are (UTF-8 SVG, PNG never): a text stream would encode them
        # again in the terminal's encoding, which may not hold "\u2014" or "\u00d7".
        stream = sys.stdout
        try:
            stream.flush()
            buffer = getattr(stream, "buffer", None)
            if buffer is not None:
                buffer.write(data)
                buffer.flush()
            else:  # a replaced sys.stdout without bytes underneath
                stream.write(data.decode("utf-8"))
                stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:  # a full disk under a redirection, say
            raise _Failure("cannot write to standard output: %s" % (e.strerror or e)) from None
        return
    try:
        with open(output, "wb") as f:
            f.write(data)
    except OSError as e:
        raise _Failure("cannot write %s: %s" % (output, e.strerror or e)) from None


def _png(output: str, draw):
    """``draw()``'s PNG bytes; what cairo could not do is a _Failure naming ``output``."""
    try:
        return draw()
    except MemoryError:
        raise _Failure("cannot draw %s: out of memory (a smaller --size or --scale needs less)" % output) from None
    except Exception as e:
        if type(e).__name__ != "CairoError":  # cairocffi's, not importable when cairo is missing
            raise
        if getattr(e, "status", None) == 32:  # CAIRO_STATUS_INVALID_SIZE
            raise _Failure("cannot draw %s: the picture is too big for cairo (at most 32,767 pixels a side; "
                           "use a smaller --size or --scale, or SVG)" % output) from None
        if getattr(e, "status", None) == 1:  # CAIRO_STATUS_NO_MEMORY
            raise _Failure("cannot draw %s: cairo ran out of memory (a smaller --size or --scale needs less)"
                           % output) from None
        raise _Failure("cannot draw %s: cairo failed: %s" % (output, e)) from None


def _wants_png(output: str) -> bool:
    return output != "-" and output.lower().endswith(".png")


def _cairosvg():
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: cairocffi found no cairo library
        raise _Failure(_PNG_HINT) from None
    return cairosvg


# ---------------------------------------------------------------- commands


def _render(args, prog) -> int:
    from . import render
    if _wants_png(args.output):
        _cairosvg()  # fail before the work when PNG cannot be written
    with _load(args.scene) as scene:
        stopped = _lay_out(scene, args.size)
        _warn_stopped(prog, stopped)
        problems = _problems(scene, stopped)
        shot = render.snapshot(scene.root, constraints=args.constraints, problems=problems)
    if _wants_png(args.output):
        try:
            data = _png(args.output, lambda: render.png(shot, scale=args.scale or 2.0,
                                                        constraints=args.constraints, title=args.title))
        except ImportError:
            raise _Failure(_PNG_HINT) from None
    else:
        data = render.svg(shot, scale=args.scale or 1.0, constraints=args.constraints,
                          title=args.title).encode("utf-8")
    _emit(args.output, data)
    return 0


def _dump(args, prog) -> int:
    with _load(args.scene) as scene:
        stopped = _lay_out(scene, args.size)
        _warn_stopped(prog, stopped)
        if args.engine:
            text = scene.root.description()
            if not text.endswith("\n"):
                text += "\n"
        else:
            lines = []
            todo = [(scene.root, 0)]
            while todo:
                view, depth = todo.pop()
                f = view.frame
                line = "%s%s (%s %s; %s %s)" % ("  " * depth, _view_name(scene, view),
                                                _fmt(f.x), _fmt(f.y), _fmt(f.width), _fmt(f.height))
                if view.hidden:
                    line += " hidden"
                if view.has_ambiguous_layout:
                    line += " ambiguous"
                lines.append(line)
                todo.extend((child, depth + 1) for child in reversed(view.subviews))
            text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    sys.stdout.flush()
    return 0


def _problem_record(scene, problem) -> dict:
    return {"kind": problem.kind, "message": problem.message,
            "views": [_view_name(scene, v) for v in problem.views if getattr(v, "alive", True)]}


def _check(args, prog) -> int:
    from .scene import SceneError
    report = []  # per scene: {"file", "sizes": [...]} or {"file", "error"}
    layouts = troubled = problem_count = errors = 0
    for path in args.scenes:
        entry = {"file": path, "sizes": []}
        report.append(entry)
        try:
            first = _load(path)
        except SceneError as e:
            errors += 1
            report[-1] = {"file": path, "error": str(e)}
            print("%s: %s" % (prog, e), file=sys.stderr)
            continue
        sizes = args.sizes or [tuple(first.size)]
        for i, size in enumerate(sizes):
            scene = first if i == 0 else _load(path)  # a fresh load for every size
            try:
                stopped = _lay_out(scene, size if args.sizes else None)
                found = _problems(scene, stopped)
                records = [_problem_record(scene, p) for p in found]
            finally:
                scene.close()
            layouts += 1
            problem_count += len(records)
            troubled += bool(records)
            entry["sizes"].append({"size": _size_text(size), "width": _json_number(size[0]),
                                   "height": _json_number(size[1]), "problems": records})
            if not (args.quiet or args.json):
                _print_layout(path, size, records)
    if args.json:
        doc = {"scenes": report, "layouts": layouts, "problems": problem_count, "errors": errors}
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    elif not args.quiet:
        if problem_count:
            summary = "%d problem%s in %d of %d layout%s" % (
                problem_count, "" if problem_count == 1 else "s", troubled, layouts, "" if layouts == 1 else "s")
        else:
            summary = "no problems in %d layout%s" % (layouts, "" if layouts == 1 else "s")
        if errors:
            summary += "; %d scene%s could not be loaded" % (errors, "" if errors == 1 else "s")
        print(summary)
    sys.stdout.flush()
    return 1 if (problem_count or errors) else 0


def _print_layout(path, size, records):
    n = len(records)
    head = "%s at %s: %s" % (path, _size_text(size),
                             "no problems" if not n else "%d problem%s" % (n, "" if n == 1 else "s"))
    print(head)
    for r in records:
        lines = [ln.expandtabs(4).rstrip() for ln in r["message"].splitlines()]
        lines = [ln for ln in lines if ln.strip()] or [""]
        print("  %s: %s" % (r["kind"], lines[0]))
        for ln in lines[1:]:
            print("    " + ln)


def _sweep(args, prog) -> int:
    from . import render
    if _wants_png(args.output):
        cairosvg = _cairosvg()
    first = _load(args.scene)
    height = args.height if args.height is not None else first.size.height
    shots, labels = [], []
    for i, width in enumerate(args.width.values):
        scene = first if i == 0 else _load(args.scene)  # a fresh load for every width
        with scene:
            stopped = _lay_out(scene, (width, height))
            problems = _problems(scene, stopped)
            shots.append(render.snapshot(scene.root, problems=problems))
        labels.append("%s pt" % _fmt(width))
    title = args.title
    if title is None:
        r = args.width
        widths = _fmt(r.values[0]) if len(r.values) == 1 else "%s to %s by %s" % (
            _fmt(r.values[0]), _fmt(r.values[-1]), _fmt(r.step))
        title = "%s: width %s pt, height %s pt" % (os.path.basename(args.scene), widths, _fmt(height))
    text = render.filmstrip(shots, labels, height=args.panel_height, title=title or None)
    if _wants_png(args.output):
        data = _png(args.output, lambda: cairosvg.svg2png(bytestring=text.encode("utf-8")))
    else:
        data = text.encode("utf-8")
    _emit(args.output, data)
    return 0


def _timing_text(args) -> str:
    if args.spring is not None:
        damping, velocity = args.spring
        return "spring %s%s" % (_fmt(damping), ", velocity %s" % _fmt(velocity) if velocity else "")
    if isinstance(args.curve, tuple):
        return "cubic-bezier(%s)" % ", ".join(_fmt(x) for x in args.curve)
    return args.curve


def _animation(ctx, args):
    """The transaction `brace animate` opens, at time 0 of its fake clock."""
    if args.spring is not None:
        return ctx.animate(duration=args.duration, spring=args.spring, now=0.0)
    if isinstance(args.curve, tuple):
        return ctx.animate(duration=args.duration, control_points=args.curve, now=0.0)
    return ctx.animate(duration=args.duration, curve=args.curve, now=0.0)


def _sample_times(duration: float, fps: int) -> list:
    """0, 1/fps, 2/fps ... and the end."""
    n = int(math.ceil(duration * fps - 1e-9))
    return [i / fps for i in range(n)] + [duration]


def _presented(ctx, t: float) -> dict:
    """{handle: frame} of every view animating at time t: its presentation frame."""
    return {view.handle: frame for view, frame in ctx.sample(t).items()}


def _animate(args, prog) -> int:
    from . import render
    if _wants_png(args.output):
        if args.frames is None:
            raise _Usage("an animation is written as SVG: -o FILE.svg, or add --frames N for a filmstrip PNG")
        cairosvg = _cairosvg()
    with _load(args.scene) as scene:
        for name in (args.from_state, args.to):
            if name is not None and name not in scene.states:
                from .scene import _unknown
                raise _Usage("%s: %s" % (os.path.basename(args.scene),
                                         _unknown("state", name, scene.states, none="the scene has no states")))
        if args.from_state is not None:
            scene.apply_state(args.from_state)
        _warn_stopped(prog, _lay_out(scene, args.size))
        ctx = scene.context
        with _animation(ctx, args):
            scene.apply_state(args.to)
            stopped = _lay_out(scene)
        _warn_stopped(prog, stopped)
        if args.frames is not None:
            times = [args.duration * i / (args.frames - 1) for i in range(args.frames)]
        else:
            times = _sample_times(args.duration, args.fps)
        shots = [render.snapshot(scene.root, frames=_presented(ctx, t)) for t in times]
    title = args.title
    if title is None:
        title = "%s: to %s, %s s, %s" % (os.path.basename(args.scene), args.to, _fmt(args.duration),
                                         _timing_text(args))
    if args.frames is not None:
        labels = ["%s s" % ("%.3f" % t).rstrip("0").rstrip(".") for t in times]
        text = render.filmstrip(shots, labels, height=args.panel_height, title=title or None)
    else:
        text = render.animated_svg(shots, times, scale=args.scale or 1.0, title=title or None)
    if _wants_png(args.output):
        data = _png(args.output, lambda: cairosvg.svg2png(bytestring=text.encode("utf-8")))
    else:
        data = text.encode("utf-8")
    _emit(args.output, data)
    return 0


# ---------------------------------------------------------------- main


def _usage(parser, reason) -> int:
    """What argparse does for a usage error, without leaving main(): exit status 2."""
    parser.print_usage(sys.stderr)
    print("%s: error: %s" % (parser.prog, reason), file=sys.stderr)
    return 2


def main(argv=None) -> int:
    """Run the command line ``argv`` (default: sys.argv[1:]) and answer the exit status."""
    parser, subparsers = _parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # reported by the command's parser, with its usage line
            (subparsers.get(args.command) or parser).error("unrecognized arguments: %s" % " ".join(extra))
    except SystemExit as e:  # --help (0) or a usage error (2), already printed
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if args.version:
        if args.command:
            return _usage(parser, "--version takes no command")
        print(_versions())
        return 0
    if not args.command:
        return _usage(parser, "choose a command: render, dump, check, sweep or animate (brace --help)")
    prog = "brace " + args.command
    # File names come from the command line decoded with surrogateescape: one that is
    # not valid in the terminal's encoding (b"caf\xe9.json" in UTF-8) cannot be printed
    # strictly. Write it with backslash escapes, as Python does on standard error.
    restore = None
    if getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        try:
            sys.stdout.reconfigure(errors="backslashreplace")
            restore = sys.stdout
        except (ValueError, OSError):  # pragma: no cover - a stream that refuses
            restore = None
    try:
        return _run(args, prog)
    except _Usage as e:
        return _usage(subparsers[args.command], str(e))
    finally:
        if restore is not None and restore is sys.stdout:
            try:
                sys.stdout.reconfigure(errors="strict")
            except (ValueError, OSError):  # pragma: no cover
                pass


def _run(args, prog) -> int:
    """Run the chosen command; every runtime error becomes one line and status 1."""
    from ..errors import BraceError
    from .scene import SceneError
    try:
        return args.run(args, prog)
    except _Usage:
        raise
    except SceneError as e:
        print("%s: %s" % (prog, e), file=sys.stderr)
    except _Failure as e:
        print("%s: %s" % (prog, e), file=sys.stderr)
    except BraceError as e:
        print("%s: %s" % (prog, getattr(e, "message", None) or e), file=sys.stderr)
    except BrokenPipeError:
        # The reader went away (brace dump x.json | head): stop quietly.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    except KeyboardInterrupt:
        print("%s: interrupted" % prog, file=sys.stderr)
        return 130
    except Exception as e:  # a bug of Brace: still one line, never a traceback
        print("%s: internal error: %s: %s (please report it)" % (prog, type(e).__name__, e), file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
