import os
import sys

# Tests import the installed package, never the source folder (which has no libraries),
# unless BRACE_TEST_SOURCE=1 (a developer's tree with its generated files in place).
if os.environ.get("BRACE_TEST_SOURCE") != "1":
    _src = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _src]
else:
    sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
