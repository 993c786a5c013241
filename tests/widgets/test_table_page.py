"""The table page's widgets without a browser (issue 17): a seat sees only its own cards,
moves go through the store naming their ply, a late move is refused with a message and
the board refreshed, others' moves are followed within half a second, bots move once per
turn, a reload resumes, bad links get a clear message, and "Play with others" creates a
table with a link per seat."""

from __future__ import annotations

import asyncio
import html
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tablegames_widgets.pages import PlayPage
from tablegames_widgets.tables import (
    OthersPanel,
    SeatWidget,
    TablesList,
    creator_link,
    table_page,
    table_page_url,
)
from tablegames_widgets.tables.page import Notice

import tablegames as tg
from tablegames.tables import TableInfo, TableStore

BASE = "http://play.test/voila/render/table.ipynb"


@pytest.fixture
def store() -> Iterator[TableStore]:
    with TableStore("sqlite:///:memory:") as s:
        yield s


@pytest.fixture
def table(store: TableStore) -> TableInfo:
    return store.create("fellowship", ["human", "human"], seed=3)


def seat(store: TableStore, info: TableInfo, p: int | None) -> SeatWidget:
    widget = table_page(info.query(p), store=store)
    assert isinstance(widget, SeatWidget), widget
    return widget


def test_a_seat_holds_only_its_own_cards(store: TableStore, table: TableInfo) -> None:
    real = tg.make("fellowship", players=2).initial_state(3)  # the table's seed
    a = seat(store, table, 0)
    assert a.view.seat == 0 and a.board.viewer == 0
    assert a.state.hands[0] == real.hands[0]  # its own hand, as dealt
    assert a.state.hands[1] != real.hands[1]  # stand-ins, never the real cards
    assert a.board.visible_hands(a.state)[1] == [None] * 5  # drawn face down
    text = a.head.value + a.message.value + " ".join(str(o) for o in a.moves.options)
    shown = set(real.hands[0]) | {s[-1] for s in real.circle}
    for card in set(real.hands[1]) - shown:
        assert card not in text


def test_a_spectator_sees_no_hand_and_cannot_move(store: TableStore, table: TableInfo) -> None:
    watcher = seat(store, table, None)
    assert watcher.view.seat is None
    hands = watcher.board.visible_hands(watcher.state)
    assert all(card is None for hand in hands for card in hand)
    assert "You are watching" in watcher.head.value
    watcher.play(store.view(table.table, table.tokens[0]).legal_moves[0])
    assert "spectators cannot move" in watcher.said
    assert store.view(table.table, table.tokens[0]).ply == 0


def test_a_move_goes_through_the_store_and_shows_on_the_other_seat(
    store: TableStore, table: TableInfo
) -> None:
    a, b = seat(store, table, 0), seat(store, table, 1)
    assert a.your_turn and not b.your_turn and "Waiting for Player 0" in b.said
    move = a.view.legal_moves[0]
    a.play(move)
    assert a.view.ply == 1 and not a.your_turn
    b.refresh()
    assert b.view.ply == 1 and b.your_turn and b.said.startswith("Your move")
    assert f"Player 0 played <code>{html.escape(move)}</code>" in b.head.value
    assert "data-ply='1'" in b.head.value


def test_a_click_out_of_turn_says_whose_turn_it_is(store: TableStore, table: TableInfo) -> None:
    b = seat(store, table, 1)
    b._clicked(("stack", 0))
    assert b.said == "It is Player 0's turn: wait for their move."
    assert b.moves.disabled and b.play_selected.disabled


def test_clicks_play_a_move_through_the_store(store: TableStore, table: TableInfo) -> None:
    a = seat(store, table, 0)
    move = a.state.parse_move(a.view.legal_moves[0])
    for key in a.board.move_keys(move):
        a._clicked(key)
    assert store.view(table.table, table.tokens[1]).last_move == (0, str(move))


def test_a_late_move_is_refused_with_a_message_and_the_board_refreshed(
    store: TableStore, table: TableInfo
) -> None:
    """Two tabs of the same seat: the second tab's move, chosen at ply 0, comes after the
    first tab's; it is refused, the tab says so and shows the table as it is."""
    tab1, tab2 = seat(store, table, 0), seat(store, table, 0)
    first, second = tab1.view.legal_moves[0], tab2.view.legal_moves[1]
    tab1.play(first)
    assert tab2.play(second) is None
    assert tab2.said.startswith("Your move was not played: table ")
    assert "chosen at ply 0" in tab2.said and "shows the table as it is" in tab2.said
    assert tab2.view.ply == 1 and not tab2.your_turn  # refreshed from the store
    assert store.view(table.table, table.tokens[1]).last_move == (0, first)  # nothing lost


def test_bots_move_through_the_store_once_per_turn(store: TableStore) -> None:
    info = store.create("fellowship", ["human", "random"], seed=5)
    a, again = seat(store, info, 0), seat(store, info, 0)  # two pages of one seat
    a.play(a.view.legal_moves[0])
    again.refresh()
    assert a.view.ply == 2 and again.view.ply == 2  # the bot answered once
    assert a.your_turn and a.view.last_move[0] == 1
    assert store.advance(info.table) == 0  # nothing more is due


def test_a_reload_resumes_the_seat(store: TableStore, table: TableInfo) -> None:
    a = seat(store, table, 0)
    a.play(a.view.legal_moves[0])
    b = seat(store, table, 1)
    b.play(b.view.legal_moves[0])
    again = seat(store, table, 0)  # a reload: a new page for the same link
    assert again.view.ply == 2 and again.your_turn
    assert again.state.hands[0] == store.view(table.table, table.tokens[0]).board_state().hands[0]


def test_the_follower_shows_another_seats_move_within_half_a_second(
    tmp_path: Path,
) -> None:
    """The page's thread waits on the store (an SQLite file, as make play uses) and hands
    each new view to the event loop; the page shows the other seat's move at once."""
    with TableStore(f"sqlite:///{tmp_path / 'tables.db'}") as s:
        info = s.create("fellowship", ["human", "human"], seed=3)
        loop = asyncio.new_event_loop()
        try:
            b = SeatWidget(s.seat(info.table, info.tokens[1]), follow=False, poll_timeout=1)
            b.start_following(loop)
            delays = []
            for _ in range(4):
                mover = b.view.to_move
                view = s.view(info.table, info.tokens[mover])
                time.sleep(0.2)  # the store's polling backs off while nothing moves
                sent = time.monotonic()
                s.play(info.table, info.tokens[mover], view.legal_moves[0], view.ply)
                while b.view.ply == view.ply and time.monotonic() - sent < 5:
                    loop.run_until_complete(asyncio.sleep(0.005))
                assert b.view.ply == view.ply + 1
                delays.append(b.shown_at - sent)
            assert max(delays) < 0.5, delays
        finally:
            b.close()
            loop.close()


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("table=nosuchtable&token=" + "x" * 43, "No such table: there is no table"),
        ("table=bad!id&token=" + "x" * 43, "No such table:"),
        ("table=TABLE&token=" + "y" * 43, "This link does not open a seat: that token is not"),
        ("table=TABLE&token=short", "This link does not open a seat"),
        ("table=TABLE", "This link is incomplete"),
        ("token=" + "y" * 43, "This link is incomplete"),
        ("creator=no!", "That is not a link to anyone's tables"),
        ("", "This page shows a table people play at"),
    ],
)
def test_a_bad_link_shows_a_clear_message(
    store: TableStore, table: TableInfo, query: str, said: str
) -> None:
    page = table_page(query.replace("TABLE", table.table), store=store)
    assert isinstance(page, Notice)
    assert page.text.startswith(said), page.text
    assert "Traceback" not in page.value and "class='page-list'" in page.value


def test_play_with_others_creates_a_table_with_a_link_per_seat(store: TableStore) -> None:
    panel = OthersPanel("fellowship", lambda: {"players": 2}, store=lambda: store, base=BASE)
    assert panel.body.layout.display == "none"
    panel.toggle()
    assert panel.body.layout.display is None
    assert panel.seats() == ["human", "human"]
    panel.seat_box.children[1].value = "random"
    info = panel.create()
    assert info is not None and info.seats == ("human", "random")
    assert info.creator == panel.creator
    for p in (0, None):
        assert f"{BASE}?{info.query(p)}".replace("&", "&amp;") in panel.result.value
    assert "table=" + info.table not in panel.result.value.split("Spectators")[1].split("</tr>")[1:]
    assert store.view(info.table, info.tokens[0]).seat == 0
    second = panel.create()
    assert [t.table for t in store.tables_of(panel.creator)] == [second.table, info.table]
    assert "Your tables (2)" in panel.listing_html()
    assert creator_link(panel.creator, BASE).replace("&", "&amp;") in panel.listing_html()
    mine = table_page(f"creator={panel.creator}", store=store)
    assert isinstance(mine, TablesList) and len(mine.tables) == 2


def test_play_with_others_follows_the_number_of_players() -> None:
    page = PlayPage("currents")
    assert page.others.open_button in page.button_row.children  # beside New game
    assert len(page.others.seat_box.children) == int(page.controls["players"].value)
    page.controls["players"].value = 2  # Currents: 4 or 2
    assert len(page.others.seat_box.children) == 2


def test_a_refused_table_says_why(store: TableStore) -> None:
    panel = OthersPanel("fellowship", lambda: {"players": 2}, store=lambda: store, base=BASE)
    for menu in panel.seat_box.children:
        menu.value = "random"
    assert panel.create() is None
    assert "Seat at least one person" in panel.result.value
    assert store.tables_of(panel.creator or "x" * 43) == []


def test_links_use_the_address_voila_gives_the_page() -> None:
    env = {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866",
           "SCRIPT_NAME": "/voila/render/fellowship.ipynb"}  # fmt: skip
    assert table_page_url(env) == "http://127.0.0.1:8866/voila/render/table.ipynb"
    env["TABLEGAMES_PUBLIC_URL"] = "https://play.example.org/"
    assert table_page_url(env) == "https://play.example.org/voila/render/table.ipynb"
    assert table_page_url({}) == "table.ipynb"  # outside Voila: beside the page


def test_the_store_is_opened_in_the_page_not_at_import(tmp_path: Path) -> None:
    """Kernels are forked from a process that imported the widgets: importing them must
    not open the store (TABLEGAMES_TABLES names a file that appears only on first use)."""
    db = tmp_path / "tables.db"
    code = (
        "import tablegames_widgets.pages, tablegames_widgets.tables as t, pathlib, sys\n"
        f"p = pathlib.Path({str(db)!r})\n"
        "assert not p.exists(), 'opened at import'\n"
        "t.page_store()\n"
        "assert p.exists()\n"
    )
    env = {**os.environ, "TABLEGAMES_TABLES": f"sqlite:///{db}"}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)


def test_with_a_follower_the_bot_answers_in_its_thread_not_in_the_click(tmp_path: Path) -> None:
    """A page that follows the table sends its move without waiting for the bot: the
    follower thread's wait plays the bot's move (once), and the page shows it."""
    with TableStore(f"sqlite:///{tmp_path / 'tables.db'}") as s:
        info = s.create("fellowship", ["human", "random"], seed=5)
        loop = asyncio.new_event_loop()
        a = SeatWidget(s.seat(info.table, info.tokens[0]), follow=False, poll_timeout=1)
        try:
            a.start_following(loop)
            a.play(a.view.legal_moves[0])
            assert a.view.ply == 1 and "(random bot) is choosing a move" in a.said
            end = time.monotonic() + 5
            while a.view.ply < 2 and time.monotonic() < end:
                loop.run_until_complete(asyncio.sleep(0.01))
            assert a.view.ply == 2 and a.your_turn and a.view.last_move[0] == 1
        finally:
            a.close()
            loop.close()


def test_a_store_that_cannot_be_opened_is_said_not_raised(
    monkeypatch: pytest.MonkeyPatch, table: TableInfo
) -> None:
    from tablegames_widgets.tables import use_store

    monkeypatch.setenv("TABLEGAMES_TABLES", "nosuch://anywhere")
    use_store(None)
    try:
        page = table_page(table.query(0))
        assert isinstance(page, Notice)
        assert page.text.startswith("The table cannot be opened now: unknown table store URL")
        panel = OthersPanel("fellowship", lambda: {"players": 2}, base=BASE)
        assert panel.create() is None
        assert "unknown table store URL" in panel.result.value
    finally:
        use_store(None)


def test_create_table_is_rate_limited_and_capped_per_page(store: TableStore) -> None:
    """Issue 27 item 3: 1,000 presses of "Create table" had made 1,000 tables. A page
    creates TABLES_AT_ONCE at once, then one every TABLE_EVERY seconds, MAX_TABLES in
    all; a refused press says why and creates nothing."""
    from tablegames_widgets.tables import panel as tables_panel

    now = [0.0]
    panel = OthersPanel("fellowship", lambda: {"players": 2}, store=lambda: store, base=BASE,
                        clock=lambda: now[0])  # fmt: skip
    made = [panel.create() for _ in range(tables_panel.TABLES_AT_ONCE + 5)]
    assert sum(m is not None for m in made) == tables_panel.TABLES_AT_ONCE
    assert "too fast" in panel.result.value
    assert len(store.tables_of(panel.creator or "")) == tables_panel.TABLES_AT_ONCE
    now[0] += tables_panel.TABLE_EVERY
    assert panel.create() is not None and panel.create() is None  # one more a while later
    for _ in range(tables_panel.MAX_TABLES):
        now[0] += tables_panel.TABLE_EVERY
        panel.create()
    assert panel.made == tables_panel.MAX_TABLES
    assert "the most one page may create" in panel.result.value
    assert len(store.tables_of(panel.creator or "")) == tables_panel.MAX_TABLES


def test_a_new_table_adds_one_row_to_the_list(store: TableStore) -> None:
    """The creator's list grows by the new table's row: the rows already shown are not
    drawn again (1,000 presses had re-sent the whole list each time)."""
    panel = OthersPanel("fellowship", lambda: {"players": 2}, store=lambda: store, base=BASE)
    first = panel.create()
    rows = list(panel.listing.children[1:])
    values = [r.value for r in rows]
    second = panel.create()
    assert first is not None and second is not None
    assert list(panel.listing.children[2:]) == rows and [r.value for r in rows] == values
    assert second.table in panel.listing.children[1].value  # newest first
    assert "Your tables (2)" in panel.listing_html()
    panel.toggle()  # opening the section reads the list afresh: the same list
    assert "Your tables (2)" in panel.listing_html()
    assert panel.listing_html().index(second.table) < panel.listing_html().index(first.table)
