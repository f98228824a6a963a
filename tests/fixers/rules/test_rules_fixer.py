"""RulesFixer as the loop sees it: prepass, traceback-matched repair, pins, no repeats; and the
acceptance notebook run for real."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mlemodernizer.execution.base import CellError, ExecutionRequest
from mlemodernizer.fixers.base import FixContext, FixProposal, FixType
from mlemodernizer.fixers.rules import RulesFixer, triggered_rules
from mlemodernizer.fixers.rules.testing import notebook_of

from ...conftest import make_notebook
from ...fakes import fix_context

NEW = {"numpy": "2.4.6", "pandas": "3.1.1", "scikit-learn": "1.9.1"}


def _ctx(nb, fix_type=FixType.ERROR_REPAIR, errors=(), versions=None) -> FixContext:
    return fix_context(nb, errors=errors, fix_type=fix_type, timeout_s=60, versions=versions or {})


def _err(ename: str, evalue: str, cell: int = 0) -> CellError:
    return CellError(cell, "", ename, evalue, f"{ename}: {evalue}")


def _apply(nb, proposal: FixProposal) -> None:
    for change in proposal.changes:
        assert nb.cells[change.cell_index].source == change.old_source
        assert nb.cells[change.cell_index].get("id", "") == change.cell_id
        nb.cells[change.cell_index].source = change.new_source


def test_prepass_proposal_shape() -> None:
    nb = notebook_of(["x = 1", "import numpy as np\nv = np.NaN", "print(v)"])
    proposal = RulesFixer(NEW).prepass(nb)
    assert proposal is not None
    assert proposal.fix_type == FixType.ERROR_REPAIR
    assert proposal.source == "rule"
    assert proposal.rule_ids == ["NPY006"]
    assert [c.cell_index for c in proposal.changes] == [1]
    assert proposal.changes[0].new_source == "import numpy as np\nv = np.nan"
    assert proposal.plan.count(".") >= 1 and "\n" not in proposal.plan
    assert "NPY006" in proposal.plan


def test_nothing_to_change_means_no_proposal() -> None:
    nb = notebook_of(["import numpy as np\nv = np.nan"])
    assert RulesFixer(NEW).prepass(nb) is None


def test_review_rules_are_not_applied_by_the_prepass() -> None:
    nb = notebook_of(["from sklearn.model_selection import KFold\nkf = KFold(n, n_folds=3)"])
    assert RulesFixer(NEW).prepass(nb) is None


def test_error_signature_triggers_review_rule() -> None:
    nb = notebook_of(["from sklearn.model_selection import KFold\nkf = KFold(n, n_folds=3)"])
    fixer = RulesFixer(NEW)
    err = _err("TypeError", "KFold.__init__() got an unexpected keyword argument 'n_folds'")
    proposal = fixer.propose(_ctx(nb, errors=[err]))
    assert proposal is not None
    assert proposal.rule_ids == ["SKL002"]
    assert "KFold(n_splits=3).split(" in proposal.changes[0].new_source


def test_unrelated_error_gives_nothing() -> None:
    nb = notebook_of(["from sklearn.model_selection import KFold\nkf = KFold(n, n_folds=3)"])
    err = _err("NameError", "name 'n' is not defined")
    assert RulesFixer(NEW).propose(_ctx(nb, errors=[err])) is None


def test_same_rewrite_is_not_proposed_twice_for_the_same_state() -> None:
    nb = notebook_of(["import numpy as np\nv = np.NaN"])
    fixer = RulesFixer(NEW)
    assert fixer.prepass(nb) is not None
    # the change was rejected: same notebook, same rewrite → the loop moves on
    assert fixer.prepass(nb) is None
    err = _err("AttributeError", "`np.NaN` was removed in the NumPy 2.0 release.")
    assert fixer.propose(_ctx(nb, errors=[err])) is None


def test_runtime_reduction_and_unpinned_calibration_give_nothing() -> None:
    nb = notebook_of(["import numpy as np\nv = np.NaN"])
    fixer = RulesFixer(NEW)
    assert fixer.propose(_ctx(nb, FixType.RUNTIME_REDUCTION)) is None
    assert fixer.propose(_ctx(nb, FixType.SCORE_CALIBRATION)) is None


def test_executing_environment_versions_come_from_the_context() -> None:
    nb = notebook_of(["import numpy as np\nv = np.float(1)"])
    fixer = RulesFixer()  # no versions given: the context's (the executing env) win
    assert fixer.propose(_ctx(nb, versions={"numpy": "1.20.0"})) is None
    proposal = fixer.propose(_ctx(nb, versions={"numpy": "1.26.0"}))
    assert proposal is not None and proposal.rule_ids == ["NPY001"]


def test_triggered_rules_by_signature() -> None:
    errors = [
        _err("ModuleNotFoundError", "No module named 'sklearn.cross_validation'"),
        _err("AttributeError", "module 'numpy' has no attribute 'float'."),
    ]
    ids = triggered_rules(RulesFixer(NEW).rules, errors)
    assert {"SKL001", "SKL002", "NPY001"} <= set(ids)


# --- acceptance: an old notebook runs with its accuracy unchanged after rules only -----------

OLD_NOTEBOOK = [
    "%matplotlib inline\nimport numpy as np\nimport pandas as pd\n"
    "from sklearn.cross_validation import train_test_split\n"
    "from sklearn.preprocessing import Imputer, StandardScaler\n"
    "from sklearn.ensemble import RandomForestClassifier",
    "!ls > /dev/null\ndf = pd.read_csv('train.csv')",
    "df['label'] = (df.a + df.b > 0).astype(np.int)\ndf.ix[::7, 'c'] = np.NaN",
    "X = df.ix[:, :4].as_matrix()\ny = df['label'].as_matrix()",
    "imp = Imputer(missing_values='NaN', strategy='mean', axis=0)\n"
    "X = StandardScaler().fit_transform(imp.fit_transform(X))",
    "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)\n"
    "clf = RandomForestClassifier(n_estimators=30, max_features='auto', random_state=0)\n"
    "clf.fit(X_train, y_train)\nprint('accuracy: %.4f' % clf.score(X_test, y_test))",
]


def _reference_accuracy(folder: Path) -> float:
    """What the old notebook computed, written by hand against today's APIs."""
    import numpy as np
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.impute import SimpleImputer
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    df = pd.read_csv(folder / "train.csv")
    df["label"] = (df.a + df.b > 0).astype(int)
    df.loc[df.index[::7], "c"] = np.nan
    X = df[["a", "b", "c", "d"]].to_numpy()
    y = df["label"].to_numpy()
    X = StandardScaler().fit_transform(SimpleImputer(strategy="mean").fit_transform(X))
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
    clf = RandomForestClassifier(n_estimators=30, max_features="sqrt", random_state=0)
    clf.fit(X_train, y_train)
    return round(clf.score(X_test, y_test), 4)


@pytest.mark.kernel
@pytest.mark.timeout(300)
def test_acceptance_old_notebook_runs_with_accuracy_unchanged(tmp_path: Path) -> None:
    import numpy as np
    import pandas as pd

    from mlemodernizer.execution.local import LocalExecutor

    rng = np.random.RandomState(0)
    frame = pd.DataFrame(rng.randn(300, 4), columns=list("abcd"))
    frame.to_csv(tmp_path / "train.csv", index=False)
    nb = make_notebook(OLD_NOTEBOOK)
    executor = LocalExecutor()
    fixer = RulesFixer(executor.installed_versions())

    result = executor.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=240))
    assert not result.error_free  # the old notebook fails today

    proposal = fixer.prepass(nb)
    assert proposal is not None
    assert {"SKL001", "SKL004", "SKL006", "NPY001", "NPY006", "PD001", "PD002"} <= set(
        proposal.rule_ids
    )
    _apply(nb, proposal)
    for _ in range(3):  # traceback-matched rounds, if any are needed
        result = executor.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=240))
        if result.error_free:
            break
        proposal = fixer.propose(_ctx(nb, errors=result.errors))
        assert proposal is not None, result.errors
        _apply(nb, proposal)
    assert result.error_free, result.errors
    out = "".join(o.get("text", "") for o in result.executed.cells[5].outputs)
    printed = float(re.search(r"accuracy: ([0-9.]+)", out).group(1))
    assert printed == _reference_accuracy(tmp_path)
    assert nb.cells[0].source.startswith("%matplotlib inline\n")
    assert nb.cells[1].source.startswith("!ls > /dev/null\n")


def test_pins_only_in_reproduce_mode_and_only_once() -> None:
    src = (
        "from sklearn.linear_model import LogisticRegression\nfrom sklearn.cluster import KMeans\n"
        "m = LogisticRegression()\nkm = KMeans(3)"
    )
    nb = notebook_of([src])
    assert RulesFixer(NEW).prepass(nb) is None  # pins are not error repairs
    assert RulesFixer(NEW).propose(_ctx(nb, FixType.SCORE_CALIBRATION)) is None
    fixer = RulesFixer(NEW, pin_old_defaults=True)
    proposal = fixer.propose(_ctx(nb, FixType.SCORE_CALIBRATION))
    assert proposal is not None
    assert proposal.fix_type == FixType.SCORE_CALIBRATION
    assert set(proposal.rule_ids) == {"SKL011", "SKL028"}
    assert "LogisticRegression(solver='liblinear')" in proposal.changes[0].new_source
    assert "KMeans(3, n_init=10)" in proposal.changes[0].new_source
    # rejected: the same state gets nothing new
    assert fixer.propose(_ctx(nb, FixType.SCORE_CALIBRATION)) is None
    # accepted: nothing left to pin
    _apply(nb, proposal)
    assert fixer.propose(_ctx(nb, FixType.SCORE_CALIBRATION)) is None


def test_pins_upstream_of_the_first_drifting_cell_go_first() -> None:
    nb = notebook_of(
        [
            "from sklearn.linear_model import LogisticRegression\n"
            "from sklearn.cluster import KMeans",
            "km = KMeans(3)",
            "m = LogisticRegression()",
        ]
    )
    fixer = RulesFixer(NEW, pin_old_defaults=True)
    ctx = _ctx(nb, FixType.SCORE_CALIBRATION)
    ctx.drift_cell = 1  # the outputs first drift at KMeans's cell
    proposal = fixer.propose(ctx)
    assert proposal is not None and proposal.rule_ids == ["SKL028"]
    assert [c.cell_index for c in proposal.changes] == [1]
    assert "up to the first cell whose output drifts" in proposal.plan
    _apply(nb, proposal)
    # nothing more upstream: the pins after it come next
    rest = fixer.propose(ctx)
    assert rest is not None and rest.rule_ids == ["SKL011"]
    assert [c.cell_index for c in rest.changes] == [2]


def test_pins_respect_the_version_that_changed_the_default() -> None:
    nb = notebook_of(["from sklearn.cluster import KMeans\nkm = KMeans(3)"])
    fixer = RulesFixer({"scikit-learn": "1.3.2"}, pin_old_defaults=True)
    assert fixer.propose(_ctx(nb, FixType.SCORE_CALIBRATION)) is None


# --- through the real loop -------------------------------------------------------------------


def _run_loop(tmp_path: Path, cells: list[str], target: float, pin: bool) -> tuple:
    from mlemodernizer.contracts.events import Emitter
    from mlemodernizer.contracts.options import Options
    from mlemodernizer.execution.local import LocalExecutor
    from mlemodernizer.loop import LoopContext, Modernizer
    from mlemodernizer.scoring.score import RegexScore

    path = tmp_path / "old.ipynb"
    import nbformat

    nbformat.write(make_notebook(cells), path)
    executor = LocalExecutor()
    versions = executor.installed_versions()
    fixer = RulesFixer(versions, pin_old_defaults=pin)
    events: list = []
    loop = Modernizer(
        LoopContext(
            options=Options(
                offline=True,
                target_score=target,
                score_regex=r"result: ([0-9.]+)",
                pin_old_defaults=pin,
                max_iterations=6,
            ),
            executor=executor,
            fixers=[fixer],
            emitter=Emitter("rules-test", [events.append]),
            score_source=RegexScore(r"result: ([0-9.]+)"),
            versions=versions,
            prepass=fixer.prepass,
        )
    )
    result = loop.run(make_notebook(cells), path)
    return result, events


@pytest.mark.kernel
@pytest.mark.timeout(600)
def test_loop_pins_old_defaults_when_the_score_deviates(tmp_path: Path) -> None:
    """LogisticRegression's old default (liblinear, one-vs-rest): the pin brings liblinear back,
    liblinear refuses 3 classes today, and the traceback-matched rule wraps it in
    OneVsRestClassifier, which is what liblinear did before."""
    from sklearn.datasets import load_iris
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.multiclass import OneVsRestClassifier

    X, y = load_iris(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=1)
    old = OneVsRestClassifier(LogisticRegression(solver="liblinear")).fit(X_tr, y_tr)
    target = round(old.score(X_te, y_te), 4)
    cells = [
        "from sklearn.datasets import load_iris\n"
        "from sklearn.cross_validation import train_test_split\n"
        "from sklearn.linear_model import LogisticRegression",
        "X, y = load_iris(return_X_y=True)\n"
        "X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=1)\n"
        "m = LogisticRegression().fit(X_tr, y_tr)\nprint('result: %.4f' % m.score(X_te, y_te))",
    ]
    result, events = _run_loop(tmp_path, cells, target, pin=True)
    report = result.report.to_json() if hasattr(result.report, "to_json") else vars(result.report)
    proposals = [e for e in events if e.type == "fix_proposed"]
    rule_ids = {r for e in proposals for r in e.data.get("rule_ids", [])}
    assert {"SKL001", "SKL011", "SKL013"} <= rule_ids
    assert report["outcome"] == "error_free_reproducible", report
    final = result.notebook.cells[1].source
    assert "OneVsRestClassifier(LogisticRegression(solver='liblinear'))" in final


def test_chained_exceptions_in_the_traceback_trigger_but_source_lines_do_not() -> None:
    tb = (
        "Traceback (most recent call last):\n"
        '  File "<cell>", line 2, in <module>\n'
        "    kf = KFold(n, n_folds=3)  # 'gpu_hist' in a comment\n"
        "TypeError: KFold.__init__() got an unexpected keyword argument 'n_folds'\n"
        "\nDuring handling of the above exception, another exception occurred:\n\n"
        "RuntimeError: wrapped"
    )
    err = CellError(0, "", "RuntimeError", "wrapped", tb)
    ids = triggered_rules(RulesFixer(NEW).rules, [err])
    assert "SKL002" in ids
    assert "XGB003" not in ids


def test_a_pass_rolled_back_for_one_cell_comes_again_with_its_good_part() -> None:
    nb = notebook_of(["import numpy as np\nx = np.float(1)", "y = np.int(2)"])
    errors = [_err("AttributeError", "module 'numpy' has no attribute 'float'")]
    fixer = RulesFixer(NEW)
    first = fixer.propose(_ctx(nb, errors=errors))
    assert first is not None and [c.cell_index for c in first.changes] == [0, 1]
    assert fixer.propose(_ctx(nb, errors=errors)) is None  # the same rewrite: not again
    # the judge refused the change to the working cell 1: the rest comes again on its own
    ctx = _ctx(nb, errors=errors)
    ctx.refused = frozenset({(first.changes[1].cell_id, first.changes[1].new_source)})
    again = fixer.propose(ctx)
    assert again is not None and [c.cell_index for c in again.changes] == [0]
    assert again.changes[0].new_source == first.changes[0].new_source


def test_a_confined_rule_rewrites_only_the_cells_whose_error_it_matched() -> None:
    # a binary score in the first cell, a multiclass one failing in the third: only the third
    # gets average='weighted' (the first computes the positive class's score, as it did)
    nb = notebook_of(
        [
            "from sklearn.metrics import f1_score\nb = f1_score(y_bin, p_bin)",
            "x = 1",
            "m = f1_score(y_iris, p_iris)",
        ]
    )
    error = _err(
        "ValueError",
        "Target is multiclass but average='binary'. Please choose another average setting, "
        "one of [None, 'micro', 'macro', 'weighted'].",
        cell=2,
    )
    assert RulesFixer(NEW).prepass(nb) is None  # never before an error says where
    proposal = RulesFixer(NEW).propose(_ctx(nb, errors=[error]))
    assert proposal is not None and proposal.rule_ids == ["SKL083"]
    assert [(c.cell_index, c.new_source) for c in proposal.changes] == [
        (2, "m = f1_score(y_iris, p_iris, average='weighted')")
    ]


def test_a_confined_rule_follows_the_traceback_into_the_cell_defining_the_function() -> None:
    # KeyError: 0 raised in pz, defined in the first cell and called from the third: the
    # first cell is rewritten; the second's subscript of an unknown value is left alone
    nb = notebook_of(
        [
            "def pz(fico, coeff):\n    return coeff[0] * fico + coeff[1]",
            "v = other[0]",
            "p = pz(720, result.params)",
        ]
    )
    for count, cell in enumerate(nb.cells, start=1):
        cell.execution_count = count
    traceback = (
        "KeyError                                  Traceback (most recent call last)\n"
        "Cell In[3], line 1\n----> 1 p = pz(720, result.params)\n\n"
        "Cell In[1], line 2, in pz(fico, coeff)\n----> 2     return coeff[0] * fico + coeff[1]\n\n"
        "File /env/lib/python3.11/site-packages/pandas/core/series.py:1130, in "
        "Series.__getitem__(self, key)\n\nKeyError: 0"
    )
    error = CellError(2, "", "KeyError", "0", traceback)
    proposal = RulesFixer(NEW).propose(_ctx(nb, errors=[error]))
    assert proposal is not None and proposal.rule_ids == ["PD094"]
    assert [(c.cell_index, c.new_source) for c in proposal.changes] == [
        (0, "def pz(fico, coeff):\n    return coeff.iloc[0] * fico + coeff.iloc[1]")
    ]
