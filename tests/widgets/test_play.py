"""PlayWidget and MoveInput: moves made by clicking the board as a page would, buttons where
clicks cannot tell moves apart, the keyboard path, refusals, goaltending and bots."""

from __future__ import annotations

from typing import Any

import pytest
from support.widgets import (
    buttons,
    centre,
    click,
    human_table,
    key,
    message,
    position,
    press_button,
)
from tablegames_widgets.play import PlayWidget

import tablegames as tg
from tablegames.currents.geometry import POINTS, SLOTS

GREEN = "#43a047"  # legal targets
AMBER = "#f9a825"  # selected


def game(players: int = 2, **options: Any) -> Any:
    return tg.make("currents", players=players, **options)


def press(w: PlayWidget, kind: str, where: Any) -> None:
    """Click what the page shows at a board place: ``("card", "7H")``, ``("slot", 3)``..."""
    lay = w.board.geometry
    if kind == "card":
        for p, hand in enumerate(w.board.visible_hands(w.state)):
            if where in hand:
                rect = lay.hand_rect(p, hand.index(where))
                break
        else:
            raise AssertionError(f"{where} is not shown in a hand")
    elif kind == "aside":
        rect = lay.aside_rect(w.state.aside.index(where))
    elif kind == "slot":
        rect = lay.slot_rect(SLOTS.index(where) if isinstance(where, str) else where)
    elif kind == "compass":
        rect = lay.compass_rect(POINTS.index(where) if isinstance(where, str) else where)
    else:
        raise AssertionError(kind)
    click(w.board.layers.multi, *centre(rect))


class Always:
    """A bot that plays the first legal move of a kind it likes (else the first move)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        return next((m for m in moves if m.kind == self.kind), moves[0])


# ---- set-up and bots --------------------------------------------------------------------------


def test_bots_play_until_the_human_must_decide():
    w = PlayWidget(game(4), seed=11, square=40)  # P0 human, three random bots
    # P3, P2 and P1 placed their aces; P0's is forced; P0 starts the Play phase.
    assert len(w.history) == 4
    assert [s.current_player for s in w.history[:3]] == [3, 2, 1]
    assert w.state.phase == "play" and w.state.current_player == 0
    assert w.board.state is w.state
    assert w.board.viewer == 0  # one human sees only their own hand
    assert message(w) == "Player 0 (human): click a card in your hand, then where to play it " \
        "(or use a button)."  # fmt: skip
    assert w.controls.length == 4 and w.controls.index == 3


def test_a_table_of_bots_alone_stops_after_a_run_of_moves_when_the_game_does_not_end(
    monkeypatch: pytest.MonkeyPatch,
):
    """Resistor without a turn cap never ends with random players (tied rounds repeat):
    bots answering in the call stop after BOT_RUN_LIMIT moves instead of holding the
    kernel for ever, say so, and go on for another run from the Play button."""
    import tablegames_widgets.play as play_module

    from tablegames.bots import RandomBot

    monkeypatch.setattr(play_module, "BOT_RUN_LIMIT", 300)
    w = PlayWidget(tg.make("resistor"), [RandomBot(1), RandomBot(2)], seed=1)
    assert len(w.history) == 301 and not w.state.is_terminal
    assert message(w).startswith("The bots made 300 moves in a row and the game has not ended")
    assert w.controls.length == 301
    w.play(w.state.legal_moves()[0])  # a move for the bot to move, then another run
    assert len(w.history) == 602 and message(w).startswith("The bots made 300 moves")


def test_a_table_of_bots_alone_plays_a_game_that_ends_to_its_end():
    from tablegames.bots import RandomBot

    w = PlayWidget(game(2), [RandomBot(1), RandomBot(2)], seed=3, square=40)
    assert w.state.is_terminal and message(w).startswith("Game over")


def test_set_up_ace_placed_by_clicking_the_ace_then_a_compass_point(canvas):
    w = PlayWidget(game(2), seed=5, square=40)  # P1 (a bot) places two aces, then P0
    state = w.state
    assert state.phase == "setup" and state.current_player == 0 and len(state.aside) == 2
    assert "click an ace, then an empty compass point" in message(w)
    ace = state.aside[1]
    empty = [i for i in range(4) if state.compass[i] is None]
    press(w, "aside", ace)
    assert w.board.selected == (("aside", ace),)
    assert set(w.board.targets) == {("compass", i) for i in empty}
    before = len(w.history)
    press(w, "compass", empty[-1])
    placed = w.history[before]
    assert placed.last_move == state.parse_move(f"{ace}>{POINTS[empty[-1]]}")
    assert placed.compass[empty[-1]] == ace
    assert None not in placed.compass  # the last ace went to the last point by itself
    assert w.state.phase == "play" and w.state.current_player == 0


# ---- playing cards ---------------------------------------------------------------------------


def open_position() -> Any:
    return position(
        [["5D", "7S", "3C", "JC"], ["9H", "4C"]],
        cur={"N0": "3D", "E1": "KS"},
        compass={"N": "AD", "E": "AC", "S": "AH", "W": "AS"},
    )


def test_playing_a_card_by_clicking_it_then_a_slot(canvas):
    state = open_position()
    w = human_table(state)
    press(w, "card", "7S")
    canvas.clear()
    press(w, "slot", "W2")
    assert len(canvas.batches) == 1  # the new position, drawn once
    w2 = w.board.geometry.slot_rect(SLOTS.index("W2"))
    assert canvas.text_in(w2, w.board.layers.pieces) == "7♠"
    assert len(w.history) == 2
    after = w.state
    assert after.last_move == state.parse_move("7S>W2")
    assert after.currents[SLOTS.index("W2")] == "7S"
    assert "7S" not in after.hands[0]
    assert w.board.state is after and w.board.selected == () and w.board.targets == ()


def test_selecting_a_card_highlights_the_targets_of_its_legal_moves(canvas):
    state = open_position()
    w = human_table(state)
    for card in ("5D", "JC"):
        w.input.reset()
        canvas.clear()
        press(w, "card", card)
        assert len(canvas.batches) == 1
        keys = w.board.move_keys
        expected = {k for m in state.legal_moves() if m.card == card for k in keys(m)}
        expected.discard(("card", card))
        assert set(w.board.targets) == expected
        assert w.board.selected == (("card", card),)
        # the overlay framed exactly these places in green, the card in amber
        lay = w.board.geometry
        green = canvas.rects("strokeRects", w.board.layers.overlay, stroke_style=GREEN)
        framed = set()
        for kind, i in expected:
            x, y, wd, h = lay.slot_rect(i) if kind == "slot" else lay.compass_rect(i)
            framed.add((x - 2, y - 2, wd + 4, h + 4))
        assert set(green) == framed
        (amber,) = canvas.rects("strokeRects", w.board.layers.overlay, stroke_style=AMBER)
        x, y, wd, h = lay.hand_rect(0, state.hands[0].index(card))
        assert amber == (x - 3, y - 3, wd + 6, h + 6)
    assert ("compass", 0) in w.board.targets  # the jack replaces or discards AD on N
    # the compass is full, so discarding the selected card is legal: a button offers it
    assert buttons(w) == ["Discard J♣"]


def test_the_move_list_follows_the_card_picked_on_the_board():
    """After a click the list shows the first move using what was picked (the stored
    picture and a reader see the move the clicks are building), and back at its top after
    unpicking."""
    state = open_position()
    w = human_table(state)
    legal = state.legal_moves()
    for card in ("5D", "JC"):
        w.input.reset()
        press(w, "card", card)
        first = next(m for m in legal if m.card == card)
        assert w.moves.value == first and w.moves.index == legal.index(first)
    press(w, "card", "JC")
    assert w.moves.index == 0


def test_clicking_the_selected_card_again_unselects_it():
    w = human_table(open_position())
    press(w, "card", "5D")
    press(w, "card", "5D")
    assert w.board.selected == () and w.board.targets == ()


def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing():
    state = position([["5C", "3D"], ["9H"]], cur={"N0": "KS"})
    w = human_table(state)
    press(w, "card", "5C")
    press(w, "slot", "N0")  # current slot N0 holds KS: only higher ranks or spades
    with pytest.raises(tg.IllegalMove) as refused:
        state.parse_move("5C>N0")
    assert message(w) == str(refused.value)
    assert "N0 holds KS" in message(w)
    assert "color:#c62828" in w.message.value
    assert w.history == [state] and w.state is state and w.board.state is state
    assert w.board.selected == (("card", "5C"),)  # still selected: try another place


def test_a_click_on_nothing_playable_says_so():
    w = human_table(position([["5C", "3D"], ["9H"]], cur={"N0": "KS"}))
    press(w, "slot", "N0")
    assert message(w) == "That is not part of a legal move now."
    assert len(w.history) == 1


def test_a_jack_on_an_occupied_compass_point_offers_both_moves():
    state = open_position()  # AD on N: JC may replace it (lower rank) or discard it
    for label, notation in (
        ("Play J♣ on compass N", "JC>N"),
        ("J♣: discard compass N", "JC!N"),
    ):
        w = human_table(state)
        press(w, "card", "JC")
        press(w, "compass", "N")
        assert sorted(buttons(w)) == ["J♣: discard compass N", "Play J♣ on compass N"]
        assert len(w.history) == 1  # nothing applied yet
        press_button(w, label)
        assert len(w.history) == 2
        assert w.state.last_move == state.parse_move(notation)
        assert w.state.compass[0] == ("JC" if notation == "JC>N" else None)
        assert buttons(w) == []


def test_a_queen_swap_takes_two_slot_clicks():
    state = position([["QD", "4C"], ["9H"]], cur={"N0": "3C"})
    w = human_table(state)
    press(w, "card", "QD")
    press(w, "slot", "N0")
    assert len(w.history) == 1
    assert w.board.selected == (("card", "QD"), ("slot", 0))
    assert set(w.board.targets) == {("slot", i) for i in range(1, 16)}
    assert buttons(w) == ["Play Q♦ on slot N0"]  # the card alone on N0 is also a move
    press(w, "slot", "E3")
    assert len(w.history) == 2
    after = w.state
    assert after.last_move == state.parse_move("QD!N0~E3")
    assert after.currents[SLOTS.index("N0")] is None
    assert after.currents[SLOTS.index("E3")] == "3C"


def test_the_move_list_and_play_button_apply_a_move():
    state = open_position()
    w = human_table(state)
    labels = [label for label, _ in w.moves.options]
    assert len(labels) == len(state.legal_moves())
    assert "Play 7♠ on slot W2" in labels
    w.moves.value = state.parse_move("7S>W2")
    w.play_selected.click()
    assert w.state.last_move == state.parse_move("7S>W2")
    assert len(w.history) == 2


def test_play_by_notation_and_a_bad_notation_is_explained():
    state = open_position()
    w = human_table(state)
    w.play("9h>n1")  # not P0's card
    assert "9H is not in player 0's hand" in message(w)
    assert w.history == [state]
    w.play("7s>w2")
    assert w.state.last_move == state.parse_move("7S>W2")


def test_looking_back_then_clicking_asks_to_return_to_the_game():
    state = open_position()
    w = human_table(state)
    w.play("7S>W2")
    multi = w.board.layers.multi
    key(multi, "ArrowLeft")
    assert w.board.state is state and w.controls.index == 0
    assert "Position 0 of 1" in message(w)
    press(w, "card", "5D")
    assert "earlier position" in message(w)
    assert len(w.history) == 2
    key(multi, "End")
    assert w.controls.index == 1


# ---- goaltending -----------------------------------------------------------------------------


def east_push() -> Any:
    """Two players (P0 owns N and S, P1 owns E and W). The pawn is on the east edge line;
    P0 playing 5D on N3 (diamonds point E) pushes it over P1's east edge, which P0
    defends with spades (the suit on W, opposite the crossing). The current stays, so
    the pawn is pushed over again at the end of every turn."""
    return position([["5D", "7S", "8S"], ["9H", "4C"]], pawn=(8, 4))


def test_the_human_goaltends_after_pushing_over_an_edge_they_defend():
    w = human_table(east_push(), seats=["human", Always("discard")])
    press(w, "card", "5D")
    press(w, "slot", "N3")
    ask = w.state
    assert ask.phase == "defend" and ask.current_player == 0
    assert message(w) == (
        "Player 0 (human): the pawn would cross the E edge by 1: click 1 card of spades "
        "to goaltend, or let it through."
    )
    assert buttons(w) == ["Let the pawn through"]
    assert w.board.drawn["crossings"] == ("E",)
    press(w, "card", "7S")
    assert buttons(w) == ["Goaltend with 7♠", "Let the pawn through"]
    n = len(w.history)
    press_button(w, "Goaltend with 7♠")
    defended = w.history[n]
    assert defended.last_move == ask.parse_move("defend 7S")
    assert defended.pawn == (8, 4) and not defended.is_terminal
    # the bot played its turn at once (a discard); the pawn is pushed over again and
    # the human is asked again
    assert len(w.history) == n + 2 and w.state.last_move.kind == "discard"
    assert w.state.phase == "defend" and w.state.current_player == 0
    assert message(w).startswith("Player 0 (human): the pawn would cross the E edge")


def test_the_human_lets_the_pawn_through_and_loses():
    w = human_table(east_push(), seats=["human", Always("discard")])
    press(w, "card", "5D")
    press(w, "slot", "N3")
    press_button(w, "Let the pawn through")
    assert w.state.is_terminal and w.state.winners == {1}
    assert message(w) == "Game over: player 1 won."
    assert buttons(w) == [] and w.moves.disabled and w.play_selected.disabled
    n = len(w.history)
    press(w, "card", "7S")  # clicks after the end do nothing
    assert len(w.history) == n


def north_push() -> Any:
    """P0 pushes the pawn over the north edge (P0's own goal); P1 defends it with hearts."""
    return position([["5C", "7S", "3D"], ["9H", "4D"]], pawn=(4, 8))


@pytest.mark.parametrize(("bot", "won"), [("defend", False), ("decline", True)])
def test_a_bot_goaltends_by_itself(bot, won):
    state = north_push()
    w = human_table(state, seats=["human", Always(bot)])
    press(w, "card", "5C")
    press(w, "slot", "N1")
    asked = w.history[1]
    assert asked.phase == "defend" and asked.current_player == 1
    answer = w.history[2]
    assert answer.last_move.kind == bot
    if won:
        assert w.state is answer and answer.winners == {0}
        assert message(w) == "Game over: player 0 won."
    else:
        assert answer.pawn == (4, 8)
        assert w.state.current_player == 0 and not w.state.is_terminal
        assert "9H" not in answer.hands[1]  # discarded to stop the pawn


def test_a_position_from_another_game_is_refused():
    w = PlayWidget(game(2), square=40)
    with pytest.raises(ValueError, match="another game"):
        w.start_from(game(4).initial_state(0))


def test_stepping_back_then_forward_returns_to_the_game():
    w = PlayWidget(tg.make("currents", players=2), seed=4)
    for _ in range(3):
        w.play(w.state.legal_moves()[0])
    last = w.state
    w.controls.step("back")
    assert w.board.state is w.history[-2]
    w.controls.step("forward")
    assert w.board.state is last
    assert "earlier position" not in w.message.value
