"""One test per Poohsticks rule (rules/fellowship-and-poohsticks.txt, second game), named
after it. Positions are hand-built on ``support.poohsticks.RIVER`` unless a test says otherwise:

    row 1: A1 5C  B1 9D        row 4: A4 3C  B4 4D
    row 2: A2 7C  B2 2D        row 5: A5 8C  B5 6D
    row 3: A3 KC  B3 QD        row 6: A6 JC  B6 TD
"""

from __future__ import annotations

import pytest
from support.moves import refused
from support.poohsticks import RIVER, boat, kinds, legal, play, position

import tablegames as tg
from tablegames.cards import standard_deck
from tablegames.poohsticks import PoohsticksState


def start(**options: object) -> PoohsticksState:
    state = tg.make("poohsticks", **options).initial_state(11)
    assert isinstance(state, PoohsticksState)
    return state


# ---- set-up ------------------------------------------------------------------------------


def test_boats_are_aces() -> None:
    game = tg.make("poohsticks", players=4)
    assert game.boats == ("AS", "AD", "AH", "AC")  # type: ignore[attr-defined]
    assert not set(game.boats) & set(game.deck)  # type: ignore[attr-defined]
    two = tg.make("poohsticks", players=2)
    assert two.boats == ("AS", "AD")  # type: ignore[attr-defined]
    assert {"AH", "AC"} <= set(two.deck)  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_river_one_card_per_player_wide_six_long(players: int) -> None:
    state = start(players=players)
    g = state.game
    assert (g.width, g.length) == (players, 6)
    assert len(state.river) == 6 * players and None not in state.river


def test_river_three_wide_for_two_players_and_longer_rivers() -> None:
    state = start(players=2, width=3, length=9)
    assert (state.game.width, state.game.length) == (3, 9) and len(state.river) == 27


def test_hands_of_three_and_a_shared_draw_deck() -> None:
    state = start(players=3)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    everything = [*state.river, *(c for h in state.hands for c in h), *state.draw_pile]
    assert sorted(everything) == sorted(c for c in standard_deck() if c not in ("AS", "AD", "AH"))


# ---- moving ------------------------------------------------------------------------------


def test_enter_at_any_first_row_card() -> None:
    state = position(["5H 9H 7S"])
    assert {"S>A1 5H", "S>B1 9H"} <= set(legal(state))
    assert not any(m.startswith("S>A2") for m in legal(state))
    refused(state, "S>A2 7S", "enters the river at a card of the first row")


def test_move_orthogonally() -> None:
    state = position(["2H 7S QH"], extra={"boats": ["A2", None]})
    cells = {m.split()[0] for m in legal(state) if m.startswith("S>")}
    assert cells == {"S>A1", "S>B2", "S>A3"}  # never the diagonal B1 or B3
    refused(state, "S>B3 QH", "orthogonally")


def test_move_pays_cards_that_make_the_value() -> None:
    state = position(["KH 2S 4H"], extra={"boats": ["A2", None]})
    moves = legal(state)
    assert "S>A3 KH" in moves  # an exact match: K on K
    assert "S>A1 4H KH" not in moves  # 13 and 4 never make 5
    after = play(state, "S>A1 2S 4H KH")  # 13 − 4 × 2 = 5
    move = after.events[0]
    assert move.kind == "move" and move.value == (5,) and move.text == "13 − 4 × 2 = 5"
    refused(state, "S>B2 KH", "cannot make 2")


def test_several_moves_per_turn_with_disjoint_cards() -> None:
    state = position(["5H 7S KH", "2C 2H 2S"])
    state = play(state, "S>A1 5H")
    assert state.current_player == 0 and state.hands[0] == ("KH", "7S")
    state = play(state, "S>A2 7S")
    assert state.current_player == 0 and boat(state, 0) == "A2"
    # each move is independent: the king is still there, the seven is spent
    refused(state, "S>A1 7S", "not in player 0's hand")
    state = play(state, "S>A3 KH")  # nothing left to pay with: the turn ends
    assert state.current_player == 1 and boat(state, 0) == "A3"
    assert len(state.hands[0]) == 3


def test_no_move_onto_an_opponents_boat() -> None:
    state = position(["5H 9H 2S"], extra={"boats": [None, "A1"]})
    assert "S>A1 5H" not in legal(state) and "S>B1 9H" in legal(state)
    refused(state, "S>A1 5H", "occupied by player 1's boat")


# ---- exiting and winning -------------------------------------------------------------------


def test_exit_from_the_last_row_with_one_face_card_or_ace() -> None:
    state = position(["QH 2S AH", "9S TS QS"], extra={"boats": ["A6", None]})
    assert {"exit QH", "exit AH"} <= set(legal(state)) and "exit 2S" not in legal(state)
    refused(state, "exit 2S", "one face card")
    refused(state, "exit QH AH", "one face card")
    away = position(["QH 2S AH"], extra={"boats": ["A5", None]})
    refused(away, "exit QH", "only from the last row")


def test_exit_on_the_turn_the_boat_reaches_the_last_row() -> None:
    state = position(["JC QH 2S", "9S TS QS"], RIVER[:5] + [["JS", "TD"]],
                     extra={"boats": ["A5", None]})  # fmt: skip
    state = play(state, "S>A6 JC", "exit QH")
    assert state.exited == (0,) and boat(state, 0) is None
    assert state.current_player == 1 and not state.is_terminal


def test_first_player_exit_waits_for_the_round() -> None:
    state = position(["QH 2S 3S", "9C TC 4S"], extra={"boats": ["A6", "B2"]})
    state = play(state, "exit QH")
    assert not state.is_terminal and state.current_player == 1
    state = play(state, "end")
    assert state.is_terminal and state.winners == {0} and state.returns() == (1.0, -1.0)


def test_exits_in_the_same_round_tie() -> None:
    state = position(["QH 2S 3S", "KD 2C 2H"], extra={"boats": ["A6", "B6"]})
    state = play(state, "exit QH", "exit KD")
    assert state.is_terminal and state.winners == {0, 1}
    assert kinds(state)[-3:] == ["tie", "win", "win"]
    assert state.returns() == (1.0, 1.0)


def test_last_player_of_the_round_exiting_alone_wins_at_once() -> None:
    state = position(["2S 3S 4S", "KD 2C 2H"], extra={"boats": ["A3", "B6"],
                     "current_player": 1, "turn": 1})  # fmt: skip
    state = play(state, "exit KD")
    assert state.is_terminal and state.winners == {1}


# ---- the end of a turn -----------------------------------------------------------------------


def test_draw_up_to_three_at_the_end_of_the_turn() -> None:
    state = position(["5H 9H 2S", "9S TS QS"])
    top = state.draw_pile[:1]
    state = play(state, "S>A1 5H", "end")
    assert set(top) <= set(state.hands[0]) and len(state.hands[0]) == 3
    assert "draw" in kinds(state)


def test_discard_and_redraw_when_no_move_is_possible() -> None:
    state = position(["2H 2S", "9S TS QS"])  # 2 and 2 make 0, 1, 4: never 5 or 9
    assert legal(state) == ["discard 2S", "discard 2H", "discard 2H 2S", "end"]
    after = play(state, "discard 2H 2S")
    assert after.current_player == 1 and after.discard_pile == ("2H", "2S")
    assert len(after.hands[0]) == 3 and kinds(after)[:2] == ["discard", "draw"]


def test_discard_only_when_no_move_is_possible() -> None:
    state = position(["5H 2S 3S"])
    refused(state, "discard 2S", "only when no move is possible")


def test_no_discard_after_moving() -> None:
    state = play(position(["5H 7S 2C"]), "S>A1 5H")
    assert state.current_player == 0
    refused(state, "discard 2C", "not discard after moving")


def test_discard_when_stuck_any_turn_discards_instead_of_moving() -> None:
    state = position(["5H 2S 3S", "9S TS QS"], discard_when_stuck="any turn")
    after = play(state, "discard 5H 2S")
    assert after.current_player == 1 and kinds(after)[:2] == ["discard", "draw"]
    assert boat(after, 0) is None and len(after.hands[0]) == 3


def test_discard_when_stuck_any_turn_still_not_after_moving() -> None:
    state = play(position(["5H 7S 2C"], discard_when_stuck="any turn"), "S>A1 5H")
    assert state.current_player == 0
    refused(state, "discard 2C", "not discard after moving")


def test_discard_when_stuck_refuses_other_values() -> None:
    with pytest.raises(ValueError):
        tg.make("poohsticks", discard_when_stuck="always")


def test_discard_pile_reshuffled_into_an_empty_draw_pile() -> None:
    state = position(["5H 9H 2S", "9S TS QS"], extra={"draw_pile": []})
    assert state.draw_pile == () and state.discard_pile
    state = play(state, "S>A1 5H", "end")
    assert "reshuffle" in kinds(state) and len(state.hands[0]) == 3
    assert "5H" in state.hands[0] + state.draw_pile  # the card paid went round again


# ---- variants --------------------------------------------------------------------------------


def test_under_the_bridge_row_is_face_down() -> None:
    state = start(bridge=True)
    g = state.game
    assert [g.names[c] for c in state.face_down] == ["A4", "B4"]
    obs = state.observation(0)
    assert obs["river"][3] == [None, None] and obs["face_down"] == ["A4", "B4"]


def test_under_the_bridge_arriving_in_front_flips_one_card_and_ends_the_turn() -> None:
    state = position(["KH 3S 2H", "9S TS QS"], extra={"boats": ["A2", None]}, bridge=True)
    assert "S>A4 3S" not in legal(state)
    state = play(state, "S>A3 KH")
    assert kinds(state)[:2] == ["move", "flip"] and state.events[1].cards == ("3C",)
    assert [state.game.names[c] for c in state.face_down] == ["B4"]
    assert state.current_player == 1  # the turn ended although 3S could pay for A4
    state = play(state, "end", "S>A4 3S")  # next turn: onto and past the card
    assert boat(state, 0) == "A4"


def test_under_the_bridge_face_down_cards_cannot_be_entered() -> None:
    # (a boat just upstream of a face-down card cannot be: arriving there turns it over)
    state = position(["3S 4S 2H"], extra={"boats": ["B4", None], "face_down": ["A4"]},
                     bridge=True)  # fmt: skip
    refused(state, "S>A4 3S", "face-down bridge card")


def test_rocks_in_the_rapids_cannot_be_passed() -> None:
    state = position(["KH 3S 2H"], extra={"boats": ["A2", None], "rocks": ["A3"]}, rocks=1)
    assert not any(m.startswith("S>A3") for m in legal(state))
    refused(state, "S>A3 KH", "rock")
    assert state.observation(1)["river"][2] == [None, "QD"]


def test_rocks_in_the_rapids_leave_a_path() -> None:
    game = tg.make("poohsticks", players=3, rocks=9)
    for seed in range(200):
        state = game.initial_state(seed)
        assert isinstance(state, PoohsticksState)
        assert len(state.rocks) == 9 and game.has_path(state.rocks)  # type: ignore[attr-defined]


def test_boat_powers_one_free_move_onto_own_suit() -> None:
    river = [row[:] for row in RIVER]
    river[2][0] = "KS"
    river[1][1] = "2S"
    state = position(["2H 3H 4H", "9S TS QS"], river, extra={"boats": ["A2", None]},
                     boat_powers=True)  # fmt: skip
    assert "S>A3 power" in legal(state) and "S>B2 power" in legal(state)
    state = play(state, "S>A3 power")
    assert state.powers_used == (True, False) and state.hands[0] == ("2H", "3H", "4H")
    assert kinds(state)[0] == "power"
    assert not any(m.endswith("power") for m in legal(state))
    refused(state, "S>A2 power", "once per game")


def test_boat_powers_only_onto_own_suit() -> None:
    state = position(["2H 3H 4H"], extra={"boats": ["A2", None]}, boat_powers=True)
    refused(state, "S>A3 power", "suit")
    off = position(["2H 3H 4H"], extra={"boats": ["A2", None]})
    refused(off, "S>A3 power", "boat powers are off")


def test_shaped_river_bends_and_narrowings() -> None:
    shape = ["##", "#.", "##", ".#", "##", "##"]
    game = tg.make("poohsticks", shape=shape)
    state = game.initial_state(1)
    assert isinstance(state, PoohsticksState)
    gaps = [game.names[i] for i, c in enumerate(state.river) if c is None]  # type: ignore[attr-defined]
    assert gaps == ["B2", "A4"] and len(game.cells) == 10  # type: ignore[attr-defined]
    assert state.to_json()["river"][1] == [state.river[2], None]
