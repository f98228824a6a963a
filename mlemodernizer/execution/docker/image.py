"""The sidecar image that ``--executor docker`` runs: building it, inspecting it, its versions.

``mlemodernizer sidecar build`` (the command is cli.py's) builds it. The Dockerfile ships inside
the package (``sidecar.Dockerfile`` beside this module; ``docker/Dockerfile`` in a checkout links to
it), so an installed mlemodernizer builds the same image as a checkout. The build context is the
Dockerfile alone: nothing from the current folder goes to the daemon.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...contracts.errors import ExecutorError, ModernizerError
from ...kernel.code import versions_code
from .client import connect

DEFAULT_IMAGE = "mlemodernizer-sidecar:latest"  # --image's default for --executor docker
DOCKERFILE = Path(__file__).with_name("sidecar.Dockerfile")
DEFAULT_BASE = "python:3.12-slim"
# the Dockerfile's ARG PACKAGES default (a test keeps the two the same)
DEFAULT_PACKAGES = "ipykernel nbclient nbformat numpy pandas scipy scikit-learn matplotlib"
# what ``sidecar build --frameworks`` adds: TensorFlow with Keras 3 and PyTorch, CPU builds (PyPI's
# Linux torch is a CUDA build of several GB; PyTorch's own CPU index has the small one), or the
# CUDA builds for a machine with GPUs (run with --gpus to use them)
FRAMEWORKS = {
    "cpu": "tensorflow-cpu torch --extra-index-url https://download.pytorch.org/whl/cpu",
    "gpu": "tensorflow[and-cuda] torch",
}
SUMMARY_PACKAGES = ("python", "numpy", "pandas", "scikit-learn", "scipy", "matplotlib", "ipykernel")


def image_packages(packages: str | None, frameworks: str | None) -> str | None:
    """The PACKAGES build argument: the given list (or the default) plus the frameworks asked
    for; None leaves the Dockerfile's default alone."""
    if frameworks is None:
        return packages
    if frameworks not in FRAMEWORKS:
        raise ModernizerError(
            f"--frameworks {frameworks!r}: choose one of {', '.join(sorted(FRAMEWORKS))}"
        )
    return f"{packages or DEFAULT_PACKAGES} {FRAMEWORKS[frameworks]}"


def _context() -> io.BytesIO:
    data = DOCKERFILE.read_bytes()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("Dockerfile")
        info.size = len(data)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
    buf.seek(0)
    return buf


def build_image(
    *,
    base: str | None = None,
    tag: str = DEFAULT_IMAGE,
    network: str | None = None,
    build_args: dict[str, str] | None = None,
    no_cache: bool = False,
    pull: bool = False,
    log: Callable[[str], None] = lambda line: print(line, file=sys.stderr, end=""),
) -> str:
    """Build the sidecar image; return its id. Errors are one ExecutorError naming the fix."""
    client = connect("sidecar build")
    args = dict(build_args or {})
    if base:
        args["BASE"] = base
    image_id = ""
    error = ""
    try:
        stream = client.api.build(
            fileobj=_context(),
            custom_context=True,
            tag=tag,
            buildargs=args,
            network_mode=network,
            rm=True,
            forcerm=True,
            nocache=no_cache,
            pull=pull,
            decode=True,
        )
        for chunk in stream:
            if "stream" in chunk:
                log(chunk["stream"])
            elif "error" in chunk:
                error = chunk.get("error") or json.dumps(chunk.get("errorDetail"))
            elif isinstance(chunk.get("aux"), dict) and chunk["aux"].get("ID"):
                image_id = chunk["aux"]["ID"]
    except ModernizerError:
        raise
    except Exception as exc:
        error = getattr(exc, "explanation", None) or str(exc)
    if error:
        hint = ""
        low = error.lower()
        pulling = ("pull access denied", "not found", "manifest unknown", "registry", "lookup")
        if any(word in low for word in pulling):
            hint = (
                f" (the base image {base or DEFAULT_BASE!r} is neither here nor pullable: "
                "`docker pull` it, or pass a local image with --base)"
            )
        elif "network" in low or "temporary failure" in low or "connection" in low:
            hint = " (pip needs network during the build: try --network host)"
        raise ExecutorError(f"sidecar build failed: {error.strip()}{hint}")
    if not image_id:
        image_id = client.images.get(tag).id
    return image_id


def image_summary(tag: str) -> dict[str, str]:
    """Key package versions in the image (one short, network-less container run)."""
    client = connect("sidecar build")
    code = versions_code(python=True)
    out = client.containers.run(
        tag,
        entrypoint=["python3", "-c", code],
        command=[],
        network_mode="none",
        remove=True,
        labels={"mlemodernizer.sidecar-check": "1"},
    )
    versions = json.loads(out.decode().strip().splitlines()[-1])
    return {k: versions[k] for k in SUMMARY_PACKAGES if k in versions}


def inspect_image(client: Any, image: str) -> tuple[str, str]:
    """The image's id and its USER ("" when it sets none), or one error naming the fix."""
    from docker.errors import ImageNotFound

    try:
        found = client.images.get(image)
    except ImageNotFound:
        raise ExecutorError(
            f"Docker image {image!r} not found: build it with "
            f"`mlemodernizer sidecar build --tag {image}` (or `docker pull {image}`)"
        ) from None
    except Exception as exc:
        raise ExecutorError(f"cannot inspect Docker image {image!r}: {exc}") from None
    return found.id, (found.attrs.get("Config") or {}).get("User") or ""


# --- the per-image versions cache: an image's packages do not change, so ask once ----------------


def _versions_cache_path(image_id: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = image_id.replace(":", "-").replace("/", "-")
    return Path(base) / "mlemodernizer" / "image-versions" / f"{name}.json"


def read_versions_cache(image_id: str) -> dict[str, str] | None:
    try:
        data = json.loads(_versions_cache_path(image_id).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data else None


def write_versions_cache(image_id: str, versions: dict[str, str]) -> None:
    path = _versions_cache_path(image_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(versions, sort_keys=True))
        os.replace(tmp, path)
    except OSError:
        pass
