"""The kernel websocket of a play page: :class:`NoDelayWebsocketConnection`.

Neither Voila nor jupyter_server turns Nagle's algorithm off on the kernel websocket. A
reply to a click is several small frames (status, comm messages, status), and with Nagle
on, a frame can wait for the browser's delayed ACK: measured here, about one click in
three took 40 ms longer. This connection class sets TCP_NODELAY when a page connects.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayWebsocketConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """The standard kernel websocket connection, with TCP_NODELAY on its socket."""

    def connect(self) -> asyncio.Future[None] | None:
        handler = self.websocket_handler
        if handler is not None and handler.ws_connection is not None:
            handler.set_nodelay(True)
        return super().connect()  # type: ignore[no-any-return]
