"""The Docker tests' daemon and test image: one session fixture, ``client``.

- ``MLEM_SKIP_DOCKER_TESTS=1``: the tests that need a daemon are skipped on purpose;
- no daemon reachable: skipped with one line, or failed where ``CI`` or
  ``MLEM_REQUIRE_DOCKER=1`` is set (CI always has Docker: ``bash .ci/docker.sh`` installs and
  starts it);
- a daemon but no test image (``MLEM_DOCKER_TEST_IMAGE``, default ``mlemodernizer-sidecar:test``):
  built here as ``.ci/docker.sh`` builds it. The test base image (``MLEM_DOCKER_TEST_BASE``) by
  ``docker/build-test-base.sh`` when it is missing, then ``mlemodernizer sidecar build --base
  BASE --tag IMAGE --network host``, the build's log streamed to the terminal; docker's layer
  cache makes an unchanged rebuild take seconds, and the build does not count against the
  test's timeout. A failed build fails the tests with its last lines. Where the base image
  cannot be built here (no debootstrap, not root), they are skipped with what is missing and
  how to get it (failed where Docker is required).

The tests that need no daemon (test_docker_units.py) never ask for ``client``.
"""

from __future__ import annotations

import collections
import contextlib
import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from mlemodernizer.contracts.errors import ExecutorError
from mlemodernizer.execution.docker.client import connect

from ...conftest import REPO

IMAGE = os.environ.get("MLEM_DOCKER_TEST_IMAGE", "mlemodernizer-sidecar:test")
BASE = os.environ.get("MLEM_DOCKER_TEST_BASE", "mlemodernizer-testbase:bookworm")
# docker/build-test-base.sh keeps debootstrap's rootfs here: with it, no debootstrap is needed
BASE_TARBALL = (
    Path(os.environ.get("MLEM_CACHE_DIR", "/var/cache/mlemodernizer"))
    / "bookworm-minbase-python3.tar"
)
PREFIX = "[docker test image]"
TAIL_LINES = 40


def docker_required() -> bool:
    return bool(os.environ.get("CI")) or os.environ.get("MLEM_REQUIRE_DOCKER") == "1"


def cannot(reason: str) -> NoReturn:
    """Skip with one line, or fail where the Docker tests must run."""
    if docker_required():
        pytest.fail(
            f"{reason} (CI or MLEM_REQUIRE_DOCKER=1: the Docker tests must run)", pytrace=False
        )
    pytest.skip(reason)


def has_image(client, name: str) -> bool:
    from docker.errors import ImageNotFound

    try:
        client.images.get(name)
    except ImageNotFound:
        return False
    return True


@contextlib.contextmanager
def build_lock() -> Iterator[None]:
    """One build at a time on this machine (xdist's workers each hold a session)."""
    path = Path(tempfile.gettempdir()) / f"mlem-docker-test-image-{os.getuid()}.lock"
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def say(request: pytest.FixtureRequest, line: str) -> None:
    """A line on the terminal now, past pytest's capture (and from an xdist worker too)."""
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled() if capman else contextlib.nullcontext():
        sys.stderr.write(f"{PREFIX} {line}\n")
        sys.stderr.flush()


def stream(request: pytest.FixtureRequest, step: str, cmd: list[str]) -> None:
    """Run one build step with its output streamed, prefixed; fail with its last lines."""
    say(request, f"{step}: {' '.join(cmd)}")
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    tail: collections.deque[str] = collections.deque(maxlen=TAIL_LINES)
    proc = subprocess.Popen(
        cmd,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": pythonpath},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
    )
    assert proc.stdout is not None
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled() if capman else contextlib.nullcontext():
        for line in proc.stdout:
            line = line.rstrip()
            tail.append(line)
            sys.stderr.write(f"{PREFIX} {line}\n")
            sys.stderr.flush()
    code = proc.wait()
    if code != 0:
        last = "\n".join(tail)
        pytest.fail(f"{step} failed (exit {code}); its last lines:\n{last}", pytrace=False)


@contextlib.contextmanager
def untimed(request: pytest.FixtureRequest) -> Iterator[None]:
    """A build takes minutes, not the test's time: pytest-timeout's clock for the test that
    asked for the image stops during it and starts again, in full, after it."""
    item = getattr(request, "_pyfuncitem", None)
    hook = request.config.pluginmanager.hook
    if item is None or not hasattr(hook, "pytest_timeout_cancel_timer"):
        yield
        return
    hook.pytest_timeout_cancel_timer(item=item)
    try:
        yield
    finally:
        from pytest_timeout import _get_item_settings

        settings = _get_item_settings(item)
        if settings.timeout:
            hook.pytest_timeout_set_timer(item=item, settings=settings)


def missing_for_the_base() -> str | None:
    """What this machine lacks to build the test base image, with how to get it; None: nothing."""
    if shutil.which("docker") is None:
        return "the docker command (apt-get install docker.io, or `bash .ci/docker.sh`)"
    if BASE_TARBALL.is_file() and BASE_TARBALL.stat().st_size > 0:
        return None  # the cached rootfs: only `docker import` is left
    if shutil.which("debootstrap") is None:
        return "debootstrap (apt-get install debootstrap, or `bash .ci/docker.sh` as root)"
    if os.geteuid() != 0:
        return "root, for debootstrap (run `sudo bash .ci/docker.sh` once)"
    return None


def ensure_base(client, request: pytest.FixtureRequest) -> None:
    if has_image(client, BASE):
        return
    missing = missing_for_the_base()
    if missing:
        cannot(f"the Docker test base image {BASE} is missing and building it needs {missing}")
    say(request, f"{BASE} is missing: building it (debootstrap: minutes; then cached)")
    stream(request, f"test base image {BASE}", ["bash", "docker/build-test-base.sh", BASE])
    if not has_image(client, BASE):
        pytest.fail(f"no {BASE} after docker/build-test-base.sh", pytrace=False)


@pytest.fixture(scope="session")
def client(request: pytest.FixtureRequest):
    """The daemon's client, with the test image built when it was missing."""
    if os.environ.get("MLEM_SKIP_DOCKER_TESTS") == "1":
        pytest.skip("MLEM_SKIP_DOCKER_TESTS=1: Docker tests skipped on purpose")
    try:
        daemon = connect("the Docker tests")
    except ExecutorError as exc:
        why = re.sub(r"[;,]? or (use|run without) .*--executor local\)?$", "", str(exc))
        cannot(f"the Docker tests need a daemon: {why} (`bash .ci/docker.sh` starts one)")
    if has_image(daemon, IMAGE):
        return daemon
    with build_lock(), untimed(request):
        if not has_image(daemon, IMAGE):  # another worker may have built it meanwhile
            ensure_base(daemon, request)
            say(request, f"{IMAGE} is missing: building it (docker's cache makes a rebuild fast)")
            # --network host: the build's pip reaches PyPI through the host's network, as in CI
            build = [sys.executable, "-m", "mlemodernizer.cli", "sidecar", "build"]
            build += ["--base", BASE, "--tag", IMAGE, "--network", "host"]
            stream(request, f"sidecar test image {IMAGE}", build)
            if not has_image(daemon, IMAGE):
                pytest.fail(f"no {IMAGE} after `mlemodernizer sidecar build`", pytrace=False)
            say(request, f"{IMAGE} ready")
    return daemon


@pytest.fixture(scope="session")
def docker_test_base(client, request: pytest.FixtureRequest) -> str:
    """The test base image (python3 without nbclient), built when it is missing."""
    with build_lock(), untimed(request):
        ensure_base(client, request)
    return BASE
