"""Every control has a visible label or an accessible name, and no dropdown shows blank.

What ipywidgets 8.1 renders (its JupyterLab extension's views): a Button's ``tooltip``
becomes the ``title`` of its ``<button>`` (the accessible name of an icon-only button)
and its ``description`` its text; Dropdown, Checkbox, slider and text fields show their
``description`` as a visible ``<label>``; a Dropdown whose value is None has no selected
index and shows an empty box. The Play widget's own three buttons are bare icons with
neither text nor title, so the project hides them behind labelled :class:`Playback`
buttons.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from ipywidgets import Button, Checkbox, Dropdown, IntSlider, Play, Text, Textarea, ToggleButton
from tablegames_widgets import (
    CardChessEditor,
    CurrentsEditor,
    CurrentsInspector,
    FellowshipEditor,
    GameViewer,
    PlayWidget,
    PoohsticksEditor,
    ResistorEditor,
)
from tablegames_widgets.controls import Playback

import tablegames as tg

MOVES = "AH>S AS>N AD>W 5H>N JD>E 6S>E2 KS>W0 9C>S1 6D>N1 3D>E0 QC!E0~W3 4S>E1"
RECORD = tg.Record("currents", {"players": 4}, 4, tuple(MOVES.split()))
EDITORS = [CurrentsEditor, FellowshipEditor, PoohsticksEditor, CardChessEditor, ResistorEditor]
GAME_OF = {
    CurrentsEditor: "currents",
    FellowshipEditor: "fellowship",
    PoohsticksEditor: "poohsticks",
    CardChessEditor: "cardchess",
    ResistorEditor: "resistor",
}


def walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def unnamed(widget: Any) -> list[str]:
    """The controls inside ``widget`` that a screen reader could not name."""
    bad = []
    for w in walk(widget):
        kind = type(w).__name__
        if isinstance(w, Play):
            if w.layout.display != "none":
                bad.append(f"{kind} shown with its unnamed icon buttons")
        elif isinstance(w, (Button, ToggleButton)):
            if not (w.description or w.tooltip):
                bad.append(f"{kind} {w.icon!r} without description or tooltip")
        elif isinstance(w, (Dropdown, Checkbox, IntSlider, Text)):
            if not w.description:
                bad.append(f"{kind} without a description (its visible label)")
        elif isinstance(w, Textarea) and not (w.description or w.placeholder):
            bad.append("Textarea without description or placeholder")
    return bad


def blank_dropdowns(widget: Any) -> list[str]:
    return [
        f"{d.description}: value {d.value!r} not shown"
        for d in walk(widget)
        if isinstance(d, Dropdown) and (d.index is None or not d.label)
    ]


def every_widget() -> list[Any]:
    out: list[Any] = [
        GameViewer(RECORD),
        CurrentsInspector(tg.make("currents").initial_state(2)),
        PlayWidget(tg.make("currents")),
    ]
    out += [cls(tg.make(GAME_OF[cls]).initial_state(1)) for cls in EDITORS]
    return out


@pytest.fixture(scope="module")
def widgets() -> list[Any]:
    return every_widget()


def test_every_control_has_a_visible_label_or_an_accessible_name(widgets):
    for w in widgets:
        assert unnamed(w) == [], type(w).__name__


def test_no_dropdown_shows_blank_when_a_widget_opens(widgets):
    for w in widgets:
        assert blank_dropdowns(w) == [], type(w).__name__


def test_the_viewers_view_list_shows_all_cards_and_goes_back_to_it():
    """It showed blank in every walkthrough: its "All cards" choice had the value None,
    which ipywidgets takes for "nothing selected"."""
    viewer = GameViewer(RECORD)
    assert viewer.viewpoint.label == "All cards"
    viewer.viewpoint.value = 1
    assert viewer.viewpoint.label == "Player 1's view" and viewer.board.viewer == 1
    viewer.viewpoint.index = 0
    assert viewer.viewpoint.label == "All cards" and viewer.board.viewer is None
    assert GameViewer(RECORD, viewer=2).viewpoint.label == "Player 2's view"


def test_the_inspectors_slot_list_shows_none_after_unpinning():
    insp = CurrentsInspector(tg.make("currents").initial_state(2))
    insp.select_slot(3)
    assert insp.slot.label == "N3"
    insp.select_slot(None)
    assert insp.slot.label == "(none)" and insp.board.selected_slot is None


def test_the_move_list_says_so_when_the_game_is_over():
    result = tg.play_game(tg.make("currents", players=2), seed=3)
    w = PlayWidget(tg.make("currents", players=2), seats=["human", "human"])
    w.start_from(result.final)
    assert blank_dropdowns(w) == []
    assert w.moves.disabled and "game is over" in w.moves.label
    w._play_from_list()  # nothing to play: no error, the position stays
    assert w.state is result.final


def test_playback_buttons_are_labelled_and_drive_the_hidden_play():
    viewer = GameViewer(RECORD)
    playback = viewer.controls.playback
    assert isinstance(playback, Playback)
    assert playback.toggle.description == "Play" and playback.repeat.description == "Repeat"
    playback.toggle.click()
    assert viewer.controls.play.playing
    assert playback.toggle.description == "Pause" and playback.toggle.icon == "pause"
    viewer.controls.play.playing = False  # the browser stops at the last step
    assert playback.toggle.description == "Play"


def test_the_play_widget_calls_its_playback_replay_beside_its_play_button():
    """Two buttons both called Play (one plays a move, one replays the game) were
    ambiguous: the replay one says Replay, and Replay again after a pause."""
    w = PlayWidget(tg.make("poohsticks"))
    playback = w.controls.playback
    assert playback.toggle.description == "Replay" and w.play_selected.description == "Play"
    playback.toggle.click()
    w.controls.play.playing = False
    assert playback.toggle.description == "Replay"


def test_the_step_buttons_are_named_by_their_tooltips():
    """Icon-only buttons: ipywidgets 8.1 writes the tooltip into the button's title."""
    c = GameViewer(RECORD).controls
    names = [b.tooltip for b in (c.first, c.back, c.forward, c.last)]
    assert names == [
        "First position (Home)",
        "Back one step (←)",
        "Forward one step (→)",
        "Last position (End)",
    ]


def test_the_inspector_board_and_panel_wrap_when_narrow():
    insp = CurrentsInspector(tg.make("currents").initial_state(2))
    row = insp.children[1]
    assert list(row.children) == [insp.board, insp.panel.canvas]
    assert row.layout.flex_flow == "row wrap"
    assert row.layout.width is None  # no fixed width that would overflow the output area
