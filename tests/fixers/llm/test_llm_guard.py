"""The guard: what a patch may not add, and what it may."""

from __future__ import annotations

import pytest

from mlemodernizer.fixers.base import CellChange
from mlemodernizer.fixers.llm.guard import check_patch

VERSIONS = {"numpy": "2.4.6", "pandas": "3.1.1", "scikit-learn": "1.9.1"}
OLD = (
    "model = LogisticRegression()\n"
    "model.fit(X_train, y_train)\n"
    "acc = accuracy_score(y_test, model.predict(X_test))\n"
    "print('accuracy: %.3f' % acc)"
)


def change(new: str, old: str = OLD, index: int = 4) -> list[CellChange]:
    return [CellChange(index, f"id{index}", old, new)]


def reason_for(new: str, old: str = OLD, versions=VERSIONS, sources=()) -> str | None:
    return check_patch(change(new, old), sources, versions)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        (OLD + "\naccuracy = 0.94", "hard-codes a score (`accuracy = 0.94`"),
        (OLD + "\nval_auc = 0.871", "hard-codes a score"),
        (OLD + "\nresults['accuracy'] = 0.94", "hard-codes a score"),
        (OLD + "\ncv_scores = [0.91, 0.92, 0.90]", "hard-codes a score"),
        (
            OLD.replace("acc = accuracy_score(y_test, model.predict(X_test))", "acc = 0.94"),
            "hard-codes a score",
        ),
        (OLD + "\nprint('accuracy: 0.94')", "prints a hard-coded score ('accuracy: 0.94')"),
        (OLD + "\nprint('Validation AUC = 0.871')", "prints a hard-coded score"),
        (OLD + "\nprint(f'score: {0.94}')", "prints a hard-coded score"),
        (OLD + "\nprint('accuracy:', 0.94)", "prints a hard-coded score"),
        (OLD + "\npreds = [0, 1, 1, 0, 1]", "hard-codes predictions"),
        (OLD + "\nsubmission['target'] = 0.5", "fills the submission with a constant"),
        (OLD + "\ny_pred = y_test", "uses the test labels as predictions"),
        (
            OLD.replace("model.fit(X_train, y_train)", "model.fit(X_test, y_test)"),
            "trains on test data",
        ),
    ],
)
def test_cheating_is_rejected(new, expected):
    reason = reason_for(new)
    assert reason is not None and expected in reason
    assert reason.startswith("cell 5 ")  # index 4, named as the model and people count it


@pytest.mark.parametrize(
    "new",
    [
        OLD.replace("LogisticRegression()", "LogisticRegression(max_iter=1000)"),
        OLD + "\nbest_score = 0\nbest_loss = float('inf')\nthreshold = 0.5",
        OLD + "\nprint(f'accuracy: {acc:.3f}')",
        OLD + "\nprint('accuracy: {:.4f}'.format(acc))",
        OLD + "\nX_tr, X_te = train_test_split(X, test_size=0.25, random_state=0)",
        OLD + "\n# the paper reports accuracy: 0.94",  # a comment is not output
    ],
)
def test_honest_changes_pass(new):
    assert reason_for(new) is None


def test_literal_already_in_the_old_cell_is_not_new():
    old = OLD + "\nbaseline_accuracy = 0.5\nprint('paper accuracy: 0.94')"
    assert reason_for(old.replace("LogisticRegression()", "LogisticRegression(C=2)"), old) is None


@pytest.mark.parametrize(
    "new",
    [
        OLD.replace("model.fit(X_train, y_train)", "pass"),
        OLD.replace("model.fit(X_train, y_train)", "# model.fit(X_train, y_train)"),
        OLD.replace("model.fit(X_train, y_train)", "if False:\n    model.fit(X_train, y_train)"),
    ],
)
def test_dropped_training_is_rejected(new):
    reason = reason_for(new)
    assert reason is not None and "removes training" in reason and "model.fit" in reason


def test_training_may_be_renamed_or_moved_between_changed_cells():
    old_a = "history = model.fit_generator(gen, epochs=3)"
    assert check_patch(change("history = model.fit(gen, epochs=3)", old_a), (), VERSIONS) is None
    moved = [
        CellChange(3, "a", "model = make()\nmodel.fit(X, y)", "model = make()"),
        CellChange(4, "b", "print(model.score(X, y))", "model.fit(X, y)\nprint(model.score(X, y))"),
    ]
    assert check_patch(moved, (), VERSIONS) is None
    assert check_patch(moved[:1], (), VERSIONS) is not None


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("!pip install xgboost", "installs packages (`!pip install xgboost`)"),
        ("%pip install -q lightgbm", "installs packages"),
        ("import os\nos.system('pip install catboost')", "installs packages"),
        ("import subprocess\nsubprocess.run(['pip', 'install', 'x'])", "installs packages"),
        ("import requests\ndata = requests.get('http://h/x.csv').text", "adds network access"),
        ("from urllib.request import urlretrieve\nurlretrieve('x', 'y')", "adds network access"),
        ("!wget http://h/data.zip", "adds network access"),
        ("!curl -O http://h/data.zip", "adds network access"),
        ("import socket", "adds network access"),
        ("df = pd.read_csv('https://h/train.csv')", "adds network access"),
        ("from sklearn.datasets import fetch_openml\nX = fetch_openml('boston')", "network"),
    ],
)
def test_network_and_installs_are_rejected(line, what):
    reason = reason_for(OLD + "\n" + line)
    assert reason is not None and what in reason


def test_network_already_in_the_old_cell_and_urls_in_comments_pass():
    old = "!pip install -q tqdm\n" + OLD
    assert reason_for(old + "\n# docs: https://scikit-learn.org/stable/", old) is None


def test_new_packages_must_be_installed():
    reason = reason_for(OLD + "\nimport xgboost as xgb")
    assert reason is not None and "imports `xgboost`, which is not installed" in reason
    assert reason_for(OLD + "\nfrom sklearn.impute import SimpleImputer\nimport json") is None
    # a module the notebook already imports (a local helpers.py) is not new
    assert reason_for(OLD + "\nfrom helpers import load", sources=["import helpers"]) is None
    # without a version list the check is skipped
    assert reason_for(OLD + "\nimport xgboost", versions={}) is None


@pytest.mark.parametrize(
    ("old", "new", "swapped"),
    [
        (
            "from sklearn.datasets import load_boston\nb = load_boston()",
            "from sklearn.datasets import load_diabetes\nb = load_diabetes()",
            True,
        ),
        ("X = datasets.load_iris().data", "X = datasets.load_wine().data", True),
        ("df = sns.load_dataset('titanic')", "df = sns.load_dataset('iris')", True),
        # the notebook's own helpers are not library data sets: a rename is a fix
        ("data = load_data()", "data = load_data2()", False),
        # the same data set through its new home
        (
            "from sklearn.cross_validation import train_test_split\nX = datasets.load_iris()",
            "from sklearn.model_selection import train_test_split\nX = datasets.load_iris()",
            False,
        ),
    ],
)
def test_a_different_data_set_is_refused(old: str, new: str, swapped: bool) -> None:
    reason = check_patch([CellChange(2, "c2", old, new)])
    assert (reason is not None and "loads a different data set" in reason) is swapped
