"""seaborn: keyword-only data variables (0.12), renamed functions and keywords (catalogue §7),
and the items of seaborn.coverage.toml beside this module (the release notes, 0.8 to 0.13).

B7/B8 are deprecations (removal announced): they gate on the version that introduced the new
spelling (histplot 0.11; errorbar 0.12; density_norm and linestyle 0.13), so the rewrite always
runs where it is applied.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    kwarg_drop,
    kwarg_rename,
    no_attribute,
    no_module,
    qualify,
    unexpected_kwarg,
)
from ..matchers import MISSING, Call, Module, Node, Outcome, Site, Symbol
from ..model import MANUAL, REVIEW, SAFE, Rule
from ..symbols import SERIES
from ._setups import _CASE_MPL, _CASE_PLT

LIB = "seaborn"

# setups the rules' proofs share
_CASE_SNS = _CASE_PLT + (
    "import pandas as pd\nimport seaborn as sns\n"
    "df = pd.DataFrame({'a': list('xyzxyz'), 'b': [1.0, 2, 3, 4, 5, 6], 'c': "
    "[2.0, 1, 4, 3, 6, 5]})\n"
)
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


# --- from the release notes (docs/coverage.md) ---------------------------------------------------

SOURCE = "release-notes"  # the rule answers an item of seaborn.coverage.toml


def _annotate_statistic(site: Site) -> Outcome | None:
    """``g.annotate(stats.pearsonr)`` of a JointGrid (removed in 0.11): a statement whose first
    argument is a scipy.stats function, which no matplotlib annotate takes."""
    pos = site.positional()
    if not pos or site.kwarg("xy") is not None:
        return None
    if not (site.resolve(pos[0].value) or "").startswith("scipy.stats."):
        return None
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


def _kdeplot_pair(site: Site) -> Outcome | None:
    """``kdeplot(data=a, data2=b)`` (0.10's names) or ``kdeplot(a, data2=b)``: x= and y=."""
    if site.kwarg("data2") is None or site.has_star():
        return None
    pos = site.positional()
    if len(pos) > 1 or site.kwarg("y") is not None or (pos and site.kwarg("x") is not None):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "data2", "y")
        if pos:
            return edits.positional_to_keywords(node, ["x"])
        return edits.rename_kwarg(node, "data", "x")

    return Outcome(fix=fix)


def _scale_hue(site: Site) -> Outcome | None:
    """violinplot(scale_hue=b) is common_norm=(not b) (0.13)."""
    value = site.value("scale_hue")
    if value is MISSING:
        return None
    if value not in (True, False) or site.kwarg("common_norm") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "scale_hue")
        assert i is not None
        args = list(node.args)
        args[i] = args[i].with_changes(
            keyword=cst.Name("common_norm"), value=cst.Name(str(not value))
        )
        return node.with_changes(args=args)

    return Outcome(fix=fix)


ERR_KEYS = {"errcolor": "color", "errwidth": "linewidth"}


def _err_kws(site: Site) -> Outcome | None:
    """barplot(errcolor=c, errwidth=w): err_kws={'color': c, 'linewidth': w} (0.13)."""
    found = [k for k in ERR_KEYS if site.kwarg(k) is not None]
    if not found:
        return None
    if site.kwarg("err_kws") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        elements = []
        for k in found:
            i = edits.find_kwarg(node, k)
            assert i is not None
            elements.append(cst.DictElement(edits.string(ERR_KEYS[k]), node.args[i].value))
        for j in range(len(elements) - 1):
            elements[j] = elements[j].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        node = edits.drop_kwargs(node, *found)
        return edits.add_args(node, [edits.kwarg("err_kws", cst.Dict(elements))])

    return Outcome(fix=fix)


HUE_FROM_PALETTE = [n for n in CATEGORICAL if n not in ("lvplot", "factorplot")]


def _palette_hue(site: Site) -> Outcome | None:
    """A palette without hue= colored the categories (0.13 deprecates it): assign the
    categorical variable to hue, with legend=False, as seaborn's warning says."""
    if site.kwarg("palette") is None or site.kwarg("hue") is not None or site.has_star():
        return None
    if site.positional() and site.kwarg("data") is None:
        return None  # old positional forms: SNS001 first
    orient = site.value("orient")
    horizontal = isinstance(orient, str) and orient in ("h", "y")
    x, y = site.kwarg("x"), site.kwarg("y")
    category = (y if horizontal else x) or (y if x is None else None)
    if category is None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        extra = [edits.kwarg("hue", category.value)]
        if site.kwarg("legend") is None:
            extra.append(edits.kwarg("legend", cst.Name("False")))
        return edits.add_args(node, extra)

    return Outcome(fix=fix)


FACET_KEYS = ("sharex", "sharey", "legend_out")


def _facet_kws(site: Site) -> Outcome | None:
    """lmplot(sharex=False) passes it in facet_kws since 0.11."""
    found = [k for k in FACET_KEYS if site.kwarg(k) is not None]
    if not found:
        return None
    if site.kwarg("facet_kws") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        elements = []
        for k in found:
            i = edits.find_kwarg(node, k)
            assert i is not None
            elements.append(cst.DictElement(edits.string(k), node.args[i].value))
        for j in range(len(elements) - 1):
            elements[j] = elements[j].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        node = edits.drop_kwargs(node, *found)
        return edits.add_args(node, [edits.kwarg("facet_kws", cst.Dict(elements))])

    return Outcome(fix=fix)


def _seaborn_import(site: Site) -> Outcome | None:
    node: cst.Import = site.node
    if not any(edits.dotted_name(a.name) == "seaborn" for a in node.names):
        return None
    return Outcome(fix=lambda n, refs: n, prelude="seaborn.set_theme()")


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
        proofs=(
            _CASE_MPL
            + (
                "import seaborn as sns\nimport pandas as pd\n"
                "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\n"
                "sns.barplot('a', 'b', data=df)"
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
        proofs=(
            _CASE_MPL
            + (
                "import seaborn as sns\nimport pandas as pd\n"
                "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\n"
                "sns.factorplot(x='a', y='b', data=df)"
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
        proofs=(
            _CASE_MPL
            + (
                "import seaborn as sns\nimport pandas as pd\n"
                "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\n"
                "sns.lvplot(x='a', y='b', data=df)"
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
            (
                "import seaborn as sns\nsns.violinplot(x='a', y='b', data=df, scale='count')",
                "import seaborn as sns\n"
                "sns.violinplot(x='a', y='b', data=df, density_norm='count')",
            ),
        ),
    ),
    Rule(
        id="SNS009",
        library=LIB,
        changed_in="0.10",
        safety=SAFE,
        catalogue=SOURCE,
        message="seaborn.apionly was removed in 0.10; since 0.8 import seaborn applies no style",
        replacement="import seaborn as sns",
        signatures=(no_module("seaborn.apionly"),),
        matchers=(Module(old="seaborn.apionly", new="seaborn"),),
        examples=(
            (
                "import seaborn.apionly as sns\nsns.set_style('white')",
                "import seaborn as sns\nsns.set_style('white')",
            ),
        ),
        proofs=("import seaborn.apionly as sns\nsns.set_style('white')",),
    ),
    Rule(
        id="SNS010",
        library=LIB,
        changed_in="0.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="sns.plt (matplotlib.pyplot seen through seaborn) is gone since 0.8; import "
        "matplotlib.pyplot",
        replacement="import matplotlib.pyplot as plt; plt.show()",
        signatures=(no_attribute("seaborn", ["plt"]),),
        matchers=(Symbol(old="seaborn.plt", new="matplotlib.pyplot"),),
        examples=(
            (
                "import seaborn as sns\nsns.plt.title('t')\nsns.plt.show()",
                "import seaborn as sns\nimport matplotlib.pyplot as plt\nplt.title('t')\n"
                "plt.show()",
            ),
        ),
        proofs=(_CASE_SNS + "sns.plt.plot([1, 2])",),
    ),
    Rule(
        id="SNS011",
        library=LIB,
        changed_in="0.11",
        safety=REVIEW,
        catalogue=SOURCE,
        message="the statistic annotation of jointplot (stat_func=) and JointGrid.annotate was "
        "removed in 0.11; the plot no longer prints r and p",
        replacement="sns.jointplot(x=..., y=..., data=df); annotate scipy.stats.pearsonr yourself",
        signatures=(
            unexpected_kwarg(["stat_func", "annot_kws"]),
            r"'JointGrid' object has no attribute 'annotate'",
        ),
        matchers=(
            kwarg_drop("stat_func", "annot_kws", functions=("seaborn.jointplot",)),
            Call(methods=("annotate",), check=_annotate_statistic),
        ),
        examples=(
            (
                "import seaborn as sns\nfrom scipy import stats\n"
                "g = sns.jointplot(x='a', y='b', data=df, stat_func=stats.pearsonr)\n"
                "g.annotate(stats.spearmanr)\nax.annotate('peak', xy=(1, 2))",
                "import seaborn as sns\nfrom scipy import stats\n"
                "g = sns.jointplot(x='a', y='b', data=df)\nax.annotate('peak', xy=(1, 2))",
            ),
        ),
        proofs=(
            _CASE_SNS
            + (
                "from scipy import stats\n"
                "sns.jointplot(x='b', y='c', data=df, stat_func=stats.pearsonr)"
            ),
            _CASE_SNS
            + (
                "from scipy import stats\ng = sns.jointplot(x='b', y='c', data=df)\n"
                "g.annotate(stats.pearsonr)"
            ),
        ),
    ),
    Rule(
        id="SNS012",
        library=LIB,
        changed_in="0.11",
        safety=SAFE,
        catalogue=SOURCE,
        message="keywords renamed in 0.11 (kdeplot data2= is y=, bw= is bw_method=; rugplot a= "
        "is x=) and split= of strip/swarmplot is dodge= (0.8, removed in 0.12)",
        replacement="sns.kdeplot(x=a, y=b, bw_method=0.3); sns.stripplot(..., dodge=True)",
        signatures=(
            r"`data2` has been removed",
            unexpected_kwarg(["split", "bw", "data2"]),
        ),
        matchers=(
            Call(functions=("seaborn.kdeplot",), check=_kdeplot_pair),
            kwarg_rename("bw", "bw_method", functions=("seaborn.kdeplot",)),
            kwarg_rename("a", "x", functions=("seaborn.rugplot",)),
            kwarg_rename(
                "split", "dodge", functions=qualify("seaborn", ["stripplot", "swarmplot"])
            ),
        ),
        examples=(
            (
                "import seaborn as sns\nsns.kdeplot(df.x, data2=df.y, bw=0.3)\n"
                "sns.rugplot(a=df.x)\nsns.stripplot(x='day', y='tip', hue='sex', data=tips, "
                "split=True)",
                "import seaborn as sns\nsns.kdeplot(x=df.x, y=df.y, bw_method=0.3)\n"
                "sns.rugplot(x=df.x)\nsns.stripplot(x='day', y='tip', hue='sex', data=tips, "
                "dodge=True)",
            ),
        ),
        proofs=(
            _CASE_SNS + "ax = sns.kdeplot(data=df.b, data2=df.c)",
            _CASE_SNS + "ax = sns.stripplot(x='a', y='b', hue='a', data=df, split=True)",
        ),
    ),
    Rule(
        id="SNS013",
        library=LIB,
        changed_in="0.13",
        safety=SAFE,
        catalogue=SOURCE,
        message="keywords renamed in 0.13: violinplot bw= is bw_method=, scale_hue= is "
        "common_norm= (inverted); boxenplot scale= is width_method=; errcolor=/errwidth= go in "
        "err_kws",
        replacement="sns.violinplot(..., bw_method=0.2, common_norm=True); "
        "sns.barplot(..., err_kws={'color': 'k'})",
        signatures=(unexpected_kwarg(["bw", "scale_hue", "errcolor", "errwidth"]),),
        matchers=(
            kwarg_rename("bw", "bw_method", functions=("seaborn.violinplot",)),
            Call(functions=("seaborn.violinplot",), check=_scale_hue),
            kwarg_rename("scale", "width_method", functions=("seaborn.boxenplot",)),
            Call(functions=qualify("seaborn", ["barplot", "pointplot", "catplot"]), check=_err_kws),
        ),
        examples=(
            (
                "import seaborn as sns\n"
                "sns.violinplot(x='day', y='tip', hue='sex', data=tips, bw=0.2, scale_hue=False)\n"
                "sns.boxenplot(x='day', y='tip', data=tips, scale='linear')\n"
                "sns.barplot(x='day', y='tip', data=tips, errcolor='k', errwidth=1)",
                "import seaborn as sns\n"
                "sns.violinplot(x='day', y='tip', hue='sex', data=tips, bw_method=0.2, "
                "common_norm=True)\n"
                "sns.boxenplot(x='day', y='tip', data=tips, width_method='linear')\n"
                "sns.barplot(x='day', y='tip', data=tips, err_kws={'color': 'k', 'linewidth': 1})",
            ),
        ),
    ),
    Rule(
        id="SNS014",
        library=LIB,
        changed_in="0.13",
        safety=REVIEW,
        catalogue=SOURCE,
        message="a palette without hue= no longer colors the categories by itself (deprecated "
        "in 0.13); assign the categorical variable to hue, legend=False",
        replacement="sns.boxplot(x='day', y='tip', data=tips, palette='Set2', hue='day', "
        "legend=False)",
        matchers=(Call(functions=qualify("seaborn", HUE_FROM_PALETTE), check=_palette_hue),),
        examples=(
            (
                "import seaborn as sns\n"
                "sns.boxplot(x='day', y='tip', data=tips, palette='Set2')\n"
                "sns.countplot(y='class', data=df, palette='Blues', orient='h')",
                "import seaborn as sns\n"
                "sns.boxplot(x='day', y='tip', data=tips, palette='Set2', hue='day', "
                "legend=False)\n"
                "sns.countplot(y='class', data=df, palette='Blues', orient='h', hue='class', "
                "legend=False)",
            ),
        ),
    ),
    Rule(
        id="SNS015",
        library=LIB,
        changed_in="0.11",
        safety=SAFE,
        catalogue=SOURCE,
        message="lmplot takes sharex=, sharey= and legend_out= in facet_kws since 0.11",
        replacement="sns.lmplot(..., facet_kws={'sharex': False})",
        signatures=(unexpected_kwarg(list(FACET_KEYS)),),
        matchers=(Call(functions=("seaborn.lmplot",), check=_facet_kws),),
        examples=(
            (
                "import seaborn as sns\n"
                "sns.lmplot(x='a', y='b', col='c', data=df, sharex=False, legend_out=False)",
                "import seaborn as sns\n"
                "sns.lmplot(x='a', y='b', col='c', data=df, facet_kws={'sharex': False, "
                "'legend_out': False})",
            ),
        ),
    ),
    Rule(
        id="SNS016",
        library=LIB,
        changed_in="0.11",
        safety=REVIEW,
        silent=True,
        catalogue=SOURCE,
        message="import seaborn no longer styles every plot (0.8); sns.set_theme() after the "
        "import draws as the notebook's seaborn did",
        replacement="sns.set_theme() after import seaborn",
        matchers=(Node(types=("Import",), check=_seaborn_import),),
        examples=(
            (
                "import seaborn as sns\nimport matplotlib.pyplot as plt\nplt.plot(x, y)",
                "import seaborn as sns\nimport matplotlib.pyplot as plt\nsns.set_theme()\n"
                "plt.plot(x, y)",
            ),
        ),
    ),
]
