"""Bad input gets the right error, with a message a person understands, and changes nothing.

Illegal moves (``tablegames.IllegalMove``), malformed JSON states (``tablegames.InvalidState``),
bad options for ``tablegames.make`` (``ValueError``) and bad records for ``tablegames.replay``.
Each case asserts the error type AND the part of the message that says what is wrong; for
moves, the state the move was applied to must serialise exactly as before.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.corrupt import corrupt, played_json, read_or_refused
from support.currents import FULL, play, position, slots
from support.currents import currents as build
from support.currents import position_data as data

import tablegames as tg
from tablegames.currents import CurrentsMove, CurrentsState


def rejects(state: CurrentsState, move: Any, match: str) -> None:
    """``move`` (notation or object) is an IllegalMove saying ``match``; the state is unchanged."""
    before = copy.deepcopy(state.to_json())
    with pytest.raises(tg.IllegalMove, match=match):
        state.apply(state.parse_move(move) if isinstance(move, str) else move)
    if isinstance(move, CurrentsMove):
        with pytest.raises(tg.IllegalMove, match=match):
            state.apply(move)
    assert state.to_json() == before, "a rejected move changed the state"


# ---- positions used below -------------------------------------------------------------


@pytest.fixture
def setup() -> CurrentsState:
    """The first set-up decision of a 4-player game: player 3 places an ace."""
    return build_initial(players=4, seed=1)


def build_initial(players: int, seed: int) -> CurrentsState:
    state = tg.make("currents", players=players).initial_state(seed)
    assert isinstance(state, CurrentsState)
    return state


@pytest.fixture
def board() -> CurrentsState:
    """Player 0 to play in a 4-player game: compass N 5C, E AD, S empty, W AS; slot N1 9D."""
    return build(
        data(
            ["7H 3C JC QD", "2S", "3S", "4S"],
            compass={"N": "5C", "E": "AD", "S": None, "W": "AS"},
            cur={"N1": "9D"},
        )
    )


@pytest.fixture
def defend() -> CurrentsState:
    """Two players; a club current pushes the pawn from (4, 8) one past the north edge,
    and player 1 (goaltender of N) holds hearts, the suit on compass point S."""
    state = build(
        data(["2D 3D", "7H 8H 9S"], cur={"N2": "5C"}, pawn=(4, 8)),
        players=2,
    )
    state = play(state, "discard 2D")
    assert (state.phase, state.current_player) == ("defend", 1)
    return state


@pytest.fixture
def combo() -> CurrentsState:
    """Combination attacks: player 0 has just demoted 9C on N1 with 5C and holds 7D."""
    state = build(
        data(["5C 7D 4C 3D", "2S", "3S", "4S"], cur={"N1": "9C"}),
        combination_attacks=True,
    )
    state = play(state, "5C>N1")
    assert (state.phase, state.combo) == ("combo", "N1")
    return state


@pytest.fixture
def over(defend: CurrentsState) -> CurrentsState:
    state = play(defend, "decline")
    assert state.is_terminal and state.winners == {0}
    return state


# ---- illegal moves -------------------------------------------------------------------


def test_card_not_in_hand(board: CurrentsState) -> None:
    rejects(board, "9C>N2", r"9C is not in player 0's hand \(3C JC QD 7H\)")
    rejects(board, "discard 2S", "2S is not in player 0's hand")


def test_compass_placement_that_does_not_beat(board: CurrentsState) -> None:
    rejects(
        board,
        "7H>N",
        r"compass point N holds 5C; a card replaces it only with a LOWER rank or the same "
        r"suit \(clubs\)",
    )


def test_current_placement_that_does_not_beat(board: CurrentsState) -> None:
    rejects(board, "7H>N1", r"current slot N1 holds 9D; .* a HIGHER rank or the same suit")


def test_easier_usurping_is_named_in_the_message() -> None:
    state = build(data(["7H 2C", "2S", "3S", "4S"], cur={"N1": "9D"}), easier_usurping=True)
    rejects(state, "7H>N1", r"a HIGHER rank \(or an equal one\)")


def test_jack_on_an_empty_point(board: CurrentsState) -> None:
    rejects(board, "JC!S", "a jack discards a compass card, and S is empty")


def test_queen_with_two_empty_slots(board: CurrentsState) -> None:
    rejects(board, "QD!N0~E3", "a queen swaps two current slots, and both are empty")


def test_king_with_an_empty_compass() -> None:
    empty = {p: None for p in "NESW"}
    state = build(data(["KH 2C", "2S", "3S", "4S"], compass=empty))
    rejects(state, "KH!cw", "a king rotates the compass, which holds no card")


def test_discard_while_a_compass_point_is_empty(board: CurrentsState) -> None:
    rejects(
        board,
        "discard 7H",
        "you may discard only when every compass point holds a card or no card in your hand "
        "can be played; compass point S is empty",
    )


def test_joker_not_held_and_joker_placement(board: CurrentsState) -> None:
    rejects(board, "RJ!", "RJ is not in player 0's hand")
    with pytest.raises(tg.IllegalMove, match="jokers are never placed"):
        board.parse_move("RJ>N")


def test_wrong_phase_moves_in_play(board: CurrentsState) -> None:
    rejects(board, "decline", "it is player 0's turn to play or discard a card; 'decline' is only")
    rejects(board, "defend 7H", "'defend' is only for goaltending")
    rejects(board, "stop", "'stop' is only for after a demotion")


def test_wrong_moves_during_setup(setup: CurrentsState) -> None:
    rejects(setup, "AC>N1", "during set-up, player 3 places an ace on an empty compass point")
    rejects(setup, f"discard {setup.hands[3][0]}", "during set-up")
    non_ace = setup.hands[3][0]
    rejects(setup, f"{non_ace}>N", f"{non_ace} is not an ace waiting to be placed")
    after = play(setup, "AC>N")
    rejects(after, "AD>N", "compass point N already holds an ace")
    rejects(after, "AC>E", "AC is not an ace waiting to be placed; waiting: AD, AH, AS")


def test_defend_with_the_wrong_suit(defend: CurrentsState) -> None:
    rejects(
        defend,
        "defend 9S",
        "goaltending the N edge takes hearts, the suit on compass point S; 9S cannot be used",
    )


def test_defend_with_the_wrong_count(defend: CurrentsState) -> None:
    rejects(defend, "defend 7H 8H", r"exactly 1 card is needed .* not 2")


def test_defend_with_cards_not_in_hand(defend: CurrentsState) -> None:
    rejects(defend, "defend 5H", "5H not in player 1's hand")


def test_wrong_phase_moves_while_defending(defend: CurrentsState) -> None:
    rejects(
        defend,
        "7H>N1",
        "the pawn is about to cross the N edge; player 1 must now 'defend' with 1 card of "
        "hearts or 'decline'",
    )
    rejects(defend, "stop", "must now 'defend'")


def test_wrong_moves_after_a_demotion(combo: CurrentsState) -> None:
    rejects(combo, "7D>N2", "after demoting N1, player 0 may only play a card of another suit")
    rejects(combo, "decline", "after demoting N1")
    rejects(combo, "4C>N1", "a combination attack needs a card of another suit that beats 5C")
    rejects(combo, "3D>N1", "a combination attack needs a card of another suit that beats 5C")


def test_moves_after_the_game_is_over(over: CurrentsState) -> None:
    for text in ("decline", "defend 7H", "2D>N", "stop"):
        rejects(over, text, r"the game is over \(won by player 0\); no move can be made")


def test_move_after_a_capped_game() -> None:
    result = tg.play_game(tg.make("currents", players=2, max_turns=1), seed=1)
    final = result.final
    assert final.is_terminal and not final.winners
    rejects(final, "decline", r"the game is over \(ended without a winner\)")  # type: ignore[arg-type]


def test_a_string_instead_of_a_move(board: CurrentsState) -> None:
    before = board.to_json()
    with pytest.raises(
        tg.IllegalMove, match=r"apply takes a move object, not the text '3C>N2': use "
    ) as err:
        board.apply("3C>N2")
    assert "state.apply(state.parse_move('3C>N2'))" in str(err.value)
    assert board.to_json() == before


def test_none_and_other_objects_instead_of_a_move(board: CurrentsState) -> None:
    before = board.to_json()
    for bad in (None, 3, ("place", "3C", "N2"), {"kind": "place"}):
        with pytest.raises(tg.IllegalMove, match="is not a Currents move; take one from legal"):
            board.apply(bad)
    assert board.to_json() == before


def test_a_move_of_another_game(board: CurrentsState) -> None:
    class ChessMove(tg.Move):
        def __str__(self) -> str:
            return "e2e4"

    before = board.to_json()
    with pytest.raises(tg.IllegalMove, match="is not a Currents move"):
        board.apply(ChessMove())
    assert board.to_json() == before


@pytest.mark.parametrize(
    ("move", "match"),
    [
        (CurrentsMove("jack", "3C", "N"), "needs a jack"),
        (CurrentsMove("king", "7H", "cw"), "needs a king"),
        (CurrentsMove("queen", "7H", "N0~N1"), "needs a queen"),
        (CurrentsMove("joker", "7H"), "needs a joker"),
        (CurrentsMove("place", "7H", "X9"), "cannot read '7H>X9'"),
        (CurrentsMove("place", "7h", "N2"), r"reads as CurrentsMove.from_notation\('7H>N2'\)"),
        (CurrentsMove("fly", "7H"), "cannot read"),
        (CurrentsMove("defend", None, "", ("7H", "7H")), "discarded only once"),
        (CurrentsMove("decline", "7H"), r"reads as CurrentsMove.from_notation\('decline'\)"),
    ],
)
def test_hand_built_malformed_moves(board: CurrentsState, move: CurrentsMove, match: str) -> None:
    """A move object built by hand is checked as strictly as one read from its notation."""
    before = board.to_json()
    with pytest.raises(tg.IllegalMove, match="malformed move CurrentsMove") as err:
        board.apply(move)
    assert err.match(match)
    assert board.to_json() == before


def test_a_hand_built_move_with_a_field_of_the_wrong_type_is_refused(board: CurrentsState) -> None:
    """Compiled, the move class is native and its constructor refuses the wrong type; in
    pure Python the value is made and ``apply`` refuses it. Either way nothing changes."""
    before = board.to_json()
    with pytest.raises((TypeError, tg.IllegalMove), match=r"malformed move|tuple"):
        board.apply(CurrentsMove("defend", None, "", None))  # type: ignore[arg-type]
    assert board.to_json() == before


def test_hand_built_well_formed_move_is_accepted(board: CurrentsState) -> None:
    assert board.apply(CurrentsMove("place", "3C", "N2")) == board.apply(board.parse_move("3C>N2"))


def test_hand_built_defence_with_a_repeated_card_does_not_duplicate_it(
    defend: CurrentsState,
) -> None:
    """Before moves were checked for form, this discarded 7H twice (one card, two copies)."""
    rejects(defend, CurrentsMove("defend", None, "", ("7H", "7H")), "discarded only once")


# ---- notation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "cannot read '' as a move: write a Currents move as 7H>N"),
        ("hello", "cannot read 'hello' as a move"),
        ("7H>X", "cannot read '7H>X'"),
        ("7H>N9", "cannot read '7H>N9'"),
        ("ZZ>N", "cannot read 'ZZ>N'"),
        ("1H>N", "cannot read '1H>N'"),
        ("10H>N", "cannot read '10H>N'"),
        ("7H", "cannot read '7H'"),
        ("discard", "cannot read 'discard'"),
        ("defend", "cannot read 'defend'"),
        ("QD!N0~N0", "a queen swaps two different current slots"),
        ("7H!N", "the action written needs a jack"),
        ("JC!cw", "the action written needs a king"),
        ("KH!", "the action written needs a joker"),
        ("defend 7H 7H", "a card can be discarded only once"),
        ("RJ>N2", "jokers are never placed on the compass or the board"),
    ],
)
def test_parse_move_garbage(board: CurrentsState, text: str, match: str) -> None:
    with pytest.raises(tg.IllegalMove, match=match):
        board.parse_move(text)


@pytest.mark.parametrize("bad", [None, 42, b"7H>N", ["7H>N"]])
def test_parse_move_needs_a_string(board: CurrentsState, bad: Any) -> None:
    with pytest.raises(tg.IllegalMove, match="a move in notation must be a string"):
        board.parse_move(bad)


def test_parse_move_checks_legality_too(board: CurrentsState) -> None:
    with pytest.raises(tg.IllegalMove, match="compass point N holds 5C"):
        board.parse_move("7H>N")
    assert str(board.parse_move("  3c >  n2 ")) == "3C>N2"  # spacing and case are forgiven


# ---- malformed JSON states --------------------------------------------------------------

GOOD = data(["7H 3C", "2S", "3S", "4S"])


def invalid(d: Any, match: str, **options: Any) -> None:
    """state_from_json(d) is an InvalidState saying ``match``, and ``d`` is left untouched."""
    before = copy.deepcopy(d)
    with pytest.raises(tg.InvalidState, match=match) as err:
        tg.make("currents", **options).state_from_json(d)
    assert str(err.value).startswith("invalid Currents state: ")
    assert d == before, "state_from_json changed its input"


def changed(**changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(GOOD)
    d.update(changes)
    return d


def test_good_position_is_accepted() -> None:
    build(GOOD)


@pytest.mark.parametrize("bad", [None, [], "state", 3, 2.5])
def test_not_a_dict(bad: Any) -> None:
    invalid(bad, r"expected a JSON object \(dict\), not ")


def test_unknown_keys() -> None:
    invalid(changed(colour="red"), r"unknown key 'colour'; the keys are game, options")


@pytest.mark.parametrize(
    ("key", "value", "match"),
    [
        ("turn", "3", "turn must be an integer, not '3'"),
        ("turn", -1, "turn must be 0 or more"),
        ("current_player", True, "current_player must be an integer"),
        ("current_player", 1.0, "current_player must be an integer"),
        ("seed", None, "seed must be an integer"),
        ("hands", "7H 3C", "hands must be a list of 4 hands"),
        ("hands", [["7H"], ["2S"], "3S", ["4S"]], r"hands\[2\] must be a list of card codes"),
        ("compass", ["AC", "AD", "AH", "AS"], "compass must be an object with keys N, E, S, W"),
        ("compass", {"X": "AC"}, "compass must be an object with keys N, E, S, W"),
        ("currents", {"N": [None] * 3}, r"currents N must be a list of 4 slots \(card or null\)"),
        ("currents", [], "currents must be an object with keys N, E, S, W"),
        ("draw_pile", "7H", "draw_pile must be a list of card codes"),
        ("aside", "AC", "aside must be a list of card codes"),
        ("events", {}, "events must be a list"),
        ("events", [{"kind": "draw", "colour": 1}], "unknown event field"),
        ("events", [{"player": 1}], "an event must be an object with a 'kind'"),
        ("winners", [7], "winners must be a list of player indices"),
        ("last_move", "fly away", "last_move: cannot read 'fly away' as a move"),
        ("game", "chess", "game is 'chess', expected 'currents'"),
        ("phase", "lunch", "phase must be one of setup, play, combo, defend, over, not 'lunch'"),
    ],
)
def test_wrong_types_and_values(key: str, value: Any, match: str) -> None:
    invalid(changed(**{key: value}), match)


@pytest.mark.parametrize("code", ["ZZ", "1H", "10H", "7h", "H7", "", 7, None, "JK"])
def test_unknown_card_codes(code: Any) -> None:
    invalid(
        changed(hands=[["7H", code], ["2S"], ["3S"], ["4S"]]),
        rf"hands\[0\]\[1\]: {re.escape(repr(code))} is not a card code "
        r"\(rank 2-9, T, J, Q, K, A then suit C, D, H, S",
    )


def test_unknown_card_code_on_the_board() -> None:
    invalid(changed(compass={"N": "ZZ"}), "compass N: 'ZZ' is not a card code")
    invalid(changed(currents=slots(E2="1H")), "currents E2: '1H' is not a card code")


def test_duplicated_cards() -> None:
    invalid(changed(hands=[["7H", "3C"], ["7H"], ["3S"], ["4S"]]), r"card 7H appears more")
    invalid(changed(currents=slots(N0="2S")), r"card 2S appears more than once")
    invalid(changed(discard_pile=["AC"]), r"card AC appears more than once")


def test_joker_in_a_game_without_jokers() -> None:
    invalid(
        changed(hands=[["7H", "RJ"], ["2S"], ["3S"], ["4S"]]),
        r"RJ not in this game's deck \(52 cards, no jokers\)",
    )
    invalid(
        changed(hands=[["7H", "BJ"], ["2S"], ["3S"], ["4S"]]),
        r"BJ not in this game's deck \(52 cards plus RJ\)",
        jokers=1,
    )


def test_joker_placed_on_the_compass_or_board() -> None:
    invalid(
        changed(compass={**FULL, "N": "RJ"}),
        r"jokers are never placed on the compass or the board \(RJ\)",
        jokers=2,
    )
    invalid(changed(currents=slots(S3="BJ")), r"never placed .* \(BJ\)", jokers=2)


@pytest.mark.parametrize("pawn", [[9, 4], [4, -1], [100, 100]])
def test_pawn_off_the_board(pawn: list[int]) -> None:
    invalid(changed(pawn=pawn), rf"pawn \[{pawn[0]}, {pawn[1]}\] is off the board: x and y must")


@pytest.mark.parametrize("pawn", [[4], [4, 4, 4], "44", [4.0, 4], [True, 4], None, {"x": 4}])
def test_pawn_not_two_ints(pawn: Any) -> None:
    invalid(changed(pawn=pawn), r"pawn must be \[x, y\] with two integers")


def test_pawn_on_an_obstacle() -> None:
    invalid(changed(pawn=[2, 3]), r"pawn \[2, 3\] stands on an obstacle", obstacles=[[2, 3]])


def test_wrong_number_of_hands() -> None:
    invalid(changed(hands=[["7H"], ["2S"], ["3S"]]), "hands must be a list of 4 hands")
    invalid(changed(hands=[["7H"], ["2S"], ["3S"]]), "hands must be a list of 2 hands", players=2)


def test_a_hand_of_five_cards() -> None:
    invalid(
        changed(hands=[["7H", "3C", "4C", "5C", "6C"], ["2S"], ["3S"], ["4S"]]),
        "player 0 holds 5 cards; a hand holds at most 4",
    )


def test_missing_cards_when_both_piles_are_given() -> None:
    full = build(GOOD).to_json()
    full["draw_pile"] = full["draw_pile"][1:]
    invalid(full, r"card [2-9TJQKA][CDHS] is missing: every card must be somewhere")


def test_missing_cards_with_one_pile_given_go_to_the_other() -> None:
    state = build(changed(discard_pile=["2C"]))
    assert state.discard_pile == ("2C",) and len(state.draw_pile) == 52 - 4 - 5 - 1


@pytest.mark.parametrize(
    ("player", "match"),
    [
        (4, "current_player must be 0 to 3 for 4 players, not 4"),
        (-1, "current_player must be 0 to 3 for 4 players, not -1"),
    ],
)
def test_current_player_out_of_range(player: int, match: str) -> None:
    invalid(changed(current_player=player), match)


def test_current_player_in_a_two_player_game() -> None:
    invalid(
        changed(current_player=2, hands=[["7H"], ["2S"]]),
        "current_player must be 0 to 1 for 2 players, not 2",
        players=2,
    )


def test_over_needs_current_player_minus_one() -> None:
    invalid(changed(phase="over"), "current_player must be -1 once the game is over, not 0")


def test_inconsistent_turn_player() -> None:
    invalid(changed(turn_player=2), r"in the play phase the current player is the turn player")
    invalid(changed(turn_player=5), "turn_player must be 0 to 3, not 5")


def test_player_to_play_without_cards() -> None:
    invalid(changed(hands=[[], ["2S"], ["3S"], ["4S"]]), "player 0 is to play but holds no card")


def test_setup_data_outside_setup() -> None:
    invalid(changed(compass={"N": "AC"}, aside=["AD", "AH", "AS"]), "aces wait aside only during")
    setup = build_initial(players=4, seed=1).to_json()
    bad_player = {**setup, "current_player": 0}
    invalid(bad_player, "during set-up it is player 3 who places an ace")
    no_aside = {**setup, "aside": [], "draw_pile": setup["draw_pile"] + setup["aside"]}
    invalid(no_aside, "during set-up, aces wait aside and as many compass points are empty")
    not_ace = {**setup, "aside": ["KC"]}
    invalid(not_ace, "only aces wait aside")
    played = copy.deepcopy(setup)
    card = played["draw_pile"].pop()
    played["currents"]["N"][0] = card
    invalid(played, "during set-up the compass holds only aces and no current is played yet")


def test_defend_data_outside_the_defend_phase() -> None:
    invalid(changed(target=[4, 9]), "target and queue belong to the defend phase only")
    invalid(changed(queue=["N"]), "target and queue belong to the defend phase only")
    invalid(changed(queue="N"), "target and queue belong to the defend phase only")
    invalid(changed(combo="N1"), "combo belongs to the combo phase only")


def test_inconsistent_defend_phase(defend: CurrentsState) -> None:
    good = defend.to_json()
    build(good, players=2)
    invalid({**good, "queue": []}, "queue lists the edges still to defend", players=2)
    invalid({**good, "queue": ["X"]}, "queue lists the edges still to defend", players=2)
    invalid({**good, "queue": [["N"]]}, "queue lists the edges still to defend", players=2)
    invalid({**good, "queue": ["N", "N"]}, "must list each edge that target", players=2)
    invalid({**good, "queue": ["N", "E"]}, r"\(N\) exactly once", players=2)
    invalid({**good, "target": [4, 8]}, "none: the target is on the board", players=2)
    invalid({**good, "target": None}, r"target must be \[x, y\]", players=2)
    invalid({**good, "current_player": 0}, "the N edge is defended by player 1", players=2)
    no_hearts = copy.deepcopy(good)
    no_hearts["compass"]["S"] = None
    no_hearts["discard_pile"].append("AH")
    invalid(no_hearts, "player 1 cannot defend the N edge, so nobody is asked", players=2)
    invalid({**good, "winners": [0]}, "winners are set only once the game is over", players=2)


def test_corner_queue_must_be_in_advantage_order(defend: CurrentsState) -> None:
    # from (8, 8) a club (north) and player 0's diamond (east) head for the corner (9, 9)
    empty: list[None] = [None] * 4
    cur = {"N": [None, None, None, "5C"], "E": [None, None, None, "3D"], "S": empty, "W": empty}
    hands = [[], ["7H", "8H", "9S"]]
    corner = {**defend.to_json(), "pawn": [8, 8], "currents": cur, "hands": hands,
              "target": [9, 9], "queue": ["E", "N"]}  # fmt: skip
    invalid(corner, r"queue \['E', 'N'\] is not in advantage order", players=2)
    corner["queue"] = ["N", "E"]
    build(corner, players=2)


def test_inconsistent_combo_phase(combo: CurrentsState) -> None:
    good = combo.to_json()
    opts = {"combination_attacks": True}
    build(good, **opts)
    invalid({**good, "combo": "N2"}, "combo must name the occupied place just demoted", **opts)
    invalid({**good, "combo": ["N1"]}, "combo must name the occupied place", **opts)
    invalid({**good, "combo": None}, "combo must name the occupied place", **opts)


def test_inconsistent_end(over: CurrentsState) -> None:
    good = over.to_json()
    build(good, players=2)
    invalid({**good, "winners": [1]}, r"winners \[1\] do not match pawn \[4, 9\]", players=2)
    invalid({**good, "winners": [0, 1]}, "winners .* do not match", players=2)
    invalid(
        {**good, "winners": []}, "off the board, but the game ended without a winner", players=2
    )
    invalid({**good, "pawn": [4, 8]}, r"do not match pawn \[4, 8\]", players=2)


def test_turn_beyond_max_turns() -> None:
    invalid(changed(turn=5), "turn 5 reaches max_turns=5, so the phase must be 'over'", max_turns=5)


def test_an_observation_fed_back_as_a_state() -> None:
    state = build_initial(players=4, seed=3)
    invalid(state.observation(0), "this is an observation")
    stripped = state.observation(0)
    del stripped["viewer"]
    invalid(stripped, "seed must be an integer, not None")
    stripped["seed"] = 0
    invalid(stripped, r"hands\[1\]\[0\]: None is not a card code")


def test_state_saved_with_other_options() -> None:
    d = build_initial(players=2, seed=3).to_json()
    invalid(d, "the state was saved with options .* use tablegames.load_state", players=4)
    invalid(
        {**d, "options": {**d["options"], "easier_usurping": 0}}, "saved with options", players=2
    )
    invalid({**d, "options": "2p"}, "saved with options '2p'", players=2)
    # defaults may be left out, and tablegames.load_state takes the options from the data
    build({**d, "options": {"players": 2}}, players=2)
    assert tg.load_state(d).game == tg.make("currents", players=2)


# ---- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"player": 2}, "unknown option 'player' for currents; its options are: players, jokers"),
        ({"colour": 1, "size": 2}, "unknown options 'colour', 'size' for currents"),
        ({"players": 3}, "option players=3 is not allowed for currents: 2 or 4"),
        ({"players": "4"}, "option players='4' is not allowed for currents: 2 or 4"),
        ({"jokers": 3}, r"option jokers=3 is not allowed for currents: 0, 1 \(the red joker\)"),
        ({"jokers": True}, "option jokers=True is not allowed"),
        ({"wild_jokers": "currents"}, "wild_jokers='currents' needs jokers in the deck"),
        ({"wild_jokers": "both"}, "needs jokers in the deck: set jokers=1 or jokers=2"),
        ({"wild_jokers": "split", "jokers": 1}, "wild_jokers='split' .* needs jokers=2"),
        ({"wild_jokers": "wild", "jokers": 1}, "option wild_jokers='wild' is not allowed"),
        ({"easier_usurping": "yes"}, "option easier_usurping='yes' .*: True or False"),
        ({"combination_attacks": 1}, "option combination_attacks=1 .*: True or False"),
        ({"obstacles": [[4, 4]]}, r"option obstacles=\[\[4, 4\]\] .* not the start \[4, 4\]"),
        ({"obstacles": [[9, 1]]}, r"with 0 <= x, y <= 8"),
        ({"obstacles": [[1, -1]]}, r"with 0 <= x, y <= 8"),
        ({"obstacles": [[1, 1], [1, 1]]}, "a list of distinct"),
        ({"obstacles": [[1]]}, "a list of distinct"),
        ({"obstacles": "A1"}, "option obstacles='A1' is not allowed"),
        ({"obstacles": [[1.0, 2]]}, "option obstacles"),
        ({"max_turns": 0}, "option max_turns=0 is not allowed for currents: None or a positive"),
        ({"max_turns": -5}, "option max_turns=-5"),
        ({"max_turns": 2.5}, "option max_turns=2.5"),
        ({"max_turns": True}, "option max_turns=True"),
        ({"p0_edges": "EW", "players": 4}, "p0_edges applies to two players only"),
        ({"p0_edges": "EW"}, "p0_edges applies to two players only"),
        ({"p0_edges": "NE", "players": 2}, "option p0_edges='NE' is not allowed .* 'NS'"),
    ],
)
def test_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        tg.make("currents", **options)


@pytest.mark.parametrize("name", ["chess", "Currents", "", None, 3])
def test_unknown_game(name: Any) -> None:
    with pytest.raises(ValueError, match=f"unknown game {name!r}; the games are: .*currents"):
        tg.make(name)


# ---- records and load_state -----------------------------------------------------------


def record(moves: list[str], **extra: Any) -> dict[str, Any]:
    return {"game": "currents", "options": {"players": 2}, "seed": 5, "moves": moves, **extra}


def first_moves(count: int) -> list[str]:
    state = tg.make("currents", players=2).initial_state(5)
    out = []
    for _ in range(count):
        move = state.legal_moves()[0]
        out.append(str(move))
        state = state.apply(move)
    return out


def test_replay_names_the_illegal_move() -> None:
    moves = first_moves(3)
    assert len(tg.replay(record(moves))) == 4
    with pytest.raises(
        tg.IllegalMove, match=r"move 4 of the record \('AC>N'\): AC>N: AC is not in player 0"
    ):
        tg.replay(record([*moves, "AC>N"]))
    with pytest.raises(tg.IllegalMove, match=r"move 2 of the record \('fly'\): cannot read"):
        tg.replay(record([moves[0], "fly", *moves[1:]]))


def test_replay_after_the_end() -> None:
    result = tg.play_game(tg.make("currents", players=2), seed=5)
    moves = list(result.record.moves)
    n = len(moves)
    with pytest.raises(tg.IllegalMove, match=rf"move {n + 1} of the record .* the game is over"):
        tg.replay(record([*moves, "decline"]))


@pytest.mark.parametrize(
    ("rec", "error", "match"),
    [
        ([], tg.InvalidState, "a game record is a JSON object, not list"),
        ({"moves": []}, tg.InvalidState, "'game' is missing"),
        (record([], colour=1), tg.InvalidState, "unknown: colour"),
        (record("AC>N"), tg.InvalidState, "record moves must be a list of move texts"),
        (record([1, 2]), tg.InvalidState, "record moves must be a list of move texts"),
        (record([], seed="5"), tg.InvalidState, "record seed must be an integer, not '5'"),
        (record([], options=[2]), tg.InvalidState, r"record options must be an object"),
        (record([], game="chess"), tg.InvalidState, "record: unknown game 'chess'"),
        (record([], options={"players": 3}), tg.InvalidState, "record: option players=3 is not"),
        (record([], options={"size": 9}), tg.InvalidState, "record: unknown option 'size'"),
    ],
)
def test_bad_records(rec: Any, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        tg.replay(rec)


@pytest.mark.parametrize(
    ("d", "match"),
    [
        ([], "a state's JSON must be an object with a 'game' key"),
        ({"hands": []}, "a state's JSON must be an object with a 'game' key"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "currents", "options": {"players": 3}}, "option players=3 is not allowed"),
        ({"game": "currents", "options": 2}, "options must be an object, not 2"),
        ({"game": "currents", "hands": [[], [], [], []]}, "player 0 is to play but holds no"),
    ],
)
def test_bad_load_state(d: Any, match: str) -> None:
    with pytest.raises(tg.InvalidState, match=match):
        tg.load_state(d)


def test_messages_are_plain_json_safe_text() -> None:
    """Error messages can be shown as they are: one line, no object addresses."""
    state = build(GOOD)
    messages = []
    for bad in ("9C>N2", "decline"):
        with pytest.raises(tg.IllegalMove) as err:
            state.apply(state.parse_move(bad))
        messages.append(str(err.value))
    with pytest.raises(tg.InvalidState) as err2:
        tg.make("currents").state_from_json(changed(pawn=[9, 9]))
    messages.append(str(err2.value))
    for m in messages:
        assert "\n" not in m and " at 0x" not in m
        json.dumps(m)


# ---- random corruption of real states ------------------------------------------------------

WEIRD: list[Any] = [
    None, True, 1.5, -1, 0, 1, 3, 8, 9, 99, "", "x", "N", "N1", "ZZ", "RJ", "7H", "AC", "over",
    "defend", "combo", [], {}, [None], ["N"], ["E", "N"], [[1]], {"N": 1}, [4, 4], [9, 9],
    [-1, 4], [4, 9], ["7H"],
]  # fmt: skip


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    players=st.sampled_from([2, 4]),
    seed=st.integers(0, 10**6),
    at=st.integers(0, 10**6),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.sampled_from(WEIRD)), min_size=1, max_size=3
    ),
)
def test_corrupted_json_is_rejected_cleanly_or_is_a_sound_state(
    players: int, seed: int, at: int, edits: list[tuple[int, Any]]
) -> None:
    """Whatever a real state's JSON is corrupted into, state_from_json either raises
    InvalidState or returns a state that round-trips and whose every legal move applies."""
    game = tg.make("currents", players=players, jokers=2, combination_attacks=True)
    d = played_json(game, seed, at)
    for where, value in edits:
        corrupt(d, where, value)
    state = read_or_refused(game, d)
    if state is None:
        return
    for move in state.legal_moves():
        after = state.apply(move)
        after.to_json()
        after.legal_moves()


# ---- states play cannot reach, and inspect(at=...) -----------------------------------

# From (5, 7) two clubs push north and a diamond east: the pawn heads for (6, 9), one past
# the north edge line; P2 (north seat) tends it with hearts, the suit on S.
PAST_NORTH = {"N2": "2C", "S2": "3C", "E3": "4D"}


def defending() -> CurrentsState:
    s = position(["2D", "", "5H", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = play(s, "discard 2D")
    assert (t.phase, t.player, t.target) == ("defend", 2, (6, 9))
    return t


def refused(d: dict[str, Any], match: str, **options: Any) -> None:
    """``d`` (its saved options dropped: ``options`` says the game's) is refused."""
    with pytest.raises(tg.InvalidState, match=match):
        build({k: v for k, v in d.items() if k != "options"}, **options)


def test_defend_target_must_follow_from_pawn_and_vector() -> None:
    d = defending().to_json()
    assert build(d).target == (6, 9)  # the real position reads back
    refused({**d, "target": [4, 9]}, r"do not follow from the pawn \[5, 7\].*heads for \[6, 9\]")
    # a corner: the pawn heads past N and E; with N (the advantage edge) defended the
    # target is stopped on line 8 and only E is still queued
    cur = {"N3": "2C", "S3": "3C", "E3": "4D", "W3": "5D"}  # from (7, 7): two N, two E
    corner = position(["2D", "", "5H", "7S 8S"], cur=cur, pawn=(7, 7))
    t = play(corner, "discard 2D")
    assert t.queue == ("N", "E") and t.target == (9, 9)
    u = play(t, "defend 5H")
    assert u.queue == ("E",) and u.target == (9, 8)
    assert build(u.to_json()).target == (9, 8)
    refused({**u.to_json(), "target": [10, 8]}, "already defended")


def test_over_without_winners_needs_the_turn_cap() -> None:
    d = defending().to_json()
    over = {**d, "phase": "over", "current_player": -1, "target": None, "queue": [],
            "pawn": [5, 7], "winners": []}  # fmt: skip
    refused(over, "this game has no max_turns")
    refused({**over, "turn": 3}, "turn 3 is not max_turns=5", max_turns=5)
    del over["options"]
    assert build({**over, "turn": 5}, max_turns=5).is_terminal


def test_won_pawn_cannot_be_far_off_the_board() -> None:
    d = defending().to_json()
    won = {**d, "phase": "over", "current_player": -1, "target": None, "queue": [],
           "winners": [0]}  # fmt: skip
    assert build({**won, "pawn": [6, 9]}).winners == {0}
    refused({**won, "pawn": [4, 100]}, r"further off the board than a move can carry it")
    refused({**won, "pawn": [4, 17]}, "from -8 to 16")


def test_combo_must_name_a_place_just_demoted() -> None:
    opts = {"combination_attacks": True}
    s = position(["5C 9H"], cur={"N1": "8C"}, **opts)
    t = play(s, "5C>N1")
    assert (t.phase, t.combo) == ("combo", "N1")
    d = t.to_json()
    assert build(d, **opts).combo == "N1"
    refused(d, "belongs to the option combination_attacks=True")
    # an ace on a current slot cannot be a demotion's card (nothing ranks higher)
    compass = {"N": "KC", "E": "AD", "S": "AH", "W": "AS"}
    ace = position(["9H"], compass=compass, cur={"N1": "AC"}, **opts).to_json()
    refused({**ace, "phase": "combo", "combo": "N1"}, "cannot have just demoted", **opts)
    # the last move must be the demotion onto that place
    refused({**d, "last_move": "5C>N2"}, "did not play 5C there", **opts)
    # a hand with no follow-up never reaches the combo phase
    weak = next(c for c in d["draw_pile"] if c[0] in "234")  # beats no 5 on a slot
    draw = [("9H" if c == weak else c) for c in d["draw_pile"]]
    no_follow_up = {**d, "hands": [[weak], [], [], []], "draw_pile": draw}
    refused(no_follow_up, "holds no card of another suit", **opts)


@pytest.mark.parametrize(
    "at", [(4,), (4, 4, 4), (4.0, 4), (True, 4), (4, False), "44", 4, (9, 4), (4, -1)]
)
def test_inspect_at_bad_argument(at: Any) -> None:
    s = position(["2D"])
    with pytest.raises(ValueError, match=r"0 to 8|0 <= x, y <= 8"):
        s.inspect(at=at)
