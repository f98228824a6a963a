"""``GET /mlemodernizer/rules/ID``: one rule's documentation, as Markdown, for the panel to show
inside JupyterLab (offline: written from the rule's own fields, as ``mlemodernizer rules ID``
prints it and ``docs/rules.md`` collects it)."""

from __future__ import annotations

import asyncio
import json

import tornado.web

from ..fixers.rules.docs import doc_for
from .handlers import BaseHandler
from .manager import RequestError

# a rule id as the packs spell them (NPY001, SKL012, a plugin pack's own prefix)
RULE_ID = r"(?P<rule_id>[A-Za-z][A-Za-z0-9_-]{0,31})"


class RuleDocHandler(BaseHandler):
    @tornado.web.authenticated
    async def get(self, rule_id: str) -> None:
        try:
            # (the first call loads the rule packs: off the server's event loop)
            markdown = await asyncio.to_thread(doc_for, rule_id)
        except KeyError:
            raise RequestError(404, f"no rule {rule_id.upper()} in the installed packs") from None
        self.finish(json.dumps({"id": rule_id.upper(), "markdown": markdown}))
