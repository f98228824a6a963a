"""The standard library across Python 3 releases (catalogue §12)."""

from __future__ import annotations

from ..helpers import cannot_import, no_attribute, no_module
from ..matchers import Module, Symbol
from ..model import REVIEW, SAFE, Rule

LIB = "python"
ABCS = [
    "Iterable",
    "Iterator",
    "Mapping",
    "MutableMapping",
    "Sequence",
    "MutableSequence",
    "Set",
    "MutableSet",
    "Callable",
    "Hashable",
    "Sized",
    "Container",
    "Collection",
    "Generator",
    "Awaitable",
    "Coroutine",
    "AsyncIterable",
    "AsyncIterator",
    "KeysView",
    "ItemsView",
    "ValuesView",
    "MappingView",
]

RULES = [
    Rule(
        id="STD001",
        library=LIB,
        changed_in="3.8",
        safety=SAFE,
        catalogue="§12",
        message="time.clock was removed in Python 3.8; use time.perf_counter",
        replacement="time.perf_counter()",
        signatures=(no_attribute("time", ["clock"]),),
        matchers=(Symbol(old="time.clock", new="time.perf_counter"),),
        examples=(
            (
                "import time\nt0 = time.clock()",
                "import time\nt0 = time.perf_counter()",
            ),
        ),
        proofs=("import time\nt = time.clock()",),
    ),
    Rule(
        id="STD002",
        library=LIB,
        changed_in="3.10",
        safety=SAFE,
        catalogue="§12",
        message="the collections ABC aliases were removed in Python 3.10; use collections.abc",
        replacement="from collections.abc import Iterable, Mapping",
        signatures=(cannot_import(ABCS, "collections"), no_attribute("collections", ABCS)),
        matchers=tuple(Symbol(old=f"collections.{n}", new=f"collections.abc.{n}") for n in ABCS),
        examples=(
            (
                "import collections\nfrom collections import Iterable, OrderedDict\n"
                "ok = isinstance(x, collections.Mapping)",
                # `import collections` alone does not import collections.abc (something else
                # usually has): the submodule is imported by its name
                "import collections\nfrom collections import OrderedDict\n"
                "from collections.abc import Iterable\nimport collections.abc\n"
                "ok = isinstance(x, collections.abc.Mapping)",
            ),
        ),
        proofs=("from collections import Mapping, OrderedDict\nok = isinstance({}, Mapping)",),
    ),
    Rule(
        id="STD003",
        library=LIB,
        changed_in="3.12",
        safety=REVIEW,
        catalogue="§12",
        message="distutils was removed in Python 3.12; use packaging.version.Version (stricter "
        "parsing than LooseVersion)",
        replacement="from packaging.version import Version",
        signatures=(no_module("distutils"),),
        matchers=(
            Symbol(old="distutils.version.LooseVersion", new="packaging.version.Version"),
            Symbol(old="distutils.version.StrictVersion", new="packaging.version.Version"),
        ),
        examples=(
            (
                "from distutils.version import LooseVersion\n"
                "ok = LooseVersion(pd.__version__) >= LooseVersion('1.0')",
                "from packaging.version import Version\n"
                "ok = Version(pd.__version__) >= Version('1.0')",
            ),
        ),
    ),
    Rule(
        id="STD004",
        library=LIB,
        changed_in="3.12",
        safety=REVIEW,
        catalogue="§12",
        message="the imp module was removed in Python 3.12; use importlib (imp.reload → "
        "importlib.reload; load_source has no direct equivalent)",
        replacement="import importlib; importlib.reload(m)",
        signatures=(no_module("imp"),),
        matchers=(Module("imp", "importlib"),),
        examples=(
            ("import imp\nimp.reload(helpers)", "import importlib\nimportlib.reload(helpers)"),
        ),
    ),
]
