"""Names as words: ``SimpleImputer`` is simple+imputer, ``get_feature_names_out`` is
get+feature+names+out, ``seaborn-v0_8-white`` is seaborn+v0+8+white. A name that took another's
place keeps its words (``Imputer`` in ``SimpleImputer``); a name that merely contains its letters
does not (``interact`` is not a word of ``InteractiveShell``)."""

from __future__ import annotations

import re

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def words(name: str) -> list[str]:
    return [w.lower() for part in re.split(r"[^A-Za-z0-9]+", name) for w in _WORD.findall(part)]


def keeps_words(old: str, new: str) -> bool:
    """One name's words all appear, in order, among the other's (either way round)."""
    a, b = words(old), words(new)
    if not a or not b or a == b:
        return False
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    i = 0
    for w in long:
        if i < len(short) and w == short[i]:
            i += 1
    return i == len(short)
