""" "Play with others" on a game's page: choose who sits where, create a table, and send
each person their own link; and the list of the tables you created.

Each table is created with a *creator token*: the panel makes one with the first table
of a page visit (``OthersPanel(creator=...)`` reuses a known one) and shows it as a "Your
tables" link, ``table.ipynb?creator=<token>``, to bookmark. That link lists every table
made with the token and shows their links again (the store derives the seat tokens from
it and keeps only hashes: see docs/tables.md). Nothing about the person is stored
anywhere else: no cookie, no account. A reloaded game page starts a new list; the
bookmarked link keeps the old one.

A page's "Create table" is bounded (issue 27 item 3): :data:`TABLES_AT_ONCE` tables at
once, then one every :data:`TABLE_EVERY` seconds, and at most :data:`MAX_TABLES` from
one page; a refused press says so. The list of tables grows by one row per table
created, never drawn again whole: 1,000 presses had re-sent the whole list each time
(output growing with the square of the presses: Voila +620 MB).
"""

from __future__ import annotations

import datetime
import html
import time
from collections.abc import Callable
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames.tables import HUMAN, TableError, TableInfo, TableStore
from tablegames.tables import tokens as tk

from ..registry import board_class
from ..rows import fit_menus
from .links import creator_link, table_page_url
from .store import page_store

#: Who may sit at a shared table: a person (on their own device, with their own link) or
#: a bot, which the store moves once per turn.
TABLE_SEATS = [
    ("Person (own link)", HUMAN),
    ("Random bot", "random"),
    ("Greedy bot", "greedy"),
    ("MCTS bot", "mcts:300"),
]

#: Tables one page may create at once, then one every TABLE_EVERY seconds, and at most
#: MAX_TABLES in all: a class's teacher sets up 10 tables in one go and the rest of a
#: class of 60 within a minute, while a script pressing "Create table" makes 10.
TABLES_AT_ONCE = 10
TABLE_EVERY = 5.0
MAX_TABLES = 30
#: What a refused press says (the same words each time: a repeated refusal sends nothing).
TOO_FAST = "Tables are being created too fast: wait a few seconds, then press Create table again."
TOO_MANY = (
    f"This page has created {MAX_TABLES} tables, the most one page may create. Your "
    "tables are listed below; to create more, open the game's page again."
)

CSS = """
<style>
.tablegames-tables .links { border-collapse: collapse; margin: 4px 0; }
.tablegames-tables .links td { padding: 3px 8px 3px 0; vertical-align: top; }
.tablegames-tables .links td.who { font-weight: bold; white-space: nowrap; }
.tablegames-tables .link { user-select: all; -webkit-user-select: all; font-family: monospace;
  font-size: 11.5px; background: #f4f6f8; border: 1px solid #d0d7de; border-radius: 4px;
  padding: 2px 6px; word-break: break-all; display: inline-block; max-width: 800px; }
.tablegames-tables .note { color: #555; font-size: 0.95em; max-width: 760px; }
.tablegames-tables h3 { font-size: 1.1em; margin: 0.6em 0 0.2em 0; }
.tablegames-tables a, .tablegames-page a { color: #1565c0; text-decoration: underline; }
</style>
"""


def link_rows(info: TableInfo, base: str, names: Callable[[int], str]) -> str:
    """An HTML table of a table's links: one row per person's seat and one for
    spectators, each URL as selectable text (one click selects it all) and a link."""
    rows = []
    for label, url in info.links(base).items():
        if label == "spectator":
            who = "Spectators"
        else:
            p = int(label.split()[1])
            who = names(p)
        u = html.escape(url)
        rows.append(
            f"<tr><td class='who'>{html.escape(who)}</td>"
            f"<td><a href='{u}' target='_blank' rel='noopener'>open</a></td>"
            f"<td><span class='link'>{u}</span></td></tr>"
        )
    return f"<table class='links'>{''.join(rows)}</table>"


def seat_summary(info: TableInfo, names: Callable[[int], str]) -> str:
    return ", ".join(
        f"{names(p)}: {'person' if kind == HUMAN else kind + ' bot'}"
        for p, kind in enumerate(info.seats)
    )


class OthersPanel(VBox):  # type: ignore[misc]
    """The "Play with others" section of a game's page (see the module docstring).

    ``options`` gives the game's options as the page's controls set them. The panel
    opens with its button; the store is opened then, not before.
    """

    def __init__(
        self,
        game_name: str,
        options: Callable[[], dict[str, Any]],
        *,
        creator: str | None = None,
        store: Callable[[], TableStore] = page_store,
        base: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game_name = game_name
        self.clock = clock
        self.made = 0  #: tables created from this panel
        self._allowance = float(TABLES_AT_ONCE)  # tables that may be created now
        self._at = clock()
        self.options = options
        self.creator = creator if creator is not None and tk.well_formed(creator) else None
        self._store = store
        self.base = base
        self.open_button = Button(description="Play with others", icon="users",
                                  tooltip="Set up a table for people on their own devices: "
                                  "each gets a link to their seat")  # fmt: skip
        self.open_button.on_click(lambda _b: self.toggle())
        self.seat_box = HBox(layout=Layout(flex_flow="row wrap"))
        self.create_button = Button(
            description="Create table",
            button_style="success",
            tooltip="Create the table and show one link per seat",
        )
        self.create_button.on_click(lambda _b: self.create())
        self.result = HTML()
        self.list_head = HTML()
        self.listing = VBox([self.list_head])  # the head, then one HTML row per table
        intro = HTML(
            CSS + "<h3>Play with others</h3><p class='note'>Each person plays on their own "
            "device and sees only their own cards. Choose who sits where (the options above "
            "apply), create the table, then send each person the link of their seat. "
            "A link reopened later (or reloaded) returns to the same seat.</p>"
        )
        self.body = VBox([intro, self.seat_box, self.create_button, self.result, self.listing])
        self.body.layout.display = "none"
        self.body.add_class("tablegames-tables")
        super().__init__([self.body])
        self.add_class("tablegames-others")
        self.settings_changed()

    def __repr__(self) -> str:
        return f"<OthersPanel: {self.game_name}>"

    @property
    def store(self) -> TableStore:
        return self._store()

    def base_url(self) -> str:
        return self.base if self.base is not None else table_page_url()

    def toggle(self, show: bool | None = None) -> None:
        """Show or hide the section (the button beside New game)."""
        shown = self.body.layout.display != "none"
        show = not shown if show is None else show
        self.body.layout.display = None if show else "none"
        if show:
            self.settings_changed()
            self.show_tables()

    def players(self) -> int:
        try:
            return int(tg.make(self.game_name, **self.options()).num_players)
        except ValueError:
            return len(self.seat_box.children) or 2

    def settings_changed(self) -> None:
        """One seat menu per player of the game as the options set it now."""
        name = board_class(self.game_name).player_name
        fit_menus(self.seat_box, self.players(), lambda p: Dropdown(
            options=TABLE_SEATS, value=HUMAN, description=name(p),
            layout=Layout(width="230px")))  # fmt: skip

    def seats(self) -> list[str]:
        return [str(d.value) for d in self.seat_box.children]

    def create(self) -> TableInfo | None:
        """Create a table with the chosen options and seats and show its links."""
        if HUMAN not in self.seats():
            self._refuse("Seat at least one person: a table of bots alone has nobody to open it.")
            return None
        refused = self._too_many()
        if refused:
            self._refuse(refused)
            return None
        if self.creator is None:
            self.creator = tk.new_token()
        try:
            info = self.store.create(self.game_name, self.seats(), options=self.options(),
                                     creator=self.creator)  # fmt: skip
        except (ValueError, TableError) as exc:
            self._refuse(str(exc))
            return None
        except Exception as exc:  # the store cannot be opened or written
            self._refuse(f"The table could not be created: {exc}")
            return None
        names = board_class(info.game).player_name
        self.result.value = (
            f"<h3>Table {html.escape(info.table)} is ready</h3>"
            f"<p class='note'>{html.escape(seat_summary(info, names))}. Send each person "
            "the link of their seat (and only theirs: a link is the key to its seat); "
            "anyone may watch with the spectators' link.</p>"
            + link_rows(info, self.base_url(), names)
        )
        self.made += 1
        self._allowance -= 1
        self._add_row(info)
        return info

    def _too_many(self) -> str:
        """Why no table may be created now ('' when one may): the page's cap, or the rate."""
        if self.made >= MAX_TABLES:
            return TOO_MANY
        now = self.clock()
        self._allowance = min(TABLES_AT_ONCE, self._allowance + (now - self._at) / TABLE_EVERY)
        self._at = now
        return "" if self._allowance >= 1 else TOO_FAST

    def _refuse(self, text: str) -> None:
        self.result.value = f"<div role='alert' style='color:#c62828'>{html.escape(text)}</div>"

    def show_tables(self) -> None:
        """The list of the tables made with this page's creator token, read afresh."""
        if self.creator is None:
            self.list_head.value = ""
            self.listing.children = [self.list_head]
            return
        try:
            tables = self.store.tables_of(self.creator)
        except Exception as exc:  # the store cannot be read now: say so, keep the page
            self.list_head.value = f"<p class='note'>{html.escape(str(exc))}</p>"
            self.listing.children = [self.list_head]
            return
        base = self.base_url()
        rows = [HTML(f"<ul class='table-list'>{table_item(t, base)}</ul>") for t in tables]
        self.listing.children = [self.list_head, *rows]
        self._head(len(tables))

    def _add_row(self, info: TableInfo) -> None:
        """The new table at the top of the list: one row sent, not the whole list."""
        row = HTML(f"<ul class='table-list'>{table_item(info, self.base_url())}</ul>")
        self.listing.children = [self.list_head, row, *self.listing.children[1:]]
        self._head(len(self.listing.children) - 1)

    def _head(self, count: int) -> None:
        mine = html.escape(creator_link(self.creator or "", self.base_url()))
        self.list_head.value = (
            f"<h3>Your tables ({count})</h3><p class='note'>Bookmark "
            f"<a href='{mine}' target='_blank' rel='noopener'>this link to your tables</a> "
            f"to see them and their links again later: <span class='link'>{mine}</span></p>"
        )

    def listing_html(self) -> str:
        """The list of tables as the page shows it (its head and rows), as one text."""
        return "".join(w.value for w in self.listing.children)


def tables_html(tables: list[TableInfo], base: str) -> str:
    """The tables of a creator: game, seats, progress, and each table's links."""
    if not tables:
        return "<p class='note'>No tables yet.</p>"
    return f"<ul class='table-list'>{''.join(table_item(t, base) for t in tables)}</ul>"


def table_item(info: TableInfo, base: str) -> str:
    """One table of a creator's list: game, seats, progress and links (an ``<li>``)."""
    names = board_class(info.game).player_name if info.game in tg.GAMES else _player
    title = tg.GAMES[info.game].info.title if info.game in tg.GAMES else info.game
    when = datetime.datetime.fromtimestamp(info.created).strftime("%Y-%m-%d %H:%M")
    state = "finished" if info.finished else "in play"
    return (
        f"<li><b>{html.escape(title)}</b>, table {html.escape(info.table)} "
        f"(created {when}; {info.ply} moves, {state}). "
        f"{html.escape(seat_summary(info, names))}" + link_rows(info, base, names) + "</li>"
    )


def _player(p: int) -> str:
    return f"Player {p}"


class TablesList(VBox):  # type: ignore[misc]
    """The table page opened with a creator link: the tables made with that token."""

    def __init__(self, store: TableStore, creator: str, base: str | None = None) -> None:
        base = base if base is not None else table_page_url()
        tables = store.tables_of(creator)
        self.tables = tables
        body = HTML(
            CSS + "<h2>Your tables</h2><p class='note'>Every table made with this link's "
            "creator token, newest first. Send each person only the link of their seat.</p>"
            + tables_html(tables, base)
        )
        super().__init__([body])
        self.add_class("tablegames-tables")

    def __repr__(self) -> str:
        return f"<TablesList: {len(self.tables)} tables>"
