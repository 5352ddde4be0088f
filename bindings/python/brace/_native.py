"""The C ABI through cffi in ABI mode: the declarations are the public header,
preprocessed when the package was built (_cdef.h); the library is the bundled
libbrace.so, or the one BRACE_LIBRARY names. Nothing here is a second engine: every call
is a brace_* function of include/brace/*.h."""

from __future__ import annotations

import os

from cffi import FFI

from . import errors

_HERE = os.path.dirname(os.path.abspath(__file__))

ffi = FFI()
with open(os.path.join(_HERE, "_cdef.h"), encoding="utf-8") as _f:
    CDEF = _f.read()
ffi.cdef(CDEF)

#: The library in use: $BRACE_LIBRARY, else the copy bundled with the package (the
#: built-in plugins sit next to it, where libbrace looks for them).
LIBRARY_PATH = os.environ.get("BRACE_LIBRARY") or os.path.join(_HERE, "_lib", "libbrace.so")
lib = ffi.dlopen(LIBRARY_PATH)


def status_name(status: int) -> str:
    return ffi.string(lib.brace_status_name(status)).decode()


def last_error(ctx) -> str:
    p = lib.brace_last_error(ctx if ctx is not None else ffi.NULL)
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else ""


def error(ctx, status: int) -> errors.BraceError:
    """The exception for a failed call: its class from the status, the engine's message."""
    name = status_name(status)
    cls = errors.BY_STATUS.get(name, errors.BraceError)
    return cls(last_error(ctx) or name, name)


def check(ctx, status: int) -> None:
    """Raises the exception for `status` unless it is BRACE_OK."""
    if status != 0:
        raise error(ctx, status)


def bound_functions() -> set[str]:
    """The brace_* functions this module binds (from the header it was built with)."""
    return {n for n in dir(lib) if n.startswith("brace_") and callable(getattr(lib, n))}
