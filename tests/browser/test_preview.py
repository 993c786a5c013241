"""What-if previews in a real Chromium through Voila: on the Currents play page a card
held over a slot draws where the pawn would go and the status line names the edge it
would cross, and moving away restores the board; on the Card Chess page pointing at a
move in the move list draws the position it leads to, and leaving the list restores it.

The Currents page is deterministic (seed 1, random bots answering at once), so the
position after one move is known: it is replayed headlessly to find what to click."""

from __future__ import annotations

import json
import time

from support.browser import message, open_board, shoot, wait_painted

from tablegames.currents.geometry import SLOTS

ROW = 24  # the move list's row height (tablegames_widgets.preview.ROW)


def canvas_box(page, selector: str) -> dict[str, float]:
    """A canvas's box on screen, scrolled into view first."""
    canvas = page.locator(selector).first
    canvas.scroll_into_view_if_needed()
    return dict(canvas.bounding_box())


def data_url(page, selector: str) -> str:
    return str(page.evaluate(f"() => document.querySelector('{selector}').toDataURL()"))


def wait_changed(page, selector: str, before: str, timeout: float = 20_000) -> float:
    """Wait until the canvas differs from ``before``; the milliseconds it took."""
    start = time.perf_counter()
    page.wait_for_function(
        f"() => document.querySelector('{selector}').toDataURL() !== {json.dumps(before)}",
        timeout=timeout,
    )
    return (time.perf_counter() - start) * 1000


def wait_same(page, selector: str, before: str) -> None:
    page.wait_for_function(
        f"() => document.querySelector('{selector}').toDataURL() === {json.dumps(before)}",
        timeout=20_000,
    )


def settled(page, selector: str) -> str:
    last = data_url(page, selector)
    for _ in range(40):
        page.wait_for_timeout(250)
        now = data_url(page, selector)
        if now == last:
            return now
        last = now
    raise AssertionError("the canvas kept changing")


def list_point(page, row: int) -> tuple[float, float]:
    box = canvas_box(page, "canvas.tablegames-move-list")
    return box["x"] + 40, box["y"] + row * ROW + ROW / 2


def test_currents_card_over_a_slot_previews_the_edge_crossed(page, voila_url: str) -> None:
    from tablegames_widgets.currents.preview import what_if
    from tablegames_widgets.pages import PlayPage

    headless = PlayPage("currents").play  # the page's own seed and bots
    rows = [m for _label, m in headless.previews.list.items]
    first = next(m for m in rows if str(m) == "7C>N1")  # drives the pawn to (4, 0)
    headless.play(first)
    state = headless.state
    previews = [(m, what_if(state, m)) for m in state.legal_moves()]
    crossing, expected = next(
        (m, p) for m, p in previews if p is not None and p.edges and m.target in SLOTS
    )
    assert expected is not None and expected.edges

    open_board(page, voila_url, "currents.ipynb")
    board = "canvas.tablegames-currents"
    # the move list: pointing at a row previews it on the board, a click plays it
    start = settled(page, board)
    page.mouse.move(*list_point(page, rows.index(first)))
    took = wait_changed(page, board, start)
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message').innerText.includes('7♣')",
        timeout=20_000,
    )
    print(f"move-list hover to preview drawn: {took:.0f} ms")
    page.mouse.click(*list_point(page, rows.index(first)))
    page.wait_for_function(
        "() => { const t = document.querySelector('.tablegames-caption').innerText;"
        " return /turn [2-9]/.test(t) && t.includes('player 0 to play'); }",
        timeout=30_000,
    )
    # pick the card, then hold it over the slot
    lay = headless.board.geometry
    box = canvas_box(page, board)
    hand = headless.board.visible_hands(state)[0]
    x, y, w, h = lay.hand_rect(0, hand.index(crossing.card))
    played = settled(page, board)
    page.mouse.click(box["x"] + x + w / 2, box["y"] + y + h / 2)
    try:
        wait_changed(page, board, played)  # the card framed, its places too
    except Exception as exc:
        shoot(page, "preview-currents-not-picked")
        raise AssertionError(f"the card was not picked; the page says: {message(page)}") from exc
    picked = settled(page, board)
    x, y, w, h = lay.slot_rect(SLOTS.index(crossing.target))
    page.mouse.move(box["x"] + x + w / 2 - 4, box["y"] + y + h / 2)
    page.mouse.move(box["x"] + x + w / 2, box["y"] + y + h / 2, steps=4)  # one redraw
    took = wait_changed(page, board, picked)
    edge = {"N": "north", "E": "east", "S": "south", "W": "west"}[expected.edges[0]]
    page.wait_for_function(
        f"() => document.querySelector('.tablegames-message').innerText"
        f".includes('over the {edge} edge')",
        timeout=20_000,
    )
    print(f"card over a slot to preview drawn: {took:.0f} ms")
    assert message(page).strip() == expected.text
    page.wait_for_timeout(200)
    shoot(page, "preview-currents-edge")
    page.mouse.move(box["x"] + 3, box["y"] + 3)  # the board's corner: no place
    wait_same(page, board, picked)
    assert "edge" not in message(page)
    assert not page.errors, page.errors


def test_cardchess_move_list_hover_previews_the_position(page, voila_url: str) -> None:
    from tablegames_widgets.pages import PlayPage

    headless = PlayPage("cardchess").play
    label, _move = headless.previews.list.items[1]
    open_board(page, voila_url, "cardchess.ipynb")
    board = "canvas.tablegames-canvas"
    assert wait_painted(page) > 1000
    before = settled(page, board)
    said = message(page)
    page.mouse.move(*list_point(page, 1))
    took = wait_changed(page, board, before)
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message').innerText.startsWith('Preview')",
        timeout=20_000,
    )
    print(f"Card Chess move-list hover to preview drawn: {took:.0f} ms")
    assert label in message(page)
    page.wait_for_timeout(200)
    shoot(page, "preview-cardchess-list")
    page.mouse.move(5, 5)  # off the list
    wait_same(page, board, before)
    page.wait_for_function(
        f"() => document.querySelector('.tablegames-message').innerText === {json.dumps(said)}",
        timeout=20_000,
    )
    page.mouse.move(*list_point(page, 2))  # once the page is warm
    took = wait_changed(page, board, before)
    print(f"again, another row: {took:.0f} ms")
    assert not page.errors, page.errors
