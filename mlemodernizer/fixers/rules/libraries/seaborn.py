"""seaborn: keyword-only data variables (0.12), renamed functions and keywords (catalogue §7).

B7/B8 are deprecations (removal announced): they gate on the version that introduced the new
spelling (histplot 0.11; errorbar 0.12; density_norm and linestyle 0.13), so the rewrite always
runs where it is applied.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import kwarg_rename, no_attribute, qualify, unexpected_kwarg
from ..matchers import MISSING, Call, Outcome, Site, Symbol
from ..model import MANUAL, REVIEW, SAFE, Rule
from ..symbols import SERIES

LIB = "seaborn"
CATEGORICAL = [
    "barplot",
    "countplot",
    "boxplot",
    "violinplot",
    "stripplot",
    "swarmplot",
    "pointplot",
    "boxenplot",
    "lvplot",
    "catplot",
    "factorplot",
]
OLD_SIGNATURES: dict[str, list[str]] = {
    **{name: ["x", "y", "hue", "data", "order", "hue_order"] for name in CATEGORICAL},
    "scatterplot": ["x", "y", "hue", "size", "style", "data"],
    "lineplot": ["x", "y", "hue", "size", "style", "data"],
    "regplot": ["x", "y", "data"],
    "residplot": ["x", "y", "data"],
    "jointplot": ["x", "y", "data"],
    "lmplot": ["x", "y", "data"],
    "kdeplot": ["x", "y"],
}
FIGURE_LEVEL = qualify(
    "seaborn",
    [
        "lmplot",
        "FacetGrid",
        "catplot",
        "factorplot",
        "pairplot",
        "jointplot",
        "PairGrid",
        "JointGrid",
    ],
)


def _vector(node: cst.BaseExpression, site: Site) -> bool:
    """A column or a Series (``df['c']``, ``df.c``), not a whole frame."""
    t = site.infer(node)
    if t is not None:
        return t.qname == SERIES
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        key = node.slice[0].slice
        return isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)
    return False


def _positional(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    names = OLD_SIGNATURES[name]
    pos = site.positional()
    if site.has_star() or not pos:
        return None
    if len(pos) > len(names):
        return Outcome(fix=None)
    one_frame = not (isinstance(pos[0].value, cst.SimpleString) or _vector(pos[0].value, site))
    if len(pos) == 1 and (name == "kdeplot" or one_frame):
        return None  # one frame or vector is the new API's data=
    if name == "lmplot" and len(pos) == 1:
        return None
    return Outcome(fix=lambda node, refs: edits.positional_to_keywords(node, names))


def _countplot_series(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or site.kwarg("x") or site.kwarg("y") or not _vector(pos[0].value, site):
        return None
    return Outcome(fix=lambda node, refs: edits.positional_to_keywords(node, ["x"]))


def _factorplot_kind(site: Site) -> Outcome | None:
    if site.kwarg("kind") is not None:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("kind", edits.string("point"))])
    )


def _distplot(site: Site) -> Outcome | None:
    pos = site.positional()
    allowed = {"a", "bins", "color", "label", "ax", "kde", "hist"}
    keywords = {a.keyword.value for a in site.args if a.keyword is not None}
    if len(pos) != 1 or keywords - allowed:
        return Outcome(fix=None)
    hist = site.value("hist")
    kde = site.value("kde")
    if hist is False:

        def to_kde(node: cst.Call, refs: Any) -> cst.Call:
            node = edits.drop_kwargs(node, "hist", "kde", "bins")
            return node.with_changes(func=refs["seaborn.kdeplot"])

        return Outcome(fix=to_kde, needs=("seaborn.kdeplot",))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "hist", "kde")
        node = node.with_changes(func=refs["seaborn.histplot"])
        extra = [edits.kwarg("stat", edits.string("density"))]
        if kde is not False:
            extra.insert(0, edits.kwarg("kde", cst.Name("True")))
        return edits.add_args(node, extra)

    return Outcome(fix=fix, needs=("seaborn.histplot",))


def _ci(site: Site) -> Outcome | None:
    value = site.value("ci")
    if value is MISSING:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "ci")
        assert i is not None
        ci = node.args[i].value
        if value is None:
            new: cst.BaseExpression = cst.Name("None")
        elif value == "sd":
            new = edits.string("sd")
        else:
            new = cst.Tuple(
                [
                    cst.Element(
                        edits.string("ci"),
                        comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                    ),
                    cst.Element(ci),
                ]
            )
        node = edits.drop_kwargs(node, "ci")
        return edits.add_args(node, [edits.kwarg("errorbar", new)])

    return Outcome(fix=fix)


def _join(site: Site) -> Outcome | None:
    if site.value("join") is not False:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "join")
        return edits.add_args(node, [edits.kwarg("linestyle", edits.string("none"))])

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="SNS001",
        library=LIB,
        changed_in="0.12",
        safety=SAFE,
        catalogue="B1",
        message="seaborn 0.12 takes data variables as keywords only (sns.barplot('x', 'y', "
        "data=df) raises)",
        replacement="sns.barplot(x='x', y='y', data=df)",
        signatures=(
            r"(plot|grid)\(\) takes from 0 to 1 positional arguments but \d+ were given",
            r"plot\(\) got multiple values for argument 'data'",
        ),
        matchers=(Call(functions=qualify("seaborn", OLD_SIGNATURES), check=_positional),),
        examples=(
            (
                "import seaborn as sns\nsns.barplot('sex', 'survived', data=df)\n"
                "sns.regplot('x', 'y', df, ci=None)",
                "import seaborn as sns\nsns.barplot(x='sex', y='survived', data=df)\n"
                "sns.regplot(x='x', y='y', data=df, ci=None)",
            ),
        ),
    ),
    Rule(
        id="SNS002",
        library=LIB,
        changed_in="0.12",
        safety=SAFE,
        silent=True,
        catalogue="B2",
        message="countplot(series) binds the series to data= since 0.12 (a different plot); pass "
        "x=series",
        replacement="sns.countplot(x=df['c'])",
        matchers=(Call(functions=("seaborn.countplot",), check=_countplot_series),),
        examples=(
            (
                "import seaborn as sns\nsns.countplot(df['Survived'])",
                "import seaborn as sns\nsns.countplot(x=df['Survived'])",
            ),
        ),
    ),
    Rule(
        id="SNS003",
        library=LIB,
        changed_in="0.12",
        safety=SAFE,
        catalogue="B3",
        message="sns.factorplot was removed; use sns.catplot(..., kind='point') (its old default)",
        replacement="sns.catplot(..., kind='point')",
        signatures=(no_attribute("seaborn", ["factorplot"]),),
        matchers=(
            Symbol(old="seaborn.factorplot", new="seaborn.catplot"),
            Call(functions=("seaborn.factorplot",), check=_factorplot_kind),
        ),
        examples=(
            (
                "import seaborn as sns\nsns.factorplot(x='a', y='b', data=df)",
                "import seaborn as sns\nsns.catplot(x='a', y='b', data=df, kind='point')",
            ),
        ),
    ),
    Rule(
        id="SNS004",
        library=LIB,
        changed_in="0.10",
        safety=MANUAL,
        catalogue="B4",
        message="sns.tsplot was removed; rebuild the plot with sns.lineplot on long-form data",
        replacement="sns.lineplot(data=long_df, x='time', y='value', units=..., estimator=...)",
        signatures=(no_attribute("seaborn", ["tsplot"]),),
        matchers=(Symbol(old="seaborn.tsplot", fixable=False),),
        examples=(("import seaborn as sns\nsns.tsplot(data)", None),),
    ),
    Rule(
        id="SNS005",
        library=LIB,
        changed_in="0.11",
        safety=SAFE,
        catalogue="B5",
        message="sns.lvplot was renamed sns.boxenplot",
        replacement="sns.boxenplot",
        signatures=(no_attribute("seaborn", ["lvplot"]),),
        matchers=(Symbol(old="seaborn.lvplot", new="seaborn.boxenplot"),),
        examples=(
            (
                "import seaborn as sns\nsns.lvplot(x='a', y='b', data=df)",
                "import seaborn as sns\nsns.boxenplot(x='a', y='b', data=df)",
            ),
        ),
    ),
    Rule(
        id="SNS006",
        library=LIB,
        changed_in="0.9",
        safety=SAFE,
        catalogue="B6",
        message="size= of figure-level functions and grids was renamed height= (0.9)",
        replacement="height=",
        signatures=(unexpected_kwarg(["size"]),),
        matchers=(kwarg_rename("size", "height", functions=FIGURE_LEVEL),),
        examples=(
            (
                "import seaborn as sns\ng = sns.pairplot(df, size=2.5)",
                "import seaborn as sns\ng = sns.pairplot(df, height=2.5)",
            ),
        ),
    ),
    Rule(
        id="SNS007",
        library=LIB,
        changed_in="0.11",
        safety=REVIEW,
        catalogue="B7",
        message="sns.distplot is deprecated (removal announced); use histplot(kde=True, "
        "stat='density') or kdeplot",
        replacement="sns.histplot(x, kde=True, stat='density')",
        signatures=(no_attribute("seaborn", ["distplot"]),),
        matchers=(Call(functions=("seaborn.distplot",), check=_distplot),),
        examples=(
            (
                "import seaborn as sns\nsns.distplot(df.age, bins=30)",
                "import seaborn as sns\nsns.histplot(df.age, bins=30, kde=True, stat='density')",
            ),
        ),
    ),
    Rule(
        id="SNS008",
        library=LIB,
        changed_in="0.13",
        safety=SAFE,
        catalogue="B8",
        message="shade=, ci=, violin scale= and pointplot join= are deprecated (0.11-0.13); use "
        "fill=, errorbar=, density_norm=, linestyle=",
        replacement="fill=; errorbar=('ci', 95); density_norm=; linestyle='none'",
        signatures=(unexpected_kwarg(["shade", "ci", "scale", "join"]),),
        matchers=(
            kwarg_rename("shade", "fill", functions=("seaborn.kdeplot",)),
            Call(
                functions=qualify("seaborn", ["barplot", "pointplot", "lineplot", "catplot"]),
                check=_ci,
            ),
            kwarg_rename("scale", "density_norm", functions=("seaborn.violinplot",)),
            Call(functions=("seaborn.pointplot",), check=_join),
        ),
        examples=(
            (
                "import seaborn as sns\nsns.kdeplot(x, shade=True)\n"
                "sns.barplot(x='a', y='b', data=df, ci=68)\n"
                "sns.pointplot(x='a', y='b', data=df, join=False)",
                "import seaborn as sns\nsns.kdeplot(x, fill=True)\n"
                "sns.barplot(x='a', y='b', data=df, errorbar=('ci', 68))\n"
                "sns.pointplot(x='a', y='b', data=df, linestyle='none')",
            ),
        ),
    ),
]
