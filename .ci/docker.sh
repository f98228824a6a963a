#!/usr/bin/env bash
# Docker for the tests (tests/execution/docker/): the engine, a running daemon, the sidecar test
# image. Idempotent: a second run finds everything in place and takes seconds. Fails loudly.
#
#   1. docker.io + debootstrap from Debian's packages (when dockerd or debootstrap is missing)
#   2. dockerd in the background, unless a daemon already answers (log: /tmp/mlem-dockerd.log)
#   3. a test base image without any registry: docker/build-test-base.sh (debootstrap +
#      docker import; its rootfs tarball is cached in /var/cache/mlemodernizer on this machine)
#   4. `mlemodernizer sidecar build --base <test base> --tag mlemodernizer-sidecar:test`
#      (docker's layer cache makes an unchanged rebuild instant)
#
# The test policy (tests/execution/docker/conftest.py): with a daemon up, the Docker tests run and
# build a missing test image themselves (steps 3 and 4; this script is CI's fast path, and the one
# that installs and starts the daemon); with no daemon they fail when CI (or
# MLEM_REQUIRE_DOCKER=1) is set, are skipped elsewhere, and MLEM_SKIP_DOCKER_TESTS=1 skips them
# on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE_IMAGE=${MLEM_DOCKER_TEST_BASE:-mlemodernizer-testbase:bookworm}
TEST_IMAGE=${MLEM_DOCKER_TEST_IMAGE:-mlemodernizer-sidecar:test}
started=$(date +%s)
say() { echo "[docker.sh $(( $(date +%s) - started )) s] $*"; }
die() { echo "[docker.sh] FAILED: $*" >&2; exit 1; }

if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
    say "installing docker.io and debootstrap"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/tmp/mlem-apt.log 2>&1 || { tail -20 /tmp/mlem-apt.log >&2; die "apt-get update"; }
    apt-get install -y -q docker.io debootstrap >>/tmp/mlem-apt.log 2>&1 \
        || { tail -20 /tmp/mlem-apt.log >&2; die "apt-get install docker.io debootstrap"; }
fi
command -v docker >/dev/null || die "no docker client after installing docker.io"

if ! docker info >/dev/null 2>&1; then
    say "starting dockerd"
    # setsid: the daemon outlives this script and is not in its process group
    setsid dockerd >/tmp/mlem-dockerd.log 2>&1 < /dev/null &
    for _ in $(seq 60); do
        docker info >/dev/null 2>&1 && break
        sleep 1
    done
    docker info >/dev/null 2>&1 || { tail -30 /tmp/mlem-dockerd.log >&2; die "dockerd did not come up"; }
fi
say "daemon up: $(docker info --format '{{.ServerVersion}} {{.Driver}}')"

bash docker/build-test-base.sh "$BASE_IMAGE" || die "test base image $BASE_IMAGE"
say "test base image $BASE_IMAGE ready"

PY=python3
if [ -z "${VIRTUAL_ENV:-}" ] && [ -x .venv/bin/python ]; then PY=.venv/bin/python; fi
# --network host: the build's pip reaches PyPI through the host's network here
"$PY" -m mlemodernizer.cli sidecar build --base "$BASE_IMAGE" --tag "$TEST_IMAGE" \
    --network host -q || die "mlemodernizer sidecar build --base $BASE_IMAGE --tag $TEST_IMAGE"
docker image inspect "$TEST_IMAGE" >/dev/null || die "no $TEST_IMAGE after the build"
# earlier builds of the sidecar left untagged: reclaim their disk
docker image prune -f --filter "label=io.mlemodernizer.sidecar=1" >/dev/null || true
say "sidecar test image $TEST_IMAGE ready"
