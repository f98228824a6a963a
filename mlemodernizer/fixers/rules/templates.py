"""A call rewritten to another shape of code, from a template (the ``call`` rows of the rule
tables): a method that became a property or an indexer (``s.irow(i)`` → ``s.iloc[i]``), a
function that became a method (``pd.save(df, p)`` → ``df.to_pickle(p)``).

A template is Python with placeholders: ``{self}`` is the call's receiver, ``{name}`` the
argument bound to the old signature's parameter ``name`` (by position or keyword), and a dotted
``{module.name}`` a reference to that qualified name (imported where the notebook has no
binding for it). The old signature's ``params`` may give a default (``"axis=0"``), used where
the call does not pass it. A call passing anything the old signature does not name, or
``*args``/``**kwargs``, is left alone: what it meant is not known.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst

from . import edits
from .matchers import Outcome, Refs, Site

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.]*)\}")
_MARK = "__mm_{}__"  # what a placeholder is while the template is parsed
_NUMBERS = (cst.Integer, cst.Float, cst.Imaginary)


@dataclass(frozen=True)
class Param:
    name: str
    default: str | None  # the default's source, or None where the parameter is required


@dataclass(frozen=True)
class CallTemplate:
    params: tuple[Param, ...]
    template: str
    slots: tuple[str, ...]  # the placeholders, in order of first use
    tree: cst.BaseExpression  # the template parsed, placeholders as marker names

    @property
    def qualified(self) -> tuple[str, ...]:
        """The dotted placeholders: names the rewrite refers to."""
        return tuple(s for s in self.slots if "." in s)

    def shown(self, receiver: str = "obj") -> str:
        """The template as a message shows it (``obj.iloc[i]``)."""
        return _PLACEHOLDER.sub(
            lambda m: receiver if m.group(1) == "self" else m.group(1), self.template
        )

    def bind(self, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
        """Each placeholder's expression for this call, or None where the call cannot be
        rewritten (an argument the old signature did not have, a required one missing)."""
        if any(a.star for a in call.args):
            return None
        names = [p.name for p in self.params]
        bound: dict[str, cst.BaseExpression] = {}
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) > len(names):
            return None
        for name, arg in zip(names, positional, strict=False):
            bound[name] = arg.value
        for arg in call.args:
            if arg.keyword is None:
                continue
            name = arg.keyword.value
            if name not in names or name in bound:
                return None
            bound[name] = arg.value
        used = {s for s in self.slots if s != "self" and "." not in s}
        for param in self.params:
            if param.name in bound:
                continue
            if param.default is None:
                return None
            bound[param.name] = edits.expr(param.default)
        # a passed argument the template does not use would be lost: only its default may go
        for param in self.params:
            dropped = param.name not in used and param.name in bound
            if dropped and edits.code(bound[param.name]) != param.default:
                return None
        if "self" in self.slots:
            if not isinstance(call.func, cst.Attribute):
                return None
            bound["self"] = call.func.value
        # a value the template uses twice is evaluated twice: only where that runs nothing
        # (``fig.colorbar(im).get_clim()`` would make two colorbars)
        for slot in self.slots:
            twice = self.template.count("{" + slot + "}") > 1
            if twice and slot in bound and not _evaluated_freely(bound[slot]):
                return None
        return bound

    def check(self, site: Site) -> Outcome | None:
        # a call the template cannot hold is not this rule's: the method may still exist with
        # another meaning (describe() lost only percentile_width=), so it is not even reported
        if not isinstance(site.node, cst.Call) or self.bind(site.node) is None:
            return None
        return Outcome(fix=self.rewrite, proven=site.proven, needs=self.qualified, outer=True)

    def rewrite(self, node: cst.Call, refs: Refs) -> cst.BaseExpression:
        bound = self.bind(node)
        if bound is None:  # other rewrites changed the call so it no longer fits: keep it
            return node
        values = {_MARK.format(i): bound.get(s) or refs[s] for i, s in enumerate(self.slots)}
        return self.tree.visit(_Fill(values))


@dataclass(frozen=True)
class AttributeTemplate:
    """An attribute read rewritten from a template on ``{self}``, its receiver
    (``ax.numRows`` → ``ax.get_gridspec().nrows``; the ``attributes`` of a ``call`` row). Only
    a read: an attribute that is assigned, augmented or deleted (``ax.numRows = 2``) is left
    alone, since the expression cannot take a value. The table marks the assignment targets
    (:meth:`stored`, from a :class:`~.matchers.Target` matcher, which the analyzer visits before
    the target's own attribute). Not seen: the target of ``+=`` or ``del`` (the analyzer gives
    an attribute no context there), which the removed attributes these rows answer never are."""

    shape: CallTemplate
    names: tuple[str, ...]
    # id(node) -> node: the attribute nodes seen as assignment targets (bounded; the node is
    # kept so an id reused by another node is not taken for it)
    _stores: dict[int, cst.CSTNode] = field(default_factory=dict, compare=False, repr=False)

    def stored(self, site: Site) -> None:
        """A Target matcher's check: remember an assignment target that is one of the names
        (returns None: nothing to report there)."""
        node = site.node
        if isinstance(node, cst.Attribute) and node.attr.value in self.names:
            if len(self._stores) >= _STORES_KEPT:
                self._stores.pop(next(iter(self._stores)))
            self._stores[id(node)] = node
        return None

    def check(self, site: Site) -> Outcome | None:
        node = site.node
        if not isinstance(node, cst.Attribute) or node.attr.value not in self.names:
            return None
        if self._stores.get(id(node)) is node:
            return None  # ``ax.numRows = 2``: a store, not a read
        if self.shape.template.count("{self}") > 1 and not _plain(node.value):
            return None  # ``fig.add_subplot(1, 1, 1)`` twice would be two Axes
        return Outcome(fix=self.rewrite, proven=site.proven, needs=self.shape.qualified, outer=True)

    def rewrite(self, node: cst.BaseExpression, refs: Refs) -> cst.BaseExpression:
        if not isinstance(node, cst.Attribute):  # other rewrites changed it: keep it
            return node
        values = {
            _MARK.format(i): node.value if s == "self" else refs[s]
            for i, s in enumerate(self.shape.slots)
        }
        return self.shape.tree.visit(_Fill(values))


_STORES_KEPT = 4096


def _evaluated_freely(node: cst.BaseExpression) -> bool:
    """Evaluating it again calls nothing (``x``, ``self.ax``, ``x + 1``, ``d['k']``): no call,
    no assignment expression, no generator anywhere in it."""
    found = _Runs()
    node.visit(found)
    return not found.any


_RUNS = (cst.Call, cst.NamedExpr, cst.Await, cst.Yield, cst.Lambda, cst.GeneratorExp)
_RUNS += (cst.ListComp, cst.SetComp, cst.DictComp)


class _Runs(cst.CSTVisitor):
    """Whether an expression holds something that runs code when evaluated."""

    def __init__(self) -> None:
        self.any = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.any = self.any or isinstance(node, _RUNS)
        return not self.any


def _plain(node: cst.BaseExpression) -> bool:
    """A name or a chain of attributes on one (``ax``, ``self.ax``): evaluated twice, the same
    object, nothing run."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def attribute(names: Sequence[str], template: str) -> AttributeTemplate:
    """An attribute's template, checked once: ``{self}`` and dotted names are its only
    placeholders (an attribute read has no arguments)."""
    shape = parse((), template)
    if "self" not in shape.slots:
        raise ValueError("an attribute's template uses {self}")
    if not names or not all(n.isidentifier() for n in names):
        raise ValueError(f"attributes {list(names)!r} are not attribute names")
    return AttributeTemplate(shape=shape, names=tuple(names))


def parse(params: Sequence[str], template: str) -> CallTemplate:
    """A template checked once, when its table is read: every placeholder a parameter,
    ``self`` or a dotted name; the template Python."""
    parsed = tuple(_param(p) for p in params)
    names = {p.name for p in parsed}
    slots = tuple(dict.fromkeys(_PLACEHOLDER.findall(template)))
    for slot in slots:
        if slot != "self" and "." not in slot and slot not in names:
            raise ValueError(f"placeholder {{{slot}}} is not a parameter of {list(names)}")
    marked = _PLACEHOLDER.sub(lambda m: _MARK.format(slots.index(m.group(1))), template)
    try:
        tree = cst.parse_expression(marked)
    except cst.ParserSyntaxError:
        raise ValueError(f"the template {template!r} is not a Python expression") from None
    return CallTemplate(params=parsed, template=template, slots=slots, tree=tree)


def _param(text: str) -> Param:
    name, eq, default = text.partition("=")
    if not name.strip().isidentifier():
        raise ValueError(f"parameter {text!r} is not a name or name=default")
    return Param(name.strip(), default.strip() if eq else None)


class _Fill(cst.CSTTransformer):
    """Puts each argument in its placeholder's place, in parentheses where it is a receiver or
    an operand and would not bind tightly (``(a + b).to_pickle(p)``)."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values

    def _fill(self, original: cst.BaseExpression, tight: bool) -> cst.BaseExpression | None:
        """The value for ``original`` where it is a placeholder (children are left before their
        parents, so a parent reads the placeholder from the original tree)."""
        if isinstance(original, cst.Name) and original.value in self.values:
            value = self.values[original.value]
            return edits.paren(value) if tight else value
        return None

    def _operand(self, original: cst.BaseExpression) -> cst.BaseExpression | None:
        """An operand's value: a number stands as it is (``n + 1``), a compound in parentheses."""
        value = self._fill(original, False)
        if value is None or isinstance(value, _NUMBERS):
            return value
        return edits.paren(value)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        value = self._fill(original.value, True)
        return updated.with_changes(value=value) if value is not None else updated

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript) -> cst.Subscript:
        value = self._fill(original.value, True)
        return updated.with_changes(value=value) if value is not None else updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = self._fill(original.func, True)  # {cond}(v) with a lambda: (lambda x: ...)(v)
        return updated.with_changes(func=func) if func is not None else updated

    def leave_BinaryOperation(
        self, original: cst.BinaryOperation, updated: cst.BinaryOperation
    ) -> cst.BinaryOperation:
        left, right = self._operand(original.left), self._operand(original.right)
        return updated.with_changes(left=left or updated.left, right=right or updated.right)

    def leave_UnaryOperation(
        self, original: cst.UnaryOperation, updated: cst.UnaryOperation
    ) -> cst.UnaryOperation:
        value = self._operand(original.expression)
        return updated.with_changes(expression=value) if value is not None else updated

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        # anywhere else (an argument, an index, a list item) the value stands as it is
        return self._fill(original, False) or updated
