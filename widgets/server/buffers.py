"""Replies kept for a page whose websocket closed, bounded: :func:`bound_buffer`.

When a page's websocket closes, jupyter_server keeps every message its kernel sends from
then on (``MappingKernelManager.start_buffering``), to replay them if the same session
reconnects: in a list with no bound, kept until the kernel goes. A visitor who sent
100,000 widget messages and left had Voila hold 160 MB of replies for a session that
never came back (issue 27 item 3). Here the buffer is dropped as soon as it passes a
count or a size, or when the session has not come back within a timeout; a session that
does come back in time gets its replies as before.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial
from typing import Any


@dataclass(frozen=True)
class BufferLimits:
    """How much is kept for a disconnected session, and for how long."""

    messages: int
    bytes: int
    seconds: float


def _size(parts: list[Any]) -> int:
    return sum(len(part) for part in parts)


def bound_buffer(manager: Any, kernel_id: str, limits: BufferLimits) -> None:
    """Hold the buffer ``manager`` just started for ``kernel_id`` to ``limits``: past
    either bound, or after ``limits.seconds``, the buffer is dropped (its streams closed)
    and a session that comes back later starts afresh."""
    info = manager._kernel_buffers.get(kernel_id)
    if not info or "channels" not in info:
        return
    kept = {"bytes": 0}
    loop = asyncio.get_event_loop()

    def drop(why: str) -> None:
        if manager._kernel_buffers.get(kernel_id) is info:
            manager.log.info("Dropping the replies kept for a closed page of %s: %s",
                             kernel_id, why)  # fmt: skip
            manager.stop_buffering(kernel_id)

    def keep(channel: str, parts: list[Any]) -> None:
        if info.get("dropping"):
            return
        kept["bytes"] += _size(parts)
        if len(info["buffer"]) >= limits.messages or kept["bytes"] > limits.bytes:
            info["dropping"] = True  # closed outside the stream's own callback
            loop.call_soon(drop, f"over {limits.messages} messages or {limits.bytes} bytes")
            return
        info["buffer"].append((channel, parts))

    for channel, stream in info["channels"].items():
        stream.on_recv(partial(keep, channel))
    loop.call_later(limits.seconds, drop, f"the page did not come back in {limits.seconds:g} s")
