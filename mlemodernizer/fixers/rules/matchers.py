"""The kinds of places a rule looks at, as data the engine indexes.

- :class:`Symbol`: a qualified name however it is spelled (``np.float``, ``from numpy import
  float``, ``numpy.float``), renamed or replaced by an expression.
- :class:`Module`: a module that moved (imports, ``from`` imports and dotted references).
- :class:`Call`: a call to a function/class by qualified name, or a method by name (optionally
  on a proven receiver type), with a small check that returns an :class:`Outcome`.
- :class:`Attr`: an attribute read by name (``leg.legendHandles``), subscripted or not.
- :class:`Text`: a line-level rewrite for code that does not parse (Python 2 leftovers).

A check receives a :class:`Site` (the original node plus the symbol table's view of it) and
returns an :class:`Outcome` (or None for "not this rule"). A fix is ``(updated_node, refs) →
new node``: it works on the node as other rewrites already changed it, and ``refs`` maps each
qualified name listed in ``needs`` to an expression that refers to it here (imports are added
when a name is not bound yet).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import libcst as cst

if TYPE_CHECKING:
    from .symbols import TypeInfo

Refs = Mapping[str, cst.BaseExpression]
_EMPTY = cst.Module(body=[])
Fix = Callable[[Any, Refs], Any]


class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL: Any = _NotLiteral()


@dataclass
class Outcome:
    """What a check found: whether the SAFE* condition is proven, and the fix if there is one."""

    fix: Fix | None = None
    proven: bool = True
    needs: tuple[str, ...] = ()
    message: str | None = None  # a specific message for this occurrence
    outer: bool = False  # the fix wraps or replaces the node: apply after the others on it
    # a call to make once per notebook, at the top of the cell: "qname" or "qname(args)"
    # ("module:attr.method(args)" when the callee is an attribute of an object in a module);
    # several, in order, as a tuple (a warning filter before the setting that would warn)
    prelude: str | tuple[str, ...] | None = None
    # where the prelude goes instead of the top of the cell: "after:MODULE", right after the
    # notebook's first import of MODULE (a switch that must precede anything MODULE builds:
    # TensorFlow's graph mode); "before:MODULE", right before it (a setting MODULE reads when
    # it is imported: TF_USE_LEGACY_KERAS)
    prelude_at: str = ""


@dataclass
class Site:
    """The matched node (original code) and what the engine knows about it."""

    node: Any
    resolve: Callable[[cst.BaseExpression], str | None]  # qualified name of an expression
    infer: Callable[[cst.BaseExpression], TypeInfo | None]  # receiver type of an expression
    qname: str | None = None  # callee / symbol qualified name
    receiver: TypeInfo | None = None  # receiver type for method calls and attributes
    proven: bool = True  # whether the receiver type is proven to be one the matcher asked for
    context: tuple[Any, ...] = ()  # enclosing (call, arg) of a symbol reference, innermost first
    extra: dict[str, Any] = field(default_factory=dict)
    known: Callable[[], list[TypeInfo]] = list  # receiver types known so far in the notebook
    facts: Mapping[str, Any] = field(default_factory=dict)  # from the stored outputs

    # --- calls -----------------------------------------------------------------------------

    @property
    def args(self) -> list[cst.Arg]:
        return list(self.node.args) if isinstance(self.node, cst.Call) else []

    def kwarg(self, name: str) -> cst.Arg | None:
        for a in self.args:
            if a.keyword is not None and a.keyword.value == name:
                return a
        return None

    def positional(self) -> list[cst.Arg]:
        return [a for a in self.args if a.keyword is None and not a.star]

    def has_star(self) -> bool:
        return any(a.star for a in self.args)

    def value(self, name: str, position: int | None = None) -> Any:
        """The literal value of keyword ``name`` (or positional ``position``); NOT_LITERAL if it
        is not a literal, None-the-sentinel :data:`MISSING` if absent."""
        arg = self.kwarg(name)
        if arg is None and position is not None:
            pos = self.positional()
            if len(pos) > position:
                arg = pos[position]
        if arg is None:
            return MISSING
        return literal(arg.value)

    @property
    def receiver_node(self) -> cst.BaseExpression | None:
        func = self.node.func if isinstance(self.node, cst.Call) else self.node
        if isinstance(func, cst.Attribute):
            return func.value
        if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Attribute):
            return func.value.value
        return None


def DEFAULT_FIX(node: Any, refs: Any) -> Any:  # noqa: N802 - a sentinel used as a value
    """Returned by a check to mean "apply the matcher's own rewrite" (a Symbol's rename)."""
    return node


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def literal(node: cst.CSTNode) -> Any:
    """The Python value of a literal expression (numbers, strings, None/True/False, tuples and
    lists of those, unary minus), else NOT_LITERAL."""
    if isinstance(node, cst.Name) and node.value in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[node.value]
    if isinstance(
        node,
        cst.SimpleString
        | cst.Integer
        | cst.Float
        | cst.Imaginary
        | cst.ConcatenatedString
        | cst.UnaryOperation
        | cst.List
        | cst.Tuple
        | cst.Dict
        | cst.Set,
    ):
        try:
            return ast.literal_eval(_EMPTY.code_for_node(node).strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return NOT_LITERAL
    return NOT_LITERAL


Check = Callable[[Site], Outcome | None]


class Matcher:
    """Base of the matcher kinds; the engine dispatches on the concrete class."""


@dataclass(frozen=True)
class Symbol(Matcher):
    old: str
    new: str | None = None  # qualified name; "builtins.X" for a builtin
    template: str | None = None  # replacement expression; "{}" is the reference to ``new``
    check: Check | None = None  # optional: decide per site (proof, message, no fix)
    fixable: bool = True

    @property
    def keeps_receiver(self) -> bool:
        """``numpy.NaN`` → ``numpy.nan``: same module, so ``np.NaN`` becomes ``np.nan``."""
        if self.new is None or self.template is not None:
            return False
        return self.new.rsplit(".", 1)[0] == self.old.rsplit(".", 1)[0]


@dataclass(frozen=True)
class Module(Matcher):
    old: str
    new: str | None = None  # None: removed without a replacement (reported)


@dataclass(frozen=True)
class Call(Matcher):
    check: Check
    functions: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    receivers: tuple[str, ...] = ()  # for methods: types that prove the receiver (empty: any)
    exclude: tuple[str, ...] = ()  # for methods: receiver types that rule the match out


@dataclass(frozen=True)
class Attr(Matcher):
    names: tuple[str, ...]
    check: Check
    receivers: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    subscripted: bool = False  # match ``x.ix[...]`` (the Subscript node) instead of ``x.ix``


@dataclass(frozen=True)
class Text(Matcher):
    """A line rewrite for code that does not parse: ``fix(line) -> new line | None``."""

    fix: Callable[[str], str | None]


@dataclass(frozen=True)
class DictKey(Matcher):
    """A literal dict entry whose key is one of ``keys`` (or ends with ``__key``), e.g. a
    parameter grid: ``{'max_features': ['auto', 'sqrt']}``. The site's node is the DictElement."""

    keys: tuple[str, ...]
    check: Check


@dataclass(frozen=True)
class Target(Matcher):
    """An assignment target (``df['a'][m] = v``); the site's node is the target expression and
    ``site.extra['value']`` the assigned value."""

    check: Check


@dataclass(frozen=True)
class Node(Matcher):
    """Any node of the named LibCST types: ``"Comparison"``, ``"BinaryOperation"``,
    ``"UnaryOperation"``, ``"Subscript"``, ``"Attribute"``, ``"ListComp"``, ``"Dict"``,
    ``"IndentedBlock"``, ``"Assign"``, ``"Import"`` (``import x`` statements)."""

    types: tuple[str, ...]
    check: Check
