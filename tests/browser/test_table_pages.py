"""Tables in real Chromium through a real Voila server (issue 17): "Play with others" on a
game's page creates a table and shows its links; two people, each in their own browser
context with their own link, play a whole Fellowship game against each other, and each
move shows on the other screen.

How to use the table server in another test (the fixture is in conftest.py, the helpers
in tests/support/tables.py)::

    from support.tables import open_seat, open_seats, shoot, shown_ply, wait_ply

    def test_x(table_server, browser):
        info = table_server.create("fellowship", ["human", "human"], seed=3)
        page = open_seat(browser, table_server.link(info, 0))  # seat 0; None: spectators
        ...  # table_server.store is the pages' store, open in the test
        page.context.close()

The page's address is ``table.ipynb?table=ID&token=T``; its header carries the ply shown
(``.tablegames-seat .seat-state[data-ply]``, ``data-finished``).
"""

from __future__ import annotations

import random
import re
import statistics
import time

from support.browser import new_page, wait_painted
from support.tables import open_seats, shoot, shown_ply, wait_ply

from tablegames.fellowship.layout import Layout
from tablegames.fellowship.moves import FellowshipMove

#: The seats' move lists, and their Play buttons.
MOVE_LIST = ".tablegames-seat select"
PLAY = ".tablegames-seat button[title='Play the move chosen in the list']"


def links_shown(page) -> dict[str, str]:
    """The links the "Play with others" panel shows for the table just created."""
    rows = page.locator(".tablegames-others .links").first.locator("tr")
    out = {}
    for i in range(rows.count()):
        who = rows.nth(i).locator("td.who").inner_text().strip()
        out[who] = rows.nth(i).locator(".link").inner_text().strip()
    return out


def click_move_on_board(page, view, notation: str) -> None:
    """Play ``notation`` by clicking the board: the stack(s), then the card in the hand."""
    move = FellowshipMove.from_notation(notation)
    lay = Layout(40, 2)
    hand = view.observation["hands"][view.seat]
    rects = [lay.stack_rect(move.dst)] if move.kind != "capture" else [
        lay.stack_rect(move.src), lay.stack_rect(move.dst)
    ]  # fmt: skip
    rects.append(lay.hand_rect(view.seat, hand.index(move.card)))
    canvas = page.locator("canvas.tablegames-fellowship").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    for x, y, w, h in rects:
        page.mouse.click(box["x"] + x + w / 2, box["y"] + y + h / 2)
        time.sleep(0.1)


def wait_shown(page, ply: int, last: str, move: str, timeout: float = 10.0) -> None:
    """Wait until the seat page shows ply ``ply``, its last-move line starting with
    ``last`` and naming ``move``."""
    page.wait_for_function(
        """([ply, last, move]) => {
          const s = document.querySelector('.tablegames-seat .seat-state');
          return s && Number(s.getAttribute('data-ply')) === ply
            && s.querySelector('.last')?.innerText.startsWith(last)
            && s.querySelector('.last code')?.innerText === move;
        }""",
        arg=[ply, last, move],
        timeout=timeout * 1000,
    )


def test_play_with_others_creates_a_table_and_shows_a_link_per_seat(browser, table_server):
    creator = new_page(browser, 1000, 1000)
    creator.goto(f"{table_server.url}/voila/render/fellowship.ipynb", timeout=90_000)
    assert wait_painted(creator) > 1000
    creator.locator("button:has-text('Play with others')").click()
    creator.wait_for_selector(".tablegames-others select", timeout=20_000)
    assert creator.locator(".tablegames-others select").count() == 2  # 2 players
    creator.locator("button:has-text('Create table')").click()
    creator.wait_for_selector(".tablegames-others .links", timeout=20_000)
    links = links_shown(creator)
    assert set(links) == {"Player 0", "Player 1", "Spectators"}
    page_url = f"{table_server.url}/voila/render/table.ipynb?table="
    assert all(u.startswith(page_url) for u in links.values()), links
    table, token = re.search(r"table=([\w-]+)&token=([\w-]+)", links["Player 1"]).groups()
    assert table_server.store.view(table, token).seat == 1
    mine = creator.locator(".tablegames-others .note .link").inner_text()
    assert [t.table for t in table_server.store.tables_of(mine.split("creator=")[1])] == [table]
    creator.locator(".tablegames-others .links").first.scroll_into_view_if_needed()
    shoot(creator, "table-play-with-others")
    assert not creator.errors, creator.errors
    creator.context.close()
    # each link opens its seat (tests/widgets/test_table_page.py: the spectators' view)
    spectators = re.search(r"token=([\w-]+)", links["Spectators"]).group(1)
    assert table_server.store.view(table, spectators).seat is None


def test_two_browsers_play_full_fellowship_2p_game(browser, table_server) -> None:
    """Two people, each in their own browser context through their own link, play a whole
    game; each move shows on the other screen (median under half a second); a reload
    resumes the seat. Seed 81 with these choices ends in about a dozen moves."""
    store = table_server.store
    info = table_server.create("fellowship", ["human", "human"], seed=81)
    tokens = [info.tokens[0], info.tokens[1]]
    pages = open_seats(browser, [table_server.link(info, p) for p in (0, 1)])
    for p, page in enumerate(pages):
        assert shown_ply(page) == 0
        assert f"You play Player {p}." in page.locator(".seat-head").inner_text()
    shoot(pages[0], "table-seat-0")
    rng = random.Random(2)
    seen: list[float] = []
    view = store.view(info.table, tokens[0])
    while not view.finished:
        p, ply = view.to_move, view.ply
        mover, other = pages[p], pages[1 - p]
        mine = store.view(info.table, tokens[p])
        k = rng.randrange(len(mine.legal_moves))
        played = mine.legal_moves[k]
        wait_ply(mover, ply)
        if ply < 2:  # the first moves by clicks on the board
            click_move_on_board(mover, mine, played)
        else:
            mover.locator(MOVE_LIST).select_option(index=k)  # the list is in this order
            start = time.perf_counter()
            mover.locator(PLAY).click()
        line = f"Move {ply + 1}: Player {p} played"
        wait_shown(other, ply + 1, line, played)
        if ply >= 2:  # from the Play button's click (clicks on the board wait between them)
            seen.append(time.perf_counter() - start)
        view = store.view(info.table, tokens[1 - p])
        assert view.ply == ply + 1 and view.last_move == (p, played)
        if ply == 4:  # a reload resumes the seat where the table is
            pages[1].reload()
            assert wait_painted(pages[1]) > 1000
            wait_shown(pages[1], ply + 1, line, played, timeout=60)
    for p, page in enumerate(pages):
        page.wait_for_function(
            "() => document.querySelector('.tablegames-seat .seat-state')"
            "?.getAttribute('data-finished') === '1'",
            timeout=10_000,
        )
        said = page.locator(".tablegames-seat .tablegames-message").inner_text()
        if p in view.winners:
            assert said.startswith("Game over: you won"), said
        else:
            assert said.startswith("Game over:") and "you won" not in said, said
        assert not page.errors, page.errors
    shoot(pages[1], "table-seat-1-over")
    record = store.record(info.table, tokens[0])
    assert len(record.moves) == view.ply and record.states()[-1].is_terminal
    median = statistics.median(seen)
    print(f"\n{view.ply} moves; the other screen showed each after median "
          f"{1000 * median:.0f} ms, max {1000 * max(seen):.0f} ms")  # fmt: skip
    assert median < 0.5, f"moves took {median:.2f} s (median) to show on the other screen"
    for page in pages:
        page.context.close()
