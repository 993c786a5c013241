"""A hostile visitor's websocket frames (issue 27 item 1), and what the attack tests and
``benchmarks/attack_websocket.py`` watch while sending them: the Voila process's memory
(with a ceiling that kills the server, so an attack on unfixed code stays bounded) and
whether an ordinary request is still answered.

Every frame here is sent to a page's own kernel websocket, as any visitor could: the page
names its kernel id, the visitor opens ``/api/kernels/<id>/channels`` by hand.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from support.kernel_client import SUBPROTOCOL, channels_url, encode, fetch_page, kernel_id
from support.processes import memory_mb

#: The page the attacks open (the lightest board).
PAGE = "resistor.ipynb"

T = TypeVar("T")


def in_parallel(
    one: Callable[[], T], count: int, at_once: int, seconds: float,
    until: threading.Event | None = None,
) -> list[T]:  # fmt: skip
    """``one()`` up to ``count`` times, ``at_once`` threads at a time, starting no new call
    after ``seconds`` or once ``until`` is set: what the calls returned, in the order they
    ended. Every flood of the attack tests and benchmarks is bounded this way."""
    results: list[T] = []
    left = [count]
    lock = threading.Lock()
    end = time.monotonic() + seconds
    stop = until or threading.Event()

    def run() -> None:
        while time.monotonic() < end and not stop.is_set():
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            got = one()
            with lock:
                results.append(got)

    workers = [threading.Thread(target=run, daemon=True) for _ in range(at_once)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=seconds + 300)
    return results


def message(msg_type: str = "kernel_info_request", content: dict[str, Any] | None = None) -> bytes:
    """An ordinary v1 frame on the shell channel, as a page sends one."""
    header = {"msg_id": uuid.uuid4().hex, "username": "hostile", "session": uuid.uuid4().hex,
              "msg_type": msg_type, "version": "5.3", "date": "2026-01-01T00:00:00Z"}  # fmt: skip
    parts = [header, {}, {}, content or {}]
    return encode("shell", [json.dumps(p).encode() for p in parts])


def claim(count: int, size: int = 24) -> bytes:
    """A frame of ``size`` bytes whose first 8 claim ``count`` parts (v1's offset count)."""
    return count.to_bytes(8, "little") + bytes(size - 8)


def with_offsets(frame: bytes, offsets: list[int]) -> bytes:
    """``frame`` (a v1 frame) with its offset table replaced by ``offsets``."""
    n = int.from_bytes(frame[:8], "little")
    assert len(offsets) == n
    table = b"".join(o.to_bytes(8, "little") for o in offsets)
    return frame[:8] + table + frame[8 * (n + 1) :]


def offsets_of(frame: bytes) -> list[int]:
    n = int.from_bytes(frame[:8], "little")
    return [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]


def open_socket(
    url: str, v1: bool = True, page: str = PAGE, headers: dict[str, str] | None = None
) -> ClientConnection:
    """A page's kernel websocket, opened by hand with the page's cookies (with the v1
    subprotocol, or none: the legacy protocol), ``headers`` sent with both requests."""
    html, jar = fetch_page(f"{url}/voila/render/{page}", headers)
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    return connect(
        channels_url(url, kernel_id(html)),
        subprotocols=[SUBPROTOCOL] if v1 else None,  # type: ignore[list-item]
        additional_headers={**(headers or {}), "Cookie": cookies},
        max_size=None,
        open_timeout=60,
        close_timeout=2,
    )


def closed_within(socket: ClientConnection, seconds: float) -> bool:
    """Whether the server closes ``socket`` within ``seconds`` (reading what it sends)."""
    end = time.monotonic() + seconds
    try:
        while (left := end - time.monotonic()) > 0:
            socket.recv(timeout=left)
    except TimeoutError:
        return False
    except ConnectionClosed:
        return True
    return False


def send_all(socket: ClientConnection, frames: list[bytes | str], seconds: float = 20) -> int:
    """Send ``frames`` in turn, stopping when the server closes the socket or ``seconds``
    pass; how many were sent."""
    end = time.monotonic() + seconds
    sent = 0
    try:
        for frame in frames:
            if time.monotonic() > end:
                break
            socket.send(frame)
            sent += 1
    except (ConnectionClosed, OSError):
        pass
    return sent


def answered_in(url: str, timeout: float = 10.0) -> float | None:
    """Seconds an ordinary request (the index) takes, or None if not within ``timeout``."""
    start = time.perf_counter()
    try:
        urllib.request.urlopen(url + "/", timeout=timeout).read()
    except (OSError, urllib.error.URLError):
        return None
    return time.perf_counter() - start


class Watch:
    """A thread that samples a process's RSS every 0.1 s, keeps the peak, and kills the
    process (SIGKILL) when its RSS passes ``ceiling_mb``: an attack on unfixed code must
    not take the shared machine's memory."""

    def __init__(self, pid: int, ceiling_mb: float = 2000) -> None:
        self.pid = pid
        self.ceiling_mb = ceiling_mb
        self.start_mb = self.peak_mb = memory_mb(pid)[0]
        self.killed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import os
        import signal

        while not self._stop.wait(0.1):
            try:
                rss = memory_mb(self.pid)[0]
            except OSError:
                return
            self.peak_mb = max(self.peak_mb, rss)
            if rss > self.ceiling_mb:
                self.killed = True
                os.kill(self.pid, signal.SIGKILL)
                return

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def growth_mb(self) -> float:
        return self.peak_mb - self.start_mb


__all__ = [
    "PAGE",
    "InvalidHandshake",
    "InvalidStatus",
    "Watch",
    "answered_in",
    "claim",
    "closed_within",
    "message",
    "offsets_of",
    "open_socket",
    "send_all",
    "with_offsets",
]
