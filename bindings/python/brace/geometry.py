"""Geometry values (points, sizes, rectangles, insets) and their conversion to and from
the C ABI's structs: what the views and the constraints share."""

from __future__ import annotations

from typing import NamedTuple

from ._native import ffi


class Point(NamedTuple):
    x: float = 0.0
    y: float = 0.0


class Size(NamedTuple):
    width: float = 0.0
    height: float = 0.0


class Rect(NamedTuple):
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0

    @property
    def origin(self) -> Point:
        return Point(self.x, self.y)

    @property
    def size(self) -> Size:
        return Size(self.width, self.height)

    @property
    def min_x(self):
        return self.x

    @property
    def max_x(self):
        return self.x + self.width

    @property
    def min_y(self):
        return self.y

    @property
    def max_y(self):
        return self.y + self.height

    @property
    def mid_x(self):
        return self.x + self.width / 2

    @property
    def mid_y(self):
        return self.y + self.height / 2


class Insets(NamedTuple):
    top: float = 0.0
    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0


class DirectionalInsets(NamedTuple):
    top: float = 0.0
    leading: float = 0.0
    bottom: float = 0.0
    trailing: float = 0.0


def _num(v, what):
    try:
        return float(v)
    except (TypeError, ValueError):
        raise TypeError("%s: expected a number, got %r" % (what, v)) from None


def _rect(r) -> "ffi.CData":
    if isinstance(r, dict):
        r = (r.get("x", 0), r.get("y", 0), r.get("width", 0), r.get("height", 0))
    if len(r) == 2:  # ((x, y), (w, h))
        (x, y), (w, h) = r
        r = (x, y, w, h)
    x, y, w, h = (_num(v, "rect") for v in r)
    c = ffi.new("brace_rect *")
    c.x, c.y, c.width, c.height = x, y, w, h
    return c[0]


def _from_rect(c) -> Rect:
    return Rect(c.x, c.y, c.width, c.height)


def _from_insets(c) -> Insets:
    return Insets(c.top, c.left, c.bottom, c.right)


def _from_dinsets(c) -> DirectionalInsets:
    return DirectionalInsets(c.top, c.leading, c.bottom, c.trailing)


def _insets(i):
    if isinstance(i, (int, float)):
        i = (i, i, i, i)
    c = ffi.new("brace_insets *")
    c.top, c.left, c.bottom, c.right = (_num(v, "insets") for v in i)
    return c[0]


def _dinsets(i):
    if isinstance(i, (int, float)):
        i = (i, i, i, i)
    c = ffi.new("brace_directional_insets *")
    c.top, c.leading, c.bottom, c.trailing = (_num(v, "insets") for v in i)
    return c[0]
