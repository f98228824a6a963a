"""statsmodels: the old ARMA/ARIMA estimators removed in 0.13 (statsmodels.tsa.arima_model)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import no_attribute
from ..matchers import Call, Node, Outcome, Site, Symbol, literal
from ..model import REVIEW, Rule

LIB = "statsmodels"
NEW_ARIMA = "statsmodels.tsa.arima.model.ARIMA"
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
            args.append(a)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _trend_value(arg: cst.Arg | None) -> str | None:
    value = literal(arg.value) if arg is not None else None
    return TRENDS.get(value) if isinstance(value, str) else None


def _arma_fit(site: Site) -> Outcome | None:
    """ARMA(...).fit(trend=..., disp=-1, ...): the old optimizer's keywords go; trend='c' is the
    new default and goes too; another trend moves to the constructor (SM001's cell rewrite)."""
    old = [n for n in OLD_FIT_KEYWORDS if site.kwarg(n) is not None]
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
            r"arima_model\.ARMA and statsmodels\.tsa\.arima_model\.ARIMA have been removed",
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
                "from statsmodels.tsa.arima.model import ARIMA\nres = ARIMA(y, (1, 0, 1)).fit()",
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
    ),
]
