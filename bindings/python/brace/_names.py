"""Names as a person types them: snake_case and camelCase spellings, and the "did you
mean" hint every error about an unknown name offers (the scene loader's and the
package's alike)."""

from __future__ import annotations

import difflib
import re


def camel(snake_name: str) -> str:
    head, *rest = snake_name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def suggest(name: str, known) -> str | None:
    """The known name `name` was most likely meant to be, or None."""
    known = list(known)
    if not isinstance(name, str):
        return None
    for cand in (name.lower(), snake(name)):
        if cand in known and cand != name:
            return cand
    lowered = {k.lower(): k for k in known}
    if name.lower() in lowered and lowered[name.lower()] != name:
        return lowered[name.lower()]
    m = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return m[0] if m else None


def did_you_mean(name: str, known) -> str:
    """' (did you mean "center"?)', or "" when nothing is close."""
    hint = suggest(name, known)
    return ' (did you mean "%s"?)' % hint if hint is not None else ""
