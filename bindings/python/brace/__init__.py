"""Brace from Python: a thin layer over the C ABI (include/brace/*.h), loaded with cffi."""

from ._native import LIBRARY_PATH, ffi, lib
from .errors import *  # noqa: F401,F403 (the exception hierarchy is part of the API)
from .errors import BraceError
