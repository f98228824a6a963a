"""The notebook stack itself: IPython and Jupyter APIs that old notebooks import.

Not in the catalogue: these came from running real 2016-2018 notebooks today
(benchmarks/real_notebooks.md), so their ``catalogue`` field names that source.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import cannot_import, no_module, object_no_attribute
from ..infer import IPYTHON_SHELL
from ..matchers import Call, Module, Outcome, Site, Symbol, literal
from ..model import SAFE, Rule

LIB = "ipython"
SOURCE = "real-notebooks"

# the 2015 "big split": modules that left IPython for their own packages
SPLIT = {
    "IPython.html.widgets": "ipywidgets",
    "IPython.html": "notebook",
    "IPython.kernel": "jupyter_client",
    "IPython.parallel": "ipyparallel",
    "IPython.nbformat": "nbformat",
    "IPython.config": "traitlets.config",
    "IPython.utils.traitlets": "traitlets",
    "IPython.qt": "qtconsole",
}


def _magic(site: Site) -> Outcome | None:
    """``get_ipython().magic('%name line')`` → ``run_line_magic('name', 'line')``, split the way
    the removed method split its string (first space; leading % dropped from the name)."""
    if not site.proven:
        return None  # some other object's magic()
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1:
        return Outcome(fix=None)
    value = literal(pos[0].value)
    if not isinstance(value, str):
        return Outcome(fix=None)  # built at run time: split it by hand
    name, _, line = value.partition(" ")
    name = name.lstrip("%")
    if not name:
        return Outcome(fix=None)
    line = line.strip()

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        old = node.args[0].value
        args = [
            cst.Arg(
                edits.same_quotes(old, name),
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
            ),
            cst.Arg(edits.same_quotes(old, line)),
        ]
        return edits.rename_method(node, "run_line_magic").with_changes(args=args)

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="IPY001",
        library=LIB,
        changed_in="9.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="IPython.core.display no longer exports display; import it from IPython.display",
        replacement="from IPython.display import display",
        signatures=(cannot_import(["display"], r"IPython\.core\.display"),),
        matchers=(Symbol(old="IPython.core.display.display", new="IPython.display.display"),),
        examples=(
            (
                "from IPython.core.display import display, HTML\ndisplay(HTML('<b>x</b>'))",
                "from IPython.core.display import HTML\nfrom IPython.display import display\n"
                "display(HTML('<b>x</b>'))",
            ),
        ),
    ),
    Rule(
        id="IPY002",
        library=LIB,
        changed_in="8.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="IPython.display.set_matplotlib_formats was removed in IPython 8; use "
        "matplotlib_inline.backend_inline.set_matplotlib_formats",
        replacement="from matplotlib_inline.backend_inline import set_matplotlib_formats",
        signatures=(cannot_import(["set_matplotlib_formats"], r"IPython\.(core\.)?display"),),
        matchers=(
            Symbol(
                old="IPython.display.set_matplotlib_formats",
                new="matplotlib_inline.backend_inline.set_matplotlib_formats",
            ),
            Symbol(
                old="IPython.core.display.set_matplotlib_formats",
                new="matplotlib_inline.backend_inline.set_matplotlib_formats",
            ),
        ),
        examples=(
            (
                "from IPython.display import set_matplotlib_formats\nset_matplotlib_formats('svg')",
                "from matplotlib_inline.backend_inline import set_matplotlib_formats\n"
                "set_matplotlib_formats('svg')",
            ),
        ),
    ),
    Rule(
        id="IPY003",
        library=LIB,
        changed_in="4.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="IPython 4 split its notebook, widgets, kernel, parallel and config packages "
        "out; import ipywidgets, jupyter_client, ipyparallel, nbformat, traitlets",
        replacement="import ipywidgets as widgets",
        signatures=tuple(no_module(old) for old in SPLIT),
        matchers=tuple(Module(old, new) for old, new in SPLIT.items()),
        examples=(
            (
                "from IPython.html.widgets import interact\nfrom IPython.config import Config",
                "from ipywidgets import interact\nfrom traitlets.config import Config",
            ),
        ),
    ),
    Rule(
        id="IPY004",
        library=LIB,
        changed_in="8.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="InteractiveShell.magic() was removed in IPython 8; use run_line_magic(name, line)",
        replacement="get_ipython().run_line_magic('matplotlib', 'inline')",
        signatures=(object_no_attribute(["magic"], r"\w*InteractiveShell"),),
        matchers=(Call(methods=("magic",), receivers=(IPYTHON_SHELL,), check=_magic),),
        examples=(
            (
                "get_ipython().magic('matplotlib inline')\n"
                "get_ipython().magic(u'%load_ext autoreload')\n"
                "ip = get_ipython()\nip.magic('autoreload 2')\nmagic = ip.magic(cmd)",
                "get_ipython().run_line_magic('matplotlib', 'inline')\n"
                "get_ipython().run_line_magic('load_ext', 'autoreload')\n"
                "ip = get_ipython()\nip.run_line_magic('autoreload', '2')\nmagic = ip.magic(cmd)",
            ),
        ),
    ),
    Rule(
        id="IPY900",
        library=LIB,
        changed_in="",
        safety=SAFE,
        catalogue=SOURCE,
        message="a print-only IPython extension (watermark, autotime, ...) is not installed; "
        "its lines are commented out",
        replacement="the %load_ext line and the extension's magics, commented out with a note",
        why="Old notebooks load extensions that only print or format (versions, timings, code "
        "style). Today's environment often lacks them, and `%load_ext watermark` fails with "
        "`ModuleNotFoundError: No module named 'watermark'`, which blocks the cell and every cell "
        "after it. Their lines compute nothing the notebook uses, so leaving them out changes no "
        "result. Only the extensions in `mlemodernizer.fixers.magics.KNOWN` are handled; a missing "
        "extension that computes (`sql`, `rpy2.ipython`) stays a missing package.",
        applied_by="mlemodernizer.fixers.magics",
        examples=(
            (
                "%load_ext watermark\n%watermark -a 'Author' -v -p numpy\nimport numpy as np",
                "# mlemodernizer: watermark is not installed; it only prints, so this line is left "
                "out: %load_ext watermark\n"
                "# mlemodernizer: watermark is not installed; it only prints, so this line is left "
                "out: %watermark -a 'Author' -v -p numpy\nimport numpy as np",
            ),
        ),
    ),
]
