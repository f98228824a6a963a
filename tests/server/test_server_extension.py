"""The server extension loads in a real Jupyter server and its routes need authentication."""

from __future__ import annotations

import json

import pytest
from tornado.httpclient import HTTPClientError


@pytest.fixture
def jp_server_config():
    return {
        "ServerApp": {
            "jpserver_extensions": {"mlemodernizer": True},
            "allow_unauthenticated_access": False,
        }
    }


async def test_health_answers_with_the_token(jp_fetch) -> None:
    response = await jp_fetch("mlemodernizer", "health")
    assert response.code == 200
    body = json.loads(response.body)
    assert body["status"] == "ok" and body["version"]


async def test_health_refuses_requests_without_the_token(jp_fetch) -> None:
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "health", headers={"Authorization": ""})
    assert info.value.code == 403
