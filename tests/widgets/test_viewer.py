"""GameViewer: stepping through a recorded game with buttons, the slider and the keyboard;
the viewpoint and colour options; the text of the controls bar."""

from __future__ import annotations

from typing import Any

import pytest
from support.widgets import face_text, key, placed_cards
from tablegames_widgets.viewer import ALL_CARDS, GameViewer

import tablegames as tg
from tablegames import style

MOVES = "AH>S AS>N AD>W 5H>N JD>E 6S>E2 KS>W0 9C>S1 6D>N1 3D>E0 QC!E0~W3 4S>E1"
RECORD = tg.Record("currents", {"players": 4}, 4, tuple(MOVES.split()))


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return tg.replay(RECORD)


def shows(viewer: GameViewer, canvas, state) -> None:
    """The board holds ``state`` and the last batch drew its cards."""
    board = viewer.board
    assert board.state is state
    assert viewer.controls.text.value.startswith(f"Step {viewer.index} of ")
    for card, rect in placed_cards(board, state):
        assert canvas.text_in(rect, board.layers.pieces) == face_text(card), card


def test_viewer_from_a_record_steps_with_the_buttons(canvas, states):
    viewer = GameViewer(RECORD, square=40)
    assert len(viewer.states) == len(states) == 13
    assert viewer.index == 0 and viewer.board.state == states[0]
    c = viewer.controls
    for button, expected in (
        (c.forward, 1),
        (c.forward, 2),
        (c.back, 1),
        (c.last, 12),
        (c.forward, 12),  # clamped at the end
        (c.first, 0),
        (c.back, 0),  # clamped at the start
    ):
        canvas.clear()
        button.click()
        assert viewer.index == expected
        assert viewer.board.state == states[expected]
        assert len(canvas.batches) == 1  # one redraw, one message
        for card, rect in placed_cards(viewer.board, states[expected]):
            assert canvas.text_in(rect, viewer.board.layers.pieces) == face_text(card)


def test_viewer_from_record_json_and_from_a_list_of_states_agree(canvas, states):
    a = GameViewer(RECORD.to_json(), square=40)
    b = GameViewer(states, square=40)
    assert a.states == b.states
    for i in (3, 7, 12):
        canvas.clear()
        b.controls.slider.value = i  # as the page's slider (or the linked Play button) does
        assert b.index == i
        shows(b, canvas, states[i])
        a.controls.go(i)
        assert a.board.state is a.states[i] and a.board.state == b.board.state


def test_arrow_keys_home_and_end_step_through_the_game(canvas, states):
    viewer = GameViewer(states, square=40)
    multi = viewer.board.layers.multi
    for name, expected in (
        ("ArrowRight", 1),
        ("ArrowRight", 2),
        ("ArrowLeft", 1),
        ("End", 12),
        ("Home", 0),
        ("x", 0),  # other keys do nothing
    ):
        canvas.clear()
        key(multi, name)
        assert viewer.index == expected
        if name != "x":
            shows(viewer, canvas, states[expected])
        else:
            assert canvas.batches == []


def test_the_step_text_names_the_move_and_who_decides(states):
    viewer = GameViewer(states, square=40)
    viewer.controls.go(4)
    text = viewer.controls.text.value
    assert text.startswith("Step 4 of 12")
    assert "P0: Play 5♥ on compass N" in text  # states[3] is P0's turn; the move 5H>N
    assert f"P{states[4].current_player} to decide" in text


def test_step_text_of_a_won_game_names_the_winner():
    result = tg.play_game(tg.make("currents", players=2), seed=3)
    viewer = GameViewer(result.record, square=40)
    viewer.controls.step("last")
    winner = next(iter(result.final.winners))
    assert viewer.controls.text.value.endswith(f"won by P{winner}")


def test_viewpoint_dropdown_hides_the_other_players_hands(canvas, states):
    viewer = GameViewer(states, square=40)
    viewer.controls.go(8)
    state = states[8]
    assert [o[1] for o in viewer.viewpoint.options] == [ALL_CARDS, 0, 1, 2, 3]
    canvas.clear()
    viewer.viewpoint.value = 2
    assert viewer.board.viewer == 2
    lay = viewer.board.geometry
    pieces = viewer.board.layers.pieces
    backs = canvas.rects("fillRects", pieces, fill_style=style.CARD_BACK)
    for p, hand in enumerate(state.hands):
        for k, card in enumerate(hand):
            rect = lay.hand_rect(p, k)
            assert (canvas.text_in(rect, pieces) == face_text(card)) == (p == 2)
            assert (rect in backs) == (p != 2)
    # stepping keeps the viewpoint
    canvas.clear()
    viewer.controls.step("forward")
    backs = canvas.rects("fillRects", pieces, fill_style=style.CARD_BACK)
    assert len(backs) == sum(len(h) for p, h in enumerate(states[9].hands) if p != 2)
    # back to all cards
    canvas.clear()
    viewer.viewpoint.value = ALL_CARDS
    assert viewer.board.viewer is None
    assert canvas.rects("fillRects", pieces, fill_style=style.CARD_BACK) == []


def test_viewer_option_starts_from_a_players_view(states):
    viewer = GameViewer(states, square=40, viewer=1)
    assert viewer.viewpoint.value == 1 and viewer.board.viewer == 1


def test_four_colour_checkbox_recolours_clubs_and_diamonds(canvas, states):
    viewer = GameViewer(states, square=40)
    viewer.controls.go(12)
    board = viewer.board
    clubs_diamonds = [(c, r) for c, r in placed_cards(board, states[12]) if c[1] in "CD"]
    assert {c[1] for c, _ in clubs_diamonds} == {"C", "D"}

    def inks() -> set[tuple[str, str]]:
        return {
            (card[1], cmd.style["fill_style"])
            for card, rect in clubs_diamonds
            for cmd in canvas.text_commands_in(rect, board.layers.pieces)
        }

    canvas.clear()
    board.redraw()
    assert inks() == {("C", "#1b1b1b"), ("D", "#c62828")}
    canvas.clear()
    viewer.four_colour.value = True
    assert board.four_colour
    assert inks() == {("C", "#2e7d32"), ("D", "#1565c0")}
    canvas.clear()
    viewer.controls.step("back")  # the option stays while stepping
    clubs_diamonds = [(c, r) for c, r in placed_cards(board, states[11]) if c[1] in "CD"]
    assert inks() == {("C", "#2e7d32"), ("D", "#1565c0")}


def test_a_viewer_needs_at_least_one_state():
    with pytest.raises(ValueError, match="at least one state"):
        GameViewer([])


def test_a_bad_record_names_the_move_that_fails():
    with pytest.raises(tg.IllegalMove, match="move 2 of the record"):
        GameViewer({"game": "currents", "seed": 4, "moves": ["AH>S", "AH>N"]})
