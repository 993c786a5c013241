"""Bad Fellowship input gets the right error, with a message that says what is wrong,
and changes nothing: illegal moves (IllegalMove), malformed or impossible JSON states
(InvalidState) and bad options (ValueError)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.corrupt import corrupt, played_json, read_or_refused
from support.fellowship import data, position

import tablegames as tg
from tablegames.fellowship import FellowshipMove, FellowshipState


def rejects(state: FellowshipState, move: Any, match: str) -> None:
    before = copy.deepcopy(state.to_json())
    with pytest.raises(tg.IllegalMove, match=match):
        state.apply(state.parse_move(move) if isinstance(move, str) else move)
    assert state.to_json() == before, "a rejected move changed the state"


GOOD = {4: "3H", 5: "RJ", 12: "KS", 8: "2D"}


def good(players: int = 2) -> FellowshipState:
    return position(GOOD, ["9S TH", "2S"], players=players)


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ("3>4 7D", "7♦ is not in player 0's hand \\(10♥, 9♠\\)"),
        ("7>8 9S", None),  # legal: 9C beats 2D
        ("5>4 9S", "the joker never moves"),
        ("cover 4 9S", "only the uncovered joker may be covered"),
        ("3>2 9S", "opposite colours, and 5♣ \\(place 3\\) and 4♣ \\(place 2\\) are both black"),
        ("4>3 9S", "a capture needs a strictly stronger top card, and 3♥ does not beat 5♣"),
    ],
)
def test_illegal_moves_name_the_rule(move: str, match: str | None) -> None:
    s = good()
    if match is None:
        s.apply(s.parse_move(move))
    else:
        rejects(s, move, match)


@pytest.mark.parametrize("move", ["3>4 7D", "5>4 9S", "cover 4 9S", "3>2 9S", "4>3 9S"])
def test_illegal_move_messages_speak_in_card_symbols(move: str) -> None:
    # play pages show these messages: cards as 7♦ and 10♥, never as codes like 7D or TH
    s = good()
    with pytest.raises(tg.IllegalMove) as refusal:
        s.apply(s.parse_move(move))
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", str(refusal.value)), str(refusal.value)
    assert str(refusal.value).startswith(("The stack on place ", "Cover the joker at place "))


def test_different_suit_rule_named_with_three_players() -> None:
    s = position({4: "3H", 5: "9H", 8: "2D"}, ["9S"], players=3)
    rejects(
        s,
        "5>4 9S",
        "a capture needs a different suit, and 9♥ \\(place 5\\) and 3♥ \\(place 4\\) "
        "are both hearts",
    )


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("3>5 9S", "5 is not next to 3"),
        ("13>12 9S", "positions are 0 to 12, not 13"),
        ("3>4 RJ", "the joker is never in a hand"),
        ("cover 99 9S", "positions are 0 to 12"),
        ("capture", "cannot read 'capture' as a move"),
        ("3-4 9S", "cannot read"),
        ("", "cannot read"),
    ],
)
def test_bad_notation(text: str, match: str) -> None:
    rejects(good(), text, match)


def test_moves_that_are_not_moves() -> None:
    s = good()
    rejects(s, FellowshipMove("capture", 3, 7, "9S"), "malformed move")
    rejects(s, FellowshipMove("fly", 3, 4, "9S"), "malformed move")
    with pytest.raises(tg.IllegalMove, match="apply takes a move object"):
        s.apply("3>4 9S")
    with pytest.raises(tg.IllegalMove, match="not a Fellowship move"):
        s.apply(42)


def test_no_move_after_the_end() -> None:
    s = position({4: "3H"}, ["9S", "2D"])
    over = s.apply(s.parse_move("3>4 9S"))
    rejects(over, FellowshipMove("capture", 3, 4, "2D"), "the game is over")


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 5}, "option players=5 is not allowed for fellowship: 2, 3 or 4"),
        ({"players": True}, "option players=True"),
        ({"max_turns": 0}, "option max_turns=0"),
        ({"jokers": 1}, "unknown option 'jokers'"),
    ],
)
def test_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        tg.make("fellowship", **options)


def changed(**edits: Any) -> dict[str, Any]:
    d = data(GOOD, ["9S TH", "2S"])
    d.update(edits)
    return d


def circle_with(i: int, stack: list[str]) -> list[list[str]]:
    c = data(GOOD, [])["circle"]
    c[i] = stack
    return c


@pytest.mark.parametrize(
    ("d", "match"),
    [
        (changed(circle=[["2C"]] * 12), "circle must be a list of 13 stacks"),
        (changed(circle=circle_with(3, [])), r"circle\[3\] is empty"),
        (changed(circle=circle_with(3, ["ZZ"])), r"circle\[3\]\[0\]: 'ZZ' is not a card"),
        (changed(circle=circle_with(3, ["3H"])), "card 3H appears more than once"),
        (changed(circle=circle_with(3, ["BJ"])), "BJ not in this game's deck"),
        (changed(circle=circle_with(5, ["AS", "RJ"])), "uncovered joker never moves"),
        (changed(circle=circle_with(5, ["AS"])), "the joker must be in the circle"),
        (
            changed(circle=circle_with(5, ["AS"]), hands=[["9S", "RJ"], ["2S"]]),
            "the joker stays in the circle",
        ),
        (changed(hands=[["9S"]]), "hands must be a list of 2 hands"),
        (changed(hands=[["9S", "TH", "2H", "3S", "4S", "5S"], []]), "at most 5"),
        (changed(draw_pile=[]), "are missing: every card must be somewhere"),
        (changed(phase="setup"), "phase must be one of play, over"),
        (changed(current_player=2), "current_player must be 0 to 1"),
        (changed(current_player=True), "current_player must be an integer"),
        (changed(turn=-1), "turn must be 0 or more"),
        (changed(roles=["black", "black"]), "roles must be"),
        (changed(roles=["black", "red"]), "still in the draw pile"),
        (changed(hands=[["9S", "JS"], ["2S"]], roles=["red", "black"]), "player 0 holds the Jack"),
        (changed(winners=[0]), "winners are set only once the game is over"),
        (changed(phase="over", current_player=-1, winners=[1]), "do not match the circle"),
        (changed(wings=1), "unknown key"),
        (changed(game="currents"), "expected 'fellowship'"),
        (changed(options={"players": 4}), "saved with options"),
        (changed(events=[{"x": 1}]), "an event must be an object"),
        (changed(last_move="fly"), "last_move: cannot read"),
        (changed(hands=[[], ["2S"]]), "player 0 is to move but has no legal move"),
        ({**good().observation(0)}, "this is an observation"),
    ],
)
def test_impossible_states_are_rejected(d: dict[str, Any], match: str) -> None:
    with pytest.raises(tg.InvalidState, match=match):
        tg.make("fellowship").state_from_json(d)


@pytest.mark.parametrize("stack", ["KH 5S", "4S 9S", "5H 9D", "2C 3H 5D", "TH QS 9D"])
def test_stacks_that_cannot_arise_are_refused(stack: str) -> None:
    # a stack grows only by a capture: its upper part's top captures the lower part's top
    with pytest.raises(tg.InvalidState, match=r"circle\[4\]: the stack .* cannot arise"):
        position({4: stack, 5: "RJ", 12: "KS"}, ["2D"])


def test_multiplayer_roles_checked() -> None:
    g = tg.make("fellowship", players=3)
    d = data(GOOD | {12: "KS"}, ["9S", "2S", "3S"], players=3)
    d["circle"][5] = ["AS"]
    with pytest.raises(tg.InvalidState, match="3 different suit letters"):
        g.state_from_json({**d, "roles": ["C", "C", "D"]})
    with pytest.raises(tg.InvalidState, match="no joker with 3 players"):
        g.state_from_json({**d, "circle": circle_with(5, ["RJ"])})
    assert g.state_from_json({**d, "roles": ["S", "H", "D"]}).roles == ("S", "H", "D")


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10**6),
    at=st.integers(0, 10**6),
    where=st.integers(0, 10**6),
    value=st.sampled_from(
        [None, True, -1, 0, 5, 13, "", "RJ", "JS", "7H", "over", [], [None], ["7H"], {}, "black"]
    ),
)
def test_corrupted_json_is_rejected_cleanly_or_is_a_sound_state(
    players: int, seed: int, at: int, where: int, value: Any
) -> None:
    game = tg.make("fellowship", players=players)
    d = played_json(game, seed, at)
    corrupt(d, where, value)
    state = read_or_refused(game, d)
    if state is None:
        return
    for move in state.legal_moves():
        state.apply(move).to_json()
