"""Table pages in tests: a Voila server started as ``make play`` starts it, over a
temporary SQLite table store, with that store open in the test to create tables and
read them back.

In a browser test (tests/browser), ask for the session fixture ``table_server``
(tests/browser/conftest.py)::

    def test_something(table_server, browser):
        info = table_server.create("fellowship", ["human", "human"], seed=3)
        page = open_seat(browser, table_server.link(info, 0))   # seat 0's page
        a, b = open_seats(browser, [table_server.link(info, p) for p in (0, 1)])
        spectators = table_server.link(info, None)
        view = table_server.store.view(info.table, info.tokens[1])  # what seat 1 sees

Elsewhere: ``server = start_table_server(tmp_path)`` ... ``server.stop()``.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from support.browser import PLAY, new_page, start_voila, wait_painted
from tablegames.tables import ENV, TableInfo, TableStore

#: Screenshots land here (git ignores it), as the play pages' tests' do.
SHOTS = Path(os.environ.get("TABLEGAMES_ARTIFACTS", PLAY.parents[1] / "tests" / "artifacts"))


def shoot(page: Any, name: str) -> None:
    """A screenshot of ``page`` as ``SHOTS/<name>.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@dataclass
class TableServer:
    """A Voila play server and the table store its pages use."""

    url: str  #: the server's address, ``http://127.0.0.1:PORT``
    store_url: str  #: ``sqlite:///...`` (the pages' ``TABLEGAMES_TABLES``)
    store: TableStore  #: the same store, opened in the test process
    proc: subprocess.Popen[bytes]
    log: Path  #: Voila's log (its kernels' errors end up here)

    @property
    def page(self) -> str:
        """The table page's address (``table.ipynb``)."""
        return f"{self.url}/voila/render/table.ipynb"

    def create(self, game: str, seats: list[str], **kwargs: Any) -> TableInfo:
        """A new table (``TableStore.create``'s arguments)."""
        return self.store.create(game, seats, **kwargs)

    def link(self, info: TableInfo, seat: int | None) -> str:
        """The link of ``seat`` (None: the spectators') at table ``info``."""
        return f"{self.page}?{info.query(seat)}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)
        self.store.close()


def start_table_server(tmp: Path, *extra: str) -> TableServer:
    """Voila (``start_voila``) with ``TABLEGAMES_TABLES`` naming an SQLite file in ``tmp``."""
    store_url = f"sqlite:///{tmp / 'tables.db'}"
    with mock.patch.dict(os.environ, {ENV: store_url}):
        proc, url = start_voila(tmp, *extra)
    return TableServer(url, store_url, TableStore(store_url), proc, tmp / "voila.log")


def open_seat(browser: object, link: str, width: int = 1000, height: int = 1000) -> Any:
    """A page (in its own browser context: its own cookies, like another device) showing
    the table page at ``link``, once its board is drawn and its message line says
    something. Close it with ``page.context.close()``."""
    return open_seats(browser, [link], width, height)[0]


def open_seats(browser: object, links: list[str], width: int = 1000, height: int = 1000) -> Any:
    """:func:`open_seat` for several links at once (the pages load side by side)."""
    pages = []
    for link in links:
        page = new_page(browser, width, height)
        page.goto(link, timeout=90_000, wait_until="commit")
        pages.append(page)
    for page in pages:
        page.wait_for_load_state("load", timeout=90_000)
        assert wait_painted(page) > 1000, "the table's board stayed empty"
        page.wait_for_function(
            "() => document.querySelector('.tablegames-message')?.innerText.length > 0",
            timeout=30_000,
        )
    return pages


def shown_ply(page: Any) -> int:
    """The ply the seat page shows (its header's ``data-ply``)."""
    return int(page.locator(".tablegames-seat .seat-state").first.get_attribute("data-ply"))


def wait_ply(page: Any, ply: int, timeout: float = 10.0) -> float:
    """Wait until ``page`` shows ply ``ply`` or later; the seconds it took."""
    start = time.perf_counter()
    page.wait_for_function(
        "ply => Number(document.querySelector('.tablegames-seat .seat-state')"
        "?.getAttribute('data-ply')) >= ply",
        arg=ply,
        timeout=timeout * 1000,
    )
    return time.perf_counter() - start
