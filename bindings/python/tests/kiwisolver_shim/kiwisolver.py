"""`kiwisolver` as brace.kiwi, for kiwisolver's own test suite (run-kiwisolver-suite.sh
puts this folder first on sys.path for that run only): the module is replaced by
brace.kiwi itself, as docs/python-kiwi.md shows for code that imports kiwisolver."""

import sys

import brace.kiwi

sys.modules[__name__] = brace.kiwi
