"""Running a rule example's cell in this interpreter, for the rule packs' runtime tests."""

from __future__ import annotations

import warnings

import pytest

from mlemodernizer.fixers.rules.model import Rule
from mlemodernizer.fixers.rules.testing import rewrite
from mlemodernizer.fixers.rules.versions import at_least, installed


def run_cell(code: str) -> dict:
    """The namespace ``code`` leaves after running (warnings silenced: old APIs warn)."""
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, "<cell>", "exec"), namespace)
    return namespace


def old_code_raises(rule: Rule, old: str) -> None:
    """``old`` fails on the installed library with an error ``rule``'s signatures match (the
    test skips where the installed library still has the old API)."""
    version = installed(rule.library)
    if version is None or not at_least(version, rule.changed_in):
        pytest.skip(f"{rule.library} {version} still has the old API")
    with pytest.raises(Exception) as info:
        run_cell(old)
    text = f"{info.type.__name__}: {info.value}"
    assert rule.matches_error(text), f"{rule.id}'s signatures miss: {text}"


def rewritten(old: str, rule_id: str) -> str:
    """``old`` (one cell) after ``rule_id``, which must change it."""
    (new,), _ = rewrite(old, [rule_id])
    assert new != old, f"{rule_id} rewrote nothing"
    return new
