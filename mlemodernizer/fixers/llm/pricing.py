"""Token prices and token estimates: what a request cost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# USD per 1M tokens (prompt, completion), list prices of common OpenAI models (2025). A default
# only: pass ``prices`` to the fixer for other models, providers or newer prices. Unknown models
# cost 0 (their tokens are still counted).
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4-turbo": (10.00, 30.00),
    "gpt-3.5-turbo": (0.50, 1.50),
    "o3": (2.00, 8.00),
    "o3-mini": (1.10, 4.40),
    "o4-mini": (1.10, 4.40),
}

CHARS_PER_TOKEN = 4
_MESSAGE_OVERHEAD_TOKENS = 4  # role and separators per chat message


PriceTable = Mapping[str, Sequence[float]]


def price_for(model: str, prices: PriceTable) -> tuple[float, float] | None:
    """(prompt, completion) USD per 1M tokens for ``model``, or None when unknown.

    Exact name first, then without a provider prefix (``openai/gpt-4o-mini``), then the longest
    table key that prefixes the name (``gpt-4o-mini-2024-07-18`` → ``gpt-4o-mini``).
    """
    names = [model]
    if "/" in model:
        names.append(model.rsplit("/", 1)[1])
    for name in names:
        if name in prices:
            return _pair(prices[name])
    for name in names:
        keys = [k for k in prices if name.startswith(k)]
        if keys:
            return _pair(prices[max(keys, key=len)])
    return None


def _pair(value: Sequence[float]) -> tuple[float, float]:
    if len(value) != 2:
        raise ValueError(
            f"a price is [usd per 1M prompt tokens, usd per 1M completion], not {value}"
        )
    return float(value[0]), float(value[1])


def cost_usd(model: str, prompt_tokens: int, completion_tokens: int, prices: PriceTable) -> float:
    price = price_for(model, prices)
    if price is None:
        return 0.0
    return (prompt_tokens * price[0] + completion_tokens * price[1]) / 1_000_000


def estimate_tokens(text: str) -> int:
    """About 4 characters per token: what we count when a server reports no usage."""
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def estimate_prompt_tokens(messages: Sequence[Mapping[str, str]]) -> int:
    return sum(estimate_tokens(m.get("content") or "") + _MESSAGE_OVERHEAD_TOKENS for m in messages)
