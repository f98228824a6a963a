"""Docker executor: the notebook runs in a sidecar container, the way Kaggle ran it.

One container per job, started from ``--image`` (default ``mlemodernizer-sidecar:latest``, see
``mlemodernizer sidecar build``) and reused for every iteration of the job. Inside it a small
runner (``runner.py``, mounted read-only) drives the kernel with nbclient and streams JSON lines
back over the container's attached stdout; commands go in on its stdin. Why a runner and not
nbclient here over the kernel's ZMQ ports: containers have no network by default
(``--network none``), so no port inside them is reachable from the host, while the attach
stream exists in every network mode; it also keeps one warm container + kernel per job.

One job a module:

- ``client``: the connection to the daemon (the one place a docker SDK client is made);
- ``config``: what a job asks of its container (image, GPUs, mounts, network, limits);
- ``layout``: where the project, the scratch copy and the data go in the container;
- ``labels``: whose a container is, and the sweep of those whose owner is gone;
- ``channel``: JSON lines over the attach socket;
- ``container``: starting a container (user, isolation, errors) and the started container;
- ``executor``: the Executor itself, one container per job, and the run protocol;
- ``image``: building and inspecting the sidecar image, and its package versions;
- ``runner``: what runs inside the container (it imports nothing of mlemodernizer).

Nothing is imported here: ``mlemodernizer sidecar`` and the server's health check need one
module each, not the executor.
"""
