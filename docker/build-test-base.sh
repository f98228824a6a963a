#!/usr/bin/env bash
# TEST/CI ONLY: a minimal Debian base image built without a registry (no Docker Hub here).
#
#   docker/build-test-base.sh [IMAGE]      (default mlemodernizer-testbase:bookworm)
#
# debootstrap's minbase + python3/venv, imported with `docker import`. The host's CA bundle is
# copied in and PIP_CERT points at it, because pip in a container reaches PyPI on this machine
# only through the host's certificates. That is a property of this CI machine, which is why it
# lives here and not in docker/Dockerfile: users build the sidecar from a normal base image.
# The rootfs tarball is cached (MLEM_CACHE_DIR, default /var/cache/mlemodernizer) to save the
# two debootstrap minutes on a later run on the same machine; a fresh machine builds it anew.
set -euo pipefail
IMAGE=${1:-mlemodernizer-testbase:bookworm}
CACHE=${MLEM_CACHE_DIR:-/var/cache/mlemodernizer}
SUITE=bookworm
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
HOST_CA=/etc/ssl/certs/ca-certificates.crt

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
    echo "test base image $IMAGE already present"
    exit 0
fi
command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install debootstrap)" >&2; exit 1; }
mkdir -p "$CACHE"
tarball="$CACHE/$SUITE-minbase-python3.tar"
if [ ! -s "$tarball" ]; then
    rootfs=$(mktemp -d /tmp/mlem-rootfs.XXXXXX)
    trap 'rm -rf "$rootfs"' EXIT
    echo "debootstrap $SUITE into $rootfs (about two minutes)"
    debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
        "$SUITE" "$rootfs" "$MIRROR" > "$CACHE/debootstrap.log" 2>&1 \
        || { tail -30 "$CACHE/debootstrap.log" >&2; echo "debootstrap failed" >&2; exit 1; }
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -cf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
    rm -rf "$rootfs"
    trap - EXIT
fi
# the CA bundle goes in at import time, so a cached tarball still gets the host's current one
workdir=$(mktemp -d /tmp/mlem-import.XXXXXX)
trap 'rm -rf "$workdir"' EXIT
mkdir -p "$workdir/etc/ssl/certs"
if [ -s "$HOST_CA" ]; then cp "$HOST_CA" "$workdir/etc/ssl/certs/host-ca.crt"; fi
cp "$tarball" "$workdir/rootfs.tar"
tar -C "$workdir" -rf "$workdir/rootfs.tar" ./etc/ssl/certs/host-ca.crt 2>/dev/null || true
changes=(--change 'ENV LANG=C.UTF-8' --change 'CMD ["/bin/bash"]')
if [ -s "$HOST_CA" ]; then
    changes+=(--change 'ENV PIP_CERT=/etc/ssl/certs/host-ca.crt')
fi
docker import "${changes[@]}" "$workdir/rootfs.tar" "$IMAGE" >/dev/null
echo "imported test base image $IMAGE"
