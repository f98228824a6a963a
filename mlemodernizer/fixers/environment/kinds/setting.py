"""A display option the library no longer has (``No such keys(s): 'display.mpl_style'``). Nothing
to ask the kernel: a display option shapes how results are shown, never what they are, so the
setting is dropped (for review)."""

from __future__ import annotations

import ast
import re
from typing import Any

from nbformat import NotebookNode

from ..edits import DropSetting
from ..source import dotted
from .base import REVIEW, STOP, Candidate, Drift, Failure

KIND = "setting"


# pandas' option registry: a key it does not have (set through set_option or pd.options)
_NO_OPTION = re.compile(
    r"^No such keys?\(s\): '([\w.]+)'|^You can only set the value of existing options"
)


def read(at: Failure) -> dict[str, Any] | None:
    if at.ename != "OptionError" or not (m := _NO_OPTION.match(at.head)):
        return None
    key = m.group(1) or _assigned_option(at.stmt)
    # a display option shapes how results are shown, never what they are
    if key and key.startswith("display."):
        return {"key": key}
    return STOP


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return None


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    key = drift.detail["key"]
    return [
        Candidate(
            "removed_setting",
            DropSetting(key),
            f"the library has no option `{key}` today (the error says so); a display option "
            "changes how results are shown, never what they are, so the setting is dropped",
            REVIEW,
        )
    ]


def _assigned_option(stmt: ast.stmt | None) -> str | None:
    """``pd.options.display.mpl_style = ...`` -> ``display.mpl_style``."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = dotted(stmt.targets[0]) or ""
        _, _, key = target.partition(".options.")
        return key or None
    return None
