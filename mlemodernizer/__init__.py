"""mlemodernizer: bring old machine-learning notebooks back to life in today's stack."""

import time

# when the package was first imported (``time.monotonic()``): for the command line, its
# process's start, from which a run's deadline counts
LOADED_AT = time.monotonic()

try:
    from ._version import __version__
except ImportError:  # running from a source tree that was never built
    __version__ = "0.0.0.dev0"


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    return [{"src": "labextension", "dest": "mlemodernizer"}]


def _jupyter_server_extension_points() -> list[dict[str, object]]:
    from .server.app import MLEModernizerApp

    return [{"module": "mlemodernizer", "app": MLEModernizerApp}]
