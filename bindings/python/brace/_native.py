"""The C ABI through cffi in out-of-line ABI mode: the declarations are the public
header, parsed when the package was built into _brace_cffi.py (setup.py), so importing
parses nothing and loads neither the `cffi` package nor pycparser, only cffi's C backend;
the library is the bundled libbrace.so, or the one BRACE_LIBRARY names. Nothing here is a
second engine: every call is a brace_* function of include/brace/*.h."""

from __future__ import annotations

import os

from . import errors
from ._brace_cffi import ffi

_HERE = os.path.dirname(os.path.abspath(__file__))

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
