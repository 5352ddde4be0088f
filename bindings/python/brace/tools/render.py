"""Pictures of a layout, in the manner of Xcode's view debugger.

    import brace
    svg_text = brace.render.svg(root, constraints=True, problems=ctx.diagnostics)
    brace.render.write("login.png", root, constraints=True)

Each view is a rectangle at its frame, labeled with its identifier; hidden views are
dashed and faded; layout margins and layout guides are thin lines; views with an
ambiguous layout are purple, views named in unsatisfiable-constraint reports red,
overflowing views orange; with ``constraints=True`` every active constraint is drawn as
Xcode draws it (I-beams for spacing, bars for sizes, "=" marks for equal sizes, dashed
when optional, red when broken), and a legend lists the problems.

The output is plain SVG (shapes and text as elements, no scripts, no references between
elements), deterministic (same layout, same bytes), with numbers rounded to 2 decimals.
PNG goes through cairosvg (``pip install "brace[png]"``).

The picture shows the layout as it is: nothing here runs a layout pass. Call
``ctx.run_update_cycle()`` (or ``view.layout_if_needed()``) first. See docs/render.md.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Optional

from .._native import lib
from ..core import DiagnosticKind, Direction, Insets, LayoutGuide, Rect, Size, View, handle_info
from ..layout import _ATTR_NAMES, _REL_NAMES, Constraint

__all__ = ["snapshot", "svg", "png", "filmstrip", "animated_svg", "write", "Snapshot", "ViewShot", "GuideShot",
           "ConstraintShot", "ProblemShot", "ItemRef", "Term", "COLORS"]

# ---------------------------------------------------------------- style

#: The palette (also documented in docs/render.md). Problem kinds map to
#: (stroke, fill tint); the rest are single colors.
COLORS = {
    "unsatisfiable": ("#e0382d", "#fde4e2"),   # red, as Xcode's broken constraints
    "feedback-loop": ("#d6336c", "#fbe1eb"),   # pink
    "overflow": ("#ee8a00", "#ffefd6"),        # orange
    "ambiguous": ("#9b45d9", "#f1e3fb"),       # purple, as Xcode's ambiguous views
    "plugin": ("#8a6d3b", "#f4ecdc"),          # brown
    "problem": ("#57606a", "#eceff2"),         # any other kind
    "hidden": ("#8c959f", "#ffffff"),          # a hidden view (dashed, as drawn)
    "view-stroke": "#8c959f",
    "label": "#24292f",
    "margins": "#57a4e0",
    "guide": "#12a38f",
    "constraint": "#2f74e8",
    "broken": "#e0382d",
    "background": "#ffffff",
}

#: Fill of a view by nesting depth (the root first; deeper views reuse the last one).
DEPTH_FILLS = ("#f6f8fa", "#e9f0f8", "#dde8f4", "#d0dfef", "#c4d7eb", "#b8cfe7")

#: Which problem colors a view when several name it.
KIND_PRECEDENCE = ("unsatisfiable", "feedback-loop", "overflow", "ambiguous", "plugin", "problem")

FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
FONT_SIZE = 11.0
PAD = 16.0                     # around the drawing
LEGEND_LINE = 16.0
FILMSTRIP_MAX_WIDTH = 1600.0   # a filmstrip wraps into rows past this width
_CHAR_WIDTH = 0.6              # average glyph advance, in ems (a safe overestimate)

# Generated constraints that the picture leaves out (Xcode does too): autoresizing
# translations ("h=--&", "v=-&-"), the intrinsic content size pairs and the stack
# strategy's constraints of the same kind (sizes from content, fitting pulls).
_CONTENT_SIZE_IDS = frozenset(("Width-hugging", "Width-compression", "Height-hugging",
                               "Height-compression", "UISV-content-size", "UISV-tie-break",
                               "UISV-fitting", "UISV-spanning-fit"))

_X_POS = frozenset(("left", "right", "leading", "trailing", "center_x", "left_margin", "right_margin",
                    "leading_margin", "trailing_margin", "center_x_within_margins"))
_Y_POS = frozenset(("top", "bottom", "center_y", "first_baseline", "last_baseline", "top_margin",
                    "bottom_margin", "center_y_within_margins"))
_CENTERS = frozenset(("center_x", "center_y", "center_x_within_margins", "center_y_within_margins"))
_REL_FLIP = {"==": "==", "<=": ">=", ">=": "<="}
_REL_SYMBOL = {"==": "", "<=": "\u2264 ", ">=": "\u2265 "}

# ---------------------------------------------------------------- the snapshot (plain data)


class ItemRef(NamedTuple):
    """What a constraint term or a problem names: kind "view" / "guide" (index into
    Snapshot.views / .guides), "variable", "outside" (a view not in the snapshot) or
    "none"; index -1 for the last three."""
    kind: str
    index: int
    name: str


class Term(NamedTuple):
    """coefficient * item.attribute (attribute "" for a variable)."""
    item: ItemRef
    attribute: str
    coefficient: float


@dataclass(frozen=True)
class ViewShot:
    """One view as captured. ``frame`` is in root coordinates (the root at 0, 0);
    ``local_frame`` is View.frame (in the superview's bounds coordinates)."""
    index: int
    handle: int
    name: str
    identifier: Optional[str]
    frame: Rect
    local_frame: Rect
    bounds: Rect
    parent: Optional[int]
    depth: int
    hidden: bool
    hidden_ancestor: bool
    margins: Insets
    alignment_insets: Insets
    rtl: bool
    ambiguous: bool
    subview_count: int

    @property
    def effectively_hidden(self) -> bool:
        return self.hidden or self.hidden_ancestor

    @property
    def margin_rect(self) -> Rect:
        return _inset(self.frame, self.margins)

    @property
    def alignment_rect(self) -> Rect:
        return _inset(self.frame, self.alignment_insets)

    @property
    def content_origin(self):
        """Where the origin of the view's bounds coordinates is, in root coordinates."""
        return (self.frame.x - self.bounds.x, self.frame.y - self.bounds.y)


@dataclass(frozen=True)
class GuideShot:
    """One layout guide: ``owner`` indexes Snapshot.views; ``frame`` is its layout frame
    in root coordinates."""
    index: int
    handle: int
    name: str
    identifier: Optional[str]
    owner: int
    frame: Rect
    local_frame: Rect
    ambiguous: bool


@dataclass(frozen=True)
class ConstraintShot:
    """One active constraint: sum(coefficient * term) RELATION constant at a priority.
    ``terms`` and ``relation`` are None when the bindings cannot read them
    (Constraint.terms is missing); such a constraint is listed, never drawn."""
    handle: int
    identifier: Optional[str]
    terms: Optional[tuple]
    relation: Optional[str]
    constant: float
    priority: float
    broken: bool

    @property
    def name(self) -> str:
        return self.identifier or "constraint %s" % _slot_name(self.handle)

    @property
    def generated(self) -> Optional[str]:
        """"autoresizing" (translated autoresizing masks) or "content-size" (intrinsic
        content size, the stack's content-size, tie-break and fitting constraints) for
        the generated constraints the picture leaves out, else None."""
        ident = self.identifier or ""
        if ident.startswith(("h=", "v=")):
            return "autoresizing"
        if ident in _CONTENT_SIZE_IDS:
            return "content-size"
        return None

    @property
    def formula(self) -> str:
        """"a.leading == b.trailing + 8 @750" (from the terms), or the name."""
        if self.terms is None or self.relation is None:
            return self.name
        ts = [t for t in self.terms if t.coefficient != 0]
        k = self.constant
        if ts and len(ts) <= 2 and ts[0].coefficient == 1:
            lhs = _term_text(ts[0])
            if len(ts) == 1:
                rhs = _n(k)
            else:
                m = -ts[1].coefficient
                rhs = ("" if m == 1 else _n(m) + "*") + _term_text(ts[1])
                if k > 0:
                    rhs += " + " + _n(k)
                elif k < 0:
                    rhs += " - " + _n(-k)
        else:
            lhs = " + ".join("%s*%s" % (_n(t.coefficient), _term_text(t)) for t in ts) or "0"
            rhs = _n(k)
        text = "%s %s %s" % (lhs, self.relation, rhs)
        if self.priority < 1000:
            text += " @" + _n(self.priority)
        return text


@dataclass(frozen=True)
class ProblemShot:
    """A problem to show: ``kind`` ("unsatisfiable", "ambiguous", "feedback-loop",
    "overflow", "plugin" or another word), the whole ``message``, the items it names."""
    kind: str
    message: str
    items: tuple

    @property
    def first_line(self) -> str:
        for line in self.message.splitlines():
            if line.strip():
                return line.strip()
        return self.kind


@dataclass(frozen=True)
class Snapshot:
    """A view subtree as plain data (no reference to the context): views in pre-order
    (the root first), layout guides, constraints (all active ones of the subtree when
    captured with constraints=True, else only the broken ones) and problems. Draw it with
    svg(), png(), filmstrip(), at any scale, after the context is gone."""
    views: tuple
    guides: tuple = ()
    constraints: tuple = ()
    problems: tuple = ()
    constraints_captured: bool = False

    @property
    def root(self) -> ViewShot:
        return self.views[0]

    @property
    def size(self) -> Size:
        return self.root.frame.size

    def find(self, name: str):
        """The first view (then guide) called ``name``; KeyError when none is."""
        for v in self.views:
            if v.name == name:
                return v
        for g in self.guides:
            if g.name == name:
                return g
        raise KeyError(name)

    def item(self, ref: ItemRef):
        if ref.kind == "view":
            return self.views[ref.index]
        if ref.kind == "guide":
            return self.guides[ref.index]
        return None

    @property
    def broken_constraints(self) -> tuple:
        return tuple(c for c in self.constraints if c.broken)

    def with_problems(self, problems) -> "Snapshot":
        """A copy with more problems (objects with .kind, .message, .views whose views are
        View objects of the snapshot's tree or names)."""
        extra = _problem_shots(problems, _handle_index(self), _name_index(self))
        if not extra:
            return self
        return Snapshot(self.views, self.guides, self.constraints, self.problems + extra,
                        self.constraints_captured)


# ---------------------------------------------------------------- capture


def _slot_name(handle: int) -> str:
    """"INDEX:GENERATION", as the engine's dumps and diagnostics name a handle."""
    return handle_info(handle).name


def _fallback_name(handle: int) -> str:
    return "node " + _slot_name(handle)


def _inset(r: Rect, i) -> Rect:
    return Rect(r.x + i.left, r.y + i.top, max(0.0, r.width - i.left - i.right),
                max(0.0, r.height - i.top - i.bottom))


def _is_guide(v) -> bool:
    return isinstance(v, LayoutGuide)


def snapshot(view, *, constraints: bool = False, problems=None, frames=None) -> Snapshot:
    """Capture ``view``'s subtree as it is now (lay it out first): frames in root
    coordinates, identifiers (else "node INDEX:GENERATION", as the engine's dumps say),
    hidden flags, layout margins, layout guides, ambiguity, and with ``constraints=True``
    every active constraint of the subtree, once each. ``problems``: objects with ``.kind``,
    ``.message`` and ``.views`` (brace.Diagnostic, the scene loader's problems).
    ``frames``: {handle: (x, y, width, height)} of views and guides to draw at that frame
    instead of View.frame (in the superview's coordinates), such as the presentation
    frames of an animation at one time; a view's bounds take that frame's size."""
    if isinstance(view, Snapshot):
        return view.with_problems(problems) if problems else view
    if not isinstance(view, View):
        raise TypeError("render.snapshot() needs a brace.View or a Snapshot, not %r" % type(view).__name__)
    if _is_guide(view):
        raise ValueError("render.snapshot(): a layout guide is never drawn on its own; pass its owning view")
    ctx = view.context
    frames = {h: Rect(*f) for h, f in frames.items()} if frames else {}
    views = []
    by_handle = {}
    # Pre-order, iteratively: (view, parent index, depth, parent content origin, hidden above).
    todo = [(view, None, 0, None, False)]
    while todo:
        v, parent, depth, origin, hidden_above = todo.pop()
        local = v.frame
        bounds = v.bounds
        if v.handle in frames:
            local = frames[v.handle]
            bounds = Rect(bounds.x, bounds.y, local.width, local.height)
        if origin is None:
            frame = Rect(0.0, 0.0, local.width, local.height)
        else:
            frame = Rect(origin[0] + local.x, origin[1] + local.y, local.width, local.height)
        subs = v.subviews
        ident = v.identifier
        hidden = v.hidden
        shot = ViewShot(
            index=len(views), handle=v.handle, name=ident if ident else _fallback_name(v.handle),
            identifier=ident, frame=frame, local_frame=local, bounds=bounds, parent=parent,
            depth=depth, hidden=hidden, hidden_ancestor=hidden_above, margins=v.layout_margins,
            alignment_insets=v.alignment_rect_insets,
            rtl=v.effective_layout_direction == Direction.RTL, ambiguous=v.has_ambiguous_layout,
            subview_count=len(subs))
        by_handle[v.handle] = shot.index
        views.append(shot)
        content = (frame.x - bounds.x, frame.y - bounds.y)
        for child in reversed(subs):
            todo.append((child, shot.index, depth + 1, content, hidden or hidden_above))

    has_terms = hasattr(Constraint, "terms")
    guide_wrappers = {}  # handle -> (wrapper, owner index)

    def consider_guide(w):
        if w.handle in guide_wrappers or not w.alive:
            return
        owner = w.superview
        if owner is not None and owner.handle in by_handle:
            guide_wrappers[w.handle] = (w, by_handle[owner.handle])

    # Guides: every view lists its own (brace_node_get_layout_guides, 0.5); with an older
    # library they are found through their Python wrappers and the constraints' terms.
    if hasattr(lib, "brace_node_get_layout_guides"):
        for s in views:
            for g in _view_wrapper(ctx, s.handle).layout_guides:
                consider_guide(g)
    else:
        for w in list(ctx._views.values()):
            if _is_guide(w):
                consider_guide(w)

    listed = {}  # node handle -> its constraints; read once
    read = {}  # constraint handle -> (terms, relation); read once

    def constraints_of(v):
        if v.handle not in listed:
            listed[v.handle] = v.constraints
        return listed[v.handle]

    def terms_of(c):
        if c.handle not in read:
            if hasattr(c, "_read_terms"):  # terms and relation in one C call
                raw, rel, _k = c._read_terms()
            else:
                raw, rel = c.terms, getattr(c, "relation", None)
            read[c.handle] = (raw, rel)
        return read[c.handle]

    seen = set()
    if has_terms:
        # Close over guides reached through constraint terms (a guide pinned to a guide).
        frontier = [w for w, _ in guide_wrappers.values()] + [_view_wrapper(ctx, s.handle) for s in views]
        while frontier:
            nxt = []
            for w in frontier:
                for c in constraints_of(w):
                    if c.handle in seen:
                        continue
                    seen.add(c.handle)
                    for item, _attr, _coef in (terms_of(c)[0] or ()):
                        if item is not None and _is_guide(item) and item.handle not in guide_wrappers:
                            consider_guide(item)
                            if item.handle in guide_wrappers:
                                nxt.append(item)
            frontier = nxt

    ordered = sorted(guide_wrappers.items(), key=lambda kv: (kv[1][1], handle_info(kv[0])))
    guides = []
    guide_index = {}
    for h, (w, owner) in ordered:
        o = views[owner]
        lf = frames.get(h) or w.frame
        ox, oy = o.content_origin
        ident = w.identifier
        guide_index[h] = len(guides)
        guides.append(GuideShot(len(guides), h, ident if ident else _fallback_name(h), ident, owner,
                                Rect(ox + lf.x, oy + lf.y, lf.width, lf.height), lf,
                                w.has_ambiguous_layout))

    snap_views = tuple(views)
    snap_guides = tuple(guides)
    names = {}

    def ref_of(item, attr):
        if item is None:
            return ItemRef("none", -1, "?")
        if isinstance(item, int) and not isinstance(item, bool):
            # A bare handle: a variable the Python side did not make, or a node gone since.
            if not attr:
                return ItemRef("variable", -1, "variable " + _slot_name(item))
            return ItemRef("outside", -1, _fallback_name(item))
        h = getattr(item, "handle", None)
        if isinstance(item, View):
            if h in by_handle:
                return ItemRef("view", by_handle[h], snap_views[by_handle[h]].name)
            if h in guide_index:
                return ItemRef("guide", guide_index[h], snap_guides[guide_index[h]].name)
            if h not in names:
                try:
                    ident = item.identifier
                except Exception:  # noqa: BLE001 - a destroyed item: keep its handle name
                    ident = None
                names[h] = ident or _fallback_name(h)
            return ItemRef("outside", -1, names[h])
        name = getattr(item, "name", None) or ("variable %s" % _slot_name(h) if h else "variable")
        return ItemRef("variable", -1, name)

    shots = []
    taken = set()
    sources = [_view_wrapper(ctx, s.handle) for s in snap_views] + [guide_wrappers[g.handle][0] for g in snap_guides]
    for w in sources:
        for c in constraints_of(w):
            if c.handle in taken:
                continue
            taken.add(c.handle)
            broken = c.broken
            if not constraints and not broken:
                continue
            terms = relation = None
            raw, rel = terms_of(c) if has_terms else (None, None)
            if raw is not None:
                terms = tuple(Term(ref_of(item, _attr_name(attr)), _attr_name(attr), float(coef))
                              for item, attr, coef in raw)
                relation = _relation_name(rel)
            shots.append(ConstraintShot(c.handle, c.identifier, terms, relation, float(c.constant),
                                        float(c.priority), bool(broken)))

    snap = Snapshot(snap_views, snap_guides, tuple(shots), (), bool(constraints))
    return snap.with_problems(problems) if problems else snap


def _view_wrapper(ctx, handle):
    return ctx.view_for_handle(handle)


def _attr_name(attr) -> str:
    if attr is None:
        return ""
    if isinstance(attr, str):
        return attr
    return _ATTR_NAMES.get(int(attr), str(attr))


def _relation_name(rel) -> Optional[str]:
    if rel is None:
        return None
    if isinstance(rel, str):
        return rel if rel in _REL_FLIP else {"=": "=="}.get(rel, rel)
    return _REL_NAMES.get(int(rel), str(rel))


def _handle_index(snap: Snapshot) -> dict:
    idx = {v.handle: ItemRef("view", v.index, v.name) for v in snap.views}
    for g in snap.guides:
        idx.setdefault(g.handle, ItemRef("guide", g.index, g.name))
    return idx


def _name_index(snap: Snapshot) -> dict:
    idx = {}
    for g in reversed(snap.guides):
        idx[g.name] = ItemRef("guide", g.index, g.name)
    for v in reversed(snap.views):
        idx[v.name] = ItemRef("view", v.index, v.name)
    return idx


def _kind_name(kind) -> str:
    if isinstance(kind, enum.Enum):
        name = kind.name
    elif isinstance(kind, int) and not isinstance(kind, bool):
        try:
            name = DiagnosticKind(kind).name
        except ValueError:
            return "problem"
    elif isinstance(kind, str):
        name = kind
    else:
        return "problem"
    name = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    return name or "problem"


def _problem_shots(problems, by_handle, by_name) -> tuple:
    if problems is None:
        return ()
    res = []
    for p in problems:
        message = getattr(p, "message", None)
        message = str(message) if message is not None else str(p)
        items = []
        for v in (getattr(p, "views", None) or ()):
            if isinstance(v, str):
                ref = by_name.get(v)
            else:
                ref = by_handle.get(getattr(v, "handle", None))
            if ref is not None and ref not in items:
                items.append(ref)
        res.append(ProblemShot(_kind_name(getattr(p, "kind", None)), message, tuple(items)))
    return tuple(res)


# ---------------------------------------------------------------- SVG text helpers

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NEEDS_ESCAPE = re.compile("[&<>\"\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(s) -> str:
    s = str(s)
    if not _NEEDS_ESCAPE.search(s):
        return s
    s = _BAD_XML.sub("\ufffd", s)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _one_line(s: str) -> str:
    return re.sub(r"[\t\r\n]+", " ", s)


def _finite(v) -> bool:
    """Whether v is a real number (bool aside) that a double holds finitely."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    try:
        return math.isfinite(v)
    except OverflowError:  # an int beyond a double
        return False


def _n(v) -> str:
    """A number with at most 2 decimals, no trailing zeros, never "-0"."""
    v = float(v)
    if not math.isfinite(v):
        return "0"
    v = round(v, 2)
    if v == 0:
        return "0"
    if v == int(v):
        return str(int(v))
    return ("%.2f" % v).rstrip("0").rstrip(".")


def _term_text(t: Term) -> str:
    return t.item.name + ("." + t.attribute if t.attribute else "")


def _text_width(text: str, size: float) -> float:
    return len(text) * size * _CHAR_WIDTH


def _fit(text: str, width: float, size: float) -> Optional[str]:
    """The text shortened with an ellipsis to fit ``width`` pixels, None when not even
    two characters fit."""
    n = int(width // (size * _CHAR_WIDTH))
    if len(text) <= n:
        return text
    if n < 2:
        return None
    return text[:n - 1] + "\u2026"


def _attrs(**kw) -> str:
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        parts.append('%s="%s"' % (name, _n(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else _esc(v)))
    return " ".join(parts)


def _id_for(name: str, used: set, prefix: str) -> str:
    base = prefix + (re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "view")
    ident, k = base, 2
    while ident in used:
        ident = "%s-%d" % (base, k)
        k += 1
    used.add(ident)
    return ident


def _inside(a, b) -> bool:
    return b.x0 <= a.x0 and a.x1 <= b.x1 and b.y0 <= a.y0 and a.y1 <= b.y1


def _overlap(a, b) -> bool:
    """Whether two boxes share more than an edge."""
    return a.x0 < b.x1 - 0.5 and b.x0 < a.x1 - 0.5 and a.y0 < b.y1 - 0.5 and b.y0 < a.y1 - 0.5


class _Box(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float

    def union(self, o):
        return _Box(min(self.x0, o.x0), min(self.y0, o.y0), max(self.x1, o.x1), max(self.y1, o.y1))


def _scaled(r: Rect, s: float) -> Rect:
    return Rect(r.x * s, r.y * s, max(0.0, r.width * s), max(0.0, r.height * s))


def _rect_values(rects) -> dict:
    return {"x": [r.x for r in rects], "y": [r.y for r in rects],
            "width": [r.width for r in rects], "height": [r.height for r in rects]}


def _element(tag: str, attrs: str, children: str) -> str:
    """<tag attrs/>, or <tag attrs>children</tag> when there are children."""
    if not children:
        return "<%s %s/>" % (tag, attrs)
    return "<%s %s>%s</%s>" % (tag, attrs, children, tag)


# ---------------------------------------------------------------- drawing


class _Painter:
    """Draws one snapshot's layout (views, margins, guides, constraints) at a scale,
    in root coordinates times the scale."""

    def __init__(self, snap: Snapshot, scale: float, font_size: float, id_prefix: str,
                 draw_constraints: bool, motion=None):
        if not (_finite(scale) and scale > 0):
            raise ValueError("scale must be a positive number, not %r" % (scale,))
        self.snap = snap
        # An animation (animated_svg): (the snapshots at each sample time, the first
        # being `snap`, the keyTimes text, the duration text). Views and guides are
        # drawn at the first and move through the others.
        self.motion = motion
        self.keyframes = motion[0] if motion else (snap,)
        self.s = float(scale)
        self.fs = font_size
        self.prefix = id_prefix
        self.draw_constraints = draw_constraints
        self.out = []
        self.used_ids = set()
        self.kinds = self._kinds_by_item()
        self.box = None
        self.bar_count = {}
        self.lines = {}  # (horizontal?, cross position // 8) -> [(cross position, from, to)] drawn so far
        # What a name must not cover: the tags placed so far (constants, names) and,
        # where it can, the constraints' lines (their boxes).
        self.tags = []
        self.marks = []
        self.names = []  # (view, its scaled frames, fill, faded): named once the rest is drawn
        self.view_boxes = None  # every view's scaled frame, as a _Box; made when first needed
        self.contained = None  # for each view: whether it lies within its superview's box

    # -- which problems name what

    def _kinds_by_item(self) -> dict:
        kinds = {}
        for p in self.snap.problems:
            # An overflow names the view that sticks out first, then the superview it
            # sticks out of (Scene.problems()): only the first is at fault.
            items = p.items[:1] if p.kind == "overflow" else p.items
            for ref in items:
                kinds.setdefault((ref.kind, ref.index), [])
                if p.kind not in kinds[(ref.kind, ref.index)]:
                    kinds[(ref.kind, ref.index)].append(p.kind)
        for v in self.snap.views:
            if v.ambiguous:
                kinds.setdefault(("view", v.index), [])
                if "ambiguous" not in kinds[("view", v.index)]:
                    kinds[("view", v.index)].append("ambiguous")
        for g in self.snap.guides:
            if g.ambiguous:
                kinds.setdefault(("guide", g.index), [])
                if "ambiguous" not in kinds[("guide", g.index)]:
                    kinds[("guide", g.index)].append("ambiguous")
        return kinds

    @staticmethod
    def _primary(kinds):
        for k in KIND_PRECEDENCE:
            if k in kinds:
                return k
        return "problem" if kinds else None

    def _grow(self, box: _Box):
        self.box = box if self.box is None else self.box.union(box)

    def _animate(self, values: dict) -> str:
        """SMIL <animate> elements for the attributes whose value (one per keyframe)
        changes; "" when none does. The first and last frames are held before and after."""
        if self.motion is None:
            return ""
        _frames, key_times, dur = self.motion
        out = []
        for name, vals in values.items():
            texts = [_n(v) for v in vals]
            if len(set(texts)) == 1:
                continue
            out.append('<animate attributeName="%s" values="%s" keyTimes="%s" dur="%s" repeatCount="indefinite"/>'
                       % (name, ";".join([texts[0]] + texts + [texts[-1]]), key_times, dur))
        return "".join(out)

    # -- the whole layout

    def paint(self) -> list:
        out = self.out
        out.append('<g class="views">')
        for v in self.snap.views:
            self._view(v)
        out.append("</g>")
        if self.snap.guides:
            out.append('<g class="guides">')
            for g in self.snap.guides:
                self._guide(g)
            out.append("</g>")
        if self.draw_constraints:
            marks = [c for c in self.snap.constraints if c.generated is None]
            body = []
            saved, self.out = self.out, body
            for c in marks:
                self._constraint(c)
            self.out = saved
            if body:
                out.append('<g class="constraints">')
                out.extend(body)
                out.append("</g>")
        if self.names:
            saved, self.out = self.out, []
            # Names that fit at their view's top left with nothing in the way first, so
            # that a name moved elsewhere never takes another's usual place.
            later = []
            for name in self.names:
                if not self._name(*name, only_usual=True):
                    later.append(name)
            for name in later:
                self._name(*name)
            saved.append('<g class="labels">')
            saved.extend(self.out)
            saved.append("</g>")
            self.out = saved
        if self.box is None:
            self.box = _Box(0, 0, 0, 0)
        return out

    def _view(self, v: ViewShot):
        s, fs = self.s, self.fs
        r = _scaled(v.frame, s)
        rs = [_scaled(k.views[v.index].frame, s) for k in self.keyframes]
        for q in rs:
            self._grow(_Box(q.x, q.y, q.x + q.width, q.y + q.height))
        kinds = self.kinds.get(("view", v.index), [])
        primary = self._primary(kinds)
        classes = ["view"]
        if v.effectively_hidden:
            classes.append("hidden")
        for k in sorted(kinds, key=_kind_order):
            classes.append(k)
        if kinds and "problem" not in classes:
            classes.append("problem")
        if primary is not None:
            stroke, fill = COLORS.get(primary, COLORS["problem"])
            width = 2
        else:
            stroke, fill = COLORS["view-stroke"], DEPTH_FILLS[min(v.depth, len(DEPTH_FILLS) - 1)]
            width = 1
        faded = v.effectively_hidden
        notes = []
        if v.hidden:
            notes.append("hidden")
        elif v.hidden_ancestor:
            notes.append("in a hidden view")
        if v.ambiguous:
            notes.append("ambiguous layout")
        notes.extend("%s problem" % k for k in kinds if k != "ambiguous")
        lf = v.local_frame
        title = "%s \u2014 frame = (%s %s; %s %s)%s" % (
            _one_line(v.name), _n(lf.x), _n(lf.y), _n(lf.width), _n(lf.height),
            "".join(", " + n for n in notes))
        self.out.append("<rect %s>%s<title>%s</title></rect>" % (_attrs(
            class_=" ".join(classes), id=_id_for(v.name, self.used_ids, self.prefix), data_id=v.name,
            data_depth=v.depth, x=r.x, y=r.y, width=r.width, height=r.height, fill=fill, stroke=stroke,
            stroke_width=width, stroke_dasharray="4 3" if faded else None,
            opacity="0.45" if faded else None), self._animate(_rect_values(rs)), _esc(title)))
        # Margins: shown where they matter (views holding subviews or guides), when set.
        m = v.margins
        if (v.subview_count or any(g.owner == v.index for g in self.snap.guides)) and any(m):
            mrs = [_scaled(k.views[v.index].margin_rect, s) for k in self.keyframes]
            mr = mrs[0]
            if all(q.width >= 4 and q.height >= 4 for q in mrs):
                self.out.append(_element("rect", _attrs(
                    class_="margins", data_id=v.name, x=mr.x, y=mr.y, width=mr.width, height=mr.height,
                    fill="none", stroke=COLORS["margins"], stroke_width="0.75", stroke_dasharray="2 2",
                    opacity="0.45" if faded else None), self._animate(_rect_values(mrs))))
        self.names.append((v, rs, fill, faded))

    def _name(self, v: ViewShot, rs, fill, faded, only_usual=False) -> bool:
        """The view's name on a backing in its own fill: inside at the top left when
        nothing covers it there, else where neither its subviews, other names nor
        constants do (another inside corner, a gap between subviews, a tab on its
        edge), shortened to fit only when no place holds it whole. In an animation:
        top left, fitted to the smallest frame the view passes through."""
        fs = self.fs
        r = rs[0]
        if self.motion is not None:
            if min(q.height for q in rs) < fs + 4:
                return True
            text = _fit(_one_line(v.name), min(q.width for q in rs) - 8, fs)
            if text is not None:
                tw = _text_width(text, fs) + 4
                self._name_tag(v, text, r.x + 2, r.y + 2, min(tw, r.width - 4), fill, faded, False, rs)
            return True
        if r.height < fs + 4 or r.width < 2 * fs * _CHAR_WIDTH + 8:
            return True  # tiny (or collapsed, which the legend names): a name would hide it
        full = _one_line(v.name)
        spot = self._spot(v, full, only_usual)
        if spot is not None:
            self._name_tag(v, full, spot[0], spot[1], _text_width(full, fs) + 4, fill, faded, spot[2], rs)
            return True
        if only_usual:
            return False
        text = _fit(full, r.width - 8, fs)
        if text is not None:
            self._name_tag(v, text, r.x + 2, r.y + 2, min(_text_width(text, fs) + 4, r.width - 4), fill, faded, False, rs)
        return True

    def _spot(self, v: ViewShot, text: str, only_usual: bool = False):
        """(x, y, outside?) of the first place for the whole name that covers none of
        the view's subviews, no tag, and the fewest other views, lines and bits outside
        the root (none if it can); None when every place covers a subview or a tag.
        ``only_usual``: the top left only, and only when it covers nothing at all."""
        fs = self.fs
        r = _scaled(v.frame, self.s)
        w, h = _text_width(text, fs) + 4, fs + 2
        views = self.snap.views
        inner, others = [], []
        below = set()  # v's subtree, in pre-order right after it
        for u in views[v.index + 1:]:
            if u.depth <= v.depth:
                break
            below.add(u.index)
        above = set(self._ancestors(ItemRef("view", v.index, v.name)))
        x0, x1, y0, y1 = r.x, r.x + r.width, r.y, r.y + r.height
        # Every place lies within a name's size of the view: nothing farther can matter.
        near = _Box(x0 - w - 2, y0 - h - 1, x1 + w + 2, y1 + h + 1)
        if self.view_boxes is None:
            self.view_boxes = [_Box(q.x, q.y, q.x + q.width, q.y + q.height)
                               for q in (_scaled(u.frame, self.s) for u in views)]
            # A subview inside its superview is covered only where the superview is.
            self.contained = [u.parent is not None and _inside(b, self.view_boxes[u.parent])
                              for u, b in zip(views, self.view_boxes)]
        for u, b in zip(views, self.view_boxes):
            if u.index in below:
                if (u.parent == v.index or not self.contained[u.index]) and _overlap(b, near):
                    inner.append(b)
            elif u.index not in above and not u.effectively_hidden and _overlap(b, near):
                others.append(b)
        tags = [t for t in self.tags if _overlap(t, near)]
        marks = [m for m in self.marks if m.x0 <= near.x1 and near.x0 <= m.x1 and m.y0 <= near.y1 and near.y0 <= m.y1]
        places = []
        if w <= r.width - 4 and h <= r.height - 4:
            xs = [x0 + 2, x1 - 2 - w] + sorted(b.x1 + 2 for b in inner if x0 < b.x1 < x1 - 2 - w)
            for y in (y0 + 2, y1 - 2 - h):
                places.extend((x, y, False) for x in xs)
        if only_usual:
            places = places[:1]
        else:
            # Tabs on the view's edge: across its top, on top of it, across its bottom;
            # starting at its left, ending at its right, or just after a tag in the way.
            xs = [x0 + 2, x1 - 2 - w] + sorted(t.x1 + 2 for t in tags if x0 + 2 < t.x1 + 2 < x1 - 2)
            for y in (y0 - h / 2, y0 - h, y1 - h / 2):
                places.extend((x, y, True) for x in xs)
        root = _scaled(views[0].frame, self.s)
        best, best_cost = None, None
        for x, y, outside in places:
            b = _Box(x, y, x + w, y + h)
            if any(_overlap(b, o) for o in inner) or any(_overlap(b, o) for o in tags):
                continue
            cost = sum(1 for o in others if _overlap(b, o)) + sum(1 for o in marks if _overlap(b, o))
            if v.index != 0 and not (root.x <= b.x0 and b.x1 <= root.x + root.width
                                     and root.y <= b.y0 and b.y1 <= root.y + root.height):
                cost += 1
            if only_usual and cost:
                return None
            if cost == 0:
                return x, y, outside
            if best_cost is None or cost < best_cost:
                best, best_cost = (x, y, outside), cost
        return best

    def _name_tag(self, v: ViewShot, text: str, x, y, w, fill, faded, outside: bool, rs):
        fs = self.fs
        self.tags.append(_Box(x, y, x + w, y + fs + 2))
        self._grow(_Box(x, y, x + w, y + fs + 2))
        dx, dy = x - rs[0].x, y - rs[0].y
        # Outside its view, the tag gets the view's outline to show whose name it is.
        self.out.append(_element("rect", _attrs(
            class_="label-bg", data_id=v.name, x=x, y=y, width=w, height=fs + 2, fill=fill,
            stroke=COLORS["view-stroke"] if outside else "none", stroke_width="1" if outside else None,
            opacity="0.45" if faded else None),
            self._animate({"x": [q.x + dx for q in rs], "y": [q.y + dy for q in rs],
                           "width": [min(w, q.width - 4) for q in rs]})))
        self.out.append("<text %s>%s%s</text>" % (_attrs(
            class_="label", data_id=v.name, x=x + 2, y=y + fs - 1, fill=COLORS["label"],
            opacity="0.6" if faded else None),
            self._animate({"x": [q.x + dx + 2 for q in rs], "y": [q.y + dy + fs - 1 for q in rs]}), _esc(text)))

    def _guide(self, g: GuideShot):
        r = _scaled(g.frame, self.s)
        rs = [_scaled(k.guides[g.index].frame, self.s) for k in self.keyframes]
        for q in rs:
            self._grow(_Box(q.x, q.y, q.x + q.width, q.y + q.height))
        kinds = self.kinds.get(("guide", g.index), [])
        primary = self._primary(kinds)
        stroke = COLORS.get(primary, COLORS["problem"])[0] if primary else COLORS["guide"]
        classes = ["guide"] + sorted(kinds, key=_kind_order)
        owner = self.snap.views[g.owner].name
        lf = g.local_frame
        title = "layout guide %s of %s \u2014 layout frame = (%s %s; %s %s)%s" % (
            _one_line(g.name), _one_line(owner), _n(lf.x), _n(lf.y), _n(lf.width), _n(lf.height),
            ", ambiguous layout" if g.ambiguous else "")
        self.out.append("<rect %s>%s<title>%s</title></rect>" % (_attrs(
            class_=" ".join(classes), data_id=g.name, x=r.x, y=r.y, width=r.width, height=r.height,
            fill="none", stroke=stroke, stroke_width="1", stroke_dasharray="5 2 1 2"),
            self._animate(_rect_values(rs)), _esc(title)))

    # -- constraints

    def _box_of(self, ref: ItemRef):
        """(alignment rect, margin rect) of an item, unscaled, or None."""
        if ref.kind == "view":
            v = self.snap.views[ref.index]
            return v.alignment_rect, v.margin_rect
        if ref.kind == "guide":
            g = self.snap.guides[ref.index]
            return g.frame, g.frame
        return None

    def _ancestors(self, ref: ItemRef) -> list:
        idx = self.snap.guides[ref.index].owner if ref.kind == "guide" else ref.index
        chain = []
        while idx is not None:
            chain.append(idx)
            idx = self.snap.views[idx].parent
        return chain

    def _holder_rtl(self, refs) -> bool:
        """The effective direction of the view holding the constraint (the nearest
        common ancestor of its items; a guide counts as its owner)."""
        chains = [self._ancestors(r) for r in refs]
        common = set(chains[0])
        for c in chains[1:]:
            common &= set(c)
        for idx in chains[0]:
            if idx in common:
                return self.snap.views[idx].rtl
        return False

    @staticmethod
    def _anchor(boxes, attr: str, rtl: bool) -> float:
        a, m = boxes
        r = m if attr.endswith("_margin") or attr.endswith("_within_margins") else a
        base = attr.replace("_within_margins", "").replace("_margin", "")
        if base == "leading":
            base = "right" if rtl else "left"
        elif base == "trailing":
            base = "left" if rtl else "right"
        return {"left": r.x, "right": r.x + r.width, "center_x": r.x + r.width / 2,
                "top": r.y, "bottom": r.y + r.height, "center_y": r.y + r.height / 2,
                # Baselines: the ABI has no getter for the offsets; the bottom is the
                # engine's answer for a view without text.
                "first_baseline": r.y + r.height, "last_baseline": r.y + r.height}[base]

    def _constraint(self, c: ConstraintShot):
        if c.terms is None or c.relation not in _REL_FLIP:
            return
        ts = [t for t in c.terms if t.coefficient != 0]
        if not ts or any(t.item.kind not in ("view", "guide") for t in ts):
            return
        rel, k = c.relation, c.constant
        if len(ts) == 1:
            t = ts[0]
            if t.attribute in ("width", "height"):
                if t.coefficient < 0:
                    rel = _REL_FLIP[rel]
                self._open(c, "size")
                self._bar(t.item, t.attribute, _REL_SYMBOL[rel] + _n(k / t.coefficient), c)
                self._close()
            return
        if len(ts) != 2:
            return
        t1, t2 = ts
        if t1.coefficient * t2.coefficient >= 0:
            return
        if t1.coefficient < 0:
            rel = _REL_FLIP[rel]
        m = -t2.coefficient / t1.coefficient
        k = k / t1.coefficient
        a1, a2 = t1.attribute, t2.attribute
        if (a1 in _X_POS and a2 in _X_POS) or (a1 in _Y_POS and a2 in _Y_POS):
            self._spacing(c, t1, t2, rel, m, k)
        elif a1 in ("width", "height") and a2 in ("width", "height"):
            if t1.item == t2.item and a1 != a2:
                self._open(c, "ratio")
                self._ratio(t1.item, a1, m)
                self._close()
            else:
                sym = {"==": "=", "<=": "\u2264", ">=": "\u2265"}[rel]
                label = sym + ("" if m == 1 else " \u00d7" + _n(m)) + (
                    "" if k == 0 else (" + " if k > 0 else " \u2212 ") + _n(abs(k)))
                self._open(c, "equal-size")
                self._bar(t1.item, a1, label, c)
                self._bar(t2.item, a2, {"=": "=", "\u2264": "\u2265", "\u2265": "\u2264"}[sym], c)
                self._close()

    def _style(self, c: ConstraintShot):
        color = COLORS["broken"] if c.broken else COLORS["constraint"]
        dash = "3 2" if c.priority < 1000 else None
        return color, dash

    def _faded(self, c: ConstraintShot) -> bool:
        for t in c.terms:
            if t.item.kind == "view" and self.snap.views[t.item.index].effectively_hidden:
                return True
        return False

    def _open(self, c: ConstraintShot, kind: str):
        color, dash = self._style(c)
        classes = ["constraint", kind]
        if c.priority < 1000:
            classes.append("optional")
        if c.broken:
            classes.append("broken")
        title = (c.identifier + ": " if c.identifier else "") + c.formula + (" (broken)" if c.broken else "")
        self.out.append('<g %s><title>%s</title>' % (_attrs(
            class_=" ".join(classes), data_constraint=_slot_name(c.handle), data_priority=c.priority,
            stroke=color, stroke_width="1", stroke_dasharray=dash, fill=color,
            opacity="0.45" if self._faded(c) else None), _esc(_one_line(title))))
        self._color = color

    def _close(self):
        self.out.append("</g>")

    def _line(self, x1, y1, x2, y2, cls=None, dash=None):
        box = _Box(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        self._grow(box)
        self.marks.append(box)
        self.out.append("<line %s/>" % _attrs(class_=cls, x1=x1, y1=y1, x2=x2, y2=y2, stroke_dasharray=dash))

    def _label(self, x, yc, text, anchor="middle", along="x"):
        """A constant on a white tag, its middle at height ``yc``: on the line it
        measures, as on a technical drawing; moved along that line (``along``: "x"
        or "y") when another constant's tag is there."""
        if not text:
            return
        fs = max(self.fs - 2, 6)
        w = _text_width(text, fs) + 4
        step = w + 2 if along == "x" else fs + 4
        left = {"middle": w / 2, "start": 2, "end": w - 2}[anchor]
        for k in (0, 1, -1, 2, -2):
            dx, dy = (k * step, 0) if along == "x" else (0, k * step)
            b = _Box(x + dx - left, yc + dy - fs / 2 - 1, x + dx - left + w, yc + dy + fs / 2 + 1)
            if not any(_overlap(b, t) for t in self.tags):
                x, yc = x + dx, yc + dy
                break
        bx = {"middle": x - w / 2, "start": x - 2, "end": x - w + 2}[anchor]
        self.tags.append(_Box(bx, yc - fs / 2 - 1, bx + w, yc + fs / 2 + 1))
        self._grow(_Box(bx, yc - fs / 2 - 1, bx + w, yc + fs / 2 + 1))
        self.out.append('<rect %s/>' % _attrs(class_="constant-bg", x=bx, y=yc - fs / 2 - 1, width=w,
                                              height=fs + 2, rx="2", fill="#ffffff", stroke="none",
                                              opacity="0.9"))
        self.out.append("<text %s>%s</text>" % (_attrs(
            class_="constant", x=x, y=yc + fs * 0.35, font_size=fs,
            text_anchor=anchor if anchor != "start" else None, stroke="none", fill=self._color), _esc(text)))

    def _bar(self, ref: ItemRef, attr: str, label: str, c: ConstraintShot):
        a, _m = self._box_of(ref)
        r = _scaled(a, self.s)
        n, used = self.bar_count.get((ref, attr), (0, 0.0))
        cap = 3
        # Inside the item near its bottom (right) edge, as Xcode draws them; outside
        # when the item is too small. Several bars of one item stack 14 apart.
        if attr == "width":
            self.bar_count[(ref, attr)] = (n + 1, used + 14)
            inside = r.height >= 28 + 14 * n
            y = r.y + r.height - 8 - 14 * n if inside else r.y + r.height + 8 + 14 * n
            self._line(r.x, y, r.x + r.width, y)
            self._line(r.x, y - cap, r.x, y + cap)
            self._line(r.x + r.width, y - cap, r.x + r.width, y + cap)
            self._label(r.x + r.width / 2, y, label)
        else:
            # Side by side, each as wide as its constant.
            w = _text_width(label, max(self.fs - 2, 6)) + 6
            self.bar_count[(ref, attr)] = (n + 1, used + w)
            inside = r.width >= 2 * (used + w) + 8
            x = r.x + r.width - used - w / 2 - 2 if inside else r.x + r.width + used + w / 2 + 2
            self._line(x, r.y, x, r.y + r.height)
            self._line(x - cap, r.y, x + cap, r.y)
            self._line(x - cap, r.y + r.height, x + cap, r.y + r.height)
            self._label(x, r.y + r.height / 2, label, along="y")

    def _ratio(self, ref: ItemRef, first_attr: str, m: float):
        a, _m = self._box_of(ref)
        r = _scaled(a, self.s)
        d = min(12.0, r.width, r.height)
        x1, y1 = r.x + r.width - 2, r.y + r.height - 2
        self._line(x1 - d, y1, x1, y1 - d)
        text = (_n(m) + ":1") if first_attr == "width" else ("1:" + _n(m))
        self._label(x1 - d - 2, y1 - 5, text, "end", along="y")

    def _claim(self, horizontal_line: bool, at: float, lo: float, hi: float):
        self.lines.setdefault((horizontal_line, math.floor(at / 8)), []).append((at, lo, hi))

    def _free(self, horizontal_line: bool, at: float, lo: float, hi: float, lim_lo: float, lim_hi: float) -> float:
        """A cross position near ``at`` (within lim_lo...lim_hi when possible) where a
        line from lo to hi crosses no line already drawn there, and claim it."""
        def clear(c):
            b = math.floor(c / 8)
            return not any(abs(a - c) < 7 and l <= hi + 1 and lo - 1 <= u
                           for key in ((horizontal_line, b - 1), (horizontal_line, b), (horizontal_line, b + 1))
                           for a, l, u in self.lines.get(key, ()))
        choice = at
        d = 14 if horizontal_line else 24  # room for the constant, which sits on the beam
        for step in (0, d, -d, 2 * d, -2 * d, 3 * d, -3 * d):
            c = at + step
            if (step == 0 or lim_lo <= c <= lim_hi) and clear(c):
                choice = c
                break
        self._claim(horizontal_line, choice, lo, hi)
        return choice

    def _spacing(self, c: ConstraintShot, t1: Term, t2: Term, rel: str, m: float, k: float):
        s = self.s
        horizontal = t1.attribute in _X_POS
        rtl = self._holder_rtl([t1.item, t2.item])
        b1, b2 = self._box_of(t1.item), self._box_of(t2.item)
        p1 = self._anchor(b1, t1.attribute, rtl) * s
        p2 = self._anchor(b2, t2.attribute, rtl) * s

        def cross(boxes):
            r = boxes[0]
            return (r.y * s, (r.y + r.height) * s) if horizontal else (r.x * s, (r.x + r.width) * s)

        lo1, hi1 = cross(b1)
        lo2, hi2 = cross(b2)
        lo, hi = max(lo1, lo2), min(hi1, hi2)
        overlap = lo <= hi
        cpos = (lo + hi) / 2 if overlap else (lo1 + hi1) / 2
        centers = t1.attribute in _CENTERS and t2.attribute in _CENTERS
        # The constant as the gap reads: measured along the constraint's axis (mirrored
        # for leading/trailing in right-to-left layouts), from the second anchor to the first.
        if m == 1:
            sign = -1 if rtl and horizontal and ({t1.attribute, t2.attribute} & {
                "leading", "trailing", "leading_margin", "trailing_margin"}) else 1
            if sign * (p1 - p2) >= -1e-9:
                text = _REL_SYMBOL[rel] + _n(k)
            else:
                text = _REL_SYMBOL[_REL_FLIP[rel]] + _n(-k)
            if rel == "==" and k == 0:
                text = ""
        else:
            text = _REL_SYMBOL[rel] + "\u00d7" + _n(m) + ("" if k == 0 else (" + " if k > 0 else " \u2212 ") + _n(abs(k)))

        def seg(a, b, at, cls=None, dash=None):  # along the axis from a to b, at cross position `at`
            if horizontal:
                self._line(a, at, b, at, cls, dash)
            else:
                self._line(at, a, at, b, cls, dash)

        def cap(p, at, half=3):
            if horizontal:
                self._line(p, at - half, p, at + half)
            else:
                self._line(at - half, p, at + half, p)

        # Frames are rounded to the pixel grid: an alignment is known from the constraint.
        aligned = rel == "==" and m == 1 and k == 0
        if centers and aligned:
            self._open(c, "align")
            if lo1 >= lo2 and hi1 <= hi2:  # the first item inside the second: along the first
                seg_lo, seg_hi = lo1 - 6, hi1 + 6
            elif lo2 >= lo1 and hi2 <= hi1:
                seg_lo, seg_hi = lo2 - 6, hi2 + 6
            else:
                seg_lo, seg_hi = min(lo1, lo2), max(hi1, hi2)
            self._claim(not horizontal, p1, seg_lo, seg_hi)
            if horizontal:
                self._line(p1, seg_lo, p1, seg_hi)
            else:
                self._line(seg_lo, p1, seg_hi, p1)
            if text and horizontal:
                self._label(p1, seg_lo + self.fs / 2, text)
            elif text:
                self._label(seg_lo + 3, p1, text, "start", along="y")
            self._close()
            return
        if overlap:
            cpos = self._free(horizontal, cpos, min(p1, p2), max(p1, p2), lo, hi)
        else:
            cpos = self._free(horizontal, cpos, min(p1, p2), max(p1, p2), lo1, hi1)
        self._open(c, "spacing")
        seg(min(p1, p2), max(p1, p2), cpos)
        cap(p1, cpos)
        cap(p2, cpos)
        if not overlap:
            # The second item is beside the beam: a dotted extension of its anchor.
            near = lo2 if abs(lo2 - cpos) < abs(hi2 - cpos) else hi2
            if horizontal:
                self._line(p2, near, p2, cpos, "extension", "1 2")
            else:
                self._line(near, p2, cpos, p2, "extension", "1 2")
        if text:
            mid = (p1 + p2) / 2
            if horizontal:
                self._label(mid, cpos, text)
            else:
                self._label(cpos, mid, text, along="y")
        self._close()


def _kind_order(k):
    return (KIND_PRECEDENCE.index(k) if k in KIND_PRECEDENCE else len(KIND_PRECEDENCE), k)


# ---------------------------------------------------------------- the legend


def _legend_entries(snap: Snapshot) -> list:
    """(kind, text, hover text) for each problem (the first line of its message, once
    each), the ambiguous views no problem names, and the broken constraints."""
    entries = []
    seen = set()
    ambiguous_named = set()
    for p in snap.problems:
        key = (p.kind, p.first_line, p.items)
        if key in seen:
            continue
        seen.add(key)
        if p.kind == "ambiguous":
            ambiguous_named.update(p.items)
        entries.append((p.kind, _one_line(p.first_line), p.message))
    amb = [v.name for v in snap.views if v.ambiguous and ItemRef("view", v.index, v.name) not in ambiguous_named]
    amb += [g.name for g in snap.guides if g.ambiguous and ItemRef("guide", g.index, g.name) not in ambiguous_named]
    if amb:
        shown = ", ".join(_one_line(n) for n in amb[:8]) + (" and %d more" % (len(amb) - 8) if len(amb) > 8 else "")
        entries.append(("ambiguous", "Ambiguous layout: " + shown, "Ambiguous layout: " + ", ".join(amb)))
    for c in snap.broken_constraints:
        text = "Broken constraint: " + _one_line(c.formula)
        entries.append(("unsatisfiable", text, text))
    # A hidden view a stack collapsed has no area to draw: the legend names it.
    gone = [v.name for v in snap.views if v.hidden and (v.frame.width <= 0 or v.frame.height <= 0)]
    if gone:
        shown = ", ".join(_one_line(n) for n in gone[:8]) + (" and %d more" % (len(gone) - 8) if len(gone) > 8 else "")
        entries.append(("hidden", "hidden: " + shown, "hidden and collapsed: " + ", ".join(gone)))
    return entries


def _legend(entries, font_size: float) -> tuple:
    """SVG lines of the legend group (at 0, 0) and its (width, height)."""
    out = ['<g class="legend">']
    width = 0.0
    for i, (kind, text, hover) in enumerate(entries):
        y = i * LEGEND_LINE
        color = COLORS.get(kind, COLORS["problem"])[0]
        out.append('<g %s><title>%s</title>' % (_attrs(class_="legend-item " + kind, data_kind=kind), _esc(hover)))
        out.append("<rect %s/>" % _attrs(class_="swatch", x=0, y=y + 2, width=10, height=10, rx="2",
                                         fill=COLORS.get(kind, COLORS["problem"])[1], stroke=color,
                                         stroke_width="1.5", stroke_dasharray="2 1.5" if kind == "hidden" else None))
        out.append("<text %s>%s</text>" % (_attrs(x=16, y=y + 11, fill=COLORS["label"]), _esc(text)))
        out.append("</g>")
        width = max(width, 16 + _text_width(text, font_size))
    out.append("</g>")
    return out, (width, len(entries) * LEGEND_LINE)


# ---------------------------------------------------------------- public drawing API


def _as_snapshot(obj, constraints, problems) -> Snapshot:
    if isinstance(obj, Snapshot):
        return obj.with_problems(problems) if problems else obj
    return snapshot(obj, constraints=constraints, problems=problems)


def _svg_open(width, height, extra="") -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" %s%s>' % (_attrs(
        class_="brace-layout", width=width, height=height, viewBox="0 0 %s %s" % (_n(width), _n(height)),
        font_family=FONT_FAMILY, font_size=FONT_SIZE), extra))


def svg(view_or_snapshot, *, constraints: bool = False, problems=None, scale: float = 1.0,
        title: Optional[str] = None, legend: bool = True) -> str:
    """The picture as SVG text. ``view_or_snapshot``: a View (captured now, see
    snapshot()) or a Snapshot. ``constraints``: draw the active constraints (a Snapshot
    must have been captured with constraints=True to have them). ``problems``: extra
    problems to highlight and list. ``scale``: SVG pixels per point. ``title``: a heading.
    ``legend``: list the problems, ambiguous views and broken constraints under the
    drawing (nothing is listed when there are none)."""
    snap = _as_snapshot(view_or_snapshot, constraints, problems)
    painter = _Painter(snap, scale, FONT_SIZE, "", bool(constraints))
    body = painter.paint()
    box = painter.box
    top = PAD
    head = []
    if title:
        head.append("<text %s>%s</text>" % (_attrs(class_="title", x=PAD, y=PAD + 13, font_size="14",
                                                   font_weight="600", fill=COLORS["label"]),
                                            _esc(_one_line(title))))
        top += 24
    entries = _legend_entries(snap) if legend else []
    layout_w = box.x1 - box.x0
    layout_h = box.y1 - box.y0
    width = max(layout_w + 2 * PAD, (2 * PAD + _text_width(title, 14)) if title else 0)
    height = top + layout_h + PAD
    legend_lines = []
    if entries:
        legend_lines, (lw, lh) = _legend(entries, FONT_SIZE)
        width = max(width, lw + 2 * PAD)
        legend_y = height
        height += lh + PAD / 2
    width, height = math.ceil(width), math.ceil(height)
    hover = title or "%s \u2014 %s \u00d7 %s pt" % (snap.root.name, _n(snap.size.width), _n(snap.size.height))
    out = [_svg_open(width, height), "<title>%s</title>" % _esc(_one_line(hover)),
           "<rect %s/>" % _attrs(class_="background", x=0, y=0, width=width, height=height,
                                 fill=COLORS["background"])]
    out.extend(head)
    out.append('<g class="layout" transform="translate(%s %s)">' % (_n(PAD - box.x0), _n(top - box.y0)))
    out.extend(body)
    out.append("</g>")
    if entries:
        out.append('<g transform="translate(%s %s)">' % (_n(PAD), _n(legend_y)))
        out.extend(legend_lines)
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cairosvg():
    try:
        import cairosvg
    except (ImportError, OSError) as e:  # OSError: cairocffi found no libcairo
        raise ImportError('PNG output needs cairosvg (and the cairo library): pip install "brace[png]" '
                          '(or pip install "./bindings/python[png]" from a checkout); %s' % e) from e
    return cairosvg


def png(view_or_snapshot, *, scale: float = 2.0, **kw) -> bytes:
    """The picture as PNG bytes, through cairosvg: the SVG (drawn at 1 pixel per point,
    with the other arguments of svg()) rasterized at ``scale`` pixels per SVG pixel, so the
    default gives a sharp @2x image. ImportError (naming the "png" extra) without cairosvg."""
    if not (_finite(scale) and scale > 0):
        raise ValueError("scale must be a positive number, not %r" % (scale,))
    cairosvg = _cairosvg()
    doc = svg(view_or_snapshot, **kw)
    return cairosvg.svg2png(bytestring=doc.encode("utf-8"), scale=float(scale))


def _head(width, height, hover: str, title: Optional[str], extra: str = "") -> list:
    """The opening lines of a filmstrip or an animation: <svg>, its <title>, the
    background, and the heading when there is one."""
    out = [_svg_open(width, height, extra), "<title>%s</title>" % _esc(_one_line(hover)),
           "<rect %s/>" % _attrs(class_="background", x=0, y=0, width=width, height=height,
                                 fill=COLORS["background"])]
    if title:
        out.append("<text %s>%s</text>" % (_attrs(class_="title", x=PAD, y=PAD + 13, font_size="14",
                                                  font_weight="600", fill=COLORS["label"]),
                                           _esc(_one_line(title))))
    return out


def filmstrip(snapshots, labels, *, height: float = 160, gap: float = 16, title: Optional[str] = None) -> str:
    """One SVG with each snapshot (or View) scaled so that its root is ``height`` pixels
    tall, side by side ``gap`` apart, each labeled under it ("320 pt"), in rows when the
    strip would pass FILMSTRIP_MAX_WIDTH pixels. Problems and ambiguous views are
    highlighted (the panel's label turns red); constraints and legends are left out."""
    snaps = [_as_snapshot(s, False, None) for s in snapshots]
    labels = [str(x) for x in labels]
    if len(labels) != len(snaps):
        raise ValueError("filmstrip(): %d snapshots but %d labels" % (len(snaps), len(labels)))
    if not (_finite(height) and height > 0):
        raise ValueError("filmstrip(): height must be a positive number, not %r" % (height,))
    if not (_finite(gap) and gap >= 0):
        raise ValueError("filmstrip(): gap must be a number >= 0, not %r" % (gap,))
    fs = 9.0
    label_h = 18.0
    panels = []
    for i, (snap, label) in enumerate(zip(snaps, labels)):
        h = snap.size.height
        scale = height / h if h > 0 else 1.0
        p = _Painter(snap, scale, fs, "p%d-" % (i + 1), False)
        body = p.paint()
        box = p.box
        w = max(box.x1 - box.x0, _text_width(label, 11))
        troubled = bool(snap.problems) or any(v.ambiguous for v in snap.views)
        panels.append((snap, label, body, box, w, box.y1 - box.y0 + label_h, scale, troubled))
    top = PAD + (24 if title else 0)
    x, y, row_h = PAD, top, 0.0
    placed = []
    width = 0.0
    for panel in panels:
        w, h = panel[4], panel[5]
        if placed and x > PAD and x + w > FILMSTRIP_MAX_WIDTH - PAD:
            x, y, row_h = PAD, y + row_h + gap, 0.0
        placed.append((panel, x, y))
        width = max(width, x + w + PAD)
        x += w + gap
        row_h = max(row_h, h)
    total_h = (y + row_h + PAD) if panels else top + PAD
    width = max(width, 2 * PAD + (_text_width(title, 14) if title else 0), 2 * PAD)
    width, total_h = math.ceil(width), math.ceil(total_h)
    out = _head(width, total_h, title or "filmstrip", title)
    for (snap, label, body, box, w, h, scale, troubled), px, py in placed:
        out.append('<g %s>' % _attrs(class_="panel", data_label=label, data_scale=scale,
                                     transform="translate(%s %s)" % (_n(px - box.x0), _n(py - box.y0))))
        out.append('<g font-size="%s">' % _n(fs))
        out.extend(body)
        out.append("</g>")
        hover = label
        if troubled:
            hover += " \u2014 " + "; ".join(e[1] for e in _legend_entries(snap))
        out.append('<g class="caption"><title>%s</title><text %s>%s</text></g>' % (
            _esc(_one_line(hover)), _attrs(
                class_="panel-label" + (" problem" if troubled else ""), x=box.x0 + (box.x1 - box.x0) / 2,
                y=box.y1 + 14, text_anchor="middle",
                fill=COLORS["unsatisfiable"][0] if troubled else COLORS["label"]), _esc(_one_line(label))))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: Seconds an animated picture shows its first frame before it moves, and its last
#: frame after, before it plays again.
ANIMATION_LEAD = 0.5
ANIMATION_HOLD = 1.0


def _seconds(t: float) -> str:
    """A time with at most 4 decimals ("0.0167"): a keyTime apart from its neighbours
    at 60 samples per second."""
    text = ("%.4f" % t).rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def animated_svg(snapshots, times, *, scale: float = 1.0, title: Optional[str] = None) -> str:
    """One SVG that plays a layout change: ``snapshots`` (Views or Snapshots of one tree,
    such as snapshot(root, frames=presentation frames at t)) taken at ``times`` seconds
    (increasing, from 0). Each view, guide, margin and label moves through its
    positions with SMIL ``<animate>`` elements (values: the samples, linear in between),
    after ANIMATION_LEAD seconds on the first frame, then holds the last for
    ANIMATION_HOLD seconds and plays again. Browsers play it, also in an ``<img>``;
    renderers without SMIL (cairosvg) draw the first frame. The root ``<svg>`` carries
    the sample times in ``data-times``. Constraints and the legend are left out."""
    snaps = [_as_snapshot(s, False, None) for s in snapshots]
    times = [float(t) for t in times]
    if not snaps or len(times) != len(snaps):
        raise ValueError("animated_svg(): %d snapshots but %d times" % (len(snaps), len(times)))
    if times[0] < 0 or any(not math.isfinite(t) for t in times) or any(b <= a for a, b in zip(times, times[1:])):
        raise ValueError("animated_svg(): the times must be finite, increasing and not negative, not %r" % (times,))
    shape = [(v.handle, v.parent) for v in snaps[0].views]
    guides = [g.handle for g in snaps[0].guides]
    for k in snaps[1:]:
        if [(v.handle, v.parent) for v in k.views] != shape or [g.handle for g in k.guides] != guides:
            raise ValueError("animated_svg(): the snapshots are not of one view tree")
    cycle = ANIMATION_LEAD + times[-1] + ANIMATION_HOLD
    key_times = ";".join(["0"] + [_seconds((ANIMATION_LEAD + t) / cycle) for t in times] + ["1"])
    painter = _Painter(snaps[0], scale, FONT_SIZE, "", False, (snaps, key_times, _seconds(cycle) + "s"))
    body = painter.paint()
    box = painter.box
    top = PAD + (24 if title else 0)
    width = max(box.x1 - box.x0 + 2 * PAD, (2 * PAD + _text_width(title, 14)) if title else 0)
    width, height = math.ceil(width), math.ceil(top + box.y1 - box.y0 + PAD)
    hover = title or "%s \u2014 %s s" % (snaps[0].root.name, _seconds(times[-1]))
    out = _head(width, height, hover, title, ' data-times="%s"' % " ".join(_seconds(t) for t in times))
    out.append('<g class="layout" transform="translate(%s %s)">' % (_n(PAD - box.x0), _n(top - box.y0)))
    out.extend(body)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


_WRITERS = (".svg", ".png")


def write(path, view_or_snapshot, **kw) -> None:
    """Write the picture to ``path``: SVG or PNG by its suffix (.svg / .png, any case);
    keyword arguments as svg() or png() take them. Another suffix raises ValueError."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in _WRITERS:
        raise ValueError("render.write(): cannot write %r: the file name must end in %s" % (
            str(path), " or ".join(_WRITERS)))
    if suffix == ".svg":
        data = svg(view_or_snapshot, **kw).encode("utf-8")
    else:
        data = png(view_or_snapshot, **kw)
    p.write_bytes(data)
