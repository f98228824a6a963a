"""JSON lines over a container's attach socket: the one channel every network mode has.

The in-container runner (``runner.py``) reads commands on its stdin and writes one JSON message
a line on its stdout; docker multiplexes stdout and stderr on the attach socket in frames (an
8-byte header: stream, size). A reader thread splits the frames into lines and queues the
messages; stderr lines are kept as a short tail for error messages.
"""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import struct
import threading
from collections import deque
from typing import Any

EMPTY = object()  # what get() returns when nothing came in time


class Channel:
    """JSON lines over a container's attach socket (multiplexed stdout/stderr frames)."""

    def __init__(self, sock: Any) -> None:
        self._holder = sock  # keeps the HTTP response (and its socket) alive
        raw = getattr(sock, "_sock", sock)
        with contextlib.suppress(Exception):
            raw.settimeout(None)
        self.raw = raw
        self.messages: queue.Queue[Any] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=80)
        self.closed = False  # the stream ended: the container stopped
        self._send_lock = threading.Lock()
        self._thread = threading.Thread(target=self._read_loop, daemon=True, name="mlem-attach")
        self._thread.start()

    def _recv_exactly(self, n: int) -> bytes | None:
        buf = bytearray()
        while len(buf) < n:
            try:
                chunk = self.raw.recv(n - len(buf))
            except OSError:
                return None
            if not chunk:
                return None
            buf += chunk
        return bytes(buf)

    def _read_loop(self) -> None:
        pending: dict[int, bytearray] = {}
        try:
            while True:
                header = self._recv_exactly(8)
                if header is None:
                    break
                stream, size = struct.unpack(">BxxxL", header)
                payload = self._recv_exactly(size) if size else b""
                if payload is None:
                    break
                buf = pending.setdefault(stream, bytearray())
                scan = len(buf)  # a big message arrives in many frames: scan only what is new
                buf += payload
                newline = buf.find(b"\n", scan)
                start = 0
                while newline >= 0:
                    self._line(stream, buf[start:newline].decode("utf-8", "replace"))
                    start = newline + 1
                    newline = buf.find(b"\n", start)
                if start:
                    del buf[:start]
        finally:
            self.closed = True
            self.messages.put(None)

    def _line(self, stream: int, line: str) -> None:
        if stream == 1 and line.startswith("{"):
            try:
                self.messages.put(json.loads(line))
                return
            except json.JSONDecodeError:
                pass
        if line.strip():
            self.stderr_tail.append(line)

    def send(self, obj: dict[str, Any]) -> None:
        data = (json.dumps(obj) + "\n").encode()
        with self._send_lock:
            self.raw.sendall(data)

    def get(self, timeout: float) -> Any:
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return EMPTY

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.raw.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(Exception):
            self.raw.close()
