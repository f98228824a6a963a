"""The read-only pass over one cell: keeps the symbol table current, finds rule sites, decides
with the policy, and records the fixes (and the imports they need) for the rewrite."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Mapping
from typing import Any

import libcst as cst
import libcst.matchers as cstm

from . import edits
from .cells import parse_cached
from .index import Policy, RuleIndex, canonical
from .infer import Inference
from .matchers import DEFAULT_FIX, Attr, Outcome, Site, Symbol, literal
from .model import Rule
from .results import Hit
from .rewrite import (
    Applier,
    rename_from_module,
    rename_import_alias,
    rename_name,
    split_import_from,
    use_ref,
)
from .submodules import is_submodule, needs_import
from .symbols import DATAFRAME, FUNCTION, NDARRAY, SERIES, Binding, SymbolTable, TypeInfo
from .walk import walk

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


FixList = list[tuple[Any, Mapping[str, cst.BaseExpression]]]


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
# names IPython puts in builtins while a cell runs (its BuiltinTrap): bare in notebooks
NOTEBOOK_BUILTINS = ("get_ipython",)
_BUILTINS = (
    frozenset(n for n in dir(builtins) if not n.startswith("_"))
    | frozenset(PY2_BUILTINS)
    | frozenset(NOTEBOOK_BUILTINS)
)
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
        self.fixes: dict[Any, FixList] = {}
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
        self._statements: set[int] = set()  # calls/attributes that are a whole expression statement
        self._subscripted: dict[int, cst.Subscript] = {}  # id(x) → the x[k] it is the value of
        self._module: cst.Module | None = None

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
            node=node,
            resolve=self.resolve,
            infer=self.infer,
            known=self.table.types,
            facts=self.table.facts,
            **kw,
        )
        if id(node) in self._statements:
            found.extra["statement"] = True
        subscript = self._subscripted.get(id(node))
        if subscript is not None:
            found.extra["subscript"] = subscript  # the node is ``x`` in this ``x[k]``
        return found

    def hit(self, rule: Rule, node: Any, outcome: Outcome, anchor: Any = None) -> bool:
        """Record a hit at ``anchor`` (default ``node``); register the fix on ``node`` when the
        policy applies it."""
        applied = not self._guarded and self.policy.decide(rule, outcome)
        if applied:
            self.apply_now(node, outcome.fix, outcome.needs, outcome.outer)
            calls = (outcome.prelude,) if isinstance(outcome.prelude, str) else outcome.prelude
            for prelude in calls or ():
                if prelude in self.table.preludes:
                    continue
                self.table.preludes.add(prelude)
                qname, paren, args = prelude.partition("(")
                # "os:environ.setdefault": a module, then attributes of an object in it
                module, colon, attrs = qname.partition(":")
                tail = f"{attrs if colon else qname.rsplit('.', 1)[-1]}({args if paren else ')'}"
                if not outcome.prelude_at and self._module and tail in self._module.code:
                    continue  # an earlier pass placed it: no import to add for it again
                known = len(self.imports)
                head = (
                    f"{edits.code(self.ref(module, module=True))}.{attrs}"
                    if colon
                    else edits.code(self.ref(qname))
                )
                call = f"{head}({args if paren else ')'}"
                if outcome.prelude_at:
                    # the call moves to another cell with the imports it needed here
                    self.table.hoisted[call] = (outcome.prelude_at, self.imports[known:], rule.id)
                if self._module is None or call not in self._module.code:  # an earlier pass
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
            self._import_submodule(qname, prefix[1])
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

    def _import_submodule(self, qname: str, rest: str) -> None:
        """``stats.sampling.X`` through ``from scipy import stats`` fails unless something
        imported ``scipy.stats.sampling``: the deepest submodule on the path after the bound
        package is imported by its full name (which binds its top name, where that is free)."""
        bound = qname[: len(qname) - len(rest) - 1]
        parts = rest.split(".")[:-1]  # the last part is what the reference names
        for k in range(len(parts), 0, -1):
            module = ".".join([bound, *parts[:k]])
            if not is_submodule(module):
                continue
            top = module.split(".")[0]
            if needs_import(module) and self.table.is_free(top, top):
                self._add_import(f"import {module}", top, top)
            return

    def _add_import(self, statement: str, local: str, qname: str) -> None:
        if statement not in self.imports:
            self.imports.append(statement)
        self.table.add_import(local, qname)

    # --- scopes and guards ------------------------------------------------------------------

    def run(self, module: cst.Module) -> None:
        """Walk the cell (read-only), statement by statement."""
        self._module = module
        for stmt in module.body:
            self.top_level[id(stmt)] = stmt
            self._top = stmt
            walk(self, stmt)
        if self.index.nodes:
            # the cell as a whole, once its names are bound: rules that move an argument from
            # one statement to another (SM001)
            self._nodes("Module", module)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self._line = node

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._skip.add(id(node.name))
        self._func_depth += 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._func_depth -= 1
        self._bind_value(original_node.name.value, self._function_type(original_node))
        self._note_evaluator(original_node)

    def _function_type(self, node: cst.FunctionDef) -> TypeInfo | None:
        """``def make_df(...): return pd.DataFrame(...)``: calls to it give a DataFrame. Only
        returns that are library calls count (a returned name is a local, unknown here)."""
        if self._func_depth:
            return None
        returns = cstm.findall(node.body, cstm.Return())
        kinds = set()
        for r in returns:
            value = r.value if isinstance(r, cst.Return) else None
            if not isinstance(value, cst.Call):
                return None
            t = self.infer(value)
            if t is None or t.qname not in (DATAFRAME, SERIES, NDARRAY):
                return None
            kinds.add(t.qname)
        if len(kinds) != 1:
            return None
        return TypeInfo(FUNCTION).with_extra("returns", kinds.pop())

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._skip.add(id(node.name))
        self._func_depth += 1

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._func_depth -= 1
        self._bind_value(original_node.name.value, None)
        self._note_evaluator(original_node)

    def _note_evaluator(self, node: cst.FunctionDef | cst.ClassDef) -> None:
        """A top-level def that calls eval(): the strings passed to it are code."""
        if self._func_depth:
            return
        name = node.name.value
        if cstm.findall(node, cstm.Call(func=cstm.Name("eval"))):
            self.table.evaluators.add(name)
        else:
            self.table.evaluators.discard(name)

    def _code_strings(self, call: cst.Call) -> None:
        """``display('df1', 'df1.append(df2)')`` where display evals its arguments: each string
        that is an expression goes through the same rules, and is rewritten in place."""
        for arg in call.args:
            value = arg.value
            if arg.keyword is not None or arg.star or not isinstance(value, cst.SimpleString):
                continue
            text = value.evaluated_value
            if not isinstance(text, str) or "\n" in text or value.prefix.lower() not in ("", "u"):
                continue
            try:
                ast.parse(text, mode="eval")
            except SyntaxError:
                continue
            module = parse_cached(text)
            if module is None:
                continue
            sub = CellAnalyzer(self.table, self.index, self.policy)
            sub._guarded = self._guarded
            sub.run(module)
            new = text
            if sub.fixes and not sub.imports:
                applier = Applier(sub.fixes, [], sub.top_level, sub.dirty)
                new = module.visit(applier).code.strip()
            quote = value.quote
            ok = new != text and quote not in new and "\\" not in new and _is_expression(new)
            for h in sub.hits:
                h.applied = h.applied and ok
                h.node = value
            self.hits.extend(sub.hits)
            if ok:
                literal_text = f"{value.prefix}{quote}{new}{quote}"
                self.apply_now(value, lambda n, refs, t=literal_text: n.with_changes(value=t))

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
        if self.index.nodes:
            self._nodes("Assign", node)

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

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if self.index.nodes:
            self._nodes("UnaryOperation", node)

    def visit_ListComp(self, node: cst.ListComp) -> None:
        if self.index.nodes:
            self._nodes("ListComp", node)

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
        if isinstance(node.value, cst.Call | cst.Attribute):  # a call, or a value on display
            self._statements.add(id(node.value))

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
            fix = rename_import_alias(new)
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
        if self.index.nodes:
            self._nodes("Import", node)
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if node.relative or node.module is None:
            return False
        module = edits.dotted_name(node.module) or ""
        if isinstance(node.names, cst.ImportStar):
            move = self.index.module_move(module)
            if move is not None and move[2] is not None:
                rule, _, new = move
                self.hit(rule, node, Outcome(fix=rename_from_module(new)))
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
            self.apply_now(node, split_import_from(module, plan))
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
            if sym is None:
                return
            rule, m = sym
            if m.check is not None and m.new is None and m.template is None:
                # removed with no one replacement expression: its check decides use by use
                self._symbol(node, binding.qname, rule, m)
            else:
                self.apply_now(node, *self._symbol_fix(m, keep_receiver=False))
        elif binding.current_local and binding.current_local != node.value:
            if "." in binding.current_local:
                dotted_new = binding.current_local
                self.apply_now(node, lambda n, refs: edits.dotted(dotted_new))
            else:
                self.apply_now(node, rename_name(binding.current_local))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._skip.add(id(node.attr))
        if self.index.nodes:
            self._nodes("Attribute", node)
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
        self.hit(rule, node, Outcome(fix=use_ref(need), needs=(need,)))

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
        self._subscripted[id(node.value)] = node
        if self.index.nodes:
            self._nodes("Subscript", node)
        value = node.value
        if isinstance(value, cst.Attribute):
            for rule, m in self.index.subscripts.get(value.attr.value, ()):
                self._attr(rule, m, node, value.value)

    def visit_Call(self, node: cst.Call) -> None:
        self._calls.append(node)
        func = node.func
        if isinstance(func, cst.Name) and func.value in self.table.evaluators:
            self._code_strings(node)
        qname = self.resolve(func)
        if qname is None and isinstance(func, cst.Subscript):
            base = self.resolve(func.value)  # np.cast[t](x)
            qname = f"{base}[]" if base else None
        original = qname  # before a module move: old modules had other signatures
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
                site = self.site(node, qname=qname, context=self._call_context())
                site.extra["original_qname"] = original
                outcome = self._check(m, site)
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


def _is_expression(text: str) -> bool:
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True
