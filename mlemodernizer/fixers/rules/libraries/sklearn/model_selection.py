"""scikit-learn: sklearn.cross_validation, grid_search and learning_curve, the splitters, the
searches' results and the cross-validation functions' arguments.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    no_module,
    object_no_attribute,
    pin_default,
    qualify,
    unexpected_kwarg,
)
from ...matchers import MISSING, Attr, Call, Module, Node, Outcome, Site, Symbol
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, DATA_FIRST, LIB, NOTES, _comma, _notes, literal_int

# --- S1: sklearn.cross_validation's splitters took the data size and were iterables ------------

OLD_SPLITTERS: dict[str, tuple[str, list[str], str]] = {
    # name: (what the first argument was, old positional names after it, count keyword)
    "KFold": ("n", ["n_folds", "shuffle", "random_state"], "n_folds"),
    "StratifiedKFold": ("y", ["n_folds", "shuffle", "random_state"], "n_folds"),
    "ShuffleSplit": ("n", ["n_iter", "test_size", "train_size", "random_state"], "n_iter"),
    "StratifiedShuffleSplit": (
        "y",
        ["n_iter", "test_size", "train_size", "random_state"],
        "n_iter",
    ),
    "LeaveOneOut": ("n", [], ""),
    "LeavePOut": ("n", ["p"], ""),
}
OLD_DEFAULT_COUNT = {"n_folds": 3, "n_iter": 10}


def _old_splitter(site: Site) -> Outcome | None:
    qname = site.qname or ""
    name = qname.rpartition(".")[2]
    first, names, count = OLD_SPLITTERS[name]
    pos = site.positional()
    data_kw = site.kwarg(first)  # KFold(n=6, n_folds=3), StratifiedKFold(y=y, n_folds=5)
    if (not pos and data_kw is None) or site.has_star():
        return None
    old_module = qname.startswith("sklearn.cross_validation.")
    old_kwargs = bool(count) and site.kwarg(count) is not None
    new_api = data_kw is None and not old_module and not old_kwargs
    if new_api and (first == "n" or literal_int(pos[0].value)):
        return None  # KFold(5) is the new API's n_splits
    if len(pos) > (0 if data_kw is not None else 1) + len(names):
        return Outcome(fix=None)
    # the new splitters refuse random_state without shuffle (it had no effect then either)
    drop_seed = "shuffle" in names and site.value("shuffle", names.index("shuffle") + 1) in (
        MISSING,
        False,
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, first)
        if i is not None:  # the data as a keyword: make it the first positional again
            data_arg = node.args[i]
            others = [a for j, a in enumerate(node.args) if j != i]
            node = node.with_changes(
                args=[data_arg.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT), *others]
            )
        node = edits.positional_to_keywords(node, names, start=1)
        if drop_seed:
            node = edits.drop_kwargs(node, "random_state")
        data = node.args[0].value
        rest = [a for a in node.args[1:]]
        if count:
            if edits.find_kwarg(node, count) is None:
                rest.append(edits.kwarg(count, edits.to_node(OLD_DEFAULT_COUNT[count])))
            rest = [
                a.with_changes(keyword=cst.Name("n_splits"))
                if a.keyword and a.keyword.value == count
                else a
                for a in rest
            ]
        if name == "LeavePOut":
            rest = [a.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT) for a in rest]
        splitter = node.with_changes(args=[])
        splitter = edits.add_args(splitter, [edits.strip_comma(a) for a in rest])
        if first == "n":
            split_args = [cst.Arg(cst.Call(func=refs["numpy.arange"], args=[cst.Arg(data)]))]
        else:
            zeros = cst.Call(
                func=refs["numpy.zeros"],
                args=[cst.Arg(cst.Call(func=cst.Name("len"), args=[cst.Arg(data)]))],
            )
            split_args = [
                cst.Arg(zeros, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(data),
            ]
        split = edits.method_call(splitter, "split", split_args)
        return cst.Call(func=cst.Name("list"), args=[cst.Arg(split)])

    needs = ("numpy.arange",) if first == "n" else ("numpy.zeros",)
    return Outcome(fix=fix, needs=needs)


# --- S29: grid_scores_ (a list of named tuples) -> cv_results_ (a dict of arrays) ---------------

# the tuple fields that are columns of cv_results_ (cv_validation_scores is split<k>_test_score)
GRID_SCORE_FIELDS = {"mean_validation_score": "mean_test_score", "parameters": "params"}


def _grid_scores_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The search object of ``search.grid_scores_``."""
    if isinstance(node, cst.Attribute) and node.attr.value == "grid_scores_":
        return node.value
    return None


def _cv_results_column(search: cst.BaseExpression, column: str) -> cst.Subscript:
    return cst.Subscript(
        value=cst.Attribute(value=search, attr=cst.Name("cv_results_")),
        slice=[cst.SubscriptElement(cst.Index(cst.SimpleString(f"'{column}'")))],
    )


def _grid_scores_listcomp(site: Site) -> Outcome | None:
    """``[r.mean_validation_score for r in gs.grid_scores_]`` → ``list(gs.cv_results_[...])``."""
    node: cst.ListComp = site.node
    loop = node.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return None
    search = _grid_scores_of(loop.iter)
    elt = node.elt
    if (
        search is None
        or not isinstance(loop.target, cst.Name)
        or not isinstance(elt, cst.Attribute)
        or not isinstance(elt.value, cst.Name)
        or elt.value.value != loop.target.value
        or elt.attr.value not in GRID_SCORE_FIELDS
    ):
        return None
    column = GRID_SCORE_FIELDS[elt.attr.value]
    return Outcome(
        fix=lambda n, refs: cst.Call(
            func=cst.Name("list"), args=[cst.Arg(_cv_results_column(search, column))]
        ),
        outer=True,
    )


def _grid_scores_field(site: Site) -> Outcome | None:
    """``gs.grid_scores_[i].parameters`` → ``gs.cv_results_['params'][i]``."""
    node: cst.Attribute = site.node
    item = node.value
    if (
        node.attr.value not in GRID_SCORE_FIELDS
        or not isinstance(item, cst.Subscript)
        or len(item.slice) != 1
        or not isinstance(item.slice[0].slice, cst.Index)
    ):
        return None
    search = _grid_scores_of(item.value)
    if search is None:
        return None
    column = GRID_SCORE_FIELDS[node.attr.value]
    return Outcome(
        fix=lambda n, refs: item.with_changes(value=_cv_results_column(search, column)),
        outer=True,
    )


GRID_SCORES_TABLE = ("params", "mean_test_score", "std_test_score")


def _grid_scores_other(site: Site) -> Outcome | None:
    """A cell that shows ``gs.grid_scores_`` shows the same columns of cv_results_ as a table;
    any other use is reported (code that unpacks the named tuples needs a person)."""
    if site.receiver is not None and site.receiver.qname == RFECV:
        return None  # an RFECV's grid_scores_ was an array: SKL065
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    search = site.node.value

    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        frame = cst.Call(
            func=refs["pandas.DataFrame"],
            args=[cst.Arg(cst.Attribute(value=search, attr=cst.Name("cv_results_")))],
        )
        columns = cst.List([cst.Element(cst.SimpleString(f"'{c}'")) for c in GRID_SCORES_TABLE])
        return cst.Subscript(value=frame, slice=[cst.SubscriptElement(cst.Index(columns))])

    return Outcome(fix=fix, needs=("pandas.DataFrame",), outer=True)


SEEDED_SPLITTERS = qualify(
    "sklearn.model_selection", ["KFold", "StratifiedKFold", "StratifiedGroupKFold"]
)


def _seed_without_shuffle(site: Site) -> Outcome | None:
    """``KFold(5, random_state=0)``: the seed never had an effect without ``shuffle=True``;
    since 0.24 the splitter refuses it."""
    if site.kwarg("random_state") is None or site.has_star():
        return None
    original = site.extra.get("original_qname") or site.qname or ""
    if original.startswith("sklearn.cross_validation.") or any(
        site.kwarg(k) is not None for k in ("n", "y", "n_folds")
    ):
        return None  # the cross_validation API: SKL002 rewrites the whole call
    pos = site.positional()
    name = (site.qname or "").rpartition(".")[2]
    if len(pos) > 2 or (pos and name in DATA_FIRST and not literal_int(pos[0].value)):
        return None
    if site.value("shuffle", 1) not in (MISSING, False):
        return None
    return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "random_state"))


TRAIN_SCORE_USERS = qualify(
    "sklearn.model_selection", ["GridSearchCV", "RandomizedSearchCV", "cross_validate"]
)
RFECV = "sklearn.feature_selection.RFECV"


def _rfecv_grid_scores(site: Site) -> Outcome | None:
    """``rfecv.grid_scores_`` (the mean CV score per number of features) is the
    ``mean_test_score`` column of ``cv_results_`` since 1.0."""
    selector = site.node.value
    return Outcome(
        fix=lambda node, refs: _cv_results_column(selector, "mean_test_score"),
        proven=site.proven,
        outer=True,
    )


# sklearn.cross_validation's label splitters: old name -> (model_selection name, the old
# positional parameters after the labels, {old keyword: (new keyword, old default)})
LABEL_SPLITTERS: dict[str, tuple[str, list[str], dict[str, tuple[str, Any]]]] = {
    "LabelKFold": ("GroupKFold", ["n_folds"], {"n_folds": ("n_splits", 3)}),
    "LeaveOneLabelOut": ("LeaveOneGroupOut", [], {}),
    "LeavePLabelOut": ("LeavePGroupsOut", ["p"], {"p": ("n_groups", MISSING)}),
    "LabelShuffleSplit": (
        "GroupShuffleSplit",
        ["n_iter", "test_size", "train_size", "random_state"],
        {"n_iter": ("n_splits", 5)},
    ),
}
LABEL_MODULES = ("sklearn.cross_validation", "sklearn.model_selection")


def _label_splitter(site: Site) -> Outcome | None:
    """``LabelKFold(labels, n_folds=k)`` (an iterable of folds) is
    ``list(GroupKFold(n_splits=k).split(np.zeros(len(labels)), groups=labels))``."""
    name = (site.qname or "").rpartition(".")[2]
    _, names, renamed = LABEL_SPLITTERS[name]
    pos = site.positional()
    labels_kw = site.kwarg("labels")
    if site.has_star() or (not pos and labels_kw is None):
        return Outcome(fix=None)
    if len(pos) > (0 if labels_kw is not None else 1) + len(names):
        return Outcome(fix=None)
    # the old LabelShuffleSplit kept test_size=0.2 when train_size was given; today's default
    # test size is then the complement of train_size
    keep_test_size = name == "LabelShuffleSplit" and (
        site.value("train_size", 3) is not MISSING and site.value("test_size", 2) is MISSING
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "labels")
        if i is not None:  # the labels as a keyword: make them the first positional again
            others = [a for j, a in enumerate(node.args) if j != i]
            first = node.args[i].with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
            node = node.with_changes(args=[first, *others])
        node = edits.positional_to_keywords(node, names, start=1)
        labels = node.args[0].value
        rest = list(node.args[1:])
        for old, (new, default) in renamed.items():
            if edits.find_kwarg(node, old) is None and default is not MISSING:
                rest.append(edits.kwarg(old, edits.to_node(default)))
            rest = [
                a.with_changes(keyword=cst.Name(new)) if a.keyword and a.keyword.value == old else a
                for a in rest
            ]
        if keep_test_size:
            rest.append(edits.kwarg("test_size", edits.to_node(0.2)))
        splitter = edits.add_args(node.with_changes(args=[]), [edits.strip_comma(a) for a in rest])
        zeros = cst.Call(
            func=refs["numpy.zeros"],
            args=[cst.Arg(cst.Call(func=cst.Name("len"), args=[cst.Arg(labels)]))],
        )
        split = edits.method_call(
            splitter, "split", [cst.Arg(zeros, comma=_comma()), edits.kwarg("groups", labels)]
        )
        return cst.Call(func=cst.Name("list"), args=[cst.Arg(split)])

    return Outcome(fix=fix, needs=("numpy.zeros",), outer=True)


RULES = [
    Rule(
        id="SKL001",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue="S1",
        message="sklearn.cross_validation was removed in 0.20; use sklearn.model_selection",
        replacement="sklearn.model_selection",
        signatures=(no_module("sklearn.cross_validation"),),
        matchers=(Module("sklearn.cross_validation", "sklearn.model_selection"),),
        examples=(
            (
                "from sklearn.cross_validation import train_test_split, cross_val_score",
                "from sklearn.model_selection import train_test_split, cross_val_score",
            ),
            (
                "from sklearn import cross_validation, svm\n"
                "a, b = cross_validation.train_test_split(X)",
                "from sklearn import model_selection, svm\n"
                "a, b = model_selection.train_test_split(X)",
            ),
            (
                "import sklearn.cross_validation as cv\nimport sklearn.cross_validation\n"
                "s = sklearn.cross_validation.cross_val_score(m, X, y)",
                "import sklearn.model_selection as cv\nimport sklearn.model_selection\n"
                "s = sklearn.model_selection.cross_val_score(m, X, y)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.cross_validation import train_test_split\n"
                "a, b, c, d = train_test_split(X, y, random_state=0)"
            ),
        ),
    ),
    Rule(
        id="SKL002",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S1",
        message="cross_validation splitters took the data (KFold(n, n_folds=)); model_selection "
        "splitters take n_splits and .split(X, y)",
        replacement="list(KFold(n_splits=k).split(np.arange(n))) (fold assignment may differ)",
        signatures=(
            no_module("sklearn.cross_validation"),
            unexpected_kwarg(["n_folds", "n_iter"]),
            r"(KFold|ShuffleSplit|LeaveOneOut|LeavePOut)\.__init__\(\) got an unexpected "
            r"keyword argument '(n|y)'",
        ),
        matchers=(
            Call(
                functions=qualify("sklearn.cross_validation", OLD_SPLITTERS)
                + qualify("sklearn.model_selection", OLD_SPLITTERS),
                check=_old_splitter,
            ),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.cross_validation import KFold\n"
                "kf = KFold(len(y), n_folds=5, shuffle=True)",
                "import numpy as np\nfrom sklearn.cross_validation import KFold\n"
                "kf = list(KFold(n_splits=5, shuffle=True).split(np.arange(len(y))))",
            ),
            (
                "import numpy as np\nfrom sklearn.model_selection import StratifiedKFold\n"
                "skf = StratifiedKFold(y, 4)",
                "import numpy as np\nfrom sklearn.model_selection import StratifiedKFold\n"
                "skf = list(StratifiedKFold(n_splits=4).split(np.zeros(len(y)), y))",
            ),
            (  # the data as a keyword; a seed without shuffle (refused today) is dropped
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "kf = cross_validation.KFold(n=6, n_folds=3)\n"
                "skf = cross_validation.StratifiedKFold(y=y, n_folds=5, random_state=0)",
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "kf = list(cross_validation.KFold(n_splits=3).split(np.arange(6)))\n"
                "skf = list(cross_validation.StratifiedKFold(n_splits=5)"
                ".split(np.zeros(len(y)), y))",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.model_selection import KFold\n"
                "folds = KFold(len(y), n_folds=4)\n"
                "v = [len(t) for t, _ in folds]"
            ),
            _CASE_DATA
            + (
                "from sklearn.model_selection import KFold, StratifiedKFold\n"
                "kf = KFold(n=6, n_folds=3)\n"
                "skf = StratifiedKFold(y=y, n_folds=5, random_state=0)\n"
                "v = [len(t) for t, _ in kf] + [len(t) for t, _ in skf]"
            ),
        ),
    ),
    Rule(
        id="SKL003",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue="S2",
        message="sklearn.grid_search and sklearn.learning_curve were removed in 0.20; use "
        "sklearn.model_selection",
        replacement="sklearn.model_selection",
        signatures=(no_module("sklearn.grid_search"), no_module("sklearn.learning_curve")),
        matchers=(
            Module("sklearn.grid_search", "sklearn.model_selection"),
            Module("sklearn.learning_curve", "sklearn.model_selection"),
        ),
        examples=(
            (
                "from sklearn.grid_search import GridSearchCV\n"
                "from sklearn.learning_curve import learning_curve",
                "from sklearn.model_selection import GridSearchCV\n"
                "from sklearn.model_selection import learning_curve",
            ),
        ),
        proofs=("from sklearn.grid_search import GridSearchCV",),
    ),
    Rule(
        id="SKL032",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue="S29",
        message="GridSearchCV/RandomizedSearchCV(iid=) was removed in 0.24",
        replacement="drop iid",
        signatures=(unexpected_kwarg(["iid"]),),
        matchers=(
            kwarg_drop(
                "iid",
                functions=qualify(
                    "sklearn.model_selection", ["GridSearchCV", "RandomizedSearchCV"]
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, cv=5, iid=False)",
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, cv=5)",
            ),
        ),
        proofs=(
            "from sklearn.model_selection import GridSearchCV\n"
            "from sklearn.svm import SVC\ngs = GridSearchCV(SVC(), {'C': [1]}, iid=False)",
        ),
    ),
    Rule(
        id="SKL033",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S29",
        message=".grid_scores_ was removed; read .cv_results_ (a dict of arrays, not a list of "
        "tuples)",
        replacement="pd.DataFrame(gs.cv_results_)[['params', 'mean_test_score', 'std_test_score']]",
        signatures=(object_no_attribute(["grid_scores_"], r"(?!RFECV')\w+"),),
        matchers=(
            Node(types=("ListComp",), check=_grid_scores_listcomp),
            Node(types=("Attribute",), check=_grid_scores_field),
            Attr(names=("grid_scores_",), check=_grid_scores_other),
        ),
        examples=(
            (
                "means = [r.mean_validation_score for r in grid.grid_scores_]\n"
                "print(grid.grid_scores_[0].parameters)",
                "means = list(grid.cv_results_['mean_test_score'])\n"
                "print(grid.cv_results_['params'][0])",
            ),
            (
                "import pandas as pd\ngrid.fit(X, y)\ngrid.grid_scores_",
                "import pandas as pd\ngrid.fit(X, y)\n"
                "pd.DataFrame(grid.cv_results_)[['params', 'mean_test_score', 'std_test_score']]",
            ),
            ("for s in gs.grid_scores_:\n    print(s)", None),
        ),
    ),
    Rule(
        id="SKL036",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        catalogue="S32",
        message="cross_val_score/cross_validate/cross_val_predict(fit_params=) was renamed "
        "params= in 1.6",
        replacement="params=",
        signatures=(unexpected_kwarg(["fit_params"]),),
        matchers=(
            kwarg_rename(
                "fit_params",
                "params",
                functions=qualify(
                    "sklearn.model_selection",
                    ["cross_val_score", "cross_validate", "cross_val_predict"],
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import cross_val_score\n"
                "s = cross_val_score(m, X, y, fit_params={'sample_weight': w})",
                "from sklearn.model_selection import cross_val_score\n"
                "s = cross_val_score(m, X, y, params={'sample_weight': w})",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.model_selection import cross_val_score\n"
                "from sklearn.svm import SVC\ns = cross_val_score(SVC(), X, y, cv=2, fit_params={})"
            ),
        ),
    ),
    Rule(
        id="SKL062",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue=NOTES,
        message="KFold/StratifiedKFold refuse random_state without shuffle=True since 0.24; the "
        "seed never had an effect there, drop it",
        replacement="KFold(n_splits=5)",
        why=f"The seed only drives the shuffling; 0.24 turned the warning into an error "
        f"({_notes('0.24')}).",
        signatures=(r"Setting a random_state has no effect since shuffle is False",),
        matchers=(Call(functions=SEEDED_SPLITTERS, check=_seed_without_shuffle),),
        examples=(
            (
                "from sklearn.model_selection import KFold, StratifiedKFold\n"
                "kf = KFold(n_splits=5, random_state=42)\n"
                "skf = StratifiedKFold(5, shuffle=False, random_state=0)\n"
                "ok = KFold(5, shuffle=True, random_state=1)",
                "from sklearn.model_selection import KFold, StratifiedKFold\n"
                "kf = KFold(n_splits=5)\n"
                "skf = StratifiedKFold(5, shuffle=False)\n"
                "ok = KFold(5, shuffle=True, random_state=1)",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.model_selection import StratifiedKFold\n"
            "folds = list(StratifiedKFold(n_splits=4, random_state=0).split(X, y))",
        ),
    ),
    Rule(
        id="SKL063",
        library=LIB,
        changed_in="0.21",
        safety=REVIEW,
        catalogue=NOTES,
        message="searches and cross_validate stopped computing training scores by default in "
        "0.21 (KeyError 'mean_train_score'); pass return_train_score=True",
        replacement="GridSearchCV(..., return_train_score=True)",
        why=f"The default of return_train_score changed from True to False in 0.21 "
        f"({_notes('0.21')}): cv_results_ has no train columns unless asked.",
        signatures=(
            r"KeyError: '(mean|std|rank|split\d+)_train_\w*'",
            r"KeyError: 'train_\w+'",
        ),
        matchers=(pin_default("return_train_score", True, functions=TRAIN_SCORE_USERS),),
        examples=(
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(svc, grid, cv=5)\n"
                "tr = gs.fit(X, y).cv_results_['mean_train_score']",
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(svc, grid, cv=5, return_train_score=True)\n"
                "tr = gs.fit(X, y).cv_results_['mean_train_score']",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.model_selection import GridSearchCV\n"
            "from sklearn.tree import DecisionTreeClassifier\n"
            "gs = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, "
            "cv=2)\n"
            "tr = gs.fit(X, y).cv_results_['mean_train_score']",
            _CASE_SMALL + "from sklearn.model_selection import cross_validate\n"
            "from sklearn.tree import DecisionTreeClassifier\n"
            "tr = cross_validate(DecisionTreeClassifier(), X, y, cv=2)['train_score']",
        ),
    ),
    Rule(
        id="SKL065",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be an RFECV",
        message="RFECV.grid_scores_ was removed in 1.2; the mean CV score per number of "
        "features is cv_results_['mean_test_score']",
        replacement="rfecv.cv_results_['mean_test_score']",
        why=f"Deprecated in 1.0 for cv_results_ ({_notes('1.0')}).",
        signatures=(object_no_attribute(["grid_scores_"], "RFECV"),),
        matchers=(Attr(names=("grid_scores_",), receivers=(RFECV,), check=_rfecv_grid_scores),),
        examples=(
            (
                "from sklearn.feature_selection import RFECV\n"
                "rfecv = RFECV(svc, step=1, cv=5).fit(X, y)\n"
                "plt.plot(range(1, len(rfecv.grid_scores_) + 1), rfecv.grid_scores_)",
                "from sklearn.feature_selection import RFECV\n"
                "rfecv = RFECV(svc, step=1, cv=5).fit(X, y)\n"
                "plt.plot(range(1, len(rfecv.cv_results_['mean_test_score']) + 1), "
                "rfecv.cv_results_['mean_test_score'])",
            ),
        ),
        proofs=(
            _CASE_SMALL
            + "from sklearn.feature_selection import RFECV\nfrom sklearn.svm import SVC\n"
            "rfecv = RFECV(SVC(kernel='linear'), cv=2).fit(X, y)\nn = len(rfecv.grid_scores_)",
        ),
    ),
    Rule(
        id="SKL086",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue=NOTES,
        message="the label splitters LabelKFold/LeaveOneLabelOut/LeavePLabelOut/LabelShuffleSplit "
        "became GroupKFold/LeaveOneGroupOut/LeavePGroupsOut/GroupShuffleSplit (0.18; removed "
        "with sklearn.cross_validation in 0.20), which take the labels in split(X, groups=)",
        replacement="list(GroupKFold(n_splits=3).split(np.zeros(len(labels)), groups=labels))",
        why=f"Renamed in 0.18 ({_notes('0.18')}: 'Rename of splitter classes which accepts group "
        "labels along with data'): the new splitters take the labels as split()'s groups and "
        "n_folds/n_iter/p as n_splits/n_groups. The folds are built the same way, but the "
        "order of groups of equal size may differ, so the folds may too.",
        signatures=(
            cannot_import(LABEL_SPLITTERS),
            # the lazy module's own message names both without quotes
            r"module '?sklearn\.model_selection'? has no attribute "
            rf"'?({'|'.join(LABEL_SPLITTERS)})",
            no_module("sklearn.cross_validation"),
        ),
        matchers=(
            *(
                Symbol(old=f"{module}.{old}", new=f"sklearn.model_selection.{new}")
                for module in LABEL_MODULES
                for old, (new, _, _) in LABEL_SPLITTERS.items()
            ),
            Call(
                functions=tuple(f"{m}.{old}" for m in LABEL_MODULES for old in LABEL_SPLITTERS),
                check=_label_splitter,
            ),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.cross_validation import LabelKFold\n"
                "lkf = LabelKFold(labels, n_folds=5)",
                "import numpy as np\nfrom sklearn.model_selection import GroupKFold\n"
                "lkf = list(GroupKFold(n_splits=5).split(np.zeros(len(labels)), groups=labels))",
            ),
            (
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "logo = cross_validation.LeaveOneLabelOut(subjects)\n"
                "lplo = cross_validation.LeavePLabelOut(subjects, 2)\n"
                "ss = cross_validation.LabelShuffleSplit(subjects, 10, train_size=0.5, "
                "random_state=0)",
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "from sklearn.model_selection import LeaveOneGroupOut\n"
                "from sklearn.model_selection import LeavePGroupsOut\n"
                "from sklearn.model_selection import GroupShuffleSplit\n"
                "logo = list(LeaveOneGroupOut().split(np.zeros(len(subjects)), groups=subjects))\n"
                "lplo = list(LeavePGroupsOut(n_groups=2)"
                ".split(np.zeros(len(subjects)), groups=subjects))\n"
                "ss = list(GroupShuffleSplit(n_splits=10, train_size=0.5, "
                "random_state=0, test_size=0.2).split(np.zeros(len(subjects)), groups=subjects))",
            ),
        ),
        proofs=(
            "import numpy as np\nfrom sklearn.cross_validation import LabelKFold\n"
            "g = np.repeat(np.arange(6), [6, 5, 4, 3, 2, 1])\nfolds = LabelKFold(g)\n"
            "tests = [sorted(set(g[te])) for tr, te in folds]",
            "import numpy as np\nfrom sklearn import model_selection\n"  # as SKL001 leaves it
            "g = np.repeat(np.arange(10), 2)\n"
            "lplo = model_selection.LeavePLabelOut(g, p=2)\n"
            "ss = model_selection.LabelShuffleSplit(g, n_iter=4, train_size=0.5, random_state=0)\n"
            "n_test = [len(set(g[te])) for tr, te in ss]\nn_pairs = len(list(lplo))",
        ),
    ),
]
