"""XGBoost: fit-time settings moved to the estimator, GPU and legacy parameters (catalogue §9)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    object_no_attribute,
    pin_default,
    qualify,
    unexpected_kwarg,
)
from ..matchers import MISSING, Attr, Call, Node, Outcome, Site, literal
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule

LIB = "xgboost"
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
    ),
    Rule(
        id="XGB004",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="X6",
        message="xgb.train(feval=) was removed in 3.0; custom_metric= receives raw predictions "
        "(apply the link yourself)",
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
]
