"""The Jupyter server extension: configuration (traitlets) and the route table."""

from __future__ import annotations

from jupyter_server.extension.application import ExtensionApp

from .. import __version__
from .config import MLEModernizer
from .handlers import (
    DecisionsHandler,
    EventsWebSocket,
    HealthHandler,
    JobHandler,
    JobsHandler,
)
from .manager import JobManager

JOB_ID = r"(?P<job_id>[0-9a-f]{12})"


class MLEModernizerApp(ExtensionApp):
    name = "mlemodernizer"
    load_other_extensions = True
    classes = [MLEModernizer]

    def initialize_settings(self) -> None:
        config = MLEModernizer(config=self.serverapp.config, parent=self.serverapp)
        manager = JobManager(config, self.serverapp.root_dir, log=self.log)
        self.settings.update(
            {
                "mlemodernizer_version": __version__,
                "mlemodernizer_config": config,
                "mlemodernizer_manager": manager,
            }
        )
        self.log.info("mlemodernizer %s: jobs kept in %s", __version__, config.jobs_dir)

    def initialize_handlers(self) -> None:
        self.handlers.extend(
            [
                (r"/mlemodernizer/health", HealthHandler),
                (r"/mlemodernizer/jobs", JobsHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}", JobHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}/decisions", DecisionsHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}/events", EventsWebSocket),
            ]
        )

    async def stop_extension(self) -> None:
        manager = self.settings.get("mlemodernizer_manager")
        if manager is not None:
            manager.shutdown()
