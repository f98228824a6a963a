"""Running a rule example's cell in this interpreter, for the rule packs' runtime tests."""

from __future__ import annotations

import warnings


def run_cell(code: str) -> dict:
    """The namespace ``code`` leaves after running (warnings silenced: old APIs warn)."""
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, "<cell>", "exec"), namespace)
    return namespace
