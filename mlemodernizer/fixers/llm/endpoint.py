"""Where an LLM key may go: one policy, used by the CLI, server jobs, batches and health checks.

``api_key=None`` means *no key*. The ``openai`` package would fall back to ``OPENAI_API_KEY``
from the environment when given ``None``; that fallback is how a server's key reached any
endpoint a browser named. So every OpenAI client in this package is built here, with an explicit
key or a placeholder, and the environment is read in one place: :func:`environment_key`, which
only a face that owns the endpoint choice calls (the CLI, whose user names both).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import openai

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# the openai client insists on a key; keyless local servers (Ollama, vLLM) ignore this one
NO_KEY = "not-needed"


def environment_key() -> str | None:
    """The key of the person running the CLI, for the endpoint they named."""
    return os.environ.get("OPENAI_API_KEY") or None


def effective_base_url(base_url: str | None) -> str:
    return (base_url or DEFAULT_BASE_URL).rstrip("/")


def same_endpoint(a: str | None, b: str | None) -> bool:
    """Both URLs name one endpoint (an empty one is OpenAI's, as the client treats it)."""
    return effective_base_url(a) == effective_base_url(b)


def key_for_endpoint(
    base_url: str | None, *, owner_base_url: str | None, owner_key: str | None
) -> str | None:
    """The owner's key, only when the request goes to the owner's own endpoint."""
    return owner_key if owner_key and same_endpoint(base_url, owner_base_url) else None


def openai_client(
    base_url: str | None, api_key: str | None, *, timeout: float, max_retries: int = 0
) -> openai.OpenAI:
    """An OpenAI client that sends ``api_key`` or the placeholder, never the environment's."""
    import openai

    return openai.OpenAI(
        base_url=effective_base_url(base_url),
        api_key=api_key or NO_KEY,
        timeout=timeout,
        max_retries=max_retries,
    )
