"""What the panel shows before a run: is an LLM reachable, is Docker available."""

from __future__ import annotations

from typing import Any

from .config import MLEModernizer


def llm_health(config: MLEModernizer) -> dict[str, Any]:
    if config.offline or not config.model:
        return {
            "configured": False,
            "reachable": False,
            "hint": "rules only; set c.MLEModernizer.base_url and .model to add an LLM",
        }
    import openai

    client = openai.OpenAI(
        base_url=config.base_url or None,
        api_key=config.resolved_api_key() or "not-needed",
        timeout=5.0,
        max_retries=0,
    )
    info: dict[str, Any] = {"configured": True, "base_url": config.base_url, "model": config.model}
    try:
        client.models.list()
        info["reachable"] = True
    except (openai.APIConnectionError, openai.APITimeoutError) as exc:
        info.update(reachable=False, error=type(exc).__name__, hint="start the LLM server")
    except openai.APIStatusError as exc:
        info.update(reachable=exc.status_code != 401, error=f"HTTP {exc.status_code}")
        if exc.status_code == 401:
            info["hint"] = "set OPENAI_API_KEY where the Jupyter server runs"
    return info


def docker_health() -> dict[str, Any]:
    try:
        import docker

        client = docker.from_env(timeout=3)
        client.ping()
        return {"available": True}
    except Exception as exc:  # not installed, daemon down, no permission
        return {
            "available": False,
            "error": type(exc).__name__,
            "hint": "install Docker and start the daemon to use the docker executor",
        }


def health_report(config: MLEModernizer) -> dict[str, Any]:
    return {
        "llm": llm_health(config),
        "docker": docker_health(),
        "defaults": {k: v for k, v in config.job_defaults().items()},
    }
