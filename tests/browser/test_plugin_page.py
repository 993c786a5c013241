"""A game installed from another package plays in a real browser with no edit to this
repository: the play-page index links to it, and the generic page (``game.ipynb?game=race``)
draws its scene on the generic board and plays the move chosen in the list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import new_page, start_voila, wait_painted
from support.plugins import install_race


@pytest.fixture(scope="module")
def plugin_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = install_race(tmp_path_factory.mktemp("site"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYTHONPATH", str(site))
        proc, url = start_voila(tmp_path_factory.mktemp("voila-plugin"))
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    pg = new_page(chromium, 1000, 900)
    yield pg
    pg.context.close()


def test_the_index_links_the_plugin_game(page, plugin_voila: str) -> None:
    page.goto(f"{plugin_voila}/voila/render/index.ipynb", timeout=90_000)
    page.wait_for_selector(".page-list a", timeout=90_000)
    link = page.locator(".page-list a", has_text="Race")
    assert link.get_attribute("href") == "game.ipynb?game=race"


def test_the_plugin_game_plays_on_the_generic_page(page, plugin_voila: str) -> None:
    page.goto(f"{plugin_voila}/voila/render/game.ipynb?game=race", timeout=90_000)
    page.wait_for_selector(".tablegames-page h1", timeout=90_000)
    assert "Race" in page.locator(".tablegames-page h1").inner_text()
    assert wait_painted(page) > 1000, "the generic board stayed empty"
    caption = page.locator(".tablegames-caption").first
    assert "total 0" in caption.inner_text()
    # every legal move is a button: add 2 (then the random bot answers)
    page.get_by_role("button", name="2", exact=True).click()
    page.wait_for_function(
        "() => !document.querySelector('.tablegames-caption').innerText.includes('total 0')",
        timeout=30_000,
    )
    text = page.inner_text("body")
    assert "Traceback" not in text and not page.errors, page.errors
    page.screenshot(path=str(Path(__file__).parents[1] / "artifacts" / "plugin-race.png"))


def test_an_unknown_game_in_the_address_offers_the_games(page, plugin_voila: str) -> None:
    page.goto(f"{plugin_voila}/voila/render/game.ipynb?game=chesss", timeout=90_000)
    page.wait_for_selector(".page-list a", timeout=90_000)
    assert "no game called “chesss”" in page.inner_text("body")
