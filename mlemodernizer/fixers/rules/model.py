"""What a rule is (data) and what the engine reports about it.

A rule is one row of the API-drift catalogue: an id, the library and version that changed the
API, how safe an automatic rewrite is, a one-line message, the replacement in words, the error
signatures that point at it, and the matchers that find (and maybe rewrite) its occurrences.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .matchers import Matcher

SAFE = "SAFE"  # mechanical and behaviour-identical: applied automatically
SAFE_IF = "SAFE*"  # exact only when a condition is proven; otherwise reported
REVIEW = "REVIEW"  # runs again but numbers may change: proposed for review, never silently
MANUAL = "MANUAL"  # no one-to-one replacement: reported with guidance
SAFETIES = (SAFE, SAFE_IF, REVIEW, MANUAL)


@dataclass(frozen=True)
class Proof:
    """A rule's proof with more to it than its code (a plain string in ``Rule.proofs``
    is ``Proof(code)``): the shared proof test runs ``code`` on the installed library,
    where it must raise with an error the rule's signatures match (a pin rule's code runs), then
    rewrites it and runs the rewrite.

    ``name``: a name the rewritten code leaves, whose value must equal ``expected`` (numbers
    within floating-point tolerance, pandas objects by pandas' own testing). ``needs``: modules
    that must be importable, or the case skips (the rule's library is always needed).
    ``also``: rules rewritten together with this one, whose signatures may answer the error too.
    """

    code: str
    name: str = ""
    expected: Any = None
    needs: tuple[str, ...] = ()
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One catalogue entry.

    ``examples`` are (before, after) cell sources; ``after`` None means "reported, not
    rewritten". They double as the rule's fixture test (except for an ``applied_by`` rule, whose
    own module tests them). ``pin`` marks rules that only pin an old
    default (the "reproduce old results" mode); they are reported by lint but applied only when
    pinning is asked for.
    """

    id: str
    library: str  # distribution name, lower case ("scikit-learn"), or "python"
    changed_in: str  # the version that removed or changed the API ("": not a version change)
    safety: str
    message: str
    replacement: str
    silent: bool = False  # ⚠: no exception, only different results
    pin: bool = False
    condition: str = ""  # SAFE*: what must be proven before rewriting
    restored_in: str = ""  # the old API came back in this version (np.bool in numpy 2.0)
    signatures: tuple[str, ...] = ()  # regexes over "ename: evalue"
    catalogue: str = ""  # catalogue row, e.g. "S1"
    examples: tuple[tuple[str, str | None], ...] = ()
    # the result (Out[n]) the examples' last cell had stored, for rules that read the stored
    # outputs (stored_outputs.py): the examples run with it
    stored_result: str = ""
    matchers: tuple[Matcher, ...] = field(default=(), compare=False, repr=False)
    why: str = ""  # what broke, in prose, where the fields do not say it (``mlemodernizer rules``)
    # a rule the engine does not run: the module that applies it (the fix loop, after a run's
    # error). It is in the catalogue to be documented and never selected for a pass.
    applied_by: str = ""
    # triggered by an error, rewritten only in the cells whose error it matched: its condition
    # holds call by call (a multiclass target), and only the error shows where
    confined: bool = False
    # runnable old code (its setup included) that raises on today's library with an error the
    # signatures match; the shared proof test rewrites and runs it (a string, as table.py's
    # rows give, or a Proof that also names a value the rewrite must compute)
    proofs: tuple[str | Proof, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.safety not in SAFETIES:
            raise ValueError(f"{self.id}: unknown safety {self.safety!r}")
        if not re.fullmatch(r"[A-Z][A-Z0-9]{1,3}\d{3}", self.id):
            raise ValueError(f"{self.id}: ids look like NPY001")
        if "\n" in self.message:
            raise ValueError(f"{self.id}: the message is one line")

    @property
    def proof_cases(self) -> tuple[Proof, ...]:
        """``proofs``, each string as a :class:`Proof`."""
        return tuple(c if isinstance(c, Proof) else Proof(c) for c in self.proofs)

    @property
    def prefix(self) -> str:
        return self.id.rstrip("0123456789")

    def matches_error(self, text: str) -> bool:
        return any(re.search(sig, text) for sig in self.signatures)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "library": self.library,
            "changed_in": self.changed_in,
            "restored_in": self.restored_in or None,
            "safety": self.safety,
            "message": self.message,
            "replacement": self.replacement,
            "silent": self.silent,
            "pin": self.pin,
            "condition": self.condition or None,
            "catalogue": self.catalogue or None,
            "signatures": list(self.signatures),
            "applied_by": self.applied_by or None,
        }


@dataclass
class Finding:
    """One occurrence of a rule in a notebook; ``line``/``col`` are 1-based within the cell.

    Printed as ``cell 3:12 SKL001 <message> [fixed automatically]`` (the cell as JupyterLab
    numbers it, from 1 over all cells, and the line, like ruff's ``path:line``; the safety in
    words, the raw ``safety`` and ``proven`` in ``to_json``); the column is in ``col``.
    ``cell_index`` is 0-based.
    """

    cell_index: int
    line: int
    col: int
    rule_id: str
    message: str
    safety: str
    fixable: bool
    proven: bool = True  # SAFE*: whether the condition was proven here
    applied: bool = False  # whether the pass that produced it rewrote it

    @property
    def after_error_only(self) -> bool:
        """A SAFE* occurrence whose condition is not proven here: its fix is made only once a
        run shows the error it answers (the code may well run as it is)."""
        return self.safety == SAFE_IF and not self.proven

    def words(self) -> str:
        """What happens to it, in words."""
        if not self.fixable:
            return "no automatic fix"
        if self.safety == REVIEW:
            return "a fix offered for review"
        if self.after_error_only:
            return "fixed only if a run shows its error"
        return "fixed automatically"

    def __str__(self) -> str:
        where = f"cell {self.cell_index + 1}:{self.line}"
        return f"{where} {self.rule_id} {self.message} [{self.words()}]"

    def to_json(self) -> dict[str, Any]:
        """Its fields, with ``cell_number`` (from 1) beside the 0-based ``cell_index``."""
        return {
            **asdict(self),
            "cell_number": self.cell_index + 1,
            "after_error_only": self.after_error_only,
        }
