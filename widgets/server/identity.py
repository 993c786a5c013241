"""Who a request comes from, and whether they may use the kernel it names:
:class:`PageIdentityProvider`.

Every visitor is an anonymous user of jupyter_server: a random name in a cookie signed
with the server's secret (HttpOnly, SameSite=Lax, Path=/), set by the first request a
browser makes and sent by its page, its websocket and its shutdown request alike. The
identity provider is consulted by every Jupyter request before its handler runs (the
page, ``/api/kernels/<id>``, its ``/channels`` websocket, ``/voila/api/shutdown/<id>``),
so the checks live here:

- a page request waits its address's turn to render (:mod:`.fairness`: a few renders
  at once per address, so that one address cannot take the whole CPU), then claims a
  kernel for its visitor (:mod:`.visitors`), or gets the "server is full" page (HTTP
  503, :mod:`.full`) past the caps or its address's queue;
- a request naming a kernel is answered only for that kernel's visitor: anyone else gets
  404 in plain words, whatever ``_xsrf`` pair they made up (``/voila/query/<id>`` is not
  a Jupyter handler: see :mod:`.requestinfo`).

When a visitor leaves, the page posts ``/voila/api/shutdown/<kernel id>`` with the
``_xsrf`` cookie's value, so that the kernel is freed at once. Voila 0.5 streams the page
without ever asking for the xsrf token, so the cookie was never set, the form field went
empty and the server refused the request (403 "'_xsrf' argument missing from POST"; voila
issue 1458): every kernel lingered until the idle cull. This identity provider (consulted
before the streamed page sends its headers) gives each page request the cookie. The check
itself stays on: a post without the matching cookie is still refused.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, NoReturn

from tornado import web
from traitlets import default
from voila.voila_identity_provider import VoilaIdentityProvider  # type: ignore[import-untyped]

from .fairness import Busy
from .full import FULL_PAGE, RETRY_AFTER
from .kernels import VISIT
from .visitors import client_address

#: A request about one kernel: its routes (the kernel id is the handler's first argument).
KERNEL_ROUTE = re.compile(r"/(?:api/kernels|voila/api/shutdown|voila/execution)/([^/]+)")
#: What another visitor is told about a kernel that is not theirs (as if it did not exist).
NOT_YOURS = "No game of yours has this id."


def kernel_named(handler: Any) -> str | None:
    """The kernel a request is about (None: a request about no kernel)."""
    found = KERNEL_ROUTE.search(handler.request.path)
    if found is None:
        return None
    # the id as the handler reads it (decoded): named in Jupyter's routes, not in Voila's
    named = getattr(handler, "path_kwargs", None) or {}
    args = getattr(handler, "path_args", None) or [found.group(1)]
    return str(named.get("kernel_id", args[0]))


def is_page(handler: Any) -> bool:
    """Whether a request asks for a play page (which starts or takes a kernel)."""
    return handler.request.method == "GET" and "/voila/render/" in handler.request.path


class PageIdentityProvider(VoilaIdentityProvider):  # type: ignore[misc]
    """Voila's identity provider, which also sets the ``_xsrf`` cookie on every page,
    claims a kernel for each page request within the caps, and lets only a kernel's own
    visitor use it."""

    @default("cookie_options")
    def _cookie_options(self) -> dict[str, Any]:
        # Lax, not Strict: a table's seat link opened from a mail or a chat is a
        # cross-site navigation, and must carry the visitor's cookie like any other.
        return {"samesite": "Lax", "httponly": True}

    async def get_user(self, handler: Any) -> Any:
        user = super().get_user(handler)
        if asyncio.iscoroutine(user) or isinstance(user, asyncio.Future):
            user = await user
        manager = handler.settings.get("kernel_manager")
        visitors = getattr(manager, "visitors", None)
        if is_page(handler):
            # Tornado's xsrf_token asks for the current user, which the handler learns
            # only from this very call: give it now (prepare() sets the same user again).
            handler.current_user = user
            handler.xsrf_token  # noqa: B018 - reading it sets the cookie when it is missing
            if visitors is not None and user is not None:
                await self._admit(handler, manager, user.username)
            return user
        kernel = kernel_named(handler)
        if kernel is not None and visitors is not None:
            visit = visitors.owner(kernel)
            if user is None or visit is None or visit.visitor != user.username:
                raise web.HTTPError(404, NOT_YOURS, reason="Not Found")
            if handler.request.path.endswith("/channels"):
                visit.connected = True
        return user

    async def _admit(self, handler: Any, manager: Any, visitor: str) -> None:
        """Wait for this page request's turn to render (its address's lane), then claim
        a kernel for it; or answer it with the full page."""
        if getattr(handler, VISIT, None) is not None:
            return
        request = handler.request
        address = client_address(
            request.remote_ip, request.headers.get_list("X-Forwarded-For"), manager.trusted
        )
        gate = getattr(manager, "gate", None)
        if gate is not None:
            try:
                await gate.enter(address)
            except Busy:
                self.log.warning("Too many pages at once from %s (%s)", address, gate.load())
                self._full(handler)
            stream = getattr(request.connection, "stream", None)
            if stream is not None and stream.closed():  # gone while waiting its turn
                gate.leave(address)
                raise web.Finish()
        left: list[bool] = []

        def leave() -> None:  # the render's turn ends once, however the request ends
            if gate is not None and not left:
                left.append(True)
                gate.leave(address)

        visit, gone = manager.visitors.admit(visitor, address)
        for kernel in gone:
            self.log.info("Shutting down kernel %s: its visitor opened one page too many", kernel)
            manager.let_go(kernel)
        if visit is None:
            self.log.warning("The server is full for %s (%s)", address, manager.visitors.held())
            leave()
            self._full(handler)
        setattr(handler, VISIT, visit)
        finish, close = handler.on_finish, handler.on_connection_close

        def on_finish() -> None:
            leave()
            manager.page_sent(visit)
            finish()

        def on_connection_close() -> None:
            leave()
            manager.page_sent(visit)
            close()

        handler.on_finish = on_finish
        handler.on_connection_close = on_connection_close

    @staticmethod
    def _full(handler: Any) -> NoReturn:
        """Answer the request with the "server is full" page (503, Retry-After)."""
        handler.set_status(503)
        handler.set_header("Retry-After", str(RETRY_AFTER))
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Cache-Control", "no-store")
        raise web.Finish(FULL_PAGE)
