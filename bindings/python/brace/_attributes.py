"""Attributes backed by a C getter and setter, declared as a table instead of written as
property pairs: ``name = value`` on a view or constraint calls its brace_*_set_* function,
reading it calls brace_*_get_*. The out parameter's C type comes from the getter's
declaration in the header."""

from __future__ import annotations

from ._native import ffi


class CAttribute:
    """``decode(getter(handle, &out))`` on read, ``setter(handle, encode(value))`` on
    write; read-only without a setter. The owner provides ``_get(fn, ctype)`` and
    ``_c(fn, *args)``, which check the handle and raise the call's error."""

    def __init__(self, name, getter, decode, setter=None, encode=None, doc=None):
        self.name = name
        self.getter = getter
        self.ctype = ffi.typeof(getter).args[-1].item.cname
        self.decode = decode
        self.setter = setter
        self.encode = encode
        self.__doc__ = doc

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return self.decode(obj._get(self.getter, self.ctype))

    def __set__(self, obj, value):
        if self.setter is None:
            raise AttributeError("attribute %r of %r object is read-only" % (self.name, type(obj).__name__))
        obj._c(self.setter, self.encode(value))


def install(cls, table) -> None:
    """Adds one CAttribute per row (name, getter, setter, decode, encode, doc) to cls."""
    for name, getter, setter, decode, encode, doc in table:
        setattr(cls, name, CAttribute(name, getter, decode, setter, encode, doc))


def text_or_none(p):
    """A C string the engine owns, None for NULL."""
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else None


def c_text_or_null(s):
    return ffi.NULL if s is None else str(s).encode("utf-8")
