"""The visitor's request, as the kernel of a Voila page learns it: the query string (which
game, which table) and the page's address.

Kernel-side: it talks to the Voila server as a client and imports none of the server
(the server's side of this exchange is :mod:`tablegames_widgets.server.requestinfo`).
Pages, puzzles and table pages all read the request here.
"""

from __future__ import annotations

import os


def request_query() -> str:
    """The query string of the request this kernel serves; in a kernel Voila preheated,
    wait for the visitor's request first (see :func:`voila_request_info`)."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        os.environ.update(voila_request_info())
    return os.environ.get("QUERY_STRING", "")


def voila_request_info(timeout: float | None = None) -> dict[str, str]:
    """Wait for the visitor's request a preheated kernel is handed (its query string and
    other CGI-style variables), as ``voila.utils.wait_for_request`` does: Voila sends them
    on the websocket ``voila/query/<kernel id>`` once a visitor takes the kernel.

    Done here with the ``websockets`` client alone, as importing ``voila.utils`` pulls in
    the whole server side (jupyter_server, jupyterlab_server): 43 MB more in every kernel.
    The kernel's own event loop is busy running this cell, so the wait runs in a thread."""
    import asyncio
    import json
    import threading

    from websockets.asyncio.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
        f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env['VOILA_KERNEL_ID']}"
    )
    found: dict[str, str] = {}

    # the server answers only the kernel itself: an HMAC of its id under its session key
    # (tablegames_widgets.server.requestinfo.kernel_proof, which a kernel must not import)
    import hashlib
    import hmac

    from IPython import get_ipython

    key = bytes(get_ipython().kernel.session.key)
    proof = hmac.new(key, env["VOILA_KERNEL_ID"].encode(), hashlib.sha256).hexdigest()

    async def receive() -> None:
        headers = {"X-Tablegames-Kernel": proof}
        async with connect(url, open_timeout=5, additional_headers=headers) as socket:
            message = await asyncio.wait_for(socket.recv(), timeout)
        found.update(json.loads(message))

    thread = threading.Thread(target=lambda: asyncio.run(receive()), daemon=True)
    thread.start()
    thread.join()
    return found
