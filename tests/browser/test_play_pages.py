"""The Voila play pages in a real headless Chromium: every page found renders a finished
page with no code and no error and links to its rules page (served by the same Voila),
only play pages and rules pages are served, the Currents board marks the goal edges and
whose turn it is and its "Show currents" toggle draws the inspector, a click plays and a
reload redraws (kernels freed at once, culled when idle and preheated: test_serving.py)."""

from __future__ import annotations

import html
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from support.browser import PLAY, open_board, play_pages, shoot, wait_painted

from tablegames.currents.layout import Layout

#: Screenshots of every page land here (git ignores it); look at them after a run.


def board_pages() -> list[str]:
    """Play pages with a game board (every page but the index)."""
    return [n for n in play_pages() if "PlayPage" in (PLAY / n).read_text()]


def message(page) -> str:
    return str(page.locator(".tablegames-message").first.inner_text())


def caption(page) -> str:
    return str(page.locator(".tablegames-caption").first.inner_text())


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
    page.locator(".tablegames-play button[title='Play the move chosen in the list']").click()


def status(url: str) -> int:
    try:
        return int(urllib.request.urlopen(url, timeout=10).status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def walkthrough_title(name: str) -> str:
    """The first heading of the game's walkthrough: the rules page's title."""
    nb = json.loads((PLAY.parent / "walkthroughs" / name).read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            m = re.search(r"^# +(.+?)\s*$", "".join(cell["source"]), re.MULTILINE)
            if m:
                return m.group(1)
    raise AssertionError(f"the walkthrough {name} has no title")


def check_rules_link(page, url: str, name: str) -> None:
    """The page links to its rules in a new tab; the link returns the walkthrough."""
    link = page.locator(".tablegames-page p.rules-link a")
    assert link.count() == 1, "no rules link"
    assert link.get_attribute("target") == "_blank"
    href = link.get_attribute("href")
    response = urllib.request.urlopen(urllib.parse.urljoin(page.url, href), timeout=10)
    assert response.status == 200
    body = response.read().decode()
    title = walkthrough_title(name)
    assert f"<title>{html.escape(title)}</title>" in body


#: What each play page that is not a game's own page shows when opened without a query
#: string: a drawn canvas ("canvas") or a list of links to the games ("links").
OTHER_PAGES = {
    "index.ipynb": "links",
    "game.ipynb": "links",  # the generic page, asked for no game
    "table.ipynb": "links",  # a table's page, asked for no table
    "puzzles.ipynb": "canvas",
}


@pytest.mark.parametrize("name", play_pages())
def test_every_play_page_renders_finished_without_code(page, voila_url: str, name: str) -> None:
    page.goto(f"{voila_url}/voila/render/{name}", timeout=90_000)
    page.wait_for_selector(".jp-OutputArea-output", timeout=90_000)
    has_board = "PlayPage" in (PLAY / name).read_text()
    if has_board:
        assert wait_painted(page) > 1000, "the board canvas stayed empty"
        assert page.locator(".tablegames-page h1").inner_text()
        assert page.locator("button:has-text('New game')").count() == 1
        check_rules_link(page, voila_url, name)
    else:
        assert name in OTHER_PAGES, f"say in OTHER_PAGES what the new page {name} shows"
        if OTHER_PAGES[name] == "canvas":
            assert wait_painted(page) > 1000, "the page's canvas stayed empty"
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
    # the generic page (game.ipynb?game=NAME) is linked only for games without a page; the
    # table page opens from a seat's link
    others = ("index.ipynb", "game.ipynb", "table.ipynb")
    assert sorted(links) == [n for n in play_pages() if n not in others]


def test_pages_ask_nothing_of_other_sites(voila_url: str) -> None:
    """A play page loads everything from its own server: Voila's lab template linked Font
    Awesome from a CDN in the head (the page bundles it already), holding back the first
    paint on a network that blocks the CDN."""
    for name in ("currents.ipynb", "index.ipynb"):
        html_text = urllib.request.urlopen(f"{voila_url}/voila/render/{name}", timeout=60).read()
        assert b"voila-style.js" in html_text, "not the lab template's page"
        outside = re.findall(rb"(?:href|src)=[\"']((?:https?:)?//[^\"']+)", html_text)
        assert outside == [], outside


def listed(url: str) -> set[str]:
    """The names a Voila folder listing links to."""
    page = urllib.request.urlopen(url, timeout=10).read().decode()
    links = re.findall(r"href=['\"](/voila/(?:render|tree)/[^'\"?]*)", page)
    return {h.rstrip("/").rsplit("/", 1)[-1] for h in links}


def test_only_play_pages_and_their_rules_pages_are_served(voila_url: str) -> None:
    listing = urllib.request.urlopen(voila_url + "/", timeout=10).read().decode()
    for name in play_pages():
        assert name in listing
    assert "walkthroughs" not in listing and "refresh.py" not in listing
    assert listed(voila_url + "/") == set(play_pages())  # the rules folder is not listed
    rules = [n.removesuffix(".ipynb") + ".html" for n in board_pages()]
    for name in rules:
        assert status(f"{voila_url}/voila/files/rules/{name}") == 200
    # the allowlist lets through the rules pages and nothing else
    assert status(f"{voila_url}/voila/files/rules/.gitignore") in (403, 404)
    assert status(f"{voila_url}/voila/files/rules/nothing.html") == 404
    assert status(f"{voila_url}/voila/files/currents.ipynb") == 403
    assert status(f"{voila_url}/voila/files/rules/../currents.ipynb") in (403, 404)
    assert status(f"{voila_url}/voila/files/rules/%2E%2E/voila.json") in (403, 404)
    assert status(f"{voila_url}/voila/render/../walkthroughs/currents.ipynb") == 404
    assert status(f"{voila_url}/voila/render/%2E%2E/walkthroughs/currents.ipynb") == 404
    assert status(f"{voila_url}/voila/files/voila.json") in (403, 404)
    assert status(f"{voila_url}/voila/files/../refresh.py") in (403, 404)


def board_box(page) -> dict[str, float]:
    return canvas_box(page, "canvas.tablegames-currents")


def canvas_box(page, selector: str) -> dict[str, float]:
    """A board canvas's box on screen, scrolled into view first (a click below the fold
    would miss it: the page scrolls as the canvas takes the focus)."""
    canvas = page.locator(selector).first
    canvas.scroll_into_view_if_needed()
    return canvas.bounding_box()


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
    # the bots think off the message handler (one after another): wait for their moves
    page.wait_for_function(
        "() => { const t = document.querySelector('.tablegames-caption').innerText;"
        " return /turn [2-9]/.test(t) && t.includes('player 0 to play'); }",
        timeout=30_000,
    )
    elapsed = (time.perf_counter() - start) * 1000
    print(f"click to redraw after the bots answered: {elapsed:.0f} ms")
    assert "player 0 to play" in caption.inner_text()
    shoot(page, "currents-after-click")


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the Currents board canvas at (x, y)."""
    rgba = page.evaluate(
        "([x, y]) => Array.from(document.querySelector('canvas.tablegames-currents')"
        ".getContext('2d').getImageData(x, y, 1, 1).data)",
        [round(x), round(y)],
    )
    return (rgba[0], rgba[1], rgba[2])


def turn_line(page) -> str:
    return str(page.locator(".tablegames-turn").first.inner_text())


def test_currents_board_marks_the_goal_edges_and_whose_turn_it_is(page, voila_url: str) -> None:
    from tablegames import style

    open_board(page, voila_url, "currents.ipynb")
    line = turn_line(page)
    assert "P0's turn: push the pawn over the N edge (guarded by P2)" in line
    assert "Goal edges: N P0 · E P1 · S P2 · W P3" in line
    lay = Layout(40, 4)
    for edge, player, alpha in (("N", 0, 0.45), ("S", 2, 0.2)):  # P0 to play: N highlighted
        x, y, _w, h = lay.goal_band(edge)
        inside = (x + 4, y + h / 2)  # clear of the label, which is centred
        outside = (x + 4, y + h + 10) if edge == "N" else (x + 4, y - 10)
        board = pixel(page, *outside)  # the same square, outside the band
        band = pixel(page, *inside)
        colour = style.PLAYER_COLOURS[player]
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        expected = [round((1 - alpha) * b + alpha * c) for b, c in zip(board, rgb, strict=True)]
        assert band != board
        assert max(abs(a - e) for a, e in zip(band, expected, strict=True)) <= 8, (band, expected)


def settled(page, canvas: str) -> str:
    """The canvas's picture once it stops changing (the caption can arrive before the
    drawing batch)."""
    last = page.evaluate(f"() => {canvas}.toDataURL()")
    for _ in range(40):
        page.wait_for_timeout(250)
        now = page.evaluate(f"() => {canvas}.toDataURL()")
        if now == last:
            return str(now)
        last = now
    raise AssertionError("the board kept changing")


def test_show_currents_draws_the_influence_lines_and_the_cancellation_panel(
    page, voila_url: str
) -> None:
    open_board(page, voila_url, "currents.ipynb")
    panel = page.locator("canvas.tablegames-vector-panel")
    assert not panel.is_visible(), "the panel shows before the toggle is on"
    canvas = "document.querySelector('canvas.tablegames-currents')"
    start = settled(page, canvas)
    play_first_listed_move(page)  # 7♣ on compass N; the bots fill slots N1 and W1
    page.wait_for_function(f"() => {canvas}.toDataURL() !== {json.dumps(start)}", timeout=20_000)
    before = settled(page, canvas)
    shoot(page, "currents-show-currents-off")
    page.get_by_label("Show currents").check()
    page.wait_for_function(f"() => {canvas}.toDataURL() !== {json.dumps(before)}", timeout=20_000)
    panel.wait_for(state="visible", timeout=20_000)
    painted = (
        "() => { const c = document.querySelector('canvas.tablegames-vector-panel');"
        " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }"
    )
    page.wait_for_function(f"() => ({painted})() > 1000", timeout=20_000)
    box, board_box_ = panel.bounding_box(), board_box(page)
    assert box["x"] >= board_box_["x"] + board_box_["width"] - 1, "the panel is not beside"
    lay = Layout(40, 4)
    x1, y1, _x2, y2 = lay.slot_lines_px(1)[1]  # a line of slot N1, which acts on the pawn
    on_line = pixel(page, x1 + 2, (y1 + y2) / 2 + 3)  # in the wide stroke, off the board line
    page.get_by_label("Show currents").uncheck()
    page.wait_for_function(f"() => {canvas}.toDataURL() === {json.dumps(before)}", timeout=20_000)
    assert pixel(page, x1 + 2, (y1 + y2) / 2 + 3) != on_line, "no influence line was drawn"
    page.get_by_label("Show currents").check()
    page.wait_for_function(f"() => {canvas}.toDataURL() !== {json.dumps(before)}", timeout=20_000)
    page.wait_for_timeout(300)
    shoot(page, "currents-show-currents-on")
    assert not page.errors, page.errors


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
    box = canvas_box(page, "canvas.tablegames-resistor")
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
    box = canvas_box(page, "canvas.tablegames-canvas")
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


def test_voila_settings_live_in_the_repo() -> None:
    settings = json.loads((PLAY.parent / "voila.json").read_text())
    assert settings["Voila"]["ip"] == "127.0.0.1"
    assert settings["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert settings["VoilaConfiguration"]["strip_sources"] is True
    # Kernel replies go out at once (TCP_NODELAY): see tablegames_widgets.server.websocket.
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )
    from traitlets.utils.importstring import import_item

    cls = import_item(settings["Voila"]["kernel_websocket_connection_class"])
    assert issubclass(cls, ZMQChannelsWebsocketConnection)


#: JavaScript run before a page's own: note when a board picture shows on the loading
#: screen (and that it decoded to a real image), and when the live board is first painted.
PREVIEW_WATCH = """(() => {
  window.__preview = null;
  const look = () => {
    const img = document.querySelector('#loading img.tablegames-preview');
    if (img && !window.__preview && img.complete && img.naturalWidth > 0) {
      window.__preview = {at: performance.now(), width: img.naturalWidth,
                          text: document.getElementById('loading_text').innerText};
    }
    if (!window.__painted) {
      const c = document.querySelector('canvas.tablegames-canvas');
      if (c) {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
        if (n > 1000) window.__painted = performance.now();
      }
    }
    if (!window.__painted) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def test_the_loading_screen_shows_the_board_until_the_live_board_is_drawn(
    page, voila_url: str
) -> None:
    """While the browser loads Voila's front end, a play page's loading screen shows a
    picture of the board (an SVG the page's output carries); the live board then takes
    the whole screen, and the picture is gone."""
    page.context.add_init_script(PREVIEW_WATCH)
    page.goto(f"{voila_url}/voila/render/currents.ipynb", wait_until="commit", timeout=90_000)
    end = time.time() + 60
    while time.time() < end and not page.evaluate("() => window.__preview"):
        time.sleep(0.02)
    preview = page.evaluate("() => window.__preview")
    assert preview, "no board picture showed on the loading screen"
    shoot(page, "loading-screen-currents")
    assert preview["width"] == Layout(40, 4).width  # Currents' own picture, not another
    assert "playable in a moment" in preview["text"]
    page.wait_for_function("() => window.__painted", timeout=60_000)
    assert page.evaluate("() => window.__preview.at < window.__painted")
    assert page.locator("img.tablegames-preview").count() == 0, "the picture stayed"
    assert page.locator("#loading").count() == 0


def test_a_page_without_a_board_keeps_the_plain_loading_screen(page, voila_url: str) -> None:
    """The index carries no board picture: its page works and no picture is inserted."""
    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=90_000)
    page.wait_for_selector("a[href*='currents.ipynb']", timeout=60_000)
    assert page.locator("img.tablegames-preview").count() == 0
