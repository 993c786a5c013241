"""The Puzzles play page in a real headless Chromium through Voila: the first Card Chess
puzzle solved by two clicks on the board says right, Next puzzle moves the counter on,
and a Currents puzzle (chosen in the game list) answered by a click and its button draws
the inspector's lines."""

from __future__ import annotations

import json
import time
from typing import Any

from support.browser import shoot, wait_painted

from tablegames.puzzles import load_set

PAGE = "puzzles.ipynb"


def canvas_box(page: Any, selector: str) -> Any:
    """A board canvas's box on screen, scrolled into view first."""
    canvas = page.locator(selector).first
    canvas.scroll_into_view_if_needed()
    return canvas.bounding_box()


def point_of(board: Any, key: Any) -> tuple[float, float]:
    """A pixel well inside the place the board draws for ``key`` (its hit test says so)."""
    width, height = board.geometry.width, board.geometry.height
    for y in range(4, int(height), 5):
        for x in range(4, int(width), 5):
            around = {board.hit(x + dx, y + dy) for dx in (-4, 0, 4) for dy in (-4, 0, 4)}
            if around == {key}:
                return (x, y)
    raise AssertionError(f"no pixel of the board shows {key!r}")


def message(page: Any) -> str:
    return str(page.locator(".tablegames-puzzle .tablegames-message").first.inner_text())


def wait_message(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('.tablegames-puzzle .tablegames-message')"
        "?.innerText.includes(t)",
        arg=text,
        timeout=20_000,
    )


def click_keys(page: Any, board: Any, keys: tuple[Any, ...], selector: str) -> None:
    """Click the places of ``keys`` on the page's board, each click answered (the board
    redrawn) before the next."""
    box = canvas_box(page, selector)
    canvas = f"document.querySelector({json.dumps(selector)})"
    for key in keys:
        x, y = point_of(board, key)
        shown = page.evaluate(f"() => {canvas}.toDataURL()")
        page.mouse.click(box["x"] + x, box["y"] + y)
        page.wait_for_function(f"t => {canvas}.toDataURL() !== t", arg=shown, timeout=20_000)


def test_solve_puzzles_by_clicking_see_right_go_to_the_next_and_change_game(
    page, voila_url: str
) -> None:
    """Card Chess: two clicks solve the first puzzle, green "Right!", Next puzzle shows
    2 of 12. Currents (chosen in the game list): a click on K♣ and its button solve the
    first puzzle, and the board redraws with the inspector's influence lines."""
    from tablegames_widgets.puzzles import PuzzleWidget

    start = time.perf_counter()
    page.goto(f"{voila_url}/voila/render/{PAGE}", timeout=90_000)
    assert wait_painted(page) > 1000, "the board canvas stayed empty"
    wait_message(page, "Your answer")
    header = page.locator(".tablegames-puzzle-header").first
    assert "Puzzle 1 of 12" in header.inner_text() and "difficulty" in header.inner_text()
    # The page's first puzzle, built headlessly: where its solution's clicks fall.
    local = PuzzleWidget("cardchess")
    puzzle = load_set("cardchess")["puzzles"][0]
    assert local.puzzle["id"] == puzzle["id"]
    move = local.state.parse_move(puzzle["solution"][0])
    click_keys(page, local.board, local.board.move_keys(move), "canvas.tablegames-cardchess")
    wait_message(page, "Right!")
    assert puzzle["theme"][1:] in message(page)
    colour = page.evaluate(
        "() => getComputedStyle(document.querySelector("
        "'.tablegames-puzzle .tablegames-message [role=status]')).color"
    )
    assert colour == "rgb(46, 125, 50)", "right is not shown in green"
    shoot(page, "puzzles-right")
    page.locator(".tablegames-puzzle button:has-text('Next puzzle')").click()
    page.wait_for_function(
        "() => document.querySelector('.tablegames-puzzle-header').innerText"
        ".includes('Puzzle 2 of 12')",
        timeout=20_000,
    )
    wait_message(page, "Your answer")
    solved = time.perf_counter() - start

    page.locator(".tablegames-page select").first.select_option(label="Currents")
    canvas = "document.querySelector('canvas.tablegames-currents')"
    page.wait_for_function(f"() => !!{canvas}", timeout=20_000)
    assert wait_painted(page) > 1000
    assert "Currents" in header.inner_text()
    local = PuzzleWidget("currents")
    solution = local.puzzle["solution"][0]  # K♣ turns the compass: one card, then a button
    move = local.state.parse_move(solution)
    click_keys(page, local.board, local.board.move_keys(move), "canvas.tablegames-currents")
    before = page.evaluate(f"() => {canvas}.toDataURL()")
    page.locator(f".tablegames-puzzle button[title={json.dumps(solution)}]").click()
    wait_message(page, "Right!")
    page.wait_for_function(f"() => {canvas}.toDataURL() !== {json.dumps(before)}", timeout=20_000)
    page.wait_for_timeout(300)
    shoot(page, "puzzles-currents-right")
    print(f"open, solve by clicks, next: {solved:.1f} s; all: {time.perf_counter() - start:.1f} s")
    assert not page.errors, page.errors
