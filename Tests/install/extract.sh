#!/bin/sh
# extract.sh FILE.md MARKER
# Prints the fenced block that follows the line "<!-- MARKER -->" in FILE.md, without
# its fences: the tests build what the documentation shows, as it shows it.
set -eu
awk -v marker="<!-- $2 -->" '
  $0 == marker { armed = 1; next }
  armed && !inside && /^```/ { inside = 1; next }
  inside && /^```/ { found = 1; exit }
  inside { print }
  END { if (!found) { print "extract.sh: no block after " marker > "/dev/stderr"; exit 1 } }
' "$1"
