"""Attributes backed by a C getter and setter, declared as a table instead of written as
property pairs: ``name = value`` on a view or constraint calls its brace_*_set_* function,
reading it calls brace_*_get_*. The out parameter's C type comes from the getter's
declaration in the header."""

from __future__ import annotations

from ._native import ffi


class HandleWrapper:
    """What the Python objects standing for a handle share: ``handle``, ``context``, and
    C calls on the handle (``_c(fn, *args)`` calls ``fn(ctx, handle, *args)``)."""

    __slots__ = ()

    @property
    def handle(self) -> int:
        return self._handle

    @property
    def context(self):
        return self._ctx

    def _c(self, fn, *args):
        return self._ctx._call(fn, self._handle, *args)

    def _get(self, fn, ctype, *args):
        """The value of the out parameter of ``fn(ctx, handle, *args, &out)``."""
        out = ffi.new(ctype + " *")
        self._c(fn, *args, out)
        return out[0]


class CAttribute:
    """``decode(getter(handle, &out))`` on read, ``setter(handle, encode(value))`` on
    write; read-only without a setter. The owner provides ``_c(fn, *args)``, which
    checks the handle and raises the call's error."""

    def __init__(self, name, getter, decode, setter=None, encode=None, doc=None):
        self.name = name
        self.getter = getter
        self.out_type = ffi.typeof(getter).args[-1]
        self.decode = decode
        self.setter = setter
        self.encode = encode
        self.__doc__ = doc

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        out = ffi.new(self.out_type)
        obj._c(self.getter, out)
        return self.decode(out[0])

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
