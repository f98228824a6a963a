"""The cross-cell symbol table: what each name refers to at a point in the notebook.

Cells run top to bottom, so the table is flow-sensitive: the engine walks cells in order and
updates it as imports and assignments go by. A name bound by an import resolves to a qualified
name (``np`` → ``numpy``, ``cv`` → ``sklearn.cross_validation``); a name bound by an assignment
may carry an inferred receiver type (``df = pd.read_csv(...)`` → a DataFrame with a default
integer index). Rewrites record what a name is bound to *after* the rewrite (``current_*``) so
that later references and added imports stay consistent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class TypeInfo:
    """A receiver type as far as it is proven.

    ``index`` (pandas): ``"range"`` (0..n-1, labels equal positions), ``"int"`` (integer labels),
    or None (unknown). ``columns`` (DataFrame): ``"str"`` (string labels), ``"range"`` or None.
    ``elem``: element kind of a literal list (``"str"`` / ``"int"``). ``extra``: library facts
    (e.g. a Keras model's last activation).
    """

    qname: str
    index: str | None = None
    columns: str | None = None
    elem: str | None = None
    extra: tuple[tuple[str, str], ...] = ()

    def get(self, key: str) -> str | None:
        return dict(self.extra).get(key)

    def with_extra(self, key: str, value: str) -> TypeInfo:
        extra = {**dict(self.extra), key: value}
        return replace(self, extra=tuple(sorted(extra.items())))

    @property
    def is_pandas(self) -> bool:
        return self.qname in (DATAFRAME, SERIES)


DATAFRAME = "pandas.DataFrame"
SERIES = "pandas.Series"
NDARRAY = "numpy.ndarray"
FUNCTION = "builtins.function"  # a notebook function; extra "returns": what calls to it give


@dataclass
class Binding:
    """What a name refers to. ``qname`` is in terms of the original code; ``current_*`` after
    rewrites (``current_qname`` None: the rewrite removed the binding, e.g. an import of a
    builtin alias)."""

    local: str
    qname: str | None = None  # imported module or symbol
    type: TypeInfo | None = None  # inferred receiver type of a variable
    current_local: str | None = None
    current_qname: str | None = None
    rewritten: bool = False

    @property
    def bound_qname(self) -> str | None:
        return self.current_qname if self.rewritten else self.qname

    @property
    def bound_local(self) -> str:
        return self.current_local or self.local


class SymbolTable:
    def __init__(self) -> None:
        self._names: dict[str, Binding] = {}
        # names bound only by imports the engine added (not in the original code)
        self._added: dict[str, str] = {}
        self.preludes: set[str] = set()  # once-per-notebook calls already added
        # preludes placed by the first import of a module (Outcome.prelude_at): call text ->
        # ("after:MODULE" or "before:MODULE", the import lines the call needs, the rule's id)
        self.hoisted: dict[str, tuple[str, list[str], str]] = {}
        # notebook functions/classes that eval() what they are given (display('df.ix[0]'))
        self.evaluators: set[str] = set()
        # what the notebook's stored outputs say about the author's libraries (stored_outputs)
        self.facts: dict[str, Any] = {}

    # --- reading (original code) -----------------------------------------------------------

    def get(self, name: str) -> Binding | None:
        return self._names.get(name)

    def qname(self, name: str) -> str | None:
        b = self._names.get(name)
        return b.qname if b else None

    def types(self) -> list[TypeInfo]:
        """Every receiver type known at this point (for notebook-wide hints)."""
        return [b.type for b in self._names.values() if b.type is not None]

    def type_of(self, name: str) -> TypeInfo | None:
        b = self._names.get(name)
        return b.type if b else None

    # --- writing -----------------------------------------------------------------------------

    def bind_import(self, local: str, qname: str) -> Binding:
        b = Binding(local=local, qname=qname)
        self._names[local] = b
        return b

    def bind_value(self, local: str, type_: TypeInfo | None) -> None:
        self._names[local] = Binding(local=local, type=type_)

    def merge_value(self, local: str, type_: TypeInfo | None) -> None:
        """A binding under a branch or loop: keep a type only where every path agrees."""
        old = self._names.get(local)
        if old is None or old.qname is not None or old.type != type_:
            self._names[local] = Binding(local=local, type=None)

    def set_type(self, local: str, type_: TypeInfo | None) -> None:
        b = self._names.get(local)
        if b is not None and b.qname is None:
            b.type = type_

    def add_import(self, local: str, qname: str) -> None:
        """An import the engine inserted: visible to later lookups of the rewritten code."""
        self._added[local] = qname

    # --- the rewritten namespace ------------------------------------------------------------

    def local_for(self, qname: str) -> str | None:
        """A name that is bound to ``qname`` in the rewritten code, if any."""
        for b in self._names.values():
            if b.bound_qname == qname:
                return b.bound_local
        for local, q in self._added.items():
            if q == qname and self.is_free(local, q):
                return local
        return None

    def prefix_for(self, qname: str) -> tuple[str, str] | None:
        """(local, rest) where ``local`` is bound to the longest module prefix of ``qname``."""
        parts = qname.split(".")
        for i in range(len(parts) - 1, 0, -1):
            local = self.local_for(".".join(parts[:i]))
            if local is not None:
                return local, ".".join(parts[i:])
        return None

    def is_free(self, local: str, qname: str | None = None) -> bool:
        """Whether ``local`` can be bound to ``qname`` without shadowing something else."""
        for b in self._names.values():
            if b.bound_local == local and (b.qname is None or b.bound_qname != qname):
                return False
        added = self._added.get(local)
        return added is None or added == qname
