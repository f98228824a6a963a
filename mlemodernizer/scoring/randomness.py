"""Which cells' outputs may differ between two runs of the same code: read from the code before
any fix is judged, so a number that moved in such a cell is never taken for what a fix changed.

A **source** is a call that draws from a random stream the notebook did not seed:

- NumPy's and Python's global streams (``np.random.rand``, ``random.shuffle``, ``from random
  import choice``) unless ``np.random.seed(N)`` / ``random.seed(N)`` ran before; a generator
  made without a seed (``np.random.default_rng()``, ``RandomState()``, ``random.Random()``);
- PyTorch's and TensorFlow's draws and the weights their layers start from (``torch.randn``,
  ``nn.Linear(...)``, ``keras.layers.Dense(...)``, a class built on them) unless
  ``torch.manual_seed`` / ``tf.random.set_seed`` / ``keras.utils.set_random_seed`` ran before;
- an array left uninitialized (``np.empty``): its values are whatever the memory held;
- any callable whose signature, as the environment says (``environment.signatures``), takes a
  ``random_state``, ``seed`` or ``random_seed`` that defaults to None and is not given one
  (``train_test_split(X, y)``, ``RandomForestClassifier()``, a team's own library alike); a
  ``shuffle`` that defaults to False and is not turned on means no draw (``KFold(5)``). Where
  scikit-learn's None means NumPy's global stream, a seeded global stream counts as a seed.

Randomness then flows along the cells' data, statement by statement: what a random statement
binds, and an object it calls a method on (``clf.fit(X, y)``), is random; a name bound again
from values that are not is not; a function or class whose body reads a random name or calls a
source is one. A cell is random when one of its statements is, with the reason in words
(``uses clf, from cell 4's RandomForestClassifier without a random_state``).

This is a reading, not a proof: measuring (two runs of the same code with other seeds, the
loop's ``Randomness``) confirms or refutes it cell by cell.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field

from nbformat import NotebookNode

from ..contracts.notebook import mask_magics, shown_cell_number
from ..environment.signatures import Params
from .stored_numbers import cell_numbers

SEED_PARAMETERS = ("random_state", "seed", "random_seed")

# generator constructors: seeded by their first argument, unseeded without one
_GENERATORS = {
    "numpy.random": {
        "RandomState",
        "default_rng",
        "Generator",
        "SeedSequence",
        "MT19937",
        "PCG64",
        "PCG64DXSM",
        "Philox",
        "SFC64",
    },
    "random": {"Random", "SystemRandom"},
}
_NOT_DRAWS = {"get_state", "set_state", "getstate", "setstate", "seed", "bit_generator"}
# what seeds a framework's stream(s): the dotted name -> the streams it seeds
_SEEDERS = {
    "numpy.random.seed": ("numpy",),
    "random.seed": ("python",),
    "torch.manual_seed": ("torch",),
    "torch.random.manual_seed": ("torch",),
    "tensorflow.random.set_seed": ("tensorflow",),
    "tensorflow.set_random_seed": ("tensorflow",),
    "tensorflow.compat.v1.set_random_seed": ("tensorflow",),
    "keras.utils.set_random_seed": ("tensorflow", "numpy", "python"),
    "tensorflow.keras.utils.set_random_seed": ("tensorflow", "numpy", "python"),
}
# a framework's own draws, and the layers and models whose weights start random
_FRAMEWORK_DRAWS = {
    "torch": (
        "torch.rand",
        "torch.randn",
        "torch.randint",
        "torch.randperm",
        "torch.normal",
        "torch.bernoulli",
        "torch.multinomial",
        "torch.nn.",
        "torch.utils.data.random_split",
    ),
    "tensorflow": (
        "tensorflow.random.",
        "tensorflow.keras.layers.",
        "tensorflow.keras.models.",
        "tensorflow.keras.Sequential",
        "tensorflow.keras.Model",
        "keras.layers.",
        "keras.models.",
        "keras.Sequential",
        "keras.Model",
        "keras.random.",
    ),
}
_STAR_ALIASES = {"pylab": "matplotlib.pylab"}
# arrays whose values are whatever the memory held: no seed makes them the same twice
_UNINITIALIZED = {"numpy.empty", "numpy.empty_like", "torch.empty", "torch.empty_like"}


@dataclass
class StaticReading:
    """The cells the code says are random (0-based index -> why, in words) and the dotted names
    of the calls whose signatures were asked for (and not known)."""

    cells: dict[int, str] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)


def callables_to_ask(nb: NotebookNode) -> set[str]:
    """The dotted names of the library callables the notebook calls (through its imports), for
    the environment to say which take a seed."""
    names: set[str] = set()
    reader = _Reader({})
    for cell in _code_cells(nb):
        parsed = _parse(cell.source)
        if parsed is None:
            continue
        tree, magics = parsed
        reader.learn_imports(tree, magics)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            dotted = reader.dotted(node.func)
            if dotted and not _framework(dotted):
                names.add(dotted)
            elif dotted is None and isinstance(node.func, ast.Name):
                names.update(reader.star_candidates(node.func.id))
    return names


def read_randomness(nb: NotebookNode, signatures: Mapping[str, Params]) -> StaticReading:
    """Which code cells are random, by the reading above. ``signatures``: dotted name ->
    parameters (a name missing there is a callable the environment could not read: no draw)."""
    reader = _Reader(signatures)
    reading = StaticReading()
    for index, cell in _indexed_code_cells(nb):
        parsed = _parse(cell.source)
        if parsed is None:
            continue
        tree, magics = parsed
        reader.learn_imports(tree, magics)
        why = reader.read_cell(index, tree)
        if why:
            reading.cells[index] = why
    reading.unknown = reader.unknown
    return reading


class _Reader:
    """The reading's state as it walks the notebook in order: import aliases, which streams are
    seeded, which names hold random values (and why)."""

    def __init__(self, signatures: Mapping[str, Params]) -> None:
        self.signatures = signatures
        self.aliases: dict[str, str] = {}
        self.stars: list[str] = []  # modules star-imported (``from pylab import *``)
        self.seeded: set[str] = set()
        self.tainted: dict[str, str] = {}
        self.unknown: set[str] = set()

    # --- imports -------------------------------------------------------------------------

    def learn_imports(self, tree: ast.AST, magics: frozenset[str] | set[str] = frozenset()) -> None:
        if "pylab" in magics:
            self.stars.append("matplotlib.pylab")
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.aliases[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        self.aliases[top] = top
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    if alias.name == "*":
                        self.stars.append(_STAR_ALIASES.get(node.module, node.module))
                    else:
                        self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def dotted(self, func: ast.expr) -> str | None:
        """``np.random.rand`` -> ``numpy.random.rand`` through the imports; None for a method of
        a value (``clf.fit``) or a name no import binds."""
        parts: list[str] = []
        node = func
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        base = self.aliases.get(node.id)
        if base is None:
            if parts or node.id in self.tainted:
                return None
            return self._star_name(node.id)
        return ".".join([base, *reversed(parts)])

    def star_candidates(self, name: str) -> list[str]:
        """What a name no import binds may be, through the star imports: ``from pylab import
        *`` (and ``%pylab``) brings NumPy's random functions too."""
        found = [f"{module}.{name}" for module in reversed(self.stars)]
        if "matplotlib.pylab" in self.stars:
            found.append(f"numpy.random.{name}")
        return found

    def _star_name(self, name: str) -> str | None:
        """The callable a star import bound ``name`` to, when the environment knows it; NumPy's
        random functions first (pylab re-exports them)."""
        candidates = self.star_candidates(name)
        random_first = sorted(candidates, key=lambda d: not d.startswith("numpy.random."))
        return next((d for d in random_first if d in self.signatures), None)

    # --- the reading -----------------------------------------------------------------------

    def read_cell(self, index: int, tree: ast.Module) -> str | None:
        found = None
        for stmt in tree.body:
            why = self._statement(index, stmt)
            if why and found is None:
                found = why
        return found

    def _statement(self, index: int, stmt: ast.stmt) -> str | None:
        draw = None
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call):
                said = self._call(node)
                if said and draw is None:
                    draw = said
        why = draw
        if why is None:
            read = next((n for n in _reads(stmt) if n in self.tainted), None)
            if read is not None:
                why = f"uses {read}, {self.tainted[read]}"
        bound, set_up = _bound(stmt), _set_up(stmt) | self._shuffled(stmt)
        set_up -= set(self.aliases)  # a module a call goes through is not changed by it
        if why is None:
            for name in bound - set_up:
                self.tainted.pop(name, None)  # bound anew from values that are not random
            return None
        origin = (
            f"from cell {shown_cell_number(index)}'s {draw}"
            if draw
            else self.tainted[next(n for n in _reads(stmt) if n in self.tainted)]
        )
        for name in bound:
            self.tainted[name] = origin
        for name in set_up - bound:
            self.tainted.setdefault(name, origin)  # an object set up keeps where it came from
        return why

    def _shuffled(self, stmt: ast.stmt) -> set[str]:
        """Names an unseeded in-place draw changes (``np.random.shuffle(x)``)."""
        out: set[str] = set()
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name):
                dotted = self.dotted(node.func) or ""
                if dotted.rsplit(".", 1)[-1] == "shuffle" and self._call(node):
                    out.add(node.args[0].id)
        return out

    def _call(self, node: ast.Call) -> str | None:
        """What the call draws, in words, or None (also records seeds)."""
        dotted = self.dotted(node.func)
        if dotted is None:
            return None
        if dotted in _UNINITIALIZED:
            return f"{dotted} (its values are whatever the memory held)"
        seeds = _SEEDERS.get(dotted)
        if seeds is not None:
            if node.args or node.keywords:
                self.seeded.update(seeds)
            return None
        module, _, name = dotted.rpartition(".")
        for stream, generators in _GENERATORS.items():
            if module == stream:
                if name in generators:
                    return None if (node.args or node.keywords) else f"{dotted} without a seed"
                if name in _NOT_DRAWS:
                    return None
                seed_key = "numpy" if stream == "numpy.random" else "python"
                return None if seed_key in self.seeded else f"{dotted} without a seed"
        framework = _framework(dotted)
        if framework is not None:
            return None if framework in self.seeded else f"{dotted} without a seed"
        return self._seed_parameter(dotted, node)

    def _seed_parameter(self, dotted: str, node: ast.Call) -> str | None:
        params = self.signatures.get(dotted)
        if params is None:
            self.unknown.add(dotted)
            return None
        given = {k.arg: k.value for k in node.keywords if k.arg}
        if any(k.arg is None for k in node.keywords):
            return None  # **kwargs: what it passes is not known here
        names = list(params)
        for position, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                return None
            if position < len(names):
                given.setdefault(names[position], arg)
        seed = next((p for p in SEED_PARAMETERS if p in params), None)
        if seed is None or params[seed] != "None":
            return None
        value = given.get(seed)
        if value is not None and not (isinstance(value, ast.Constant) and value.value is None):
            return None
        if "shuffle" in params and params["shuffle"] == "False":
            turned_on = given.get("shuffle")
            if turned_on is None or (
                isinstance(turned_on, ast.Constant) and turned_on.value in (False, None)
            ):
                return None
        if seed == "random_state" and "numpy" in self.seeded:
            # the scientific stack's convention (scikit-learn's and SciPy's
            # check_random_state): None draws from NumPy's global stream, seeded here
            return None
        return f"{dotted.rsplit('.', 1)[-1]} without a {seed}"


def _framework(dotted: str) -> str | None:
    for framework, prefixes in _FRAMEWORK_DRAWS.items():
        if any(dotted == p or (p.endswith(".") and dotted.startswith(p)) for p in prefixes):
            return framework
    return None


def _reads(stmt: ast.stmt) -> list[str]:
    """The names a statement reads, each once, in the order they appear (the reason names the
    first: the same every run)."""
    names = [n for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    names.sort(key=lambda n: (n.lineno, n.col_offset))
    return list(dict.fromkeys(n.id for n in names))


def _bound(stmt: ast.stmt) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _set_up(stmt: ast.stmt) -> set[str]:
    """Names a statement changes without rebinding: a method called on them, an item or
    attribute set."""
    out: set[str] = set()
    for node in ast.walk(stmt):
        target: ast.expr | None = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(
            node.ctx, (ast.Store, ast.Del)
        ):
            target = node.value
        while isinstance(target, (ast.Subscript, ast.Attribute, ast.Call)):
            target = target.func if isinstance(target, ast.Call) else target.value
        if isinstance(target, ast.Name):
            out.add(target.id)
    return out


def _parse(source: str) -> tuple[ast.Module, set[str]] | None:
    """The cell's code with its magics masked, and the names of those magics (``pylab``)."""
    masked, mapping = mask_magics(source)
    try:
        tree = ast.parse(masked)
    except SyntaxError:
        return None
    magics = {
        line.strip().lstrip("%").split()[0]
        for line in mapping.values()
        if line.strip().startswith("%") and line.strip().lstrip("%")
    }
    return tree, magics


def _code_cells(nb: NotebookNode) -> list[NotebookNode]:
    return [c for _, c in _indexed_code_cells(nb)]


def _indexed_code_cells(nb: NotebookNode) -> list[tuple[int, NotebookNode]]:
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.source.strip()]


@dataclass
class Randomness:
    """What the loop knows of a notebook's random cells: the reading of its current code, and
    the cells two runs of the same code were seen to disagree on (measured: they stay random
    whatever the reading says). Cells by 0-based index; the loop never adds or removes cells."""

    reading: dict[int, str] = field(default_factory=dict)
    measured: dict[int, str] = field(default_factory=dict)

    def why(self, index: int) -> str | None:
        """Why the cell's numbers are no evidence of what a fix changed, or None."""
        return self.measured.get(index) or self.reading.get(index)

    def cells(self) -> list[int]:
        return sorted({*self.reading, *self.measured})

    def said(self) -> dict[int, str]:
        """Every random cell and why (index -> words)."""
        return {i: self.why(i) or "" for i in self.cells()}

    def to_json(self) -> list[dict[str, object]]:
        """Every random cell: its index, why, and whether it was measured or read."""
        return [
            {
                "cell_index": i,
                "why": self.why(i),
                "basis": "measured" if i in self.measured else "reading",
            }
            for i in self.cells()
        ]


def differing_cells(first: NotebookNode, second: NotebookNode, start: int = 0) -> dict[int, str]:
    """The code cells from ``start`` on that ran clean in two runs of the same code and showed
    other numbers (index -> why, in words): random, whatever the code says."""
    found: dict[int, str] = {}
    for index, (a, b) in enumerate(zip(first.cells, second.cells, strict=False)):
        if index < start or a.cell_type != "code" or not _ran_clean(a) or not _ran_clean(b):
            continue
        then, now = cell_numbers(a), cell_numbers(b)
        if then != now:
            # no values quoted: they are chance's (a clock's seconds), and the report of the
            # same notebook run twice must read the same (issue 37)
            found[index] = "two runs of the same code showed other numbers"
    return found


def _ran_clean(cell: NotebookNode) -> bool:
    outputs = cell.get("outputs", [])
    return cell.get("execution_count") is not None and not any(
        o.get("output_type") == "error" for o in outputs
    )
