"""The Voila play pages in a real headless Chromium: every page found renders a finished
page with no code and no error, only play pages are served, a click plays, a reload
redraws, and idle kernels are culled."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import PLAY, play_pages, start_voila, wait_painted

from tablegames.currents.layout import Layout

#: Screenshots of every page land here (git ignores it); look at them after a run.
SHOTS = Path(os.environ.get("TABLEGAMES_ARTIFACTS", PLAY.parents[1] / "tests" / "artifacts"))


def shoot(page: object, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))  # type: ignore[attr-defined]


def board_pages() -> list[str]:
    """Play pages with a game board (every page but the index)."""
    return [n for n in play_pages() if "PlayPage" in (PLAY / n).read_text()]


def message(page) -> str:
    return str(page.locator(".tablegames-message").first.inner_text())


def caption(page) -> str:
    return str(page.locator(".tablegames-caption").first.inner_text())


def open_board(page, url: str, name: str) -> None:
    page.goto(f"{url}/voila/render/{name}", timeout=90_000)
    assert wait_painted(page) > 1000, "the board canvas stayed empty"
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message')?.innerText.length > 0",
        timeout=30_000,
    )


def refused_point(name: str) -> tuple[float, float]:
    """A pixel of the page's board whose click is part of no legal move, found by building
    the same page headlessly (same seed, same bots) and asking its board."""
    import re

    from tablegames_widgets.pages import PlayPage

    game = re.search(r'PlayPage\(\\"(\w+)\\"\)', (PLAY / name).read_text())
    assert game, f"{name} does not build a PlayPage"
    board = PlayPage(game.group(1)).play.board
    legal = board.state.legal_moves()
    keys = {k for m in legal for k in board.move_keys(m)}
    width, height = board.geometry.width, board.geometry.height
    for y in range(5, int(height), 7):
        for x in range(5, int(width), 7):
            key = board.hit(x, y)
            around = {board.hit(x + dx, y + dy) for dx in (-4, 4) for dy in (-4, 4)}
            if key is not None and key not in keys and around == {key}:
                return (x, y)  # well inside the place, not on its edge
    raise AssertionError(f"every clickable place of {name} is part of a legal move")


def play_first_listed_move(page) -> None:
    """Play the move selected in the page's move list with its Play button."""
    page.locator(".tablegames-play button", has_text="Play").last.click()


def status(url: str) -> int:
    try:
        return int(urllib.request.urlopen(url, timeout=10).status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


@pytest.mark.parametrize("name", play_pages())
def test_every_play_page_renders_finished_without_code(page, voila_url: str, name: str) -> None:
    page.goto(f"{voila_url}/voila/render/{name}", timeout=90_000)
    page.wait_for_selector(".jp-OutputArea-output", timeout=90_000)
    has_board = "PlayPage" in (PLAY / name).read_text()
    if has_board:
        assert wait_painted(page) > 1000, "the board canvas stayed empty"
        assert page.locator(".tablegames-page h1").inner_text()
        assert page.locator("button:has-text('New game')").count() == 1
    else:
        page.wait_for_selector(".page-list a", timeout=30_000)
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error" not in text
    assert page.locator(".jp-InputArea-editor, .cm-editor").count() == 0, "code is shown"
    assert "import" not in text, "code is shown"
    assert not page.errors, page.errors
    shoot(page, name.removesuffix(".ipynb"))


def test_index_lists_every_play_page(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=90_000)
    page.wait_for_selector(".page-list", timeout=90_000)
    links = page.locator(".page-list a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert sorted(links) == [n for n in play_pages() if n != "index.ipynb"]


def test_only_play_pages_are_served(voila_url: str) -> None:
    listing = urllib.request.urlopen(voila_url + "/", timeout=10).read().decode()
    for name in play_pages():
        assert name in listing
    assert "walkthroughs" not in listing and "refresh.py" not in listing
    assert status(f"{voila_url}/voila/render/../walkthroughs/currents.ipynb") == 404
    assert status(f"{voila_url}/voila/render/%2E%2E/walkthroughs/currents.ipynb") == 404
    assert status(f"{voila_url}/voila/files/voila.json") in (403, 404)
    assert status(f"{voila_url}/voila/files/../refresh.py") in (403, 404)


def board_box(page) -> dict[str, float]:
    return page.locator("canvas.tablegames-currents").first.bounding_box()


def click_rect(page, rect: tuple[float, float, float, float]) -> None:
    box = board_box(page)
    x, y, w, h = rect
    page.mouse.click(box["x"] + x + w / 2, box["y"] + y + h / 2)


def test_currents_click_plays_a_card(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/currents.ipynb", timeout=90_000)
    assert wait_painted(page) > 1000
    caption = page.locator(".tablegames-caption").first
    assert "player 0 to play" in caption.inner_text()
    lay = Layout(40, 4)
    canvas = "document.querySelector('canvas.tablegames-currents')"
    before = page.evaluate(f"() => {canvas}.toDataURL()")
    click_rect(page, lay.hand_rect(0, 0))  # the first card of player 0's hand...
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message').innerText.length > 0", timeout=20_000
    )
    start = time.perf_counter()
    click_rect(page, lay.slot_rect(1))  # ...onto the empty slot N1
    page.wait_for_function(
        f"() => {canvas}.toDataURL() !== {json.dumps(before)}",
        timeout=20_000,
    )
    page.wait_for_function(
        "() => /turn [2-9]/.test(document.querySelector('.tablegames-caption').innerText)",
        timeout=20_000,
    )
    elapsed = (time.perf_counter() - start) * 1000
    print(f"click to redraw after the bots answered: {elapsed:.0f} ms")
    assert "player 0 to play" in caption.inner_text()
    shoot(page, "currents-after-click")


def test_resistor_places_a_piece_with_one_click(page, voila_url: str) -> None:
    """A click on a framed cell of the tall Resistor board places a piece (hit testing
    in the page matches the kernel's layout)."""
    from tablegames_widgets.pages import PlayPage

    board = PlayPage("resistor").play.board  # the same seed and bots as the page
    state = board.state
    assert state.phase == "setup" and state.current_player == 0  # type: ignore[attr-defined]
    target = state.legal_moves()[0].dst  # type: ignore[attr-defined]
    open_board(page, voila_url, "resistor.ipynb")
    shown = caption(page)
    box = page.locator("canvas.tablegames-resistor").first.bounding_box()
    x, y = board.geometry.cell_center(target)
    page.mouse.click(box["x"] + x, box["y"] + y)
    page.wait_for_function(
        f"() => document.querySelector('.tablegames-caption').innerText !== {json.dumps(shown)}",
        timeout=20_000,
    )
    after = state.apply(state.legal_moves()[0])
    assert caption(page).strip() == after.describe()  # type: ignore[attr-defined]
    shoot(page, "resistor-after-click")


@pytest.mark.parametrize("name", board_pages())
def test_page_explains_an_illegal_click_and_plays_by_buttons(
    page, voila_url: str, name: str
) -> None:
    open_board(page, voila_url, name)
    prompt, shown = message(page), caption(page)
    box = page.locator("canvas.tablegames-canvas").first.bounding_box()
    x, y = refused_point(name)
    page.mouse.click(box["x"] + x, box["y"] + y)
    page.wait_for_function(
        f"() => document.querySelector('.tablegames-message').innerText !== {json.dumps(prompt)}",
        timeout=20_000,
    )
    assert message(page).strip() and message(page) != prompt
    colour = page.evaluate(
        "() => getComputedStyle(document.querySelector('.tablegames-message [role=status]')).color"
    )
    assert colour == "rgb(198, 40, 40)", "the refusal is not shown as an error"
    play_first_listed_move(page)
    page.wait_for_function(
        f"() => document.querySelector('.tablegames-caption').innerText !== {json.dumps(shown)}",
        timeout=20_000,
    )
    assert caption(page) != shown
    shoot(page, name.removesuffix(".ipynb") + "-after-buttons")


def test_two_pages_have_their_own_games(browser, voila_url: str) -> None:
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1000, "height": 1000})
        pg = context.new_page()
        pg.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
        open_board(pg, voila_url, "currents.ipynb")
        pages.append(pg)
    first, second = pages
    before = caption(second)
    assert caption(first) == before  # same seed, same start
    play_first_listed_move(first)
    first.wait_for_function(
        f"() => document.querySelector('.tablegames-caption').innerText !== {json.dumps(before)}",
        timeout=20_000,
    )
    time.sleep(1)
    assert caption(second) == before, "a move on one page changed the other"
    for pg in pages:
        pg.context.close()


def test_reload_redraws_the_board(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/currents.ipynb", timeout=90_000)
    assert wait_painted(page) > 1000
    page.reload()
    assert wait_painted(page) > 1000


def kernel_processes(parent: int) -> list[int]:
    """Kernels Voila started: its child processes running ipykernel."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == parent and b"ipykernel" in cmd:
            out.append(int(stat.parent.name))
    return out


def test_idle_kernels_are_culled(browser, tmp_path: Path) -> None:
    proc, url = start_voila(
        tmp_path,
        "--MappingKernelManager.cull_idle_timeout=3",
        "--MappingKernelManager.cull_interval=1",
    )
    try:
        context = browser.new_context()
        pg = context.new_page()
        pg.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
        pg.goto(f"{url}/voila/render/currents.ipynb", timeout=90_000)
        assert wait_painted(pg) > 1000
        assert len(kernel_processes(proc.pid)) == 1
        context.close()  # the visitor leaves without a clean shutdown
        deadline = time.time() + 60
        while kernel_processes(proc.pid) and time.time() < deadline:
            time.sleep(1)
        assert kernel_processes(proc.pid) == []
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_voila_settings_live_in_the_repo() -> None:
    settings = json.loads((PLAY.parent / "voila.json").read_text())
    assert settings["Voila"]["ip"] == "127.0.0.1"
    assert settings["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert settings["VoilaConfiguration"]["strip_sources"] is True
    # Kernel replies go out at once (TCP_NODELAY): see tablegames_widgets.serve.
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )
    from traitlets.utils.importstring import import_item

    cls = import_item(settings["Voila"]["kernel_websocket_connection_class"])
    assert issubclass(cls, ZMQChannelsWebsocketConnection)
