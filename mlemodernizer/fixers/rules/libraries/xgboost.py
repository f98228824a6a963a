"""XGBoost: fit-time settings moved to the estimator, GPU and legacy parameters (catalogue §9).

XGB009 onwards answer items of ``xgboost.coverage.toml`` (the XGBoost release notes, NEWS.md
for 0.x-2.0 and the documentation's change pages from 2.1); each cites its note in ``why``.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_attribute,
    object_no_attribute,
    pin_default,
    qualify,
    unexpected_kwarg,
)
from ..matchers import MISSING, Attr, Call, Node, Outcome, Site, Symbol, literal
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule
from ._setups import _CASE_DATA
from .lightgbm import add_callbacks

LIB = "xgboost"

# setups the rules' proofs share
_CASE_XGB = (
    "import numpy as np\nimport xgboost as xgb\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.rand(120, 4)\ny = (X[:, 0] > 0.5).astype(int)\n"
    "yr = X[:, 0] * 3\ndtrain = xgb.DMatrix(X, label=y)\n"
)
ESTIMATORS = (
    *qualify(
        "xgboost",
        [
            "XGBClassifier",
            "XGBRegressor",
            "XGBRanker",
            "XGBRFClassifier",
            "XGBRFRegressor",
            "XGBModel",
        ],
    ),
    *qualify("xgboost.sklearn", ["XGBClassifier", "XGBRegressor", "XGBRanker", "XGBModel"]),
)
CLASSIFIERS = (
    *qualify("xgboost", ["XGBClassifier", "XGBRFClassifier"]),
    "xgboost.sklearn.XGBClassifier",
)
BOOSTER = "xgboost.Booster"
RECEIVERS = (*ESTIMATORS, BOOSTER)
FIT_TO_CONSTRUCTOR = ("early_stopping_rounds", "eval_metric", "callbacks")


def _fit_settings(site: Site) -> Outcome | None:
    present = [k for k in FIT_TO_CONSTRUCTOR if site.kwarg(k) is not None]
    receiver = site.receiver_node
    if not present or receiver is None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        values = {}
        for k in present:
            i = edits.find_kwarg(node, k)
            assert i is not None
            values[k] = node.args[i].value
        settings = [edits.kwarg(k, v) for k, v in values.items()]
        for i in range(len(settings) - 1):
            settings[i] = settings[i].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        func = node.func
        assert isinstance(func, cst.Attribute)
        configured = edits.method_call(func.value, "set_params", settings)
        node = edits.drop_kwargs(node, *present)
        return node.with_changes(func=func.with_changes(value=configured))

    return Outcome(fix=fix, proven=site.proven)


def _ntree_limit(site: Site) -> Outcome | None:
    if site.kwarg("ntree_limit") is None or site.kwarg("iteration_range") is not None:
        return None
    if literal(site.kwarg("ntree_limit").value) == 0:  # type: ignore[union-attr]
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "ntree_limit"))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "ntree_limit")
        assert i is not None
        limit = node.args[i].value.with_changes(lpar=[], rpar=[])
        span = cst.Tuple(
            [
                cst.Element(
                    cst.Integer("0"), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                ),
                cst.Element(limit),
            ]
        )
        args = list(node.args)
        args[i] = args[i].with_changes(keyword=cst.Name("iteration_range"), value=span)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _best_ntree_limit(site: Site) -> Outcome | None:
    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        return cst.BinaryOperation(
            left=node.with_changes(attr=cst.Name("best_iteration")),
            operator=cst.Add(),
            right=cst.Integer("1"),
            lpar=[cst.LeftParen()],
            rpar=[cst.RightParen()],
        )

    return Outcome(fix=fix, proven=site.proven)


def _gpu_call(site: Site) -> Outcome | None:
    tree = site.value("tree_method")
    predictor = site.value("predictor")
    gpu_id = site.value("gpu_id")
    if (
        tree != "gpu_hist"
        and predictor not in ("gpu_predictor", "cpu_predictor")
        and (gpu_id is MISSING)
    ):
        return None
    device = "cuda" if tree == "gpu_hist" or predictor == "gpu_predictor" else None
    if gpu_id is not MISSING:
        if not isinstance(gpu_id, int):
            return Outcome(fix=None)
        device = f"cuda:{gpu_id}"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if tree == "gpu_hist":
            node = edits.set_kwarg(node, "tree_method", edits.string("hist"))
        node = edits.drop_kwargs(node, "predictor", "gpu_id")
        if device is not None and edits.find_kwarg(node, "device") is None:
            node = edits.add_args(node, [edits.kwarg("device", edits.string(device))])
        return node

    return Outcome(fix=fix)


def _gpu_dict(site: Site) -> Outcome | None:
    node: cst.Dict = site.node
    entries = {
        literal(e.key): literal(e.value)
        for e in node.elements
        if isinstance(e, cst.DictElement) and isinstance(literal(e.key), str)
    }
    tree = entries.get("tree_method")
    predictor = entries.get("predictor")
    gpu_id = entries.get("gpu_id", MISSING)
    if (
        tree != "gpu_hist"
        and predictor not in ("gpu_predictor", "cpu_predictor")
        and (gpu_id is MISSING)
    ):
        return None
    device = "cuda" if tree == "gpu_hist" or predictor == "gpu_predictor" else None
    if gpu_id is not MISSING:
        device = f"cuda:{gpu_id}" if isinstance(gpu_id, int) else None

    def fix(n: cst.Dict, refs: Any) -> cst.Dict:
        elements = []
        for e in n.elements:
            key = literal(e.key) if isinstance(e, cst.DictElement) else None
            if key in ("predictor", "gpu_id"):
                continue
            if key == "tree_method" and tree == "gpu_hist":
                e = e.with_changes(value=edits.same_quotes(e.value, "hist"))
            elements.append(e)
        if device is not None and "device" not in entries:
            quote_like = next((e.key for e in n.elements if isinstance(e, cst.DictElement)), None)
            elements.append(
                cst.DictElement(
                    key=edits.same_quotes(quote_like, "device")
                    if quote_like
                    else edits.string("device"),
                    value=edits.same_quotes(quote_like, device)
                    if quote_like
                    else edits.string(device),
                )
            )
        last_comma = n.elements[-1].comma if n.elements else cst.MaybeSentinel.DEFAULT
        fixed = []
        for i, e in enumerate(elements):
            if i < len(elements) - 1 and not isinstance(e.comma, cst.Comma):
                e = e.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            fixed.append(e)
        if fixed:
            fixed[-1] = fixed[-1].with_changes(comma=last_comma)
        return n.with_changes(elements=fixed)

    return Outcome(fix=fix)


def _objective_dict(site: Site) -> Outcome | None:
    node: cst.Dict = site.node
    targets = [
        e
        for e in node.elements
        if isinstance(e, cst.DictElement)
        and literal(e.key) == "objective"
        and literal(e.value) == "reg:linear"
    ]
    if not targets:
        return None

    def fix(n: cst.Dict, refs: Any) -> cst.Dict:
        return n.with_changes(
            elements=[
                e.with_changes(value=edits.same_quotes(e.value, "reg:squarederror"))
                if isinstance(e, cst.DictElement)
                and literal(e.value) == "reg:linear"
                and literal(e.key) == "objective"
                else e
                for e in n.elements
            ]
        )

    return Outcome(fix=fix)


def _silent(site: Site) -> Outcome | None:
    value = site.value("silent")
    if value is MISSING:
        return None
    if not isinstance(value, bool | int) or site.kwarg("verbosity") is not None:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "silent"))
    verbosity = 0 if value else 1
    return Outcome(
        fix=lambda node, refs: edits.set_kwarg(
            edits.drop_kwargs(node, "silent"), "verbosity", cst.Integer(str(verbosity))
        )
    )


def _old_model_file(site: Site) -> Outcome | None:
    pos = site.positional()
    arg = site.kwarg("fname") or site.kwarg("model_file") or (pos[0] if pos else None)
    path = literal(arg.value) if arg is not None else None
    if isinstance(path, str) and path.endswith((".model", ".bin")):
        return Outcome(fix=None)
    return None


# --- announced in the release notes (issue 25: coverage from the source) ------------------------

NEWS = "https://github.com/dmlc/xgboost/blob/master/NEWS.md"


def _changes(version: str) -> str:
    return f"https://xgboost.readthedocs.io/en/stable/changes/v{version}.html"


def _booster_method(site: Site) -> Outcome | None:
    """``model.booster()`` (the fitted Booster, before 0.7) is ``model.get_booster()``: since 0.7
    ``booster`` is the estimator's parameter ('gbtree', or None), which is not callable."""
    if site.args:
        return None
    return Outcome(
        fix=lambda node, refs: edits.rename_method(node, "get_booster"), proven=site.proven
    )


def _rates(node: cst.BaseExpression) -> list[Any] | None:
    """The per-round rates of a literal list/tuple (or ``[r] * n``), else None."""
    value = literal(node)
    if isinstance(value, list | tuple):
        return list(value) if value and all(isinstance(v, int | float) for v in value) else None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        base, times = literal(node.left), literal(node.right)
        if isinstance(base, list) and len(base) == 1 and isinstance(times, int) and times > 0:
            return _rates(node.left) and base * min(times, 2)  # a constant rate
    return None


def _learning_rates(site: Site) -> Outcome | None:
    """``learning_rates=[r0, r1, ...]`` set rate i before round i. The LearningRateScheduler
    callback sets its rate i after round i (round 0 uses the parameters' rate): so the first
    rate goes into the parameters and the scheduler gets the others (the last kept for the
    call after the last round). A function, or rates computed at run time: reported."""
    arg = site.kwarg("learning_rates")
    if arg is None:
        return None
    rates = _rates(arg.value)
    pos = site.positional()
    params = site.kwarg("params") or (pos[0] if pos else None)
    if rates is None or params is None or site.has_star():
        return Outcome(fix=None)
    first = rates[0]
    constant = len(set(rates)) == 1
    shifted = [*rates[1:], rates[-1]]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "learning_rates")
        assert i is not None
        given = node.args[i].value
        node = edits.drop_kwargs(node, "learning_rates")
        schedule = given if constant else edits.to_node(shifted)
        scheduler = cst.Call(
            func=refs["xgboost.callback.LearningRateScheduler"], args=[cst.Arg(schedule)]
        )
        node = add_callbacks(node, [scheduler])
        j = edits.find_kwarg(node, "params")
        if j is None:
            j = next(k for k, a in enumerate(node.args) if a.keyword is None and not a.star)
        args = list(node.args)
        args[j] = args[j].with_changes(value=_with_rate(args[j].value, first))
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("xgboost.callback.LearningRateScheduler",))


def _with_rate(params: cst.BaseExpression, rate: Any) -> cst.Dict:
    """``params`` with ``'learning_rate': rate`` (a literal dict keeps its other entries)."""
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if isinstance(params, cst.Dict):
        kept = [
            e
            for e in params.elements
            if not (isinstance(e, cst.DictElement) and literal(e.key) == "learning_rate")
        ]
        like = next((e.key for e in kept if isinstance(e, cst.DictElement)), None)
        key = edits.same_quotes(like, "learning_rate") if like else edits.string("learning_rate")
        elements = [e.with_changes(comma=comma) for e in kept]
        elements.append(cst.DictElement(key, edits.to_node(rate)))
        return params.with_changes(elements=elements)
    return cst.Dict(
        [
            cst.StarredDictElement(params, comma=comma),
            cst.DictElement(edits.string("learning_rate"), edits.to_node(rate)),
        ]
    )


# the GPU-only spellings removed in 1.0 (and gpu_coord_descent in 3.1): the same algorithm on the
# device parameter
GPU_ONLY = {"tree_method": {"gpu_exact": "hist"}, "updater": {"gpu_coord_descent": "coord_descent"}}
GPU_KEYS = ("tree_method", "updater", "objective")


def _gpu_free(key: Any, value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    if key == "objective" and value.startswith("gpu:"):
        base = value[len("gpu:") :]
        return "reg:squarederror" if base == "reg:linear" else base
    return GPU_ONLY.get(key, {}).get(value) if isinstance(key, str) else None


def _old_gpu_call(site: Site) -> Outcome | None:
    changes = {k: _gpu_free(k, site.value(k)) for k in GPU_KEYS}
    changes = {k: v for k, v in changes.items() if v is not None}
    if not changes:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        for key, new in changes.items():
            i = edits.find_kwarg(node, key)
            if i is not None:
                node = edits.set_kwarg(node, key, edits.same_quotes(node.args[i].value, new))
        if edits.find_kwarg(node, "device") is None:
            node = edits.add_args(node, [edits.kwarg("device", edits.string("cuda"))])
        return node

    return Outcome(fix=fix)


def _old_gpu_dict(site: Site) -> Outcome | None:
    node: cst.Dict = site.node
    entries = {
        literal(e.key): literal(e.value)
        for e in node.elements
        if isinstance(e, cst.DictElement) and isinstance(literal(e.key), str)
    }
    if not any(_gpu_free(k, v) for k, v in entries.items()):
        return None
    # XGB003 adds the device itself when the dict has its names too
    add_device = "device" not in entries and not (
        entries.get("tree_method") == "gpu_hist" or "gpu_id" in entries or "predictor" in entries
    )

    def fix(n: cst.Dict, refs: Any) -> cst.Dict:
        elements = []
        quote_like = None
        for e in n.elements:
            if isinstance(e, cst.DictElement):
                quote_like = quote_like or e.key
                new = _gpu_free(literal(e.key), literal(e.value))
                if new is not None:
                    e = e.with_changes(value=edits.same_quotes(e.value, new))
            elements.append(e)
        if add_device and quote_like is not None:
            last = elements[-1]
            elements[-1] = last.with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            elements.append(
                cst.DictElement(
                    edits.same_quotes(quote_like, "device"),
                    edits.same_quotes(quote_like, "cuda"),
                    comma=last.comma,
                )
            )
        return n.with_changes(elements=elements)

    return Outcome(fix=fix)


# the default evaluation metric of the classification objectives until 1.3
OLD_METRICS = {"binary:logistic": "error", "multi:softmax": "merror", "multi:softprob": "merror"}


def _old_metric_call(site: Site) -> Outcome | None:
    objective = site.value("objective")
    if site.kwarg("eval_metric") is not None or site.has_star():
        return None
    if not isinstance(objective, str) or objective not in OLD_METRICS:
        return None
    metric = OLD_METRICS[objective]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "objective")
        value = edits.same_quotes(node.args[i].value, metric) if i is not None else None
        return edits.add_args(node, [edits.kwarg("eval_metric", value or edits.string(metric))])

    return Outcome(fix=fix)


def _old_metric_dict(site: Site) -> Outcome | None:
    node: cst.Dict = site.node
    keys = [literal(e.key) for e in node.elements if isinstance(e, cst.DictElement)]
    if "eval_metric" in keys or "metric" in keys:
        return None
    objective = next(
        (
            e
            for e in node.elements
            if isinstance(e, cst.DictElement)
            and literal(e.key) == "objective"
            and literal(e.value) in OLD_METRICS
        ),
        None,
    )
    if objective is None:
        return None
    metric = OLD_METRICS[literal(objective.value)]

    def fix(n: cst.Dict, refs: Any) -> cst.Dict:
        elements = list(n.elements)
        last = elements[-1]
        elements[-1] = last.with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
        elements.append(
            cst.DictElement(
                edits.same_quotes(objective.key, "eval_metric"),
                edits.same_quotes(objective.key, metric),
                comma=last.comma,
            )
        )
        return n.with_changes(elements=elements)

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="XGB001",
        library=LIB,
        changed_in="2.1",
        safety=SAFE_IF,
        catalogue="X1 X2",
        condition="the receiver is an XGBoost estimator",
        message="fit(early_stopping_rounds=, eval_metric=, callbacks=) were removed in 2.1; they "
        "are estimator parameters",
        replacement="model.set_params(early_stopping_rounds=10).fit(X, y, eval_set=...)",
        signatures=(
            r"XGB\w*\.fit\(\) got an unexpected keyword argument "
            r"'(early_stopping_rounds|eval_metric|callbacks)'",
        ),
        matchers=(Call(methods=("fit",), receivers=ESTIMATORS, check=_fit_settings),),
        examples=(
            (
                "import xgboost as xgb\nmodel = xgb.XGBClassifier(n_estimators=500)\n"
                "model.fit(X, y, eval_set=[(Xv, yv)], early_stopping_rounds=20, "
                "eval_metric='auc')",
                "import xgboost as xgb\nmodel = xgb.XGBClassifier(n_estimators=500)\n"
                "model.set_params(early_stopping_rounds=20, eval_metric='auc').fit(X, y, "
                "eval_set=[(Xv, yv)])",
            ),
            (
                "from xgboost import XGBRegressor\nreg = XGBRegressor()\n"
                "reg.fit(X, y, eval_set=[(Xv, yv)], callbacks=[logger], verbose=False)",
                "from xgboost import XGBRegressor\nreg = XGBRegressor()\n"
                "reg.set_params(callbacks=[logger]).fit(X, y, eval_set=[(Xv, yv)], verbose=False)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import xgboost as xgb\nm = xgb.XGBClassifier(n_estimators=5)\n"
                "m.fit(X, y, eval_set=[(X, y)], early_stopping_rounds=2, verbose=False)"
            ),
        ),
    ),
    Rule(
        id="XGB002",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="X3",
        message="predict(ntree_limit=) and best_ntree_limit were removed in 2.0; use "
        "iteration_range and best_iteration",
        replacement="predict(X, iteration_range=(0, model.best_iteration + 1))",
        signatures=(unexpected_kwarg(["ntree_limit"]), object_no_attribute(["best_ntree_limit"])),
        matchers=(
            Call(
                methods=("predict", "predict_proba", "apply", "inplace_predict"), check=_ntree_limit
            ),
            Attr(names=("best_ntree_limit",), check=_best_ntree_limit),
        ),
        examples=(
            (
                "p = model.predict_proba(X, ntree_limit=model.best_ntree_limit)",
                "p = model.predict_proba(X, iteration_range=(0, model.best_iteration + 1))",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import xgboost as xgb\nm = xgb.XGBClassifier(n_estimators=5).fit(X, y)\n"
                "p = m.predict(X, ntree_limit=3)"
            ),
        ),
    ),
    Rule(
        id="XGB003",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue="X4 X5",
        message="tree_method='gpu_hist', predictor= and gpu_id= were removed; use "
        "tree_method='hist' with device='cuda[:N]'",
        replacement="tree_method='hist', device='cuda'",
        signatures=(
            r"Invalid Input: 'gpu_hist'",
            r"Parameters: \{.*'(gpu_id|predictor)'.*\} (might not be|are not) used",
            r"[`']gpu_id[`'] has been (deprecated|removed)",
        ),
        matchers=(
            Call(functions=ESTIMATORS, check=_gpu_call),
            Node(types=("Dict",), check=_gpu_dict),
        ),
        examples=(
            (
                "import xgboost as xgb\nm = xgb.XGBRegressor(tree_method='gpu_hist', gpu_id=1)\n"
                "params = {'tree_method': 'gpu_hist', 'predictor': 'gpu_predictor'}",
                "import xgboost as xgb\nm = xgb.XGBRegressor(tree_method='hist', device='cuda:1')\n"
                "params = {'tree_method': 'hist', 'device': 'cuda'}",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import xgboost as xgb\n"
                "m = xgb.XGBClassifier(n_estimators=5, tree_method='gpu_hist', gpu_id=0)\n"
                "p = m.get_xgb_params()['device']\n"
                "assert p == 'cuda:0' or p is None\n"
                "m.fit(X, y)"
            ),
        ),
    ),
    Rule(
        id="XGB004",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="X6",
        message="xgb.train(feval=) was removed in 3.0; with a built-in objective custom_metric= "
        "receives transformed predictions (feval got raw margins from 1.2 to 2.x: drop a link "
        "applied by hand)",
        replacement="xgb.train(params, dtrain, custom_metric=f)",
        signatures=(unexpected_kwarg(["feval"]),),
        matchers=(
            kwarg_rename("feval", "custom_metric", functions=("xgboost.train", "xgboost.cv")),
        ),
        examples=(
            (
                "import xgboost as xgb\nb = xgb.train(params, dtrain, 100, feval=gini)",
                "import xgboost as xgb\nb = xgb.train(params, dtrain, 100, custom_metric=gini)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "import xgboost as xgb\nd = xgb.DMatrix(X, y)\n"
                "b = xgb.train({}, d, 3, feval=lambda p, d: ('e', 0.0))"
            ),
        ),
    ),
    Rule(
        id="XGB005",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="X7",
        message="use_label_encoder and silent are no longer parameters and 'reg:linear' is "
        "'reg:squarederror'",
        replacement="drop use_label_encoder; verbosity=0; objective='reg:squarederror'",
        signatures=(
            r"Parameters: \{.*(use_label_encoder|silent).*\} (might not be|are not) used",
            r"reg:linear",
        ),
        matchers=(
            kwarg_drop("use_label_encoder", functions=ESTIMATORS),
            Call(functions=ESTIMATORS, check=_silent),
            kwarg_value("objective", {"reg:linear": "reg:squarederror"}, functions=ESTIMATORS),
            Node(types=("Dict",), check=_objective_dict),
        ),
        examples=(
            (
                "import xgboost as xgb\n"
                "m = xgb.XGBClassifier(use_label_encoder=False, silent=True)\n"
                "r = xgb.XGBRegressor(objective='reg:linear')",
                "import xgboost as xgb\nm = xgb.XGBClassifier(verbosity=0)\n"
                "r = xgb.XGBRegressor(objective='reg:squarederror')",
            ),
        ),
    ),
    Rule(
        id="XGB006",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="X8",
        message="XGBoost's default tree_method became 'hist' in 2.0; pin tree_method='exact' to "
        "reproduce",
        replacement="XGBClassifier(tree_method='exact')",
        matchers=(pin_default("tree_method", "exact", functions=ESTIMATORS),),
        examples=(
            (
                "import xgboost as xgb\nm = xgb.XGBClassifier(max_depth=4)",
                "import xgboost as xgb\nm = xgb.XGBClassifier(max_depth=4, tree_method='exact')",
            ),
        ),
    ),
    Rule(
        id="XGB007",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="X9",
        message="base_score is estimated from the data since 2.0 (was 0.5); pin base_score=0.5 "
        "to reproduce",
        replacement="XGBClassifier(base_score=0.5)",
        matchers=(pin_default("base_score", 0.5, functions=ESTIMATORS),),
        examples=(
            (
                "import xgboost as xgb\nm = xgb.XGBRegressor()",
                "import xgboost as xgb\nm = xgb.XGBRegressor(base_score=0.5)",
            ),
        ),
    ),
    Rule(
        id="XGB008",
        library=LIB,
        changed_in="3.1",
        safety=MANUAL,
        catalogue="X10",
        message="the old binary model format can no longer be loaded (3.1); re-save it as JSON/"
        "UBJSON with an older XGBoost",
        replacement="model.save_model('model.json') with XGBoost < 3.1",
        signatures=(r"binary format", r"deprecated binary"),
        matchers=(
            Call(methods=("load_model",), check=_old_model_file),
            Call(functions=("xgboost.Booster",), check=_old_model_file),
        ),
        examples=(("import xgboost as xgb\nb = xgb.Booster(model_file='xgb.model')", None),),
    ),
    Rule(
        id="XGB009",
        library=LIB,
        changed_in="0.7",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="the receiver is an XGBoost estimator",
        message="XGBModel.booster() became get_booster() in 0.7 (booster is now the 'gbtree'/"
        "'gblinear' parameter)",
        replacement="model.get_booster().get_fscore()",
        why=f"0.7 made the booster type a constructor parameter and renamed the method that "
        f"returns the fitted Booster ({NEWS}, v0.7).",
        signatures=(r"'(NoneType|str)' object is not callable",),
        matchers=(Call(methods=("booster",), receivers=ESTIMATORS, check=_booster_method),),
        examples=(
            (
                "import xgboost as xgb\nmodel = xgb.XGBClassifier()\nmodel.fit(X, y)\n"
                "scores = model.booster().get_fscore()",
                "import xgboost as xgb\nmodel = xgb.XGBClassifier()\nmodel.fit(X, y)\n"
                "scores = model.get_booster().get_fscore()",
            ),
        ),
        proofs=(
            _CASE_XGB
            + (
                "m = xgb.XGBClassifier(n_estimators=3)\n"
                "m.fit(X, y)\nscores = m.booster().get_fscore()"
            ),
        ),
    ),
    Rule(
        id="XGB010",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="release-notes",
        message="xgb.train/cv(learning_rates=) was removed in 1.0; use "
        "callbacks=[xgb.callback.LearningRateScheduler(rates)]",
        replacement="xgb.train({**params, 'learning_rate': 0.3}, dtrain, 3, "
        "callbacks=[xgb.callback.LearningRateScheduler([0.2, 0.1, 0.1])])",
        why=f"1.0 removed learning_rates for the callback API ({NEWS}, v1.0.0, 'Some deprecated "
        "features have been removed'). learning_rates set rate i before round i; the scheduler "
        "sets rate i after round i, and round 0 runs at the parameters' rate: the first rate "
        "becomes the parameters' learning_rate and the scheduler gets the rest. A function took "
        "(round, number of rounds), and rates computed at run time cannot be shifted: reported.",
        signatures=(r"(train|cv)\(\) got an unexpected keyword argument 'learning_rates'",),
        matchers=(Call(functions=("xgboost.train", "xgboost.cv"), check=_learning_rates),),
        examples=(
            (
                "import xgboost as xgb\nb = xgb.train(params, dtrain, 3, "
                "learning_rates=[0.3, 0.2, 0.1])\nc = xgb.cv({'max_depth': 3}, dtrain, 100, "
                "learning_rates=[0.05] * 100)\nd = xgb.train(params, dtrain, 3, "
                "learning_rates=lambda i, n: 0.1)",
                "import xgboost as xgb\nb = xgb.train({**params, 'learning_rate': 0.3}, dtrain, 3, "
                "callbacks=[xgb.callback.LearningRateScheduler([0.2, 0.1, 0.1])])\n"
                "c = xgb.cv({'max_depth': 3, 'learning_rate': 0.05}, dtrain, 100, "
                "callbacks=[xgb.callback.LearningRateScheduler([0.05] * 100)])\n"
                "d = xgb.train(params, dtrain, 3, learning_rates=lambda i, n: 0.1)",
            ),
        ),
        proofs=(_CASE_XGB + "b = xgb.train({}, dtrain, 3, learning_rates=[0.3, 0.2, 0.1])",),
    ),
    Rule(
        id="XGB011",
        library=LIB,
        changed_in="1.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="tree_method='gpu_exact', 'gpu:' objectives (1.0) and updater='gpu_coord_descent' "
        "(3.1) were removed; the CPU name with device='cuda'",
        replacement="tree_method='hist', objective='binary:logistic', device='cuda'",
        why=f"1.0 removed gpu_exact (use hist on the GPU) and the gpu:-prefixed objectives (the "
        f"device is chosen separately) ({NEWS}, v1.0.0); 3.1 removed gpu_coord_descent with the "
        f"other GPU names deprecated in 2.0 ({_changes('3.1.0')}). gpu_exact becomes hist, "
        "another algorithm: review the numbers.",
        signatures=(
            r"Invalid Input: 'gpu_exact'",
            r"Unknown objective function: `gpu:",
            r"`gpu_coord_descent` is (deprecated|removed)",
        ),
        matchers=(
            Call(functions=ESTIMATORS, check=_old_gpu_call),
            Node(types=("Dict",), check=_old_gpu_dict),
        ),
        examples=(
            (
                "import xgboost as xgb\n"
                "m = xgb.XGBClassifier(tree_method='gpu_exact', objective='gpu:binary:logistic')\n"
                "params = {'updater': 'gpu_coord_descent', 'booster': 'gblinear'}",
                "import xgboost as xgb\n"
                "m = xgb.XGBClassifier(tree_method='hist', objective='binary:logistic', "
                "device='cuda')\n"
                "params = {'updater': 'coord_descent', 'booster': 'gblinear', 'device': 'cuda'}",
            ),
        ),
        proofs=(
            _CASE_XGB
            + (
                "m = xgb.XGBClassifier(n_estimators=3, objective='gpu:binary:logistic')\n"
                "m.fit(X, y)"
            ),
            _CASE_XGB + "b = xgb.train({'tree_method': 'gpu_exact'}, dtrain, 2)",
            _CASE_XGB
            + "b = xgb.train({'booster': 'gblinear', 'updater': 'gpu_coord_descent'}, dtrain, 2)",
        ),
    ),
    Rule(
        id="XGB012",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="release-notes",
        message="xgb.DeviceQuantileDMatrix was removed in 3.0; use xgb.QuantileDMatrix",
        replacement="xgb.QuantileDMatrix(X, y)",
        why=f"1.7 renamed DeviceQuantileDMatrix to QuantileDMatrix (it now takes CPU data too; "
        f"{NEWS}, v1.7.0) and 3.0 removed the old name ({_changes('3.0.0')}).",
        signatures=(
            no_attribute("xgboost", ["DeviceQuantileDMatrix"]),
            cannot_import(["DeviceQuantileDMatrix"], r"xgboost"),
        ),
        matchers=(Symbol(old="xgboost.DeviceQuantileDMatrix", new="xgboost.QuantileDMatrix"),),
        examples=(
            (
                "import xgboost as xgb\ndtrain = xgb.DeviceQuantileDMatrix(X, y, max_bin=256)",
                "import xgboost as xgb\ndtrain = xgb.QuantileDMatrix(X, y, max_bin=256)",
            ),
        ),
        proofs=(_CASE_XGB + "d = xgb.DeviceQuantileDMatrix(X, y)\nb = xgb.train({}, d, 2)",),
    ),
    Rule(
        id="XGB013",
        library=LIB,
        changed_in="1.4",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="the receiver is an XGBoost estimator (Booster.predict still takes data=)",
        message="the estimators' predict(data=) is predict(X=) since 1.4",
        replacement="model.predict_proba(X=X_test)",
        why=f"1.4 renamed the data argument of the scikit-learn interface's prediction methods to "
        f"X ({NEWS}, v1.4.0, 'Breaking change').",
        signatures=(
            r"XGB\w*\.(predict|predict_proba|apply)\(\) got an unexpected keyword argument "
            r"'data'",
        ),
        matchers=(
            kwarg_rename(
                "data",
                "X",
                methods=("predict", "predict_proba", "apply"),
                receivers=ESTIMATORS,
            ),
        ),
        examples=(
            (
                "import xgboost as xgb\nmodel = xgb.XGBClassifier()\nmodel.fit(X, y)\n"
                "p = model.predict_proba(data=X_test)",
                "import xgboost as xgb\nmodel = xgb.XGBClassifier()\nmodel.fit(X, y)\n"
                "p = model.predict_proba(X=X_test)",
            ),
        ),
        proofs=(
            _CASE_XGB
            + "m = xgb.XGBClassifier(n_estimators=3)\nm.fit(X, y)\np = m.predict_proba(data=X)",
        ),
    ),
    Rule(
        id="XGB014",
        library=LIB,
        changed_in="0.82",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="release-notes",
        message="feature_importances_ is gain-based since 0.82 (was split counts); pin "
        "importance_type='weight' to reproduce",
        replacement="XGBClassifier(importance_type='weight')",
        why=f"0.82 added importance_type to the scikit-learn interface with 'gain' as its default "
        f"({NEWS}, v0.82, #3876); before, feature_importances_ normalized get_fscore(), the "
        "number of splits on each feature. A gblinear model's importances are its weights "
        "either way.",
        matchers=(
            pin_default(
                "importance_type",
                "weight",
                functions=ESTIMATORS,
                unless=lambda site: site.value("booster") == "gblinear",
            ),
        ),
        examples=(
            (
                "import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=50)",
                "import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=50, "
                "importance_type='weight')",
            ),
        ),
    ),
    Rule(
        id="XGB015",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="release-notes",
        message="the default evaluation metric of classification became logloss/mlogloss in 1.3 "
        "(was error/merror); pin eval_metric to reproduce",
        replacement="XGBClassifier(objective='binary:logistic', eval_metric='error')",
        why=f"1.3 changed the default metric of binary:logistic to logloss and of multi:softmax/"
        f"softprob to mlogloss ({NEWS}, v1.3.0, 'Breaking'); early stopping then stops at another "
        "round, and evals_result() holds 'logloss' where the notebook reads 'error'. Only an "
        "explicit objective says which metric was the default.",
        matchers=(
            Call(functions=ESTIMATORS, check=_old_metric_call),
            Node(types=("Dict",), check=_old_metric_dict),
        ),
        examples=(
            (
                "import xgboost as xgb\nm = xgb.XGBClassifier(objective='binary:logistic')\n"
                "params = {'objective': 'multi:softprob', 'num_class': 3}",
                "import xgboost as xgb\nm = xgb.XGBClassifier(objective='binary:logistic', "
                "eval_metric='error')\n"
                "params = {'objective': 'multi:softprob', 'num_class': 3, 'eval_metric': 'merror'}",
            ),
        ),
    ),
]
