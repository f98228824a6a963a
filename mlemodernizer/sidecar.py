"""``mlemodernizer sidecar build``: the container image that ``--executor docker`` runs.

The Dockerfile ships inside the package (``sidecar.Dockerfile``; ``docker/Dockerfile`` in a
checkout links to it), so an installed mlemodernizer builds the same image as a checkout. The
build context is the Dockerfile alone: nothing from the current folder goes to the daemon.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import ExecutorError, ModernizerError

DEFAULT_IMAGE = "mlemodernizer-sidecar:latest"  # --image's default for --executor docker
DOCKERFILE = Path(__file__).with_name("sidecar.Dockerfile")
DEFAULT_BASE = "python:3.12-slim"
SUMMARY_PACKAGES = ("python", "numpy", "pandas", "scikit-learn", "scipy", "matplotlib", "ipykernel")


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
    from .execution.docker import connect

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
    from .execution.docker import connect

    client = connect("sidecar build")
    code = (
        "import importlib.metadata as m, json, platform\n"
        "v = {(d.metadata['Name'] or '').lower(): d.version for d in m.distributions()}\n"
        "v['python'] = platform.python_version()\n"
        "print(json.dumps(v))"
    )
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


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    sidecar = subparsers.add_parser("sidecar", help="the container image for --executor docker")
    sub = sidecar.add_subparsers(dest="sidecar_command", required=True)
    build = sub.add_parser("build", help="build the sidecar image (python, ipykernel, the stack)")
    build.add_argument(
        "--base", default=None, help=f"base image with python3 (default {DEFAULT_BASE})"
    )
    build.add_argument("--tag", default=DEFAULT_IMAGE, help=f"image name (default {DEFAULT_IMAGE})")
    build.add_argument(
        "--network", default=None, help="network for the build's pip (e.g. host); default: docker's"
    )
    build.add_argument(
        "--packages", default=None, help="space-separated pip requirements instead of the default"
    )
    build.add_argument(
        "--build-arg", action="append", default=[], metavar="KEY=VALUE", help="repeatable"
    )
    build.add_argument("--no-cache", action="store_true")
    build.add_argument("--pull", action="store_true", help="pull a newer base first")
    build.add_argument("--quiet", "-q", action="store_true", help="no build log on stderr")
    sub.add_parser("dockerfile", help="print the sidecar Dockerfile")
    return sidecar


def main(args: argparse.Namespace) -> int:
    if args.sidecar_command == "dockerfile":
        print(DOCKERFILE.read_text(), end="")
        return 0
    build_args: dict[str, str] = {}
    for item in args.build_arg:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ModernizerError(f"--build-arg {item!r}: expected KEY=VALUE")
        build_args[key] = value
    if args.packages:
        build_args["PACKAGES"] = args.packages
    t0 = time.monotonic()
    image_id = build_image(
        base=args.base,
        tag=args.tag,
        network=args.network,
        build_args=build_args,
        no_cache=args.no_cache,
        pull=args.pull,
        log=(lambda line: None) if args.quiet else _stderr,
    )
    seconds = time.monotonic() - t0
    summary = image_summary(args.tag)
    listed = ", ".join(f"{k} {v}" for k, v in summary.items())
    print(f"built {args.tag} ({image_id[:19]}) in {seconds:.0f} s: {listed}", file=sys.stderr)
    print(json.dumps({"tag": args.tag, "id": image_id, "seconds": round(seconds, 1), **summary}))
    return 0


def _stderr(line: str) -> None:
    sys.stderr.write(line)
    sys.stderr.flush()
