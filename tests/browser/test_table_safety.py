"""Tables are safe to play at from separate devices (issue 17 item 4), in real Chromium
pages through a real Voila server (TABLE-PAGES' ``table_server``, support/tables.py):

- nothing seat 0's page receives holds a card hidden from seat 0: every websocket frame
  (its JSON: widget states, drawing commands, messages), the page's HTML and every text
  drawn on its canvases; the same detector finds seat 0's own cards there, and seat 1's
  cards in seat 1's page (so it can fail);
- two pages of one seat send a move at the same ply: exactly one move is played, the
  other page says its move was not played and shows the table as it is;
- the server is killed (SIGKILL) mid-game and started again on the same store: both
  links open at the same ply and the game goes on;
- a bad token and a bad table id show a clear message, not a traceback.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import signal
import sqlite3
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from support.browser import NOTEBOOKS, jupyter_env, new_page, serve, wait_painted
from support.kernel_client import json_text
from support.processes import descendants
from support.tables import shoot, shown_ply, wait_ply

import tablegames as tg
from tablegames import style
from tablegames.fellowship.layout import Layout
from tablegames.tables import ENV

MOVE_LIST = ".tablegames-seat select"
PLAY = ".tablegames-seat button[title='Play the move chosen in the list']"

#: Records every text drawn on any canvas of the page, before the page's own scripts run.
SPY = """(() => {
  window.__drawn = [];
  for (const proto of [window.CanvasRenderingContext2D, window.OffscreenCanvasRenderingContext2D]) {
    if (!proto) continue;
    for (const name of ['fillText', 'strokeText']) {
      const real = proto.prototype[name];
      proto.prototype[name] = function (text, x, y, ...rest) {
        window.__drawn.push([String(text), x, y]);
        return real.call(this, text, x, y, ...rest);
      };
    }
  }
})();"""

#: The words of the page's DOM: its text, and every title, value, label and data-value.
DOM_TEXT = """() => {
  const out = [document.body.innerText];
  for (const e of document.querySelectorAll('*')) {
    for (const name of ['title', 'value', 'aria-label', 'alt', 'placeholder', 'data-value']) {
      const v = e.getAttribute(name);
      if (v) { try { out.push(decodeURIComponent(v)); } catch (_) { out.push(v); } }
    }
    if (e.value !== undefined && typeof e.value === 'string') out.push(e.value);
  }
  return out.join('\\n');
}"""


# ---- the detector -------------------------------------------------------------------------


class Spied:
    """A page whose every received websocket frame, DOM snapshot and canvas text is kept."""

    def __init__(self, browser: Any, link: str) -> None:
        self.page = new_page(browser, 1000, 1000)
        self.frames: list[str] = []
        self.html: list[str] = []
        self.page.add_init_script(SPY)
        self.page.on("websocket", self._socket)
        self.page.goto(link, timeout=90_000, wait_until="commit")

    def ready(self) -> Spied:
        """Wait until the page is loaded, its board drawn and its message line set."""
        ready(self.page)
        return self

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json_text(payload)))

    def snapshot(self) -> None:
        """Keep what the page shows in its DOM: its text, and the attributes widgets put
        words in (a select's options, tooltips, labels)."""
        self.html.append(self.page.evaluate(DOM_TEXT))

    def drawn(self) -> list[tuple[str, float, float]]:
        return [tuple(d) for d in self.page.evaluate("() => window.__drawn")]


def ready(page: Any) -> None:
    page.wait_for_load_state("load", timeout=90_000)
    assert wait_painted(page) > 1000, "the table's board stayed empty"
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message')?.innerText.length > 0",
        timeout=30_000,
    )


def spied(browser: Any, links: list[str]) -> list[Spied]:
    """Spied pages of ``links``, loading side by side."""
    return [s.ready() for s in [Spied(browser, link) for link in links]]


def written(card: str) -> list[re.Pattern[str]]:
    """How a card may be named in text: its code as a word (``7H``, as in ``cover 1 7H``;
    not inside ``#2D2D2D`` or ``%2C``) or its face (``7♥``, as move labels write it)."""
    label, symbol = style.face(card)
    code = rf"(?:^|(?<=[\s>\"'(,:;])){card}(?=$|[\s<\"'),.;:])"
    return [re.compile(code, re.MULTILINE), re.compile(re.escape(label + symbol))]


def named(texts: list[str], cards: set[str], secrets: list[str]) -> dict[str, str]:
    """The ``cards`` that ``texts`` name, each with the text round its first mention (the
    table id and tokens, ``secrets``, are cut out first: a random token could hold
    ``_7H-``)."""
    blob = "\n".join(texts)
    for secret in secrets:
        blob = blob.replace(secret, " ")
    found = {}
    for card in cards:
        for pattern in written(card):
            if m := pattern.search(blob):
                found[card] = blob[max(0, m.start() - 100) : m.end() + 60]
                break
    return found


def faces_drawn(drawn: list[tuple[str, float, float]]) -> set[str]:
    """The card faces the canvas texts make up: a card's rank label at its top left, then
    at once its suit symbol lower in its middle (``draw_cards``; offsets from the card
    size), or both in one text (a card lying on its side)."""
    _x, _y, w, h = Layout(40, 2).hand_rect(0, 0)
    small = min(w, h)
    dx, dy = w / 2 - 3, h * 0.78 - small * 0.36
    symbols = {style.face(c)[1] for c in tg.make("fellowship").deck}
    faces = {t for t, _x, _y in drawn if len(t) >= 2}
    for (rank, rx, ry), (symbol, sx, sy) in itertools.pairwise(drawn):
        if symbol in symbols and abs(sx - rx - dx) < 0.6 and abs(sy - ry - dy) < 0.6:
            faces.add(rank + symbol)
    return faces


def faces_of(cards: set[str]) -> dict[str, str]:
    return {"".join(style.face(c)): c for c in cards}


def never_seen(game: tg.Game, seed: int, moves: list[str], seat: int) -> set[str]:
    """The cards ``seat``'s observation never named, at any ply of the game so far (the
    table replayed in the test from its seed and moves): what its page must never get."""
    state = game.initial_state(seed)
    seen: set[str] = set()
    for m in [*moves, None]:
        text = json.dumps(state.observation(seat))
        seen |= {c for c in game.deck if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)}
        if m is not None:
            state = state.apply(state.parse_move(m))
    return set(game.deck) - seen


def hand(game: tg.Game, seed: int, moves: list[str], seat: int) -> set[str]:
    """``seat``'s hand now (the table replayed in the test)."""
    state = game.initial_state(seed)
    for m in moves:
        state = state.apply(state.parse_move(m))
    return set(state.to_json()["hands"][seat])


def play_on_page(page: Any, store: Any, table: str, token: str, k: int = 0) -> str:
    """Play the ``k``-th legal move of the seat with ``token`` through its page's move
    list and Play button; the move's notation."""
    view = store.view(table, token)
    page.locator(MOVE_LIST).select_option(index=k)
    page.locator(PLAY).click()
    return view.legal_moves[k]


# ---- the tests ------------------------------------------------------------------------------


@dataclass
class Game:
    """A Fellowship table of two people, each page spied on, after four moves made on the
    pages (each seat moved twice); shared by the hidden-cards and the restart tests."""

    info: Any
    links: list[str]
    pages: list[Spied]
    seed: int = 3
    moves: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)


@pytest.fixture(scope="module")
def game(browser, table_server) -> Iterator[Game]:
    seed = 3
    info = table_server.create("fellowship", ["human", "human"], seed=seed)
    store, table, tokens = table_server.store, info.table, info.tokens
    links = [table_server.link(info, p) for p in (0, 1)]
    g = Game(info, links, spied(browser, links), seed)
    for ply in range(4):  # seat 0, seat 1, seat 0, seat 1
        for s in g.pages:
            s.snapshot()
        p = store.view(table, tokens[0]).to_move
        g.movers.append(p)
        g.moves.append(play_on_page(g.pages[p].page, store, table, tokens[p]))
        for s in g.pages:
            wait_ply(s.page, ply + 1)
    for s in g.pages:
        s.snapshot()
    yield g
    for s in g.pages:
        s.page.context.close()


def test_seat_0_page_never_receives_seat_1_hidden_cards(game: Game, table_server) -> None:
    info, moves, seed = game.info, game.moves, game.seed
    store, table, tokens = table_server.store, info.table, info.tokens
    rules = store.view(table, tokens[0]).make_game()
    assert set(store.view(table, tokens[1]).observation["hands"][1]) == hand(rules, seed, moves, 1)
    hidden_from = {p: never_seen(rules, seed, moves, p) for p in (0, 1)}
    assert hand(rules, seed, moves, 1) <= hidden_from[0]  # seat 1's hand, never shown to 0
    secrets = [table, *tokens.values(), info.spectator, info.creator]
    for p, s in enumerate(game.pages):
        drawn = faces_drawn(s.drawn())
        received = s.frames + s.html
        # The positive control: the detector finds this seat's own cards (in its text:
        # those its move list offered at its last turn; on its canvas: its hand now)...
        last = max(i for i, m in enumerate(game.movers) if m == p)
        offered = hand(rules, seed, moves[:last], p)
        assert set(named(received, offered, secrets)) == offered, f"seat {p}'s cards not found"
        own = hand(rules, seed, moves, p)
        assert set(faces_of(own)) <= drawn, f"seat {p}'s own cards not seen on its canvas"
        # ...and none of the cards hidden from it.
        leaks = named(received, hidden_from[p], secrets)
        assert not leaks, f"seat {p}'s page got hidden cards: {leaks}"
        leaked = set(faces_of(hidden_from[p])) & drawn
        assert not leaked, f"seat {p}'s canvas drew hidden cards {leaked}"
        assert not s.page.errors, s.page.errors
    shoot(game.pages[0].page, "table-safety-seat-0")


def test_two_pages_moving_at_once_one_move_lands(browser, table_server) -> None:
    """Two devices with seat 0's link choose different moves at ply 0 and send them while
    the store is locked (so both are sent before either is written, as at once)."""
    info = table_server.create("fellowship", ["human", "human"], seed=5)
    store, table, token = table_server.store, info.table, info.tokens[0]
    pages = [s.page for s in spied(browser, [table_server.link(info, 0)] * 2)]
    legal = store.view(table, token).legal_moves
    for k, page in enumerate(pages):
        page.locator(MOVE_LIST).select_option(index=k)
    db = sqlite3.connect(table_server.store_url.removeprefix("sqlite:///"), isolation_level=None)
    db.execute("BEGIN IMMEDIATE")  # the write lock: both pages' moves wait for it
    try:
        for page in pages:
            page.locator(PLAY).click()
        time.sleep(1.5)  # both kernels are inside store.play, waiting to write
    finally:
        db.execute("ROLLBACK")
        db.close()
    for page in pages:
        wait_ply(page, 1)
    view = store.view(table, token)
    assert view.ply == 1 and view.last_move is not None
    won = legal.index(view.last_move[1])
    assert won in (0, 1)
    lost = pages[1 - won]
    said = lost.locator(".tablegames-message").inner_text()
    assert said.startswith("Your move was not played: table"), said
    assert "is at ply 1, but this move was chosen at ply 0" in said
    assert "The board now shows the table as it is." in said
    assert "not played" not in pages[won].locator(".tablegames-message").inner_text()
    assert shown_ply(lost) == 1
    shoot(lost, "table-safety-stale-move")
    for page in pages:
        page.context.close()


def test_bad_token_and_bad_table_id_show_a_clear_message(browser, table_server) -> None:
    info = table_server.create("fellowship", ["human", "human"], seed=7)
    wrong = "A" * 43  # well formed, of no seat
    cases = {
        f"table={info.table}&token={wrong}": "This link does not open a seat: that token "
        f"is not a seat or spectator token of table {info.table}: check the link",
        f"table=no-such-table&token={info.tokens[0]}": "No such table: there is no table "
        "'no-such-table' here: check the link",
        f"table=bad%20id!&token={info.tokens[0]}": "No such table: 'bad id!' is no table id: "
        "ids are letters, digits, - and _ (as in a link)",
    }
    page = new_page(browser, 1000, 1000)
    for query, expected in cases.items():
        page.goto(f"{table_server.page}?{query}", timeout=90_000)
        page.wait_for_selector(".tablegames-notice [role=alert]", timeout=60_000)
        text = page.locator(".tablegames-notice").inner_text()
        assert expected in text, text
        assert "Traceback" not in page.inner_text("body")
    shoot(page, "table-safety-bad-table")
    assert not page.errors, page.errors
    page.context.close()


def restart(server: Any) -> None:
    """Kill the play server (SIGKILL, and its kernels) and start it again on the same port
    and the same table store, as ``make play`` would be started again."""
    old = server.proc
    kernels = descendants(old.pid)
    old.send_signal(signal.SIGKILL)
    old.wait(timeout=20)
    for pid in kernels:  # the dead server's kernels, so they hold no port or lock
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    tmp = Path(server.log).parent
    env = jupyter_env(tmp)
    env[ENV] = server.store_url
    port = server.url.rsplit(":", 1)[1]
    voila = Path(sys.executable).parent / "voila"
    # no preheated kernels: the two links reopened are the only visitors
    command = [str(voila), "play", f"--port={port}", "--pool_size=0"]
    server.log = tmp / "voila-restarted.log"  # later tests read the running server's log
    server.proc = serve(command, NOTEBOOKS, env, server.log, server.url + "/",
                        "Voila (restarted)")  # fmt: skip


def test_killed_server_restarts_and_the_table_resumes(game: Game, table_server) -> None:
    """Mid-game (after four moves), the server is killed and started again: both links
    open at ply 4, and two more moves are played on the pages."""
    store, table, tokens = table_server.store, game.info.table, game.info.tokens
    restart(table_server)
    pages = [s.page for s in game.pages]
    for page, link in zip(pages, game.links):
        page.goto(link, timeout=90_000, wait_until="commit")
    for page in pages:
        ready(page)
        wait_ply(page, 4, timeout=60)
        assert shown_ply(page) == 4
    assert store.view(table, tokens[0]).last_move == (game.movers[3], game.moves[3])
    for ply in (4, 5):
        p = store.view(table, tokens[0]).to_move
        played = play_on_page(pages[p], store, table, tokens[p])
        for page in pages:
            wait_ply(page, ply + 1)
        assert store.view(table, tokens[1 - p]).last_move == (p, played)
    shoot(pages[1], "table-safety-restarted")
    for page in pages:
        assert not page.errors, page.errors
