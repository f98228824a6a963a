"""statsmodels: the old ARMA/ARIMA/AR estimators removed in 0.13, Holt-Winters and tsa keywords
renamed in 0.11-0.12 and removed since, defaults that changed (kpss, acf, plot_pacf,
acorr_ljungbox), GLM link classes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_attribute,
    pin_default,
    unexpected_kwarg,
)
from ..matchers import MISSING, NOT_LITERAL, Call, Node, Outcome, Site, Symbol, literal
from ..model import REVIEW, SAFE, Rule

LIB = "statsmodels"

# setups the rules' proofs share
_CASE_TS = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "y = pd.Series(50 + np.cumsum(rng.normal(size=72)) + 5 * "
    "np.sin(np.arange(72) * np.pi / 6), index=pd.date_range('2000-01-01', "
    "periods=72, freq='MS'))\n"
)
NEW_ARIMA = "statsmodels.tsa.arima.model.ARIMA"
LINK_MODULES = (
    "statsmodels.genmod.families.links.",
    "statsmodels.api.families.links.",
    "statsmodels.genmod.api.families.links.",
)
LINK_ALIASES = {
    "logit": "Logit",
    "log": "Log",
    "logc": "LogC",
    "identity": "Identity",
    "probit": "Probit",
    "cauchy": "Cauchy",
    "cloglog": "CLogLog",
    "loglog": "LogLog",
    "inverse_power": "InversePower",
    "inverse_squared": "InverseSquared",
    "sqrt": "Sqrt",
    "nbinom": "NegativeBinomial",
}
FAMILIES = tuple(
    f"{m}.{f}"
    for m in (
        "statsmodels.genmod.families",
        "statsmodels.api.families",
        "statsmodels.genmod.families.family",
    )
    for f in (
        "Binomial",
        "Poisson",
        "Gaussian",
        "Gamma",
        "InverseGaussian",
        "NegativeBinomial",
        "Tweedie",
    )
)
PLOT_PREDICT = "statsmodels.graphics.tsaplots.plot_predict"
LJUNGBOX = (
    "statsmodels.stats.diagnostic.acorr_ljungbox",
    "statsmodels.api.stats.acorr_ljungbox",
    "statsmodels.stats.api.acorr_ljungbox",
)
STATTOOLS = (
    "statsmodels.tsa.stattools",
    "statsmodels.tsa.api",
    "statsmodels.api.tsa",
    "statsmodels.api.tsa.stattools",
)
TSAPLOTS = (
    "statsmodels.graphics.tsaplots",
    "statsmodels.api.graphics.tsa",
    "statsmodels.graphics.api.tsa",
)


def _in(modules: tuple[str, ...], *names: str) -> tuple[str, ...]:
    return tuple(f"{m}.{n}" for m in modules for n in names)


# every spelling of the removed class: the module itself and the two namespaces re-exporting it
ARMA = (
    "statsmodels.tsa.arima_model.ARMA",
    "statsmodels.tsa.api.ARMA",
    "statsmodels.api.tsa.ARMA",
)
# ARMA.fit's keywords that the new ARIMA.fit does not take (trend moves to the constructor;
# the rest chose the old optimizer and its printing)
OLD_FIT_KEYWORDS = (
    "method",
    "transparams",
    "solver",
    "maxiter",
    "full_output",
    "disp",
    "callback",
    "start_ar_lags",
)
# what only the old ARMA/ARIMA fit took, and what other models' fit() share with it
ARMA_METHODS = ("css-mle", "mle", "css")
ARMA_ONLY = ("trend", "transparams", "solver", "start_ar_lags")
SHARED_FIT_KEYWORDS = ("maxiter", "full_output", "callback")
# old trend codes → the new constructor's: 'nc' (no constant) is 'n'
TRENDS = {"c": "c", "nc": "n"}


def _pq_order(node: cst.BaseExpression) -> cst.Tuple | None:
    """``(p, q)`` as the new ``(p, 0, q)``; None when the order is not a literal pair."""
    if not isinstance(node, cst.Tuple | cst.List) or len(node.elements) != 2:
        return None
    p, q = (e.value for e in node.elements)
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return cst.Tuple(
        [cst.Element(p, comma=comma), cst.Element(cst.Integer("0"), comma=comma), cst.Element(q)]
    )


def _arma(site: Site) -> Outcome | None:
    """ARMA(endog, order=(p, q), exog=...) → ARIMA(endog, order=(p, 0, q), exog=...); the name
    itself is renamed by the Symbol matchers (imports included)."""
    pos = site.positional()
    order = site.kwarg("order")
    order_node = order.value if order is not None else (pos[1].value if len(pos) > 1 else None)
    if order_node is None or _pq_order(order_node) is None or len(pos) > 2 or site.has_star():
        return Outcome(fix=None)  # an order we cannot read: reported, not rewritten

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = []
        for i, a in enumerate(node.args):
            named = a.keyword is not None and a.keyword.value == "order"
            if named or (a.keyword is None and i == 1):
                a = a.with_changes(value=_pq_order(a.value) or a.value)
            if not named and a.keyword is None and i == 1:
                # the new ARIMA's second parameter is exog: the order goes by name
                a = edits.kwarg("order", a.value).with_changes(comma=a.comma)
            args.append(a)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _trend_value(arg: cst.Arg | None) -> str | None:
    value = literal(arg.value) if arg is not None else None
    return TRENDS.get(value) if isinstance(value, str) else None


def _arma_fit(site: Site) -> Outcome | None:
    """ARMA(...).fit(trend=..., disp=-1, ...): the old optimizer's keywords go; trend='c' is the
    new default and goes too; another trend moves to the constructor (SM001's cell rewrite).

    The receiver is seldom proven (the model may come from another cell), and other models'
    fit() share some of these names (Logit.fit(method='bfgs', maxiter=100)): method= goes only
    with an old ARMA method, and maxiter/full_output/callback only beside a keyword only the old
    ARMA fit had."""
    method = site.value("method")
    arma_method = method in ARMA_METHODS
    only_arma = arma_method or any(site.kwarg(n) for n in ARMA_ONLY)
    old = [
        n
        for n in OLD_FIT_KEYWORDS
        if site.kwarg(n) is not None
        and (n != "method" or arma_method)
        and (n not in SHARED_FIT_KEYWORDS or only_arma)
    ]
    trend = site.kwarg("trend")
    default_trend = trend is not None and _trend_value(trend) == "c"
    if not old and not default_trend:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.drop_kwargs(node, *old, *(("trend",) if default_trend else ()))

    return Outcome(fix=fix, proven=site.proven)


def _assigned_call(stmt: cst.CSTNode) -> tuple[str, cst.Call] | None:
    """``name = Call(...)`` as (name, call)."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    if isinstance(target, cst.Name) and isinstance(small.value, cst.Call):
        return target.value, small.value
    return None


class _FitTrend(cst.CSTVisitor):
    """Finds ``name.fit(..., trend=...)`` for the given model names."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.found: dict[str, str] = {}

    def visit_Call(self, node: cst.Call) -> None:
        f = node.func
        if (
            isinstance(f, cst.Attribute)
            and f.attr.value == "fit"
            and isinstance(f.value, cst.Name)
            and f.value.value in self.names
        ):
            value = _trend_value(next((a for a in node.args if _is_kw(a, "trend")), None))
            if value is not None and value != "c":
                self.found[f.value.value] = value


def _is_kw(arg: cst.Arg, name: str) -> bool:
    return arg.keyword is not None and arg.keyword.value == name


class _MoveTrend(cst.CSTTransformer):
    """Puts ``trend=`` into each model's constructor and takes it out of its ``fit``."""

    def __init__(self, trends: dict[str, str]) -> None:
        self.trends = trends

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign:
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        value = updated.value
        # only the model's construction (already renamed), not any other binding of the name
        if (
            isinstance(target, cst.Name)
            and target.value in self.trends
            and isinstance(value, cst.Call)
            and edits.code(value.func).endswith("ARIMA")
        ):
            trend = edits.string(self.trends[target.value])
            return updated.with_changes(value=edits.set_kwarg(value, "trend", trend))
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        f = updated.func
        if (
            isinstance(f, cst.Attribute)
            and f.attr.value == "fit"
            and isinstance(f.value, cst.Name)
            and f.value.value in self.trends
        ):
            return edits.drop_kwargs(updated, "trend")
        return updated


def _arma_trend(site: Site) -> Outcome | None:
    """In one cell: ``m = ARMA(...)`` then ``m.fit(trend='nc')``: the trend is the new
    constructor's argument (``trend='n'``), as the fit no longer takes it."""
    module: cst.Module = site.node
    models = set()
    for stmt in module.body:
        found = _assigned_call(stmt)
        if found and site.resolve(found[1].func) in ARMA:
            models.add(found[0])
    if not models:
        return None
    finder = _FitTrend(models)
    module.visit(finder)
    if not finder.found:
        return None
    trends = dict(finder.found)

    def fix(node: cst.Module, refs: Any) -> cst.Module:
        return node.visit(_MoveTrend(trends))

    return Outcome(fix=fix, outer=True)


# --- constructor/fit pairs: what moved from fit() to the model ---------------------------------

OLD_ARIMA = "statsmodels.tsa.arima_model.ARIMA"
# statsmodels.tsa.api.ARIMA was the old class until 0.13; it is the new one now: a call is the
# old one only where it shows it (the order by position, or an old fit keyword)
API_ARIMA = ("statsmodels.tsa.api.ARIMA", "statsmodels.api.tsa.ARIMA")
AR_OLD = ("statsmodels.tsa.ar_model.AR", "statsmodels.tsa.api.AR", "statsmodels.api.tsa.AR")
AUTOREG = "statsmodels.tsa.ar_model.AutoReg"
HOLTWINTERS = tuple(
    f"{m}.{c}"
    for m in (
        "statsmodels.tsa.holtwinters",
        "statsmodels.tsa.holtwinters.model",
        "statsmodels.tsa.api",
        "statsmodels.api.tsa",
    )
    for c in ("ExponentialSmoothing", "Holt", "SimpleExpSmoothing")
)
HEURISTIC_MODELS = tuple(q for q in HOLTWINTERS if not q.endswith("ExponentialSmoothing"))
AR_FIT_KEYWORDS = ("method", "maxiter", "disp", "callback", "full_output", "solver", "transparams")


def _literal_order(node: cst.BaseExpression | None) -> tuple[Any, ...] | None:
    value = literal(node) if node is not None else NOT_LITERAL
    return tuple(value) if isinstance(value, tuple | list) else None


def _order_arg(call: cst.Call) -> cst.BaseExpression | None:
    for a in call.args:
        if a.keyword is not None and a.keyword.value == "order":
            return a.value
    pos = [a for a in call.args if a.keyword is None and not a.star]
    return pos[1].value if len(pos) > 1 else None


def _kw(call: cst.Call, name: str) -> cst.Arg | None:
    return next((a for a in call.args if _is_kw(a, name)), None)


@dataclass
class Plan:
    """What one model's constructor gains and its fit() loses."""

    ctor: dict[str, cst.BaseExpression] = field(default_factory=dict)
    drop: tuple[str, ...] = ()
    rename: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ctor or self.drop or self.rename)


def _arima_plan(qname: str, ctor: cst.Call, fit: cst.Call | None) -> Plan | None:
    """The old ARIMA: the fit's optimizer keywords go; its trend (default 'c') moves to the model:
    with d = 0 'nc' is 'n'; with d = 1 the old constant was a drift, trend='t'."""
    fit_kws = [n for n in (*OLD_FIT_KEYWORDS, "trend") if fit is not None and _kw(fit, n)]
    positional = len([a for a in ctor.args if a.keyword is None]) > 1
    if qname in API_ARIMA and not positional and not fit_kws:
        return None  # written for the new ARIMA
    order = _literal_order(_order_arg(ctor))
    trend_arg = _kw(fit, "trend") if fit is not None else None
    old_trend = literal(trend_arg.value) if trend_arg is not None else "c"
    plan = Plan(drop=tuple(n for n in fit_kws if n != "trend"))
    d = order[1] if order is not None and len(order) == 3 else None
    if old_trend not in ("c", "nc") or not isinstance(d, int) or d > 1:
        return plan  # the trend stays where it was: reported by its error
    new = {(0, "nc"): "n", (1, "c"): "t"}.get((d, old_trend))
    if new is not None and _kw(ctor, "trend") is None:
        plan.ctor["trend"] = edits.string(new)
    if trend_arg is not None:
        plan.drop += ("trend",)
    return plan


def _ar_plan(qname: str, ctor: cst.Call, fit: cst.Call | None) -> Plan | None:
    """AR(y).fit(maxlag=p, trend=...) → AutoReg(y, lags=p, trend=...).fit(); without maxlag the
    old default was round(12 * (nobs / 100) ** (1 / 4)) lags; with ic= the order was selected."""
    if fit is None or _kw(fit, "ic") is not None:
        return None
    plan = Plan(drop=tuple(n for n in ("maxlag", "trend", *AR_FIT_KEYWORDS) if _kw(fit, n)))
    maxlag = _kw(fit, "maxlag")
    endog = ctor.args[0].value if ctor.args and ctor.args[0].keyword is None else None
    if maxlag is not None:
        plan.ctor["lags"] = maxlag.value
    elif endog is not None and isinstance(endog, cst.Name):
        plan.ctor["lags"] = edits.expr(f"int(round(12 * (len({endog.value}) / 100.0) ** 0.25))")
    else:
        return None
    trend = _kw(fit, "trend")
    if trend is not None:
        value = literal(trend.value)
        if value not in ("c", "nc"):
            return None
        plan.ctor["trend"] = edits.string("n" if value == "nc" else "c")
    return plan


def _boxcox_plan(qname: str, ctor: cst.Call, fit: cst.Call | None) -> Plan | None:
    """fit(use_boxcox=) moved to the model in 0.12 (removed from fit in 0.15)."""
    boxcox = _kw(fit, "use_boxcox") if fit is not None else None
    if boxcox is None or _kw(ctor, "use_boxcox") is not None:
        return None
    return Plan(ctor={"use_boxcox": boxcox.value}, drop=("use_boxcox",))


def _init_plan(qname: str, ctor: cst.Call, fit: cst.Call | None) -> Plan | None:
    """SimpleExpSmoothing and Holt need an initialization_method (None, the pre-0.12 way, is
    refused since 0.15): a fit with optimized=False used the 0.11 heuristic start values as they
    were ('legacy-heuristic'); an optimized one estimated them ('estimated')."""
    if _kw(ctor, "initialization_method") is not None:
        return None
    if len([a for a in ctor.args if a.keyword is None]) > 1:
        return None
    optimized = _kw(fit, "optimized") if fit is not None else None
    fixed = optimized is not None and literal(optimized.value) is False
    method = "legacy-heuristic" if fixed else "estimated"
    return Plan(ctor={"initialization_method": edits.string(method)})


def _apply_plan(ctor: cst.Call, fit: cst.Call, plan: Plan) -> tuple[cst.Call, cst.Call]:
    for name, value in plan.ctor.items():
        ctor = edits.set_kwarg(ctor, name, value)
    fit = edits.drop_kwargs(fit, *plan.drop)
    for old, new in plan.rename.items():
        fit = edits.rename_kwarg(fit, old, new)
    return ctor, fit


def _chained(planner: Any, qnames: tuple[str, ...]) -> Any:
    """``Model(...).fit(...)`` in one expression."""

    def check(site: Site) -> Outcome | None:
        func = site.node.func
        ctor = func.value if isinstance(func, cst.Attribute) else None
        if not isinstance(ctor, cst.Call):
            return None
        qname = site.resolve(ctor.func)
        if qname not in qnames:
            return None
        plan = planner(qname, ctor, site.node)
        if not plan:
            return None

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            receiver = node.func.value  # type: ignore[attr-defined]
            new_ctor, new_fit = _apply_plan(receiver, node, plan)
            return new_fit.with_changes(func=node.func.with_changes(value=new_ctor))  # type: ignore[attr-defined]

        return Outcome(fix=fix, outer=True)

    return check


class _Planned(cst.CSTTransformer):
    """Applies each model's plan: on ``name = Model(...)`` and on ``name.fit(...)``; and reads
    of a results attribute that is gone (``res.k_ar``) on the names the fits were bound to."""

    def __init__(self, plans: dict[str, Plan], results: set[str], attrs: dict[str, str]) -> None:
        self.plans = plans
        self.results = results
        self.attrs = attrs

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign:
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        if (
            isinstance(target, cst.Name)
            and target.value in self.plans
            and isinstance(updated.value, cst.Call)
        ):
            ctor = updated.value
            for name, value in self.plans[target.value].ctor.items():
                ctor = edits.set_kwarg(ctor, name, value)
            return updated.with_changes(value=ctor)
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        f = updated.func
        if (
            isinstance(f, cst.Attribute)
            and f.attr.value == "fit"
            and isinstance(f.value, cst.Name)
            and f.value.value in self.plans
        ):
            plan = self.plans[f.value.value]
            updated = edits.drop_kwargs(updated, *plan.drop)
            for old, new in plan.rename.items():
                updated = edits.rename_kwarg(updated, old, new)
        return updated

    def leave_Attribute(
        self, original: cst.Attribute, updated: cst.Attribute
    ) -> cst.BaseExpression:
        value = updated.value
        if (
            isinstance(value, cst.Name)
            and value.value in self.results
            and updated.attr.value in self.attrs
        ):
            return edits.expr(self.attrs[updated.attr.value].format(value.value))
        return updated


def _fit_results(
    module: cst.Module, models: set[str], site: Site, qnames: tuple[str, ...]
) -> set[str]:
    """The names ``res = m.fit(...)`` / ``res = Model(...).fit(...)`` bind in the cell."""
    found = set()
    for stmt in module.body:
        assigned = _assigned_call(stmt)
        if not assigned:
            continue
        name, call = assigned
        f = call.func
        if not (isinstance(f, cst.Attribute) and f.attr.value == "fit"):
            continue
        receiver = f.value
        if (
            isinstance(receiver, cst.Name)
            and receiver.value in models
            or isinstance(receiver, cst.Call)
            and site.resolve(receiver.func) in qnames
        ):
            found.add(name)
    return found


def _in_cell(planner: Any, qnames: tuple[str, ...], attrs: dict[str, str] | None = None) -> Any:
    """In one cell: ``m = Model(...)`` then ``m.fit(...)``; ``attrs``: results attributes that
    are gone, as an expression of the results' name (``{}``)."""

    def check(site: Site) -> Outcome | None:
        module: cst.Module = site.node
        models: dict[str, tuple[str, cst.Call]] = {}
        for stmt in module.body:
            found = _assigned_call(stmt)
            if found:
                qname = site.resolve(found[1].func)
                if qname in qnames:
                    models[found[0]] = (qname, found[1])
        results = _fit_results(module, set(models), site, qnames) if attrs else set()
        if not models and not results:
            return None
        fits = _FitCalls(set(models))
        module.visit(fits)
        plans = {}
        for name, (qname, ctor) in models.items():
            plan = planner(qname, ctor, fits.found.get(name))
            if plan:
                plans[name] = plan
        if not plans and not results:
            return None
        visitor = _Planned(plans, results, attrs or {})
        return Outcome(fix=lambda node, refs: node.visit(visitor), outer=True)

    return check


class _FitCalls(cst.CSTVisitor):
    """The first ``name.fit(...)`` of each model name."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.found: dict[str, cst.Call] = {}

    def visit_Call(self, node: cst.Call) -> None:
        f = node.func
        if (
            isinstance(f, cst.Attribute)
            and f.attr.value == "fit"
            and isinstance(f.value, cst.Name)
            and f.value.value in self.names
        ):
            self.found.setdefault(f.value.value, node)


def _order_keyword(site: Site) -> Outcome | None:
    """The old ARIMA(endog, order, exog): the new one's second parameter is exog."""
    pos = site.positional()
    if site.qname in API_ARIMA and len(pos) < 2:
        return None  # the new ARIMA, written for it
    if len(pos) < 2 or site.kwarg("order") is not None or site.has_star():
        return None if len(pos) < 2 else Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: edits.positional_to_keywords(node, ["order", "exog"], start=1)
    )


def _ljungbox_unpacked(site: Site) -> Outcome | None:
    """``lb, p = acorr_ljungbox(...)``."""
    node: cst.Assign = site.node
    if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Tuple | cst.List):
        return None
    call = node.value
    if not isinstance(call, cst.Call) or site.resolve(call.func) not in LJUNGBOX:
        return None
    rdf = _kw(call, "return_df")
    if rdf is not None and literal(rdf.value) is True:
        return None

    def fix(assign: cst.Assign, refs: Any) -> cst.Assign:
        value = assign.value
        if not isinstance(value, cst.Call):
            return assign
        value = edits.drop_kwargs(value, "return_df")
        rows = cst.Attribute(value=edits.method_call(value, "to_numpy"), attr=cst.Name("T"))
        return assign.with_changes(value=rows)

    return Outcome(fix=fix)


def _ljungbox_indexed(site: Site) -> Outcome | None:
    """``acorr_ljungbox(...)[1]``: the p-values by position (a column name is today's API)."""
    subscript = site.extra.get("subscript")
    if subscript is None or len(subscript.slice) != 1:
        return None
    index = subscript.slice[0].slice
    if not isinstance(index, cst.Index) or not isinstance(literal(index.value), int):
        return None
    rdf = site.kwarg("return_df")
    if rdf is not None and literal(rdf.value) is True:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        node = edits.drop_kwargs(node, "return_df")
        return cst.Attribute(value=edits.method_call(node, "to_numpy"), attr=cst.Name("T"))

    return Outcome(fix=fix, outer=True)


def _link_instance(site: Site) -> Outcome | None:
    """Family(link=links.Logit): a link class where an instance is wanted (refused since
    0.13); the class called with no argument is the instance the old code got."""
    arg = site.kwarg("link")
    pos = site.positional()
    value = arg.value if arg is not None else (pos[0].value if pos else None)
    if value is None or isinstance(value, cst.Call):
        return None
    qname = site.resolve(value) or ""
    if not qname.startswith(LINK_MODULES):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for i, a in enumerate(args):
            if _is_kw(a, "link") or (arg is None and a.keyword is None and not a.star):
                args[i] = a.with_changes(value=cst.Call(func=a.value))
                break
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _basinhopping(site: Site) -> Outcome | None:
    """fit(use_basinhopping=True) is fit(method='basinhopping'); False was the default."""
    value = site.value("use_basinhopping")
    if value is MISSING:
        return None
    if value not in (True, False) or site.kwarg("method") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if not value:
            return edits.drop_kwargs(node, "use_basinhopping")
        node = edits.set_kwarg(node, "use_basinhopping", edits.string("basinhopping"))
        return edits.rename_kwarg(node, "use_basinhopping", "method")

    return Outcome(fix=fix, proven=site.proven)


def _plot_predict(site: Site) -> Outcome | None:
    """res.plot_predict(start, end, ...) → plot_predict(res, start, end, ...): the results
    method became a function of statsmodels.graphics.tsaplots; exog= and plot_insample= are
    not its parameters."""
    receiver = site.receiver_node
    if receiver is None or site.has_star():
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return node
        node = edits.drop_kwargs(node, "plot_insample")
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        first = cst.Arg(func.value, comma=comma if node.args else cst.MaybeSentinel.DEFAULT)
        return node.with_changes(func=refs[PLOT_PREDICT], args=[first, *node.args])

    return Outcome(fix=fix, needs=(PLOT_PREDICT,), proven=site.proven)


RULES = [
    Rule(
        id="SM001",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        message="statsmodels' ARMA was removed: statsmodels.tsa.arima.model.ARIMA with "
        "order=(p, 0, q), the trend given to the model, not to fit",
        replacement="ARIMA(y, order=(p, 0, q), trend='n').fit()  (exact MLE: estimates differ "
        "slightly from the old css-mle)",
        signatures=(
            no_attribute("statsmodels.tsa.api", ["ARMA"]),
            r"arima_model\.ARMA and statsmodels\.tsa\.arima_model\.ARIMA have\s+been removed",
            r"fit\(\) got an unexpected keyword argument '(?:trend|disp|transparams|method)'",
        ),
        matchers=(
            *(Symbol(old=name, new=NEW_ARIMA) for name in ARMA),
            Call(functions=ARMA, check=_arma),
            Call(methods=("fit",), receivers=ARMA, check=_arma_fit),
            Node(types=("Module",), check=_arma_trend),
        ),
        examples=(
            (
                "import statsmodels.api as sm\n"
                "arma_mod = sm.tsa.ARMA(y, order=(2, 2))\n"
                "arma_res = arma_mod.fit(trend='nc', disp=-1)",
                "import statsmodels.api as sm\n"
                "from statsmodels.tsa.arima.model import ARIMA\n"
                "arma_mod = ARIMA(y, order=(2, 0, 2), trend='n')\n"
                "arma_res = arma_mod.fit()",
            ),
            (
                "from statsmodels.tsa.arima_model import ARMA\nres = ARMA(y, (1, 1)).fit(disp=0)",
                "from statsmodels.tsa.arima.model import ARIMA\n"
                "res = ARIMA(y, order=(1, 0, 1)).fit()",
            ),
            (
                "import statsmodels.tsa.api as smt\n"
                "m = smt.ARMA(y, order=(1, 1), exog=x)\n"
                "# %%\n"
                "r = m.fit(trend='c', disp=False)",
                "import statsmodels.tsa.api as smt\n"
                "from statsmodels.tsa.arima.model import ARIMA\n"
                "m = ARIMA(y, order=(1, 0, 1), exog=x)\n"
                "# %%\n"
                "r = m.fit()",
            ),
        ),
        proofs=(
            _CASE_TS
            + "from statsmodels.tsa.arima_model import ARMA\nv = ARMA(y, (1, 1)).fit(disp=0)",
        ),
    ),
    Rule(
        id="SM002",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        message="statsmodels' old ARIMA (tsa.arima_model, and sm.tsa.ARIMA before 0.13) was "
        "removed: statsmodels.tsa.arima.model.ARIMA, order= by name, the trend given to the model "
        "(the old constant with d=1 is trend='t'), fit() without the old optimizer keywords",
        replacement="ARIMA(y, order=(p, 1, q), trend='t').fit()  (exact MLE: estimates differ "
        "slightly from the old css-mle; forecast() returns the forecasts only)",
        signatures=(
            r"arima_model\.ARMA and statsmodels\.tsa\.arima_model\.ARIMA have\s+been removed",
            r"fit\(\) got an unexpected keyword argument "
            r"'(?:trend|disp|transparams|method|solver)'",
            r"endog and exog matrices are different sizes",
            r"Unknown keyword arguments: \['typ'\]",
        ),
        matchers=(
            Symbol(old=OLD_ARIMA, new=NEW_ARIMA),
            Call(functions=(OLD_ARIMA, *API_ARIMA), check=_order_keyword),
            Call(methods=("fit",), check=_chained(_arima_plan, (OLD_ARIMA, *API_ARIMA))),
            Node(types=("Module",), check=_in_cell(_arima_plan, (OLD_ARIMA, *API_ARIMA))),
            kwarg_drop("typ", methods=("predict",), when=lambda v: v == "levels"),
        ),
        examples=(
            (
                "from statsmodels.tsa.arima_model import ARIMA\n"
                "model = ARIMA(history, order=(5, 1, 0))\n"
                "model_fit = model.fit(disp=0)\n"
                "pred = model_fit.predict(start=10, end=20, typ='levels')",
                "from statsmodels.tsa.arima.model import ARIMA\n"
                "model = ARIMA(history, order=(5, 1, 0), trend='t')\n"
                "model_fit = model.fit()\n"
                "pred = model_fit.predict(start=10, end=20)",
            ),
            (
                "import statsmodels.api as sm\n"
                "res = sm.tsa.ARIMA(y, (1, 0, 1)).fit(trend='nc', disp=False)",
                "import statsmodels.api as sm\n"
                "res = sm.tsa.ARIMA(y, order=(1, 0, 1), trend='n').fit()",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.arima_model import ARIMA\n"
                "m = ARIMA(y, order=(1, 1, 1))\n"
                "v = m.fit(disp=0)\nf = v.predict(start=60, end=75, typ='levels')"
            ),
            _CASE_TS
            + (
                "import statsmodels.api as sm\n"
                "v = sm.tsa.ARIMA(y, (1, 0, 0)).fit(trend='nc', disp=False)"
            ),
        ),
    ),
    Rule(
        id="SM003",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        message="statsmodels' AR was removed in 0.13: AutoReg(y, lags=p, trend=...).fit() (the "
        "lags the old fit(maxlag=) chose, its default round(12 * (nobs / 100) ** 0.25))",
        replacement="AutoReg(y, lags=p).fit()  (ar_select_order(y, maxlag, ic=...) for fit(ic=))",
        signatures=(r"AR has been removed from statsmodels and replaced with",),
        matchers=(
            *(Symbol(old=q, new=AUTOREG) for q in AR_OLD),
            Call(methods=("fit",), check=_chained(_ar_plan, AR_OLD)),
            Node(types=("Module",), check=_in_cell(_ar_plan, AR_OLD, {"k_ar": "max({}.ar_lags)"})),
        ),
        examples=(
            (
                "from statsmodels.tsa.ar_model import AR\n"
                "model = AR(train)\nmodel_fit = model.fit()\nwindow = model_fit.k_ar",
                "from statsmodels.tsa.ar_model import AutoReg\n"
                "model = AutoReg(train, lags=int(round(12 * (len(train) / 100.0) ** 0.25)))\n"
                "model_fit = model.fit()\nwindow = max(model_fit.ar_lags)",
            ),
            (
                "import statsmodels.api as sm\nres = sm.tsa.AR(x).fit(maxlag=3, trend='nc')",
                "import statsmodels.api as sm\nfrom statsmodels.tsa.ar_model import AutoReg\n"
                "res = AutoReg(x, lags=3, trend='n').fit()",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.ar_model import AR\n"
                "m = AR(y.values)\nv = m.fit(maxlag=3)\n"
                "k = v.k_ar"
            ),
        ),
    ),
    Rule(
        id="SM004",
        library=LIB,
        changed_in="0.15",
        safety=SAFE,
        message="Holt-Winters keywords renamed in 0.12 were removed in 0.15: damped= is "
        "damped_trend=, smoothing_slope= smoothing_trend=, damping_slope= damping_trend=, "
        "use_basinhopping=True method='basinhopping', fit(use_boxcox=) goes to the model",
        replacement="ExponentialSmoothing(y, trend='add', damped_trend=True, use_boxcox=True)"
        ".fit(smoothing_trend=0.1)",
        signatures=(
            unexpected_kwarg(
                ["damped", "smoothing_slope", "damping_slope", "use_basinhopping", "use_boxcox"]
            ),
        ),
        matchers=(
            kwarg_rename("damped", "damped_trend", functions=HOLTWINTERS),
            kwarg_rename("smoothing_slope", "smoothing_trend", methods=("fit",)),
            kwarg_rename("damping_slope", "damping_trend", methods=("fit",)),
            Call(methods=("fit",), check=_basinhopping),
            Call(methods=("fit",), check=_chained(_boxcox_plan, HOLTWINTERS)),
            Node(types=("Module",), check=_in_cell(_boxcox_plan, HOLTWINTERS)),
        ),
        examples=(
            (
                "from statsmodels.tsa.holtwinters import ExponentialSmoothing\n"
                "fit1 = ExponentialSmoothing(aust, seasonal_periods=4, trend='add', "
                "seasonal='add', damped=True).fit(use_boxcox=True)",
                "from statsmodels.tsa.holtwinters import ExponentialSmoothing\n"
                "fit1 = ExponentialSmoothing(aust, seasonal_periods=4, trend='add', "
                "seasonal='add', damped_trend=True, use_boxcox=True).fit()",
            ),
            (
                "from statsmodels.tsa.api import Holt\n"
                "fit2 = Holt(air, initialization_method='estimated').fit("
                "smoothing_level=0.8, smoothing_slope=0.2, optimized=False)",
                "from statsmodels.tsa.api import Holt\n"
                "fit2 = Holt(air, initialization_method='estimated').fit("
                "smoothing_level=0.8, smoothing_trend=0.2, optimized=False)",
            ),
            (
                "fit3 = model.fit(damping_slope=0.98, use_basinhopping=True)",
                "fit3 = model.fit(damping_trend=0.98, method='basinhopping')",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.holtwinters import ExponentialSmoothing\n"
                "v = ExponentialSmoothing(y, trend='add', seasonal='add', "
                "seasonal_periods=12, damped=True).fit(use_boxcox=True)"
            ),
            _CASE_TS
            + (
                "from statsmodels.tsa.api import ExponentialSmoothing\n"
                "v = ExponentialSmoothing(y, trend='add').fit(smoothing_slope=0.1)"
            ),
        ),
    ),
    Rule(
        id="SM005",
        library=LIB,
        changed_in="0.15",
        safety=REVIEW,
        message="SimpleExpSmoothing and Holt refuse initialization_method=None (their default, the "
        "pre-0.12 way) since 0.15: 'legacy-heuristic' for a fit with optimized=False (the 0.11 "
        "start values), else 'estimated'",
        replacement="SimpleExpSmoothing(y, initialization_method='legacy-heuristic')"
        ".fit(smoothing_level=0.2, optimized=False)",
        signatures=(r"initialization_method must be a string",),
        matchers=(
            Call(methods=("fit",), check=_chained(_init_plan, HEURISTIC_MODELS)),
            Node(types=("Module",), check=_in_cell(_init_plan, HEURISTIC_MODELS)),
        ),
        examples=(
            (
                "from statsmodels.tsa.api import SimpleExpSmoothing\n"
                "fit1 = SimpleExpSmoothing(data).fit(smoothing_level=0.2, optimized=False)\n"
                "fit3 = SimpleExpSmoothing(data).fit()",
                "from statsmodels.tsa.api import SimpleExpSmoothing\n"
                "fit1 = SimpleExpSmoothing(data, initialization_method='legacy-heuristic')"
                ".fit(smoothing_level=0.2, optimized=False)\n"
                "fit3 = SimpleExpSmoothing(data, initialization_method='estimated').fit()",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.api import SimpleExpSmoothing\n"
                "v = SimpleExpSmoothing(y).fit(smoothing_level=0.2, optimized=False)"
            ),
            _CASE_TS + "from statsmodels.tsa.api import Holt\nm = Holt(y)\nv = m.fit()",
        ),
    ),
    Rule(
        id="SM006",
        library=LIB,
        changed_in="0.13",
        safety=SAFE,
        message="seasonal_decompose(freq=) was renamed period= in 0.11 and removed in 0.13",
        replacement="seasonal_decompose(y, period=12)",
        signatures=(unexpected_kwarg(["freq"]),),
        matchers=(
            kwarg_rename(
                "freq",
                "period",
                functions=_in(
                    ("statsmodels.tsa.seasonal", "statsmodels.tsa.api", "statsmodels.api.tsa"),
                    "seasonal_decompose",
                ),
            ),
        ),
        examples=(
            (
                "import statsmodels.api as sm\nres = sm.tsa.seasonal_decompose(y, freq=12)",
                "import statsmodels.api as sm\nres = sm.tsa.seasonal_decompose(y, period=12)",
            ),
        ),
        proofs=(
            _CASE_TS
            + "import statsmodels.api as sm\nv = sm.tsa.seasonal_decompose(y.values, freq=12)",
        ),
    ),
    Rule(
        id="SM007",
        library=LIB,
        changed_in="0.15",
        safety=SAFE,
        message="acf/acovf/ccf(unbiased=) was renamed adjusted= in 0.12 and removed in 0.15; "
        "pacf's 'ywunbiased'/'ldunbiased' methods are 'ywadjusted'/'ldadjusted'",
        replacement="acf(x, adjusted=True); pacf(x, method='ywadjusted')",
        signatures=(
            unexpected_kwarg(["unbiased"]),
            r"got an unexpected keyword argument 'unbiased'",
            r"method must be one of: .*'ywadjusted'",
        ),
        matchers=(
            kwarg_rename(
                "unbiased",
                "adjusted",
                functions=(
                    *_in(STATTOOLS, "acf", "acovf", "ccf", "ccovf"),
                    *_in(TSAPLOTS, "plot_acf"),
                ),
            ),
            kwarg_value(
                "method",
                {"ywunbiased": "ywadjusted", "ldunbiased": "ldadjusted"},
                functions=(*_in(STATTOOLS, "pacf"), *_in(TSAPLOTS, "plot_pacf")),
            ),
        ),
        examples=(
            (
                "from statsmodels.tsa.stattools import acf, pacf\n"
                "r = acf(x, nlags=20, unbiased=True)\np = pacf(x, nlags=20, method='ywunbiased')",
                "from statsmodels.tsa.stattools import acf, pacf\n"
                "r = acf(x, nlags=20, adjusted=True)\np = pacf(x, nlags=20, method='ywadjusted')",
            ),
        ),
        proofs=(
            _CASE_TS
            + "from statsmodels.tsa.stattools import acf\nv = acf(y, nlags=5, unbiased=True)",
            _CASE_TS
            + (
                "from statsmodels.tsa.stattools import pacf\n"
                "v = pacf(y, nlags=5, method='ywunbiased')"
            ),
        ),
    ),
    Rule(
        id="SM008",
        library=LIB,
        changed_in="0.15",
        safety=REVIEW,
        message="grangercausalitytests(verbose=) was removed in 0.15 (deprecated in 0.14): the "
        "function returns its results and prints nothing",
        replacement="grangercausalitytests(x, maxlag)  (print from the returned dict)",
        signatures=(unexpected_kwarg(["verbose"]),),
        matchers=(kwarg_drop("verbose", functions=_in(STATTOOLS, "grangercausalitytests")),),
        examples=(
            (
                "from statsmodels.tsa.stattools import grangercausalitytests\n"
                "res = grangercausalitytests(df[['a', 'b']], maxlag=4, verbose=False)",
                "from statsmodels.tsa.stattools import grangercausalitytests\n"
                "res = grangercausalitytests(df[['a', 'b']], maxlag=4)",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.stattools import grangercausalitytests\n"
                "import numpy as np\n"
                "v = grangercausalitytests(np.c_[y.values, y.values[::-1]], 2, verbose=False)"
            ),
        ),
    ),
    Rule(
        id="SM009",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        message="kpss(lags=) is nlags= (renamed in 0.11, removed in 0.13); nlags=None is refused "
        "since 0.15: before 0.12 it meant the legacy lag rule, nlags='legacy'",
        replacement="kpss(x, nlags='legacy')",
        signatures=(r"None is not a valid value for nlags", unexpected_kwarg(["lags"])),
        matchers=(
            kwarg_rename("lags", "nlags", functions=_in(STATTOOLS, "kpss")),
            kwarg_value("nlags", {None: "legacy"}, functions=_in(STATTOOLS, "kpss")),
        ),
        examples=(
            (
                "from statsmodels.tsa.stattools import kpss\n"
                "stat, p, lags, crit = kpss(x, nlags=None)",
                "from statsmodels.tsa.stattools import kpss\n"
                "stat, p, lags, crit = kpss(x, nlags='legacy')",
            ),
            (
                "import statsmodels.api as sm\nres = sm.tsa.kpss(x, regression='ct', lags='auto')",
                "import statsmodels.api as sm\nres = sm.tsa.kpss(x, regression='ct', nlags='auto')",
            ),
        ),
        proofs=(
            _CASE_TS + "from statsmodels.tsa.stattools import kpss\nv = kpss(y, nlags=None)",
            _CASE_TS + "from statsmodels.tsa.stattools import kpss\nv = kpss(y, lags='auto')",
        ),
    ),
    Rule(
        id="SM010",
        library=LIB,
        changed_in="0.12",
        safety=REVIEW,
        silent=True,
        pin=True,
        message="kpss's default lags changed in 0.12 (the legacy rule int(12 * (n / 100) ** "
        "(1 / 4)) → 'auto'); pin nlags='legacy' to reproduce",
        replacement="kpss(x, nlags='legacy')",
        matchers=(pin_default("nlags", "legacy", functions=_in(STATTOOLS, "kpss"), position=2),),
        examples=(
            (
                "from statsmodels.tsa.stattools import kpss\nstat, p, lags, crit = kpss(x, 'ct')",
                "from statsmodels.tsa.stattools import kpss\n"
                "stat, p, lags, crit = kpss(x, 'ct', nlags='legacy')",
            ),
        ),
    ),
    Rule(
        id="SM011",
        library=LIB,
        changed_in="0.14",
        safety=REVIEW,
        silent=True,
        pin=True,
        message="plot_pacf's default method changed in 0.14 ('ywadjusted', the old 'ywunbiased', "
        "→ 'ywm'); pin method='ywadjusted' to reproduce",
        replacement="plot_pacf(x, lags=20, method='ywadjusted')",
        matchers=(
            pin_default("method", "ywadjusted", functions=_in(TSAPLOTS, "plot_pacf"), position=4),
        ),
        examples=(
            (
                "from statsmodels.graphics.tsaplots import plot_pacf\nplot_pacf(x, lags=20)",
                "from statsmodels.graphics.tsaplots import plot_pacf\n"
                "plot_pacf(x, lags=20, method='ywadjusted')",
            ),
        ),
    ),
    Rule(
        id="SM012",
        library=LIB,
        changed_in="0.15",
        safety=SAFE,
        message="AutoReg(old_names=) was removed in 0.15 (deprecated in 0.13); old_names=False "
        "was already the behaviour",
        replacement="AutoReg(y, lags=p)",
        signatures=(unexpected_kwarg(["old_names"]),),
        matchers=(
            kwarg_drop(
                "old_names",
                functions=(
                    AUTOREG,
                    "statsmodels.tsa.api.AutoReg",
                    "statsmodels.api.tsa.AutoReg",
                    "statsmodels.tsa.ar_model.ar_select_order",
                ),
                when=lambda v: v is False,
            ),
        ),
        examples=(
            (
                "from statsmodels.tsa.ar_model import AutoReg\n"
                "model = AutoReg(train, lags=29, old_names=False)",
                "from statsmodels.tsa.ar_model import AutoReg\nmodel = AutoReg(train, lags=29)",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.tsa.ar_model import AutoReg\n"
                "v = AutoReg(y.values, lags=2, old_names=False)"
            ),
        ),
    ),
    Rule(
        id="SM013",
        library=LIB,
        changed_in="0.14",
        safety=SAFE,
        message="GLM link aliases are classes now: links.logit() is links.Logit() (the lower-case "
        "names are deprecated since 0.14); a link class passed uncalled is refused since 0.13",
        replacement="sm.families.Binomial(link=sm.families.links.Logit())",
        signatures=(
            r"Calling Family\(\.\.\) with a link class is not allowed",
            r"The \w+ link alias is deprecated",
        ),
        matchers=(
            *(
                Symbol(old=f"{m}{o}", new=f"{m}{n}")
                for m in LINK_MODULES
                for o, n in LINK_ALIASES.items()
            ),
            Call(functions=FAMILIES, check=_link_instance),
        ),
        examples=(
            (
                "import statsmodels.api as sm\n"
                "fam = sm.families.Binomial(link=sm.families.links.logit())\n"
                "pois = sm.families.Poisson(sm.families.links.log)",
                "import statsmodels.api as sm\n"
                "fam = sm.families.Binomial(link=sm.families.links.Logit())\n"
                "pois = sm.families.Poisson(sm.families.links.Log())",
            ),
        ),
        proofs=(
            (
                "import statsmodels.api as sm\n"
                "v = sm.families.Binomial(link=sm.families.links.Logit)"
            ),
        ),
    ),
    Rule(
        id="SM014",
        library=LIB,
        changed_in="0.13",
        safety=SAFE,
        silent=True,
        message="acorr_ljungbox returns a DataFrame (lb_stat, lb_pvalue) since 0.13, not the "
        "(statistics, p-values) arrays: unpacking it gives the column names",
        replacement="lb, p = acorr_ljungbox(resid, lags=[10]).to_numpy().T",
        signatures=(r"KeyError: 1",),
        matchers=(
            Node(types=("Assign",), check=_ljungbox_unpacked),
            Call(functions=LJUNGBOX, check=_ljungbox_indexed),
        ),
        examples=(
            (
                "from statsmodels.stats.diagnostic import acorr_ljungbox\n"
                "lbvalue, pvalue = acorr_ljungbox(resid, lags=10)\n"
                "p10 = acorr_ljungbox(resid, lags=[10])[1]",
                "from statsmodels.stats.diagnostic import acorr_ljungbox\n"
                "lbvalue, pvalue = acorr_ljungbox(resid, lags=10).to_numpy().T\n"
                "p10 = acorr_ljungbox(resid, lags=[10]).to_numpy().T[1]",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "from statsmodels.stats.diagnostic import acorr_ljungbox\n"
                "v = acorr_ljungbox(y, lags=[10])[1]"
            ),
        ),
    ),
    Rule(
        id="SM015",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        message="the old ARIMA results' plot_predict() method was removed with them in 0.13; "
        "statsmodels.graphics.tsaplots.plot_predict(res, start, end) draws the same plot",
        replacement="plot_predict(res, start, end, dynamic=False)",
        signatures=(r"object has no attribute 'plot_predict'",),
        matchers=(Call(methods=("plot_predict",), check=_plot_predict),),
        examples=(
            (
                "model_fit.plot_predict(dynamic=False)\nplt.show()",
                "from statsmodels.graphics.tsaplots import plot_predict\n"
                "plot_predict(model_fit, dynamic=False)\nplt.show()",
            ),
            (
                "fig = res.plot_predict(start=80, end=110, plot_insample=False)",
                "from statsmodels.graphics.tsaplots import plot_predict\n"
                "fig = plot_predict(res, start=80, end=110)",
            ),
        ),
        proofs=(
            _CASE_TS
            + (
                "import matplotlib\nmatplotlib.use('Agg')\n"
                "from statsmodels.tsa.arima.model import ARIMA\n"
                "res = ARIMA(y, order=(1, 0, 0)).fit()\n"
                "v = res.plot_predict(60, 80, plot_insample=False)"
            ),
        ),
    ),
    Rule(
        id="SM016",
        library=LIB,
        changed_in="0.12",
        safety=REVIEW,
        silent=True,
        pin=True,
        message="acf's default nlags changed in 0.12 (40 → min(10 * log10(nobs), nobs - 1)): an "
        "old acf(x) gave 41 values; pin nlags=40 to reproduce",
        replacement="acf(x, nlags=40)",
        matchers=(pin_default("nlags", 40, functions=_in(STATTOOLS, "acf"), position=2),),
        examples=(
            (
                "from statsmodels.tsa.stattools import acf\nr = acf(resid)",
                "from statsmodels.tsa.stattools import acf\nr = acf(resid, nlags=40)",
            ),
        ),
    ),
]
