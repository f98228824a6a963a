"""One engine for every rule: walk the cells in order, find rule sites, rewrite what the policy
allows, and report the rest.

Per cell: magics and ``!`` lines are masked, the cell is parsed once with LibCST (cached by
text), a read-only visitor updates the cross-cell symbol table and records hits; only cells with
something to rewrite go through a transformer, which applies the recorded fixes to the very
nodes the visitor saw (formatting preserved), then the magics are restored.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider
from nbformat import NotebookNode

from ...notebook import code_cells, mask_magics, unmask_magics
from . import edits
from .infer import Inference
from .matchers import (
    DEFAULT_FIX,
    Attr,
    Call,
    DictKey,
    Matcher,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    Target,
    Text,
    literal,
)
from .model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule
from .symbols import Binding, SymbolTable, TypeInfo
from .walk import walk

MAGIC_PREFIX = "__mlem_magic__"

# spellings of one API under another package: rules are written against the canonical one
CANONICAL_PREFIXES = (
    ("tensorflow.python.keras.", "keras."),
    ("tensorflow.keras.", "keras."),
    ("tf_keras.", "keras."),
)


def canonical(qname: str) -> str:
    for prefix, new in CANONICAL_PREFIXES:
        if qname.startswith(prefix):
            return new + qname[len(prefix) :]
    return qname


# how an added import spells a module when the notebook has not imported it yet
CONVENTIONAL_ALIASES = {
    "numpy": "np",
    "pandas": "pd",
    "matplotlib.pyplot": "plt",
    "seaborn": "sns",
    "tensorflow": "tf",
    "xgboost": "xgb",
    "lightgbm": "lgb",
}


# --- the rule index -----------------------------------------------------------------------


class RuleIndex:
    """The active rules, indexed by where they look."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules: dict[str, Rule] = {}
        self.symbols: dict[str, tuple[Rule, Symbol]] = {}
        self.modules: list[tuple[Rule, Module]] = []
        self.functions: dict[str, list[tuple[Rule, Call]]] = {}
        self.methods: dict[str, list[tuple[Rule, Call]]] = {}
        self.attrs: dict[str, list[tuple[Rule, Attr]]] = {}
        self.subscripts: dict[str, list[tuple[Rule, Attr]]] = {}
        self.dict_keys: dict[str, list[tuple[Rule, DictKey]]] = {}
        self.texts: list[tuple[Rule, Text]] = []
        self.targets: list[tuple[Rule, Target]] = []
        self.nodes: dict[str, list[tuple[Rule, Node]]] = {}
        for rule in rules:
            self.rules[rule.id] = rule
            for m in rule.matchers:
                self._add(rule, m)
        self.modules.sort(key=lambda rm: -len(rm[1].old))

    def _add(self, rule: Rule, m: Matcher) -> None:
        if isinstance(m, Symbol):
            self.symbols[m.old] = (rule, m)
        elif isinstance(m, Module):
            self.modules.append((rule, m))
        elif isinstance(m, Call):
            for f in m.functions:
                self.functions.setdefault(f, []).append((rule, m))
            for name in m.methods:
                self.methods.setdefault(name, []).append((rule, m))
        elif isinstance(m, Attr):
            target = self.subscripts if m.subscripted else self.attrs
            for name in m.names:
                target.setdefault(name, []).append((rule, m))
        elif isinstance(m, DictKey):
            for key in m.keys or ("*",):  # no keys: every string key
                self.dict_keys.setdefault(key, []).append((rule, m))
        elif isinstance(m, Text):
            self.texts.append((rule, m))
        elif isinstance(m, Target):
            self.targets.append((rule, m))
        elif isinstance(m, Node):
            for t in m.types:
                self.nodes.setdefault(t, []).append((rule, m))
        else:  # pragma: no cover - a programming error in a rule module
            raise TypeError(f"{rule.id}: unknown matcher {m!r}")

    def module_move(self, name: str) -> tuple[Rule, Module, str | None] | None:
        for rule, m in self.modules:
            if name == m.old or name.startswith(m.old + "."):
                new = m.new + name[len(m.old) :] if m.new is not None else None
                return rule, m, new
        return None


# --- what to apply ------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """Which hits a pass rewrites.

    ``safe``: SAFE rules and SAFE* rules whose condition is proven. ``triggered``: rules an
    error signature pointed at; they are applied whatever their safety (REVIEW, unproven SAFE*),
    as a patch for review. ``pins``: the rules that pin old defaults. ``gates``: per rule, True
    (the old API is gone), False (it still exists: never touched), None (library unknown: only
    when triggered). ``everything`` applies every fix (tests).
    """

    safe: bool = False
    triggered: frozenset[str] = frozenset()
    pins: bool = False
    everything: bool = False
    gates: Mapping[str, bool | None] = field(default_factory=dict)

    def decide(self, rule: Rule, outcome: Outcome) -> bool:
        if outcome.fix is None:
            return False
        if self.everything:
            return True
        gate = self.gates.get(rule.id, True)
        triggered = rule.id in self.triggered
        if gate is False or (gate is None and not triggered):
            return False
        if rule.pin:
            return self.pins
        if rule.safety == SAFE:  # a check may still mark an occurrence unproven (SAMME.R)
            return (self.safe and outcome.proven) or triggered
        if rule.safety == SAFE_IF:
            return (self.safe and outcome.proven) or triggered
        if rule.safety == REVIEW:
            return triggered
        return False


# --- results ------------------------------------------------------------------------------


@dataclass
class Hit:
    rule: Rule
    node: Any  # original CST node (None for text-level hits)
    message: str
    proven: bool
    fixable: bool
    applied: bool
    line: int = 0
    col: int = 0


@dataclass
class CellOutcome:
    index: int
    cell_id: str
    old_source: str
    new_source: str
    hits: list[Hit]

    @property
    def changed(self) -> bool:
        return self.new_source != self.old_source


@dataclass
class PassResult:
    cells: list[CellOutcome]
    unparsed: list[int]  # code cells that do not parse (left alone)

    @property
    def hits(self) -> list[tuple[int, Hit]]:
        return [(c.index, h) for c in self.cells for h in c.hits]

    @property
    def changed(self) -> list[CellOutcome]:
        return [c for c in self.cells if c.changed]

    @property
    def applied_rule_ids(self) -> list[str]:
        ids = {h.rule.id for c in self.changed for h in c.hits if h.applied}
        return sorted(ids)


# --- parsing --------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def parse_cached(masked: str) -> cst.Module | None:
    """The cell's tree, or None when it is not valid Python 3 (LibCST alone accepts some Python 2
    forms, such as ``except E, e:``, so CPython's parser has the last word)."""
    try:
        ast.parse(masked)
        return cst.parse_module(masked)
    except (SyntaxError, ValueError, RecursionError, MemoryError, cst.ParserSyntaxError):
        return None


def _text_fix(masked: str, index: RuleIndex, policy: Policy) -> tuple[str | None, list[Hit]]:
    """Line rewrites for code that does not parse (Python 2). Returns the new text if every
    fix was allowed and the result parses."""
    hits: list[Hit] = []
    lines = masked.split("\n")
    allowed = True
    for n, line in enumerate(lines):
        for rule, m in index.texts:
            new = m.fix(line)
            if new is None or new == line:
                continue
            applied = policy.decide(rule, Outcome(fix=lambda node, refs: node))
            allowed = allowed and applied
            col = len(line) - len(line.lstrip()) + 1
            hits.append(Hit(rule, None, rule.message, True, True, applied, n + 1, col))
            line = new
        lines[n] = line
    if not hits or not allowed:
        return None, hits
    text = "\n".join(lines)
    return (text if parse_cached(text) is not None else None), hits


_ASSIGNED_MAGIC = re.compile(r"^(\s*)[\w.]+(\s*,\s*[\w.]+)*\s*=\s*[!%]")


def _mask_assigned_magics(text: str) -> tuple[str, dict[str, str]]:
    """``files = !ls`` and ``t = %timeit -o f()`` lines (mask_magics leaves them), masked the same
    way so the cell parses."""
    if "=" not in text:
        return text, {}
    mapping: dict[str, str] = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _ASSIGNED_MAGIC.match(line)
        if m:
            key = f"{MAGIC_PREFIX}a{len(mapping)}"
            mapping[key] = line
            lines[i] = f"{m.group(1)}{key}()"
    return "\n".join(lines), mapping


# --- the visitor --------------------------------------------------------------------------

_FixList = list[tuple[Any, Mapping[str, cst.BaseExpression]]]


def _is_magic_stmt(stmt: cst.CSTNode) -> bool:
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    return (
        isinstance(small, cst.Expr)
        and isinstance(small.value, cst.Call)
        and isinstance(small.value.func, cst.Name)
        and small.value.func.value.startswith(MAGIC_PREFIX)
    )


def _target_names(node: cst.CSTNode) -> list[cst.Name]:
    if isinstance(node, cst.Name):
        return [node]
    if isinstance(node, cst.Tuple | cst.List):
        out: list[cst.Name] = []
        for e in node.elements:
            out.extend(_target_names(e.value))
        return out
    if isinstance(node, cst.StarredElement):
        return _target_names(node.value)
    return []


PY2_BUILTINS = (
    "xrange",
    "unicode",
    "raw_input",
    "basestring",
    "long",
    "unichr",
    "reduce",
    "execfile",
    "file",
    "cmp",
    "intern",
    "apply",
    "buffer",
    "coerce",
)
_BUILTINS = frozenset(n for n in dir(builtins) if not n.startswith("_")) | frozenset(PY2_BUILTINS)
_GUARD_EXCEPTIONS = {"ImportError", "ModuleNotFoundError", "AttributeError"}


def _guards(node: cst.Try) -> bool:
    """A ``try`` whose handlers catch a missing import or attribute (version-compat code)."""
    for handler in node.handlers:
        t = handler.type
        if t is None:
            continue
        names = [e.value for e in t.elements] if isinstance(t, cst.Tuple) else [t]
        for n in names:
            if isinstance(n, cst.Name) and n.value in _GUARD_EXCEPTIONS:
                return True
    return False


class CellAnalyzer(cst.CSTVisitor):
    def __init__(self, table: SymbolTable, index: RuleIndex, policy: Policy) -> None:
        super().__init__()
        self.table = table
        self.index = index
        self.policy = policy
        self.infer = Inference(table, self.resolve)
        self.hits: list[Hit] = []
        self.fixes: dict[Any, _FixList] = {}
        self.imports: list[str] = []  # import statements to add at the top of this cell
        self._skip: set[int] = set()
        self._calls: list[cst.Call] = []
        self._args: list[cst.Arg] = []
        self._func_depth = 0
        self._branch_depth = 0
        self._guarded = 0
        self._guarded_bodies: set[int] = set()
        self._line: cst.SimpleStatementLine | None = None
        self._assign_value: cst.BaseExpression | None = None
        self._outer: set[Any] = set()
        self.top_level: dict[int, cst.CSTNode] = {}
        self.dirty: set[int] = set()  # top-level statements with something to rewrite
        self._top: cst.CSTNode | None = None
        self._statement_calls: set[int] = set()  # calls that are a whole expression statement

    # --- shared helpers ----------------------------------------------------------------------

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """The qualified name an expression refers to (original code), or None."""
        if isinstance(node, cst.Name):
            b = self.table.get(node.value)
            if b is not None:
                return b.qname
            return f"builtins.{node.value}" if node.value in _BUILTINS else None
        if isinstance(node, cst.Attribute):
            base = self.resolve(node.value)
            return f"{base}.{node.attr.value}" if base else None
        return None

    def _check(self, m: Any, site: Site) -> Outcome | None:
        """A rule's check; one that fails on odd code is a miss, never a crash of the pass."""
        try:
            return m.check(site)
        except Exception:  # noqa: BLE001 - a rule bug must not stop the other rules
            return None

    def site(self, node: Any, **kw: Any) -> Site:
        found = Site(
            node=node, resolve=self.resolve, infer=self.infer, known=self.table.types, **kw
        )
        if id(node) in self._statement_calls:
            found.extra["statement"] = True
        return found

    def hit(self, rule: Rule, node: Any, outcome: Outcome, anchor: Any = None) -> bool:
        """Record a hit at ``anchor`` (default ``node``); register the fix on ``node`` when the
        policy applies it."""
        applied = not self._guarded and self.policy.decide(rule, outcome)
        if applied:
            self.apply_now(node, outcome.fix, outcome.needs, outcome.outer)
            if outcome.prelude and outcome.prelude not in self.table.preludes:
                self.table.preludes.add(outcome.prelude)
                call = f"{edits.code(self.ref(outcome.prelude))}()"
                self.imports.append(call)
        self.hits.append(
            Hit(
                rule=rule,
                node=anchor if anchor is not None else node,
                message=outcome.message or rule.message,
                proven=outcome.proven,
                fixable=outcome.fix is not None,
                applied=applied,
            )
        )
        return applied

    def ref(self, qname: str, module: bool = False) -> cst.BaseExpression:
        """An expression that refers to ``qname`` here, adding an import when needed."""
        if qname.startswith("builtins."):
            return cst.Name(qname.removeprefix("builtins."))
        table = self.table
        local = table.local_for(qname)
        if local is not None:
            return cst.Name(local)
        prefix = table.prefix_for(qname)
        if prefix is not None:
            return edits.dotted(f"{prefix[0]}.{prefix[1]}")
        parts = qname.split(".")
        for i in range(len(parts), 0, -1):
            mod = ".".join(parts[:i])
            alias = CONVENTIONAL_ALIASES.get(mod)
            if alias and table.is_free(alias, mod):
                self._add_import(f"import {mod} as {alias}", alias, mod)
                return edits.dotted(".".join([alias, *parts[i:]]))
        mod, _, name = qname.rpartition(".")
        if mod and not module and table.is_free(name, qname):
            self._add_import(f"from {mod} import {name}", name, qname)
            return cst.Name(name)
        if not mod:
            self._add_import(f"import {qname}", qname, qname)
            return cst.Name(qname)
        root = parts[0]
        self._add_import(f"import {mod if module else mod}", root, root)
        return edits.dotted(qname)

    def _add_import(self, statement: str, local: str, qname: str) -> None:
        if statement not in self.imports:
            self.imports.append(statement)
        self.table.add_import(local, qname)

    # --- scopes and guards ------------------------------------------------------------------

    def run(self, module: cst.Module) -> None:
        """Walk the cell (read-only), statement by statement."""
        for stmt in module.body:
            self.top_level[id(stmt)] = stmt
            self._top = stmt
            walk(self, stmt)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self._line = node

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._skip.add(id(node.name))
        self._func_depth += 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._func_depth -= 1
        self._bind_value(original_node.name.value, None)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._skip.add(id(node.name))
        self._func_depth += 1

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._func_depth -= 1
        self._bind_value(original_node.name.value, None)

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._func_depth += 1

    def leave_Lambda(self, original_node: cst.Lambda) -> None:
        self._func_depth -= 1

    def visit_Param(self, node: cst.Param) -> None:
        self._skip.add(id(node.name))

    def visit_Global(self, node: cst.Global) -> bool:
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        return False

    def _branch_enter(self, node: cst.CSTNode) -> None:
        self._branch_depth += 1

    def _branch_leave(self, node: cst.CSTNode) -> None:
        self._branch_depth -= 1

    visit_If = _branch_enter
    leave_If = _branch_leave
    visit_While = _branch_enter
    leave_While = _branch_leave
    visit_With = _branch_enter
    leave_With = _branch_leave

    def visit_For(self, node: cst.For) -> None:
        self._branch_depth += 1
        for name in _target_names(node.target):
            self._skip.add(id(name))

    def leave_For(self, original_node: cst.For) -> None:
        self._branch_depth -= 1
        for name in _target_names(original_node.target):
            self._bind_value(name.value, None)

    def visit_Try(self, node: cst.Try) -> None:
        self._branch_depth += 1
        if _guards(node):
            self._guarded_bodies.add(id(node.body))

    def leave_Try(self, original_node: cst.Try) -> None:
        self._branch_depth -= 1

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if id(node) in self._guarded_bodies:
            self._guarded += 1
        if self.index.nodes:
            self._nodes("IndentedBlock", node)

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock) -> None:
        if id(original_node) in self._guarded_bodies:
            self._guarded -= 1

    def visit_CompFor(self, node: cst.CompFor) -> None:
        for name in _target_names(node.target):
            self._skip.add(id(name))

    def visit_AsName(self, node: cst.AsName) -> None:
        for name in _target_names(node.name):
            self._skip.add(id(name))
            self._bind_value(name.value, None)

    # --- bindings -------------------------------------------------------------------------------

    def _bind_value(self, name: str, type_: TypeInfo | None) -> None:
        if self._func_depth:
            return
        if self._branch_depth:
            self.table.merge_value(name, type_)
        else:
            self.table.bind_value(name, type_)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        for name in _target_names(node.target):
            self._skip.add(id(name))
        if self.index.targets and isinstance(node.target, cst.Subscript | cst.Attribute):
            value = self._assign_value
            for rule, m in self.index.targets:
                site = self.site(node.target)
                site.extra["value"] = value
                outcome = self._check(m, site)
                if outcome is not None:
                    self.hit(rule, node.target, outcome)

    def visit_Assign(self, node: cst.Assign) -> None:
        self._assign_value = node.value

    def _nodes(self, kind: str, node: cst.CSTNode) -> None:
        for rule, m in self.index.nodes.get(kind, ()):
            outcome = self._check(m, self.site(node))
            if outcome is not None:
                self.hit(rule, node, outcome)

    def visit_Dict(self, node: cst.Dict) -> None:
        if self.index.nodes:
            self._nodes("Dict", node)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if self.index.nodes:
            self._nodes("Comparison", node)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if self.index.nodes:
            self._nodes("BinaryOperation", node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        for name in _target_names(node.target):
            self._skip.add(id(name))

    def leave_AnnAssign(self, original_node: cst.AnnAssign) -> None:
        if isinstance(original_node.target, cst.Name):
            value = original_node.value
            self._bind_value(original_node.target.value, self.infer(value) if value else None)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Name):
            self._skip.add(id(node.target))

    def leave_Assign(self, original_node: cst.Assign) -> None:
        value = original_node.value
        for target in original_node.targets:
            t = target.target
            if isinstance(t, cst.Name):
                self._bind_value(t.value, self.infer(value))
            elif isinstance(t, cst.Tuple | cst.List):
                names = [e.value for e in t.elements]
                types = self.infer.unpack(value, len(names))
                if isinstance(value, cst.Tuple) and len(value.elements) == len(names):
                    types = [self.infer(e.value) for e in value.elements]
                for n, ty in zip(names, types, strict=False):
                    for name in _target_names(n):
                        self._bind_value(name.value, ty if isinstance(n, cst.Name) else None)
            elif isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name):
                self._mutate_attribute(t.value.value, t.attr.value, value)

    def _mutate_attribute(self, name: str, attr: str, value: cst.BaseExpression) -> None:
        current = self.table.type_of(name)
        if current is None or not current.is_pandas:
            return
        if attr == "index":
            self.table.set_type(name, TypeInfo(current.qname, columns=current.columns))
        elif attr == "columns":
            kind = self.infer(value)
            columns = kind.elem if kind is not None and kind.qname == "builtins.list" else None
            self.table.set_type(name, TypeInfo(current.qname, index=current.index, columns=columns))

    def visit_Expr(self, node: cst.Expr) -> None:
        if isinstance(node.value, cst.Call):
            self._statement_calls.add(id(node.value))

    def leave_Expr(self, original_node: cst.Expr) -> None:
        """Statements that change a receiver in place (``df.set_index(..., inplace=True)``,
        ``model.add(layer)``)."""
        call = original_node.value
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return
        receiver = call.func.value
        if not isinstance(receiver, cst.Name):
            return
        current = self.table.type_of(receiver.value)
        if current is None:
            return
        method = call.func.attr.value
        if current.qname == "keras.Model" and method == "add" and call.args:
            self.table.set_type(receiver.value, self.infer.keras_add(current, call.args[0].value))
            return
        if not current.is_pandas:
            return
        inplace = any(
            a.keyword is not None and a.keyword.value == "inplace" and literal(a.value) is True
            for a in call.args
        )
        if not inplace:
            return
        if method == "reset_index":
            index: str | None = "range"
        elif method in ("set_index", "reindex", "rename_axis"):
            index = None
        else:
            index = "int" if current.index else None
        self.table.set_type(
            receiver.value, TypeInfo(current.qname, index=index, columns=current.columns)
        )

    # --- imports -------------------------------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> bool:
        for alias in node.names:
            name = edits.dotted_name(alias.name) or ""
            asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
            if asname:
                binding = self.table.bind_import(asname, name)
            else:
                root = name.split(".")[0]
                binding = self.table.bind_import(root, root)
            move = self.index.module_move(name)
            if move is None:
                continue
            rule, _, new = move
            if new is None:
                self.hit(rule, alias, Outcome(fix=None))
                continue
            fix = _rename_import_alias(new)
            if self.hit(rule, alias, Outcome(fix=fix)):
                if asname:
                    binding.rewritten = True
                    binding.current_qname = new
                else:
                    root = new.split(".")[0]
                    self.table.add_import(root, root)
                    if name == binding.local and root != name:
                        # `import urllib2` → `import urllib.request`: `urllib2.x` follows
                        binding.rewritten = True
                        binding.current_qname = new
                        binding.current_local = new
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if node.relative or node.module is None:
            return False
        module = edits.dotted_name(node.module) or ""
        if isinstance(node.names, cst.ImportStar):
            move = self.index.module_move(module)
            if move is not None and move[2] is not None:
                rule, _, new = move
                self.hit(rule, node, Outcome(fix=_rename_from_module(new)))
            return False
        plan: list[tuple[cst.ImportAlias, str | None, str | None]] = []
        changed = False
        for alias in node.names:
            name = alias.name.value if isinstance(alias.name, cst.Name) else ""
            asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
            local = asname or name
            qname = f"{module}.{name}"
            binding = self.table.bind_import(local, qname)
            target = self._import_target(alias, module, name, qname, binding)
            if target is not None:
                changed = True
            plan.append((alias, target, asname))
        if changed:
            self.apply_now(node, _split_import_from(module, plan))
        return False

    def _import_target(
        self, alias: cst.ImportAlias, module: str, name: str, qname: str, binding: Binding
    ) -> str | None:
        """Where ``from module import name`` moves ("" = dropped from the import), or None."""
        keep_local = alias.asname is not None
        sym = self.index.symbols.get(qname) or self.index.symbols.get(canonical(qname))
        if sym is not None:
            rule, m = sym
            if m.check is not None:
                found = self._check(m, self.site(alias, qname=qname))
                if found is None:
                    return None
                outcome = Outcome(
                    fix=_marker if found.fix is not None else None,
                    proven=found.proven,
                    message=found.message,
                )
            else:
                outcome = Outcome(fix=_marker if m.fixable else None)
            if not self.hit(rule, alias, outcome):
                return None
            binding.rewritten = True
            if m.new is not None and m.template is None:
                new_module, _, new_name = m.new.rpartition(".")
                binding.current_qname = m.new
                binding.current_local = binding.local if keep_local else new_name
                return "" if new_module == "builtins" else m.new
            binding.current_qname = None  # usages take the replacement expression
            return ""
        move = self.index.module_move(qname)
        if move is None:
            return None
        rule, _, target = move
        if target is None:
            self.hit(rule, alias, Outcome(fix=None))
            return None
        if not self.hit(rule, alias, Outcome(fix=_marker)):
            return None
        binding.rewritten = True
        binding.current_qname = target
        binding.current_local = binding.local if keep_local else target.rpartition(".")[2]
        return target

    # --- references -------------------------------------------------------------------------------

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._skip.add(id(node.keyword))
        self._args.append(node)

    def leave_Arg(self, original_node: cst.Arg) -> None:
        self._args.pop()

    def _call_context(self) -> tuple[Any, ...]:
        """(enclosing call, the argument this call is in) for the call being visited."""
        parent = self._calls[-2] if len(self._calls) > 1 else None
        arg = self._args[-1] if self._args else None
        if parent is None or arg is None or arg not in parent.args:
            return (parent, None)
        return (parent, arg)

    def _context(self) -> tuple[Any, ...]:
        call = self._calls[-1] if self._calls else None
        arg = self._args[-1] if self._args else None
        if call is not None and arg is not None and arg not in call.args:
            arg = None
        return (call, arg)

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self._skip:
            return
        binding = self.table.get(node.value)
        if binding is None:
            sym = self.index.symbols.get(f"builtins.{node.value}")
            if sym is not None and node.value in _BUILTINS:
                self._symbol(node, f"builtins.{node.value}", *sym)
            return
        if not binding.rewritten or binding.qname is None:
            return
        if binding.current_qname is None:
            sym = self.index.symbols.get(binding.qname)
            if sym is not None:
                self.apply_now(node, *self._symbol_fix(sym[1], keep_receiver=False))
        elif binding.current_local and binding.current_local != node.value:
            if "." in binding.current_local:
                dotted_new = binding.current_local
                self.apply_now(node, lambda n, refs: edits.dotted(dotted_new))
            else:
                self.apply_now(node, _rename_name(binding.current_local))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._skip.add(id(node.attr))
        qname = self.resolve(node)
        if qname is not None:
            sym = self.index.symbols.get(qname) or self.index.symbols.get(canonical(qname))
            if sym is not None:
                self._symbol(node, qname, *sym)
            elif self.index.modules:
                move = self.index.module_move(qname)
                if move is not None and move[1].old == qname:
                    rule, _, new = move
                    if new is None:
                        self.hit(rule, node, Outcome(fix=None))
                    else:
                        self._module_reference(rule, node, new)
        for rule, m in self.index.attrs.get(node.attr.value, ()):
            self._attr(rule, m, node, node.value)

    def _symbol(self, node: Any, qname: str, rule: Rule, m: Symbol) -> None:
        if m.check is not None:
            outcome = self._check(m, self.site(node, qname=qname, context=self._context()))
            if outcome is None:
                return
        else:
            outcome = Outcome(fix=_marker if m.fixable else None)
        if outcome.fix is _marker:
            outcome.fix, outcome.needs = self._symbol_fix(
                m, keep_receiver=isinstance(node, cst.Attribute)
            )
        self.hit(rule, node, outcome)

    def _symbol_fix(self, m: Symbol, keep_receiver: bool) -> tuple[Any, tuple[str, ...]]:
        """The rewrite of one reference to ``m.old`` and the names it needs."""
        if keep_receiver and m.keeps_receiver and m.new is not None:
            last = m.new.rpartition(".")[2]
            return (lambda node, refs: edits.rename_attr(node, last)), ()
        if m.new is None:
            replacement = edits.expr(m.template or "None")
            return (lambda node, refs: replacement), ()
        new, template = m.new, m.template

        def fix(node: Any, refs: Any) -> Any:
            ref = refs[new]
            if template is None:
                return ref
            return edits.expr(template.format(edits.code(ref)))

        return fix, (new,)

    def apply_now(
        self, node: Any, fix: Any, needs: tuple[str, ...] = (), outer: bool = False
    ) -> None:
        refs = {q: self._ref_need(q) for q in needs}
        if self._top is not None:
            self.dirty.add(id(self._top))
        fixes = self.fixes.setdefault(node, [])
        if outer:
            fixes.append((fix, refs))
        else:  # before any fix that wraps the node
            at = next((i for i, (f, _) in enumerate(fixes) if f in self._outer), len(fixes))
            fixes.insert(at, (fix, refs))
        if outer:
            self._outer.add(fix)

    def _ref_need(self, need: str) -> cst.BaseExpression:
        if need.startswith("module:"):
            return self.ref(need.removeprefix("module:"), module=True)
        return self.ref(need)

    def _module_reference(self, rule: Rule, node: cst.Attribute, new: str) -> None:
        """``sklearn.cross_validation`` (a dotted reference) → ``sklearn.model_selection``: keep
        the chain's root when it still leads there, else refer to the new module afresh."""
        root: cst.BaseExpression = node
        while isinstance(root, cst.Attribute):
            root = root.value
        binding = self.table.get(root.value) if isinstance(root, cst.Name) else None
        bound = binding.bound_qname if binding is not None else None
        if binding is not None and bound and new.startswith(bound + "."):
            chain = binding.bound_local + new[len(bound) :]
            self.hit(rule, node, Outcome(fix=lambda n, refs: edits.dotted(chain)))
            return
        need = f"module:{new}"
        self.hit(rule, node, Outcome(fix=_use_ref(need), needs=(need,)))

    def _attr(self, rule: Rule, m: Attr, node: Any, receiver: cst.BaseExpression) -> None:
        rtype = self.infer(receiver)
        if rtype is not None and rtype.qname in m.exclude:
            return
        proven = True
        if m.receivers:
            if rtype is not None and rtype.qname not in m.receivers:
                return
            proven = rtype is not None
        outcome = self._check(m, self.site(node, receiver=rtype, proven=proven))
        if outcome is not None:
            self.hit(rule, node, outcome)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self.index.nodes:
            self._nodes("Subscript", node)
        value = node.value
        if isinstance(value, cst.Attribute):
            for rule, m in self.index.subscripts.get(value.attr.value, ()):
                self._attr(rule, m, node, value.value)

    def visit_Call(self, node: cst.Call) -> None:
        self._calls.append(node)
        func = node.func
        qname = self.resolve(func)
        if qname is None and isinstance(func, cst.Subscript):
            base = self.resolve(func.value)  # np.cast[t](x)
            qname = f"{base}[]" if base else None
        if qname is not None and self.index.modules:
            move = self.index.module_move(qname)  # a private path that moved: match the public one
            if (
                move is not None
                and move[2] in self.index.functions
                and qname not in self.index.functions
            ):
                qname = move[2]
        matched: set[str] = set()  # a rule matched as a function is not matched again as a method
        if qname is not None and qname not in self.index.functions:
            qname = canonical(qname)
        if qname is not None:
            for rule, m in self.index.functions.get(qname, ()):
                outcome = self._check(m, self.site(node, qname=qname, context=self._call_context()))
                if outcome is not None:
                    matched.add(rule.id)
                    self.hit(rule, node, outcome)
        if isinstance(func, cst.Attribute) and not self._is_module_path(func.value):
            candidates = self.index.methods.get(func.attr.value)
            if candidates:
                rtype = self.infer(func.value)
                for rule, m in candidates:
                    if rule.id in matched or (m.functions and qname in m.functions):
                        continue  # already matched as a function
                    if rtype is not None and rtype.qname in m.exclude:
                        continue
                    proven = True
                    if m.receivers:
                        if rtype is not None and rtype.qname not in m.receivers:
                            continue
                        proven = rtype is not None
                    outcome = self._check(
                        m, self.site(node, qname=qname, receiver=rtype, proven=proven)
                    )
                    if outcome is not None:
                        self.hit(rule, node, outcome)

    def _is_module_path(self, node: cst.BaseExpression) -> bool:
        """``np`` in ``np.sort(x)``: a module (or imported name), so ``sort`` is no method."""
        q = self.resolve(node)
        return q is not None and not q.startswith("builtins.")

    def leave_Call(self, original_node: cst.Call) -> None:
        self._calls.pop()

    def visit_DictElement(self, node: cst.DictElement) -> None:
        if not self.index.dict_keys or not isinstance(node.key, cst.SimpleString):
            return
        key = literal(node.key)
        if not isinstance(key, str):
            return
        candidates = [
            *self.index.dict_keys.get(key.rpartition("__")[2], ()),
            *self.index.dict_keys.get("*", ()),
        ]
        for rule, m in candidates:
            outcome = self._check(m, self.site(node, qname=key))
            if outcome is not None:
                self.hit(rule, node, outcome)


_marker = DEFAULT_FIX  # placeholder fix: "the engine rewrites this"


def _use_ref(need: str) -> Any:
    return lambda node, refs: refs[need]


def _rename_name(new: str) -> Any:
    return lambda node, refs: node.with_changes(value=new)


def _rename_import_alias(new: str) -> Any:
    def fix(node: cst.ImportAlias, refs: Any) -> cst.ImportAlias:
        node = node.with_changes(name=edits.dotted(new))
        if node.asname is not None and edits.dotted_name(node.asname.name) == new:
            node = node.with_changes(asname=None)  # `import cPickle as pickle` → `import pickle`
        return node

    return fix


def _rename_from_module(new: str) -> Any:
    return lambda node, refs: node.with_changes(module=edits.dotted(new))


def _split_import_from(
    module: str, plan: list[tuple[cst.ImportAlias, str | None, str | None]]
) -> Any:
    """The fix for one ``from M import ...``: names that stay keep their formatting; moved
    names go to ``from NEW import ...`` (or ``import NEW``) statements after it; names replaced
    by builtins or expressions are dropped."""

    def fix(node: cst.ImportFrom, refs: Any) -> Any:
        stay: list[cst.ImportAlias] = []
        groups: dict[str, list[cst.ImportAlias]] = {}
        plain: list[cst.ImportAlias] = []
        seen: set[tuple[str, str]] = set()
        for alias, target, asname in plan:
            if target is None:
                name = alias.name.value if isinstance(alias.name, cst.Name) else ""
                key = (f"{module}.{name}", asname or name)
                if key not in seen:
                    seen.add(key)
                    stay.append(alias)
                continue
            if target == "":
                continue
            new_module, _, new_name = target.rpartition(".")
            key = (target, asname or new_name)
            if key in seen:
                continue
            seen.add(key)
            if new_module == module:
                stay.append(alias.with_changes(name=cst.Name(new_name)))
            elif not new_module:
                plain.append(cst.ImportAlias(name=cst.Name(new_name), asname=alias.asname))
            else:
                new_alias = cst.ImportAlias(name=cst.Name(new_name), asname=alias.asname)
                groups.setdefault(new_module, []).append(new_alias)
        statements: list[cst.BaseSmallStatement] = []
        if stay:
            statements.append(node.with_changes(names=_commas(stay, node)))
        for new_module, aliases in groups.items():
            if not statements:
                statements.append(
                    node.with_changes(module=edits.dotted(new_module), names=_commas(aliases, node))
                )
            else:
                statements.append(
                    cst.ImportFrom(module=edits.dotted(new_module), names=_commas(aliases))
                )
        for alias in plain:
            statements.append(cst.Import(names=[alias]))
        if not statements:
            return cst.RemovalSentinel.REMOVE
        if len(statements) == 1:
            return statements[0]
        return cst.FlattenSentinel(
            [s.with_changes(semicolon=cst.MaybeSentinel.DEFAULT) for s in statements]
        )

    return fix


def _commas(aliases: list[cst.ImportAlias], like: cst.ImportFrom | None = None) -> list[Any]:
    out = []
    parens = like is not None and like.lpar is not None
    for i, a in enumerate(aliases):
        last = i == len(aliases) - 1
        if last:
            comma = (
                a.comma if parens and isinstance(a.comma, cst.Comma) else cst.MaybeSentinel.DEFAULT
            )
        elif isinstance(a.comma, cst.Comma):
            comma = a.comma
        else:
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        out.append(a.with_changes(comma=comma))
    return out


# --- the transformer ------------------------------------------------------------------------


class Applier(cst.CSTTransformer):
    """Apply the visitor's fixes to the same nodes, bottom-up, and add the needed imports."""

    def __init__(
        self,
        fixes: dict[Any, _FixList],
        imports: list[str],
        top_level: dict[int, cst.CSTNode] | None = None,
        dirty: set[int] | None = None,
    ) -> None:
        super().__init__()
        self.fixes = fixes
        self.imports = imports
        self.top_level = top_level or {}
        self.dirty = dirty

    def on_visit(self, node: cst.CSTNode) -> bool:
        # only statements with a fix inside are rebuilt; the rest are kept as they are
        if self.dirty is not None and id(node) in self.top_level and id(node) not in self.dirty:
            return False
        return super().on_visit(node)

    def on_leave(self, original_node: Any, updated_node: Any) -> Any:
        result = updated_node
        for fix, refs in self.fixes.get(original_node, ()):
            if not isinstance(result, cst.CSTNode):
                break
            try:
                result = fix(result, refs)
            except Exception:  # noqa: BLE001 - keep the node as it is
                continue
        if isinstance(result, cst.Expr):
            if isinstance(result.value, cst.BaseSmallStatement):
                result = result.value  # a call statement rewritten as an assignment
            elif isinstance(result.value, cst.Name) and result.value.value == edits.REMOVE_MARKER:
                return cst.RemovalSentinel.REMOVE
        if isinstance(result, cst.SimpleStatementLine):
            result = self._split_line(original_node, result)
        elif isinstance(result, cst.IndentedBlock) and not result.body:
            result = result.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return super().on_leave(original_node, result)

    def _split_line(self, original: Any, line: cst.SimpleStatementLine) -> Any:
        """A line whose one import became several: one import per line."""
        if len(line.body) <= 1 or len(original.body) != 1:
            return line
        if not all(isinstance(s, cst.Import | cst.ImportFrom) for s in line.body):
            return line
        lines = []
        for i, small in enumerate(line.body):
            lines.append(
                line.with_changes(
                    body=[small.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)],
                    leading_lines=line.leading_lines if i == 0 else [],
                    trailing_whitespace=line.trailing_whitespace
                    if i == len(line.body) - 1
                    else cst.TrailingWhitespace(),
                )
            )
        return cst.FlattenSentinel(lines)

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        if not self.imports:
            return updated_node
        body = list(updated_node.body)
        i = 0
        while i < len(body) and _is_magic_stmt(body[i]):
            i += 1
        if i < len(body) and _is_docstring(body[i]):
            i += 1
        while i < len(body) and _is_import_line(body[i]):
            i += 1
        ordered = sorted(self.imports, key=lambda s: not s.startswith(("import ", "from ")))
        new = [cst.parse_statement(f"{s}\n") for s in ordered]
        return updated_node.with_changes(body=[*body[:i], *new, *body[i:]])


def _is_import_line(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, cst.Import | cst.ImportFrom) for s in stmt.body
    )


def _is_docstring(stmt: cst.CSTNode) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, cst.SimpleString | cst.ConcatenatedString)
    )


# --- the pass -------------------------------------------------------------------------------


def run_pass(
    nb: NotebookNode, index: RuleIndex, policy: Policy, *, positions: bool = False
) -> PassResult:
    """One walk over the notebook's code cells in order."""
    table = SymbolTable()
    outcomes: list[CellOutcome] = []
    unparsed: list[int] = []
    for cell_index, cell in code_cells(nb):
        source = cell.source
        masked, mapping = mask_magics(source)
        masked, assigned = _mask_assigned_magics(masked)
        mapping = {**assigned, **mapping}  # assigned first: restored before the rest
        module = parse_cached(masked)
        text_hits: list[Hit] = []
        if module is None:
            if not index.texts:
                unparsed.append(cell_index)
                continue
            fixed, text_hits = _text_fix(masked, index, policy)
            module = parse_cached(fixed) if fixed is not None else None
            if module is None:
                unparsed.append(cell_index)
                if text_hits:
                    for h in text_hits:
                        h.applied = False
                    outcomes.append(
                        CellOutcome(cell_index, cell.get("id", ""), source, source, text_hits)
                    )
                continue
        analyzer = CellAnalyzer(table, index, policy)
        new_source = source
        try:
            analyzer.run(module)
            if analyzer.fixes or analyzer.imports:
                applier = Applier(
                    analyzer.fixes, analyzer.imports, analyzer.top_level, analyzer.dirty
                )
                new_module = module.visit(applier)
                new_source = unmask_magics(new_module.code, mapping)
            elif text_hits:
                new_source = unmask_magics(module.code, mapping)
            if new_source != source:
                ast.parse(_mask_assigned_magics(mask_magics(new_source)[0])[0])
        except Exception:  # noqa: BLE001 - leave a cell the engine cannot handle as it is
            new_source = source
            for h in analyzer.hits:
                h.applied = False
            text_hits = [dataclasses.replace(h, applied=False) for h in text_hits]
        hits = text_hits + analyzer.hits
        if positions and analyzer.hits:
            _locate(module, analyzer.hits)
        if hits or new_source != source:
            outcomes.append(CellOutcome(cell_index, cell.get("id", ""), source, new_source, hits))
    return PassResult(outcomes, unparsed)


def _locate(module: cst.Module, hits: list[Hit]) -> None:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    ranges = wrapper.resolve(PositionProvider)
    for h in hits:
        r = ranges.get(h.node)
        if r is not None:
            h.line, h.col = r.start.line, r.start.column + 1


__all__ = [
    "MANUAL",
    "REVIEW",
    "SAFE",
    "SAFE_IF",
    "CellOutcome",
    "Hit",
    "PassResult",
    "Policy",
    "RuleIndex",
    "run_pass",
]
