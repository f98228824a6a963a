"""The notebook stack itself: IPython and Jupyter APIs that old notebooks import.

Not in the catalogue: these came from running real 2016-2018 notebooks today
(benchmarks/real_notebooks.md), so their ``catalogue`` field names that source.
"""

from __future__ import annotations

from .helpers import cannot_import, no_module
from .matchers import Module, Symbol
from .model import SAFE, Rule

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
]
