"""Voila's record of the request a preheated kernel was handed (``/voila/query/<id>``),
served to that kernel alone and forgotten when it has been read or the kernel goes.

Voila sends a visitor's request (query string, host, path) to a preheated kernel over the
websocket ``/voila/query/<kernel id>``, which anyone could open: knowing a kernel id was
enough to read the request (with a table seat's token in its query string), and a record
the kernel had not read was kept for ever, even after the kernel was gone. The handler is
Voila's own plain tornado websocket (not a Jupyter handler: the identity provider never
sees it), so it is guarded here: the kernel proves who it is with :func:`kernel_proof` of
its session key (which only the server and the kernel know) in the
:data:`PROOF_HEADER` header.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from tornado import web

#: The header a kernel sends its proof in (``widgets/request.py`` sends it).
PROOF_HEADER = "X-Tablegames-Kernel"


def kernel_proof(session_key: bytes, kernel_id: str) -> str:
    """What a kernel sends to read its own request: an HMAC of its id under its session
    key. The same function is written out in the kernel's side (``widgets/request.py``,
    which must not import the server)."""
    return hmac.new(session_key, kernel_id.encode(), hashlib.sha256).hexdigest()


def _handler() -> Any:
    from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]

    return RequestInfoSocketHandler


def guard_request_info(session_key: Callable[[str], bytes | None]) -> None:
    """Let only a kernel read its request. ``session_key(kernel_id)`` gives a running
    kernel's key (None: no such kernel). Idempotent."""
    handler = _handler()
    if getattr(handler.prepare, "guards_requests", False):
        return

    def prepare(self: Any) -> None:
        kernel = str(self.path_kwargs.get("kernel_id", ""))  # Voila's route names it
        key = session_key(kernel)
        proof = self.request.headers.get(PROOF_HEADER, "")
        if key is None or not hmac.compare_digest(proof, kernel_proof(key, kernel)):
            raise web.HTTPError(404, reason="Not Found")

    prepare.guards_requests = True  # type: ignore[attr-defined]
    handler.prepare = prepare
    open_ = handler.open

    def open(self: Any, kernel_id: str) -> None:
        open_(self, kernel_id)
        handler._cache.pop(kernel_id, None)  # sent (if it was kept): read once

    handler.open = open


def forget_request(kernel_id: str) -> None:
    """Drop what Voila keeps about ``kernel_id``'s request (the kernel is going)."""
    handler = _handler()
    handler._cache.pop(kernel_id, None)
