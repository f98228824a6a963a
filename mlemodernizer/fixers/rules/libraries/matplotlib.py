"""Matplotlib: renamed styles and keywords, removed pyplot/cm functions (catalogue §6)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import kwarg_rename, no_attribute, object_no_attribute, unexpected_kwarg
from ..infer import AXES, FIGURE
from ..matchers import NOT_LITERAL, Attr, Call, DictKey, Outcome, Site, Symbol, literal
from ..model import REVIEW, SAFE, SAFE_IF, Rule

LIB = "matplotlib"
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


def qualify_pyplot(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"matplotlib.pyplot.{n}" for n in names)


def literal_in(site: Site, name: str, values: tuple[str, ...]) -> bool:
    value = site.value(name)
    return isinstance(value, str) and value in values


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
    ),
    Rule(
        id="MPL002",
        library=LIB,
        changed_in="3.1",
        safety=SAFE,
        catalogue="M2",
        message="hist(normed=) was removed in 3.1; use density=",
        replacement="hist(..., density=True)",
        signatures=(r"unexpected keyword argument 'normed'",),
        matchers=(
            kwarg_rename("normed", "density", methods=("hist", "hist2d"), exclude=NOT_MPL),
            kwarg_rename("normed", "density", functions=("matplotlib.pyplot.hist",)),
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
    ),
    Rule(
        id="MPL008",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue="M8",
        message="axisbg= and set_axis_bgcolor were removed; use facecolor= / set_facecolor",
        replacement="facecolor=; ax.set_facecolor(c)",
        signatures=(
            r"unexpected keyword argument 'axisbg'",
            object_no_attribute(["set_axis_bgcolor"]),
        ),
        matchers=(
            kwarg_rename("axisbg", "facecolor", functions=AXES_FACTORIES),
            kwarg_rename("axisbg", "facecolor", methods=("add_subplot", "add_axes")),
            Call(
                methods=("set_axis_bgcolor",),
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_method(node, "set_facecolor")
                ),
            ),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nax = plt.subplot(111, axisbg='w')\n"
                "ax.set_axis_bgcolor('k')",
                "import matplotlib.pyplot as plt\nax = plt.subplot(111, facecolor='w')\n"
                "ax.set_facecolor('k')",
            ),
        ),
    ),
    Rule(
        id="MPL009",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="M9",
        message="plt.hold was removed in 3.0 (holding is always on); delete the call",
        replacement="delete plt.hold(...)",
        signatures=(
            no_attribute("matplotlib.pyplot", ["hold"]),
            object_no_attribute(["hold"], "Axes"),
        ),
        matchers=(
            Call(functions=("matplotlib.pyplot.hold",), check=_hold),
            Call(methods=("hold",), receivers=(AXES,), check=_hold),
        ),
        examples=(
            (
                "import matplotlib.pyplot as plt\nplt.plot(x)\nplt.hold(True)\nplt.plot(y)",
                "import matplotlib.pyplot as plt\nplt.plot(x)\nplt.plot(y)",
            ),
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
    ),
    Rule(
        id="MPL014",
        library=LIB,
        changed_in="3.7",
        safety=REVIEW,
        catalogue="M14",
        message="Axes.lines/patches/... are read-only ArtistLists since 3.7; remove an artist "
        "with artist.remove()",
        replacement="ax.lines[-1].remove()",
        signatures=(object_no_attribute(["pop", "remove", "clear", "append"], "ArtistList"),),
        matchers=(
            Call(methods=("pop", "clear", "append", "extend", "insert"), check=_lines_mutation),
        ),
        examples=(("ax.lines.pop(0)", None),),
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
    ),
]
