"""The rewrites the environment family makes, each a small LibCST transform over the cells it
concerns (magics masked): an import moved to today's module, an attribute read from its new
home, a keyword renamed, dropped or added, positional arguments bound to today's keyword-only
names, a string value replaced, a parameter key renamed in grids and ``set_params``, Python 2
print statements as calls. An edit never touches a cell it does not match."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst
from nbformat import NotebookNode

from ...contracts.notebook import mask_magics, unmask_magics

_EMPTY = cst.Module(body=[])


def code(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def _parse_expr(text: str) -> cst.BaseExpression:
    return cst.parse_expression(text)


@dataclass(frozen=True)
class Edit:
    """Base: which cells an edit looks at (``scope``) and the transform for one cell."""

    def scope(self, nb: NotebookNode, cell: int) -> list[int]:
        """From the failing cell on: a later cell using the same API fails the same way."""
        return [i for i in range(cell, len(nb.cells)) if nb.cells[i].cell_type == "code"]

    def transformer(self, first: bool) -> cst.CSTTransformer | None:
        raise NotImplementedError

    def apply(self, nb: NotebookNode, cell: int) -> dict[int, str]:
        """index -> new source, for each cell in scope the edit changes."""
        out: dict[int, str] = {}
        for i in self.scope(nb, cell):
            new = self.apply_source(nb.cells[i].source, first=i == cell)
            if new is not None and new != nb.cells[i].source:
                out[i] = new
        return out

    def apply_source(self, source: str, first: bool) -> str | None:
        masked, mapping = mask_magics(source)
        try:
            module = cst.parse_module(masked)
        except cst.ParserSyntaxError:
            return None
        transformer = self.transformer(first)
        if transformer is None:
            return None
        new = module.visit(transformer)
        if new.deep_equals(module):
            return None
        return unmask_magics(new.code, mapping)


@dataclass(frozen=True)
class CellEdit(Edit):
    """An edit of the failing cell alone: what it matches elsewhere may be right there."""

    def scope(self, nb: NotebookNode, cell: int) -> list[int]:
        return [cell]


def _alias(name: str, bound: str) -> cst.ImportAlias:
    return cst.ImportAlias(
        name=cst.Name(name),
        asname=None if bound == name else cst.AsName(name=cst.Name(bound)),
    )


def _module_expr(dotted: str) -> cst.Attribute | cst.Name:
    expr = _parse_expr(dotted)
    assert isinstance(expr, cst.Attribute | cst.Name)
    return expr


@dataclass(frozen=True)
class ImportFromRewrite(Edit):
    """``from OLD import a, b as c`` -> ``from NEW_a import a`` / ``from NEW_b import B as c``;
    names today's OLD still has stay where they are."""

    module: str
    moves: tuple[tuple[str, str, str], ...]  # (name, new module, new name)

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_SimpleStatementLine(self, original, updated):  # noqa: N802
                if len(updated.body) != 1 or not isinstance(updated.body[0], cst.ImportFrom):
                    return updated
                imp = updated.body[0]
                if imp.relative or imp.module is None or code(imp.module) != edit.module:
                    return updated
                if isinstance(imp.names, cst.ImportStar):
                    return updated
                moves = {name: (mod, new) for name, mod, new in edit.moves}
                stay: list[cst.ImportAlias] = []
                grouped: dict[str, list[cst.ImportAlias]] = {}
                for alias in imp.names:
                    name = code(alias.name)
                    bound = code(alias.asname.name) if alias.asname else name
                    if name in moves:
                        mod, new = moves[name]
                        grouped.setdefault(mod, []).append(_alias(new, bound))
                    else:
                        stay.append(alias.with_changes(comma=cst.MaybeSentinel.DEFAULT))
                if not grouped:
                    return updated
                lines = []
                if stay:
                    lines.append(
                        updated.with_changes(
                            body=[imp.with_changes(names=stay, lpar=None, rpar=None)]
                        )
                    )
                for mod, aliases in grouped.items():
                    stmt = cst.ImportFrom(module=_module_expr(mod), names=aliases)
                    lines.append(updated.with_changes(body=[stmt]))
                return cst.FlattenSentinel(lines)

        return T()


@dataclass(frozen=True)
class ModuleRebind(Edit):
    """A module that is gone, bound to a name: ``import OLD as m`` -> ``import NEW as m``;
    ``from PKG import leaf`` (PKG.leaf being OLD) -> ``from NEWPKG import newleaf as leaf``."""

    old: str
    new: str

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_Import(self, original, updated):  # noqa: N802
                names = []
                changed = False
                for alias in updated.names:
                    if code(alias.name) == edit.old and alias.asname is not None:
                        alias = alias.with_changes(name=_module_expr(edit.new))
                        changed = True
                    names.append(alias)
                return updated.with_changes(names=names) if changed else updated

            def leave_SimpleStatementLine(self, original, updated):  # noqa: N802
                if len(updated.body) != 1 or not isinstance(updated.body[0], cst.ImportFrom):
                    return updated
                imp = updated.body[0]
                if imp.relative or imp.module is None or isinstance(imp.names, cst.ImportStar):
                    return updated
                pkg = code(imp.module)
                new_pkg, _, new_leaf = edit.new.rpartition(".")
                lines, stay, changed = [], [], False
                for alias in imp.names:
                    name = code(alias.name)
                    bound = code(alias.asname.name) if alias.asname else name
                    if f"{pkg}.{name}" == edit.old:
                        changed = True
                        if new_pkg:
                            stmt = cst.ImportFrom(
                                module=_module_expr(new_pkg), names=[_alias(new_leaf, bound)]
                            )
                        else:
                            stmt = cst.Import(names=[_alias(new_leaf, bound)])
                        lines.append(updated.with_changes(body=[stmt]))
                    else:
                        stay.append(alias.with_changes(comma=cst.MaybeSentinel.DEFAULT))
                if not changed:
                    return updated
                if stay:
                    lines.insert(
                        0,
                        updated.with_changes(
                            body=[imp.with_changes(names=stay, lpar=None, rpar=None)]
                        ),
                    )
                return cst.FlattenSentinel(lines)

        return T()


@dataclass(frozen=True)
class AttributeRewrite(Edit):
    """``RECEIVER.ATTR`` -> ``REPLACEMENT`` (``np.infty`` -> ``np.inf``, ``cm.get_cmap`` ->
    ``plt.get_cmap``, ``np.float`` -> ``float``); ``add_import`` is put at the top of the failing
    cell when the replacement needs a module the notebook does not bind. ``receiver`` ``*``: any
    receiver, in the failing cell only (an object that is no plain name), the replacement a
    template with ``{receiver}``."""

    receiver: str
    attr: str
    replacement: str
    add_import: str | None = None

    def scope(self, nb: NotebookNode, cell: int) -> list[int]:
        return [cell] if self.receiver == "*" else super().scope(nb, cell)

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def __init__(self) -> None:
                super().__init__()
                self.hit = False

            def leave_Attribute(self, original, updated):  # noqa: N802
                if updated.attr.value != edit.attr:
                    return updated
                receiver = code(updated.value)
                if edit.receiver not in ("*", receiver):
                    return updated
                self.hit = True
                if "{receiver}" in edit.replacement:
                    return updated.with_changes(
                        attr=cst.Name(edit.replacement.replace("{receiver}.", "", 1))
                    )
                return _parse_expr(edit.replacement)

            def leave_Module(self, original, updated):  # noqa: N802
                if self.hit and first and edit.add_import:
                    stmt = cst.parse_statement(f"import {edit.add_import}\n")
                    return updated.with_changes(body=[stmt, *updated.body])
                return updated

        return T()


@dataclass(frozen=True)
class KeywordRewrite(Edit):
    """In calls of ``callee``: keyword ``old`` renamed ``new``, or dropped (``new`` None)."""

    callee: str
    old: str
    new: str | None

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):  # noqa: N802
                if code(updated.func) != edit.callee:
                    return updated
                args = []
                changed = False
                for a in updated.args:
                    if a.keyword is not None and a.keyword.value == edit.old:
                        changed = True
                        if edit.new is None:
                            continue
                        a = a.with_changes(keyword=cst.Name(edit.new))
                    args.append(a)
                if not changed:
                    return updated
                if args:  # the last argument keeps no trailing comma of a dropped one
                    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                return updated.with_changes(args=args)

        return T()


@dataclass(frozen=True)
class KeywordAdd(CellEdit):
    """In calls of ``callee`` that do not pass ``keyword``: ``keyword=value`` added (``value``
    is Python source), in the failing cell only: another call may read another file."""

    callee: str
    keyword: str
    value: str

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):  # noqa: N802
                if code(updated.func) != edit.callee or any(
                    a.keyword is not None and a.keyword.value == edit.keyword for a in updated.args
                ):
                    return updated
                if any(a.star == "**" for a in updated.args):
                    return updated  # it may come in the mapping
                added = cst.Arg(
                    keyword=cst.Name(edit.keyword),
                    value=_parse_expr(edit.value),
                    equal=cst.AssignEqual(
                        whitespace_before=cst.SimpleWhitespace(""),
                        whitespace_after=cst.SimpleWhitespace(""),
                    ),
                )
                args = list(updated.args)
                if args:
                    args[-1] = args[-1].with_changes(
                        comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                    )
                return updated.with_changes(args=[*args, added])

        return T()


@dataclass(frozen=True)
class WholeNumberKeyword(CellEdit):
    """``keyword=5.0`` -> ``keyword=5`` in the failing cell's calls (a float literal equal to
    ``value``)."""

    keyword: str
    value: int

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_Arg(self, original, updated):  # noqa: N802
                if updated.keyword is None or updated.keyword.value != edit.keyword:
                    return updated
                value = updated.value
                sign = ""
                if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
                    value, sign = value.expression, "-"
                if not isinstance(value, cst.Float):
                    return updated
                try:
                    number = float(sign + value.value)
                except ValueError:
                    return updated
                if number != edit.value:
                    return updated
                return updated.with_changes(value=_parse_expr(str(edit.value)))

        return T()


@dataclass(frozen=True)
class PositionalRewrite(Edit):
    """In calls of ``callee`` with more than ``keep`` positional arguments: the ones after
    ``keep`` become keywords, named ``names`` in turn (the candidate chose them)."""

    callee: str
    keep: int
    names: tuple[str, ...]

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):  # noqa: N802
                if code(updated.func) != edit.callee:
                    return updated
                positional = [a for a in updated.args if a.keyword is None and not a.star]
                if len(positional) <= edit.keep or len(positional) - edit.keep > len(edit.names):
                    return updated
                given = {a.keyword.value for a in updated.args if a.keyword is not None}
                extra = positional[edit.keep :]
                names = list(edit.names[: len(extra)])
                if given & set(names):
                    return updated
                args = []
                k = 0
                for a in updated.args:
                    if any(a is e for e in extra):
                        a = a.with_changes(
                            keyword=cst.Name(names[k]),
                            equal=cst.AssignEqual(
                                whitespace_before=cst.SimpleWhitespace(""),
                                whitespace_after=cst.SimpleWhitespace(""),
                            ),
                        )
                        k += 1
                    args.append(a)
                return updated.with_changes(args=args)

        return T()


def _string_value(node: cst.SimpleString) -> str | None:
    try:
        value = node.evaluated_value
    except Exception:
        return None
    return value if isinstance(value, str) else None


def _with_value(node: cst.SimpleString, value: str) -> cst.SimpleString:
    quote = node.quote
    prefix = node.prefix
    if quote in value or "\\" in value:
        return cst.SimpleString(repr(value))
    return node.with_changes(value=f"{prefix}{quote}{value}{quote}")


@dataclass(frozen=True)
class StringRewrite(Edit):
    """String literals equal to ``old`` -> ``new``, in the failing cell, else in the nearest
    earlier cell that writes it (the value may be set before it is used)."""

    old: str
    new: str

    def scope(self, nb: NotebookNode, cell: int) -> list[int]:
        for i in range(cell, -1, -1):
            c = nb.cells[i]
            if c.cell_type == "code" and (
                repr(self.old) in c.source or f'"{self.old}"' in c.source
            ):
                return [i]
        return []

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        class T(cst.CSTTransformer):
            def leave_SimpleString(self, original, updated):  # noqa: N802
                if _string_value(updated) == edit.old:
                    return _with_value(updated, edit.new)
                return updated

        return T()


@dataclass(frozen=True)
class ParamKeyRewrite(Edit):
    """A parameter name in parameter grids and settings: dict keys ``'old'`` and
    ``'step__old'``, and the keyword ``old=`` of ``set_params(...)`` and ``dict(...)``; in the
    failing cell and every cell before it (a grid is built before it is searched)."""

    old: str
    new: str

    def scope(self, nb: NotebookNode, cell: int) -> list[int]:
        return [i for i in range(0, cell + 1) if nb.cells[i].cell_type == "code"]

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        def renamed(value: str) -> str | None:
            if value == edit.old:
                return edit.new
            if value.endswith("__" + edit.old):
                return value[: -len(edit.old)] + edit.new
            return None

        class T(cst.CSTTransformer):
            def leave_DictElement(self, original, updated):  # noqa: N802
                if isinstance(updated.key, cst.SimpleString):
                    value = _string_value(updated.key)
                    new = renamed(value) if value is not None else None
                    if new is not None:
                        return updated.with_changes(key=_with_value(updated.key, new))
                return updated

            def leave_Call(self, original, updated):  # noqa: N802
                name = code(updated.func).split(".")[-1]
                if name not in ("set_params", "dict"):
                    return updated
                args = []
                for a in updated.args:
                    if a.keyword is not None:
                        new = renamed(a.keyword.value)
                        if new is not None:
                            a = a.with_changes(keyword=cst.Name(new))
                    args.append(a)
                return updated.with_changes(args=args)

        return T()


@dataclass(frozen=True)
class MethodForKeyword(Edit):
    """``obj.meth(..., kw='other')`` -> ``obj.other(...)``: a keyword that is gone whose value
    names a method of the same object (``fillna(method='ffill')`` -> ``ffill()``)."""

    callee: str  # "df.fillna"
    keyword: str
    value: str

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self
        receiver = edit.callee.rpartition(".")[0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):  # noqa: N802
                if code(updated.func) != edit.callee:
                    return updated
                hit = [
                    a
                    for a in updated.args
                    if a.keyword is not None
                    and a.keyword.value == edit.keyword
                    and isinstance(a.value, cst.SimpleString)
                    and _string_value(a.value) == edit.value
                ]
                if not hit:
                    return updated
                args = [a for a in updated.args if not any(a is h for h in hit)]
                if args:
                    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                return updated.with_changes(func=_parse_expr(f"{receiver}.{edit.value}"), args=args)

        return T()


_PRINT = re.compile(r"^(\s*)print(?:\s+(?!\s*[(=.,\[])(.*?)|\s*)$")


@dataclass(frozen=True)
class PrintStatements(CellEdit):
    """Python 2 ``print x, y`` statements -> ``print(x, y)`` (a trailing comma keeps the line
    open: ``end=' '``; ``print >>f, x`` -> ``print(x, file=f)``); the interpreter's own "Did you
    mean print(...)?" is the evidence. Line by line, in the failing cell only."""

    def apply_source(self, source: str, first: bool) -> str | None:
        out = []
        changed = False
        for line in source.split("\n"):
            m = _PRINT.match(line)
            if m is None or line.rstrip().endswith("\\"):
                out.append(line)
                continue
            indent, rest = m.group(1), (m.group(2) or "").rstrip()
            comment = ""
            if "#" in rest and rest.count("'") % 2 == 0 and rest.count('"') % 2 == 0:
                rest, _, comment = rest.partition("#")
                rest, comment = rest.rstrip(), "  #" + comment
            extra = []
            if rest.startswith(">>"):
                target, _, rest = rest[2:].partition(",")
                extra.append(f"file={target.strip()}")
                rest = rest.strip()
            if rest.endswith(","):
                rest = rest[:-1].rstrip()
                extra.append("end=' '")
            args = ", ".join([a for a in [rest, *extra] if a])
            out.append(f"{indent}print({args}){comment}")
            changed = True
        if not changed:
            return None
        new = "\n".join(out)
        masked, _ = mask_magics(new)
        try:
            compile(masked, "<cell>", "exec")
        except SyntaxError:
            return None
        return new

    def transformer(self, first: bool) -> None:
        return None


@dataclass(frozen=True)
class DropSetting(Edit):
    """The statement that sets option ``key`` removed: ``X.set_option('key', value)`` (that
    pair alone) or ``X.options.key = value``; the library no longer has the option."""

    key: str

    def transformer(self, first: bool) -> cst.CSTTransformer:
        edit = self

        def sets_it(stmt: cst.BaseSmallStatement) -> bool:
            if isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call):
                call = stmt.value
                name = code(call.func).rpartition(".")[2]
                first_arg = call.args[0].value if call.args else None
                return (
                    name == "set_option"
                    and len(call.args) == 2
                    and isinstance(first_arg, cst.SimpleString)
                    and _string_value(first_arg) == edit.key
                )
            if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
                return code(stmt.targets[0].target).endswith(f".options.{edit.key}")
            return False

        class T(cst.CSTTransformer):
            def leave_SimpleStatementLine(self, original, updated):  # noqa: N802
                if len(updated.body) == 1 and sets_it(updated.body[0]):
                    return cst.RemoveFromParent()
                return updated

        return T()


@dataclass(frozen=True)
class ArgumentForm(CellEdit):
    """``f(arg)`` -> ``f(arg.form)`` in the failing cell, for calls to ``method`` whose first
    positional argument is ``argument`` (as written, spacing aside): the form a library's
    message states for an argument it refused (``y.reshape(-1, 1)``)."""

    method: str
    argument: str
    form: str

    def transformer(self, first: bool) -> cst.CSTTransformer:
        from .forms import normalized

        edit = self

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):  # noqa: N802
                func = updated.func
                called = func.attr.value if isinstance(func, cst.Attribute) else None
                if isinstance(func, cst.Name):
                    called = func.value
                if called != edit.method or not updated.args:
                    return updated
                first_arg = updated.args[0]
                if first_arg.keyword is not None or first_arg.star:
                    return updated
                text = code(first_arg.value)
                if normalized(text) != edit.argument:
                    return updated
                simple = isinstance(
                    first_arg.value, cst.Name | cst.Attribute | cst.Subscript | cst.Call
                )
                value = _parse_expr(f"{text}.{edit.form}" if simple else f"({text}).{edit.form}")
                return updated.with_changes(
                    args=[first_arg.with_changes(value=value), *updated.args[1:]]
                )

        return T()
