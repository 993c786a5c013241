"""Bad input to Card Chess: options, moves and JSON states get clear errors and never
change the state they were given to."""

from __future__ import annotations

from typing import Any

import pytest
from support.cardchess import SURFACE, data, play, position
from support.corrupt import refused_unchanged
from support.moves import apply_refused

import tablegames as tg
from tablegames.cardchess import CardChessGame, CardChessMove


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"setup": "random"}, "option setup='random'.*'fixed' or 'progressive'"),
        ({"first": "white"}, "option first='white'"),
        ({"terrain": 1}, "option terrain=1.*True or False"),
        ({"max_turns": 0}, "option max_turns=0"),
        ({"max_plies": 5}, "max_plies is no longer an option of cardchess: use max_turns"),
        ({"players": 2}, "unknown option 'players'"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CardChessGame(**options)


def test_registered() -> None:
    assert tg.GAMES["cardchess"] is CardChessGame
    assert tg.make("cardchess", setup="progressive") == CardChessGame(setup="progressive")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read"),
        ("c1-c1", "another cell"),
        ("c1-g1", "cannot read"),
        ("2H c1", "only units"),
        ("KH c7", "cannot read"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    s = CardChessGame().initial_state(seed=1)
    with pytest.raises(tg.IllegalMove, match=message):
        s.parse_move(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c3-c4", "no unit on c3"),
        ("c6-c5", "a black unit; red moves only its own"),
        ("c1-c3", "a king moves one step"),
        ("b1-b2", "a jack moves along the diagonals"),
        ("a1-b2", "a ten moves along its row or column"),
        ("a1-a5", "stopped at a4 by 2♣"),
        ("KH c1", "set-up is over"),
    ],
)
def test_illegal_moves_name_the_rule(text: str, message: str) -> None:
    s = position({})
    before = s.to_json()
    with pytest.raises(tg.IllegalMove, match=message):
        s.apply(s.parse_move(text) if "-" not in text else _raw(text))
    assert s.to_json() == before


def _raw(text: str) -> CardChessMove:
    from tablegames.cardchess.moves import parse

    return parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a1-a2", "set-up is not finished"),
        ("KS a6", "K♠ is not in red's hand"),
        ("KH a3", "own start area"),
    ],
)
def test_illegal_placements(text: str, message: str) -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=1)
    with pytest.raises(tg.IllegalMove, match=message):
        s.parse_move(text)


def test_placement_on_occupied_cell() -> None:
    s = play(CardChessGame(setup="progressive").initial_state(seed=1), "KH a1", "KS a6")
    with pytest.raises(tg.IllegalMove, match="already occupied"):
        s.parse_move("KD a1")


def test_apply_text_or_foreign_object() -> None:
    s = CardChessGame().initial_state(seed=1)
    apply_refused(
        s,
        ("a1-a2", "parse_move"),
        (42, "not a Card Chess move"),
        (CardChessMove("move", 99, 0), "malformed move"),
        (CardChessMove("move", 30, 24, "KH"), "malformed move"),
    )


def test_move_after_game_over() -> None:
    s = play(CardChessGame(max_turns=1).initial_state(seed=1), "a1-a2")
    with pytest.raises(tg.IllegalMove, match="game is over"):
        s.parse_move("a6-a5")


def _load(d: Any, **options: Any) -> Any:
    return CardChessGame(**options).state_from_json(d)


def _with(**changes: Any) -> dict[str, Any]:
    d = data({})
    d.update(changes)
    return d


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ([], "expected a JSON object"),
        (_with(colour="red"), "unknown key"),
        (_with(viewer=0), "observation"),
        (_with(game="currents"), "expected 'cardchess'"),
        (_with(options={"setup": "progressive"}), "saved with options"),
        (_with(surface=SURFACE[:5]), "surface must be 6 rows"),
        (_with(surface=[["KH", *SURFACE[0][1:]], *SURFACE[1:]]), "not a surface card"),
        (_with(surface=[["6C", *SURFACE[0][1:]], *SURFACE[1:]]), "more than once"),
        (_with(surface=[SURFACE[2], SURFACE[1], SURFACE[0], *SURFACE[3:]]), "twelve 2s"),
        (_with(units=[]), "units must be an object"),
        (_with(units={"z9": ["KH"]}), "'z9' is not a cell"),
        (_with(units={"a1": []}), "non-empty list"),
        (_with(units={"a1": ["7H"]}), "'7H' is not a unit"),
        (data({"a1": "TD", "a2": "TD"}), "TD appear more than once"),
        (_with(units={"a1": ["TD"]}), "are missing"),
        (_with(phase="finished"), "phase must be one of"),
        (_with(phase="setup"), "only a progressive set-up"),
        (_with(ply=-1), "ply must be 0 or more"),
        (_with(current_player=2), "current_player must be 0"),
        (_with(phase="over", current_player=0), "must be -1"),
        (_with(phase="over", winners=[0]), "no side covers both"),
        (data({"c1": "KD TC", "d1": "KH TS"}), "so the game is over"),
        (_with(winners=[0]), "only once the game is over"),
        (_with(hands=[["KH"], []]), "more than once"),
        (_with(hands=[["KS"], []]), "not one of red's units"),
        (_with(last_move="x"), "last_move"),
        (_with(events=[{"kind": 1}]), "event"),
        (_with(seed="7"), "seed must be an integer"),
    ],
)
def test_bad_states(d: Any, message: str) -> None:
    refused_unchanged(_load, d, message)


def test_bad_progressive_states() -> None:
    hands = [["TD", "JD", "QD", "TH", "JH", "QH", "KH"], ["TC", "JC", "QC", "KC"]]
    placed = {"a6": ["TS"], "b6": ["JS"], "c6": ["QS"], "d6": ["KS"]}
    ok = {"surface": SURFACE, "units": {"a1": ["KD"], **placed}, "hands": hands}
    assert _load(ok, setup="progressive").current_player == 1
    for change, message in [
        ({"units": {"a3": ["KD"], **placed}}, "outside red's start area"),
        (
            {"units": {"a6": ["KD", "TS"], **{k: v for k, v in placed.items() if k != "a6"}}},
            "stands alone",
        ),
        ({"ply": 2}, "during the set-up"),
        ({"current_player": 5}, "units left to place"),
    ]:
        with pytest.raises(tg.InvalidState, match=message):
            _load({**ok, **change}, setup="progressive")
    with pytest.raises(tg.InvalidState, match="hands must be empty"):
        _load({**ok, "phase": "play"}, setup="progressive")


def test_capped_state_must_be_over() -> None:
    with pytest.raises(tg.InvalidState, match="ply 3 reaches max_turns=3"):
        _load(_with(ply=3), max_turns=3)


def test_ply_beyond_max_turns_refused() -> None:
    with pytest.raises(tg.InvalidState, match="ply 4 is beyond max_turns=3"):
        _load(_with(ply=4, phase="over", current_player=-1), max_turns=3)
