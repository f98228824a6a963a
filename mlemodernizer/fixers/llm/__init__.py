"""LLM fixer: prompts per fix type, an OpenAI-compatible client, a lenient reply parser, a guard.

``LLMFixer`` is imported on first use: it brings in the ``openai`` client (about a second), which
an offline run, and every command that checks its input before work, never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .pricing import DEFAULT_PRICES

if TYPE_CHECKING:
    from .fixer import LLMFixer

__all__ = ["DEFAULT_PRICES", "LLMFixer"]


def __getattr__(name: str) -> Any:
    if name == "LLMFixer":
        from .fixer import LLMFixer

        return LLMFixer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
