"""The hotseat's "pass the device" cover (issue 17 item 2): in a game with hidden cards
and two or more human seats on one screen, only the hand of the human seat to move is
ever drawn, and between two different humans' turns the board is covered (drawn as a
plain plate, not the position under an overlay) until the next person says who they are.
Games without hidden cards, and single-human games, are unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.widgets import Recorder, buttons, centre, click, message, press_button
from tablegames_widgets.cover import COVERED, cover_text, reveal_label
from tablegames_widgets.play import PlayWidget

import tablegames as tg


def table(game: str = "fellowship", seats: list[Any] | None = None, **options: Any) -> PlayWidget:
    g = tg.make(game, **options)
    return PlayWidget(g, seats or ["human"] * g.num_players, seed=3, pass_device=True)


def faces(canvas: Recorder, w: PlayWidget, player: int) -> list[str]:
    """The cards of ``player``'s real hand whose face the recorded drawing writes inside
    that hand's card rectangles (the detector; its positive control is in the tests)."""
    from support.widgets import face_text

    hand = w.state.to_json()["hands"][player]
    lay = w.board.geometry
    drawn = {canvas.text_in(lay.hand_rect(player, k)) for k in range(len(hand))}
    return [card for card in hand if face_text(card) in drawn]


def reveal(w: PlayWidget) -> None:
    (name,) = buttons(w)
    press_button(w, name)


def test_the_table_starts_covered_for_the_first_human(canvas: Recorder) -> None:
    w = table()
    assert w.board.covered == cover_text("Player 0")
    assert buttons(w) == [reveal_label("Player 0")] == ["I am Player 0: show my cards"]
    assert "Pass the device to Player 0" in message(w)
    assert [label for label, _ in w.moves.options] == [COVERED]  # no move names a card
    assert w.moves.disabled and w.play_selected.disabled and w.hint_button.disabled


def test_the_covered_board_draws_the_plate_and_nothing_of_the_position(
    canvas: Recorder,
) -> None:
    w = table()
    canvas.clear()
    w.board.redraw_all()  # what a page that (re)connects now gets
    texts = canvas.texts(w.board.layers.overlay)
    assert texts[0] == "Pass the device to Player 0" and len(texts) == 2, texts
    assert not canvas.find("fillText", w.board.layers.pieces)  # the pieces layer is bare
    plate = canvas.find("fillRect", w.board.layers.overlay)[0].args
    assert plate == [0, 0, w.board.geometry.width, w.board.geometry.height]  # all of it
    assert faces(canvas, w, 0) == faces(canvas, w, 1) == []
    assert "Pass the device to Player 0" in w.board.static_svg()


def test_revealing_shows_only_the_hand_of_the_seat_to_move(canvas: Recorder) -> None:
    w = table()
    canvas.clear()
    reveal(w)
    assert w.board.covered is None and w.board.viewer == 0
    assert faces(canvas, w, 0) == w.state.to_json()["hands"][0]  # the detector works
    assert faces(canvas, w, 1) == []
    assert not w.moves.disabled and COVERED not in [label for label, _ in w.moves.options]


def test_a_move_passing_the_turn_to_another_human_covers_the_board(canvas: Recorder) -> None:
    w = table()
    reveal(w)
    seat0 = set(w.state.to_json()["hands"][0])
    canvas.clear()
    w.play(w.state.legal_moves()[0])
    assert w.state.current_player == 1
    assert w.board.covered == "Pass the device to Player 1"
    assert buttons(w) == ["I am Player 1: show my cards"]
    assert not canvas.texts(w.board.layers.pieces)  # only the plate drew
    assert all(text[:2] not in seat0 for text in canvas.texts())
    canvas.clear()
    reveal(w)
    assert w.board.viewer == 1
    assert faces(canvas, w, 1) == w.state.to_json()["hands"][1]
    assert faces(canvas, w, 0) == []


def test_the_same_human_deciding_again_keeps_the_board_uncovered(canvas: Recorder) -> None:
    """Poohsticks' turns have several steps by one player: no cover between them."""
    w = table("poohsticks")
    reveal(w)
    rng = random.Random(1)
    steps = 0
    while not w.state.is_terminal and steps < 60:
        before = w.state.current_player
        w.play(rng.choice(w.state.legal_moves()))
        steps += 1
        if w.state.is_terminal:
            break
        if w.state.current_player == before:
            assert w.board.covered is None and w.board.viewer == before
            return
        assert w.board.covered is not None
        reveal(w)
    pytest.fail("no turn of two steps by one player was reached")


def test_while_covered_moves_hints_clicks_and_review_are_refused(canvas: Recorder) -> None:
    w = table()
    reveal(w)
    w.play(w.state.legal_moves()[0])  # now covered for Player 1
    state = w.state
    w.play(state.legal_moves()[0])
    assert w.state is state and "Pass the device to Player 1" in message(w)
    assert w.hint() is None and w.last_hint is None
    lay = w.board.geometry
    assert w.board.click_at(*centre(lay.hand_rect(1, 0))) is None
    click(w.board.layers.multi, *centre(lay.hand_rect(1, 0)))
    assert w.board.selected == ()
    canvas.clear()
    w.controls.go(0)  # step back through the game: the plate stays
    assert w.board.covered is not None and not canvas.texts(w.board.layers.pieces)


def test_a_bot_between_two_humans(canvas: Recorder) -> None:
    """Currents for four: the human seats 0 and 2 pass the device round the bots at 1
    and 3 (who move first)."""
    w = table("currents", ["human", tg.RandomBot(1), "human", tg.RandomBot(3)], players=4)
    for _ in range(12):
        if w.state.is_terminal:
            break
        p = w.state.current_player
        assert w.seats[p] == "human"
        assert w.board.covered == f"Pass the device to Player {p}" or w.board.viewer == p
        if w.board.covered is not None:
            reveal(w)
        assert w.board.viewer == p
        w.play(w.state.legal_moves()[0])


def test_game_over_shows_every_card(canvas: Recorder) -> None:
    w = table()
    for _ in range(400):
        if w.state.is_terminal:
            break
        if w.board.covered is not None:
            reveal(w)
        w.play(w.state.legal_moves()[-1])
    assert w.state.is_terminal
    assert w.board.covered is None and w.board.viewer is None


def test_a_new_game_covers_again(canvas: Recorder) -> None:
    w = table()
    reveal(w)
    w.new_game(seed=9)
    assert w.board.covered == "Pass the device to Player 0"


def test_single_human_and_open_games_have_no_cover(canvas: Recorder) -> None:
    solo = table("fellowship", ["human", tg.RandomBot(1)])
    assert solo.cover is None and solo.board.covered is None and solo.board.viewer == 0
    chess = table("cardchess")
    assert chess.cover is None and chess.board.covered is None


def test_the_cover_is_on_by_default_on_play_pages_only(
    canvas: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = tg.make("fellowship")
    assert PlayWidget(g, ["human", "human"]).cover is None  # notebooks: as before
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert PlayWidget(g, ["human", "human"]).board.covered == "Pass the device to Player 0"


def test_a_bot_thinking_keeps_the_last_human_view_or_the_cover(canvas: Recorder) -> None:
    """A bot's turn (a search in the background on play pages) shows the view of the last
    human who took the device; before anyone has, the board stays covered, with no
    button (nobody is asked to take the device yet)."""
    bot = tg.RandomBot(3)
    w = table("currents", [tg.RandomBot(0), "human", "human", bot], players=4)
    first = w.game.initial_state(3)
    assert w.seats[first.current_player] is bot
    w.cover.reset()
    assert w.cover.update(first) and w.board.covered == "Waiting for Player 3's first move"
    w.cover.show()
    assert buttons(w) == [] and w.moves.disabled
    w.cover.shown = 2
    assert not w.cover.update(first)
    assert w.board.covered is None and w.board.viewer == 2
