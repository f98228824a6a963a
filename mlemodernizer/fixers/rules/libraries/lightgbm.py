"""LightGBM 4: training options became callbacks (catalogue §10)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import qualify
from ..matchers import NOT_LITERAL, Call, Outcome, Site
from ..model import REVIEW, SAFE, SAFE_IF, Rule

LIB = "lightgbm"
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
    if value is False or value == 0:
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
    ),
    Rule(
        id="LGB002",
        library=LIB,
        changed_in="4.0",
        safety=SAFE_IF,
        catalogue="L2 L5",
        condition="lgb.train/lgb.cv, or fit on a LightGBM estimator",
        message="verbose_eval= (train) and verbose= (fit) were removed in LightGBM 4.0; use "
        "callbacks=[lgb.log_evaluation(n)]",
        replacement="callbacks=[lgb.log_evaluation(100)]",
        signatures=(UNEXPECTED.format("verbose_eval"), UNEXPECTED.format("verbose")),
        matchers=(
            *_matchers("verbose_eval", "log_evaluation", _period, methods=False),
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
]
