"""Widgets that come and go with the position or the settings are reused or closed, so a
page played for a long time keeps the same number of open widget models (each one is
kernel memory and a model the page's front end keeps): tablegames_widgets.rows."""

from __future__ import annotations

import random

import ipycanvas.canvas
import pytest
from ipywidgets import Dropdown, HBox
from ipywidgets.widgets.widget import _instances
from tablegames_widgets.pages import PlayPage
from tablegames_widgets.rows import MoveButtons, close_dropped, fit_menus, shown_widgets

import tablegames as tg

GAMES = sorted(tg.GAMES)


def open_models() -> int:
    """How many widget models are open in this process (ipywidgets' registry)."""
    return len(_instances)


def kept_by(play) -> set[str]:
    """The model ids a game widget holds open beyond what it shows: the move buttons set
    aside for reuse (with their layouts and styles) and its controls' browser links."""
    pool = play.buttons._pool
    kept = {w.model_id for b in pool for w in (b, b.layout, b.style)}
    return kept | {play.controls._link.model_id, play.controls.playback._link.model_id}


def test_move_buttons_are_relabelled_and_reused_not_made_anew() -> None:
    clicked: list[str] = []
    row = MoveButtons(clicked.append)
    row.show(["a", "b", "c"], str.upper)
    first = list(row.children)
    assert [b.description for b in first] == ["A", "B", "C"]
    assert [b.tooltip for b in first] == ["a", "b", "c"]
    before = open_models()
    row.show(["x", "y"], str.upper)
    row.show([], str.upper)  # a bot thinks: no buttons
    row.show(["p", "q", "r"], str.upper)
    assert open_models() == before, "buttons were made anew"
    assert list(row.children) == first
    assert [b.description for b in row.children] == ["P", "Q", "R"]
    row.children[1].click()
    assert clicked == ["q"]


def test_a_button_set_aside_plays_nothing() -> None:
    clicked: list[str] = []
    row = MoveButtons(clicked.append)
    row.show(["a", "b"], str)
    spare = row.children[1]
    row.show(["c"], str)
    spare.click()  # a click that was on its way when the row changed
    assert clicked == []
    row.children[0].click()
    assert clicked == ["c"]


def test_closing_the_row_closes_its_buttons_with_their_layouts_and_styles() -> None:
    row = MoveButtons(lambda _m: None)
    before = open_models()
    row.show(["a", "b"], str)
    assert open_models() == before + 6  # a button, its layout and its style, twice
    row.close()
    assert open_models() == before - 2  # the row's own model and layout too


def test_fit_menus_keeps_the_menus_and_their_choices_and_closes_the_ones_dropped() -> None:
    box = HBox()
    made: list[int] = []

    def make(p: int) -> Dropdown:
        made.append(p)
        return Dropdown(options=["human", "bot"], value="human", description=f"P{p}")

    fit_menus(box, 3, make)
    box.children[1].value = "bot"
    kept = list(box.children)
    fit_menus(box, 3, make)  # a setting changed, not the players
    assert list(box.children) == kept and made == [0, 1, 2]
    before = open_models()
    fit_menus(box, 2, make)
    assert list(box.children) == kept[:2]
    assert open_models() == before - 3  # the menu, its layout, its style
    fit_menus(box, 4, make)
    assert made == [0, 1, 2, 2, 3] and box.children[1].value == "bot"


@pytest.mark.parametrize("name", GAMES)
def test_playing_a_page_opens_no_widget_beyond_those_it_shows(name: str) -> None:
    """Forty moves on a play page (the buttons of each position, the move list, the
    board's canvas): every widget model opened meanwhile is one the page shows, or a
    move button kept for reuse (a row grows only to the most moves ever offered)."""
    page = PlayPage(name)
    play = page.play
    rng = random.Random(7)
    before = set(_instances)
    for _ in range(40):
        if play.state.is_terminal:
            break
        moves = play.state.legal_moves()
        play.play(moves[rng.randrange(len(moves))])
    opened = set(_instances) - before
    assert opened <= set(shown_widgets(page)) | kept_by(play)
    assert len(play.buttons._pool) <= 12


@pytest.mark.parametrize("name", GAMES)
def test_settings_and_new_games_leave_no_widget_behind(name: str) -> None:
    """New games with other players (a new game widget each time, the old one closed
    with its controls' links) and every choice of every option menu."""
    page = PlayPage(name)
    before = set(_instances)
    seat = page.seat_box.children[1]  # player 0 stays a person: no game plays itself out
    bot = seat.value
    for _ in range(2):
        seat.value = "human"
        page.start()
        seat.value = bot
        page.start()
    for control in page.controls.values():
        options = getattr(control, "options", None)
        if options:
            chosen = control.value
            for _label, value in list(options):
                control.value = value
            control.value = chosen  # back to these settings' seats and menus
    page.start()
    opened = set(_instances) - before
    assert opened <= set(shown_widgets(page)) | kept_by(page.play)
    assert len(set(_instances)) <= len(before) + len(kept_by(page.play))


def test_close_dropped_closes_what_a_page_no_longer_shows() -> None:
    page = PlayPage("poohsticks")
    old = page.play
    before = shown_widgets(page)
    page.table.children = []
    dropped = close_dropped(page, before)
    assert dropped > 50
    assert old.comm is None and old.controls.comm is None and old.controls._link.comm is None
    assert page.comm is not None
    manager = ipycanvas.canvas._CANVAS_MANAGER  # shared by every canvas: never closed
    assert manager.comm is not None and manager._current_canvas is None
    PlayPage("poohsticks")  # canvases still draw
