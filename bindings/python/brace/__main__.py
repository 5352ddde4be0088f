"""`python -m brace ...`: the `brace` command (brace.tools.cli)."""

import sys

from .tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
