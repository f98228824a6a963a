"""Drive a running Jupyter server's mlemodernizer API with nothing but HTTP and a WebSocket.

    python examples/server_client.py --url http://127.0.0.1:8888 --token TOKEN nb.ipynb [--reject]

Creates a job for the notebook (a path relative to the server root), streams its events, answers
every review with accept (or reject), and prints the final report. Exit status 0 when the job
finished, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import urllib.request
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect


def call(url: str, token: str, method: str = "GET", body: Any = None) -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Authorization", f"token {token}")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


async def run(url: str, token: str, path: str, decision: str, options: dict[str, Any]) -> int:
    api = f"{url.rstrip('/')}/mlemodernizer"
    job = call(f"{api}/jobs", token, "POST", {"path": path, "options": options})
    print(f"job {job['id']} for {path}", file=sys.stderr)
    ws_url = api.replace("http", "ws", 1) + f"/jobs/{job['id']}/events?since=0"
    ws = await websocket_connect(HTTPRequest(ws_url, headers={"Authorization": f"token {token}"}))
    while True:
        raw = await ws.read_message()
        if raw is None:
            print("stream closed before the job finished", file=sys.stderr)
            return 1
        event = json.loads(raw)
        print(f"{event['seq']:4} {event['type']}", file=sys.stderr)
        if event["type"] == "fix_proposed":
            for change in event["changes"]:
                body = {
                    "fix_id": event["fix_id"],
                    "cell_id": change["cell_id"],
                    "decision": decision,
                }
                call(f"{api}/jobs/{job['id']}/decisions", token, "POST", body)
        if event["type"] == "job_finished":
            print(json.dumps(event, indent=2))
            return 0
        if event["type"] == "job_failed":
            print(json.dumps(event, indent=2))
            return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebook", help="path relative to the server root")
    parser.add_argument("--url", default="http://127.0.0.1:8888")
    parser.add_argument("--token", required=True)
    parser.add_argument("--reject", action="store_true", help="reject every change instead")
    parser.add_argument("--offline", action="store_true", help="ask the job to use rules only")
    args = parser.parse_args()
    options = {"offline": True} if args.offline else {}
    decision = "reject" if args.reject else "accept"
    return asyncio.run(run(args.url, args.token, args.notebook, decision, options))


if __name__ == "__main__":
    sys.exit(main())
