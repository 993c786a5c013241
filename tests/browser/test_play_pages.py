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

SHOTS = os.environ.get("TABLEGAMES_SCREENSHOTS")  # a folder to keep screenshots in


def shoot(page: object, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))  # type: ignore[attr-defined]


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
