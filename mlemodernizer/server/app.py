"""The Jupyter server extension: configuration (traitlets) and the route table."""

from __future__ import annotations

from jupyter_server.extension.application import ExtensionApp

from .. import __version__
from .batches import BatchManager
from .config import MLEModernizer
from .handlers import (
    BatchesHandler,
    BatchHandler,
    BatchReportHandler,
    DecisionsHandler,
    EventsWebSocket,
    HealthHandler,
    JobHandler,
    JobsHandler,
    ScoreHandler,
)
from .manager import JobManager
from .rules_docs import RULE_ID, RuleDocHandler

JOB_ID = r"(?P<job_id>[0-9a-f]{12})"
BATCH_ID = r"(?P<batch_id>[0-9a-f]{12})"


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
                "mlemodernizer_batches": BatchManager(config, manager.root, manager.slots),
            }
        )
        self.log.info("mlemodernizer %s: jobs kept in %s", __version__, config.jobs_dir)

    def initialize_handlers(self) -> None:
        self.handlers.extend(
            [
                (r"/mlemodernizer/health", HealthHandler),
                (r"/mlemodernizer/jobs", JobsHandler),
                (r"/mlemodernizer/score", ScoreHandler),
                (rf"/mlemodernizer/rules/{RULE_ID}", RuleDocHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}", JobHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}/decisions", DecisionsHandler),
                (rf"/mlemodernizer/jobs/{JOB_ID}/events", EventsWebSocket),
                (r"/mlemodernizer/batches", BatchesHandler),
                (rf"/mlemodernizer/batches/{BATCH_ID}", BatchHandler),
                (rf"/mlemodernizer/batches/{BATCH_ID}/report", BatchReportHandler),
            ]
        )

    async def stop_extension(self) -> None:
        for key in ("mlemodernizer_batches", "mlemodernizer_manager"):
            service = self.settings.get(key)
            if service is not None:
                service.shutdown()
