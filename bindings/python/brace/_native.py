"""The C ABI through cffi in out-of-line ABI mode: the declarations are the public
header, parsed when the package was built into _brace_cffi.py (setup.py), so importing
parses nothing and loads neither the `cffi` package nor pycparser, only cffi's C backend;
the library is the bundled libbrace.so, or the one BRACE_LIBRARY names. Nothing here is a
second engine: every call is a brace_* function of include/brace/*.h."""

from __future__ import annotations

import os
import sys

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


_TOOLS = os.path.join(_HERE, "tools") + os.sep


def _entry_frame(f):
    """The frame of the package's function the program called (the outermost one of the
    binding above `f`; the tools count as programs), and how many frames up from `f` it is."""
    steps, entry, entry_steps = 0, None, 0
    while f is not None:
        path = f.f_code.co_filename
        if path.startswith(_HERE) and not path.startswith(_TOOLS):
            entry, entry_steps = f, steps
        elif entry is not None:
            break
        f, steps = f.f_back, steps + 1
    return entry, entry_steps


# How a program writes the calls that reach the engine through a special method.
_OPERATORS = {"__init__": "%s()", "__enter__": "with %s", "__exit__": "the end of with %s",
              "__eq__": "%s == ...", "__le__": "%s <= ...", "__ge__": "%s >= ..."}


def python_call() -> str | None:
    """The call a Python program made, as it wrote it: "View.set_property()",
    "View.frame = ...", "brace.activate()"; None outside the package."""
    f = _entry_frame(sys._getframe(1))[0]
    if f is None:
        return None
    code, local = f.f_code, f.f_locals
    owner = local.get("self")
    if code.co_name in ("__set__", "__get__") and "obj" in local and hasattr(owner, "name"):
        return "%s.%s%s" % (type(local["obj"]).__name__, owner.name, " = ..." if code.co_name == "__set__" else "")
    if owner is None and "cls" in local and code.co_name != "<lambda>":
        return "%s.%s()" % (local["cls"].__name__, code.co_name)
    if owner is None:
        return "brace.%s()" % code.co_name
    form = _OPERATORS.get(code.co_name, "%s." + code.co_name + "()")
    return form % type(owner).__name__


def warning_stacklevel(frame) -> int:
    """warnings.warn's stacklevel, called in `frame`, for the warning to point at the
    program's line that entered the package."""
    return _entry_frame(frame)[1] + 2


def _strip_c_name(message: str) -> str:
    """`message` without a leading "brace_some_function: " (the C function's name).
    Plain string work: importing `re` would cost an import of the package ~5 ms."""
    if message.startswith("brace_"):
        head, sep, rest = message.partition(": ")
        if sep and all(ch.islower() or ch.isdigit() or ch == "_" for ch in head):
            return rest
    return message


def error(ctx, status: int, call: str | None = None) -> errors.BraceError:
    """The exception for a failed call: its class from the status, the engine's message
    under the Python call's name instead of the C function's (`call`, for a call that
    reached the engine from compiled code, which no frame shows)."""
    name = status_name(status)
    cls = errors.BY_STATUS.get(name, errors.BraceError)
    detail = _strip_c_name(last_error(ctx) or name)
    call = call or python_call()
    return cls("%s: %s" % (call, detail) if call else detail, name, detail)


def check(ctx, status: int) -> None:
    """Raises the exception for `status` unless it is BRACE_OK."""
    if status != 0:
        raise error(ctx, status)


def bound_functions() -> set[str]:
    """The brace_* functions this module binds (from the header it was built with)."""
    return {n for n in dir(lib) if n.startswith("brace_") and callable(getattr(lib, n))}
