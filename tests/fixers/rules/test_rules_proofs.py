"""Every rule's proofs (``Rule.proofs``, ``Proof``) against the installed
libraries: the old code raises with an error the rule's signatures recognize (a pin rule's old
code runs: its default changed, nothing raises), the rewritten code runs, and computes the value a
case names. A case is skipped where the installed library still has the old API, or a module it
needs is not installed; the deep-learning frameworks' cases (``-m dl``) run in a process of their
own, since TF1 graph code switches TensorFlow's global mode."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.util import find_spec

import pytest

from mlemodernizer.fixers.rules import all_rules, get_rule
from mlemodernizer.fixers.rules.model import Proof, Rule

from ...proof_cells import Runner, assert_same, old_api_installed, rewritten, run_cell

DEEP_LEARNING = ("tensorflow", "keras", "torch")


def _cases() -> Iterator:
    for rule in all_rules():
        marks = [pytest.mark.dl] if rule.library in DEEP_LEARNING else []
        for i, case in enumerate(rule.proof_cases):
            yield pytest.param(rule, case, marks=marks, id=f"{rule.id}-{i}")


CASES = list(_cases())
_RUNNER = Runner()


@pytest.fixture(scope="module", autouse=True)
def _runner_closes() -> Iterator[None]:
    yield
    _RUNNER.close()


@pytest.fixture(autouse=True)
def _options_restored() -> Iterator[None]:
    """A rewrite may set pandas' options (PD060's string inference after ``import pandas``,
    display options) or matplotlib's rcParams (MPL019, MPL046), and a case may leave figures
    (whose axes' units the next case's plot would find): each case runs in its own context."""
    import matplotlib
    import matplotlib.pyplot as plt
    import pandas as pd

    infer = pd.get_option("future.infer_string")
    with matplotlib.rc_context():
        yield
    plt.close("all")
    pd.set_option("future.infer_string", infer)
    pd.reset_option("display.max_rows")
    pd.reset_option("display.width")


def _error(code: str, isolated: bool) -> str:
    """The error ``code`` raises ('' when it runs), in a process of its own if ``isolated``."""
    if isolated:
        return _RUNNER.run(code)
    try:
        run_cell(code)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return ""


@pytest.mark.parametrize(("rule", "case"), CASES)
def test_old_code_raises_and_rewritten_code_runs(rule: Rule, case: Proof) -> None:
    for module in case.needs:
        if find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    isolated = rule.library in DEEP_LEARNING
    rules = [rule, *map(get_rule, case.also)]
    if rule.pin:
        # a default that changed raises nothing: its case asserts today's default is another
        # one (so the pin matters), and the call with the old default pinned runs
        assert _error(case.code, isolated) == "", "the pin rule's old code fails"
    else:
        old_api_installed(rule)
        error = _error(case.code, isolated)
        assert error, "the old code runs today"
        assert any(r.matches_error(error) for r in rules), f"signatures miss: {error}"
    new = rewritten(case.code, rule.id, *case.also)
    if isolated:
        assert not case.name, "a case run in a process of its own checks no value"
        assert _error(new, isolated) == "", new
        return
    namespace = run_cell(new)
    if case.name:
        assert_same(namespace[case.name], case.expected)
