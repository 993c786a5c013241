"""A game installed from another package plays in a real browser with no edit to this
repository: the play-page index links to it, and the generic page (``game.ipynb?game=race``)
draws its scene on the generic board and plays the move chosen in the list. A poker
plug-in written the naive way (a picture of the whole state, ``str(state)`` as its text)
shows a seat no card but its own (issue 27, item 6)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import new_page, start_voila, wait_painted
from support.kernel_client import json_text
from support.plugins import install_naive, install_poker, install_race

#: Records every text drawn on any canvas of the page, before the page's own scripts run.
SPY = """(() => {
  window.__drawn = [];
  const proto = window.CanvasRenderingContext2D;
  for (const name of ['fillText', 'strokeText']) {
    const real = proto.prototype[name];
    proto.prototype[name] = function (text, ...rest) {
      window.__drawn.push(String(text));
      return real.call(this, text, ...rest);
    };
  }
})();"""
#: The page's words: its text and the attributes widgets put words in.
DOM_TEXT = """() => {
  const out = [document.body.innerText];
  for (const e of document.querySelectorAll('*')) {
    for (const name of ['title', 'value', 'aria-label', 'alt', 'data-value']) {
      const v = e.getAttribute(name);
      if (v) out.push(v);
    }
    if (typeof e.value === 'string') out.push(e.value);
  }
  return out.join('\\n');
}"""
#: The naive poker's cards as words (``QS``), or drawn on a card face (rank ``Q``, then ``♠``).
CODE = re.compile(r"(?<![A-Za-z0-9])([JQK])S(?![A-Za-z0-9])")


@pytest.fixture(scope="module")
def plugin_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = install_race(tmp_path_factory.mktemp("site"))
    install_naive(site)
    install_poker(site)
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


def cards_named(texts: list[str], drawn: list[str]) -> set[str]:
    """The naive poker's cards that ``texts`` name as codes or the canvas drew as faces."""
    found = {m.group(0) for t in texts for m in CODE.finditer(t)}
    found |= {f"{t}S" for t in drawn if t in ("J", "Q", "K")}  # a face's rank label
    return found | {m.group(0) for t in drawn for m in CODE.finditer(t)}


def test_a_naive_poker_plugin_shows_a_seat_only_its_own_card(page, plugin_voila: str) -> None:
    """Canvas text, caption, DOM and websocket frames name one card, the seat's own,
    before and after a move; the plug-in draws both cards and captions with str(state)."""
    frames: list[str] = []
    page.add_init_script(SPY)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json_text(p))))
    page.goto(f"{plugin_voila}/voila/render/game.ipynb?game=naive", timeout=90_000)
    page.wait_for_selector(".tablegames-caption", timeout=90_000)
    assert wait_painted(page) > 1000, "the generic board stayed empty"
    for step in ("dealt", "after a pass"):
        dom = page.evaluate(DOM_TEXT)
        caption = page.locator(".tablegames-caption").first.inner_text()
        drawn = page.evaluate("() => window.__drawn")
        named = cards_named([dom, caption, *frames], drawn)
        assert len(named) == 1, f"{step}: the page names {sorted(named)}: {caption!r}"
        if step == "dealt":
            page.get_by_role("button", name="pass", exact=True).click()
            page.wait_for_timeout(3000)  # the bot answers at once (a random bot)
    assert "Traceback" not in page.inner_text("body") and not page.errors, page.errors
    page.screenshot(path=str(Path(__file__).parents[1] / "artifacts" / "plugin-naive.png"))


def test_the_poker_example_draws_the_seat_its_card_and_a_card_back(page, plugin_voila: str) -> None:
    """docs/example_poker.py's own picture (it takes the viewer) on the generic page: the
    seat's card face up (one rank drawn), the other face down, a public caption."""
    page.add_init_script(SPY)
    page.goto(f"{plugin_voila}/voila/render/game.ipynb?game=kuhn", timeout=90_000)
    page.wait_for_selector(".tablegames-caption", timeout=90_000)
    assert wait_painted(page) > 1000, "the generic board stayed empty"
    caption = page.locator(".tablegames-caption").first.inner_text()
    assert caption == "Player 0 to act.", caption
    ranks = [t for t in page.evaluate("() => window.__drawn") if t in ("J", "Q", "K")]
    assert len(set(ranks)) == 1, ranks
    words = re.findall(r"(?<![A-Za-z0-9])[JQK](?![A-Za-z0-9])", page.evaluate(DOM_TEXT))
    assert not words, words
    assert not page.errors, page.errors
    page.screenshot(path=str(Path(__file__).parents[1] / "artifacts" / "plugin-kuhn.png"))
