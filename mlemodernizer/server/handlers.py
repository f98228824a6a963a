"""Thin HTTP handlers over the engine; every route is authenticated."""

from __future__ import annotations

import json

import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.extension.handler import ExtensionHandlerMixin

from .. import __version__


class HealthHandler(ExtensionHandlerMixin, APIHandler):
    @tornado.web.authenticated
    def get(self) -> None:
        self.finish(json.dumps({"status": "ok", "version": __version__}))
