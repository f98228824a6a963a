"""The Jupyter server extension: configuration (traitlets) and the route table."""

from __future__ import annotations

from jupyter_server.extension.application import ExtensionApp

from .. import __version__
from .handlers import HealthHandler


class MLEModernizerApp(ExtensionApp):
    name = "mlemodernizer"
    # no static files or templates of its own: the UI is a labextension
    load_other_extensions = True

    def initialize_handlers(self) -> None:
        self.handlers.extend([(r"/mlemodernizer/health", HealthHandler)])

    def initialize_settings(self) -> None:
        self.settings.update({"mlemodernizer_version": __version__})
