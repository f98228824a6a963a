"""Matplotlib: renamed styles and keywords, removed pyplot/cm functions (catalogue §6), and the
items of matplotlib.coverage.toml beside this module (the API Changes pages, 2.0 to 3.11)."""

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
    unexpected_kwarg,
)
from ..infer import AXES, COLORBAR, FIGURE
from ..matchers import (
    MISSING,
    NOT_LITERAL,
    Attr,
    Call,
    DictKey,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import REVIEW, SAFE, SAFE_IF, Proof, Rule
from ._setups import _CASE_MPL, _CASE_PLT

LIB = "matplotlib"

# setups the rules' proofs share
NOT_MPL = ("numpy.ndarray",)
STYLE_USERS = (
    "matplotlib.pyplot.style.use",
    "matplotlib.style.use",
    "matplotlib.pyplot.style.context",
    "matplotlib.style.context",
)
AXES_FACTORIES = ("matplotlib.pyplot.subplot", "matplotlib.pyplot.axes")


def new_style(name: str) -> str | None:
    if name.startswith("seaborn") and not name.startswith("seaborn-v0_8"):
        return "seaborn-v0_8" + name[len("seaborn") :]
    return None


def _style(site: Site) -> Outcome | None:
    pos = site.positional()
    arg = site.kwarg("style") or (pos[0] if pos else None)
    if arg is None:
        return None
    value = literal(arg.value)
    names = value if isinstance(value, list | tuple) else [value]
    if not any(isinstance(n, str) and new_style(n) for n in names):
        return None

    def rename(node: cst.BaseExpression) -> cst.BaseExpression:
        v = literal(node)
        if isinstance(v, str) and new_style(v):
            return edits.same_quotes(node, new_style(v) or v)
        if isinstance(node, cst.List | cst.Tuple):
            return node.with_changes(
                elements=[e.with_changes(value=rename(e.value)) for e in node.elements]
            )
        return node

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [
            a.with_changes(value=rename(a.value))
            if (a.keyword is None or a.keyword.value == "style")
            else a
            for a in node.args
        ]
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _show_detached(site: Site) -> Outcome | None:
    """``fig.show()`` on a figure of an earlier cell: the inline backend closed it when that
    cell ended, and since Matplotlib 3.11 a closed figure is standalone, so show() raises.
    ``plt.figure(fig)`` hands it back to pyplot, which shows it when the cell ends."""
    if site.args or site.receiver is None or site.receiver.qname != FIGURE:
        return None
    figure = site.node.func.value

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return cst.Call(func=refs["matplotlib.pyplot.figure"], args=[cst.Arg(figure)])

    return Outcome(fix=fix, proven=False, needs=("matplotlib.pyplot.figure",), outer=True)


def _gca_projection(site: Site) -> Outcome | None:
    if not site.args:
        return None
    receiver_known = site.receiver is not None and site.receiver.qname == FIGURE
    on_pyplot = site.qname == "matplotlib.pyplot.gca"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if on_pyplot:
            figure = cst.Call(func=refs["matplotlib.pyplot.gcf"], args=[])
            return node.with_changes(func=cst.Attribute(value=figure, attr=cst.Name("add_subplot")))
        return edits.rename_method(node, "add_subplot")

    return Outcome(
        fix=fix,
        proven=receiver_known or on_pyplot,
        needs=("matplotlib.pyplot.gcf",) if on_pyplot else (),
    )


def _axes3d(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or site.has_star():
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        fig = node.args[0].value
        rest = [edits.strip_comma(a) for a in node.args[1:]]
        call = edits.method_call(
            fig, "add_subplot", [edits.kwarg("projection", edits.string("3d"))]
        )
        return edits.add_args(call, rest)

    return Outcome(fix=fix, outer=True)


def _get_cmap(site: Site) -> Outcome | None:
    pos = site.positional()
    name = site.kwarg("name") or (pos[0] if pos else None)
    lut = site.kwarg("lut") or (pos[1] if len(pos) > 1 else None)
    if name is None or len(site.args) > 2:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        lookup = cst.Subscript(
            value=refs["matplotlib.colormaps"],
            slice=[cst.SubscriptElement(slice=cst.Index(value=name.value))],
        )
        if lut is None:
            return lookup
        return edits.method_call(lookup, "resampled", [cst.Arg(lut.value)])

    return Outcome(fix=fix, needs=("matplotlib.colormaps",), outer=True)


def _register_cmap(site: Site) -> Outcome | None:
    cmap = site.kwarg("cmap")
    name = site.kwarg("name")
    pos = site.positional()
    if pos or cmap is None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        register = cst.Attribute(value=refs["matplotlib.colormaps"], attr=cst.Name("register"))
        args = [cst.Arg(cmap.value)]
        if name is not None:
            args = [
                args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                edits.kwarg("name", name.value),
            ]
        return cst.Call(func=register, args=args)

    return Outcome(fix=fix, needs=("matplotlib.colormaps",), outer=True)


HOLD_PLOTTERS = (
    "plot",
    "scatter",
    "bar",
    "barh",
    "hist",
    "imshow",
    "contour",
    "contourf",
    "fill_between",
    "errorbar",
    "step",
    "pcolormesh",
    "semilogx",
    "semilogy",
    "loglog",
    "axhline",
    "axvline",
)


def _hold(site: Site) -> Outcome | None:
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


QUALITY_KWARGS = ("quality", "optimize", "progressive")


def _savefig_quality(site: Site) -> Outcome | None:
    present = [k for k in QUALITY_KWARGS if site.kwarg(k) is not None]
    if not present:
        return None
    if site.kwarg("pil_kwargs") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        elements = []
        for k in present:
            i = edits.find_kwarg(node, k)
            assert i is not None
            elements.append(cst.DictElement(key=edits.string(k), value=node.args[i].value))
        for i in range(len(elements) - 1):
            elements[i] = elements[i].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        node = edits.drop_kwargs(node, *present)
        return edits.add_args(node, [edits.kwarg("pil_kwargs", cst.Dict(elements))])

    return Outcome(fix=fix)


def _window_title(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if not (isinstance(receiver, cst.Attribute) and receiver.attr.value == "canvas"):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        manager = cst.Attribute(value=func.value, attr=cst.Name("manager"))
        return node.with_changes(func=func.with_changes(value=manager))

    return Outcome(fix=fix)


def _lines_mutation(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if isinstance(receiver, cst.Attribute) and receiver.attr.value in (
        "lines",
        "patches",
        "collections",
        "texts",
    ):
        return Outcome(fix=None)
    return None


def _normed_key(site: Site) -> Outcome | None:
    return Outcome(
        fix=lambda node, refs: node.with_changes(key=edits.same_quotes(node.key, "density"))
    )


def _grid_b(site: Site) -> Outcome | None:
    if site.kwarg("b") is None or site.kwarg("visible") is not None:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "b", "visible"))


# 3.3 dropped the axis suffix of the log/symlog scale keywords (removed in 3.5): basex= → base=
SCALE_KEYWORDS = {
    "base": "base",
    "subs": "subs",
    "nonpos": "nonpositive",
    "linthresh": "linthresh",
    "linscale": "linscale",
}
OLD_SCALE_KEYWORDS = [f"{stem}{axis}" for stem in SCALE_KEYWORDS for axis in "xy"] + ["nonpos"]
X_SCALE = ("matplotlib.pyplot.xscale", "matplotlib.pyplot.semilogx")
Y_SCALE = ("matplotlib.pyplot.yscale", "matplotlib.pyplot.semilogy")
SCALE_SETTERS = ("matplotlib.pyplot.xscale", "matplotlib.pyplot.yscale", "set_xscale", "set_yscale")


def _scale_keywords(axes: str) -> Any:
    """The keywords of a call on the ``axes`` ("x", "y"; "xy" for loglog, which passed the x
    ones to the x axis and the y ones to the y axis: one keyword only where both agree)."""

    def check(site: Site) -> Outcome | None:
        func = site.node.func
        name = site.qname if site.qname in X_SCALE + Y_SCALE else None
        if name is None and isinstance(func, cst.Attribute):
            name = func.attr.value
        plan: list[tuple[list[str], str]] = []
        for stem, new in SCALE_KEYWORDS.items():
            olds = [f"{stem}{axis}" for axis in axes if site.kwarg(f"{stem}{axis}") is not None]
            if stem == "nonpos" and name in SCALE_SETTERS and site.kwarg("nonpos") is not None:
                olds.append("nonpos")  # LogitScale's spelling before 3.3
            if not olds:
                continue
            if site.kwarg(new) is not None:
                return Outcome(fix=None)  # both spellings: one of them is a mistake
            if len(axes) == 2:
                given = [site.kwarg(o) for o in olds]
                values = {edits.code(a.value).strip() for a in given if a is not None}
                if len(olds) != 2 or len(values) != 1:
                    return Outcome(
                        fix=None,
                        message="loglog(basex=, basey=) with different values (or one of them) "
                        "has no one keyword; call ax.set_xscale / ax.set_yscale for each axis",
                    )
            plan.append((olds, new))
        if not plan:
            return None

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            for olds, new in plan:
                node = edits.rename_kwarg(node, olds[0], new)
                node = edits.drop_kwargs(node, *olds[1:])
            return node

        return Outcome(fix=fix)

    return check


# --- seen in real notebooks ---------------------------------------------------------------------

HIST_KEYS = {
    "bins",
    "range",
    "histtype",
    "alpha",
    "color",
    "edgecolor",
    "ec",
    "facecolor",
    "fc",
    "stacked",
    "cumulative",
    "orientation",
    "rwidth",
    "log",
    "label",
    "weights",
    "align",
    "lw",
    "linewidth",
    "density",
}


def _normed_in_dict_call(site: Site) -> Outcome | None:
    """``kwargs = dict(histtype='stepfilled', normed=True)`` later passed as ``hist(**kwargs)``."""
    if site.kwarg("normed") is None or site.kwarg("density") is not None or site.positional():
        return None
    others = {a.keyword.value for a in site.args if a.keyword is not None} - {"normed"}
    if not others or not others <= HIST_KEYS:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "normed", "density"))


STEP_STYLES = ("steps", "steps-pre", "steps-mid", "steps-post")
PLOTTERS = ("plot", "step", "errorbar", "semilogx", "semilogy", "loglog")


def _steps_linestyle(site: Site) -> Outcome | None:
    found = [k for k in ("linestyle", "ls") if literal_in(site, k, STEP_STYLES)]
    if not found or site.kwarg("drawstyle") is not None or site.kwarg("ds") is not None:
        return None
    key = found[0]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.rename_kwarg(node, key, "drawstyle")

    return Outcome(fix=fix)


def _convertible(value: cst.BaseExpression) -> bool:
    """Not a literal, and not already ``x.item()``."""
    if literal(value) is not NOT_LITERAL:
        return False
    func = value.func if isinstance(value, cst.Call) else None
    return not (isinstance(func, cst.Attribute) and func.attr.value == "item")


# positional arguments that must be scalars: how many lead the call
SCALAR_POSITIONS = {"text": 2, "arrow": 4, "axvline": 1, "axhline": 1}


def _size1_positions(site: Site) -> Outcome | None:
    """``plt.arrow(boundary, 0.08, -0.3, 0)`` with ``boundary = X[mask][0]`` a size-1 array:
    numpy < 2.4 converted it to a float. ``np.asarray(v).item()`` is ``v`` for a number and the
    element of a size-1 array; proposed only once the conversion error is seen."""
    func = site.node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else (site.qname or "")
    count = SCALAR_POSITIONS.get(name.rpartition(".")[2])
    pos = site.positional()
    if not count or site.has_star():
        return None
    lead = [a for a in pos[:count] if _convertible(a.value)]
    if not lead:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        seen = 0
        for i, a in enumerate(args):
            if a.keyword is not None or a.star:
                continue
            seen += 1
            if seen > count or not _convertible(a.value):
                continue
            array = cst.Call(func=refs["numpy.asarray"], args=[cst.Arg(a.value)])
            args[i] = a.with_changes(value=edits.method_call(array, "item"))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=False, needs=("numpy.asarray",))


# the keywords that take one color per drawn element, and the letters of the one-letter colors
COLOR_KEYWORDS = ("color", "c", "colors", "facecolor", "facecolors", "edgecolor", "edgecolors")
COLOR_LETTERS = frozenset("bgrcmykw")
# the plotting calls that take a sequence of colors
COLOR_SEQUENCE_TAKERS = (
    "scatter", "bar", "barh", "pie", "hist", "vlines", "hlines", "eventplot", "stackplot",
)  # fmt: skip


def _color_letters(site: Site) -> Outcome | None:
    """``color='rgb'``: a string of one-letter colors, read as a sequence of colors until 3.4;
    the explicit list it meant. ``c=''`` is the empty sequence (no face color: hollow markers,
    drawn by their edge color)."""
    keys = [
        k
        for k in COLOR_KEYWORDS
        if isinstance(v := site.value(k), str) and len(v) != 1 and set(v) <= COLOR_LETTERS
    ]
    if not keys:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        for key in keys:
            old = node.args[edits.find_kwarg(node, key)].value
            quote = old.quote if isinstance(old, cst.SimpleString) else "'"
            letters = literal(old)
            elements = [cst.Element(cst.SimpleString(f"{quote}{ch}{quote}")) for ch in letters]
            node = edits.set_kwarg(node, key, cst.List(elements=elements))
        return node

    return Outcome(fix=fix)


def qualify_pyplot(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"matplotlib.pyplot.{n}" for n in names)


def literal_in(site: Site, name: str, values: tuple[str, ...]) -> bool:
    value = site.value(name)
    return isinstance(value, str) and value in values


# --- from the API changes pages (docs/coverage.md) ----------------------------------------------

RC_PARAMS = (
    "matplotlib.rcParams",
    "matplotlib.pyplot.rcParams",
    "matplotlib.pylab.rcParams",
    "pylab.rcParams",
)
RC_FUNCTIONS = ("matplotlib.rc", "matplotlib.pyplot.rc", "pylab.rc")


def _rc_key(site: Site, target: cst.BaseExpression) -> str | None:
    """``'axes.color_cycle'`` of ``mpl.rcParams['axes.color_cycle']``, else None."""
    if not isinstance(target, cst.Subscript) or len(target.slice) != 1:
        return None
    if site.resolve(target.value) not in RC_PARAMS:
        return None
    index = target.slice[0].slice
    key = literal(index.value) if isinstance(index, cst.Index) else NOT_LITERAL
    return key if isinstance(key, str) else None


def _rc_setting(
    keys: dict[str, str | None],
    value: Any = None,
    *,
    needs: tuple[str, ...] = (),
    old_values_only: bool = False,
) -> tuple[Any, Any, Any]:
    """The three places an old notebook sets an rcParam, as matchers' checks: an assignment
    (``mpl.rcParams[key] = v``), ``plt.rc(group, name=v)`` and a dict entry (``rcParams.update({
    key: v})``, ``rc_context({...})``). ``keys`` maps an old key to its new one (None: the setting
    is deleted); ``value(node, refs)`` rewrites the value, or returns None when it cannot.
    ``old_values_only``: the key itself is today's, only some of its values are gone (``True``
    for ``text.hinting``): a value ``value`` cannot rewrite is a setting of today, not a
    finding."""

    def new_value(node: cst.BaseExpression, refs: Any) -> cst.BaseExpression | None:
        return node if value is None else value(node, refs)

    def checkable(node: cst.BaseExpression) -> bool:
        return value is None or value(node, None) is not None

    def refused(node: cst.BaseExpression | None) -> Outcome | None:
        """What a setting whose value cannot be rewritten is: no finding (a value of today),
        or a finding with no automatic fix."""
        return None if old_values_only and node is not None else Outcome(fix=None)

    def assign(site: Site) -> Outcome | None:
        node: cst.Assign = site.node
        if len(node.targets) != 1:
            return None
        key = _rc_key(site, node.targets[0].target)
        if key not in keys:
            return None
        new = keys[key]
        if new is not None and not checkable(node.value):
            return refused(node.value)

        def fix(n: cst.Assign, refs: Any) -> Any:
            if new is None:
                return cst.RemovalSentinel.REMOVE
            target = n.targets[0].target
            assert isinstance(target, cst.Subscript)
            index = target.slice[0].slice
            assert isinstance(index, cst.Index)
            element = target.slice[0].with_changes(
                slice=index.with_changes(value=edits.same_quotes(index.value, new))
            )
            target = target.with_changes(slice=[element])
            return n.with_changes(
                targets=[n.targets[0].with_changes(target=target)],
                value=new_value(n.value, refs),
            )

        return Outcome(fix=fix, needs=() if new is None else needs)

    def rc(site: Site) -> Outcome | None:
        group = site.value("group", 0)
        if not isinstance(group, str) or site.has_star():
            return None
        found = [
            (a.keyword.value, keys[f"{group}.{a.keyword.value}"])
            for a in site.args
            if a.keyword is not None and f"{group}.{a.keyword.value}" in keys
        ]
        if not found:
            return None
        for name, new in found:
            arg = site.kwarg(name)
            if new is not None and arg is not None and not checkable(arg.value):
                return refused(arg.value)
            if new is not None and not new.startswith(f"{group}."):
                return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            for name, new in found:
                if new is None:
                    node = edits.drop_kwargs(node, name)
                    continue
                node = edits.rename_kwarg(node, name, new[len(group) + 1 :])
                i = edits.find_kwarg(node, new[len(group) + 1 :])
                assert i is not None
                node = edits.set_kwarg(
                    node, new[len(group) + 1 :], new_value(node.args[i].value, refs)
                )
            return node

        return Outcome(fix=fix, needs=needs)

    def entry(site: Site) -> Outcome | None:
        element: cst.DictElement = site.node
        new = keys.get(site.qname or "")
        if new is not None and not checkable(element.value):
            return refused(element.value)

        def fix(n: cst.DictElement, refs: Any) -> Any:
            if new is None:
                return cst.RemovalSentinel.REMOVE
            return n.with_changes(key=edits.same_quotes(n.key, new), value=new_value(n.value, refs))

        return Outcome(fix=fix, needs=() if new is None else needs)

    def in_dict(site: Site) -> Outcome | None:
        """A dict literal's entries of deleted settings (``rcParams.update({...})``)."""
        node: cst.Dict = site.node
        gone = [
            e
            for e in node.elements
            if isinstance(e, cst.DictElement) and keys.get(literal(e.key), "") is None
        ]
        if not gone:
            return None

        def fix(n: cst.Dict, refs: Any) -> cst.Dict:
            last = n.elements[-1].comma if n.elements else cst.MaybeSentinel.DEFAULT
            kept = [
                e
                for e in n.elements
                if not (isinstance(e, cst.DictElement) and keys.get(literal(e.key), "") is None)
            ]
            if kept:
                kept[-1] = kept[-1].with_changes(comma=last)
            return n.with_changes(elements=kept)

        return Outcome(fix=fix)

    if all(new is None for new in keys.values()):
        return assign, rc, in_dict
    return assign, rc, entry


def _cycler_of_colors(node: cst.BaseExpression, refs: Any) -> cst.BaseExpression:
    if refs is None:
        return node
    return cst.Call(func=refs["matplotlib.cycler"], args=[edits.kwarg("color", node)])


def _joined_preamble(node: cst.BaseExpression, refs: Any) -> cst.BaseExpression | None:
    """A preamble given as a list of lines: the one string matplotlib < 3.5 made of it."""
    if not isinstance(node, cst.List | cst.Tuple):
        return None
    return cst.Call(
        func=cst.Attribute(value=cst.SimpleString('"\\n"'), attr=cst.Name("join")),
        args=[cst.Arg(node)],
    )


def _literal_as(*pairs: tuple[Any, Any]) -> Any:
    """A value rewrite: an old literal value (compared by type too: True is not 1) becomes its
    new value, a string or a tuple of numbers; any other value cannot be rewritten."""

    def rewrite(node: cst.BaseExpression, refs: Any) -> cst.BaseExpression | None:
        old = literal(node)
        for before, after in pairs:
            if type(old) is type(before) and old == before:
                if isinstance(after, str):
                    return edits.same_quotes(node, after)
                return cst.parse_expression(repr(after))
        return None

    return rewrite


COLOR_CYCLE = _rc_setting(
    {"axes.color_cycle": "axes.prop_cycle"}, _cycler_of_colors, needs=("matplotlib.cycler",)
)
# rcParams that had no effect when they were removed: the setting is deleted
NO_EFFECT_RC = {
    "text.latex.unicode": None,
    "axes.hold": None,
    "text.latex.preview": None,
    "verbose.level": None,
    "verbose.fileo": None,
    "pgf.debug": None,
}
NO_EFFECT = _rc_setting(NO_EFFECT_RC)
# rcParams 2.2 removed after their rename (matplotlib's own map of the old names said where each
# went: the font's settings are font.*; svg.embed_char_paths became svg.fonttype)
FONT_RC = {
    "text.fontstyle": "font.style",
    "text.fontangle": "font.style",
    "text.fontvariant": "font.variant",
    "text.fontweight": "font.weight",
    "text.fontsize": "font.size",
}
FONT_KEYS = _rc_setting(FONT_RC)
SVG_PATHS = _rc_setting(
    {"svg.embed_char_paths": "svg.fonttype"}, _literal_as((True, "path"), (False, "none"))
)
# values 3.4 stopped taking, with the ones its notes give for them
HINTING = _rc_setting(
    {"text.hinting": "text.hinting"},
    _literal_as((True, "auto"), (False, "none")),
    old_values_only=True,
)
WHISKERS = _rc_setting(
    {"boxplot.whiskers": "boxplot.whiskers"}, _literal_as(("range", (0, 100))), old_values_only=True
)
# rcParams 3.4 and 3.5 removed that change nothing a notebook computes or draws: one the notes say
# had no effect, a keymap of the interactive window, the paths of a movie writer 3.5 removed too
NO_EFFECT_LATER_RC = {
    "mpl_toolkits.legacy_colorbar": None,
    "keymap.all_axes": None,
    "animation.avconv_path": None,
    "animation.avconv_args": None,
}
NO_EFFECT_LATER = _rc_setting(NO_EFFECT_LATER_RC)
PREAMBLE = _rc_setting(
    {"text.latex.preamble": "text.latex.preamble", "pgf.preamble": "pgf.preamble"},
    _joined_preamble,
)


def _rc_matchers(checks: tuple[Any, Any, Any], keys: tuple[str, ...]) -> tuple[Any, ...]:
    assign, rc, entry = checks
    in_dict = entry.__name__ == "in_dict"
    return (
        Node(types=("Assign",), check=assign),
        Call(functions=RC_FUNCTIONS, check=rc),
        Node(types=("Dict",), check=entry) if in_dict else DictKey(keys=keys, check=entry),
    )


def _color_cycle(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, ["color"])
        return edits.rename_method(node, "set_prop_cycle")

    return Outcome(fix=fix)


def _errorbar_fmt(site: Site) -> Outcome | None:
    if site.value("fmt") is not None:
        return None
    return Outcome(fix=lambda node, refs: edits.set_kwarg(node, "fmt", edits.string("none")))


# the colormaps removed in 2.2 and their equal twins
OLD_CMAPS = {
    "spectral": "nipy_spectral",
    "Vega10": "tab10",
    "Vega20": "tab20",
    "Vega20b": "tab20b",
    "Vega20c": "tab20c",
}
OLD_CMAPS.update({f"{k}_r": f"{v}_r" for k, v in list(OLD_CMAPS.items())})
CMAP_KEYWORDS = ("cmap", "colormap")
CMAP_USERS = (
    "imshow",
    "scatter",
    "contour",
    "contourf",
    "pcolor",
    "pcolormesh",
    "hexbin",
    "matshow",
    "hist2d",
    "tripcolor",
    "tricontour",
    "tricontourf",
    "plot_surface",
    "plot_trisurf",
    "specgram",
    "spy",
    "heatmap",
    "clustermap",
    "kdeplot",
    "plot",
)
CMAP_BY_NAME = ("get_cmap", "set_cmap")


def _old_cmap_names(site: Site) -> Outcome | None:
    """``cmap='spectral'`` (and ``plt.get_cmap('spectral')``): the name of its twin."""
    func = site.node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else (site.qname or "")
    by_name = name.rpartition(".")[2] in CMAP_BY_NAME
    spots = [k for k in CMAP_KEYWORDS if literal_in(site, k, tuple(OLD_CMAPS))]
    first = site.positional()[:1] if by_name else []
    if by_name and site.kwarg("name") is not None and literal_in(site, "name", tuple(OLD_CMAPS)):
        spots.append("name")
    positional = bool(first) and literal(first[0].value) in OLD_CMAPS
    if not spots and not positional:
        return None

    def rename(value: cst.BaseExpression) -> cst.BaseExpression:
        v = literal(value)
        return edits.same_quotes(value, OLD_CMAPS[v]) if v in OLD_CMAPS else value

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        for k in spots:
            node = edits.map_kwarg_value(node, k, rename)
        if positional:
            args = list(node.args)
            i = next(i for i, a in enumerate(args) if a.keyword is None and not a.star)
            args[i] = args[i].with_changes(value=rename(args[i].value))
            node = node.with_changes(args=args)
        return node

    return Outcome(fix=fix)


def _find(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        ravel = cst.Call(
            func=refs["numpy.ravel"],
            args=[node.args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)],
        )
        nonzero = cst.Call(func=refs["numpy.nonzero"], args=[cst.Arg(ravel)])
        return cst.Subscript(
            value=nonzero, slice=[cst.SubscriptElement(slice=cst.Index(cst.Integer("0")))]
        )

    return Outcome(fix=fix, needs=("numpy.nonzero", "numpy.ravel"), outer=True)


BIVARIATE = ["X", "Y", "sigmax", "sigmay", "mux", "muy", "sigmaxy"]
BIVARIATE_DEFAULTS = {
    "sigmax": "1.0",
    "sigmay": "1.0",
    "mux": "0.0",
    "muy": "0.0",
    "sigmaxy": "0.0",
}


def _bivariate_normal(site: Site) -> Outcome | None:
    """mlab.bivariate_normal(X, Y, sigmax, sigmay, mux, muy, sigmaxy): the density of the
    normal with that mean and covariance, which scipy's multivariate_normal gives."""
    if site.has_star() or len(site.args) > len(BIVARIATE):
        return Outcome(fix=None)
    given: dict[str, cst.BaseExpression] = {}
    for name, arg in zip(BIVARIATE, site.positional(), strict=False):
        given[name] = arg.value
    for a in site.args:
        if a.keyword is not None:
            if a.keyword.value not in BIVARIATE or a.keyword.value in given:
                return Outcome(fix=None)
            given[a.keyword.value] = a.value
    if "X" not in given or "Y" not in given:
        return Outcome(fix=None)
    texts = {k: edits.code(v) for k, v in given.items()}

    def part(name: str) -> str:
        return texts.get(name, BIVARIATE_DEFAULTS.get(name, ""))

    def squared(name: str) -> str:
        node = given.get(name)
        simple = node is None or isinstance(node, cst.Name | cst.Integer | cst.Float)
        return f"{part(name)} ** 2" if simple else f"({part(name)}) ** 2"

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        mvn = edits.code(refs["scipy.stats.multivariate_normal"])
        dstack = edits.code(refs["numpy.dstack"])
        sxy = part("sigmaxy")
        text = (
            f"{mvn}([{part('mux')}, {part('muy')}], "
            f"[[{squared('sigmax')}, {sxy}], [{sxy}, {squared('sigmay')}]])"
            f".pdf({dstack}(({part('X')}, {part('Y')})))"
        )
        return edits.expr(text)

    return Outcome(fix=fix, needs=("scipy.stats.multivariate_normal", "numpy.dstack"), outer=True)


def _savefig_frameon(site: Site) -> Outcome | None:
    value = site.value("frameon")
    if value is MISSING:
        return None
    if value not in (True, False) or (value is False and site.kwarg("facecolor") is not None):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if value:
            return edits.drop_kwargs(node, "frameon")
        i = edits.find_kwarg(node, "frameon")
        assert i is not None
        args = list(node.args)
        args[i] = args[i].with_changes(keyword=cst.Name("facecolor"), value=edits.string("none"))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _shared_join(site: Site) -> Outcome | None:
    """``ax1.get_shared_x_axes().join(ax1, ax2)``: ``ax1.sharex(ax2)``."""
    receiver = site.receiver_node
    if not isinstance(receiver, cst.Call) or not isinstance(receiver.func, cst.Attribute):
        return None
    getter = receiver.func.attr.value
    if getter not in ("get_shared_x_axes", "get_shared_y_axes") or receiver.args:
        return None
    pos = site.positional()
    if len(site.args) != 2 or len(pos) != 2 or not site.extra.get("statement"):
        return Outcome(fix=None)
    method = "sharex" if getter == "get_shared_x_axes" else "sharey"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        first, second = node.args
        return edits.method_call(
            edits.paren(first.value), method, [second.with_changes(comma=cst.MaybeSentinel.DEFAULT)]
        )

    return Outcome(fix=fix)


def _stem_line_collection(site: Site) -> Outcome | None:
    value = site.value("use_line_collection")
    if value is MISSING:
        return None
    if value is not True:
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "use_line_collection"))


def _subplotspec_method(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if (
        isinstance(receiver, cst.Call)
        and isinstance(receiver.func, cst.Attribute)
        and receiver.func.attr.value == "get_subplotspec"
    ):
        return None  # already the subplotspec's
    if site.args:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        spec = edits.method_call(func.value, "get_subplotspec")
        return node.with_changes(func=func.with_changes(value=spec))

    return Outcome(fix=fix)


SET_DATA_ARITY = {"set_data": 2, "set_xdata": 1, "set_ydata": 1}


def _scalar_data(site: Site) -> Outcome | None:
    """``point.set_data(x[i], y[i])``: matplotlib 3.9 takes sequences only; ``np.atleast_1d``
    is a sequence as it is and a scalar as a one-element array. Proposed once the error shows."""
    func = site.node.func
    assert isinstance(func, cst.Attribute)
    pos = site.positional()
    if (
        site.has_star()
        or len(site.args) != SET_DATA_ARITY[func.attr.value]
        or len(pos) != len(site.args)
    ):
        return None
    if all(
        isinstance(a.value, cst.List | cst.Tuple | cst.ListComp)
        or (isinstance(a.value, cst.Call) and site.resolve(a.value.func) == "numpy.atleast_1d")
        for a in pos
    ):
        return None  # sequences already

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [
            a.with_changes(value=cst.Call(func=refs["numpy.atleast_1d"], args=[cst.Arg(a.value)]))
            for a in node.args
        ]
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=False, needs=("numpy.atleast_1d",))


def _plot_date(site: Site) -> Outcome | None:
    """``plot_date(x, y, fmt='o', ...)``: ``plot(x, y, fmt)`` (its marker-only default kept)."""
    if site.has_star() or any(site.kwarg(k) is not None for k in ("tz", "xdate", "ydate")):
        return Outcome(fix=None)
    pos = site.positional()
    fmt = site.kwarg("fmt")
    if len(pos) < 2 or len(pos) > 3 or (fmt is not None and len(pos) == 3):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        if isinstance(func, cst.Attribute):
            node = node.with_changes(func=func.with_changes(attr=cst.Name("plot")))
        else:
            node = node.with_changes(func=refs["matplotlib.pyplot.plot"])
        args = list(node.args)
        if len(pos) == 3:
            return node
        if fmt is not None:
            i = edits.find_kwarg(node, "fmt")
            assert i is not None
            value = args.pop(i).value
        else:
            value = edits.string("o")
        where = [i for i, a in enumerate(args) if a.keyword is None and not a.star][1] + 1
        new = cst.Arg(value, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        if where == len(args):
            args[-1] = args[-1].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            new = new.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        args.insert(where, new)
        return node.with_changes(args=args)

    needs = () if isinstance(site.node.func, cst.Attribute) else ("matplotlib.pyplot.plot",)
    return Outcome(fix=fix, needs=needs)


def _colorbar_axes(site: Site) -> Outcome | None:
    """``plt.colorbar(sm)`` with a mappable on no Axes: matplotlib 3.6-3.7 took the current
    Axes (with a warning); 3.8 raises. Proposed once the error shows."""
    if not site.positional() or site.kwarg("ax") is not None or site.kwarg("cax") is not None:
        return None
    on_pyplot = site.qname == "matplotlib.pyplot.colorbar"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if on_pyplot:
            current = cst.Call(func=refs["matplotlib.pyplot.gca"], args=[])
        else:
            func = node.func
            assert isinstance(func, cst.Attribute)
            current = edits.method_call(func.value, "gca")
        return edits.add_args(node, [edits.kwarg("ax", current)])

    return Outcome(fix=fix, proven=False, needs=("matplotlib.pyplot.gca",) if on_pyplot else ())


NORM_USERS = (
    "imshow",
    "scatter",
    "pcolor",
    "pcolormesh",
    "hexbin",
    "matshow",
    "hist2d",
    "tripcolor",
    "contour",
    "contourf",
)
NO_LIMITS = ("BoundaryNorm", "NoNorm", "FuncNorm")


def _norm_limits(site: Site) -> Outcome | None:
    """``imshow(a, norm=LogNorm(), vmin=1, vmax=100)``: the limits go to the norm."""
    norm = site.kwarg("norm")
    limits = [k for k in ("vmin", "vmax") if site.kwarg(k) is not None]
    if norm is None or not limits:
        return None
    call = norm.value
    if not isinstance(call, cst.Call) or any(a.star for a in call.args):
        return Outcome(fix=None)
    name = call.func.attr.value if isinstance(call.func, cst.Attribute) else None
    if isinstance(call.func, cst.Name):
        name = call.func.value
    held = {a.keyword.value for a in call.args if a.keyword is not None}
    if not name or not name.endswith("Norm") or name in NO_LIMITS or held & {"vmin", "vmax"}:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        moved = [edits.kwarg(k, node.args[edits.find_kwarg(node, k) or 0].value) for k in limits]
        node = edits.drop_kwargs(node, *limits)
        i = edits.find_kwarg(node, "norm")
        assert i is not None
        args = list(node.args)
        inner = args[i].value
        assert isinstance(inner, cst.Call)
        args[i] = args[i].with_changes(value=edits.add_args(inner, moved))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _draggable(site: Site) -> Outcome | None:
    if site.has_star() or len(site.positional()) > 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_method(node, "set_draggable")
        if not node.args:
            return node.with_changes(args=[cst.Arg(cst.Name("True"))])
        i = edits.find_kwarg(node, "state")
        if i is not None:
            args = list(node.args)
            args[i] = args[i].with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
            node = node.with_changes(args=args)
        return node

    return Outcome(fix=fix)


TICK_LISTS = ("get_major_ticks", "get_minor_ticks")


def _tick_list(node: cst.BaseExpression) -> bool:
    """``ax.xaxis.get_major_ticks()`` (or a slice of it)."""
    if isinstance(node, cst.Subscript):
        node = node.value
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in TICK_LISTS
    )


def _tick_label_direct(site: Site) -> Outcome | None:
    """``ax.xaxis.get_major_ticks()[0].label``."""
    receiver = site.node.value
    if not (isinstance(receiver, cst.Subscript) and _tick_list(receiver.value)):
        return None
    return Outcome(fix=lambda node, refs: edits.rename_attr(node, "label1"))


class _TickLoops(cst.CSTTransformer):
    """``for tick in ax.xaxis.get_major_ticks(): tick.label.set_fontsize(8)``: ``label1``."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[set[str]] = []
        self.found = False

    def visit_For(self, node: cst.For) -> None:
        name = node.target.value if isinstance(node.target, cst.Name) else None
        self.names.append({name} if name and _tick_list(node.iter) else set())

    def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
        self.names.pop()
        return updated_node

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.Attribute:
        loop_vars = set().union(*self.names) if self.names else set()
        value = updated_node.value
        if (
            updated_node.attr.value == "label"
            and isinstance(value, cst.Name)
            and value.value in loop_vars
        ):
            self.found = True
            return edits.rename_attr(updated_node, "label1")
        return updated_node


def _tick_label_loops(site: Site) -> Outcome | None:
    finder = _TickLoops()
    site.node.visit(finder)
    if not finder.found:
        return None
    return Outcome(fix=lambda node, refs: node.visit(_TickLoops()), outer=True)


def _tostring_rgb(site: Site) -> Outcome | None:
    if site.args:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        func = node.func
        assert isinstance(func, cst.Attribute)
        asarray = edits.code(refs["numpy.asarray"])
        canvas = edits.code(edits.paren(func.value))
        return edits.expr(f"{asarray}({canvas}.buffer_rgba())[..., :3].tobytes()")

    return Outcome(fix=fix, needs=("numpy.asarray",), outer=True)


ON_OFF = {"on": True, "off": False, "true": True, "false": False}
TICK_SWITCHES = (
    "bottom",
    "top",
    "left",
    "right",
    "labelbottom",
    "labeltop",
    "labelleft",
    "labelright",
    "tick1On",
    "tick2On",
    "label1On",
    "label2On",
    "gridOn",
)


def _on_off(keys: tuple[str, ...], first: bool = False) -> Any:
    """``tick_params(bottom='off')``, ``grid('on')``: a non-empty string is True since 3.1, so
    'off' no longer hides; the booleans they meant."""

    def switch(value: Any) -> bool:
        return isinstance(value, str) and value.lower() in ON_OFF

    def check(site: Site) -> Outcome | None:
        names = [k for k in keys if switch(site.value(k))]
        pos = site.positional()
        lead = first and bool(pos) and switch(literal(pos[0].value))
        if not names and not lead:
            return None

        def to_bool(value: cst.BaseExpression) -> cst.BaseExpression:
            v = literal(value)
            return cst.Name(str(ON_OFF[v.lower()])) if switch(v) else value

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            for k in names + (["visible"] if "b" in names else []):  # b= may be renamed (MPL003)
                node = edits.map_kwarg_value(node, k, to_bool)
            if lead:
                args = list(node.args)
                i = next(i for i, a in enumerate(args) if a.keyword is None and not a.star)
                args[i] = args[i].with_changes(value=to_bool(args[i].value))
                node = node.with_changes(args=args)
            return node

        return Outcome(fix=fix)

    return check


def _imports(module: str) -> Any:
    """An ``import <module>`` statement (a compat setting goes after it)."""

    def check(site: Site, prelude: str) -> Outcome | None:
        node: cst.Import = site.node
        if not any(edits.dotted_name(a.name) == module for a in node.names):
            return None
        return Outcome(fix=lambda n, refs: n, prelude=prelude)

    return check


def _classic_style(site: Site) -> Outcome | None:
    return _imports("matplotlib.pyplot")(site, "matplotlib.pyplot.style.use('classic')")


DATE_NUMBERS = tuple(
    f"{module}.{name}"
    for module in ("matplotlib.dates", "matplotlib.pylab", "pylab")
    for name in ("date2num", "num2date", "datestr2num", "drange")
)


def _old_epoch(site: Site) -> Outcome | None:
    """A notebook that computes date numbers: the epoch they count from (set before the first
    conversion to take effect, so at the top of the cell)."""
    return Outcome(
        fix=lambda node, refs: node,
        prelude="matplotlib.pyplot.rc('date', epoch='0000-12-31T00:00:00')",
    )


def _pop_artist(site: Site) -> Outcome | None:
    """``ax.lines.pop(0)`` as a statement: ``ax.lines[0].remove()``."""
    if _lines_mutation(site) is None:
        return None
    func = site.node.func
    assert isinstance(func, cst.Attribute)
    pos = site.positional()
    if (
        func.attr.value != "pop"
        or not site.extra.get("statement")
        or len(site.args) > 1
        or len(pos) != len(site.args)
    ):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        f = node.func
        assert isinstance(f, cst.Attribute)
        index = node.args[0].value if node.args else edits.expr("-1")
        item = cst.Subscript(value=f.value, slice=[cst.SubscriptElement(cst.Index(index))])
        return edits.method_call(item, "remove")

    return Outcome(fix=fix)


SOURCE = "api-changes"  # the rule answers an item of matplotlib.coverage.toml
MLABS = ("matplotlib.mlab", "matplotlib.pylab", "pylab")
SUBPLOT_QUERIES = ("is_first_col", "is_first_row", "is_last_col", "is_last_row")


def _bar_align(site: Site) -> Outcome | None:
    if site.kwarg("align") is not None or site.has_star() or not site.proven:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("align", edits.string("edge"))])
    )


URL_SCHEMES = ("http://", "https://", "ftp://", "file://")


def _imread_url(site: Site) -> Outcome | None:
    """``plt.imread(url)``: matplotlib < 3.6 opened the URL and read its bytes; so does the
    rewrite (the format still comes from the image)."""
    pos = site.positional()
    fname = site.kwarg("fname") or (pos[0] if pos else None)
    if fname is None:
        return None
    value = literal(fname.value)
    if isinstance(value, str) and not value.startswith(URL_SCHEMES):
        return None  # a file name
    if isinstance(fname.value, cst.Call) and site.resolve(fname.value.func) == "io.BytesIO":
        return None  # the bytes already
    proven = isinstance(value, str)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        i = next(
            i
            for i, a in enumerate(args)
            if (a.keyword is None and not a.star) or (a.keyword and a.keyword.value == "fname")
        )
        opened = cst.Call(func=refs["urllib.request.urlopen"], args=[cst.Arg(args[i].value)])
        data = cst.Call(func=refs["io.BytesIO"], args=[cst.Arg(edits.method_call(opened, "read"))])
        args[i] = args[i].with_changes(value=data)
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=proven, needs=("urllib.request.urlopen", "io.BytesIO"))


# --- candidates of the extracted items (fixers/rules/extracted/matplotlib.jsonl) ---------------

# calls whose result is a float where an old notebook meant a count (np.ceil(n / 3))
FLOAT_RESULTS = (
    *(f"numpy.{n}" for n in ("ceil", "floor", "round", "rint", "around", "sqrt", "trunc")),
    "math.sqrt",
)


def _whole(site: Site, node: cst.BaseExpression) -> bool:
    """An integer literal or ``len(...)``: a whole number, so ``a / b`` of two is ``a // b``."""
    if isinstance(node, cst.Integer):
        return True
    return isinstance(node, cst.Call) and site.resolve(node.func) == "builtins.len"


def _float_like(site: Site, node: cst.BaseExpression) -> bool:
    """A float where an integer belongs: a float literal, a true division, np.ceil(...)."""
    if isinstance(node, cst.Float):
        return True
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
        return True
    return isinstance(node, cst.Call) and site.resolve(node.func) in FLOAT_RESULTS


def _subplot_floats(site: Site) -> Outcome | None:
    """``fig.add_subplot(rows / 2, 2, i)``: matplotlib < 3.5 took each of the three numbers
    through int(); the rewrite does the same where a float shows (int(2.5) is 2)."""
    pos = site.positional()
    if len(pos) != 3 or site.has_star():
        return None
    where = [k for k, a in enumerate(pos) if _float_like(site, a.value)]
    if not where:
        return None
    exact = {
        k: isinstance(pos[k].value, cst.BinaryOperation)
        and _whole(site, pos[k].value.left)
        and _whole(site, pos[k].value.right)
        for k in where
    }

    def as_int(k: int, value: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(value, cst.Float) and not value.lpar:
            return cst.Integer(str(int(float(value.value))))
        if exact[k] and isinstance(value, cst.BinaryOperation):
            return value.with_changes(
                operator=cst.FloorDivide(
                    whitespace_before=value.operator.whitespace_before,
                    whitespace_after=value.operator.whitespace_after,
                )
            )
        return cst.Call(func=cst.Name("int"), args=[cst.Arg(value.with_changes(lpar=[], rpar=[]))])

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        slots = [i for i, a in enumerate(args) if a.keyword is None and not a.star]
        for k in where:
            i = slots[k]
            args[i] = args[i].with_changes(value=as_int(k, args[i].value))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


# the Tick switches removed in 3.3 and the artist each one showed or hid
TICK_ARTISTS = {
    "gridOn": "gridline",
    "tick1On": "tick1line",
    "tick2On": "tick2line",
    "label1On": "label1",
    "label2On": "label2",
}


def _tick_switch(site: Site) -> Outcome | None:
    """``tick.label1On = False``: since 3.3 an attribute nothing reads (the label stays); the
    visibility of the artist it switched, as Tick.draw read it."""
    node: cst.Assign = site.node
    targets = [t.target for t in node.targets]
    named = [t for t in targets if isinstance(t, cst.Attribute) and t.attr.value in TICK_ARTISTS]
    if not named:
        return None
    if len(targets) != 1:
        return Outcome(fix=None)
    target = named[0]

    def fix(n: cst.Assign, refs: Any) -> Any:
        t = n.targets[0].target
        assert isinstance(t, cst.Attribute)
        artist = cst.Attribute(value=t.value, attr=cst.Name(TICK_ARTISTS[target.attr.value]))
        return cst.Expr(edits.method_call(artist, "set_visible", [cst.Arg(n.value)]))

    return Outcome(fix=fix)


DATE_PARSERS = tuple(
    f"{module}.{name}"
    for module in ("matplotlib.dates", "matplotlib.pylab", "pylab")
    for name in ("strpdate2num", "bytespdate2num")
)


def _strpdate2num(site: Site) -> Outcome | None:
    """``mdates.strpdate2num('%Y-%m-%d')``: a converter that computed
    ``date2num(datetime.datetime(*time.strptime(s, fmt)[:6]))``; bytespdate2num decoded its
    bytes first (numpy's loadtxt passes str since 1.23, so the rewrite takes both)."""
    pos = site.positional()
    fmt = site.kwarg("fmt") or (pos[0] if pos else None)
    from_bytes = (site.qname or "").endswith("bytespdate2num")
    encoding = site.kwarg("encoding") or (pos[1] if len(pos) > 1 else None)
    allowed = 2 if from_bytes else 1
    if (
        fmt is None
        or site.has_star()
        or len(site.args) > allowed
        or not isinstance(literal(fmt.value), str)
        or (encoding is not None and not isinstance(literal(encoding.value), str))
    ):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        date2num = edits.code(refs["matplotlib.dates.date2num"])
        when = edits.code(refs["datetime.datetime"])
        strptime = edits.code(refs["time.strptime"])
        text = "s"
        if from_bytes:
            enc = edits.code(encoding.value) if encoding is not None else "'utf-8'"
            text = f"s.decode({enc}) if isinstance(s, bytes) else s"
        body = f"{date2num}({when}(*{strptime}({text}, {edits.code(fmt.value)})[:6]))"
        lam = edits.expr(f"lambda s: {body}")
        return lam.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

    return Outcome(
        fix=fix,
        needs=("matplotlib.dates.date2num", "datetime.datetime", "time.strptime"),
        outer=True,
    )


COLORBAR_SETTERS = ("set_clim", "set_cmap", "set_norm", "get_clim", "get_cmap")


def _colorbar_mappable(site: Site) -> Outcome | None:
    """``cb.set_clim(0, 1)``: the colorbar follows its mappable since 3.1; set it there."""
    if not site.proven:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        mappable = cst.Attribute(value=func.value, attr=cst.Name("mappable"))
        return node.with_changes(func=func.with_changes(value=mappable))

    return Outcome(fix=fix)


def _import_only(proven: bool = True) -> Any:
    """``from matplotlib.dates import strpdate2num``: the name leaves the import (its calls are
    rewritten by the rule's Call matcher; a use by use check returns None)."""

    def check(site: Site) -> Outcome | None:
        if not isinstance(site.node, cst.ImportAlias):
            return None
        return Outcome(fix=lambda node, refs: node, proven=proven)

    return check


PRCTILE_DEFAULT = "(0.0, 25.0, 50.0, 75.0, 100.0)"


def _prctile(site: Site) -> Outcome | None:
    """``mlab.prctile(x, p)``: the linearly interpolated percentiles of the flattened x, which
    np.percentile computes; p's default was the five quartile points."""
    pos = site.positional()
    given: dict[str, cst.BaseExpression] = {}
    for name, arg in zip(("x", "p"), pos, strict=False):
        given[name] = arg.value
    for a in site.args:
        if a.keyword is not None:
            if a.keyword.value not in ("x", "p") or a.keyword.value in given:
                return Outcome(fix=None)
            given[a.keyword.value] = a.value
    if site.has_star() or len(pos) > 2 or "x" not in given:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        p = given.get("p", edits.expr(PRCTILE_DEFAULT))
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Call(
            func=refs["numpy.percentile"],
            args=[cst.Arg(given["x"], comma=comma), cst.Arg(p)],
        )

    return Outcome(fix=fix, proven=False, needs=("numpy.percentile",), outer=True)


RULES = [
    Rule(
        id="MPL001",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue="M1",
        message="the bundled 'seaborn*' styles were renamed 'seaborn-v0_8*' (old names removed "
        "in 3.8)",
        replacement="plt.style.use('seaborn-v0_8-whitegrid')",
        signatures=(r"'seaborn[\w-]*' is not a valid package style",),
        matchers=(Call(functions=STYLE_USERS, check=_style),),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.style.use('seaborn-whitegrid')",
                "import matplotlib.pyplot as plt\nplt.style.use('seaborn-v0_8-whitegrid')",
            ),
            (
                "import matplotlib.pyplot as plt\nplt.style.use(['seaborn', 'dark_background'])",
                "import matplotlib.pyplot as plt\n"
                "plt.style.use(['seaborn-v0_8', 'dark_background'])",
            ),
        ),
        proofs=(_CASE_MPL + "plt.style.use('seaborn-whitegrid')",),
    ),
    Rule(
        id="MPL002",
        library=LIB,
        changed_in="3.2",
        safety=SAFE,
        catalogue="M2",
        message="hist(normed=) was removed in 3.2 (hist2d's in 3.3); use density=",
        replacement="hist(..., density=True)",
        signatures=(r"unexpected keyword argument 'normed'",),
        matchers=(
            kwarg_rename("normed", "density", methods=("hist", "hist2d"), exclude=NOT_MPL),
            kwarg_rename(
                "normed",
                "density",
                functions=("matplotlib.pyplot.hist", "matplotlib.pyplot.hist2d"),
            ),
            DictKey(keys=("normed",), check=_normed_key),
            Call(functions=("builtins.dict",), check=_normed_in_dict_call),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.hist(x, bins=20, normed=True)\n"
                "ax.hist(y, normed=1)\nsns.distplot(z, hist_kws={'normed': True})",
                "import matplotlib.pyplot as plt\nplt.hist(x, bins=20, density=True)\n"
                "ax.hist(y, density=1)\nsns.distplot(z, hist_kws={'density': True})",
            ),
            (
                "kw = dict(histtype='stepfilled', alpha=0.3, normed=True, bins=40)\n"
                "plt.hist(x1, **kw)\nother = dict(normed=True, n=3)",
                "kw = dict(histtype='stepfilled', alpha=0.3, density=True, bins=40)\n"
                "plt.hist(x1, **kw)\nother = dict(normed=True, n=3)",
            ),
        ),
        proofs=(
            _CASE_MPL + "plt.hist([1, 2, 2], normed=True)",
            _CASE_MPL
            + "kw = dict(histtype='step', normed=True, bins=3)\nplt.hist([1, 2, 2], **kw)",
            _CASE_PLT + "plt.hist2d([1, 2, 3], [1, 2, 2], normed=True)",
        ),
    ),
    Rule(
        id="MPL003",
        library=LIB,
        changed_in="3.7",
        safety=SAFE,
        catalogue="M3",
        message="grid(b=) was renamed grid(visible=) (removed in 3.7)",
        replacement="grid(visible=True)",
        signatures=(r"keyword grid_b is not recognized",),
        matchers=(
            Call(methods=("grid",), exclude=NOT_MPL, check=_grid_b),
            Call(functions=("matplotlib.pyplot.grid",), check=_grid_b),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.grid(b=True)\nax.grid(b=False, axis='y')",
                "import matplotlib.pyplot as plt\nplt.grid(visible=True)\n"
                "ax.grid(visible=False, axis='y')",
            ),
        ),
        proofs=(_CASE_MPL + "plt.grid(b=True)",),
    ),
    Rule(
        id="MPL004",
        library=LIB,
        changed_in="3.6",
        safety=SAFE_IF,
        catalogue="M4",
        condition="the receiver is a Figure (or it is plt.gca)",
        message="gca() no longer takes projection= (3.6); use add_subplot(projection=...)",
        replacement="fig.add_subplot(projection='3d')",
        signatures=(r"gca\(\) got an unexpected keyword argument",),
        matchers=(
            Call(methods=("gca",), receivers=(FIGURE,), check=_gca_projection),
            Call(functions=("matplotlib.pyplot.gca",), check=_gca_projection),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\n"
                "fig = plt.figure()\nax = fig.gca(projection='3d')",
                "import matplotlib.pyplot as plt\nfig = plt.figure()\n"
                "ax = fig.add_subplot(projection='3d')",
            ),
        ),
        proofs=(_CASE_MPL + "fig = plt.figure()\nax = fig.gca(projection='3d')",),
    ),
    Rule(
        id="MPL005",
        library=LIB,
        changed_in="3.7",
        safety=SAFE,
        silent=True,
        catalogue="M5",
        message="Axes3D(fig) no longer adds itself to the figure (3.7): the plot is blank; use "
        "fig.add_subplot(projection='3d')",
        replacement="fig.add_subplot(projection='3d')",
        matchers=(
            Call(
                functions=("mpl_toolkits.mplot3d.Axes3D", "mpl_toolkits.mplot3d.axes3d.Axes3D"),
                check=_axes3d,
            ),
        ),
        examples=(
            (
                "from mpl_toolkits.mplot3d import Axes3D\nax = Axes3D(fig)",
                "from mpl_toolkits.mplot3d import Axes3D\nax = fig.add_subplot(projection='3d')",
            ),
        ),
    ),
    Rule(
        id="MPL006",
        library=LIB,
        changed_in="3.9",
        safety=SAFE,
        catalogue="M6",
        message="matplotlib.cm.get_cmap was removed in 3.9; use matplotlib.colormaps[name]",
        replacement="matplotlib.colormaps['viridis'].resampled(n)",
        signatures=(no_attribute("matplotlib.cm", ["get_cmap"]),),
        matchers=(
            Call(
                functions=("matplotlib.cm.get_cmap", "matplotlib.pyplot.cm.get_cmap"),
                check=_get_cmap,
            ),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\ncmap = plt.cm.get_cmap('viridis', 5)",
                "import matplotlib.pyplot as plt\nfrom matplotlib import colormaps\n"
                "cmap = colormaps['viridis'].resampled(5)",
            ),
        ),
        proofs=(_CASE_MPL + "cmap = plt.cm.get_cmap('viridis', 5)",),
    ),
    Rule(
        id="MPL007",
        library=LIB,
        changed_in="3.9",
        safety=SAFE,
        catalogue="M7",
        message="cm.register_cmap (3.9) and cm.cmap_d (3.6) were removed; use matplotlib.colormaps",
        replacement="matplotlib.colormaps.register(cmap, name=...)",
        signatures=(no_attribute("matplotlib.cm", ["register_cmap", "cmap_d"]),),
        matchers=(
            Call(
                functions=("matplotlib.cm.register_cmap", "matplotlib.pyplot.register_cmap"),
                check=_register_cmap,
            ),
            Symbol(old="matplotlib.cm.cmap_d", new="matplotlib.colormaps"),
            Symbol(old="matplotlib.pyplot.cm.cmap_d", new="matplotlib.colormaps"),
        ),
        examples=(
            (
                "import matplotlib\nimport matplotlib.cm as cm\n"
                "cm.register_cmap(name='mine', cmap=c)\nnames = list(cm.cmap_d)",
                "import matplotlib\nimport matplotlib.cm as cm\n"
                "matplotlib.colormaps.register(c, name='mine')\n"
                "names = list(matplotlib.colormaps)",
            ),
        ),
        proofs=(_CASE_MPL + "import matplotlib.cm as cm\nnames = list(cm.cmap_d)",),
    ),
    Rule(
        id="MPL008",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue="M8",
        message="axisbg= and set_axis_bgcolor/get_axis_bgcolor were removed; use facecolor= / "
        "set_facecolor / get_facecolor",
        replacement="facecolor=; ax.set_facecolor(c)",
        signatures=(
            r"unexpected keyword argument 'axisbg'",
            object_no_attribute(["set_axis_bgcolor", "get_axis_bgcolor"]),
        ),
        matchers=(
            kwarg_rename("axisbg", "facecolor", functions=AXES_FACTORIES),
            kwarg_rename("axisbg", "facecolor", methods=("add_subplot", "add_axes")),
            Call(
                methods=("set_axis_bgcolor", "get_axis_bgcolor"),
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_method(
                        node, node.func.attr.value.replace("axis_bgcolor", "facecolor")
                    )
                ),
            ),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nax = plt.subplot(111, axisbg='w')\n"
                "ax.set_axis_bgcolor('k')\nbg = ax.get_axis_bgcolor()",
                "import matplotlib.pyplot as plt\nax = plt.subplot(111, facecolor='w')\n"
                "ax.set_facecolor('k')\nbg = ax.get_facecolor()",
            ),
        ),
        proofs=(
            _CASE_MPL + "ax = plt.subplot(111, axisbg='w')",
            _CASE_PLT + "fig, ax = plt.subplots()\nc = ax.get_axis_bgcolor()",
        ),
    ),
    Rule(
        id="MPL009",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="M9",
        message="plt.hold and the hold= keyword were removed in 3.0 (holding is always on); "
        "delete them",
        replacement="delete plt.hold(...)",
        signatures=(
            no_attribute("matplotlib.pyplot", ["hold"]),
            object_no_attribute(["hold"], "Axes"),
            r"got an unexpected keyword argument 'hold'",
        ),
        matchers=(
            Call(functions=("matplotlib.pyplot.hold",), check=_hold),
            Call(methods=("hold",), receivers=(AXES,), check=_hold),
            kwarg_drop("hold", functions=qualify_pyplot(HOLD_PLOTTERS), when=lambda v: v is True),
            kwarg_drop("hold", methods=HOLD_PLOTTERS, receivers=(AXES,), when=lambda v: v is True),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.plot(x)\nplt.hold(True)\nplt.plot(y)\n"
                "plt.scatter(a, b, hold=True)",
                "import matplotlib.pyplot as plt\nplt.plot(x)\nplt.plot(y)\nplt.scatter(a, b)",
            ),
        ),
        proofs=(
            _CASE_MPL + "plt.plot([1, 2])\nplt.hold(True)",
            _CASE_PLT + "plt.plot([1, 2], [1, 2], hold=True)",
        ),
    ),
    Rule(
        id="MPL010",
        library=LIB,
        changed_in="3.9",
        safety=SAFE,
        catalogue="M10",
        message="Legend.legendHandles was renamed legend_handles (removed in 3.9)",
        replacement="leg.legend_handles",
        signatures=(object_no_attribute(["legendHandles"], "Legend"),),
        matchers=(
            Attr(
                names=("legendHandles",),
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_attr(node, "legend_handles")
                ),
            ),
        ),
        examples=(
            (
                "leg = ax.legend()\nfor h in leg.legendHandles:\n    h.set_alpha(1)",
                "leg = ax.legend()\nfor h in leg.legend_handles:\n    h.set_alpha(1)",
            ),
        ),
        proofs=(_CASE_MPL + "plt.plot([1], label='a')\nleg = plt.legend()\nh = leg.legendHandles",),
    ),
    Rule(
        id="MPL011",
        library=LIB,
        changed_in="3.11",
        safety=SAFE,
        catalogue="M11",
        message="boxplot(labels=) was renamed tick_labels= (removed in 3.11)",
        replacement="boxplot(data, tick_labels=[...])",
        signatures=(r"boxplot\(\) got an unexpected keyword argument 'labels'",),
        matchers=(
            kwarg_rename("labels", "tick_labels", functions=("matplotlib.pyplot.boxplot",)),
            kwarg_rename("labels", "tick_labels", methods=("boxplot",), receivers=(AXES,)),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.boxplot([a, b], labels=['a', 'b'])",
                "import matplotlib.pyplot as plt\nplt.boxplot([a, b], tick_labels=['a', 'b'])",
            ),
        ),
        proofs=(_CASE_MPL + "plt.boxplot([[1, 2], [3, 4]], labels=['a', 'b'])",),
    ),
    Rule(
        id="MPL012",
        library=LIB,
        changed_in="3.6",
        safety=SAFE,
        catalogue="M12",
        message="savefig(quality=, optimize=, progressive=) were removed in 3.6; pass them in "
        "pil_kwargs",
        replacement="savefig(f, pil_kwargs={'quality': 95})",
        signatures=(unexpected_kwarg(["quality", "optimize", "progressive"]),),
        matchers=(
            Call(functions=("matplotlib.pyplot.savefig",), check=_savefig_quality),
            Call(methods=("savefig",), receivers=(FIGURE,), check=_savefig_quality),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.savefig('a.jpg', dpi=100, quality=95)",
                "import matplotlib.pyplot as plt\n"
                "plt.savefig('a.jpg', dpi=100, pil_kwargs={'quality': 95})",
            ),
        ),
        proofs=(_CASE_MPL + "plt.plot([1])\nplt.savefig(OUT, quality=90)",),
    ),
    Rule(
        id="MPL013",
        library=LIB,
        changed_in="3.6",
        safety=SAFE,
        catalogue="M13",
        message="canvas.set_window_title was removed in 3.6; use canvas.manager.set_window_title",
        replacement="fig.canvas.manager.set_window_title(t)",
        signatures=(object_no_attribute(["set_window_title"]),),
        matchers=(Call(methods=("set_window_title",), check=_window_title),),
        examples=(
            (
                "fig.canvas.set_window_title('Results')",
                "fig.canvas.manager.set_window_title('Results')",
            ),
        ),
        proofs=(_CASE_MPL + "fig = plt.figure()\nfig.canvas.set_window_title('x')",),
    ),
    Rule(
        id="MPL014",
        library=LIB,
        changed_in="3.7",
        safety=REVIEW,
        catalogue="M14",
        message="Axes.lines/patches/... are read-only ArtistLists since 3.7; remove an artist "
        "with artist.remove() (ax.lines.pop(i) is ax.lines[i].remove())",
        replacement="ax.lines[-1].remove()",
        signatures=(object_no_attribute(["pop", "remove", "clear", "append"], "ArtistList"),),
        matchers=(Call(methods=("pop", "clear", "append", "extend", "insert"), check=_pop_artist),),
        examples=(
            ("ax.lines.pop(0)\nax.patches.pop()", "ax.lines[0].remove()\nax.patches[-1].remove()"),
            ("ax.collections.clear()\nold = ax.lines.pop(0)", None),
        ),
        proofs=(_CASE_PLT + "plt.plot([1, 2])\nax = plt.gca()\nax.lines.pop(0)",),
    ),
    Rule(
        id="MPL015",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue="real-notebooks",
        message="the log/symlog scale keywords lost their axis suffix (basex= is base=, "
        "nonposy= is nonpositive=, ...; removed in 3.5)",
        replacement="plt.xscale('log', base=2); ax.semilogy(x, y, nonpositive='clip')",
        signatures=(unexpected_kwarg(OLD_SCALE_KEYWORDS),),
        matchers=(
            Call(functions=X_SCALE, check=_scale_keywords("x")),
            Call(functions=Y_SCALE, check=_scale_keywords("y")),
            Call(functions=("matplotlib.pyplot.loglog",), check=_scale_keywords("xy")),
            Call(methods=("set_xscale", "semilogx"), exclude=NOT_MPL, check=_scale_keywords("x")),
            Call(methods=("set_yscale", "semilogy"), exclude=NOT_MPL, check=_scale_keywords("y")),
            Call(methods=("loglog",), exclude=NOT_MPL, check=_scale_keywords("xy")),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.xscale('log', basex=2)\n"
                "ax.set_yscale('symlog', linthreshy=1, subsy=[2, 5])\n"
                "ax.semilogy(x, y, nonposy='clip')\nplt.loglog(x, y, basex=2, basey=2)",
                "import matplotlib.pyplot as plt\nplt.xscale('log', base=2)\n"
                "ax.set_yscale('symlog', linthresh=1, subs=[2, 5])\n"
                "ax.semilogy(x, y, nonpositive='clip')\nplt.loglog(x, y, base=2)",
            ),
            ("ax.loglog(x, y, basex=2, basey=10)", None),
        ),
        proofs=(
            _CASE_MPL + "plt.plot([1, 10, 100])\nplt.yscale('log', basey=2)",
            _CASE_MPL
            + (
                "fig, ax = plt.subplots()\nax.semilogx([1, 10], [1, 2], basex=2, nonposx='clip')\n"
                "ax.set_yscale('symlog', linthreshy=0.5, linscaley=2)"
            ),
            _CASE_MPL + "fig, ax = plt.subplots()\nax.loglog([1, 10], [1, 2], basex=2, basey=2)",
        ),
    ),
    Rule(
        id="MPL016",
        library=LIB,
        changed_in="3.3",
        safety=SAFE,
        catalogue="real-notebooks",
        message="linestyle='steps' (a draw style in a line style) was removed in 3.3; "
        "use drawstyle='steps'",
        replacement="plt.plot(x, y, drawstyle='steps')",
        signatures=(r"'steps(-pre|-mid|-post)?' is not a valid value for (ls|linestyle)",),
        matchers=(
            Call(methods=PLOTTERS, exclude=NOT_MPL, check=_steps_linestyle),
            Call(functions=qualify_pyplot(PLOTTERS), check=_steps_linestyle),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.plot(bins, counts, linestyle='steps')\n"
                "ax.plot(x, y, ls='steps-mid', color='k')",
                "import matplotlib.pyplot as plt\nplt.plot(bins, counts, drawstyle='steps')\n"
                "ax.plot(x, y, drawstyle='steps-mid', color='k')",
            ),
        ),
        proofs=(_CASE_MPL + "plt.plot([1, 2, 3], [1, 4, 9], linestyle='steps')",),
    ),
    Rule(
        id="MPL017",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="real-notebooks",
        condition="the conversion error shows a size-1 array reached a scalar position",
        message="a size-1 array is no longer taken as a scalar position (numpy 2.4 refuses the "
        "conversion); pass its element",
        replacement="plt.arrow(np.asarray(x).item(), 0.08, -0.3, 0)",
        signatures=(
            r"only 0-dimensional arrays can be converted to Python scalars",
            r"setting an array element with a sequence\. The requested array has an "
            r"inhomogeneous shape",
        ),
        matchers=(
            Call(functions=qualify_pyplot(tuple(SCALAR_POSITIONS)), check=_size1_positions),
            Call(methods=tuple(SCALAR_POSITIONS), exclude=NOT_MPL, check=_size1_positions),
        ),
        examples=(
            (
                "import numpy as np\nimport matplotlib.pyplot as plt\n"
                "plt.text(b + 0.02, 0.15, 'boundary')\nax.arrow(b, 0.08, -0.3, 0, fc='b')",
                "import numpy as np\nimport matplotlib.pyplot as plt\n"
                "plt.text(np.asarray(b + 0.02).item(), 0.15, 'boundary')\n"
                "ax.arrow(np.asarray(b).item(), 0.08, -0.3, 0, fc='b')",
            ),
        ),
        proofs=(
            _CASE_MPL
            + (
                "import numpy as np\nX = np.linspace(0, 3, 10).reshape(-1, 1)\n"
                "b = X[X[:, 0] > 1][0]\nplt.arrow(b, 0.08, -0.3, 0, head_width=0.05)\n"
                "plt.text(b + 0.02, 0.15, 'x')\n"
                "plt.savefig(OUT)"
            ),
        ),
    ),
    Rule(
        id="MPL018",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="Axes.set_color_cycle was removed in 3.0; use set_prop_cycle(color=...)",
        replacement="ax.set_prop_cycle(color=['r', 'g', 'b'])",
        signatures=(object_no_attribute(["set_color_cycle"]),),
        matchers=(Call(methods=("set_color_cycle",), exclude=NOT_MPL, check=_color_cycle),),
        examples=(
            (
                "ax.set_color_cycle(['r', 'g', 'b'])\nplt.gca().set_color_cycle(colors)",
                "ax.set_prop_cycle(color=['r', 'g', 'b'])\nplt.gca().set_prop_cycle(color=colors)",
            ),
        ),
        proofs=(_CASE_PLT + "fig, ax = plt.subplots()\nax.set_color_cycle(['r', 'g'])",),
    ),
    Rule(
        id="MPL019",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="the axes.color_cycle rcParam was removed in 2.2; set axes.prop_cycle to "
        "cycler(color=...)",
        replacement="mpl.rcParams['axes.prop_cycle'] = cycler(color=colors)",
        signatures=(
            r"'axes\.color_cycle' is not a valid value for rcParam",
            r'Unrecognized key "axes\.color_cycle"',
        ),
        matchers=_rc_matchers(COLOR_CYCLE, ("axes.color_cycle",)),
        examples=(
            (
                "import matplotlib as mpl\nimport matplotlib.pyplot as plt\n"
                "mpl.rcParams['axes.color_cycle'] = ['#348ABD', '#A60628']\n"
                "plt.rc('axes', color_cycle=colors)\n"
                "plt.rcParams.update({'axes.color_cycle': colors, 'lines.linewidth': 2})",
                "import matplotlib as mpl\nimport matplotlib.pyplot as plt\n"
                "mpl.rcParams['axes.prop_cycle'] = mpl.cycler(color=['#348ABD', '#A60628'])\n"
                "plt.rc('axes', prop_cycle=mpl.cycler(color=colors))\n"
                "plt.rcParams.update({'axes.prop_cycle': mpl.cycler(color=colors), "
                "'lines.linewidth': 2})",
            ),
        ),
        proofs=(
            _CASE_PLT + "plt.rcParams['axes.color_cycle'] = ['r', 'g']",
            _CASE_PLT + "plt.rc('axes', color_cycle=['r', 'g'])",
        ),
    ),
    Rule(
        id="MPL020",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue=SOURCE,
        message="rcParams that had no effect were removed (axes.hold 3.1, text.latex.unicode "
        "3.3, text.latex.preview 3.5, verbose.*, pgf.debug); delete the setting",
        replacement="delete mpl.rcParams['text.latex.unicode'] = True",
        signatures=(
            rf"'({'|'.join(k.replace('.', chr(92) + '.') for k in NO_EFFECT_RC)})' is not a "
            r"valid value for rcParam",
        ),
        matchers=_rc_matchers(NO_EFFECT, tuple(NO_EFFECT_RC)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['text.usetex'] = True\n"
                "mpl.rcParams['text.latex.unicode'] = True\n"
                "mpl.rcParams.update({'font.size': 12, 'axes.hold': True})",
                "import matplotlib as mpl\nmpl.rcParams['text.usetex'] = True\n"
                "mpl.rcParams.update({'font.size': 12})",
            ),
            (
                "import matplotlib as mpl\nimport matplotlib.pyplot as plt\n"
                "mpl.rcParams['pgf.debug'] = False\nmpl.rcParams['verbose.level'] = 'helpful'\n"
                "plt.rcParams.update({'text.latex.preview': True, 'verbose.fileo': 'sys.stdout', "
                "'font.size': 10})",
                "import matplotlib as mpl\nimport matplotlib.pyplot as plt\n"
                "plt.rcParams.update({'font.size': 10})",
            ),
        ),
        proofs=(
            _CASE_PLT + "matplotlib.rcParams['text.latex.unicode'] = True",
            _CASE_PLT + "plt.rcParams.update({'font.size': 9, 'axes.hold': True})",
            _CASE_PLT + "matplotlib.rcParams['pgf.debug'] = False",
            _CASE_PLT + "matplotlib.rcParams['verbose.level'] = 'helpful'",
            _CASE_PLT + "plt.rcParams.update({'text.latex.preview': True, 'verbose.fileo': 'x'})",
        ),
    ),
    Rule(
        id="MPL021",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue=SOURCE,
        message="the text.latex.preamble and pgf.preamble rcParams take one string since 3.5; "
        "join the list of lines",
        replacement="mpl.rcParams['text.latex.preamble'] = '\\n'.join([...])",
        signatures=(r"Key (text\.latex|pgf)\.preamble: Could not convert \[.*\] to str",),
        matchers=_rc_matchers(PREAMBLE, ("text.latex.preamble", "pgf.preamble")),
        examples=(
            (
                "import matplotlib as mpl\n"
                "mpl.rcParams['text.latex.preamble'] = [r'\\usepackage{amsmath}', "
                "r'\\usepackage{bm}']",
                "import matplotlib as mpl\n"
                "mpl.rcParams['text.latex.preamble'] = \"\\n\".join([r'\\usepackage{amsmath}', "
                "r'\\usepackage{bm}'])",
            ),
        ),
        proofs=(
            _CASE_PLT + "matplotlib.rcParams['text.latex.preamble'] = [r'\\usepackage{amsmath}']",
        ),
    ),
    Rule(
        id="MPL022",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="bar(left=) and barh(bottom=) were renamed x= and y= (2.0; removed in 3.0)",
        replacement="plt.bar(x=pos, height=h); plt.barh(y=pos, width=w)",
        signatures=(
            r"bar\(\) missing 1 required positional argument: 'x'",
            r"barh\(\) missing 1 required positional argument: 'y'",
        ),
        matchers=(
            kwarg_rename("left", "x", functions=("matplotlib.pyplot.bar",)),
            kwarg_rename("left", "x", methods=("bar",), exclude=NOT_MPL),
            kwarg_rename("bottom", "y", functions=("matplotlib.pyplot.barh",)),
            kwarg_rename("bottom", "y", methods=("barh",), exclude=NOT_MPL),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.bar(left=pos, height=counts, width=0.5)\n"
                "ax.barh(bottom=pos, width=w)",
                "import matplotlib.pyplot as plt\nplt.bar(x=pos, height=counts, width=0.5)\n"
                "ax.barh(y=pos, width=w)",
            ),
        ),
        proofs=(
            _CASE_PLT + "plt.bar(left=[1, 2], height=[3, 4])",
            _CASE_PLT + "fig, ax = plt.subplots()\nax.barh(bottom=[1, 2], width=[3, 4])",
        ),
    ),
    Rule(
        id="MPL023",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=SOURCE,
        message="bar()/barh() center the bars on x since 2.0 (they started at x before); "
        "align='edge' draws them where the notebook's tick offsets expect",
        replacement="plt.bar(x, h, align='edge')",
        matchers=(
            Call(functions=("matplotlib.pyplot.bar", "matplotlib.pyplot.barh"), check=_bar_align),
            Call(methods=("bar", "barh"), receivers=(AXES,), check=_bar_align),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.bar(range(3), heights)\n"
                "plt.barh(y, w, align='center')",
                "import matplotlib.pyplot as plt\nplt.bar(range(3), heights, align='edge')\n"
                "plt.barh(y, w, align='center')",
            ),
        ),
    ),
    Rule(
        id="MPL024",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="errorbar(fmt=None) was removed in 2.2; fmt='none' draws the error bars only",
        replacement="plt.errorbar(x, y, yerr=e, fmt='none')",
        signatures=(r"third arg must be a format string",),
        matchers=(
            Call(functions=("matplotlib.pyplot.errorbar",), check=_errorbar_fmt),
            Call(methods=("errorbar",), exclude=NOT_MPL, check=_errorbar_fmt),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.errorbar(x, y, yerr=e, fmt=None)",
                "import matplotlib.pyplot as plt\nplt.errorbar(x, y, yerr=e, fmt='none')",
            ),
        ),
        proofs=(_CASE_PLT + "plt.errorbar([1, 2], [1, 2], yerr=[0.1, 0.1], fmt=None)",),
    ),
    Rule(
        id="MPL025",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="the 'spectral' and 'Vega*' colormaps were removed in 2.2; 'nipy_spectral' and "
        "'tab10'/'tab20*' are the same maps",
        replacement="cmap='nipy_spectral'; plt.cm.tab10",
        signatures=(
            rf"'({'|'.join(OLD_CMAPS)})' is not a valid value for (cmap|name)",
            no_attribute("matplotlib.cm", OLD_CMAPS),
            no_attribute("matplotlib.pyplot", ["spectral"]),
        ),
        matchers=(
            *(
                Symbol(old=f"{module}.{old}", new=f"{module}.{new}")
                for module in ("matplotlib.cm", "matplotlib.pyplot.cm")
                for old, new in OLD_CMAPS.items()
            ),
            Symbol(old="matplotlib.pyplot.spectral", new="matplotlib.pyplot.nipy_spectral"),
            Call(
                functions=(
                    *qualify_pyplot(CMAP_USERS + CMAP_BY_NAME),
                    "matplotlib.cm.get_cmap",
                    "seaborn.heatmap",
                    "seaborn.clustermap",
                    "seaborn.kdeplot",
                ),
                check=_old_cmap_names,
            ),
            Call(methods=CMAP_USERS + CMAP_BY_NAME, exclude=NOT_MPL, check=_old_cmap_names),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\n"
                "plt.scatter(X[:, 0], X[:, 1], c=y, cmap='spectral')\n"
                "colors = plt.cm.spectral(np.linspace(0, 1, 5))\n"
                "ax.imshow(img, cmap='Vega20')",
                "import matplotlib.pyplot as plt\n"
                "plt.scatter(X[:, 0], X[:, 1], c=y, cmap='nipy_spectral')\n"
                "colors = plt.cm.nipy_spectral(np.linspace(0, 1, 5))\n"
                "ax.imshow(img, cmap='tab20')",
            ),
        ),
        proofs=(
            _CASE_PLT + "c = plt.cm.spectral(0.5)",
            _CASE_PLT + "plt.scatter([1, 2], [1, 2], c=[1, 2], cmap='Vega10')",
        ),
    ),
    Rule(
        id="MPL026",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue=SOURCE,
        message="mlab.normpdf and mlab.find were removed in 3.1; use scipy.stats.norm.pdf and "
        "np.nonzero(np.ravel(c))[0]",
        replacement="norm.pdf(x, mu, sigma); np.nonzero(np.ravel(c))[0]",
        signatures=(
            no_attribute("matplotlib.mlab", ["normpdf", "find"]),
            cannot_import(["normpdf", "find"], r"matplotlib\.(mlab|pylab)"),
        ),
        matchers=(
            *(
                Symbol(old=f"{module}.normpdf", new="scipy.stats.norm", template="{}.pdf")
                for module in MLABS
            ),
            Call(functions=tuple(f"{module}.find" for module in MLABS), check=_find),
        ),
        examples=(
            (
                "import matplotlib.mlab as mlab\ny = mlab.normpdf(bins, mu, sigma)\n"
                "i = mlab.find(x > 0)",
                "import matplotlib.mlab as mlab\nfrom scipy.stats import norm\n"
                "import numpy as np\ny = norm.pdf(bins, mu, sigma)\n"
                "i = np.nonzero(np.ravel(x > 0))[0]",
            ),
        ),
        proofs=(
            _CASE_PLT + "import matplotlib.mlab as mlab\ny = mlab.normpdf(np.zeros(3), 0, 1)",
            _CASE_PLT + "import matplotlib.mlab as mlab\ni = mlab.find(np.array([0, 1, 1]) > 0)",
        ),
    ),
    Rule(
        id="MPL027",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue=SOURCE,
        message="mlab.bivariate_normal was removed in 3.1; scipy.stats.multivariate_normal "
        "gives the same density",
        replacement="multivariate_normal([mux, muy], [[sx**2, sxy], [sxy, sy**2]])"
        ".pdf(np.dstack((X, Y)))",
        signatures=(
            no_attribute("matplotlib.mlab", ["bivariate_normal"]),
            cannot_import(["bivariate_normal"], r"matplotlib\.(mlab|pylab)"),
        ),
        matchers=(
            Call(
                functions=tuple(f"{module}.bivariate_normal" for module in MLABS),
                check=_bivariate_normal,
            ),
        ),
        examples=(
            (
                "import matplotlib.mlab as mlab\n"
                "Z1 = mlab.bivariate_normal(X, Y, 1.0, 1.0, 0.0, 0.0)\n"
                "Z2 = mlab.bivariate_normal(X, Y, 1.5, 0.5, 1, 1)",
                "import matplotlib.mlab as mlab\nfrom scipy.stats import multivariate_normal\n"
                "import numpy as np\n"
                "Z1 = multivariate_normal([0.0, 0.0], [[1.0 ** 2, 0.0], [0.0, 1.0 ** 2]])"
                ".pdf(np.dstack((X, Y)))\n"
                "Z2 = multivariate_normal([1, 1], [[1.5 ** 2, 0.0], [0.0, 0.5 ** 2]])"
                ".pdf(np.dstack((X, Y)))",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "import matplotlib.mlab as mlab\n"
                "X, Y = np.meshgrid([0.0, 1.0], [0.0, 2.0])\n"
                "Z = mlab.bivariate_normal(X, Y, 1.0, 2.0, 0.5, 0.5, 0.3)"
            ),
        ),
    ),
    Rule(
        id="MPL028",
        library=LIB,
        changed_in="3.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="matplotlib.use(warn=) was removed in 3.3; drop it",
        replacement="matplotlib.use('Agg')",
        signatures=(r"use\(\) got an unexpected keyword argument 'warn'",),
        matchers=(kwarg_drop("warn", functions=("matplotlib.use",)),),
        examples=(
            (
                "import matplotlib\nmatplotlib.use('Agg', warn=False)",
                "import matplotlib\nmatplotlib.use('Agg')",
            ),
        ),
        proofs=("import matplotlib\nmatplotlib.use('Agg', warn=False)",),
    ),
    Rule(
        id="MPL029",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue=SOURCE,
        message="annotate(s=) was renamed text= (removed in 3.5); scatter(verts=) is marker= "
        "(removed in 3.4)",
        replacement="plt.annotate(text='max', xy=(x, y)); plt.scatter(x, y, marker=verts)",
        signatures=(
            r"annotate\(\) missing 1 required positional argument: 'text'",
            r"(__init__\(\)|Annotation\.__init__\(\)) missing 1 required positional argument: "
            r"'text'",
            r"unexpected keyword argument 'verts'",
        ),
        matchers=(
            kwarg_rename(
                "s",
                "text",
                functions=("matplotlib.pyplot.annotate", "matplotlib.text.Annotation"),
            ),
            kwarg_rename("s", "text", methods=("annotate",), exclude=NOT_MPL),
            kwarg_rename("verts", "marker", functions=("matplotlib.pyplot.scatter",)),
            kwarg_rename("verts", "marker", methods=("scatter",), exclude=NOT_MPL),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.annotate(s='max', xy=(2, 1))\n"
                "ax.annotate(s=label, xy=p, xytext=q)\nplt.scatter(x, y, verts=star)",
                "import matplotlib.pyplot as plt\nplt.annotate(text='max', xy=(2, 1))\n"
                "ax.annotate(text=label, xy=p, xytext=q)\nplt.scatter(x, y, marker=star)",
            ),
        ),
        proofs=(
            _CASE_PLT + "plt.annotate(s='max', xy=(0, 0))",
            _CASE_PLT + "plt.scatter([1], [1], verts=[(0, 0), (1, 1), (1, 0)])",
        ),
    ),
    Rule(
        id="MPL030",
        library=LIB,
        changed_in="3.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="savefig(frameon=) was removed in 3.3; frameon=False is facecolor='none'",
        replacement="plt.savefig(path, facecolor='none')",
        signatures=(unexpected_kwarg(["frameon"]),),
        matchers=(
            Call(functions=("matplotlib.pyplot.savefig",), check=_savefig_frameon),
            Call(methods=("savefig",), receivers=(FIGURE,), check=_savefig_frameon),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.savefig('a.png', frameon=False, dpi=80)\n"
                "plt.savefig('b.png', frameon=True)",
                "import matplotlib.pyplot as plt\nplt.savefig('a.png', facecolor='none', dpi=80)\n"
                "plt.savefig('b.png')",
            ),
        ),
        proofs=(_CASE_PLT + "plt.plot([1])\nplt.savefig(OUT, frameon=False)",),
    ),
    Rule(
        id="MPL031",
        library=LIB,
        changed_in="3.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="adjustable='box-forced' (3.1) and axis('normal') (3.3) were removed; they "
        "are 'box' and axis('auto')",
        replacement="ax.set_adjustable('box'); plt.axis('auto')",
        signatures=(
            r"'box-forced' is not a valid value for adjustable",
            r"Unrecognized string '?normal'? to axis",
        ),
        matchers=(
            kwarg_value(
                "adjustable", {"box-forced": "box"}, methods=("set_adjustable",), position=0
            ),
            kwarg_value("adjustable", {"box-forced": "box"}, methods=("set_aspect", "set")),
            kwarg_value(
                "arg", {"normal": "auto"}, functions=("matplotlib.pyplot.axis",), position=0
            ),
            kwarg_value("arg", {"normal": "auto"}, methods=("axis",), position=0),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nax.set_adjustable('box-forced')\n"
                "ax.set_aspect('equal', adjustable='box-forced')\nplt.axis('normal')",
                "import matplotlib.pyplot as plt\nax.set_adjustable('box')\n"
                "ax.set_aspect('equal', adjustable='box')\nplt.axis('auto')",
            ),
        ),
        proofs=(
            _CASE_PLT + "fig, ax = plt.subplots()\nax.set_adjustable('box-forced')",
            _CASE_PLT + "plt.plot([1])\nplt.axis('normal')",
        ),
    ),
    Rule(
        id="MPL032",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="cbook.mplDeprecation and cbook.MatplotlibDeprecationWarning were removed in "
        "3.8; use matplotlib.MatplotlibDeprecationWarning",
        replacement="warnings.filterwarnings('ignore', category=matplotlib."
        "MatplotlibDeprecationWarning)",
        signatures=(
            no_attribute("matplotlib.cbook", ["mplDeprecation", "MatplotlibDeprecationWarning"]),
            cannot_import(["mplDeprecation", "MatplotlibDeprecationWarning"], r"matplotlib\.cbook"),
            r"No module named 'matplotlib\.cbook\.deprecation'",
        ),
        matchers=tuple(
            Symbol(old=f"{module}.{name}", new="matplotlib.MatplotlibDeprecationWarning")
            for module in ("matplotlib.cbook", "matplotlib.cbook.deprecation")
            for name in ("mplDeprecation", "MatplotlibDeprecationWarning")
        ),
        examples=(
            (
                "import warnings\nimport matplotlib\n"
                "warnings.filterwarnings('ignore', category=matplotlib.cbook.mplDeprecation)",
                "import warnings\nimport matplotlib\n"
                "warnings.filterwarnings('ignore', category=matplotlib."
                "MatplotlibDeprecationWarning)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "import warnings\n"
                "warnings.filterwarnings('ignore', category=matplotlib.cbook.mplDeprecation)"
            ),
        ),
    ),
    Rule(
        id="MPL033",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="the groupers of get_shared_x_axes()/get_shared_y_axes() are read-only since "
        "3.8; share with ax.sharex(other) / ax.sharey(other)",
        replacement="ax1.sharex(ax2)",
        signatures=(object_no_attribute(["join"], "GrouperView"),),
        matchers=(Call(methods=("join",), check=_shared_join),),
        examples=(
            (
                "ax1.get_shared_x_axes().join(ax1, ax2)\nax.get_shared_y_axes().join(a, b)",
                "ax1.sharex(ax2)\na.sharey(b)",
            ),
        ),
        proofs=(_CASE_PLT + "fig, (a, b) = plt.subplots(1, 2)\na.get_shared_x_axes().join(a, b)",),
    ),
    Rule(
        id="MPL034",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="Axes3D.w_xaxis/w_yaxis/w_zaxis were removed in 3.8; use xaxis/yaxis/zaxis",
        replacement="ax.xaxis.set_pane_color(...)",
        signatures=(object_no_attribute(["w_xaxis", "w_yaxis", "w_zaxis"], r"Axes3D\w*"),),
        matchers=(
            Attr(
                names=("w_xaxis", "w_yaxis", "w_zaxis"),
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_attr(node, node.attr.value[2:])
                ),
            ),
        ),
        examples=(
            (
                "ax.w_xaxis.set_pane_color((1, 1, 1, 0))\nax.w_yaxis.set_pane_color((1, 1, 1, 0))\n"
                "ax.w_zaxis.line.set_lw(0)",
                "ax.xaxis.set_pane_color((1, 1, 1, 0))\nax.yaxis.set_pane_color((1, 1, 1, 0))\n"
                "ax.zaxis.line.set_lw(0)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "fig = plt.figure()\nax = fig.add_subplot(projection='3d')\n"
                "ax.w_xaxis.set_pane_color((1, 1, 1, 0))"
            ),
            _CASE_PLT
            + (
                "fig = plt.figure()\nax = fig.add_subplot(projection='3d')\n"
                "ax.w_yaxis.set_pane_color((1, 1, 1, 0))"
            ),
        ),
    ),
    Rule(
        id="MPL035",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="stem(use_line_collection=) was removed (False in 3.8, the keyword later); a "
        "LineCollection is always used",
        replacement="plt.stem(x, y)",
        signatures=(unexpected_kwarg(["use_line_collection"]),),
        matchers=(
            Call(functions=("matplotlib.pyplot.stem",), check=_stem_line_collection),
            Call(methods=("stem",), exclude=NOT_MPL, check=_stem_line_collection),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.stem(x, y, use_line_collection=True)",
                "import matplotlib.pyplot as plt\nplt.stem(x, y)",
            ),
        ),
        proofs=(_CASE_PLT + "plt.stem([1, 2], [1, 2], use_line_collection=True)",),
    ),
    Rule(
        id="MPL036",
        library=LIB,
        changed_in="3.6",
        safety=SAFE,
        catalogue=SOURCE,
        message="Subplot.is_first_col()/is_last_row()/... were removed in 3.6; ask "
        "ax.get_subplotspec()",
        replacement="ax.get_subplotspec().is_first_col()",
        signatures=(object_no_attribute(SUBPLOT_QUERIES, r"\w*Axes\w*"),),
        matchers=(Call(methods=SUBPLOT_QUERIES, exclude=NOT_MPL, check=_subplotspec_method),),
        examples=(
            (
                "for ax in axes.flat:\n    if ax.is_first_col():\n        ax.set_ylabel('y')",
                "for ax in axes.flat:\n    if ax.get_subplotspec().is_first_col():\n"
                "        ax.set_ylabel('y')",
            ),
            (  # is_last_row, is_first_row, is_last_col
                "import matplotlib.pyplot as plt\n"
                "fig, axs = plt.subplots(2, 2)\n"
                "for ax in axs.flat:\n"
                "    if ax.is_last_row():\n"
                "        ax.set_xlabel('x')\n"
                "    if ax.is_first_row() or ax.is_last_col():\n"
                "        ax.set_title('t')",
                "import matplotlib.pyplot as plt\n"
                "fig, axs = plt.subplots(2, 2)\n"
                "for ax in axs.flat:\n"
                "    if ax.get_subplotspec().is_last_row():\n"
                "        ax.set_xlabel('x')\n"
                "    if ax.get_subplotspec().is_first_row() or "
                "ax.get_subplotspec().is_last_col():\n"
                "        ax.set_title('t')",
            ),
        ),
        proofs=(_CASE_PLT + "fig, axes = plt.subplots(1, 2)\nfirst = axes[0].is_first_col()",),
    ),
    Rule(
        id="MPL037",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="colors.DivergingNorm was renamed TwoSlopeNorm (removed in 3.4)",
        replacement="matplotlib.colors.TwoSlopeNorm(vcenter=0)",
        signatures=(
            no_attribute("matplotlib.colors", ["DivergingNorm"]),
            cannot_import(["DivergingNorm"], r"matplotlib\.colors"),
        ),
        matchers=(
            Symbol(old="matplotlib.colors.DivergingNorm", new="matplotlib.colors.TwoSlopeNorm"),
        ),
        examples=(
            (
                "import matplotlib.colors as mcolors\n"
                "norm = mcolors.DivergingNorm(vmin=-1, vcenter=0, vmax=3)",
                "import matplotlib.colors as mcolors\n"
                "norm = mcolors.TwoSlopeNorm(vmin=-1, vcenter=0, vmax=3)",
            ),
        ),
        proofs=(
            _CASE_PLT + "import matplotlib.colors as mcolors\nn = mcolors.DivergingNorm(vcenter=0)",
        ),
    ),
    Rule(
        id="MPL038",
        library=LIB,
        changed_in="3.9",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the error shows a scalar reached Line2D.set_data/set_xdata/set_ydata",
        message="Line2D.set_data takes sequences only since 3.9 (a scalar point was deprecated "
        "in 3.7); np.atleast_1d passes both",
        replacement="point.set_data(np.atleast_1d(x[i]), np.atleast_1d(y[i]))",
        signatures=(r"(x|y|xdata|ydata) must be a sequence",),
        matchers=(Call(methods=tuple(SET_DATA_ARITY), exclude=NOT_MPL, check=_scalar_data),),
        examples=(
            (
                "import numpy as np\npoint.set_data(x[i], y[i])\nline.set_data(xs, ys)",
                "import numpy as np\npoint.set_data(np.atleast_1d(x[i]), np.atleast_1d(y[i]))\n"
                "line.set_data(np.atleast_1d(xs), np.atleast_1d(ys))",
            ),
        ),
        proofs=(
            _CASE_PLT + "point, = plt.plot([], [], 'o')\nx = np.arange(3)\npoint.set_data(x[1], 2)",
        ),
    ),
    Rule(
        id="MPL039",
        library=LIB,
        changed_in="3.11",
        safety=REVIEW,
        catalogue=SOURCE,
        message="plot_date was removed in 3.11; plot datetimes with plot(x, y, 'o') (date "
        "numbers need ax.xaxis_date() first)",
        replacement="ax.plot(dates, values, 'o')",
        signatures=(
            no_attribute("matplotlib.pyplot", ["plot_date"]),
            object_no_attribute(["plot_date"], r"\w*Axes\w*"),
        ),
        matchers=(
            Call(functions=("matplotlib.pyplot.plot_date",), check=_plot_date),
            Call(methods=("plot_date",), exclude=NOT_MPL, check=_plot_date),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.plot_date(df.index, df.v)\n"
                "ax.plot_date(d, v, fmt='-', color='k')\nax.plot_date(d, v, 'r-')",
                "import matplotlib.pyplot as plt\nplt.plot(df.index, df.v, 'o')\n"
                "ax.plot(d, v, '-', color='k')\nax.plot(d, v, 'r-')",
            ),
        ),
        proofs=(_CASE_PLT + "plt.plot_date([737000, 737001], [1, 2])",),
    ),
    Rule(
        id="MPL040",
        library=LIB,
        changed_in="3.8",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the error shows the mappable is on no Axes",
        message="colorbar(mappable) of a mappable on no Axes no longer steals space from the "
        "current Axes (3.8); pass ax= as 3.6-3.7 did",
        replacement="plt.colorbar(sm, ax=plt.gca())",
        signatures=(r"Unable to determine Axes to steal space for Colorbar",),
        matchers=(
            Call(functions=("matplotlib.pyplot.colorbar",), check=_colorbar_axes),
            Call(methods=("colorbar",), receivers=(FIGURE,), check=_colorbar_axes),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nsm = plt.cm.ScalarMappable(cmap=cmap, "
                "norm=norm)\nplt.colorbar(sm)\nfig.colorbar(sm, label='v')",
                "import matplotlib.pyplot as plt\nsm = plt.cm.ScalarMappable(cmap=cmap, "
                "norm=norm)\nplt.colorbar(sm, ax=plt.gca())\n"
                "fig.colorbar(sm, label='v', ax=fig.gca())",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "plt.plot([1])\n"
                "sm = plt.cm.ScalarMappable(cmap='viridis', norm=plt.Normalize(0, 1))\n"
                "sm.set_array([])\nplt.colorbar(sm)"
            ),
        ),
    ),
    Rule(
        id="MPL041",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue=SOURCE,
        message="norm= with vmin=/vmax= is refused since 3.5; give the limits to the norm",
        replacement="plt.imshow(a, norm=LogNorm(vmin=1, vmax=100))",
        signatures=(
            r"Passing a Normalize instance simultaneously with vmin/vmax is not supported",
        ),
        matchers=(
            Call(functions=qualify_pyplot(NORM_USERS), check=_norm_limits),
            Call(methods=NORM_USERS, exclude=NOT_MPL, check=_norm_limits),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nfrom matplotlib.colors import LogNorm\n"
                "plt.imshow(a, norm=LogNorm(), vmin=1, vmax=100, cmap='gray')\n"
                "ax.pcolormesh(X, Y, Z, norm=colors.PowerNorm(0.5), vmin=0)",
                "import matplotlib.pyplot as plt\nfrom matplotlib.colors import LogNorm\n"
                "plt.imshow(a, norm=LogNorm(vmin=1, vmax=100), cmap='gray')\n"
                "ax.pcolormesh(X, Y, Z, norm=colors.PowerNorm(0.5, vmin=0))",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "from matplotlib.colors import LogNorm\n"
                "plt.imshow(np.ones((3, 3)) + 1, norm=LogNorm(), vmin=1, vmax=10)"
            ),
        ),
    ),
    Rule(
        id="MPL042",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue=SOURCE,
        message="Legend.draggable() was removed in 3.1; use set_draggable(True)",
        replacement="leg.set_draggable(True)",
        signatures=(object_no_attribute(["draggable"], "Legend"),),
        matchers=(Call(methods=("draggable",), exclude=NOT_MPL, check=_draggable),),
        examples=(
            (
                "leg = ax.legend()\nleg.draggable()\nplt.legend().draggable(state=True)",
                "leg = ax.legend()\nleg.set_draggable(True)\nplt.legend().set_draggable(True)",
            ),
        ),
        proofs=(_CASE_PLT + "plt.plot([1], label='a')\nleg = plt.legend()\nleg.draggable()",),
    ),
    Rule(
        id="MPL043",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue=SOURCE,
        message="Tick.label was removed in 3.8 (deprecated 3.1); it is Tick.label1",
        replacement="for tick in ax.xaxis.get_major_ticks(): tick.label1.set_fontsize(8)",
        signatures=(object_no_attribute(["label"], r"[XY]Tick"),),
        matchers=(
            Attr(names=("label",), check=_tick_label_direct),
            Node(types=("Module",), check=_tick_label_loops),
        ),
        examples=(
            (
                "for tick in ax.xaxis.get_major_ticks():\n    tick.label.set_fontsize(14)\n"
                "ax.yaxis.get_major_ticks()[0].label.set_visible(False)\nprint(df.label)",
                "for tick in ax.xaxis.get_major_ticks():\n    tick.label1.set_fontsize(14)\n"
                "ax.yaxis.get_major_ticks()[0].label1.set_visible(False)\nprint(df.label)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "fig, ax = plt.subplots()\nfor tick in ax.xaxis.get_major_ticks():\n"
                "    tick.label.set_fontsize(8)"
            ),
        ),
    ),
    Rule(
        id="MPL044",
        library=LIB,
        changed_in="3.10",
        safety=SAFE,
        catalogue=SOURCE,
        message="FigureCanvasAgg.tostring_rgb was removed in 3.10; take the RGB bytes of "
        "buffer_rgba()",
        replacement="np.asarray(fig.canvas.buffer_rgba())[..., :3].tobytes()",
        signatures=(object_no_attribute(["tostring_rgb"], r"\w*Canvas\w*"),),
        matchers=(Call(methods=("tostring_rgb",), exclude=NOT_MPL, check=_tostring_rgb),),
        examples=(
            (
                "import numpy as np\nfig.canvas.draw()\n"
                "image = np.frombuffer(fig.canvas.tostring_rgb(), dtype='uint8')",
                "import numpy as np\nfig.canvas.draw()\n"
                "image = np.frombuffer(np.asarray(fig.canvas.buffer_rgba())[..., :3].tobytes(), "
                "dtype='uint8')",
            ),
        ),
        proofs=(
            _CASE_PLT + "fig = plt.figure()\nfig.canvas.draw()\nb = fig.canvas.tostring_rgb()",
        ),
    ),
    Rule(
        id="MPL045",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        silent=True,
        catalogue=SOURCE,
        message="'on'/'off' strings no longer switch ticks and grids (3.1): any non-empty "
        "string is True, so 'off' shows them; use True/False",
        replacement="plt.tick_params(axis='x', bottom=False, labelbottom=False)",
        matchers=(
            Call(
                functions=("matplotlib.pyplot.tick_params",),
                check=_on_off(TICK_SWITCHES),
            ),
            Call(
                methods=("tick_params", "set_tick_params"),
                exclude=NOT_MPL,
                check=_on_off(TICK_SWITCHES),
            ),
            Call(
                functions=("matplotlib.pyplot.grid", "matplotlib.pyplot.box"),
                check=_on_off(("visible", "b", "on"), first=True),
            ),
            Call(methods=("grid",), exclude=NOT_MPL, check=_on_off(("visible", "b"), first=True)),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\n"
                "plt.tick_params(axis='x', which='both', bottom='off', top='off', "
                "labelbottom='off')\nax.grid('on')\nax.xaxis.set_tick_params(labeltop='on')",
                "import matplotlib.pyplot as plt\n"
                "plt.tick_params(axis='x', which='both', bottom=False, top=False, "
                "labelbottom=False)\nax.grid(True)\nax.xaxis.set_tick_params(labeltop=True)",
            ),
        ),
    ),
    Rule(
        id="MPL046",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        catalogue=SOURCE,
        message="matplotlib 2.0 changed the default style (colors, sizes, fonts, margins); "
        "plt.style.use('classic') draws as the notebook's matplotlib 1.x did",
        replacement="plt.style.use('classic') after import matplotlib.pyplot",
        matchers=(Node(types=("Import",), check=_classic_style),),
        examples=(
            (
                "import numpy as np\nimport matplotlib.pyplot as plt\nplt.plot(x, y)",
                "import numpy as np\nimport matplotlib.pyplot as plt\n"
                "plt.style.use('classic')\nplt.plot(x, y)",
            ),
        ),
    ),
    Rule(
        id="MPL047",
        library=LIB,
        changed_in="3.3",
        safety=REVIEW,
        silent=True,
        catalogue=SOURCE,
        message="date numbers count from 1970 since 3.3 (from year 1 before); the date.epoch "
        "rcParam set to '0000-12-31T00:00:00' keeps the old numbers",
        replacement="plt.rc('date', epoch='0000-12-31T00:00:00') where date numbers are made",
        matchers=(Call(functions=DATE_NUMBERS, check=_old_epoch),),
        examples=(
            (
                "import matplotlib.pyplot as plt\nimport matplotlib.dates as mdates\n"
                "d = mdates.date2num(when)",
                "import matplotlib.pyplot as plt\nimport matplotlib.dates as mdates\n"
                "plt.rc('date', epoch='0000-12-31T00:00:00')\nd = mdates.date2num(when)",
            ),
        ),
    ),
    Rule(
        id="MPL048",
        library=LIB,
        changed_in="3.6",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the argument is a URL (a literal, or the error shows it)",
        message="imread no longer opens URLs (3.6); open it and pass the bytes, as imread did",
        replacement="plt.imread(io.BytesIO(urllib.request.urlopen(url).read()))",
        signatures=(r"Please open the URL for reading and pass the result to Pillow",),
        matchers=(
            Call(
                functions=("matplotlib.pyplot.imread", "matplotlib.image.imread"),
                check=_imread_url,
            ),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nimg = plt.imread('https://example.org/a.png')\n"
                "local = plt.imread('a.png')",
                "import matplotlib.pyplot as plt\nfrom urllib.request import urlopen\n"
                "from io import BytesIO\n"
                "img = plt.imread(BytesIO(urlopen('https://example.org/a.png').read()))\n"
                "local = plt.imread('a.png')",
            ),
        ),
    ),
    Rule(
        id="MPL049",
        library=LIB,
        changed_in="3.11",
        safety=SAFE_IF,
        catalogue="https://matplotlib.org/3.11.0/users/next_whats_new.html",
        condition="the error says the figure is no longer managed by pyplot",
        message="a closed figure is standalone since 3.11 and Figure.show() raises on it; "
        "plt.figure(fig) hands it back to pyplot, which shows it",
        replacement="plt.figure(fig) instead of fig.show()",
        why="Matplotlib 3.11 resets a closed figure to the standalone state: it is no longer "
        "visible to pyplot, and plt.figure(fig) registers it again ('Figures can be attached to "
        "and removed from pyplot', https://matplotlib.org/3.11.0/release/next_whats_new/"
        "pyplot-register-figure.html). In a notebook the inline backend closes every figure when "
        "its cell ends, so a fig.show() in a later cell (a training loop redrawing a plot) now "
        "raises 'Figure.show works only for figures managed by pyplot'. Registered again, the "
        "figure is drawn when the cell ends.",
        signatures=(r"Figure\.show works only for figures managed by pyplot",),
        matchers=(Call(methods=("show",), check=_show_detached),),
        examples=(
            (
                "import matplotlib.pyplot as plt\nfig, ax = plt.subplots(1, 1)\n"
                "ax.plot([1, 2])\nfig.show()\nplt.show()",
                "import matplotlib.pyplot as plt\nfig, ax = plt.subplots(1, 1)\n"
                "ax.plot([1, 2])\nplt.figure(fig)\nplt.show()",
            ),
        ),
        proofs=(
            _CASE_MPL
            + (
                "fig, ax = plt.subplots(1, 1)\nplt.close(fig)\n"
                "ax.plot([1, 2])\nfig.show()\nassert plt.gcf() is fig"
            ),
        ),
    ),
    Rule(
        id="MPL050",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.4.0.html",
        message="a string of one-letter colors ('rgb') is no longer read as a color sequence "
        "(3.4); pass the colors in a list",
        replacement="color=['r', 'g', 'b']; c='' -> c=[]",
        why="Matplotlib 3.2 deprecated converting a string of single-character colors (e.g. "
        "'rgb') to a sequence of colors and 3.4 removed it ('Converting a string with single "
        "color characters (e.g. 'cymk') in to_rgba_array is no longer supported. Instead, the "
        "colors can be passed individually in a list'). The empty string was the empty "
        "sequence: scatter(..., c='', edgecolor='k') drew hollow markers, as c=[] does.",
        signatures=(
            r"'c' argument must be a color, a sequence of colors, or a sequence of numbers, "
            r"not '[bgrcmykw]*'",
            r"'(face|edge)?colors?' (or '\w+' )?argument must be a valid color or sequence of "
            r"colors",
        ),
        matchers=(
            Call(methods=COLOR_SEQUENCE_TAKERS, exclude=NOT_MPL, check=_color_letters),
            Call(functions=qualify_pyplot(COLOR_SEQUENCE_TAKERS), check=_color_letters),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.bar([0, 1, 2], [3, 1, 2], color='rgb')\n"
                "ax.scatter(x, y, c='', edgecolor='black', s=100)\n"
                "ax.bar(x, h, color='red')\nax.scatter(x, y, c='b')",
                "import matplotlib.pyplot as plt\n"
                "plt.bar([0, 1, 2], [3, 1, 2], color=['r', 'g', 'b'])\n"
                "ax.scatter(x, y, c=[], edgecolor='black', s=100)\n"
                "ax.bar(x, h, color='red')\nax.scatter(x, y, c='b')",
            ),
        ),
        proofs=(
            _CASE_MPL
            + (
                "plt.bar([0, 1, 2], [3, 1, 2], color='rgb')\n"
                "plt.scatter([1, 2], [1, 2], c='', edgecolor='black', s=100)\n"
                "plt.savefig(OUT)"
            ),
        ),
    ),
    Rule(
        id="MPL051",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html",
        message="add_subplot/subplot(rows, cols, index) take integers only since 3.5 (deprecated "
        "3.3: 'add_subplot validates its inputs'); int() is the conversion they made",
        replacement="fig.add_subplot(int(n / 2), 2, i); plt.subplot(4 // 2, 2, 1)",
        why="Matplotlib 3.3 deprecated non-integer add_subplot(rows, cols, index) arguments "
        "('Previously strings and floats were accepted and converted to int') and 3.5 made "
        "them an error. A Python 2 notebook's n/2 is a float in Python 3, which old matplotlib "
        "passed through int(); the rewrite writes that int() (// where both operands are whole "
        "numbers: literals or len()).",
        signatures=(
            r"Number of (rows|columns) must be a positive integer, not (np\.float\d*\()?\d+\.\d+",
            r"num must be an integer with 1 <= num <= \d+, not (np\.float\d*\()?\d+\.\d+",
        ),
        matchers=(
            Call(functions=("matplotlib.pyplot.subplot",), check=_subplot_floats),
            Call(methods=("add_subplot",), exclude=NOT_MPL, check=_subplot_floats),
        ),
        examples=(
            (
                "import numpy as np\nimport matplotlib.pyplot as plt\n"
                "ax = fig.add_subplot(len(cols) / 2, 2, i + 1)\n"
                "plt.subplot(np.ceil(n / 3.0), 3, k)\nplt.subplot(2.0, 2, (n / 2))\n"
                "plt.subplot(2, 2, 1)",
                "import numpy as np\nimport matplotlib.pyplot as plt\n"
                "ax = fig.add_subplot(len(cols) // 2, 2, i + 1)\n"
                "plt.subplot(int(np.ceil(n / 3.0)), 3, k)\nplt.subplot(2, 2, int(n / 2))\n"
                "plt.subplot(2, 2, 1)",
            ),
        ),
        proofs=(
            _CASE_PLT + "fig = plt.figure()\nn = 5\nax = fig.add_subplot(n / 2, 2, 1)",
            _CASE_PLT + "ax = plt.subplot(2, 2, np.ceil(7 / 3))",
        ),
    ),
    Rule(
        id="MPL052",
        library=LIB,
        changed_in="3.3",
        safety=SAFE,
        silent=True,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html",
        message="the Tick attributes gridOn/tick1On/tick2On/label1On/label2On were removed in "
        "3.3 (deprecated 3.1): setting one hides nothing; set the visibility of "
        "gridline/tick1line/tick2line/label1/label2",
        replacement="tick.label1.set_visible(False)",
        why="Matplotlib 3.1 deprecated the redundant Tick attributes ('Directly get and set the "
        "visibility on the underlying artists, available as the gridline, tick1line, tick2line, "
        "label1, and label2 attributes') and 3.3 removed them. An assignment still runs (it "
        "sets an attribute nothing reads), so the tick, label or grid line it hid is drawn.",
        matchers=(Node(types=("Assign",), check=_tick_switch),),
        examples=(
            (
                "for tick in ax.xaxis.get_major_ticks():\n    tick.label1On = False\n"
                "    tick.tick2On = i % 2 == 0\nax.yaxis.get_major_ticks()[0].gridOn = True\n"
                "label1On = False",
                "for tick in ax.xaxis.get_major_ticks():\n    tick.label1.set_visible(False)\n"
                "    tick.tick2line.set_visible(i % 2 == 0)\n"
                "ax.yaxis.get_major_ticks()[0].gridline.set_visible(True)\nlabel1On = False",
            ),
        ),
    ),
    Rule(
        id="MPL053",
        library=LIB,
        changed_in="3.3",
        safety=SAFE_IF,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html",
        condition="the format (and encoding) are literal strings",
        message="dates.strpdate2num and dates.bytespdate2num were removed in 3.3 (deprecated "
        "3.1); the converter they made is date2num of time.strptime's date",
        replacement="converters={0: (lambda s: mdates.date2num(datetime(*strptime(s, "
        "'%Y-%m-%d')[:6])))}",
        why="Matplotlib 3.1 deprecated dates.strpdate2num and dates.bytespdate2num and 3.3 "
        "removed them ('use time.strptime or dateutil.parser.parse or dates.datestr2num "
        "instead'). strpdate2num(fmt) was a callable computing date2num(datetime.datetime("
        "*time.strptime(s, fmt)[:6])); the rewrite is that lambda. bytespdate2num decoded "
        "bytes first; numpy's loadtxt passes str since 1.23, so its lambda takes both. The "
        "numbers count from date2num's epoch (MPL047 pins the old one).",
        signatures=(
            no_attribute("matplotlib.dates", ["strpdate2num", "bytespdate2num"]),
            cannot_import(["strpdate2num", "bytespdate2num"], r"matplotlib\.(dates|pylab)"),
        ),
        matchers=(
            Call(functions=DATE_PARSERS, check=_strpdate2num),
            *(Symbol(old=q, check=_import_only()) for q in DATE_PARSERS),
        ),
        examples=(
            (
                "import numpy as np\nimport matplotlib.dates as mdates\n"
                "d, v = np.loadtxt(f, delimiter=',', unpack=True, "
                "converters={0: mdates.strpdate2num('%Y-%m-%d')})\n"
                "conv = mdates.bytespdate2num('%d/%m/%Y')",
                "import numpy as np\nimport matplotlib.dates as mdates\n"
                "from datetime import datetime\nfrom time import strptime\n"
                "d, v = np.loadtxt(f, delimiter=',', unpack=True, converters={0: (lambda s: "
                "mdates.date2num(datetime(*strptime(s, '%Y-%m-%d')[:6])))})\n"
                "conv = (lambda s: mdates.date2num(datetime(*strptime(s.decode('utf-8') "
                "if isinstance(s, bytes) else s, '%d/%m/%Y')[:6])))",
            ),
            (
                "from matplotlib.dates import bytespdate2num, num2date\n"
                "conv = bytespdate2num('%Y%m%d', encoding='latin-1')",
                "from matplotlib.dates import num2date\nfrom matplotlib.dates import date2num\n"
                "from datetime import datetime\nfrom time import strptime\n"
                "conv = (lambda s: date2num(datetime(*strptime(s.decode('latin-1') if "
                "isinstance(s, bytes) else s, '%Y%m%d')[:6])))",
            ),
            ("import matplotlib.dates as mdates\nconv = mdates.strpdate2num(fmt)", None),
        ),
        proofs=(
            _CASE_PLT
            + (
                "import io\nimport matplotlib.dates as mdates\n"
                "d, v = np.loadtxt(io.StringIO('2017-01-02,1\\n2017-01-03,2\\n'), "
                "delimiter=',', unpack=True, converters={0: mdates.strpdate2num('%Y-%m-%d')})"
            ),
            _CASE_PLT
            + "from matplotlib.dates import bytespdate2num\nconv = bytespdate2num('%d/%m/%Y')",
        ),
    ),
    Rule(
        id="MPL054",
        library=LIB,
        changed_in="3.3",
        safety=REVIEW,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html",
        message="Colorbar.set_clim/set_cmap/set_norm (and get_clim/get_cmap) were removed in 3.3 "
        "(deprecated 3.1): the colorbar follows its mappable; call them on cb.mappable",
        replacement="cb.mappable.set_clim(0, 1)",
        why="Matplotlib 3.1 made ColorbarBase no longer a ScalarMappable ('The colorbar is now "
        "purely a follower to the ScalarMappable norm and colormap'), deprecating the inherited "
        "set_norm/set_cmap/set_clim and their getters; 3.3 removed them ('use "
        "ScalarMappable.set_clim instead'). Set on the mappable, the image or contour changes "
        "too and the colorbar redraws to match, where the old call changed the colorbar's own "
        "norm or colormap only: proposed for review.",
        signatures=(object_no_attribute(COLORBAR_SETTERS, "Colorbar"),),
        matchers=(Call(methods=COLORBAR_SETTERS, receivers=(COLORBAR,), check=_colorbar_mappable),),
        examples=(
            (
                "import matplotlib.pyplot as plt\nim = plt.imshow(a)\ncb = plt.colorbar(im)\n"
                "cb.set_clim(0, 1)\nim.set_clim(0, 2)\nfig, ax = plt.subplots()\n"
                "cbar = fig.colorbar(im, ax=ax)\ncbar.set_cmap('gray')\ncbar.set_norm(norm)",
                "import matplotlib.pyplot as plt\nim = plt.imshow(a)\ncb = plt.colorbar(im)\n"
                "cb.mappable.set_clim(0, 1)\nim.set_clim(0, 2)\nfig, ax = plt.subplots()\n"
                "cbar = fig.colorbar(im, ax=ax)\ncbar.mappable.set_cmap('gray')\n"
                "cbar.mappable.set_norm(norm)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "im = plt.imshow(np.arange(9.0).reshape(3, 3))\n"
                "cb = plt.colorbar(im)\ncb.set_clim(0, 4)"
            ),
        ),
    ),
    Rule(
        id="MPL055",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.4.0.html",
        message="boxplot(whis='range') was removed in 3.4 (deprecated 3.2); whis=(0, 100) "
        "puts the whiskers at the data's minimum and maximum, as 'range' did",
        replacement="plt.boxplot(data, whis=(0, 100))",
        why="Matplotlib 3.2 deprecated whis='range' of Axes.boxplot and cbook.boxplot_stats "
        "('set it to (0, 100) (which gets interpreted as percentiles) to achieve the same "
        "effect') and 3.4 removed it. The 0th and 100th percentiles are the minimum and "
        "maximum 'range' took.",
        signatures=(r"whis must be a float or list of percentiles",),
        matchers=(
            kwarg_value(
                "whis",
                {"range": (0, 100)},
                functions=(
                    "matplotlib.pyplot.boxplot",
                    "matplotlib.cbook.boxplot_stats",
                    "seaborn.boxplot",
                ),
            ),
            kwarg_value("whis", {"range": (0, 100)}, methods=("boxplot",)),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.boxplot(data, whis='range')\n"
                "ax.boxplot([a, b], whis='range', sym='')\ndf.boxplot(column='v', whis=1.5)",
                "import matplotlib.pyplot as plt\nplt.boxplot(data, whis=(0, 100))\n"
                "ax.boxplot([a, b], whis=(0, 100), sym='')\ndf.boxplot(column='v', whis=1.5)",
            ),
        ),
        proofs=(_CASE_PLT + "r = plt.boxplot([1.0, 2, 3, 40], whis='range')",),
    ),
    Rule(
        id="MPL056",
        library=LIB,
        changed_in="3.1",
        safety=SAFE_IF,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.1.0.html",
        condition="x holds no NaN (prctile sorted NaNs last; np.percentile returns NaN)",
        message="mlab.prctile (and pylab's prctile) were removed in 3.1; np.percentile "
        "interpolates the same percentiles of the flattened data",
        replacement="np.percentile(x, (0.0, 25.0, 50.0, 75.0, 100.0))",
        why="Matplotlib 3.1 removed mlab.prctile and pylab's prctile ('use numpy.percentile "
        "instead'). prctile sorted the flattened data and interpolated linearly between the "
        "two nearest ranks, which is np.percentile's default; its default p, the quartile "
        "points (0, 25, 50, 75, 100), is written out. With NaN in the data the old function "
        "sorted them last and still gave numbers, where np.percentile gives NaN.",
        signatures=(
            no_attribute("matplotlib.mlab", ["prctile"]),
            cannot_import(["prctile"], r"matplotlib\.(mlab|pylab)"),
            r"name 'prctile' is not defined",
        ),
        matchers=(
            Call(functions=tuple(f"{m}.prctile" for m in MLABS), check=_prctile),
            *(Symbol(old=f"{m}.prctile", check=_import_only(proven=False)) for m in MLABS),
        ),
        examples=(
            (
                "import matplotlib.mlab as mlab\nq = mlab.prctile(x, p=90)\n"
                "lo, hi = mlab.prctile(data.ravel(), [5, 95])\nfive = mlab.prctile(x)",
                "import matplotlib.mlab as mlab\nimport numpy as np\nq = np.percentile(x, 90)\n"
                "lo, hi = np.percentile(data.ravel(), [5, 95])\n"
                "five = np.percentile(x, (0.0, 25.0, 50.0, 75.0, 100.0))",
            ),
            (
                "from matplotlib.mlab import prctile\nimport numpy as np\n"
                "lo, hi = prctile(x, p=(5, 95))",
                "import numpy as np\nlo, hi = np.percentile(x, (5, 95))",
            ),
        ),
        proofs=(
            _CASE_PLT + "import matplotlib.mlab as mlab\nq = mlab.prctile(np.arange(10.0), 90)",
        ),
    ),
    Rule(
        id="MPL057",
        library=LIB,
        changed_in="3.5",
        safety=SAFE,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html",
        message="Colorbar.update_bruteforce and on_mappable_changed were removed in 3.5 "
        "(deprecated 3.3); both are update_normal",
        replacement="cb.update_normal(im)",
        why="Matplotlib 3.3 deprecated Colorbar.on_mappable_changed and update_bruteforce "
        "('both can be replaced by calls to matplotlib.colorbar.Colorbar.update_normal'; 3.3's "
        "update_bruteforce was a call to it) and 3.5 removed them.",
        signatures=(object_no_attribute(["update_bruteforce", "on_mappable_changed"], "Colorbar"),),
        matchers=(
            Call(
                methods=("update_bruteforce", "on_mappable_changed"),
                exclude=NOT_MPL,
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_method(node, "update_normal")
                ),
            ),
        ),
        examples=(
            (
                "im.set_data(frame)\ncb.update_bruteforce(im)\ncbar.on_mappable_changed(cs)",
                "im.set_data(frame)\ncb.update_normal(im)\ncbar.update_normal(cs)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "im = plt.imshow(np.eye(3))\ncb = plt.colorbar(im)\n"
                "im.set_clim(0, 2)\ncb.update_bruteforce(im)"
            ),
        ),
    ),
    Rule(
        id="MPL058",
        library=LIB,
        changed_in="1.5",
        safety=REVIEW,
        catalogue="https://matplotlib.org/stable/api/prev_api_changes/api_changes_1.5.0.html",
        message="the matplotlib.mpl module was removed in 1.5 (deprecated 1.3); use matplotlib "
        "itself (its submodules are loaded once matplotlib.pyplot is imported)",
        replacement="import matplotlib as mpl",
        why="Matplotlib 1.3 deprecated the matplotlib.mpl module ('alternative: import "
        "matplotlib as mpl') and 1.5 removed it ('mpl.py: Remove the module matplotlib.mpl'). "
        "It only imported matplotlib's submodules (cm, colors, colorbar, dates, ticker, ...), "
        "so mpl.colorbar is matplotlib.colorbar. matplotlib.pyplot loads every one of them; "
        "without pyplot a submodule that matplotlib alone does not load (colorbar) needs its "
        "own import: proposed for review.",
        signatures=(
            cannot_import(["mpl"], "matplotlib"),
            r"No module named 'matplotlib\.mpl'",
        ),
        matchers=(Module(old="matplotlib.mpl", new="matplotlib"),),
        examples=(
            (
                "import matplotlib.pyplot as plt\nfrom matplotlib import mpl\n"
                "cb = mpl.colorbar.ColorbarBase(ax, cmap=mpl.cm.cool, norm=norm)",
                "import matplotlib.pyplot as plt\nimport matplotlib\n"
                "cb = matplotlib.colorbar.ColorbarBase(ax, cmap=matplotlib.cm.cool, norm=norm)",
            ),
            (
                "import matplotlib.mpl as mpl\nc = mpl.colors.Normalize(0, 1)",
                "import matplotlib as mpl\nc = mpl.colors.Normalize(0, 1)",
            ),
        ),
        proofs=(
            _CASE_PLT
            + (
                "from matplotlib import mpl\nfig, ax = plt.subplots()\n"
                "cb = mpl.colorbar.ColorbarBase(ax, cmap=mpl.cm.cool, "
                "norm=mpl.colors.Normalize(0, 1))"
            ),
        ),
    ),
    Rule(
        id="MPL374",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="the text.fontsize, text.fontstyle, text.fontangle, text.fontvariant and "
        "text.fontweight rcParams were removed in 2.2; they set font.size, font.style, "
        "font.variant and font.weight",
        replacement="mpl.rcParams['font.size'] = 12",
        signatures=(
            r"'text\.font(size|style|angle|variant|weight)' is not a valid value for rcParam",
            r'Unrecognized key "text\.font(size|style|angle|variant|weight)"',
        ),
        matchers=_rc_matchers(FONT_KEYS, tuple(FONT_RC)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['text.fontsize'] = 14\n"
                "mpl.rcParams.update({'text.fontweight': 'bold', 'lines.linewidth': 2})",
                "import matplotlib as mpl\nmpl.rcParams['font.size'] = 14\n"
                "mpl.rcParams.update({'font.weight': 'bold', 'lines.linewidth': 2})",
            ),
            (
                "import matplotlib.pyplot as plt\nplt.rcParams['text.fontangle'] = 'italic'",
                "import matplotlib.pyplot as plt\nplt.rcParams['font.style'] = 'italic'",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PLT + "matplotlib.rcParams['text.fontsize'] = 14\n"
                "size = matplotlib.rcParams['font.size']",
                name="size",
                expected=14.0,
            ),
            Proof(
                _CASE_PLT + "plt.rcParams.update({'text.fontstyle': 'italic'})\n"
                "style = plt.rcParams['font.style']",
                name="style",
                expected="italic",
            ),
        ),
    ),
    Rule(
        id="MPL375",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="the svg.embed_char_paths rcParam was removed in 2.2 (see svg.fonttype): True "
        "is svg.fonttype 'path', False is 'none'",
        replacement="mpl.rcParams['svg.fonttype'] = 'none'",
        signatures=(r"'svg\.embed_char_paths' is not a valid value for rcParam",),
        matchers=_rc_matchers(SVG_PATHS, ("svg.embed_char_paths",)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['svg.embed_char_paths'] = False",
                "import matplotlib as mpl\nmpl.rcParams['svg.fonttype'] = 'none'",
            ),
            (
                "import matplotlib.pyplot as plt\n"
                "plt.rcParams.update({'svg.embed_char_paths': True, 'font.size': 9})",
                "import matplotlib.pyplot as plt\n"
                "plt.rcParams.update({'svg.fonttype': 'path', 'font.size': 9})",
            ),
            # a value of another kind: matplotlib's old map said nothing of it
            ("import matplotlib as mpl\nmpl.rcParams['svg.embed_char_paths'] = flag", None),
        ),
        proofs=(
            Proof(
                _CASE_PLT + "matplotlib.rcParams['svg.embed_char_paths'] = False\n"
                "kind = matplotlib.rcParams['svg.fonttype']",
                name="kind",
                expected="none",
            ),
        ),
    ),
    Rule(
        id="MPL376",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="the text.hinting rcParam no longer takes True or False (3.4): True is 'auto', "
        "False is 'none'",
        replacement="mpl.rcParams['text.hinting'] = 'auto'",
        signatures=(r"Key text\.hinting: (True|False) is not a valid value for text\.hinting",),
        matchers=_rc_matchers(HINTING, ("text.hinting",)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['text.hinting'] = False",
                "import matplotlib as mpl\nmpl.rcParams['text.hinting'] = 'none'",
            ),
            (
                "import matplotlib.pyplot as plt\nplt.rc('text', hinting=True)",
                "import matplotlib.pyplot as plt\nplt.rc('text', hinting='auto')",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PLT + "matplotlib.rcParams['text.hinting'] = True\n"
                "hinting = matplotlib.rcParams['text.hinting']",
                name="hinting",
                expected="auto",
            ),
        ),
    ),
    Rule(
        id="MPL377",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="the boxplot.whiskers rcParam no longer takes 'range' (3.4): the whiskers over "
        "the whole range are (0, 100)",
        replacement="mpl.rcParams['boxplot.whiskers'] = (0, 100)",
        signatures=(r"Key boxplot\.whiskers: Not a valid whisker value",),
        matchers=_rc_matchers(WHISKERS, ("boxplot.whiskers",)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['boxplot.whiskers'] = 'range'",
                "import matplotlib as mpl\nmpl.rcParams['boxplot.whiskers'] = (0, 100)",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PLT + "matplotlib.rcParams['boxplot.whiskers'] = 'range'\n"
                "lines = plt.boxplot([1.0, 2.0, 3.0, 4.0, 50.0])['whiskers']\n"
                "reach = float(lines[1].get_ydata()[1])",
                name="reach",
                expected=50.0,
            ),
        ),
    ),
    Rule(
        id="MPL378",
        library=LIB,
        changed_in="3.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="rcParams removed in 3.4 and 3.5 that change nothing a notebook computes or "
        "draws (mpl_toolkits.legacy_colorbar had no effect, keymap.all_axes, "
        "animation.avconv_path/avconv_args of the removed avconv writer); delete the setting",
        replacement="delete mpl.rcParams['keymap.all_axes'] = ['a']",
        signatures=(
            rf"'({'|'.join(k.replace('.', chr(92) + '.') for k in NO_EFFECT_LATER_RC)})' is not "
            r"a valid value for rcParam",
        ),
        matchers=_rc_matchers(NO_EFFECT_LATER, tuple(NO_EFFECT_LATER_RC)),
        examples=(
            (
                "import matplotlib as mpl\nmpl.rcParams['mpl_toolkits.legacy_colorbar'] = False\n"
                "mpl.rcParams.update({'keymap.all_axes': ['a'], 'font.size': 9})",
                "import matplotlib as mpl\nmpl.rcParams.update({'font.size': 9})",
            ),
            (
                "import matplotlib as mpl\nmpl.rcParams['animation.avconv_path'] = 'avconv'\n"
                "mpl.rcParams['animation.writer'] = 'ffmpeg'",
                "import matplotlib as mpl\nmpl.rcParams['animation.writer'] = 'ffmpeg'",
            ),
        ),
        proofs=(
            _CASE_PLT + "matplotlib.rcParams['mpl_toolkits.legacy_colorbar'] = False",
            _CASE_PLT + "plt.rcParams.update({'keymap.all_axes': ['a'], 'font.size': 9})",
            _CASE_PLT + "matplotlib.rcParams['animation.avconv_path'] = 'avconv'",
        ),
    ),
]
