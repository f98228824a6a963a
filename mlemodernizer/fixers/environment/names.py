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


def keeps_every_word(old: str, new: str) -> bool:
    """``new`` keeps all of ``old``'s words (``Imputer`` -> ``SimpleImputer``, ``ordered_merge``
    -> ``merge_ordered``), spells them joined or split otherwise (``to_list`` -> ``tolist``), or
    starts with the old name (``load_data`` -> ``load_dataset``)."""
    a, b = words(old), words(new)
    if not a or not b or old == new:
        return False
    if "".join(a) == "".join(b):
        return True
    if len(b) >= len(a) and all(b.count(w) >= a.count(w) for w in a):
        return True
    return new.lower().startswith(old.lower()) and len(new) > len(old)


def took_the_place_of(old: str, new: str, *, called: bool) -> bool:
    """Whether ``new`` may be the name that took ``old``'s place, by its words alone: it keeps
    every word (:func:`keeps_every_word`), or, for a call, it is a more general one that keeps
    some in order (``fit_generator`` -> ``fit``, ``lsim2`` -> ``lsim``). A name merely spelled
    alike is another thing (``demean`` is no ``mean``, ``set_labels`` no ``set_levels``), as is
    an attribute shortened to another noun (``figurePatch`` is no ``figure``). Where both kinds
    are found, the caller prefers the one that keeps every word (``merge_ordered``, not
    ``merge``) and passes over a deprecated one (``run``, not ``experimental_run``, for
    ``experimental_run_v2``: it reads their docstrings)."""
    if keeps_every_word(old, new):
        return True
    a, b = words(old), words(new)
    return called and 0 < len(b) < len(a) and keeps_words(old, new)
