"""The exceptions Brace raises: every error status of the C ABI becomes one, carrying the
engine's message (brace_last_error) and the status."""

from __future__ import annotations


class BraceError(Exception):
    """Base of every error Brace reports. `status` is the C status name, `message` the
    text: the Python call that failed ("View.set_property()"), then the engine's
    account (the handle and the rule), which `detail` holds alone."""

    status = "BRACE_E_UNKNOWN"

    def __init__(self, message: str, status: str | None = None, detail: str | None = None):
        super().__init__(message)
        self.message = message
        self.detail = message if detail is None else detail
        if status is not None:
            self.status = status


class UnsatisfiableConstraints(BraceError):
    """Required constraints that cannot hold together. `constraints` lists the
    conflicting ones where known (the engine's report names them too)."""
    status = "BRACE_E_UNSATISFIABLE"

    def __init__(self, message: str, status: str | None = None, constraints=()):
        super().__init__(message, status)
        self.constraints = list(constraints)


class DiagnosticWarning(UserWarning):
    """A report of the engine (a :class:`~brace.Diagnostic`, in ``diagnostic``) issued
    through :mod:`warnings` when the Context has no diagnostics handler. Silence them
    with ``warnings.filterwarnings("ignore", category=brace.DiagnosticWarning)``,
    collect them with ``warnings.catch_warnings(record=True)``."""

    def __init__(self, diagnostic):
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


# The other classes, one per error status: (name, status, the Python exception it also
# is, docstring). A base named as a string is an earlier row.
_CLASSES = (
    ("InvalidArgument", "BRACE_E_INVALID_ARGUMENT", ValueError, None),
    ("InvalidHandle", "BRACE_E_INVALID_HANDLE", ValueError, None),
    ("StaleHandle", "BRACE_E_STALE_HANDLE", "InvalidHandle", "The view, constraint or variable was destroyed."),
    ("ForeignHandle", "BRACE_E_FOREIGN_HANDLE", "InvalidHandle", "The handle belongs to another context."),
    ("IndexOutOfRange", "BRACE_E_INDEX_OUT_OF_RANGE", IndexError, None),
    ("CycleError", "BRACE_E_CYCLE", ValueError, "The tree edit would make a node its own ancestor."),
    ("Busy", "BRACE_E_BUSY", RuntimeError,
     "Another thread is inside the context (one thread at a time per context)."),
    ("Reentrancy", "BRACE_E_REENTRANCY", RuntimeError, None),
    ("FeedbackLoop", "BRACE_E_FEEDBACK_LOOP", RuntimeError, None),
    ("NotFound", "BRACE_E_NOT_FOUND", LookupError, None),
    ("TypeMismatch", "BRACE_E_TYPE_MISMATCH", TypeError, None),
    ("InvalidState", "BRACE_E_INVALID_STATE", RuntimeError, None),
    ("PluginError", "BRACE_E_PLUGIN", RuntimeError, None),
    ("NoMemory", "BRACE_E_NO_MEMORY", MemoryError, None),
    ("Duplicate", "BRACE_E_DUPLICATE", ValueError, None),
)

BY_STATUS = {UnsatisfiableConstraints.status: UnsatisfiableConstraints}
for _name, _status, _base, _doc in _CLASSES:
    _bases = (globals()[_base],) if isinstance(_base, str) else (BraceError, _base)
    globals()[_name] = BY_STATUS[_status] = type(_name, _bases, {"status": _status, "__doc__": _doc,
                                                                  "__module__": __name__})
del _name, _status, _base, _doc, _bases

__all__ = ["BraceError", "UnsatisfiableConstraints", "DiagnosticWarning", "BY_STATUS"] + [row[0] for row in _CLASSES]
