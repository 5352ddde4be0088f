"""Brace from Python: a layout engine with Auto Layout's model and UIKit's update cycle.

The package is the binding and the object model: a thin cffi binding of the C ABI
(include/brace/*.h; ``brace.lib`` / ``brace.ffi`` expose every brace_* function), the
views and the update cycle (brace.core), constraints (brace.layout) and kiwisolver's API
(brace.kiwi). The tools built on it, scene files, pictures and the ``brace`` command, live
in :mod:`brace.tools`, which imports this package and never the reverse.
"""

from ._native import LIBRARY_PATH, ffi, lib
from .errors import *  # noqa: F401,F403 (the exception hierarchy is part of the API)
from .errors import BraceError
from ._constants import (BRACE_PRIORITY_REQUIRED as PRIORITY_REQUIRED,
                         BRACE_PRIORITY_DEFAULT_HIGH as PRIORITY_DEFAULT_HIGH,
                         BRACE_PRIORITY_DEFAULT_LOW as PRIORITY_DEFAULT_LOW,
                         BRACE_PRIORITY_FITTING_SIZE_LEVEL as PRIORITY_FITTING_SIZE_LEVEL,
                         BRACE_LAYOUT_FITTING_EXPANDED as LAYOUT_FITTING_EXPANDED,
                         BRACE_STACK_SPACING_USE_DEFAULT as STACK_SPACING_USE_DEFAULT,
                         BRACE_STACK_SPACING_USE_SYSTEM as STACK_SPACING_USE_SYSTEM)
from .core import (Autoresizing, Axis, Context, Diagnostic, DiagnosticKind, Direction,
                   DirectionalInsets, FrameChange, HandleInfo, HandleKind, Insets, LayoutGuide, Phase,
                   Point, PropertyDesc, Rect, Size, Stack, StrategyInfo, View, handle_info)
from .animation import Curve, ManualClock, Spring, Transaction
from .layout import Anchor, Constraint, Expression, Variable, activate, visual_format, deactivate


def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return ffi.string(lib.brace_version_string()).decode()


# The tools' names at the package's top, loaded on first use (PEP 562): `import brace`
# loads no tool, and brace.render, brace.load_scene ... keep working.
_LAZY = {"render": ("render", None), "cli": ("cli", None), "scene": ("scene", None),
         "load_scene": ("scene", "load_scene"), "Scene": ("scene", "Scene"),
         "SceneError": ("scene", "SceneError")}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module 'brace' has no attribute %r" % name)
    import importlib
    module, attr = _LAZY[name]
    mod = importlib.import_module(".tools." + module, __name__)
    return mod if attr is None else getattr(mod, attr)
