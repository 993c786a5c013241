"""Poohsticks bad input: illegal moves (IllegalMove), malformed or impossible JSON states
(InvalidState) and bad options (ValueError) get a clear message and change nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support.poohsticks import RIVER, data, position

import tablegames as tg
from tablegames.poohsticks import PoohsticksMove, PoohsticksState


def rejects(state: PoohsticksState, move: str | PoohsticksMove, match: str) -> None:
    before = copy.deepcopy(state.to_json())
    with pytest.raises(tg.IllegalMove, match=match):
        state.apply(state.parse_move(move) if isinstance(move, str) else move)
    assert state.to_json() == before


@pytest.fixture
def state() -> PoohsticksState:
    return position(["KH 2S 4H", "9S TS QS"], extra={"boats": ["A2", "B3"]})


@pytest.mark.parametrize(
    "move, match",
    [
        ("D>A3 KH", "sails the spades boat"),
        ("S>C3 KH", "no river card at C3"),
        ("S>A9 KH", "no river card at A9"),
        ("S>B3 QS", "not in player 0's hand"),
        ("S>B1 KH", "orthogonally"),
        ("S>B2 KH", "cannot make 2"),
        ("exit KH", "only from the last row"),
        ("discard 2S", "only when no move is possible"),
    ],
)
def test_illegal_moves_name_the_rule(state: PoohsticksState, move: str, match: str) -> None:
    rejects(state, move, match)


def test_hand_built_move_values(state: PoohsticksState) -> None:
    rejects(state, PoohsticksMove("move", "S", "A3", ()), "at least one card")
    rejects(state, PoohsticksMove("move", "S", "A3", ("2S", "KH")), "malformed")
    rejects(state, PoohsticksMove("jump"), "unknown kind")
    with pytest.raises(tg.IllegalMove, match="text"):
        state.apply("end")


@pytest.mark.parametrize("text", ["", "S>", "S>B1", "S>B1 1H", "exit", "discard", "S>B1 KH KH",
                                  "end now", "X>B1 KH"])  # fmt: skip
def test_unreadable_notation(state: PoohsticksState, text: str) -> None:
    with pytest.raises(tg.IllegalMove):
        state.parse_move(text)


def test_notation_is_case_insensitive(state: PoohsticksState) -> None:
    assert str(state.parse_move("s>a3 kh")) == "S>A3 KH"
    assert str(state.parse_move(" S > A3   kh ")) == "S>A3 KH"


@pytest.mark.parametrize(
    "change, match",
    [
        ({"river": RIVER[:5]}, "list of 6 rows"),
        ({"river": [*RIVER[:5], ["JC"]]}, "row 6 must be a list of 2"),
        ({"river": [*RIVER[:5], ["JC", "XX"]]}, "not a card code"),
        ({"river": [*RIVER[:5], ["JC", "AS"]]}, "is a boat"),
        ({"river": [*RIVER[:5], ["JC", "5C"]]}, "more than once"),
        ({"hands": [["2H", "3H", "4H", "5H"], []]}, "at most 3"),
        ({"hands": [["2H"]]}, "list of 2 hands"),
        ({"boats": ["A2", "A2"]}, "share a card"),
        ({"boats": ["Z2", None]}, "not a river card's cell"),
        ({"boats": ["A2"]}, "list of 2 cells"),
        ({"current_player": 1, "turn": 2}, "player 0's"),
        ({"current_player": 5}, "current_player must be"),
        ({"phase": "setup"}, "phase must be"),
        ({"rocks": ["A3", "B3"]}, "no path"),
        ({"face_down": ["A4"]}, "Under the Bridge"),
        ({"powers_used": [True, False]}, "boat_powers"),
        ({"powers_used": [True]}, "2 booleans"),
        ({"exited": [0], "boats": [None, None]}, "came before"),
        ({"exited": [0]}, "off the river"),
        ({"exited": [1], "boats": [None, None], "current_player": 1, "turn": 1}, "came before"),
        ({"winners": [0]}, "only once the game is over"),
        ({"phase": "over", "current_player": -1}, "neither happened"),
        (
            {
                "phase": "over",
                "current_player": -1,
                "exited": [0],
                "winners": [1],
                "boats": [None, None],
            },
            "exactly",
        ),
        ({"moved": "yes"}, "moved must be"),
        ({"moved": True, "boats": [None, "B3"]}, "player 0 has no boat on the river"),
        ({"events": [{"kind": "teleport", "player": 0}]}, "unknown event kind.*'teleport'"),
        ({"draw_pile": [], "discard_pile": []}, "missing"),
        ({"viewer": 0}, "observation"),
        ({"game": "currents"}, "expected 'poohsticks'"),
        ({"options": {"players": 3}}, "saved with options"),
        ({"events": [{"kind": 3}]}, "event"),
        ({"last_move": "fly"}, "last_move"),
        ({"colour": "red"}, "unknown key"),
    ],
)
def test_bad_states_are_refused(change: dict[str, Any], match: str) -> None:
    d = data(["KH 2S 4H", "9S TS QS"], boats=["A2", None])
    d.update(change)
    with pytest.raises(tg.InvalidState, match=match):
        tg.make("poohsticks").state_from_json(d)


def test_bridge_and_shape_states() -> None:
    bridge = tg.make("poohsticks", bridge=True)
    d = data(["2H", ""], face_down=["A3"])
    with pytest.raises(tg.InvalidState, match="bridge row"):
        bridge.state_from_json(d)
    d = data(["2H", ""], boats=["A4", None])
    with pytest.raises(tg.InvalidState, match="face-down bridge card"):
        bridge.state_from_json(d)
    shaped = tg.make("poohsticks", shape=["##", "#.", "##", "##", "##", "##"])
    with pytest.raises(tg.InvalidState, match="shape has no card"):
        shaped.state_from_json(data(["2H", ""]))


def test_impossible_positions_refused() -> None:
    """Positions play cannot reach (docs/rulings.md ``impossible_positions_refused``)."""
    bridge = tg.make("poohsticks", bridge=True)
    with pytest.raises(
        tg.InvalidState, match=r"front of the face-down bridge card A4;.* A4 cannot"
    ):
        bridge.state_from_json(data(["2H", ""], boats=["A3", None]))
    # in front of a card already turned over is an ordinary place
    assert bridge.state_from_json(data(["2H", ""], boats=["A3", None], face_down=["B4"]))
    plain = tg.make("poohsticks")
    with pytest.raises(tg.InvalidState, match="moved is true, but player 1 has no boat"):
        plain.state_from_json(data(["", "2H"], boats=["A2", None], moved=True, turn=1,
                                   current_player=1))  # fmt: skip
    with pytest.raises(tg.InvalidState, match=r"unknown event kind.*'flip_all'"):
        plain.state_from_json(data(["2H", ""], events=[{"kind": "flip_all"}]))
    powers = tg.make("poohsticks", boat_powers=True)
    with pytest.raises(tg.InvalidState, match=r"player.s. 1, whose boat never entered"):
        powers.state_from_json(data(["2H", ""], boats=["A2", None], powers_used=[True, True]))
    # an exited boat may have used its power: it left the river from the last row
    over = data(["2H", ""], boats=[None, "B3"], exited=[0], winners=[0], phase="over",
                current_player=-1, powers_used=[True, False], turn=2)  # fmt: skip
    assert powers.state_from_json(over).is_terminal


@pytest.mark.parametrize(
    "options, match",
    [
        ({"players": 5}, "option players=5"),
        ({"width": 1}, "option width=1"),
        ({"length": 1}, "option length=1"),
        ({"length": True}, "option length=True"),
        ({"bridge": "yes"}, "option bridge="),
        ({"rocks": -1}, "option rocks=-1"),
        ({"rocks": 20}, "option rocks=20 is too many"),
        ({"boat_powers": 1}, "option boat_powers=1"),
        ({"shape": "##"}, "option shape="),
        ({"shape": ["##", "###"]}, "option shape="),
        ({"shape": ["##", "##"], "width": 3}, "option width=3 disagrees"),
        ({"max_turns": 0}, "option max_turns=0"),
        ({"bridge": True, "bridge_row": 1}, "option bridge_row=1 is not allowed"),
        ({"bridge": True, "bridge_row": 7}, "option bridge_row=7 lies beyond the river"),
        ({"bridge": True, "bridge_row": 2.0}, "option bridge_row=2.0"),
        ({"bridge_row": 3}, "needs bridge=True"),
        ({"players": 4, "length": 10, "width": 4}, "more than the"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        tg.make("poohsticks", **options)


@pytest.mark.parametrize(
    "move, said",
    [
        ("S>B3 QS", "the spades boat onto B3 paying Q♠: Q♠ is not in player 0's hand (4♥ K♥ 2♠)"),
        ("S>B2 KH", "cannot make 2 (the value of the 2♦ on B2) with + − × ÷"),
        ("exit KH", "leaving the river with K♥: a boat leaves only from the last row"),
    ],
)
def test_refusals_speak_in_words_and_suit_symbols(
    state: PoohsticksState, move: str, said: str
) -> None:
    """Players read these messages on the pages: cards as K♥, not card codes."""
    with pytest.raises(tg.IllegalMove) as err:
        state.apply(state.parse_move(move))
    message = str(err.value)
    assert said in message
    assert not any(code in message for code in ("KH", "QS", "2S", "4H", "S>"))
