"""LLM fixer: prompts per fix type, an OpenAI-compatible client, a lenient reply parser, a guard."""

from .fixer import LLMFixer
from .pricing import DEFAULT_PRICES

__all__ = ["DEFAULT_PRICES", "LLMFixer"]
