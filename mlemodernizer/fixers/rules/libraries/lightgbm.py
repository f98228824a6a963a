"""LightGBM 4: training options became callbacks (catalogue §10).

LGB005 onwards answer items of ``lightgbm.coverage.toml`` (the LightGBM release notes on GitHub);
each cites its release in ``why``.
"""

from __future__ import annotations

import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import cannot_import, no_attribute, qualify
from ..matchers import MISSING, NOT_LITERAL, Call, Node, Outcome, Site, Symbol, literal
from ..model import REVIEW, SAFE, SAFE_IF, Rule
from ._setups import _CASE_DATA

LIB = "lightgbm"

# setups the rules' proofs share
_CASE_LGB = (
    "import numpy as np\nimport lightgbm as lgb\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.rand(200, 4)\ny = (X[:, 0] > 0.5).astype(int)\n"
    "params = {'objective': 'binary', 'metric': 'auc', 'verbose': -1}\n"
)
TRAIN = ("lightgbm.train", "lightgbm.cv")
ESTIMATORS = qualify("lightgbm", ["LGBMClassifier", "LGBMRegressor", "LGBMRanker", "LGBMModel"])
UNEXPECTED = r"(train|cv|LGBM\w*\.fit)\(\) got an unexpected keyword argument '{}'"


def add_callbacks(node: cst.Call, new: list[cst.BaseExpression]) -> cst.Call:
    """Append ``new`` to the call's ``callbacks=`` (creating it)."""
    i = edits.find_kwarg(node, "callbacks")
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if i is None:
        elements = [cst.Element(v, comma=comma) for v in new[:-1]] + [cst.Element(new[-1])]
        return edits.add_args(node, [edits.kwarg("callbacks", cst.List(elements))])
    current = node.args[i].value
    if isinstance(current, cst.List):
        old = [e.with_changes(comma=comma) for e in current.elements]
        elements = old + [cst.Element(v, comma=comma) for v in new[:-1]] + [cst.Element(new[-1])]
        value: cst.BaseExpression = current.with_changes(elements=elements)
    else:
        elements = [cst.StarredElement(current, comma=comma)]
        elements += [cst.Element(v, comma=comma) for v in new[:-1]] + [cst.Element(new[-1])]
        value = cst.List(elements)
    args = list(node.args)
    args[i] = args[i].with_changes(value=value)
    return node.with_changes(args=args)


def _callback(name: str, keyword: str, build: Any) -> Any:
    """A check that turns ``keyword=v`` into ``callbacks=[lgb.<name>(...)]``."""

    def check(site: Site) -> Outcome | None:
        if site.kwarg(keyword) is None:
            return None
        value = site.value(keyword)
        made = build(value)
        if made is NOT_LITERAL:
            return Outcome(fix=None)
        if site.qname is None and not site.proven and keyword == "verbose":
            return None  # fit(verbose=) on an unknown receiver: Keras, XGBoost, ...

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            i = edits.find_kwarg(node, keyword)
            assert i is not None
            arg = node.args[i].value
            node = edits.drop_kwargs(node, keyword)
            if made is None:
                return node
            call_args = made(arg)
            callback = cst.Call(func=refs[f"lightgbm.{name}"], args=call_args)
            return add_callbacks(node, [callback])

        return Outcome(fix=fix, needs=(f"lightgbm.{name}",), proven=site.proven)

    return check


def _period(value: Any) -> Any:
    if value is True:
        return lambda arg: [cst.Arg(cst.Integer("1"))]
    if value is False or value is None or value == 0:
        return None
    return lambda arg: [cst.Arg(arg)]


def _plain(value: Any) -> Any:
    return lambda arg: [cst.Arg(arg)]


def _learning_rates(value: Any) -> Any:
    return lambda arg: [edits.kwarg("learning_rate", arg)]


def _fobj(site: Site) -> Outcome | None:
    if site.kwarg("fobj") is None:
        return None
    pos = site.positional()
    params = site.kwarg("params") or (pos[0] if pos else None)
    if params is None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "fobj")
        assert i is not None
        objective = node.args[i].value
        node = edits.drop_kwargs(node, "fobj")
        j = edits.find_kwarg(node, "params")
        if j is None:
            j = next(k for k, a in enumerate(node.args) if a.keyword is None)
        current = node.args[j].value
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        merged = cst.Dict(
            [
                cst.StarredDictElement(current, comma=comma),
                cst.DictElement(edits.string("objective"), objective),
            ]
        )
        args = list(node.args)
        args[j] = args[j].with_changes(value=merged)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _matchers(keyword: str, name: str, build: Any, methods: bool = True) -> tuple[Call, ...]:
    check = _callback(name, keyword, build)
    out = [Call(functions=TRAIN, check=check)]
    if methods:
        out.append(Call(methods=("fit",), receivers=ESTIMATORS, check=check))
    return tuple(out)


# --- announced in the release notes (issue 25: coverage from the source) ------------------------


def _release(version: str) -> str:
    return f"https://github.com/microsoft/LightGBM/releases/tag/v{version}"


def _cv_logging(site: Site) -> Outcome | None:
    """``lgb.cv(verbose_eval=n, show_stdv=b)``: both went in 4.0; the log_evaluation callback
    takes the period and ``show_stdv`` (which did nothing without verbose_eval)."""
    if site.kwarg("verbose_eval") is None and site.kwarg("show_stdv") is None:
        return None
    made = _period(site.value("verbose_eval")) if site.kwarg("verbose_eval") else None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "verbose_eval")
        j = edits.find_kwarg(node, "show_stdv")
        period = node.args[i].value if i is not None else None
        stdv = node.args[j].value if j is not None else None
        node = edits.drop_kwargs(node, "verbose_eval", "show_stdv")
        if made is None:
            return node
        callback = cst.Call(func=refs["lightgbm.log_evaluation"], args=made(period))
        if stdv is not None and literal(stdv) is not True:
            callback = edits.add_args(callback, [edits.kwarg("show_stdv", stdv)])
        return add_callbacks(node, [callback])

    needs = ("lightgbm.log_evaluation",) if made is not None else ()
    return Outcome(fix=fix, needs=needs, proven=site.proven)


def _silent_estimator(site: Site) -> Outcome | None:
    """``LGBMClassifier(silent=True)``: verbose=-1 says the same since 4.0 (silent=False, the
    default 'warn': nothing to say)."""
    value = site.value("silent")
    if value is MISSING:
        return None
    if value is NOT_LITERAL:
        return Outcome(fix=None)
    quiet = value is True and site.kwarg("verbose") is None and site.kwarg("verbosity") is None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "silent")
        if quiet:
            node = edits.add_args(node, [edits.kwarg("verbose", edits.expr("-1"))])
        return node

    return Outcome(fix=fix)


def _silent_dropped(site: Site) -> Outcome | None:
    if site.kwarg("silent") is None:
        return None
    return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "silent"))


# a key of lgb.cv()'s result as LightGBM < 4 wrote it: "<metric>-mean" / "<metric>-stdv" with no
# data set name in front; a literal key must name one of LightGBM's metrics (docs/Parameters.rst)
METRICS = (
    "l1|l2|l2_root|rmse|mae|mse|mape|huber|fair|poisson|quantile|gamma|gamma_deviance|tweedie|"
    "r2|ndcg|map|auc|auc_mu|average_precision|binary_logloss|binary_error|binary|multi_logloss|"
    "multi_error|multiclass|softmax|multiclassova|cross_entropy|cross_entropy_lambda|xentropy|"
    "xentlambda|kullback_leibler|kldiv|mean_absolute_error|mean_squared_error|"
    "root_mean_squared_error|mean_absolute_percentage_error|mean_average_precision"
)
CV_KEY = re.compile(rf"({METRICS})(@\d+)?-(mean|stdv)")
CV_SUFFIX = re.compile(r"-(mean|stdv)$")
CV_PREFIXED = re.compile(r"(train|valid|test|training|validation)[ _-]")


def _cv_key(site: Site) -> Outcome | None:
    """``res['auc-mean']`` (also ``res[f'{m}-mean']``, ``res[m + '-mean']``) → ``res['valid
    auc-mean']``: 4.0 names the data set in every key of cv()'s result."""
    node: cst.Subscript = site.node
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    key = node.slice[0].slice.value
    new = _prefixed(key)
    if new is None:
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        element = n.slice[0]
        index = element.slice
        assert isinstance(index, cst.Index)
        prefixed = _prefixed(index.value)
        if prefixed is None:
            return n
        return n.with_changes(
            slice=[element.with_changes(slice=index.with_changes(value=prefixed))]
        )

    return Outcome(fix=fix)


def _prefixed(key: cst.BaseExpression) -> cst.BaseExpression | None:
    value = literal(key)
    if isinstance(value, str):
        if not CV_KEY.fullmatch(value):
            return None
        return edits.same_quotes(key, "valid " + value)
    if isinstance(key, cst.FormattedString):
        parts = key.parts
        last, first = parts[-1] if parts else None, parts[0] if parts else None
        if not isinstance(last, cst.FormattedStringText) or not CV_SUFFIX.search(last.value):
            return None
        if isinstance(first, cst.FormattedStringText):
            if CV_PREFIXED.match(first.value):
                return None
            return key.with_changes(
                parts=[first.with_changes(value="valid " + first.value), *parts[1:]]
            )
        return key.with_changes(parts=[cst.FormattedStringText("valid "), *parts])
    if isinstance(key, cst.BinaryOperation) and isinstance(key.operator, cst.Add):
        right = literal(key.right)
        if not isinstance(right, str) or not CV_SUFFIX.search(right):
            return None
        leftmost: cst.BaseExpression = key
        while isinstance(leftmost, cst.BinaryOperation):
            leftmost = leftmost.left
        head = literal(leftmost)
        if isinstance(head, str) and (CV_PREFIXED.match(head) or not head):
            return None
        quote = key.right
        return cst.BinaryOperation(
            left=edits.same_quotes(quote, "valid "),
            operator=cst.Add(
                whitespace_before=cst.SimpleWhitespace(" "),
                whitespace_after=cst.SimpleWhitespace(" "),
            ),
            right=key,
        )
    return None


DATASET_KEYWORDS = ("feature_name", "categorical_feature")
DATASET_SETTERS = {
    "feature_name": "set_feature_name",
    "categorical_feature": "set_categorical_feature",
}


def _dataset_keywords(site: Site) -> Outcome | None:
    """``lgb.train(p, d, feature_name=f, categorical_feature=c)``: the Dataset takes them since
    4.6, as train() itself set them (``d.set_feature_name(f).set_categorical_feature(c)``)."""
    present = [k for k in DATASET_KEYWORDS if site.kwarg(k) is not None]
    if not present:
        return None
    pos = site.positional()
    data = site.kwarg("train_set") or (pos[1] if len(pos) > 1 else None)
    if data is None:
        return Outcome(fix=None)
    moves = [k for k in present if site.value(k) != "auto"]  # 'auto' was the default
    inline = (
        isinstance(data.value, cst.Call)
        and site.resolve(data.value.func) == "lightgbm.Dataset"
        and not any(
            a.keyword is not None and a.keyword.value in DATASET_KEYWORDS for a in data.value.args
        )
        and not any(a.star for a in data.value.args)
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        values = {k: node.args[edits.find_kwarg(node, k)].value for k in moves}  # type: ignore[index]
        node = edits.drop_kwargs(node, *present)
        i = edits.find_kwarg(node, "train_set")
        if i is None:
            i = [n for n, a in enumerate(node.args) if a.keyword is None and not a.star][1]
        dataset = node.args[i].value
        if inline and isinstance(dataset, cst.Call):
            dataset = edits.add_args(dataset, [edits.kwarg(k, values[k]) for k in moves])
        else:
            for k in moves:
                dataset = edits.method_call(
                    edits.paren(dataset), DATASET_SETTERS[k], [cst.Arg(values[k])]
                )
        args = list(node.args)
        args[i] = args[i].with_changes(value=dataset)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="LGB001",
        library=LIB,
        changed_in="4.0",
        safety=SAFE_IF,
        catalogue="L1 L5",
        condition="lgb.train/lgb.cv, or fit on a LightGBM estimator",
        message="early_stopping_rounds= was removed in LightGBM 4.0; use "
        "callbacks=[lgb.early_stopping(n)]",
        replacement="callbacks=[lgb.early_stopping(50)]",
        signatures=(UNEXPECTED.format("early_stopping_rounds"),),
        matchers=_matchers("early_stopping_rounds", "early_stopping", _plain),
        examples=(
            (
                "import lightgbm as lgb\nb = lgb.train(p, d, 1000, valid_sets=[v], "
                "early_stopping_rounds=50)",
                "import lightgbm as lgb\nb = lgb.train(p, d, 1000, valid_sets=[v], "
                "callbacks=[lgb.early_stopping(50)])",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import lightgbm as lgb\nd = lgb.Dataset(X, y)\n"
                "b = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], early_stopping_rounds=2)"
            ),
            _CASE_DATA
            + (
                "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=5, verbose=-1)\n"
                "m.fit(X, y, eval_set=[(X, y)], early_stopping_rounds=2)"
            ),
        ),
    ),
    Rule(
        id="LGB002",
        library=LIB,
        changed_in="4.0",
        safety=SAFE_IF,
        catalogue="L2 L5",
        condition="lgb.train/lgb.cv, or fit on a LightGBM estimator",
        message="verbose_eval= (train/cv), show_stdv= (cv) and verbose= (fit) were removed in "
        "LightGBM 4.0; use callbacks=[lgb.log_evaluation(n)]",
        replacement="callbacks=[lgb.log_evaluation(100)]",
        signatures=(
            UNEXPECTED.format("verbose_eval"),
            UNEXPECTED.format("verbose"),
            UNEXPECTED.format("show_stdv"),
        ),
        matchers=(
            Call(
                functions=("lightgbm.train",),
                check=_callback("log_evaluation", "verbose_eval", _period),
            ),
            Call(functions=("lightgbm.cv",), check=_cv_logging),
            Call(
                methods=("fit",),
                receivers=ESTIMATORS,
                check=_callback("log_evaluation", "verbose", _period),
            ),
        ),
        examples=(
            (
                "import lightgbm as lgb\nb = lgb.train(p, d, valid_sets=[v], "
                "callbacks=[lgb.early_stopping(10)], verbose_eval=100)",
                "import lightgbm as lgb\nb = lgb.train(p, d, valid_sets=[v], "
                "callbacks=[lgb.early_stopping(10), lgb.log_evaluation(100)])",
            ),
            (
                "import lightgbm as lgb\nm = lgb.LGBMClassifier()\n"
                "m.fit(X, y, eval_set=[(Xv, yv)], verbose=50)",
                "import lightgbm as lgb\nm = lgb.LGBMClassifier()\n"
                "m.fit(X, y, eval_set=[(Xv, yv)], callbacks=[lgb.log_evaluation(50)])",
            ),
            (
                "import lightgbm as lgb\nr = lgb.cv(p, d, nfold=5, verbose_eval=50, "
                "show_stdv=False)\ns = lgb.cv(p, d, show_stdv=True)",
                "import lightgbm as lgb\nr = lgb.cv(p, d, nfold=5, "
                "callbacks=[lgb.log_evaluation(50, show_stdv=False)])\ns = lgb.cv(p, d)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import lightgbm as lgb\nd = lgb.Dataset(X, y)\n"
                "b = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], verbose_eval=1)"
            ),
            _CASE_LGB
            + "r = lgb.cv(params, lgb.Dataset(X, y), 5, nfold=3, verbose_eval=2, show_stdv=False)",
        ),
    ),
    Rule(
        id="LGB003",
        library=LIB,
        changed_in="4.0",
        safety=SAFE,
        catalogue="L3",
        message="evals_result= and learning_rates= were removed in LightGBM 4.0; use "
        "record_evaluation / reset_parameter callbacks",
        replacement="callbacks=[lgb.record_evaluation(d), lgb.reset_parameter(learning_rate=f)]",
        signatures=(UNEXPECTED.format("evals_result"), UNEXPECTED.format("learning_rates")),
        matchers=(
            *_matchers("evals_result", "record_evaluation", _plain, methods=False),
            *_matchers("learning_rates", "reset_parameter", _learning_rates, methods=False),
        ),
        examples=(
            (
                "import lightgbm as lgb\nlog = {}\nb = lgb.train(p, d, evals_result=log, "
                "callbacks=[cb])",
                "import lightgbm as lgb\nlog = {}\nb = lgb.train(p, d, callbacks=[cb, "
                "lgb.record_evaluation(log)])",
            ),
            (
                "import lightgbm as lgb\nb = lgb.train(p, d, 100, "
                "learning_rates=lambda i: 0.1 * 0.99**i)",
                "import lightgbm as lgb\nb = lgb.train(p, d, 100, "
                "callbacks=[lgb.reset_parameter(learning_rate=lambda i: 0.1 * 0.99**i)])",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import lightgbm as lgb\nd = lgb.Dataset(X, y)\n"
                "log = {}\nb = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], evals_result=log)"
            ),
        ),
    ),
    Rule(
        id="LGB004",
        library=LIB,
        changed_in="4.0",
        safety=REVIEW,
        catalogue="L4",
        message="lgb.train(fobj=) was removed in LightGBM 4.0; pass the objective in params",
        replacement="lgb.train({**params, 'objective': f}, ...)",
        signatures=(UNEXPECTED.format("fobj"),),
        matchers=(Call(functions=TRAIN, check=_fobj),),
        examples=(
            (
                "import lightgbm as lgb\nb = lgb.train(params, d, fobj=focal)",
                "import lightgbm as lgb\nb = lgb.train({**params, 'objective': focal}, d)",
            ),
        ),
    ),
    Rule(
        id="LGB005",
        library=LIB,
        changed_in="4.0",
        safety=SAFE,
        catalogue="release-notes",
        message="silent= was removed in LightGBM 4.0; an estimator's silent=True is verbose=-1 "
        "(Dataset/Booster: dropped, their log lines print)",
        replacement="lgb.LGBMClassifier(verbose=-1); lgb.Dataset(X, y)",
        why=f"4.0 removed the silent argument of the estimators, Dataset and Booster (#4800, "
        f"{_release('4.0.0')}); the verbosity parameter says what it said. Only logging changes.",
        signatures=(
            r"(Dataset|Booster)\.__init__\(\) got an unexpected keyword argument 'silent'",
            r"Unknown parameter: silent",
        ),
        matchers=(
            Call(functions=ESTIMATORS, check=_silent_estimator),
            Call(functions=("lightgbm.Dataset", "lightgbm.Booster"), check=_silent_dropped),
        ),
        examples=(
            (
                "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=100, silent=True)\n"
                "d = lgb.Dataset(X, label=y, silent=True)",
                "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=100, verbose=-1)\n"
                "d = lgb.Dataset(X, label=y)",
            ),
        ),
        proofs=(
            _CASE_LGB + "d = lgb.Dataset(X, label=y, silent=True)\nb = lgb.train(params, d, 3)",
        ),
    ),
    Rule(
        id="LGB006",
        library=LIB,
        changed_in="4.0",
        safety=SAFE,
        catalogue="release-notes",
        message="lgb.print_evaluation() was removed in LightGBM 4.0; it is lgb.log_evaluation()",
        replacement="callbacks=[lgb.log_evaluation(100)]",
        why=f"3.3 renamed the print_evaluation callback to log_evaluation (it logs through the "
        f"registered logger) and 4.0 removed the old name (#4819, {_release('4.0.0')}); the "
        "arguments are the same.",
        signatures=(
            no_attribute("lightgbm", ["print_evaluation"]),
            no_attribute("lightgbm.callback", ["print_evaluation"]),
            cannot_import(["print_evaluation"], r"lightgbm(\.callback)?"),
        ),
        matchers=(
            Symbol(old="lightgbm.print_evaluation", new="lightgbm.log_evaluation"),
            Symbol(
                old="lightgbm.callback.print_evaluation", new="lightgbm.callback.log_evaluation"
            ),
        ),
        examples=(
            (
                "import lightgbm as lgb\nb = lgb.train(p, d, valid_sets=[v], "
                "callbacks=[lgb.print_evaluation(period=100)])",
                "import lightgbm as lgb\nb = lgb.train(p, d, valid_sets=[v], "
                "callbacks=[lgb.log_evaluation(period=100)])",
            ),
        ),
        proofs=(
            _CASE_LGB
            + (
                "b = lgb.train(params, lgb.Dataset(X, y), 3, valid_sets=[lgb.Dataset(X, "
                "y)], callbacks=[lgb.print_evaluation(1)])"
            ),
        ),
    ),
    Rule(
        id="LGB007",
        library=LIB,
        changed_in="4.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="lgb.cv() result keys name the data set since LightGBM 4.0: 'auc-mean' is "
        "'valid auc-mean'",
        replacement="cv_results['valid auc-mean']",
        why=f"4.0 made record_evaluation work with cv() and, with it, prefixed every key of cv()'s "
        f"result with the data set's name (#4947, {_release('4.0.0')}): 'valid auc-mean', "
        "'valid auc-stdv' ('train ...' with eval_train_metric=True). The rule rewrites subscripts "
        "whose key is a bare '<LightGBM metric>-mean'/'-stdv' (or builds one from a variable); "
        "it runs when that KeyError is raised.",
        signatures=(r"KeyError: '[^' ]*-(mean|stdv)'",),
        matchers=(Node(types=("Subscript",), check=_cv_key),),
        examples=(
            (
                "import lightgbm as lgb\nres = lgb.cv(params, dtrain, nfold=5)\n"
                "best = len(res['auc-mean'])\nprint(res[f'{metric}-stdv'][-1], "
                "res[metric + '-mean'][-1])\nxgb_res['test-auc-mean']",
                "import lightgbm as lgb\nres = lgb.cv(params, dtrain, nfold=5)\n"
                "best = len(res['valid auc-mean'])\nprint(res[f'valid {metric}-stdv'][-1], "
                "res['valid ' + metric + '-mean'][-1])\nxgb_res['test-auc-mean']",
            ),
        ),
        proofs=(
            _CASE_LGB
            + (
                "res = lgb.cv(params, lgb.Dataset(X, y), 5, nfold=3)\n"
                "best = len(res['auc-mean'])\nspread = res['auc' + '-stdv'][-1]"
            ),
        ),
    ),
    Rule(
        id="LGB008",
        library=LIB,
        changed_in="4.6",
        safety=SAFE,
        catalogue="release-notes",
        message="lgb.train/cv(feature_name=, categorical_feature=) were removed in LightGBM 4.6; "
        "the Dataset takes them",
        replacement="lgb.train(params, lgb.Dataset(X, y, categorical_feature=cats))",
        why=f"4.4 deprecated passing Dataset arguments to train() and cv() (#6446, "
        f"{_release('4.4.0')}) and 4.6 removed them (#6706, {_release('4.6.0')}). train() used "
        "to call set_feature_name() and set_categorical_feature() on its Dataset: the rewrite "
        "does that, or passes them to the Dataset(...) written in the call.",
        signatures=(
            UNEXPECTED.format("feature_name"),
            UNEXPECTED.format("categorical_feature"),
        ),
        matchers=(Call(functions=TRAIN, check=_dataset_keywords),),
        examples=(
            (
                "import lightgbm as lgb\nb = lgb.train(params, dtrain, 100, "
                "categorical_feature=['city'])\n"
                "r = lgb.cv(params, lgb.Dataset(X, y), feature_name=names, "
                "categorical_feature='auto')",
                "import lightgbm as lgb\nb = lgb.train(params, dtrain.set_categorical_feature("
                "['city']), 100)\nr = lgb.cv(params, lgb.Dataset(X, y, feature_name=names))",
            ),
        ),
        proofs=(
            _CASE_LGB
            + (
                "b = lgb.train(params, lgb.Dataset(X, y), 3, feature_name=['a', 'b', "
                "'c', 'd'], categorical_feature=['d'])"
            ),
        ),
    ),
]
