"""What the panel shows before a run: is an LLM reachable, is Docker available."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from ..fixers.llm.endpoint import openai_client, same_endpoint
from .config import MLEModernizer


class HealthRequestError(ValueError):
    """An LLM the browser asked about that cannot be checked (not an http(s) URL)."""


def llm_health(
    config: MLEModernizer, base_url: str | None = None, model: str | None = None
) -> dict[str, Any]:
    """Check the server's LLM, or the endpoint/model the user's settings name (as a job would
    use them: the settings override the server's values, and the server's key goes only to the
    server's own endpoint)."""
    chosen = bool(base_url or model)
    source = "settings" if chosen else "server"
    if base_url and urlparse(base_url).scheme not in ("http", "https"):
        raise HealthRequestError(f"base_url must be an http(s) URL, got {base_url!r}")
    url = base_url or config.base_url or None
    name = model or config.model or None
    if not name or (config.offline and not chosen):
        return {
            "configured": False,
            "reachable": False,
            "source": source,
            "hint": "rules only; set c.MLEModernizer.base_url and .model to add an LLM",
        }
    import openai

    own_endpoint = same_endpoint(url, config.base_url or None)
    client = openai_client(url, config.key_for(url), timeout=5.0)
    info: dict[str, Any] = {
        "configured": True,
        "source": source,
        "base_url": url,
        "model": name,
    }
    try:
        served = [m.id for m in client.models.list()]
        info["reachable"] = True
    except (openai.APIConnectionError, openai.APITimeoutError) as exc:
        info.update(reachable=False, error=type(exc).__name__, hint="start the LLM server")
        return info
    except openai.APIStatusError as exc:
        info.update(reachable=exc.status_code != 401, error=f"HTTP {exc.status_code}")
        if exc.status_code == 401:
            info["hint"] = (
                "set OPENAI_API_KEY where the Jupyter server runs"
                if own_endpoint
                else "this endpoint wants a key; the server sends its key only to "
                "c.MLEModernizer.base_url, so configure the endpoint there"
            )
        return info
    # a model name the endpoint does not serve is the usual typo (Ollama tags, vLLM paths)
    if served and name not in served:
        info.update(
            model_served=False,
            error=f"model {name!r} is not served there",
            hint="models served: " + ", ".join(sorted(served)[:8]),
        )
    else:
        info["model_served"] = bool(served) or None
    return info


def docker_health() -> dict[str, Any]:
    try:
        from ..execution.docker.client import open_client

        open_client(timeout=3)
        return {"available": True}
    except Exception as exc:  # not installed, daemon down, no permission
        return {
            "available": False,
            "error": type(exc).__name__,
            "hint": "install Docker and start the daemon to use the docker executor",
        }


def health_report(
    config: MLEModernizer, base_url: str | None = None, model: str | None = None
) -> dict[str, Any]:
    return {
        "llm": llm_health(config, base_url, model),
        "docker": docker_health(),
        "defaults": {k: v for k, v in config.job_defaults().items()},
    }
