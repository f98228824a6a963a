# mlemodernizer sidecar image: python, ipykernel/nbclient and the scientific stack old Kaggle
# notebooks need, run by `mlemodernizer run --executor docker --image TAG`.
#
#   mlemodernizer sidecar build [--base IMAGE] [--tag TAG]
#   docker build -t mlemodernizer-sidecar -f docker/Dockerfile --build-arg BASE=IMAGE docker/
#
# BASE must have python3 (3.9+) with its venv module. The venv sees the base's own packages
# (--system-site-packages), so a base that already ships the stack (a Kaggle or CUDA image)
# keeps its versions and only what is missing is installed. No torch here: keep it small.
ARG BASE=python:3.12-slim
FROM ${BASE}

ARG PACKAGES="ipykernel nbclient nbformat numpy pandas scipy scikit-learn matplotlib"
ARG UID=1000

USER root
ENV VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MPLBACKEND=Agg

RUN python3 -m venv --system-site-packages /opt/venv \
 && /opt/venv/bin/python -m pip install $PACKAGES \
 && /opt/venv/bin/python -m ipykernel install --sys-prefix --name python3 \
 && /opt/venv/bin/python -m compileall -q /opt/venv > /dev/null \
 && /opt/venv/bin/python -c "import nbclient, nbformat, ipykernel, jupyter_client" \
 && (getent passwd "$UID" >/dev/null \
     || useradd --create-home --uid "$UID" --user-group mlem 2>/dev/null \
     || echo "mlem:x:$UID:$UID::/tmp:/bin/sh" >> /etc/passwd)

LABEL org.opencontainers.image.title="mlemodernizer sidecar" \
      io.mlemodernizer.sidecar="1"

# the executor runs the kernel as a non-root user (this one, or the caller's uid)
USER ${UID}
WORKDIR /tmp
CMD ["python3", "-c", "import nbclient, sys; print('mlemodernizer sidecar', sys.version)"]
