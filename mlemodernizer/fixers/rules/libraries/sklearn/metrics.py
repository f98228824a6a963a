"""scikit-learn's metrics and scorers: renamed scorer names, SCORERS, removed metric arguments."""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    cannot_import,
    invalid_param,
    kwarg_drop,
    kwarg_rename,
    no_attribute,
    qualify,
    unexpected_kwarg,
)
from ...matchers import DEFAULT_FIX, MISSING, Call, Node, Outcome, Site, Symbol, literal
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, LIB, NOTES, SOURCE, _notes


def _squared_false(site: Site) -> Outcome | None:
    value = site.value("squared")
    if value is MISSING:
        return None
    if value is True:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "squared"))
    if value is not False:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "squared")
        func = node.func
        if isinstance(func, cst.Attribute):
            return node.with_changes(
                func=func.with_changes(attr=cst.Name("root_mean_squared_error"))
            )
        return node.with_changes(func=refs["sklearn.metrics.root_mean_squared_error"])

    needs = (
        ()
        if isinstance(site.node.func, cst.Attribute)
        else ("sklearn.metrics.root_mean_squared_error",)
    )
    return Outcome(fix=fix, needs=needs)


def _needs_proba(site: Site) -> Outcome | None:
    proba = site.value("needs_proba")
    threshold = site.value("needs_threshold")
    if proba is MISSING and threshold is MISSING:
        return None
    if site.kwarg("response_method") is not None:
        return Outcome(fix=None)
    if threshold is True:
        value: cst.BaseExpression = edits.expr('("decision_function", "predict_proba")')
    elif proba is True:
        value = edits.string("predict_proba")
    elif proba in (False, MISSING) and threshold in (False, MISSING):
        value = None  # type: ignore[assignment]
    else:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "needs_proba", "needs_threshold")
        if value is None:
            return node
        return edits.add_args(node, [edits.kwarg("response_method", value)])

    return Outcome(fix=fix)


# --- scorer names (seen in real notebooks) ----------------------------------------------------

# 0.18 renamed the loss scorers (removed in 0.20; brier_score_loss in 0.22/0.24). The old names
# already returned the negated loss, so the new names give the very same numbers.
OLD_SCORERS = {
    "mean_squared_error": "neg_mean_squared_error",
    "mean_absolute_error": "neg_mean_absolute_error",
    "median_absolute_error": "neg_median_absolute_error",
    "log_loss": "neg_log_loss",
    "brier_score_loss": "neg_brier_score",
}
SCORING_USERS = (
    *qualify(
        "sklearn.model_selection",
        [
            "cross_val_score",
            "cross_validate",
            "GridSearchCV",
            "RandomizedSearchCV",
            "learning_curve",
            "validation_curve",
            "permutation_test_score",
        ],
    ),
    "sklearn.inspection.permutation_importance",
)


def _old_scorer(node: cst.BaseExpression) -> bool:
    value = literal(node)
    return isinstance(value, str) and value in OLD_SCORERS


def _new_scorers(node: cst.BaseExpression) -> cst.BaseExpression:
    """A scorer name, or a dict of them ({'mse': 'mean_squared_error'}), with the new names."""
    if _old_scorer(node):
        return edits.same_quotes(node, OLD_SCORERS[literal(node)])
    if isinstance(node, cst.Dict):
        return node.with_changes(
            elements=[
                e.with_changes(value=_new_scorers(e.value)) if isinstance(e, cst.DictElement) else e
                for e in node.elements
            ]
        )
    return node


def _scoring(name: str, position: int | None) -> Any:
    def check(site: Site) -> Outcome | None:
        arg = site.kwarg(name)
        if arg is None and position is not None:
            pos = site.positional()
            arg = pos[position] if len(pos) > position else None
        if arg is None:
            return None
        value = arg.value
        if isinstance(value, cst.List | cst.Tuple | cst.Set):
            if any(_old_scorer(e.value) for e in value.elements):
                # the names key the results (cv_results_['mean_test_log_loss']): rename by hand
                return Outcome(fix=None)
            return None
        if _old_scorer(value) or (
            isinstance(value, cst.Dict)
            and any(isinstance(e, cst.DictElement) and _old_scorer(e.value) for e in value.elements)
        ):

            def fix(node: cst.Call, refs: Any) -> cst.Call:
                args = list(node.args)
                i = edits.find_kwarg(node, name)
                if i is None:
                    assert position is not None
                    i = [k for k, a in enumerate(args) if a.keyword is None and not a.star][
                        position
                    ]
                args[i] = args[i].with_changes(value=_new_scorers(args[i].value))
                return node.with_changes(args=args)

            return Outcome(fix=fix)
        return None

    return check


# --- sklearn.metrics.SCORERS -------------------------------------------------------------------

SCORERS = "sklearn.metrics.SCORERS"


def _plain_sorted(call: Any, arg: Any, site: Site) -> bool:
    """``sorted(x)``: one positional argument (``arg``) and nothing else."""
    return (
        isinstance(call, cst.Call)
        and site.resolve(call.func) == "builtins.sorted"
        and len(call.args) == 1
        and call.args[0] is arg
        and arg.keyword is None
        and not arg.star
    )


def _scorer_names(site: Site) -> Outcome | None:
    return Outcome(
        fix=lambda node, refs: cst.Call(func=refs["sklearn.metrics.get_scorer_names"], args=[]),
        needs=("sklearn.metrics.get_scorer_names",),
        outer=True,
    )


def _scorers_keys(site: Site) -> Outcome | None:
    """``SCORERS.keys()`` → ``get_scorer_names()`` (a sorted list of the same names)."""
    if site.args:
        return None
    parent, arg = site.context if site.context else (None, None)
    if _plain_sorted(parent, arg, site):
        return None  # sorted(SCORERS.keys()): the sorted() call is rewritten
    return _scorer_names(site)


def _sorted_scorers(site: Site) -> Outcome | None:
    """``sorted(SCORERS)`` / ``sorted(SCORERS.keys())`` → ``get_scorer_names()``."""
    if len(site.args) != 1 or not _plain_sorted(site.node, site.args[0], site):
        return None
    value = site.args[0].value
    if isinstance(value, cst.Call) and not value.args:
        value = value.func if site.resolve(value.func) == f"{SCORERS}.keys" else value
        value = value.value if isinstance(value, cst.Attribute) else value
    if site.resolve(value) != SCORERS:
        return None
    return _scorer_names(site)


def _scorers_item(site: Site) -> Outcome | None:
    """``SCORERS['accuracy']`` → ``get_scorer('accuracy')``."""
    node: cst.Subscript = site.node
    if site.resolve(node.value) != SCORERS or len(node.slice) != 1:
        return None
    key = node.slice[0].slice
    if not isinstance(key, cst.Index) or key.star is not None:
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Call:
        index = n.slice[0].slice
        assert isinstance(index, cst.Index)
        return cst.Call(func=refs["sklearn.metrics.get_scorer"], args=[cst.Arg(index.value)])

    return Outcome(fix=fix, needs=("sklearn.metrics.get_scorer",), outer=True)


def _scorers_reference(site: Site) -> Outcome | None:
    """The import goes (the rewrites import what they use); a reference the rewrites above do
    not cover is reported."""
    node = site.node
    if isinstance(node, cst.ImportAlias):
        return Outcome(fix=DEFAULT_FIX)
    call, arg = site.context if site.context else (None, None)
    if isinstance(call, cst.Call):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.value is node
            and func.attr.value == "keys"
            and not call.args
        ):
            return None  # SCORERS.keys()
        if arg is not None and arg.value is node and _plain_sorted(call, arg, site):
            return None  # sorted(SCORERS)
    subscript = site.extra.get("subscript")
    if subscript is not None and len(subscript.slice) == 1:
        key = subscript.slice[0].slice
        if isinstance(key, cst.Index) and key.star is None:
            return None  # SCORERS[name]
    return Outcome(
        fix=None,
        message="sklearn.metrics.SCORERS was removed in 1.3; use get_scorer_names() for the "
        "names and get_scorer(name) for a scorer",
    )


# the averaged metrics: name -> how many positional parameters come before ``average``
AVERAGED_METRICS = {
    "sklearn.metrics.precision_score": 4,
    "sklearn.metrics.recall_score": 4,
    "sklearn.metrics.f1_score": 4,
    "sklearn.metrics.fbeta_score": 5,
}  # (precision_recall_fscore_support's default was and is average=None: per class)


def _weighted_average(site: Site) -> Outcome | None:
    """No ``average``: a multiclass target got the support-weighted average until 0.16 made
    ``average`` required for it (an error since 0.18)."""
    if site.kwarg("average") is not None or site.has_star():
        return None
    if len(site.positional()) > AVERAGED_METRICS.get(site.qname or "", 4):
        return None  # given by position

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.add_args(node, [edits.kwarg("average", cst.SimpleString("'weighted'"))])

    return Outcome(fix=fix, proven=False)


RULES = [
    Rule(
        id="SKL015",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        catalogue="S11",
        message="mean_squared_error(squared=False) was removed in 1.6; use root_mean_squared_error",
        replacement="root_mean_squared_error(y, p)",
        signatures=(unexpected_kwarg(["squared"]),),
        matchers=(
            Call(
                functions=(
                    "sklearn.metrics.mean_squared_error",
                    "sklearn.metrics.mean_squared_log_error",
                ),
                check=_squared_false,
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import mean_squared_error\n"
                "rmse = mean_squared_error(y, p, squared=False)",
                "from sklearn.metrics import mean_squared_error\n"
                "from sklearn.metrics import root_mean_squared_error\n"
                "rmse = root_mean_squared_error(y, p)",
            ),
            (
                "from sklearn import metrics\nr = metrics.mean_squared_error(y, p, squared=False)",
                "from sklearn import metrics\nr = metrics.root_mean_squared_error(y, p)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.metrics import mean_squared_error\n"
                "v = mean_squared_error(y, y * 0.5, squared=False)"
            ),
        ),
    ),
    Rule(
        id="SKL037",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        silent=True,
        catalogue="S33",
        message="make_scorer(needs_proba=/needs_threshold=) is ignored since 1.6 (scores turn "
        "NaN); use response_method=",
        replacement='response_method="predict_proba"',
        signatures=(unexpected_kwarg(["needs_proba", "needs_threshold"]),),
        matchers=(Call(functions=("sklearn.metrics.make_scorer",), check=_needs_proba),),
        examples=(
            (
                "from sklearn.metrics import make_scorer, roc_auc_score\n"
                "auc = make_scorer(roc_auc_score, needs_proba=True)",
                "from sklearn.metrics import make_scorer, roc_auc_score\n"
                "auc = make_scorer(roc_auc_score, response_method='predict_proba')",
            ),
        ),
    ),
    Rule(
        id="SKL042",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue="S37",
        message="calinski_harabaz_score was renamed calinski_harabasz_score",
        replacement="calinski_harabasz_score",
        signatures=(
            cannot_import(["calinski_harabaz_score"]),
            r"has no attribute 'calinski_harabaz_score'",
        ),
        matchers=(
            Symbol(
                old="sklearn.metrics.calinski_harabaz_score",
                new="sklearn.metrics.calinski_harabasz_score",
            ),
        ),
        examples=(
            (
                "from sklearn import metrics\ns = metrics.calinski_harabaz_score(X, labels)",
                "from sklearn import metrics\ns = metrics.calinski_harabasz_score(X, labels)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.metrics import calinski_harabaz_score\n"
                "v = calinski_harabaz_score(X, y)"
            ),
        ),
    ),
    Rule(
        id="SKL043",
        library=LIB,
        changed_in="0.23",
        safety=REVIEW,
        catalogue="S37",
        message="jaccard_similarity_score was removed (0.23); on label vectors it was the "
        "accuracy (multilabel: jaccard_score(average='samples'))",
        replacement="accuracy_score(y, p) / jaccard_score(Y, P, average='samples')",
        signatures=(
            cannot_import(["jaccard_similarity_score"]),
            r"has no attribute 'jaccard_similarity_score'",
        ),
        matchers=(
            Symbol(
                old="sklearn.metrics.jaccard_similarity_score", new="sklearn.metrics.accuracy_score"
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import jaccard_similarity_score\n"
                "j = jaccard_similarity_score(y, p)",
                "from sklearn.metrics import accuracy_score\nj = accuracy_score(y, p)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.metrics import jaccard_similarity_score\n"
                "v = jaccard_similarity_score(y, y)"
            ),
        ),
    ),
    Rule(
        id="SKL050",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue=SOURCE,
        message="the loss scorers were renamed neg_* in 0.18 (old names removed in 0.20); they "
        "give the same (negated) numbers",
        replacement="scoring='neg_mean_squared_error'",
        signatures=(
            invalid_param("scoring", OLD_SCORERS),
            rf"'({'|'.join(OLD_SCORERS)})' is not a valid scoring value",
        ),
        matchers=(
            Call(functions=SCORING_USERS, check=_scoring("scoring", None)),
            Call(functions=("sklearn.metrics.get_scorer",), check=_scoring("scoring", 0)),
        ),
        examples=(
            (
                "from sklearn.model_selection import cross_val_score, cross_validate\n"
                "s = cross_val_score(m, X, y, cv=5, scoring='mean_squared_error')\n"
                "r = cross_validate(m, X, y, scoring={'mae': 'mean_absolute_error'})",
                "from sklearn.model_selection import cross_val_score, cross_validate\n"
                "s = cross_val_score(m, X, y, cv=5, scoring='neg_mean_squared_error')\n"
                "r = cross_validate(m, X, y, scoring={'mae': 'neg_mean_absolute_error'})",
            ),
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, scoring=['log_loss', 'accuracy'], refit='log_loss')",
                None,
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.model_selection import cross_val_score, GridSearchCV\n"
                "from sklearn.linear_model import LogisticRegression\n"
                "s = cross_val_score(LogisticRegression(), X, y, cv=3, scoring='log_loss')\n"
                "g = GridSearchCV(LogisticRegression(), {'C': [1.0]}, cv=2, "
                "scoring='mean_squared_error').fit(X, y)"
            ),
        ),
    ),
    Rule(
        id="SKL051",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="sklearn.metrics.SCORERS was removed in 1.3; use get_scorer_names() and "
        "get_scorer(name)",
        replacement="from sklearn.metrics import get_scorer_names, get_scorer",
        signatures=(
            no_attribute("sklearn.metrics", ["SCORERS"]),
            cannot_import(["SCORERS"], r"sklearn\.metrics"),
        ),
        matchers=(
            Symbol(old=SCORERS, check=_scorers_reference),
            Call(functions=(f"{SCORERS}.keys",), check=_scorers_keys),
            Call(functions=("builtins.sorted",), check=_sorted_scorers),
            Node(types=("Subscript",), check=_scorers_item),
        ),
        examples=(
            (
                "from sklearn.metrics import SCORERS, accuracy_score\n"
                "print(sorted(SCORERS.keys()))\nf = SCORERS['f1_macro']",
                "from sklearn.metrics import accuracy_score\n"
                "from sklearn.metrics import get_scorer_names\n"
                "from sklearn.metrics import get_scorer\n"
                "print(get_scorer_names())\nf = get_scorer('f1_macro')",
            ),
            (
                "import sklearn\nnames = sklearn.metrics.SCORERS.keys()",
                "import sklearn\nnames = sklearn.metrics.get_scorer_names()",
            ),
            (
                "from sklearn import metrics\nfor name, scorer in metrics.SCORERS.items():\n"
                "    print(name)",
                None,
            ),
        ),
        proofs=(
            "from sklearn.metrics import SCORERS\n"
            "names = sorted(SCORERS.keys())\n"
            "acc = SCORERS['accuracy']",
            "import sklearn.metrics\nn = len(sklearn.metrics.SCORERS.keys())",
        ),
    ),
    Rule(
        id="SKL069",
        library=LIB,
        changed_in="1.7",
        safety=SAFE,
        catalogue=NOTES,
        message="precision_recall_curve(probas_pred=) was renamed y_score= (removed in 1.7)",
        replacement="precision_recall_curve(y_true, y_score=...)",
        why=f"A rename announced in the 1.5 release notes ({_notes('1.5')}).",
        signatures=(
            unexpected_kwarg(["probas_pred"]),
            r"missing a required argument: 'y_score'",
        ),
        matchers=(
            kwarg_rename(
                "probas_pred", "y_score", functions=("sklearn.metrics.precision_recall_curve",)
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import precision_recall_curve\n"
                "p, r, t = precision_recall_curve(y_test, probas_pred=scores)",
                "from sklearn.metrics import precision_recall_curve\n"
                "p, r, t = precision_recall_curve(y_test, y_score=scores)",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.metrics import precision_recall_curve\n"
            "p, r, t = precision_recall_curve(y, probas_pred=X[:, 0])",
        ),
    ),
    Rule(
        id="SKL070",
        library=LIB,
        changed_in="1.5",
        safety=REVIEW,
        catalogue=NOTES,
        message="log_loss(eps=) was removed in 1.5; probabilities are clipped at the dtype's "
        "epsilon (the loss differs only where a probability is 0 or 1)",
        replacement="log_loss(y, p)",
        why=f"Deprecated in 1.3 ({_notes('1.3')}).",
        signatures=(unexpected_kwarg(["eps"]),),
        matchers=(kwarg_drop("eps", functions=("sklearn.metrics.log_loss",)),),
        examples=(
            (
                "from sklearn.metrics import log_loss\nll = log_loss(y_test, proba, eps=1e-15)",
                "from sklearn.metrics import log_loss\nll = log_loss(y_test, proba)",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.metrics import log_loss\n"
            "v = log_loss(y, np.c_[1 - X[:, 0], X[:, 0]], eps=1e-15)",
        ),
    ),
    Rule(
        id="SKL083",
        library=LIB,
        changed_in="0.18",
        safety=SAFE_IF,
        catalogue=NOTES,
        confined=True,
        condition="the error says the target is multiclass (rewritten in that cell only)",
        message="precision/recall/F-scores of a multiclass target need average= (0.18); "
        "average='weighted' is what they computed before",
        replacement="f1_score(y, p, average='weighted')",
        why="Until 0.15 these metrics averaged the per-class scores weighted by support when the "
        "target had more than two classes (average='weighted' was the default, "
        "https://scikit-learn.sourceforge.net/0.13/modules/generated/sklearn.metrics.f1_score.html"
        "). 0.16 "
        "made the default average='binary' and asked for an explicit average on multiclass "
        "targets, with a deprecation warning; 0.18 raises. The error shows which calls get a "
        "multiclass target, so only the calls in the failing cell are rewritten.",
        signatures=(r"Target is multi(class|label-indicator) but average='binary'",),
        matchers=(Call(functions=tuple(AVERAGED_METRICS), check=_weighted_average),),
        examples=(
            (
                "from sklearn.metrics import f1_score, precision_score, fbeta_score\n"
                "f = f1_score(y_test, y_pred)\np = precision_score(y_test, y_pred, "
                "average='macro')\nb = fbeta_score(y_test, y_pred, beta=0.5)",
                "from sklearn.metrics import f1_score, precision_score, fbeta_score\n"
                "f = f1_score(y_test, y_pred, average='weighted')\np = precision_score(y_test, "
                "y_pred, average='macro')\nb = fbeta_score(y_test, y_pred, beta=0.5, "
                "average='weighted')",
            ),
        ),
        proofs=(
            "from sklearn.metrics import f1_score, fbeta_score\n"
            "v = f1_score([0, 1, 2, 2], [0, 2, 1, 2])\n"
            "w = fbeta_score([0, 1, 2, 2], [0, 2, 1, 2], beta=0.5)",
        ),
    ),
]
