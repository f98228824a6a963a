"""The package's folders are its architecture: no module flat beside the CLI, no import cycle
(lazy imports inside functions included), and docs/architecture.md's map names every folder."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ..conftest import REPO

PACKAGE = REPO / "mlemodernizer"
# the faces' entry point and the package's own metadata; everything else lives in a folder
FLAT_ALLOWED = {"__init__.py", "cli.py", "_version.py"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py") if "labextension" not in p.parts}


def imported_modules(path: Path, known: dict[str, Path], *, lazy: bool) -> set[str]:
    """The package's modules ``path`` imports: at its top level, and (``lazy``) inside its
    functions too; never under ``if TYPE_CHECKING``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and not lazy:
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    module = ".".join([*base, *([child.module] if child.module else [])])
                else:
                    module = child.module or ""
                for alias in child.names:
                    full = f"{module}.{alias.name}"
                    found.add(full if full in known else module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text()))
    return {m for m in found if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            strong(v)
    return found


def test_no_module_is_left_flat_in_the_package() -> None:
    flat = {p.name for p in PACKAGE.glob("*.py")} - FLAT_ALLOWED
    assert not flat, f"modules flat in mlemodernizer/: {sorted(flat)}"


def test_the_package_has_no_import_cycle() -> None:
    known = package_modules()
    # the package root's functions are Jupyter's hooks (they import the server extension when
    # Jupyter asks), not a dependency of the modules that read __version__ from it
    graph = {
        name: imported_modules(path, known, lazy=name != "mlemodernizer")
        for name, path in known.items()
    }
    assert cycles(graph) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    """The check above could pass by finding nothing at all: it must see a real cycle."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    events = PACKAGE / "contracts" / "events.py"
    schema = PACKAGE / "contracts" / "event_schema.py"
    known = package_modules()
    assert "mlemodernizer.contracts.events" in imported_modules(schema, known, lazy=True)
    assert "mlemodernizer.contracts.event_schema" not in imported_modules(events, known, lazy=True)


def test_the_architecture_map_names_every_folder() -> None:
    text = (REPO / "docs" / "architecture.md").read_text()
    folders = sorted(
        str(p.parent.relative_to(REPO))
        for p in PACKAGE.rglob("__init__.py")
        if "labextension" not in p.parts and p.parent != PACKAGE
    )
    named = set(re.findall(r"`(mlemodernizer/[\w/]+?)/?`", text))
    missing = [f for f in folders if f not in named]
    assert not missing, f"docs/architecture.md does not name {missing}"


MAP_ROW = re.compile(r"^\| `(mlemodernizer/[\w/]+?)/?` \|", re.MULTILINE)


def layer_order() -> list[str]:
    """The folders as docs/architecture.md's map lists them, top (the faces) to bottom."""
    text = (REPO / "docs" / "architecture.md").read_text()
    return [f.replace("/", ".") for f in MAP_ROW.findall(text)]


def upward_imports(graph: dict[str, set[str]], order: list[str]) -> list[str]:
    """Imports from a folder to one listed above it in ``order``. A folder and its subfolders
    are one layer to each other (a family implements its parent's contract; the parent lists
    its families); between any other two, only arrows down."""
    rank = {folder: i for i, folder in enumerate(order)}

    def folder_of(module: str) -> str | None:
        found = [f for f in order if module == f or module.startswith(f + ".")]
        return max(found, key=len) if found else None

    found = []
    for module, deps in sorted(graph.items()):
        source = folder_of(module)
        for dep in sorted(deps):
            target = folder_of(dep)
            if source is None or target is None or source == target:
                continue
            if source.startswith(target + ".") or target.startswith(source + "."):
                continue
            if rank[target] < rank[source]:
                found.append(f"{module} -> {dep}")
    return found


def test_no_folder_imports_one_above_it() -> None:
    known = package_modules()
    graph = {name: imported_modules(path, known, lazy=True) for name, path in known.items()}
    assert upward_imports(graph, layer_order()) == []


def test_the_layer_check_finds_an_upward_import() -> None:
    order = ["p.server", "p.loop", "p.fixers", "p.fixers.llm", "p.environment"]
    graph = {
        "p.environment.overlay": {"p.fixers.base"},  # up: the finding
        "p.fixers.llm.fixer": {"p.fixers.base", "p.environment.grounding"},  # own parent, down
        "p.fixers.base": {"p.fixers.llm.fixer"},  # the parent lists its family
        "p.server.app": {"p.loop.jobs"},
    }
    assert upward_imports(graph, order) == ["p.environment.overlay -> p.fixers.base"]
    assert layer_order()[0] == "mlemodernizer.server"
    assert layer_order()[-1] == "mlemodernizer.contracts"
