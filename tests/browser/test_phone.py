"""The play pages on a phone (issue 28 §4): Chromium as a 390 x 844 touch screen (a
mobile viewport at device scale 2). On every game's page and at a table's seat, the
board comes first, within the first screen and the screen's width (the canvas scaled
down by CSS), nothing scrolls sideways, and a move made by tapping the board is played:
the taps land on the places the kernel's hit test expects although the canvas is drawn
smaller than its own pixels. The index and the Puzzles page fit the width too.

One Voila server for the module: the table server (it serves the play pages as well).
Screenshots land in tests/artifacts/phone-*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from support.browser import PLAY, SHOTS, new_page, play_pages, wait_painted

WIDTH, HEIGHT = 390, 844
PHONE = {
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
CANVAS = "canvas.tablegames-canvas"
CAPTION = ".tablegames-caption"


def game_pages() -> list[str]:
    """The play pages that build a game's page (every game's own page)."""
    return [n for n in play_pages() if "PlayPage" in (PLAY / n).read_text()]


def game_of(page_name: str) -> str:
    found = re.search(r'PlayPage\(\\"(\w+)\\"\)', (PLAY / page_name).read_text())
    assert found, f"{page_name} builds no PlayPage"
    return found.group(1)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    page = new_page(browser, WIDTH, HEIGHT, **PHONE)
    yield page
    page.context.close()


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-{name}.png"), full_page=True)


def tap_plan(board: Any) -> tuple[Any, list[tuple[float, float]]]:
    """A legal move of the board's position made by clicks alone, and the canvas pixels
    to tap for it (the middle of each clicked place, where the board's hit test finds
    that place), worked out on a board built headlessly like the page's."""
    from tablegames_widgets.move_input import MoveInput

    state = board.state
    for move in state.legal_moves():
        keys = board.move_keys(move)
        points = []
        for key in keys:
            rect = board.key_rect(key)
            if rect is None:
                break
            x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
            if board.hit(x, y) != key:
                break
            points.append((x, y))
        if not keys or len(points) != len(keys):
            continue
        clicks = MoveInput(board)
        outcomes = [clicks.click(state, key) for key in keys]
        if outcomes[-1].move == move and all(o.move is None for o in outcomes[:-1]):
            return move, points
    raise AssertionError(f"no move of {state.game.name} is made by taps on marked places")


def check_fits(page: Any) -> dict[str, float]:
    """The board canvas's box: within the first screen and its width; no sideways scroll."""
    box = page.locator(CANVAS).first.bounding_box()
    assert box["y"] < HEIGHT and box["y"] + box["height"] / 3 < HEIGHT, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= WIDTH, f"the page scrolls sideways: {width} px wide"
    return box


def tap_move(page: Any, points: list[tuple[float, float]]) -> float:
    """Tap each canvas pixel, scaled to where the canvas is drawn on the screen; the
    scale (the canvas's width on screen over its own width)."""
    canvas = page.locator(CANVAS).first
    pixels = canvas.evaluate("c => c.width")
    box = canvas.bounding_box()
    scale = box["width"] / pixels
    for x, y in points:
        canvas.tap(position={"x": x * scale, "y": y * scale})
        page.wait_for_timeout(150)
    return float(scale)


def wait_shown(page: Any, caption: str) -> None:
    """Wait until the board's caption (its position in words) reads ``caption``."""
    page.wait_for_function(
        f"() => document.querySelector('{CAPTION}').innerText.trim() === {json.dumps(caption)}",
        timeout=20_000,
    )


@pytest.mark.parametrize("name", game_pages())
def test_a_play_page_on_a_phone_shows_the_board_first_and_plays_by_taps(
    phone: Any, table_server: Any, name: str
) -> None:
    from tablegames_widgets.pages import PlayPage

    play = PlayPage(game_of(name)).play  # the page's deal and bots (seed 1)
    board = play.board
    move, points = tap_plan(board)
    phone.goto(f"{table_server.url}/voila/render/{name}", timeout=90_000)
    assert wait_painted(phone) > 1000, "the board canvas stayed empty"
    phone.wait_for_function(
        "() => document.querySelector('.tablegames-message')?.innerText.length > 0",
        timeout=30_000,
    )
    box = check_fits(phone)
    intro = phone.locator(".tablegames-page .howto").first.bounding_box()
    assert intro["y"] > box["y"] + box["height"], "the how-to is not below the board"
    shoot(phone, name.removesuffix(".ipynb"))
    before = phone.locator(CAPTION).first.inner_text().strip()
    assert before == board.describe(board.state)
    scale = tap_move(phone, points)
    if board.geometry.width > WIDTH:  # drawn smaller than its pixels: taps are mapped
        assert scale < 0.97, f"the board is not scaled to the screen ({scale:.2f})"
    play.play(move)  # the same move here, and the same bots' answers after it
    expected = board.describe(play.state)
    assert expected != before
    wait_shown(phone, expected)
    check_fits(phone)
    shoot(phone, name.removesuffix(".ipynb") + "-tapped")
    assert not phone.errors, phone.errors


def test_a_table_seat_on_a_phone_shows_the_board_first_and_plays_by_taps(
    phone: Any, table_server: Any
) -> None:
    from tablegames_widgets.registry import board_for
    from tablegames_widgets.tables.drawing import seat_state

    info = table_server.create("fellowship", ["human", "human"], seed=81)
    view = table_server.store.view(info.table, info.tokens[0])
    state, viewer = seat_state(view)
    board = board_for(state, viewer=viewer)
    move, points = tap_plan(board)
    phone.goto(table_server.link(info, 0), timeout=90_000)
    assert wait_painted(phone) > 1000, "the table's board stayed empty"
    check_fits(phone)
    shoot(phone, "table-seat")
    tap_move(phone, points)
    phone.wait_for_function(
        "() => Number(document.querySelector('.tablegames-seat .seat-state')"
        "?.getAttribute('data-ply')) === 1",
        timeout=20_000,
    )
    assert table_server.store.view(info.table, info.tokens[1]).last_move == (0, str(move))
    check_fits(phone)
    shoot(phone, "table-seat-tapped")
    assert not phone.errors, phone.errors


@pytest.mark.parametrize("name", ["index.ipynb", "puzzles.ipynb"])
def test_the_index_and_the_puzzles_fit_a_phone(phone: Any, table_server: Any, name: str) -> None:
    phone.goto(f"{table_server.url}/voila/render/{name}", timeout=90_000)
    if name == "index.ipynb":
        phone.wait_for_selector(".game-card", timeout=60_000)
        pictures = phone.locator(".jp-RenderedImage img")
        assert pictures.count() == len(game_pages())
        for i in range(pictures.count()):
            assert pictures.nth(i).bounding_box()["width"] <= 200
    else:
        assert wait_painted(phone) > 1000
        check_fits(phone)
    width = phone.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= WIDTH, f"the page scrolls sideways: {width} px wide"
    shoot(phone, name.removesuffix(".ipynb"))
    assert not phone.errors, phone.errors


def test_a_games_puzzles_link_on_the_index_opens_its_puzzles(phone: Any, table_server: Any) -> None:
    """The index's Puzzles link names the game (``puzzles.ipynb?game=resistor``) and opens
    in the same tab (JupyterLab's renderer makes every output link open a new one), and
    the Puzzles page, whose kernel was started before the visitor came, opens on that game."""
    phone.goto(f"{table_server.url}/voila/render/index.ipynb", timeout=90_000)
    link = phone.locator(".game-card[data-game='resistor'] a.puzzles")
    link.wait_for(timeout=60_000)
    link.tap()
    phone.wait_for_url(
        re.compile(r"puzzles\.ipynb\?game=resistor$"), wait_until="commit", timeout=30_000
    )
    assert wait_painted(phone) > 1000
    chooser = phone.locator(".tablegames-page select").first
    phone.wait_for_function(
        "() => document.querySelector('.tablegames-page select')?.selectedOptions[0]"
        "?.textContent === 'Resistor'",
        timeout=30_000,
    )
    assert "Resistor" in phone.locator(".tablegames-page").first.inner_text()
    assert chooser.is_visible()
    assert not phone.errors, phone.errors
