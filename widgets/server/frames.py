"""What a kernel websocket frame from a visitor must look like before the server decodes
it: :func:`check_v1` (the v1 kernel websocket format) and :class:`Bucket` (the message
rate allowed per connection).

jupyter_server's v1 decoder trusts the part count in a frame's first 8 bytes and builds a
list of that many offsets: a 24-byte frame claiming 2^62 parts blocked the event loop
while the server grew by gigabytes (issue 27). :func:`check_v1` reads the count and the
offsets one at a time, refuses anything a Jupyter frontend would not send, and never
allocates more than a small multiple of the frame's own size.
"""

from __future__ import annotations

import json
import struct
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

#: The channels a frontend sends on (iopub is the kernel's own, outward only).
CHANNELS = frozenset({"shell", "control", "stdin"})
#: The JSON parts every message has, in order, after the channel.
JSON_PARTS = ("header", "parent_header", "metadata", "content")
#: Offsets in a message without buffers: the channel's start, the four JSON parts'
#: starts, the end.
MIN_OFFSETS = 2 + len(JSON_PARTS)
#: Binary buffers one message may carry. A page's widgets send none (ipycanvas sends
#: buffers only from the kernel); a widget that sends a few keeps a wide margin.
MAX_BUFFERS = 16
_WORD = struct.Struct("<Q")


class FrameRefused(ValueError):
    """A frame that does not follow the v1 format; the message says what is wrong."""


@dataclass(frozen=True)
class Frame:
    """A checked v1 frame: its channel, message type and id."""

    channel: str
    msg_type: str
    msg_id: str


def check_v1(frame: bytes) -> Frame:
    """Check a v1 kernel websocket frame (the layout jupyter_server's
    ``serialize_msg_to_ws_v1`` and JupyterLab's ``serializeV1KernelWebsocketJupyterOrg``
    write): an 8-byte little-endian count n, n offsets of 8 bytes, the channel, header,
    parent header, metadata and content (JSON objects), then any buffers. The first
    offset is where the table ends, each next one is not smaller, the last is the frame's
    length. Raises :class:`FrameRefused`; nothing else for any bytes."""
    if not isinstance(frame, bytes | bytearray | memoryview):
        raise FrameRefused("not a binary frame")
    size = len(frame)
    if size < 8:
        raise FrameRefused(f"{size} bytes, shorter than the part count")
    count = _WORD.unpack_from(frame, 0)[0]
    if count < MIN_OFFSETS or count > MIN_OFFSETS + MAX_BUFFERS:
        raise FrameRefused(f"claims {count} offsets (from {MIN_OFFSETS} to "
                           f"{MIN_OFFSETS + MAX_BUFFERS})")  # fmt: skip
    table_end = 8 * (count + 1)
    if table_end > size:
        raise FrameRefused(f"claims {count} offsets in {size} bytes")
    first = _WORD.unpack_from(frame, 8)[0]
    if first != table_end:
        raise FrameRefused(f"the channel starts at {first}, not after the offsets ({table_end})")
    starts = [first]
    for i in range(1, count):
        offset = _WORD.unpack_from(frame, 8 * (i + 1))[0]
        if offset < starts[-1]:
            raise FrameRefused(f"offset {i} ({offset}) goes back before offset {i - 1}")
        if offset > size:
            raise FrameRefused(f"offset {i} ({offset}) is past the frame's end ({size})")
        starts.append(offset)
    if starts[-1] != size:
        raise FrameRefused(f"the last part ends at {starts[-1]}, not at the frame's end ({size})")
    view = memoryview(frame)
    channel = _text(view[starts[0] : starts[1]], "the channel")
    if channel not in CHANNELS:
        raise FrameRefused(f"unknown channel {channel[:20]!r}")
    parts = {name: _json_object(view[starts[i + 1] : starts[i + 2]], name)
             for i, name in enumerate(JSON_PARTS)}  # fmt: skip
    msg_type, msg_id = parts["header"].get("msg_type"), parts["header"].get("msg_id")
    if not isinstance(msg_type, str) or not msg_type:
        raise FrameRefused("the header has no message type")
    if not isinstance(msg_id, str) or not msg_id:
        raise FrameRefused("the header has no message id")
    return Frame(channel, msg_type[:64], msg_id[:64])


class Recent:
    """The last ``size`` message ids a connection sent: a frontend never sends one twice,
    and the kernel answers a replayed message (same bytes, same signature) with a
    traceback in the server's log."""

    def __init__(self, size: int = 2000) -> None:
        self.size = size
        self.order: deque[str] = deque()
        self.seen: set[str] = set()

    def add(self, msg_id: str) -> bool:
        """Note ``msg_id``; False if it was already among the recent ones."""
        if msg_id in self.seen:
            return False
        self.order.append(msg_id)
        self.seen.add(msg_id)
        if len(self.order) > self.size:
            self.seen.discard(self.order.popleft())
        return True


def _text(part: memoryview, what: str) -> str:
    try:
        return bytes(part).decode("utf-8")
    except UnicodeDecodeError:
        raise FrameRefused(f"{what} is not UTF-8") from None


def _json_object(part: memoryview, what: str) -> dict[str, Any]:
    try:
        value = json.loads(_text(part, what))
    except (ValueError, RecursionError):
        raise FrameRefused(f"the {what} is not JSON") from None
    if not isinstance(value, dict):
        raise FrameRefused(f"the {what} is not a JSON object")
    return value


class Bucket:
    """A token bucket: ``burst`` tokens at once, refilled at ``rate`` a second.
    :meth:`take` says whether ``cost`` more tokens may be spent now (and spends them)."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self.tokens = burst
        self.last = time.monotonic()

    def take(self, cost: float = 1, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True
