"""The kernel websocket of a play page: :class:`NoDelayWebsocketConnection`.

Neither Voila nor jupyter_server turns Nagle's algorithm off on the kernel websocket. A
reply to a click is several small frames (status, comm messages, status), and with Nagle
on, a frame can wait for the browser's delayed ACK: measured here, about one click in
three took 40 ms longer. This connection class sets TCP_NODELAY when a page connects.

It also stands between a visitor's frames and jupyter_server's decoder, which trusts a
frame's claimed part count (issue 27, docs/security.md "Websocket frames"):

- only the v1 subprotocol is accepted (every Jupyter frontend of the last years, Voila's
  pages included, offers it); a legacy connection is refused before the websocket opens,
  since its binary decoder reads any frame's first 4 bytes as a part count;
- every frame is checked by :func:`~tablegames_widgets.server.frames.check_v1` before it
  is decoded; text frames (legacy JSON) and a message id sent twice are refused;
- each connection may send ``message_burst`` messages (``byte_burst`` bytes) at once,
  ``message_rate`` messages (``byte_rate`` bytes) a second after that (token buckets),
  in frames of at most ``max_message_bytes``.

A frame that breaks a rule closes the connection with one log line (no traceback): a page
never sends one, and a closed connection costs a hostile client a new handshake (and a
kernel_info round trip) to go on, while a frontend that somehow did reconnects by itself.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from traitlets import Float, Int

from . import templatefiles
from .frames import Bucket, FrameRefused, Recent, check_v1

# voila.json names this module's class, so Voila imports it before it serves anything:
# the hook for guarding Voila's own routes (see templatefiles).
templatefiles.guard()

#: The websocket subprotocol of Jupyter's v1 kernel message format.
V1 = "v1.kernel.websocket.jupyter.org"
#: Websocket close code for a policy violation (RFC 6455).
POLICY = 1008
#: What a closed client is told: plain words, nothing from its frame.
REFUSED = "The server closed this connection: a message did not follow the kernel protocol."
TOO_MANY = "The server closed this connection: too many messages at once."


class NoDelayWebsocketConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """The standard kernel websocket connection, with TCP_NODELAY on its socket, v1 only,
    every frame checked before decoding and a message rate limit."""

    # The figures behind these defaults (benchmarks/attack_websocket.py --traffic): a page
    # played as fast as Playwright clicks, its move list swept by the pointer, sent at most
    # 145 messages in a second and 42 in 0.1 s, none over 378 bytes. A pointer over the
    # move list sends one message per mouse move, which Chromium fires once per frame: up
    # to 240 a second on a 240 Hz screen; the sustained rate is above that.
    message_burst = Int(
        1000, config=True, help="Messages a connection may send at once (the bucket's size)."
    )
    message_rate = Float(
        250.0, config=True, help="Messages a second a connection may send after its burst."
    )
    byte_burst = Int(4 << 20, config=True, help="Bytes a connection may send at once.")
    byte_rate = Float(1 << 20, config=True, help="Bytes a second after the byte burst.")
    max_message_bytes = Int(
        256 << 10, config=True, help="The largest frame accepted (voila.json sets tornado's "
        "websocket_max_message_size to the same, so that a larger frame is never read).",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._messages = Bucket(self.message_burst, self.message_rate)
        self._bytes = Bucket(self.byte_burst, self.byte_rate)
        self._recent = Recent()
        self._refused = False

    async def prepare(self) -> None:
        """Refuse a connection that does not offer the v1 subprotocol (HTTP 400, before
        the websocket opens), then prepare as jupyter_server does."""
        handler = self.websocket_handler
        offered = handler.request.headers.get("Sec-WebSocket-Protocol", "") if handler else ""
        if V1 not in (p.strip() for p in offered.split(",")):
            self.log.warning("Kernel websocket refused: no %s subprotocol offered", V1)
            raise web.HTTPError(400, "This server speaks only the v1 kernel websocket protocol.")
        await super().prepare()

    def connect(self) -> asyncio.Future[None] | None:
        handler = self.websocket_handler
        if handler is not None and handler.ws_connection is not None:
            handler.set_nodelay(True)
        return super().connect()  # type: ignore[no-any-return]

    def handle_incoming_message(self, incoming_msg: str | bytes) -> None:
        """Pass a visitor's frame on to the kernel only if it is allowed: v1, within
        the rate and the size, well formed."""
        if self._refused or not self.channels:
            return
        if self.subprotocol != V1 or isinstance(incoming_msg, str):
            self._refuse(REFUSED, "a text frame (only v1 binary frames are accepted)")
            return
        size = len(incoming_msg)
        if size > self.max_message_bytes:
            self._refuse(REFUSED, "a frame of %d bytes (the most is %d)", size,
                         self.max_message_bytes)  # fmt: skip
            return
        if not self._messages.take() or not self._bytes.take(size):
            self._refuse(TOO_MANY, "over its rate (%d messages or %d bytes at once, then %g "
                         "messages and %g bytes a second)", self.message_burst,
                         self.byte_burst, self.message_rate, self.byte_rate)  # fmt: skip
            return
        try:
            frame = check_v1(incoming_msg)
        except FrameRefused as refused:
            self._refuse(REFUSED, "a malformed frame: %s", refused)
            return
        if not self._recent.add(frame.msg_id):
            self._refuse(REFUSED, "message id %r sent twice", frame.msg_id)
            return
        super().handle_incoming_message(incoming_msg)

    def _refuse(self, reason: str, why: str, *args: object) -> None:
        """Close the connection with ``reason`` to the client, log one line, and drop
        whatever else it has already sent."""
        self._refused = True
        self.log.warning("Kernel websocket %s closed: " + why, self.kernel_id, *args)
        handler = self.websocket_handler
        if handler is not None:
            handler.close(POLICY, reason)
