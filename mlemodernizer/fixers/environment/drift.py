"""What a failing cell's error says drifted, read from the error and the cell's code: a name
that moved, a keyword that is gone, positional arguments that became keyword-only, an attribute
of an object that is gone, a parameter a library refuses. Each is a :class:`Drift`, and the
question the kernel answers about it (:meth:`Drift.query`)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat import NotebookNode

from ...environment.local_modules import frame_in_modules, innermost_frame
from ...execution.base import CellError
from ...execution.errors import (
    IDENT,
    IMPORT_NAME,
    MODULE_ATTR,
    NO_MODULE,
    OBJECT_ATTR,
    POSITIONAL,
    TYPE_ATTR,
    UNEXPECTED_KWARG,
    first_line,
)
from ...execution.tracebacks import cell_frames
from .forms import refused_argument, refusing_call, stated_forms
from .source import (
    attributes_used,
    calls_in,
    dotted,
    failing_line,
    imported_from,
    parse_cell,
    statement_at,
    string_values,
    use_of,
)

# the same said as a dict of what was refused (Keras: "Argument(s) not recognized: {'lr': 0.01}",
# "Unrecognized keyword arguments passed to Dense: {'init': 'uniform'}")
_KWARG_DICT = re.compile(
    rf"^(?:Argument\(s\) not recognized|Unrecognized keyword arguments?(?: passed to ([\w.]+))?)"
    rf":\s*\{{'({IDENT})'"
)
# pandas' option registry: a key it does not have (set through set_option or pd.options)
_NO_OPTION = re.compile(
    r"^No such keys?\(s\): '([\w.]+)'|^You can only set the value of existing options"
)
# a short option pattern that today matches several keys (a newer namespace took the same name)
_AMBIGUOUS_OPTION = re.compile(r"^Pattern matched multiple keys")
# Python 3 decodes text as UTF-8 where Python 2 handed the reader bytes
_UNDECODABLE = re.compile(r"^'([\w-]+)' codec can't decode byte (0x[0-9a-f]{2})")
_INVALID_PARAM = re.compile(
    rf"Invalid parameter '?({IDENT}(?:__{IDENT})*)'? for estimator ([A-Za-z_][\w.]*)"
    r".*?Valid parameters are:?\s*\[([^\]]*)\]",
    re.DOTALL,
)


@dataclass
class Drift:
    """One failing cell's error, understood: ``kind`` says which family of drift, ``detail``
    holds what the code and the error say (names, the receiver, the call)."""

    # relocate | object_attr | kwarg | positional | invalid_param | message | setting | value
    # | option_pattern | encoding | argument_form
    kind: str
    cell_index: int
    cell_id: str
    error: str  # "ename: first line of evalue"
    evalue: str  # the whole message (a message may state its fix on a later line)
    detail: dict[str, Any] = field(default_factory=dict)
    # the notebook's own module the error was raised in (relative to its folder), or None: the
    # cell itself; a repair then changes that file, as the rules do
    path: str | None = None
    # the cell whose code made the failing call: the failing cell, or an earlier cell defining
    # the function it calls (a repair changes that cell; the failing cell's error judges it)
    site: int = -1

    def __post_init__(self) -> None:
        if self.site < 0:
            self.site = self.cell_index

    def query(self, qid: int) -> dict[str, Any] | None:
        """The question for the live kernel, or None when the code and the message suffice."""
        d = self.detail
        base: dict[str, Any] = {"id": qid, "cell": self.cell_index, "error": self.error}
        if self.path:
            base["module_file"] = self.path  # names are looked up in that module
        if self.kind == "relocate":
            return {**base, "kind": "relocate", **d}
        if self.kind == "object_attr":
            return {**base, "kind": "object_attr", **d}
        if self.kind == "kwarg":
            return {**base, "kind": "kwarg", **d}
        if self.kind == "value":  # the callee's signature and docstring, as for a keyword
            return {**base, "kind": "kwarg", "callee": d["callee"], "qualname": "", "values": []}
        if self.kind == "positional":
            return {**base, "kind": "positional", **d}
        if self.kind == "invalid_param":
            return {**base, "kind": "class_notes", "class": d["estimator"], **d}
        if self.kind == "option_pattern":  # the keys the pattern matches today
            return {**base, "kind": "option_keys", **d}
        if self.kind == "encoding":  # which of the statement's callees take ``encoding``
            return {**base, "kind": "signatures", "calls": [{"callee": c} for c in d["callees"]]}
        if self.kind == "message" and d.get("listed"):
            return {**base, "kind": "listed", "expr": d["listed"]}
        return None


def understand(
    error: CellError, nb: NotebookNode, modules: dict[str, str] | None = None
) -> Drift | None:
    """The drift an error shows, or None when it is not one this family reads. ``modules``:
    the notebook's own modules a fixer may change (relative path -> source); an error raised
    in one of them is read there. Without them (the kernel's question is asked before any fixer
    is) the module is read from the traceback's path."""
    if not 0 <= error.cell_index < len(nb.cells):
        return None
    head = first_line(error.evalue)
    drift = Drift(
        kind="",
        cell_index=error.cell_index,
        cell_id=error.cell_id,
        error=f"{error.ename}: {head}".strip()[:200],
        evalue=error.evalue or "",
    )
    module = module_frame(error, modules)
    if module is not None:
        drift.path, line, source = module
        tree = parse_cell(source)
        scope = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    else:
        drift.site, line = code_frame(error, nb)
        tree = parse_cell(nb.cells[drift.site].source)
        scope = nb
    stmt = statement_at(tree, line) if tree is not None and line else None
    detail = _read(error.ename, head, error.evalue or "", stmt, tree, scope)
    if detail is None and module is None:
        detail = _argument_form(error, stmt)
    if detail is None:
        return None
    drift.kind, drift.detail = detail
    drift.detail["line"] = line
    return drift


def code_frame(error: CellError, nb: NotebookNode) -> tuple[int, int | None]:
    """(cell index, line) of the innermost frame in the notebook's cells: the failing cell, or
    the earlier cell whose function it called (IPython names a cell by its execution count)."""
    frames = cell_frames(error.traceback or "")
    if len(frames) > 1:
        count, line = frames[-1]
        for index, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and str(cell.get("execution_count")) == count:
                return index, int(line)
    return error.cell_index, failing_line(error)


def module_frame(error: CellError, modules: dict[str, str] | None) -> tuple[str, int, str] | None:
    """(path, line, source) of the notebook's own module the error was raised in, or None."""
    if modules:
        frame = frame_in_modules(error.traceback or "", modules)
        if frame is not None:
            return frame.path, frame.line, modules[frame.path]
        return None
    frame = innermost_frame(error.traceback or "")
    if frame is None:
        return None
    path, line = frame
    try:
        source = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return path, line, source


def _read(
    ename: str,
    head: str,
    evalue: str,
    stmt: ast.stmt | None,
    tree: ast.Module | None,
    nb: NotebookNode,
) -> tuple[str, dict[str, Any]] | None:
    # the library's own words first: a message that states its fix
    from .messages import choose, stated_fix

    literals = {s for c in _cells_up_to(nb, tree) for s in string_values(c)}
    hint = stated_fix(ename, evalue, stmt, literals, tree)
    unclear = hint is not None and hint["how"] == "choose" and hint.get("valid")
    if unclear and choose(hint["old"], hint["valid"]) is None:
        # no valid value is like the one refused: it may belong to another keyword (below)
        hint = None
    if hint is not None:
        return "message", hint
    if ename in ("ModuleNotFoundError", "ImportError"):
        return _read_import(head, stmt, nb)
    if ename == "OptionError" and (m := _NO_OPTION.match(head)):
        key = m.group(1) or _assigned_option(stmt)
        # a display option shapes how results are shown, never what they are
        if key and key.startswith("display."):
            return "setting", {"key": key}
        return None
    if ename == "OptionError" and _AMBIGUOUS_OPTION.match(head):
        return _option_pattern(stmt)
    if ename == "UnicodeDecodeError" and (m := _UNDECODABLE.match(head)):
        callees = _readers_first(stmt, tree)
        if not callees:
            return None
        return "encoding", {"codec": m.group(1), "byte": m.group(2), "callees": callees}
    if ename == "AttributeError":
        if m := MODULE_ATTR.match(head):
            module, attr = m.groups()
            receiver = _receiver_of(stmt, attr)
            return "relocate", {
                "module": module,
                "top": module.split(".")[0],
                "names": [{"name": attr, "use": _attr_use(stmt, attr)}],
                "receiver": receiver,
                "via": "attribute",
            }
        m = OBJECT_ATTR.match(head) or TYPE_ATTR.match(head)
        if m:
            type_name, attr = m.groups()
            return "object_attr", {
                "type": type_name,
                "attr": attr,
                "expr": _receiver_of(stmt, attr),
                "use": _attr_use(stmt, attr),
                "on_class": head.startswith("type object"),
            }
    m = UNEXPECTED_KWARG.match(head) if ename == "TypeError" else None
    if m or (m := _KWARG_DICT.match(head)):
        qualname, keyword = m.group(1) or "", m.group(2)
        call = _call_with_keyword(stmt, keyword)
        if call is not None:
            return "kwarg", {
                "qualname": qualname,
                "keyword": keyword,
                "callee": call.callee,
                "given": [k for k in call.keywords if k != keyword],
                "args": call.args,
                "values": _keyword_strings(stmt, call.callee, keyword),
            }
        if ename == "TypeError":
            return None
    if ename == "TypeError" and (m := POSITIONAL.match(head)):
        qualname = m.group(1) or ""
        called = _called_name(qualname)
        calls = [c for c in calls_in(stmt) if c.callee and c.args and not c.star] if stmt else []
        if called:
            named = [c for c in calls if c.callee.split(".")[-1] == called]
            calls = named or calls
        if not calls:
            return None
        return "positional", {
            "qualname": qualname,
            "positional": _positional_arguments(stmt, [c.callee for c in calls]),
            "calls": [{"callee": c.callee, "args": c.args, "keywords": c.keywords} for c in calls][
                :4
            ],
        }
    if m := _INVALID_PARAM.search(evalue):
        param, estimator, valid = m.groups()
        names = [v.strip().strip("'\"") for v in valid.split(",") if v.strip()]
        return "invalid_param", {
            "param": param.split("__")[-1],
            "full": param,
            "estimator": estimator.split("(")[0],
            "valid": names,
        }
    if value := _refused_keyword_value(evalue, stmt):
        return "value", value
    return None


def _called_name(qualname: str) -> str:
    """The name a call of ``qualname`` is written with: the class for its ``__init__``
    (``Scaler.__init__`` is called as ``Scaler(...)``), else the function or method itself
    (``Model.fit`` as ``model.fit(...)``)."""
    parts = [p for p in qualname.split(".") if p and p != "<locals>"]
    if len(parts) > 1 and parts[-1] in ("__init__", "__new__"):
        return parts[-2]
    return parts[-1] if parts else ""


def _argument_form(error: CellError, stmt: ast.stmt | None) -> tuple[str, dict[str, Any]] | None:
    """A library call refused its argument and the message states the forms to pass it in
    (``forms.py``)."""
    stated = stated_forms(error.evalue or "")
    entry = refusing_call(error.traceback or "") if stated else None
    found = refused_argument(stmt, entry) if entry else None
    if stated is None or entry is None or found is None:
        return None
    placeholder, forms = stated
    method, argument = found
    return "argument_form", {
        "refused_by": entry,
        "method": method,
        "argument": argument,
        "placeholder": placeholder,
        "forms": [{"call": f.call, "when": f.when} for f in forms],
    }


def _refused_keyword_value(evalue: str, stmt: ast.stmt | None) -> dict[str, Any] | None:
    """A string value the message says is refused ("'steps' is not a valid value for ls",
    "Got 'x' instead") that the statement passes as a call's keyword."""
    from .messages import bad_value

    value = bad_value(evalue or "")
    if value is None or stmt is None:
        return None
    for n in ast.walk(stmt):
        if not isinstance(n, ast.Call) or not dotted(n.func):
            continue
        for k in n.keywords:
            if k.arg and isinstance(k.value, ast.Constant) and k.value.value == value:
                return {
                    "value": value,
                    "callee": dotted(n.func),
                    "keyword": k.arg,
                    "given": [o.arg for o in n.keywords if o.arg and o.arg != k.arg],
                    "args": sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                }
    return None


def _read_import(head: str, stmt: ast.stmt | None, nb: NotebookNode) -> tuple[str, dict] | None:
    if m := IMPORT_NAME.match(head):
        name, module = m.groups()
        names = imported_from(stmt, module) or [name]
        return "relocate", {
            "module": module,
            "top": module.split(".")[0],
            "names": [{"name": n, **_name_use(nb, stmt, n)} for n in names],
            "attrs_of": {n: attributes_used(nb, _bound(stmt, n)) for n in names},
            "via": "from",
        }
    if m := NO_MODULE.match(head):
        missing = m.group(1)
        related = (
            isinstance(stmt, ast.ImportFrom)
            and stmt.module
            and (stmt.module == missing or stmt.module.startswith(missing + "."))
        )
        if related and isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            names = imported_from(stmt, stmt.module)
            return "relocate", {
                "module": stmt.module,
                "top": stmt.module.split(".")[0],
                "names": [{"name": n, **_name_use(nb, stmt, n)} for n in names],
                "attrs_of": {n: attributes_used(nb, _bound(stmt, n)) for n in names},
                "via": "from",
                "missing": missing,
            }
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name == missing or a.name.startswith(missing + "."):
                    if not a.asname:
                        return None  # `import a.b` then `a.b.x`: not read here
                    used = attributes_used(nb, a.asname)
                    return "relocate", {
                        "module": a.name,
                        "top": a.name.split(".")[0],
                        "names": [{"name": n} for n in used],
                        "as_module": True,
                        "alias": a.asname,
                        "via": "import",
                    }
    return None


_OPTION_CALLS = ("set_option", "get_option", "reset_option", "option_context", "describe_option")


def _option_pattern(stmt: ast.stmt | None) -> tuple[str, dict[str, Any]] | None:
    """``pd.set_option('precision', 2)`` -> the pattern 'precision' and the options' owner."""
    for node in ast.walk(stmt) if stmt is not None else ():
        if not isinstance(node, ast.Call) or not node.args:
            continue
        callee = dotted(node.func) or ""
        owner, _, name = callee.rpartition(".")
        first = node.args[0]
        if (
            name in _OPTION_CALLS
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
        ):
            return "option_pattern", {"pattern": first.value, "owner": owner}
    return None


def _readers_first(stmt: ast.stmt | None, tree: ast.Module | None) -> list[str]:
    """The callees that may have read the undecodable text: the failing statement's, then the
    cell's earlier ones (``f = open(p)`` before ``f.read()``), each once."""
    out: list[str] = []
    nodes = [stmt] if stmt is not None else []
    if tree is not None:
        nodes.append(tree)
    for node in nodes:
        for call in calls_in(node):
            fresh = call.callee and call.callee not in out
            if fresh and not call.star and "encoding" not in call.keywords:
                out.append(call.callee)
    return out[:8]


def _assigned_option(stmt: ast.stmt | None) -> str | None:
    """``pd.options.display.mpl_style = ...`` -> ``display.mpl_style``."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = dotted(stmt.targets[0]) or ""
        _, _, key = target.partition(".options.")
        return key or None
    return None


def _bound(stmt: ast.stmt | None, name: str) -> str:
    if isinstance(stmt, ast.ImportFrom):
        for a in stmt.names:
            if a.name == name:
                return a.asname or a.name
    return name


def _name_use(nb: NotebookNode, stmt: ast.stmt | None, name: str) -> dict[str, Any]:
    """How the notebook uses an imported name: the first cell that calls or reads it."""
    bound = _bound(stmt, name)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        use = use_of(parse_cell(cell.source), bound)
        if use.get("call"):
            return {"use": use}
    return {"use": {}}


def _receiver_of(stmt: ast.stmt | None, attr: str) -> str | None:
    """The dotted text before ``.attr`` in the statement (``df`` in ``df.ix[0]``)."""
    if stmt is None:
        return None
    for n in ast.walk(stmt):
        if isinstance(n, ast.Attribute) and n.attr == attr:
            text = dotted(n.value)
            if text:
                return text
    return None


def _attr_use(stmt: ast.stmt | None, attr: str) -> dict[str, Any]:
    if stmt is None:
        return {}
    for n in ast.walk(stmt):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == attr:
            return {
                "call": True,
                "args": sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                "keywords": [k.arg for k in n.keywords if k.arg],
            }
    return {"call": False}


def _call_with_keyword(stmt: ast.stmt | None, keyword: str):
    """The innermost call in the statement that passes ``keyword``."""
    found = None
    for c in calls_in(stmt) if stmt is not None else []:
        if keyword in c.keywords and c.callee:
            found = c
    return found


def _keyword_strings(stmt: ast.stmt | None, callee: str, keyword: str) -> list[str]:
    """The string values the statement passes as ``keyword`` to ``callee``."""
    out: list[str] = []
    for n in ast.walk(stmt) if stmt is not None else []:
        if isinstance(n, ast.Call) and dotted(n.func) == callee:
            for k in n.keywords:
                if (
                    k.arg == keyword
                    and isinstance(k.value, ast.Constant)
                    and isinstance(k.value.value, str)
                ):
                    out.append(k.value.value)
    return out


def _cells_up_to(nb: NotebookNode, tree: ast.Module | None) -> list[ast.Module | None]:
    """The parsed code cells up to the failing one (``tree``), the failing one last."""
    out: list[ast.Module | None] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parsed = parse_cell(cell.source)
        if tree is not None and parsed is not None and ast.dump(parsed) == ast.dump(tree):
            out.append(tree)
            break
        out.append(parsed)
    return out


def _positional_arguments(stmt: ast.stmt | None, callees: list[str]) -> dict[str, list]:
    """callee -> what the statement passes it positionally, each ``[kind, value, name]``: a
    literal's kind (``bool``, ``int``, ``float``, ``str``, ``dict``, ``list``, ``tuple``) and,
    for a constant, its value; a plain name's spelling (``norm``); None where unknown."""
    rows: dict[str, list] = {}
    for n in ast.walk(stmt) if stmt is not None else []:
        if isinstance(n, ast.Call) and dotted(n.func) in callees and dotted(n.func) not in rows:
            row: list = []
            for a in n.args:
                if isinstance(a, ast.Constant) and a.value is not None:
                    scalar = isinstance(a.value, bool | int | float | str)
                    row.append([type(a.value).__name__, a.value if scalar else None, None])
                elif isinstance(a, ast.Dict):
                    row.append(["dict", None, None])
                elif isinstance(a, ast.List | ast.Tuple):
                    row.append([type(a).__name__.lower(), None, None])
                elif isinstance(a, ast.Name):
                    row.append([None, None, a.id])
                else:
                    row.append([None, None, None])
            rows[dotted(n.func)] = row
    return rows
