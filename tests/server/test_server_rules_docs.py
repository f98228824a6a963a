"""``GET /mlemodernizer/rules/ID`` on a real Jupyter server: the rule's own documentation as
Markdown (what the panel renders inside JupyterLab), 404 for an unknown id, and authenticated."""

from __future__ import annotations

import json

import pytest
from tornado.httpclient import HTTPClientError

from mlemodernizer.fixers.rules.docs import doc_for


@pytest.fixture
def jp_server_config():
    return {
        "ServerApp": {
            "jpserver_extensions": {"mlemodernizer": True},
            "allow_unauthenticated_access": False,
        }
    }


async def test_a_rule_doc_is_its_markdown(jp_fetch) -> None:
    response = await jp_fetch("mlemodernizer", "rules", "NPY001")
    assert response.code == 200
    body = json.loads(response.body)
    assert body["id"] == "NPY001"
    markdown = body["markdown"]
    assert markdown == doc_for("NPY001")
    assert markdown.startswith("# NPY001: np.float")
    # the sections a reader looks for, and an example in a code block
    for heading in ("## What it does", "## Why", "## Version", "## Safety"):
        assert heading in markdown
    assert "```python" in markdown


async def test_ids_are_read_in_either_case(jp_fetch) -> None:
    response = await jp_fetch("mlemodernizer", "rules", "npy001")
    assert json.loads(response.body)["id"] == "NPY001"


async def test_an_unknown_rule_is_404_with_a_message(jp_fetch) -> None:
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "rules", "NPY999")
    assert info.value.code == 404
    assert "NPY999" in json.loads(info.value.response.body)["message"]


async def test_rule_docs_need_the_token(jp_fetch) -> None:
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "rules", "NPY001", headers={"Authorization": ""})
    assert info.value.code == 403
