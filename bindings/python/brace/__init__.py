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


def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return ffi.string(lib.brace_version_string()).decode()


# Names at the package's top that are loaded on first use (PEP 562), (module, name); a
# name None is the module itself. The object model (views, constraints, animations) is
# loaded when one of its names is first read, so that `import brace.kiwi` loads only the
# binding (kiwisolver's users need nothing else); the tools' names likewise, so that
# `import brace` loads no tool, and brace.render, brace.load_scene ... keep working.
_LAZY = {name: (".core", name) for name in (
    "Autoresizing", "Axis", "Context", "Diagnostic", "DiagnosticKind", "Direction", "DirectionalInsets",
    "FrameChange", "HandleInfo", "HandleKind", "Insets", "LayoutGuide", "Phase", "Point", "PropertyDesc",
    "Rect", "Size", "Stack", "StrategyInfo", "View", "handle_info")}
_LAZY.update({name: (".animation", name) for name in ("Curve", "ManualClock", "Spring", "Transaction")})
_LAZY.update({name: (".layout", name) for name in (
    "Anchor", "Constraint", "Expression", "Variable", "activate", "visual_format", "deactivate")})
_LAZY.update({module: ("." + module, None) for module in ("core", "animation", "layout", "geometry")})
_LAZY.update({"render": (".tools.render", None), "cli": (".tools.cli", None), "scene": (".tools.scene", None),
              "load_scene": (".tools.scene", "load_scene"), "Scene": (".tools.scene", "Scene"),
              "SceneError": (".tools.scene", "SceneError")})

# `from brace import *` gives what it gave when every name was imported here.
__all__ = sorted([name for name in globals() if not name.startswith("_")] +
                 [name for name, (module, _) in _LAZY.items() if not module.startswith(".tools.")])


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module 'brace' has no attribute %r" % name)
    import importlib
    module, attr = _LAZY[name]
    mod = importlib.import_module(module, __name__)
    value = mod if attr is None else getattr(mod, attr)
    globals()[name] = value  # read once: later reads find it without this hook
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
