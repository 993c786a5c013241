"""Bad input to Resistor: options, moves and JSON states get clear errors and never
change the state they were given to."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.corrupt import refused_unchanged
from support.moves import apply_refused
from support.resistor import data, game_for, play, position

import tablegames as tg
from tablegames.resistor import ResistorGame, ResistorMove
from tablegames.resistor.moves import parse

FAR = {"j12": "R"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 3}, "option rounds=3 is not allowed for resistor: a positive even integer"),
        ({"rounds": 0}, "option rounds=0"),
        ({"rounds": True}, "option rounds=True"),
        ({"max_rounds": 4}, "max_rounds is no longer an option of resistor: use max_turns"),
        ({"max_turns": 0}, "option max_turns=0.*None or a positive integer"),
        ({"first_amperes": 2}, "option first_amperes=2.*'roll', 0 or 1"),
        ({"first_amperes": "0"}, "option first_amperes='0'"),
        ({"amperes": 13}, "option amperes=13.*1 to 12"),
        ({"amperes": 0}, "option amperes=0"),
        ({"resistors": 9}, "option resistors=9.*1 to 8"),
        ({"dead_spaces": 9}, "option dead_spaces=9.*0 to 8"),
        ({"duty_cycle": -1}, "option duty_cycle=-1"),
        ({"players": 2}, "unknown option 'players'"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ResistorGame(**options)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read"),
        ("e5-e5", "another cell"),
        ("e5-f7", "not so from e5"),
        ("e5-e20", "cannot read"),
        ("place z9", "cannot read"),
        ("overload", "cannot read"),
        ("jump e5", "cannot read"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    s = position({"e5": "A", **FAR})
    with pytest.raises(tg.IllegalMove, match=message):
        s.parse_move(text)


def test_notation_not_a_string() -> None:
    with pytest.raises(tg.IllegalMove, match="must be a string"):
        parse(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("at", "extra", "text", "message"),
    [
        ({"e5": "A"}, {}, "g7-g8", "there is no piece on g7"),
        ({"e5": "A"}, {}, "j12-i13", "j12 holds a resistor; player 0 plays the amperes"),
        ({"e5": "A"}, {"current_player": 1}, "e5-e6", "one of the ampere player's pieces"),
        ({"e5": "A"}, {"current_player": 1}, "j12-j13", "one space diagonally"),
        ({"e5": "A", "e6": "R"}, {}, "e5-e6", "only a slingshot lands on a resistor"),
        ({"e5": "A", "f5": "A"}, {}, "e5-f5", "occupied by an ampere; one piece per space"),
        ({"e5": "A", "e7": "D"}, {}, "e5-e7", r"e6 is empty"),
        ({"e5": "A", "e6": "A", "e7": "C"}, {}, "e5-e7", "occupied by a charger"),
        ({"e5": "A"}, {}, "e5-e4", "never down or diagonally"),
        ({"e5": "A"}, {}, "overload f12", "no resistor is waiting"),
        ({"e5": "A"}, {}, "place e0", "every piece is placed"),
        ({"e5": "A"}, {}, "amperes", "roles were chosen before the first round"),
        ({"e5": "A"}, {}, "end", "only after at least one move"),
        ({"e5": "A", "k11": "R"}, {"current_player": 1}, "j12-k11", "occupied by a resistor"),
        ({"e5": "A", "k11": "D"}, {"current_player": 1}, "j12-k11", "drained ampere"),
    ],
)
def test_illegal_moves_name_the_rule(
    at: dict[str, str], extra: dict[str, Any], text: str, message: str
) -> None:
    s = position({**at, **FAR}, **extra)
    before = s.to_json()
    with pytest.raises(tg.IllegalMove, match=message):
        s.apply(parse(text))
    with pytest.raises(tg.IllegalMove, match=message):
        s.parse_move(text)
    assert s.to_json() == before


def test_illegal_moves_during_setup_and_roles() -> None:
    s = ResistorGame().initial_state(seed=1)
    with pytest.raises(tg.IllegalMove, match="won the role roll and first chooses a role"):
        s.parse_move("place b0")
    s = play(s, "amperes")
    with pytest.raises(tg.IllegalMove, match=r"set-up is not finished.*8 more ampere"):
        s.parse_move("b0-b1")
    with pytest.raises(tg.IllegalMove, match="twelve points of the current source"):
        s.parse_move("place e5")
    s = play(s, "place b0")
    with pytest.raises(tg.IllegalMove, match="already occupied"):
        s.parse_move("place b0")
    s = play(s, *(f"place {c}0" for c in "cdefghi"))
    with pytest.raises(tg.IllegalMove, match="rows 8 and 9"):
        s.parse_move("place e7")
    dead = [d for d in s.dead if d // 14 in (8, 9)]
    if dead:
        with pytest.raises(tg.IllegalMove, match="dead space"):
            s.apply(ResistorMove("place", -1, dead[0]))


def test_illegal_moves_while_a_decision_is_pending() -> None:
    s = play(position({"e5": "A", "e6": "A", "e7": "R"}), "e5-e7")
    before = s.to_json()
    for text, message in [
        ("e6-e8", "first puts the resistor overloaded on e7 on a dead space"),
        ("overload e8", "e8 is not a dead space"),
        ("end", "first puts the resistor"),
    ]:
        with pytest.raises(tg.IllegalMove, match=message):
            s.parse_move(text)
    assert s.to_json() == before
    s = play(position({"f9": "A", "b2": "A", "e8": "R"}, current_player=1), "e8-f9")
    for text in ("f9-f10", "end", "b2-b3", "f9-h11"):
        with pytest.raises(tg.IllegalMove, match="must step off it"):
            s.parse_move(text)


def test_apply_text_or_foreign_object() -> None:
    s = position({"e5": "A", **FAR})
    apply_refused(
        s,
        ("e5-e6", "parse_move"),
        (42, "not a Resistor move"),
        (ResistorMove("move", 5, 400), "malformed move"),
        (ResistorMove("jump"), "malformed move"),
        (ResistorMove("move", 0, 100), "malformed move"),
    )
    assert s.apply(ResistorMove("move", 74, 88)).board[88] == "A"  # an equal move is fine


def test_move_after_match_over() -> None:
    s = position({"e5": "A", **FAR}, round=2, turns_played=60, scores=[1, 0], current_player=1)
    s = play(s, "forfeit")
    assert s.is_terminal and s.legal_moves() == []
    with pytest.raises(tg.IllegalMove, match=r"match is over .*player 0 won 1 to 0"):
        s.parse_move("forfeit")


def _with(**changes: Any) -> dict[str, Any]:
    d = data({"e5": "A", "j12": "R"}, phase="play")
    d.update(changes)
    return d


def _load(d: Any, **options: Any) -> Any:
    base = _with()
    return game_for(base, **options).state_from_json(d)


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ([], "expected a JSON object"),
        (_with(colour="red"), "unknown key"),
        (_with(viewer=0), "observation"),
        (_with(game="cardchess"), "expected 'resistor'"),
        (_with(options={"rounds": 4}), "saved with options"),
        (_with(phase="finished"), "phase must be one of"),
        (_with(seed="7"), "seed must be an integer"),
        (_with(round=0), "round counts from 1"),
        (_with(first_amperes=2), "first_amperes .* is 0 or 1"),
        (_with(first_amperes=1), "option first_amperes=0"),
        (_with(scores=[1]), "scores must be two counts"),
        (_with(scores=[-1, 0]), "scores must be two counts"),
        (_with(points=1), "points"),
        (_with(turn=-1), "turn counts completed turns"),
        (_with(dead="f12"), "dead must be a list"),
        (_with(dead=["f12", "f12"]), "twice"),
        (_with(dead=["f12", "b0"]), "not in the playable area"),
        (_with(dead=["f12"]), "dead_spaces=2"),
        (_with(amperes=["z9"]), "'z9' is not a cell"),
        (_with(amperes=["e5", "e5"]), "already occupied"),
        (_with(amperes=["e19"]), "not in the current source or the playable area"),
        (_with(amperes=["a5"]), "not in the current source"),
        (_with(drained=["e0"], amperes=[]), "drained: e0 is not in the playable area"),
        (_with(chargers=["e0"], amperes=[]), "chargers: e0 is not in"),
        (_with(resistors=["e19"]), "resistors: e19 is not in the playable area"),
        (_with(overloaded=["j12"], resistors=[]), "not a dead space"),
        (_with(amperes=["f12"]), "only a resistor may stand on one"),
        (_with(amperes=["e5", "e6"]), "2 piece"),
        (_with(resistors=[]), "0 resistor"),
        (_with(current_player=2), "current_player must be 0 or 1"),
        (_with(turn_kind="resistors"), "turn_kind must be null"),
        (_with(turn_kind="amperes"), "do not fit an ampere turn"),
        (_with(moves_made=1), "do not fit an ampere turn"),
        (_with(duty=1), "duty must be 2"),
        (_with(current_player=1, duty=2), "for the ampere player's turn only"),
        (_with(pending="drain"), "pending must be null or"),
        (_with(pending={"kind": "drain", "cell": "e5"}), "stands on a drained ampere"),
        (
            _with(pending={"kind": "overload", "cell": "g5"}, current_player=1),
            "has 2 resistor",
        ),
        (_with(drained=["e5"], amperes=[]), "every piece of the ampere player is drained"),
        (_with(phase="over", current_player=0), "current_player must be -1"),
        (_with(phase="over", current_player=-1), "ends after round 2"),
        (_with(phase="over", current_player=-1, round=2, turns_played=9), r"tied 0 to 0"),
        (
            _with(
                phase="over",
                current_player=-1,
                round=2,
                turns_played=60,
                scores=[1, 0],
                winners=[1],
            ),
            "do not match the scores",
        ),
        (_with(winners=[0]), "only once the game is over"),
        (_with(phase="roles"), "skips the role roll"),
        (_with(phase="setup"), "not in the current source"),
        (_with(last_move="x"), "last_move"),
        (_with(events=[{"kind": 1}]), "event"),
    ],
)
def test_bad_states(d: Any, message: str) -> None:
    refused_unchanged(_load, d, message)


def test_bad_setup_and_roles_states() -> None:
    game = ResistorGame(amperes=2, resistors=2, dead_spaces=1)
    ok = {"phase": "setup", "amperes": ["b0"], "dead": ["f12"]}
    assert game.state_from_json(ok).to_place() == ("ampere", 1)
    for change, message in [
        ({"resistors": ["e8"]}, "placed after all the amperes"),
        ({"amperes": ["b0", "c0"], "resistors": ["e7"]}, "rows 8-9"),
        ({"amperes": ["b0", "c0"], "resistors": ["e8", "f8"]}, "once all are placed"),
        ({"current_player": 1}, "current_player must be 0, who places"),
        ({"turn": 3}, "0 during the set-up"),
        ({"moves_made": 1}, "belong to the play phase"),
        ({"pending": {"kind": "drain", "cell": "e5"}}, "nothing is pending"),
        ({"chargers": ["e5"]}, "only amperes and resistors"),
    ]:
        with pytest.raises(tg.InvalidState, match=message):
            game.state_from_json({**ok, **change})
    rolled = ResistorGame(amperes=2, resistors=2, dead_spaces=1)
    with pytest.raises(tg.InvalidState, match="board is empty"):
        rolled.state_from_json({"phase": "roles", "amperes": ["b0"], "dead": []})
    with pytest.raises(tg.InvalidState, match="after the role choice"):
        rolled.state_from_json({"phase": "roles", "dead": ["f12"]})
    with pytest.raises(tg.InvalidState, match="null there"):
        rolled.state_from_json({"phase": "roles", "first_amperes": 0})
    assert rolled.state_from_json({"phase": "roles", "current_player": 1}).legal_moves()


def test_bad_pending_states() -> None:
    drain = data({"e5": "A", "e6": "D"}, phase="play", pending={"kind": "drain", "cell": "e6"})
    game = game_for(drain)
    assert game.state_from_json(drain).current_player == 1
    with pytest.raises(tg.InvalidState, match=r"current_player must be 1 .*pending drain"):
        game.state_from_json({**drain, "current_player": 0})
    stuck = data(
        {"f9": "D", "g10": "R", "e10": "D", "g8": "D", "e8": "D", "b2": "A"},
        dead=["f12", "k16"],
        phase="play",
        current_player=1,
        pending={"kind": "drain", "cell": "f9"},
    )
    with pytest.raises(tg.InvalidState, match="cannot step off"):
        game_for(stuck).state_from_json(stuck)
    full = data(
        {"e7": "A", "e6": "A", "f12": "O", "k16": "O"},
        phase="play",
        current_player=1,
        pending={"kind": "overload", "cell": "e7"},
        turn_kind="amperes",
        moves_made=1,
    )
    with pytest.raises(tg.InvalidState, match="none is free"):
        game_for(full).state_from_json(full)
    capped = _with(turn=5)
    with pytest.raises(tg.InvalidState, match="turns_played 5 reaches max_turns=5"):
        game_for(capped, max_turns=5).state_from_json(capped)


def test_overloaded_marker_at_ampere_turn_start_refused() -> None:
    # an overloaded marker lasts only to the end of the resistor player's next turn, which
    # comes before the ampere player's next turn starts
    marked = data({"e5": "A", "f12": "O", **FAR}, phase="play")
    with pytest.raises(tg.InvalidState, match=r"overloaded resistor .overloaded. stands on the"):
        game_for(marked).state_from_json(marked)
    # during the resistor player's turn, and inside the ampere turn that overloaded it, it may
    assert position({"e5": "A", "f12": "O", **FAR}, current_player=1).board.count("O") == 1
    mid = {"e5": "A", "f12": "O", **FAR}
    assert position(mid, turn_kind="amperes", moves_made=1).moves_made == 1


def test_turns_played_round_trips_through_json() -> None:
    # forfeit twice: round 3, where the match's count (2 forfeited turns and this round's
    # turns) differs from the round's
    def placed(s: Any) -> Any:
        while s.phase == "setup":
            s = s.apply(s.legal_moves()[0])
        return s

    s = ResistorGame(first_amperes=0, amperes=2, resistors=1).initial_state(4)
    s = play(placed(play(placed(s), "forfeit")), "forfeit")
    s = placed(s)
    s = s.apply(next(m for m in s.legal_moves() if m.kind == "move"))
    s = play(s, "end")
    assert (s.round, s.turn, s.turns_played) == (3, 1, 3)
    d = json.loads(json.dumps(s.to_json()))
    assert d["turns_played"] == 3 and d["turn"] == 1
    assert s.game.state_from_json(d) == s


@pytest.mark.parametrize(
    ("changes", "options", "message"),
    [
        ({"round": 2}, {}, r"turns_played .*is missing; .*only in round 1, .*not in round 2"),
        ({"round": 2, "turn": 4, "turns_played": 3}, {}, "turns_played 3 .*at least turn 4"),
        ({"turn": 4, "turns_played": 5}, {}, "turns_played 5 .*must be turn 4 in round 1"),
        ({"round": 2, "turns_played": 9}, {"max_turns": 8}, "turns_played 9 is beyond max_turns=8"),
        ({"round": 2, "turns_played": 8}, {"max_turns": 8}, "reaches max_turns=8, so the match"),
        (
            {"phase": "over", "current_player": -1, "round": 3, "turns_played": 7},
            {"max_turns": 8},
            "a match ends after round 2 or after an extra pair",
        ),
        (
            {"phase": "over", "current_player": -1, "round": 2, "turns_played": 9},
            {},
            r"tied 0 to 0, .*ends only when max_turns stops it",
        ),
    ],
)
def test_turns_played_refusals(
    changes: dict[str, Any], options: dict[str, Any], message: str
) -> None:
    d = _with(**changes)
    with pytest.raises(tg.InvalidState, match=message):
        game_for(d, **options).state_from_json(d)


def test_turns_played_defaults_to_turn_in_round_one_and_the_cap_may_stop_any_round() -> None:
    d = _with(turn=4)
    assert game_for(d).state_from_json(d).turns_played == 4
    stopped = _with(phase="over", current_player=-1, round=3, turns_played=8)
    s = game_for(stopped, max_turns=8).state_from_json(stopped)
    assert s.is_terminal and s.winners == frozenset() and s.turns_played == 8
