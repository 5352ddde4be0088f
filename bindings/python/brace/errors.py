"""The exceptions Brace raises: every error status of the C ABI becomes one, carrying the
engine's message (brace_last_error) and the status."""

from __future__ import annotations


class BraceError(Exception):
    """Base of every error Brace reports. `status` is the C status name, `message` the
    engine's text (it names the function, the handle and the rule)."""

    status = "BRACE_E_UNKNOWN"

    def __init__(self, message: str, status: str | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class InvalidArgument(BraceError, ValueError):
    status = "BRACE_E_INVALID_ARGUMENT"


class InvalidHandle(BraceError, ValueError):
    status = "BRACE_E_INVALID_HANDLE"


class StaleHandle(InvalidHandle):
    """The view, constraint or variable was destroyed."""
    status = "BRACE_E_STALE_HANDLE"


class ForeignHandle(InvalidHandle):
    """The handle belongs to another context."""
    status = "BRACE_E_FOREIGN_HANDLE"


class IndexOutOfRange(BraceError, IndexError):
    status = "BRACE_E_INDEX_OUT_OF_RANGE"


class CycleError(BraceError, ValueError):
    """The tree edit would make a node its own ancestor."""
    status = "BRACE_E_CYCLE"


class Busy(BraceError, RuntimeError):
    """Another thread is inside the context (one thread at a time per context)."""
    status = "BRACE_E_BUSY"


class Reentrancy(BraceError, RuntimeError):
    status = "BRACE_E_REENTRANCY"


class FeedbackLoop(BraceError, RuntimeError):
    status = "BRACE_E_FEEDBACK_LOOP"


class NotFound(BraceError, LookupError):
    status = "BRACE_E_NOT_FOUND"


class TypeMismatch(BraceError, TypeError):
    status = "BRACE_E_TYPE_MISMATCH"


class InvalidState(BraceError, RuntimeError):
    status = "BRACE_E_INVALID_STATE"


class PluginError(BraceError, RuntimeError):
    status = "BRACE_E_PLUGIN"


class UnsatisfiableConstraints(BraceError):
    """Required constraints that cannot hold together. `constraints` lists the
    conflicting ones where known (the engine's report names them too)."""
    status = "BRACE_E_UNSATISFIABLE"

    def __init__(self, message: str, status: str | None = None, constraints=()):
        super().__init__(message, status)
        self.constraints = list(constraints)


class NoMemory(BraceError, MemoryError):
    status = "BRACE_E_NO_MEMORY"


class Duplicate(BraceError, ValueError):
    status = "BRACE_E_DUPLICATE"


BY_STATUS = {cls.status: cls for cls in (
    InvalidArgument, InvalidHandle, StaleHandle, ForeignHandle, IndexOutOfRange, CycleError, Busy,
    Reentrancy, FeedbackLoop, NotFound, TypeMismatch, InvalidState, PluginError,
    UnsatisfiableConstraints, NoMemory, Duplicate)}
