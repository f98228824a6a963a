"""The notebook stack itself: IPython and Jupyter APIs that old notebooks import.

Not in the catalogue: these came from running real 2016-2018 notebooks today
(benchmarks/real_notebooks.md), so their ``catalogue`` field names that source. IPY005 and the
widened IPY001-IPY003 answer items of ``ipython.coverage.toml`` (IPython's "what's new" pages).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import cannot_import, no_module, object_no_attribute
from ..infer import IPYTHON_SHELL
from ..matchers import Call, Module, Outcome, Site, Symbol, literal
from ..model import SAFE, Proof, Rule

LIB = "ipython"
SOURCE = "real-notebooks"

# the 2015 "big split": modules that left IPython for their own packages
SPLIT = {
    "IPython.html.widgets": "ipywidgets",
    "IPython.html": "notebook",
    "IPython.kernel.zmq": "ipykernel",
    "IPython.kernel": "jupyter_client",
    "IPython.nbconvert": "nbconvert",
    "IPython.parallel": "ipyparallel",
    "IPython.nbformat": "nbformat",
    "IPython.config": "traitlets.config",
    "IPython.utils.traitlets": "traitlets",
    "IPython.qt": "qtconsole",
}
WHATSNEW = "https://ipython.readthedocs.io/en/stable/whatsnew/version{}.html"
# the display functions IPython.core.display re-exported until 9.0 (IPython.display has them)
CORE_DISPLAY = (
    "display",
    "clear_output",
    "update_display",
    "publish_display_data",
    "DisplayHandle",
)


def _tracer(site: Site) -> Outcome | None:
    """``Tracer()`` made a debugger and returned its ``set_trace``: calling that (``Tracer()()``)
    stopped in the caller's frame, as ``Pdb().set_trace()`` does (colors= only set its colors)."""

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        debugger = node.with_changes(args=[])
        return cst.Attribute(value=debugger, attr=cst.Name("set_trace"))

    return Outcome(fix=fix, outer=True)


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
        message="IPython.core.display no longer exports display, clear_output, update_display, "
        "publish_display_data or DisplayHandle; import them from IPython.display",
        replacement="from IPython.display import display, clear_output",
        signatures=(cannot_import(CORE_DISPLAY, r"IPython\.core\.display"),),
        matchers=tuple(
            Symbol(old=f"IPython.core.display.{n}", new=f"IPython.display.{n}")
            for n in CORE_DISPLAY
        ),
        examples=(
            (
                "from IPython.core.display import display, HTML\ndisplay(HTML('<b>x</b>'))",
                "from IPython.core.display import HTML\nfrom IPython.display import display\n"
                "display(HTML('<b>x</b>'))",
            ),
            (
                "import IPython.core.display as core\ncore.clear_output(wait=True)",
                "import IPython.core.display as core\nfrom IPython.display import clear_output\n"
                "clear_output(wait=True)",
            ),
        ),
        proofs=("from IPython.core.display import clear_output, display\nclear_output()",),
    ),
    Rule(
        id="IPY002",
        library=LIB,
        changed_in="9.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="IPython.display.set_matplotlib_formats/_close were removed in IPython 9; use "
        "matplotlib_inline.backend_inline's",
        replacement="from matplotlib_inline.backend_inline import set_matplotlib_formats",
        signatures=(
            cannot_import(
                ["set_matplotlib_formats", "set_matplotlib_close"], r"IPython\.(core\.)?display"
            ),
        ),
        matchers=(
            Symbol(
                old="IPython.display.set_matplotlib_formats",
                new="matplotlib_inline.backend_inline.set_matplotlib_formats",
            ),
            Symbol(
                old="IPython.core.display.set_matplotlib_formats",
                new="matplotlib_inline.backend_inline.set_matplotlib_formats",
            ),
            Symbol(
                old="IPython.display.set_matplotlib_close",
                new="matplotlib_inline.backend_inline.set_matplotlib_close",
            ),
            Symbol(
                old="IPython.core.display.set_matplotlib_close",
                new="matplotlib_inline.backend_inline.set_matplotlib_close",
            ),
        ),
        examples=(
            (
                "from IPython.display import set_matplotlib_formats\nset_matplotlib_formats('svg')",
                "from matplotlib_inline.backend_inline import set_matplotlib_formats\n"
                "set_matplotlib_formats('svg')",
            ),
            (
                "from IPython.display import set_matplotlib_close\nset_matplotlib_close(False)",
                "from matplotlib_inline.backend_inline import set_matplotlib_close\n"
                "set_matplotlib_close(False)",
            ),
        ),
        proofs=(
            Proof(
                "from IPython.display import set_matplotlib_close\nset_matplotlib_close(True)",
                needs=("matplotlib_inline", "matplotlib"),
            ),
        ),
    ),
    Rule(
        id="IPY003",
        library=LIB,
        changed_in="4.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="IPython 4 split its notebook, widgets, kernel, parallel, nbconvert and config "
        "packages out; import ipywidgets, jupyter_client, ipykernel, ipyparallel, nbformat, ...",
        replacement="import ipywidgets as widgets",
        signatures=tuple(no_module(old) for old in SPLIT),
        matchers=tuple(Module(old, new) for old, new in SPLIT.items()),
        examples=(
            (
                "from IPython.html.widgets import interact\nfrom IPython.config import Config",
                "from ipywidgets import interact\nfrom traitlets.config import Config",
            ),
            (
                "from IPython.kernel import KernelManager\n"
                "from IPython.kernel.zmq.kernelapp import IPKernelApp\n"
                "from IPython.parallel import Client\nfrom IPython import nbformat\n"
                "from IPython.nbconvert import HTMLExporter\n"
                "from IPython.utils.traitlets import Unicode\nimport IPython.qt\n"
                "from IPython.html import widgets",
                "from jupyter_client import KernelManager\n"
                "from ipykernel.kernelapp import IPKernelApp\n"
                "from ipyparallel import Client\nimport nbformat\n"
                "from nbconvert import HTMLExporter\n"
                "from traitlets import Unicode\nimport qtconsole\nimport ipywidgets",
            ),
        ),
        proofs=(
            Proof(
                "from IPython.nbconvert import HTMLExporter\nHTMLExporter()", needs=("nbconvert",)
            ),
            Proof("from IPython.kernel.zmq.kernelapp import IPKernelApp", needs=("ipykernel",)),
        ),
    ),
    Rule(
        id="IPY004",
        library=LIB,
        changed_in="9.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="InteractiveShell.magic() was removed in IPython 9; use run_line_magic(name, line)",
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
        id="IPY005",
        library=LIB,
        changed_in="8.0",
        safety=SAFE,
        catalogue="release-notes",
        message="IPython.core.debugger.Tracer was removed in IPython 8; Tracer()() is "
        "Pdb().set_trace()",
        replacement="from IPython.core.debugger import Pdb; Pdb().set_trace()",
        why="Tracer was deprecated in 5.1 in favor of set_trace (" + WHATSNEW.format(5) + ") and "
        "8.0 removed it (" + WHATSNEW.format(8) + ", 'The following items have been removed'). "
        "Tracer() returned the set_trace of a new debugger; calling it stopped in the caller's "
        "frame, which Pdb().set_trace() does too, so a Tracer() kept for later still works.",
        signatures=(cannot_import(["Tracer"], r"IPython\.core\.debugger"),),
        matchers=(
            Symbol(old="IPython.core.debugger.Tracer", new="IPython.core.debugger.Pdb"),
            Call(functions=("IPython.core.debugger.Tracer",), check=_tracer),
        ),
        examples=(
            (
                "from IPython.core.debugger import Tracer\ndef f(x):\n    Tracer()()\n"
                "    return x\ndebug_here = Tracer()",
                "from IPython.core.debugger import Pdb\ndef f(x):\n    Pdb().set_trace()\n"
                "    return x\ndebug_here = Pdb().set_trace",
            ),
        ),
        proofs=("from IPython.core.debugger import Tracer\ndebug_here = Tracer()",),
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
