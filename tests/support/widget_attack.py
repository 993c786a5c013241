"""A hostile visitor inside a page's kernel (issue 27 items 3 and 5): floods of widget
messages sent over the page's own websocket with the light client
(``support/kernel_client.py``), and what the server and the kernel paid for them.

Used by ``tests/browser/test_attack_widgets.py`` (bounded results) and
``benchmarks/attack_widgets.py`` (the figures). Loopback only; every flood is bounded in
count and time.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect

from support.kernel_client import (
    SUBPROTOCOL,
    Kernel,
    channels_url,
    comm_msg,
    decode,
    fetch_page,
    json_text,
    kernel_id,
    leave,
)
from support.processes import cpu_seconds, kernels, memory_mb

#: Words that must never reach a visitor: a traceback, or a path on the server.
LEAKS = ("Traceback", "/work/", "site-packages", "/usr/lib/python", ".venv", 'File "')

#: What one websocket connection may send: this many messages at once, then RATE a
#: second (just below the server's limit, 1,000 then 250 a second: see
#: tablegames_widgets.server.websocket; a flood then reaches the kernel rather than
#: having the connection closed).
BURST = 900
RATE = 200.0

#: A button's click, as the button's view sends it.
CLICK = {"method": "custom", "content": {"event": "click"}}


@dataclass
class Received:
    """Every frame a visit received: its count, its bytes and its JSON text."""

    frames: int = 0
    bytes: int = 0
    texts: list[str] = field(default_factory=list)
    idle: dict[str, float] = field(default_factory=dict)  #: msg id -> when it went idle
    replies: dict[str, float] = field(default_factory=dict)  #: msg id -> when answered

    def add(self, frame: str | bytes) -> dict[str, Any]:
        self.frames += 1
        self.bytes += len(frame)
        self.texts.append(json_text(frame))
        msg = decode(frame)
        parent = msg.get("parent_header", {}).get("msg_id")
        if msg["msg_type"] == "status" and msg["content"].get("execution_state") == "idle":
            if parent:
                self.idle[parent] = time.perf_counter()
        elif msg["msg_type"].endswith("_reply") and parent:
            self.replies[parent] = time.perf_counter()
        return msg

    def leaks(self) -> list[str]:
        """The leak words found in any frame (with a little context)."""
        found = []
        for text in self.texts:
            for word in LEAKS:
                i = text.find(word)
                if i >= 0:
                    found.append(text[max(0, i - 80) : i + 80])
        return found


class Visit:
    """One page opened by the light client, with its websocket and every widget's state."""

    def __init__(self, url: str, page: str, burst: int = BURST, rate: float = RATE) -> None:
        self.url = url
        self.page = page
        self.kernel = ""
        self.cookies = ""
        self.xsrf = ""
        self.received = Received()
        self.states: dict[str, Any] = {}
        self._socket: Any = None
        self._burst, self._rate = burst, rate
        self._tokens, self._at = float(burst), time.perf_counter()
        self._stack = contextlib.AsyncExitStack()
        self.k: Kernel

    async def __aenter__(self) -> Visit:
        html, jar = await asyncio.to_thread(fetch_page, f"{self.url}/voila/render/{self.page}")
        self.kernel = kernel_id(html)
        self.cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
        self.xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        await self.connect()
        self.states = await self.k.widget_states()
        return self

    async def connect(self) -> None:
        """(Again) a websocket to the page's kernel."""
        self._socket = await self._stack.enter_async_context(
            connect(
                channels_url(self.url, self.kernel),
                subprotocols=[SUBPROTOCOL],
                additional_headers={"Cookie": self.cookies},
                max_size=2**28,
                open_timeout=60,
                close_timeout=5,
            )
        )
        received = self.received

        class Recording:
            """The socket, every received frame counted."""

            def __init__(self, socket: Any) -> None:
                self.socket = socket

            async def send(self, data: bytes) -> None:
                await self.socket.send(data)

            async def recv(self) -> str | bytes:
                frame: str | bytes = await self.socket.recv()
                received.add(frame)
                return frame

        self.k = Kernel(Recording(self._socket))

    async def __aexit__(self, *exc: object) -> None:
        """Close the websocket, as a visitor who just goes away (the kernel stays: see
        :meth:`leave`)."""
        await self._stack.aclose()

    def leave(self) -> None:
        """Voila's shutdown request, as the page sends it on unload (frees the kernel)."""
        with contextlib.suppress(OSError):
            leave(self.url, self.kernel, self.cookies, self.xsrf)

    def widget(self, model: str, **state: Any) -> str:
        """The comm id of the first widget of ``model`` whose state has ``state``."""
        for comm, s in self.states.items():
            if s["model_name"] == model and all(s["state"].get(k) == v for k, v in state.items()):
                return str(comm)
        raise LookupError(f"no {model} with {state} on {self.page}")

    def button(self, description: str) -> str:
        return self.widget("ButtonModel", description=description)

    async def flood(self, comm: str, data: dict[str, Any], count: int, seconds: float) -> float:
        """Send ``count`` widget messages ``data`` to ``comm`` for at most ``seconds``, at
        the most the server's websocket takes from one connection (:data:`BURST` at once,
        then :data:`RATE` a second: the flood reaches the kernel), reading the replies
        meanwhile; then wait (at most ``seconds`` more) until the kernel has handled the
        last one. The seconds from the first message sent to the last one handled.

        The kernel handles a page's messages in order, so the flood is over when it answers
        a kernel_info request sent after it (its reply comes on the shell channel: a
        status message on IOPub can be lost, as ZMQ drops them past 1,000 waiting)."""
        start = time.perf_counter()
        last = ""

        async def read() -> None:
            while True:
                await self.k.receive()

        reader = asyncio.ensure_future(read())
        try:
            for _ in range(count):
                if time.perf_counter() - start > seconds or reader.done():
                    break
                await self._pace()
                await self.k.send("comm_msg", comm_msg(comm, data))
            await self._pace()
            last = await self.k.send("kernel_info_request", {})
            end = time.perf_counter() + seconds
            while last not in self.received.replies and time.perf_counter() < end:
                if reader.done():
                    break
                await asyncio.sleep(0.05)
        finally:
            ended = reader.done() and not reader.cancelled() and reader.exception()
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
        if last not in self.received.replies:
            if ended:
                raise RuntimeError(f"the connection ended: {ended!r}"[:300])
            raise TimeoutError(f"the kernel had not handled the flood after {2 * seconds:.0f} s")
        return self.received.replies[last] - start

    async def _pace(self) -> None:
        """Wait until the connection may send one more message (the visit's burst and rate:
        :data:`BURST` and :data:`RATE` unless it was given others)."""
        now = time.perf_counter()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / self._rate)
            self._tokens, self._at = 1.0, time.perf_counter()
        self._tokens -= 1

    async def answers(self, timeout: float = 30.0) -> float:
        """Seconds the kernel takes to answer a kernel_info request (it still answers; the
        reply, on the shell channel, is what is waited for: see :meth:`flood`)."""
        start = time.perf_counter()
        msg_id = await self.k.send("kernel_info_request", {})

        async def reply() -> None:
            while msg_id not in self.received.replies:
                await self.k.receive()

        await asyncio.wait_for(reply(), timeout)
        return time.perf_counter() - start


@dataclass
class Costs:
    """What the server and a page's kernel paid, measured around an attack."""

    server: int
    kernel: int
    cpu_before: float = 0.0
    voila_rss: float = 0.0
    kernel_rss: float = 0.0

    @classmethod
    def of(cls, server: int, kernel_id: str) -> Costs:
        pid = kernels(server)[kernel_id]
        costs = cls(server, pid)
        costs.cpu_before = cpu_seconds(pid)
        return costs

    def kernel_cpu(self) -> float:
        """The kernel's CPU seconds since :meth:`of`."""
        return cpu_seconds(self.kernel) - self.cpu_before

    def memory(self) -> tuple[float, float]:
        """(Voila's RSS, the kernel's RSS) in MB now."""
        return memory_mb(self.server)[0], memory_mb(self.kernel)[0]

    def idle_after(self, limit: float, quiet: float = 1.0, busy: float = 0.1) -> float:
        """Seconds until the kernel has used less than ``busy`` of a core for ``quiet``
        seconds in a row (giving up, and returning ``limit``, after ``limit`` seconds)."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            before, t = cpu_seconds(self.kernel), time.perf_counter()
            time.sleep(quiet)
            if (cpu_seconds(self.kernel) - before) / (time.perf_counter() - t) < busy:
                return time.perf_counter() - start - quiet
        return limit
