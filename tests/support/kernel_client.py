"""A light client of a Voila page's kernel: Jupyter's kernel protocol over the page's
websocket, without a browser (what ``benchmarks/load.py`` and ``benchmarks/tables.py``
drive many visitors with), and the decoding of the frames a page receives (what the
table safety tests read).

A page GETs its HTML (the kernel id is in its ``jupyter-config-data``), connects to
``/api/kernels/<id>/channels`` with the ``v1.kernel.websocket.jupyter.org`` subprotocol,
opens the ``jupyter.widget.control`` comm to ask for every widget's state
(``request_states``), and talks to widgets with ``comm_msg`` (a button's click is
``{"method": "custom", "content": {"event": "click"}}``; a canvas' view says it is ready
with ``client_ready``). It leaves with Voila's shutdown request.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.request
import uuid
from typing import Any

#: The websocket subprotocol Jupyter's own frontends speak (what a Voila page uses).
SUBPROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The parts of a kernel message before its binary buffers.
PARTS = ("header", "parent_header", "metadata", "content")


def fetch_page(
    url: str, headers: dict[str, str] | None = None
) -> tuple[str, http.cookiejar.CookieJar]:
    """GET a page as a browser would (keeping its cookies, sending ``headers``); its HTML."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=300) as response:
        return response.read().decode(), jar


def kernel_id(html: str) -> str:
    """The kernel id a Voila page's HTML names (its ``jupyter-config-data``)."""
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                       html, re.S)  # fmt: skip
    if not config:
        raise RuntimeError("the page has no kernel id")
    return str(json.loads(config.group(1))["kernelId"])


def encode(channel: str, parts: list[bytes]) -> bytes:
    """A message in the v1 kernel websocket format: the count of offsets, the offsets
    (8 bytes each, little-endian), the channel, then header, parent header, metadata,
    content (JSON) and buffers."""
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel.encode()))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + channel.encode() + b"".join(parts)


def split(frame: str | bytes) -> tuple[list[bytes], list[bytes]]:
    """A v1 websocket frame's JSON parts (header, parent header, metadata, content) and
    its binary buffers; a text frame (the legacy JSON format) is one JSON part."""
    if isinstance(frame, str):
        return [frame.encode()], []
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    # offsets: the channel's start, each part's start, the end
    parts = [frame[offsets[i] : offsets[i + 1]] for i in range(1, n - 1)]
    return parts[: len(PARTS)], parts[len(PARTS) :]


def decode(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from the websocket (v1 format; see :func:`encode`)."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    parts, _buffers = split(frame)
    msg = {name: json.loads(part) for name, part in zip(PARTS, parts)}
    msg["msg_type"] = msg["header"]["msg_type"]
    return msg


def json_text(frame: str | bytes) -> str:
    """Everything a frame says in JSON (not its binary buffers of numbers), with JSON's
    ``\\uXXXX`` escapes turned back into the characters (a suit symbol is sent escaped)."""
    parts, _buffers = split(frame)
    text = "\n".join(p.decode("utf-8", "replace") for p in parts)
    return re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)


def comm_msg(comm_id: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"comm_id": comm_id, "data": data}


#: A button's click, as the button's view sends it.
CLICK = {"method": "custom", "content": {"event": "click"}}
#: A canvas view's "I am ready" (ipycanvas: the board then draws).
READY = {"method": "custom", "content": {"event": "client_ready"}}


class Kernel:
    """A websocket to one page's kernel, sending shell messages and waiting for the
    kernel to go idle after each. Every message received is offered to ``on_message``
    (if set) as it arrives, with the time it arrived."""

    def __init__(self, socket: Any, on_message: Any = None) -> None:
        self.socket = socket
        self.session = uuid.uuid4().hex
        self.on_message = on_message

    async def send(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": "load", "session": self.session,
                  "msg_type": msg_type, "version": "5.3",
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}  # fmt: skip
        parts = [header, {}, metadata or {}, content]
        await self.socket.send(encode("shell", [json.dumps(p).encode() for p in parts]))
        return msg_id

    async def receive(self) -> dict[str, Any]:
        """The next message from the kernel."""
        msg = decode(await self.socket.recv())
        if self.on_message is not None:
            self.on_message(msg, time.perf_counter())
        return msg

    async def until_idle(self, msg_id: str) -> list[dict[str, Any]]:
        """Every message answering ``msg_id``, up to the kernel's idle status for it."""
        got = []
        while True:
            msg = await self.receive()
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            got.append(msg)
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return got

    async def request(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return await self.until_idle(await self.send(msg_type, content, metadata))

    async def widget_states(self) -> dict[str, Any]:
        """Every widget's state (comm id -> {model_name, state}), as a page asks for it."""
        control = uuid.uuid4().hex
        target = "jupyter.widget.control"
        await self.request("comm_open", {"comm_id": control, "target_name": target, "data": {}},
                           {"version": "1.0.0"})  # fmt: skip
        replies = await self.request("comm_msg", comm_msg(control, {"method": "request_states"}),
                                     {"version": "1.0.0"})  # fmt: skip
        return dict(next(m["content"]["data"]["states"] for m in replies
                         if m["msg_type"] == "comm_msg"))  # fmt: skip


def channels_url(url: str, kernel: str) -> str:
    """The websocket address of ``kernel``'s channels on the server at ``url``."""
    return (
        url.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    )


def leave(
    url: str, kernel: str, cookies: str, xsrf: str, headers: dict[str, str] | None = None
) -> None:
    """Voila's shutdown request, as the page sends it on unload."""
    request = urllib.request.Request(f"{url}/voila/api/shutdown/{kernel}",
                                     data=f"_xsrf={xsrf}".encode(), method="POST",
                                     headers={**(headers or {}), "Cookie": cookies})  # fmt: skip
    urllib.request.urlopen(request, timeout=30).close()
