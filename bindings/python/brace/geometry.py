"""Geometry values (points, sizes, rectangles, insets) and their conversion to and from
the C ABI's structs: what the views and the constraints share."""

from __future__ import annotations

from collections import namedtuple
from operator import attrgetter

from ._native import ffi


def _floats(name: str, fields: str):
    """A named tuple of floats, each 0.0 unless given."""
    return namedtuple(name, fields, defaults=(0.0,) * len(fields.split()), module=__name__)


Point = _floats("Point", "x y")
Size = _floats("Size", "width height")
Insets = _floats("Insets", "top left bottom right")
DirectionalInsets = _floats("DirectionalInsets", "top leading bottom trailing")


class Rect(_floats("Rect", "x y width height")):
    __slots__ = ()

    origin = property(lambda r: Point(r.x, r.y))
    size = property(lambda r: Size(r.width, r.height))
    min_x = property(lambda r: r.x)
    max_x = property(lambda r: r.x + r.width)
    min_y = property(lambda r: r.y)
    max_y = property(lambda r: r.y + r.height)
    mid_x = property(lambda r: r.x + r.width / 2)
    mid_y = property(lambda r: r.y + r.height / 2)


def _num(v, what):
    try:
        return float(v)
    except (TypeError, ValueError):
        raise TypeError("%s: expected a number, got %r" % (what, v)) from None


def _struct(ctype: str, fields, values, what: str):
    """The C struct `ctype` from `values`, numbers in the order of its `fields`."""
    values = [_num(v, what) for v in values]
    if len(values) != len(fields):
        raise ValueError("%s: expected %d numbers, got %d" % (what, len(fields), len(values)))
    return ffi.new(ctype + " *", values)[0]


def _reader(cls):
    """C struct -> cls: the tuple's fields are the struct's."""
    fields = attrgetter(*cls._fields)
    return lambda c: cls(*fields(c))


_from_point = _reader(Point)
_from_rect = _reader(Rect)
_from_insets = _reader(Insets)
_from_dinsets = _reader(DirectionalInsets)


def _point(p):
    return _struct("brace_point", Point._fields, p, "center")


def _rect(r) -> "ffi.CData":
    if isinstance(r, dict):
        r = (r.get("x", 0), r.get("y", 0), r.get("width", 0), r.get("height", 0))
    if len(r) == 2:  # ((x, y), (w, h))
        (x, y), (w, h) = r
        r = (x, y, w, h)
    return _struct("brace_rect", Rect._fields, r, "rect")


def _insets(i):
    return _struct("brace_insets", Insets._fields, (i,) * 4 if isinstance(i, (int, float)) else i, "insets")


def _dinsets(i):
    return _struct("brace_directional_insets", DirectionalInsets._fields,
                   (i,) * 4 if isinstance(i, (int, float)) else i, "insets")
