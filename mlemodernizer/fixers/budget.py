"""The LLM budget: one object per job (or batch) that every spender charges and every gate reads.

The LLM fixer charges each request and checks before the next one; the loop checks after each
iteration; a batch charges each finished notebook and gives the next one what is left. They all
read the same numbers, so they cannot disagree about what remains.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .base import BudgetExceeded, TokenUsage

if TYPE_CHECKING:
    from ..contracts.options import Options


@dataclass
class Budget:
    usd: float | None = None  # None: no cost limit
    tokens: int | None = None  # None: no token limit
    spent: TokenUsage = field(default_factory=TokenUsage)
    # spenders may charge from different threads; adding usage is not atomic
    _lock: threading.Lock = field(
        default_factory=threading.Lock, init=False, repr=False, compare=False
    )

    @classmethod
    def of(cls, opts: Options) -> Budget:
        """A job's budget: its --budget-usd and --budget-tokens."""
        return cls(usd=opts.budget_usd, tokens=opts.budget_tokens)

    def charge(self, usage: TokenUsage) -> None:
        with self._lock:
            self.spent.add(usage)

    def exhausted(self) -> str | None:
        """Why no further request may start, or None while some budget is left."""
        spent = self.spent
        if self.usd is not None and spent.cost_usd >= self.usd:
            return f"LLM cost budget spent: ${spent.cost_usd:.4f} of ${self.usd:.4f}"
        if self.tokens is not None and spent.total_tokens >= self.tokens:
            return f"LLM token budget spent: {spent.total_tokens} of {self.tokens} tokens"
        return None

    def check(self) -> None:
        """Raise :class:`BudgetExceeded` when the budget is spent (before a request is sent)."""
        why = self.exhausted()
        if why is not None:
            raise BudgetExceeded(why)

    def left_usd(self) -> float | None:
        return None if self.usd is None else max(self.usd - self.spent.cost_usd, 0.0)

    def left_tokens(self) -> int | None:
        return None if self.tokens is None else max(self.tokens - self.spent.total_tokens, 0)

    def allowance(self, usd: float | None = None, tokens: int | None = None) -> Budget:
        """A new budget for one part of this one (a batch's notebook, run elsewhere): its own
        caps, but never more than what is left here. What it spends comes back through
        :meth:`charge` when the part reports."""
        left_usd, left_tokens = self.left_usd(), self.left_tokens()
        if usd is None or left_usd is not None and left_usd < usd:
            usd = left_usd
        if tokens is None or left_tokens is not None and left_tokens < tokens:
            tokens = left_tokens
        return Budget(usd=usd, tokens=tokens)
