"""The addresses of the table page: one link per seat, one for spectators, one for the
creator's list of tables, as full URLs a person can copy and send.

A page's kernel learns its own address from Voila (``SERVER_NAME``, ``SERVER_PORT`` and
``SCRIPT_NAME``, e.g. ``/voila/render/fellowship.ipynb``); the table page is the notebook
``table.ipynb`` beside it. Behind a proxy (https, another host name) set
``TABLEGAMES_PUBLIC_URL`` to the address people reach the play server at
(``https://play.example.org``): links then start with it.
"""

from __future__ import annotations

import contextlib
import os

from tablegames.tables import TableInfo

#: The notebook of the table page, beside the game pages.
TABLE_PAGE = "table.ipynb"
#: The environment variable naming the play server's public address (behind a proxy).
PUBLIC_URL = "TABLEGAMES_PUBLIC_URL"


_ASKED = False


def learn_address() -> None:
    """Make sure this kernel knows its page's address. A kernel Voila preheated ran the
    page before any visitor came, so it has no ``SCRIPT_NAME`` yet; Voila keeps the
    request of the visitor it was handed for it (``voila/query/<kernel id>``), which is
    read here (a few milliseconds) and added to the environment."""
    global _ASKED
    env = os.environ
    if env.get("VOILA_PREHEAT") != "True" or "SCRIPT_NAME" in env or "VOILA_KERNEL_ID" not in env:
        return
    if _ASKED:  # asked once already and got no answer: links stay relative
        return
    _ASKED = True
    from ..request import voila_request_info

    with contextlib.suppress(Exception):  # links then stay relative to the page
        env.update(voila_request_info(timeout=3))


def table_page_url(env: dict[str, str] | None = None) -> str:
    """The full URL of the table page, from the address of the page running now
    (``table.ipynb``, relative, outside Voila)."""
    if env is None:
        learn_address()
        env = dict(os.environ)
    script = env.get("SCRIPT_NAME", "")
    folder = script.rsplit("/", 1)[0] if "/voila/render/" in script else ""
    public = env.get(PUBLIC_URL, "").rstrip("/")
    if public:
        return f"{public}{folder}/{TABLE_PAGE}"
    host = env.get("SERVER_NAME", "")
    if not host or not folder:
        return TABLE_PAGE
    port = env.get("SERVER_PORT", "")
    default = port in ("", "80")
    return f"http://{host}{'' if default else ':' + port}{folder}/{TABLE_PAGE}"


def seat_links(info: TableInfo, base: str | None = None) -> dict[str, str]:
    """``{"seat 0": url, ..., "spectator": url}`` for a new table (see
    :meth:`tablegames.tables.TableInfo.links`)."""
    return info.links(base if base is not None else table_page_url())


def creator_link(creator: str, base: str | None = None) -> str:
    """The link to the list of the tables made with the creator token ``creator``."""
    return f"{base if base is not None else table_page_url()}?creator={creator}"
