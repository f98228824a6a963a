"""The connection to the Docker daemon: the one place a docker SDK client is made."""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

from ...contracts.errors import ExecutorError


def open_client(timeout: float) -> Any:
    """A docker SDK client for this environment (DOCKER_HOST, ...) that has answered a ping.

    Raises what the SDK raises (ImportError, DockerException); :func:`connect` turns that into
    one error that names the fix, the server's health check into a yes/no."""
    import docker

    client = docker.from_env(timeout=timeout)
    client.ping()
    return client


def connect(purpose: str = "--executor docker") -> Any:
    """A docker SDK client, or one ExecutorError that names the fix."""
    try:
        from docker.errors import DockerException
    except ImportError:  # pragma: no cover - a declared dependency
        raise ExecutorError(
            "the docker Python package is missing: pip install 'docker>=7'"
        ) from None
    host = os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    try:
        return open_client(timeout=120)
    except DockerException as exc:
        raise ExecutorError(daemon_error(host, exc, purpose)) from None


def daemon_error(host: str, exc: Exception, purpose: str) -> str:
    text = str(exc)
    sock = host[len("unix://") :] if host.startswith("unix://") else None
    installed = bool(shutil.which("docker") or shutil.which("dockerd"))
    if sock and not os.path.exists(sock) and not installed and "DOCKER_HOST" not in os.environ:
        return (
            "Docker is not installed (no docker command, no daemon socket at "
            f"{sock}): install Docker Engine (e.g. apt-get install docker.io) and start it, "
            f"or run without {purpose} (--executor local)"
        )
    if "ermission denied" in text:
        return (
            f"permission denied on the Docker daemon socket {host}: add your user to the "
            "'docker' group (then log in again) or run as root; or use --executor local"
        )
    reason = re.sub(r"\s+", " ", text)[:200]
    return (
        f"cannot reach the Docker daemon at {host} ({reason}): start it "
        "(`sudo systemctl start docker`, or `dockerd &`), or point DOCKER_HOST at a running "
        "one; or use --executor local"
    )
