"""The table page, ``table.ipynb``: what its address asks for.

- ``?table=ID&token=T``: the seat (or the spectators' place) that token holds at that
  table (:class:`~tablegames_widgets.tables.seat.SeatWidget`);
- ``?creator=C``: the tables made with that creator token, with their links;
- anything else: how to get a link, and the games to start a table from.

A link that names no table, a token of no seat, or a store that cannot be opened shows
a short message saying what is wrong, never a traceback.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qs

from ipywidgets import HTML

import tablegames as tg
from tablegames.tables import BadToken, TableStore, UnknownTable
from tablegames.tables import tokens as tk

from .panel import CSS, TablesList
from .seat import SeatWidget
from .store import page_store

PAGE_CSS = """
<style>
.tablegames-page { max-width: 1000px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.tablegames-page .table-problem { color: #c62828; font-weight: bold; }
</style>
"""


class Notice(HTML):  # type: ignore[misc]
    """A short page of text (with a short repr: stored notebooks show it)."""

    def __init__(self, text: str, value: str) -> None:
        self.text = text
        super().__init__(value)
        self.add_class("tablegames-notice")

    def __repr__(self) -> str:
        return f"<Notice: {self.text}>"


def notice(text: str, problem: bool = True, games: bool = True) -> Notice:
    """A short page: ``text`` (red when a ``problem``) and the games' pages to start a
    table from."""
    cls = "table-problem" if problem else "note"
    links = "".join(
        f"<li><a href='{html.escape(n)}.ipynb'>{html.escape(tg.GAMES[n].info.title)}</a></li>"
        for n in tg.GAMES
    )
    more = (
        "<p>To set up a table, open a game and press <b>Play with others</b>:</p>"
        f"<ul class='page-list'>{links}</ul>"
        if games
        else ""
    )
    return Notice(
        text,
        PAGE_CSS + CSS + f"<div class='tablegames-page'><p class='{cls}' role='alert'>"
        f"{html.escape(text)}</p>{more}</div>",
    )


def table_page(query: str | None = None, store: TableStore | None = None) -> Any:
    """The widget ``table.ipynb?<query>`` shows (see the module docstring); ``query``
    defaults to the request's (Voila passes it to the kernel)."""
    from .. import guard
    from ..request import request_query

    guard.install()  # the visitor's widget messages are checked before any work
    if query is None:
        query = request_query()
    asked = {k: v[0] for k, v in parse_qs(query).items()}
    table, token, creator = asked.get("table"), asked.get("token"), asked.get("creator")
    if not table and not token and not creator:
        return notice(
            "This page shows a table people play at, each on their own device: open it "
            "with the link you were sent.",
            problem=False,
        )
    if creator is not None and not table:
        if not tk.well_formed(creator):
            return notice("That is not a link to anyone's tables: check the link.")
        try:
            return TablesList(store or page_store(), creator)
        except Exception as exc:  # a store that cannot be opened: said, not a traceback
            return notice(f"The tables cannot be read now: {exc}")
    if not table or not token:
        return notice(
            "This link is incomplete: a seat's link names a table and a token "
            "(table.ipynb?table=...&token=...). Check that the whole link was copied."
        )
    try:
        seat = (store or page_store()).seat(table, token)
        widget = SeatWidget(seat)
    except UnknownTable as exc:
        return notice(f"No such table: {exc}.")
    except BadToken as exc:
        return notice(f"This link does not open a seat: {exc}.")
    except Exception as exc:  # a store that cannot be opened: said, not a traceback
        return notice(f"The table cannot be opened now: {exc}")
    widget.add_class("tablegames-page")
    return widget
