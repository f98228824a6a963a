"""The rewrite: small fixes the analyzer registers for imports and names, and the transformer that
applies every registered fix to the nodes the analyzer saw (then adds the needed imports)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import libcst as cst

from . import edits
from .cells import MAGIC_PREFIX

FixList = list[tuple[Any, Mapping[str, cst.BaseExpression]]]


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


def use_ref(need: str) -> Any:
    return lambda node, refs: refs[need]


def rename_name(new: str) -> Any:
    return lambda node, refs: node.with_changes(value=new)


def rename_import_alias(new: str) -> Any:
    def fix(node: cst.ImportAlias, refs: Any) -> cst.ImportAlias:
        node = node.with_changes(name=edits.dotted(new))
        if node.asname is not None and edits.dotted_name(node.asname.name) == new:
            node = node.with_changes(asname=None)  # `import cPickle as pickle` → `import pickle`
        return node

    return fix


def rename_from_module(new: str) -> Any:
    return lambda node, refs: node.with_changes(module=edits.dotted(new))


def split_import_from(
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


class Applier(cst.CSTTransformer):
    """Apply the visitor's fixes to the same nodes, bottom-up, and add the needed imports."""

    def __init__(
        self,
        fixes: dict[Any, FixList],
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
        imports = [s for s in self.imports if s.startswith(("import ", "from "))]
        calls = [s for s in self.imports if not s.startswith(("import ", "from "))]
        body = [*body[:i], *(cst.parse_statement(f"{s}\n") for s in imports), *body[i:]]
        if calls:
            # a once-per-notebook call (pd.set_option(...)) needs its module bound: after the
            # cell's last top-level import, magics between imports included
            j = max((k + 1 for k, stmt in enumerate(body) if _is_import_line(stmt)), default=i)
            body[j:j] = [cst.parse_statement(f"{s}\n") for s in calls]
        return updated_node.with_changes(body=body)


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
