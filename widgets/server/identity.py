"""Who a request comes from: :class:`PageIdentityProvider`.

When a visitor leaves, the page posts ``/voila/api/shutdown/<kernel id>`` with the
``_xsrf`` cookie's value, so that the kernel is freed at once. Voila 0.5 streams the page
without ever asking for the xsrf token, so the cookie was never set, the form field went
empty and the server refused the request (403 "'_xsrf' argument missing from POST"; voila
issue 1458): every kernel lingered until the idle cull. This identity provider (consulted
by every request before its handler runs, so before the streamed page sends its headers)
gives each page request the cookie. The check itself stays on: a post without the
matching cookie is still refused.
"""

from __future__ import annotations

import asyncio
from typing import Any

from voila.voila_identity_provider import VoilaIdentityProvider  # type: ignore[import-untyped]


class PageIdentityProvider(VoilaIdentityProvider):  # type: ignore[misc]
    """Voila's identity provider, which also sets the ``_xsrf`` cookie on every page
    (a GET that renders a notebook), so the page's shutdown request is accepted."""

    async def get_user(self, handler: Any) -> Any:
        user = super().get_user(handler)
        if asyncio.iscoroutine(user) or isinstance(user, asyncio.Future):
            user = await user
        if handler.request.method == "GET" and "/voila/render/" in handler.request.path:
            # Tornado's xsrf_token asks for the current user, which the handler learns
            # only from this very call: give it now (prepare() sets the same user again).
            handler.current_user = user
            handler.xsrf_token  # noqa: B018 - reading it sets the cookie when it is missing
        return user
