"""tablegames.puzzles: the shipped sets hold by search, the command's JSON round-trips,
bad arguments get clear errors, and the same seed gives the same set."""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any

import pytest

import tablegames as tg
from tablegames.__main__ import main
from tablegames.errors import InvalidState
from tablegames.puzzles import (
    FORMAT,
    GAMES,
    VERSION,
    Verdict,
    check_set,
    examine,
    generate,
    judge,
    load_set,
    puzzle_state,
    verify,
)
from tablegames.puzzles.cli import dumps
from tablegames.puzzles.search import difficulty, own_line, samples


@pytest.mark.parametrize("name", list(GAMES))
def test_every_shipped_puzzle_is_solved_by_its_solution_and_by_no_other_first_move(
    name: str,
) -> None:
    """Checked by the engine's search now, not by the answers stored in the set."""
    data = load_set(name)
    assert data["game"] == name and data["count"] == len(data["puzzles"]) >= 6
    for puzzle in data["puzzles"]:
        assert verify(puzzle) == [], puzzle["id"]


@pytest.mark.parametrize("name", list(GAMES))
def test_shipped_puzzle_is_posed_from_the_players_own_view(name: str) -> None:
    """Hidden-information games: the puzzle is the player's; perfect information: all seen."""
    for puzzle in load_set(name)["puzzles"][:3]:
        state = puzzle_state(puzzle)
        hidden = state.game.info.hidden_information
        assert puzzle["view"] == ("own" if hidden else "full")
        view = {**state.observation(puzzle["player"]), "events": []}
        for sample in samples(state, puzzle["player"], 2, "test"):  # none for full view
            assert {**sample.observation(puzzle["player"]), "events": []} == view


def test_a_wrong_solution_is_caught_by_verify() -> None:
    puzzle = load_set("cardchess")["puzzles"][0]
    state = puzzle_state(puzzle)
    other = next(str(m) for m in state.legal_moves() if str(m) != puzzle["solution"][0])
    problems = verify({**puzzle, "solution": [other]})
    assert problems and "does not reach the goal" in problems[0]


def test_a_position_with_two_winning_moves_is_no_puzzle() -> None:
    """A shipped puzzle posed to the other player (not to move) is refused by verify."""
    puzzle = load_set("fellowship")["puzzles"][0]
    assert verify({**puzzle, "player": 1 - puzzle["player"]}) == [
        f"player {1 - puzzle['player']} is not to move"
    ]


def test_save_and_forced_puzzles_check_the_opponents_replies() -> None:
    """Card Chess sets have the defence (save) and two-move (forced) kinds; swapping the
    solution for another move makes verify complain."""
    data = load_set("cardchess")
    kinds = {p["kind"] for p in data["puzzles"]}
    assert "forced" in kinds
    for puzzle in data["puzzles"]:
        if puzzle["kind"] == "forced":
            state = puzzle_state(puzzle)
            assert set(puzzle["answers"]) == {
                str(m) for m in state.apply(state.parse_move(puzzle["solution"][0])).legal_moves()
            }
            other = next(str(m) for m in state.legal_moves() if str(m) != puzzle["solution"][0])
            assert verify({**puzzle, "solution": [other]})


def test_the_puzzle_state_is_the_replay_of_its_record() -> None:
    puzzle = load_set("poohsticks")["puzzles"][0]
    states = tg.replay(puzzle["record"])
    assert states[-1].to_json() == puzzle["state"]
    bad = {**puzzle, "record": {**puzzle["record"], "moves": puzzle["record"]["moves"][:-1]}}
    assert "the state is not the replay of the record" in verify(bad)


def test_themes_say_what_the_solution_does() -> None:
    for puzzle in load_set("cardchess")["puzzles"]:
        src, _, dst = puzzle["solution"][0].partition("-")
        assert f"on {dst}" in puzzle["theme"] or f"to {dst}" in puzzle["theme"]
        assert f"from {src}" in puzzle["theme"]
    assert all("edge" in p["theme"] for p in load_set("currents")["puzzles"])
    assert all("exit the river" in p["theme"] for p in load_set("poohsticks")["puzzles"])
    for p in load_set("resistor")["puzzles"]:
        expect = "a point at the current source" if p["kind"] == "win" else "stops the amperes"
        assert expect in p["theme"]


def test_difficulty_counts_the_wrong_moves_a_shallow_search_likes() -> None:
    values = {"a": 1.0, "b": 0.2, "c": 0.0, "d": -0.5}
    assert difficulty(values, "a", now=0.1) == {
        "level": 2,
        "score": 0.333,
        "tempting": 1,
        "candidates": 4,
    }
    assert difficulty(values, "c", now=0.5)["tempting"] == 2  # a and b rate as well as c
    assert difficulty({"a": 0.0, "b": 0.0}, "a", now=0.0)["level"] == 5


def test_own_line_stops_when_the_turn_passes() -> None:
    """Poohsticks: a line is the player's own decisions; 'end' hands the turn over."""
    puzzle = load_set("poohsticks")["puzzles"][0]
    state = puzzle_state(puzzle)
    after_end = state.apply(state.parse_move("end"))
    assert own_line(after_end, puzzle["player"], GAMES["poohsticks"].goal, 3) is None


@functools.cache
def generated(seed: int) -> dict[str, Any]:
    """A small set, made once per test run (generating is the slow part: Resistor finds
    a puzzle soonest)."""
    return generate("resistor", count=1, seed=seed)


def test_same_seed_same_puzzles_other_seed_others() -> None:
    a = generated(11)
    assert a["puzzles"] and a == generate("resistor", count=1, seed=11)
    b = generated(12)
    assert [p["state"] for p in a["puzzles"]] != [p["state"] for p in b["puzzles"]]


def test_command_writes_json_that_round_trips(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "set.json"
    assert main(["puzzles", "resistor", "--count", "1", "--seed", "11", "--out", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    check_set(data)
    assert data == generated(11)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert "written to" in capsys.readouterr().err
    assert main(["puzzles", "resistor", "--count", "1", "--seed", "11"]) == 0
    assert json.loads(capsys.readouterr().out) == data
    assert json.loads(dumps(data)) == data


def test_shipped_sets_are_the_commands_output() -> None:
    """The shipped text is exactly what ``dumps`` writes for its data (so the set was
    written by the command), and the header says how to make it again."""
    for name in GAMES:
        path = Path(tg.__file__).parent / "puzzles" / "sets" / f"{name}.json"
        data = load_set(name)
        assert path.read_text("utf-8") == dumps(data)
        assert data["options"] == tg.make(name, **GAMES[name].options).options_json()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["puzzles", "chess"], "no puzzles for game 'chess'; the games are: cardchess"),
        (["puzzles", "currents", "--count", "0"], "count must be a whole number of puzzles"),
        (["puzzles", "currents", "--max-games", "0"], "--max-games must be 1 or more"),
        (["puzzles", "currents", "--players", "4"], "unrecognized arguments: --players 4"),
    ],
)
def test_bad_game_names_and_counts_get_clear_errors(
    argv: list[str], message: str, capsys: Any
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert message in str(exc.value.code) + capsys.readouterr().err


def test_bad_count_or_seed_in_the_api_are_value_errors() -> None:
    with pytest.raises(ValueError, match="count must be"):
        generate("cardchess", count=True)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        generate("cardchess", count=1, seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no puzzles for game"):
        load_set("chess")
    with pytest.raises(ValueError, match="max_games must be a whole number, 1 or more"):
        generate("cardchess", count=1, max_games=0)


def test_a_set_of_another_version_is_refused() -> None:
    data = load_set("currents")
    with pytest.raises(InvalidState, match="this engine reads version 1"):
        check_set({**data, "version": 2})
    with pytest.raises(InvalidState, match="format"):
        check_set([])
    with pytest.raises(InvalidState, match="puzzle 0 lacks solution"):
        check_set(
            {**data, "puzzles": [{k: v for k, v in data["puzzles"][0].items() if k != "solution"}]}
        )


def _last_step(puzzle: dict[str, Any]) -> tg.State:
    state = puzzle_state(puzzle)
    for text in puzzle["solution"]:
        state = state.apply(state.parse_move(text))
    return state


def _events(state: tg.State) -> list[Any]:
    return list(getattr(state, "events", ()))


def test_puzzle_goal_cardchess() -> None:
    """Card Chess: a win puzzle's move ends the game with the player winning; a forced
    puzzle's first move does not, but every reply has a winning answer; a save puzzle's
    move leaves the opponent no winning move."""
    for puzzle in load_set("cardchess")["puzzles"]:
        end = _last_step(puzzle)
        if puzzle["kind"] == "win":
            assert end.is_terminal and puzzle["player"] in end.winners
        elif puzzle["kind"] == "forced":
            assert not end.is_terminal and puzzle["answers"]
        else:
            assert own_line(end, end.current_player, GAMES["cardchess"].goal, 1) is None


def test_puzzle_goal_currents() -> None:
    """Currents: the pawn crosses one of the player's own edges (goaltending may follow);
    when the game ends there, the player wins."""
    for puzzle in load_set("currents")["puzzles"]:
        end = _last_step(puzzle)
        assert any(e.kind == "cross" and e.player == puzzle["player"] for e in _events(end))
        assert not end.is_terminal or puzzle["player"] in end.winners
        assert " and win" not in puzzle["theme"] or end.is_terminal


def test_puzzle_goal_fellowship() -> None:
    """Fellowship: a win puzzle's move ends the game with the player winning; a forced
    puzzle's does not, and every reply leaves the player a move that does."""
    kinds = set()
    for puzzle in load_set("fellowship")["puzzles"]:
        kinds.add(puzzle["kind"])
        end = _last_step(puzzle)
        if puzzle["kind"] == "win":
            assert end.is_terminal and puzzle["player"] in end.winners
        else:
            assert not end.is_terminal and puzzle["answers"]
            for reply, answer in puzzle["answers"].items():
                back = end.apply(end.parse_move(reply))
                final = back.apply(back.parse_move(answer))
                assert final.is_terminal and puzzle["player"] in final.winners
    assert "forced" in kinds


def test_puzzle_goal_poohsticks() -> None:
    """Poohsticks: the line exits the river within the player's turn, in two moves or more."""
    for puzzle in load_set("poohsticks")["puzzles"]:
        assert len(puzzle["solution"]) >= 2 and puzzle["solution"][-1].startswith("exit")
        end = _last_step(puzzle)
        assert any(e.kind == "exit" and e.player == puzzle["player"] for e in _events(end))


def test_puzzle_goal_resistor() -> None:
    """Resistor: a win line scores a point for the player (or wins the match); a save
    move leaves the amperes no scoring line next turn, where every other move did."""
    kinds = set()
    for puzzle in load_set("resistor")["puzzles"]:
        kinds.add(puzzle["kind"])
        end = _last_step(puzzle)
        if puzzle["kind"] == "win":
            scored = any(e.kind == "score" and e.player == puzzle["player"] for e in _events(end))
            assert scored or (end.is_terminal and puzzle["player"] in end.winners)
        else:
            assert end.current_player == 1 - puzzle["player"]
            assert own_line(end, end.current_player, GAMES["resistor"].goal, 2) is None
            assert all(len(line) <= 2 for line in puzzle["refutations"].values())
    assert kinds == {"win", "save"}


#: A Card Chess game (generated with --seed 1) that reaches a one-move defence.
SAVE_RECORD = {
    "game": "cardchess",
    "options": {"setup": "fixed", "first": "red", "terrain": True, "max_turns": 200},
    "seed": 2530656850,
    "moves": [
        "f1-f6",
        "a6-f6",
        "a1-e1",
        "c5-c2",
        "b1-c2",
        "d6-c5",
        "e1-f1",
        "d5-d6",
        "f1-f6",
        "d6-f6",
        "d1-e1",
        "c6-c5",
        "c1-b2",
        "c5-b4",
        "d2-a2",
        "e6-a2",
        "b2-a2",
        "b6-c5",
        "e1-d1",
        "b4-c5",
        "e1-f2",
        "c5-c4",
        "d1-d2",
        "c5-b6",
        "d2-e1",
        "c4-d4",
        "e1-f2",
        "b6-f2",
    ],
}


def test_save_puzzle_is_the_only_move_that_stops_the_threat() -> None:
    """Found by search now: every move but the defence lets black cover red's last king,
    and the refutations name black's answer to each."""
    state = tg.replay(SAVE_RECORD)[-1]
    puzzle = examine(state, GAMES["cardchess"])
    assert puzzle is not None and puzzle["kind"] == "save"
    assert puzzle["solution"] == ["a2-a3"]
    assert "the only move that stops black covering both your kings" in puzzle["theme"]
    full = {**puzzle, "record": SAVE_RECORD, "state": state.to_json()}
    assert verify(full) == []
    for wrong, line in puzzle["refutations"].items():
        after = state.apply(state.parse_move(wrong))
        end = after.apply(after.parse_move(line[0]))
        assert end.is_terminal and end.winners == {1}
    assert verify({**full, "solution": ["a2-b3"]})


def test_an_answer_that_depends_on_hidden_cards_is_refused() -> None:
    """The same Currents position, with a goal that also asks for a card the opponent
    really holds: true on the real deal, false on most deals of the player's view, so the
    puzzle is not posed (the player could not know its answer)."""
    puzzle = load_set("currents")["puzzles"][0]
    state = puzzle_state(puzzle)
    spec = GAMES["currents"]
    assert examine(state, spec) is not None
    me = puzzle["player"]
    held = state.to_json()["hands"][1 - me][0]

    def peeking(after: tg.State, player: int) -> bool:
        return spec.goal(after, player) and held in after.to_json()["hands"][1 - player]

    assert examine(state, dataclasses.replace(spec, goal=peeking)) is None


def test_judge_a_line_move_by_move() -> None:
    """Poohsticks: the first move of the line is right but unfinished; the whole line
    solves it; ending the turn is wrong, and says so."""
    puzzle = load_set("poohsticks")["puzzles"][0]
    line = puzzle["solution"]
    assert judge(puzzle, []) == Verdict(False, True, "your move: exit the river this turn")
    assert judge(puzzle, line[:1]) == Verdict(False, True, "right so far: go on")
    assert judge(puzzle, line).solved
    wrong = judge(puzzle, ["end"])
    assert not wrong.right and "ends your turn" in wrong.text
    bad = judge(puzzle, ["S>Z9 KH"])
    assert not bad.right and "cannot be played here" in bad.text


def test_judge_forced_and_save_give_the_opponents_punishing_reply() -> None:
    forced = next(p for p in load_set("cardchess")["puzzles"] if p["kind"] == "forced")
    assert judge(forced, forced["solution"]).solved
    state = puzzle_state(forced)
    other = next(str(m) for m in state.legal_moves() if str(m) != forced["solution"][0])
    verdict = judge(forced, [other])
    assert not verdict.right and verdict.text.startswith(f"after {other} the opponent answers")
    state = tg.replay(SAVE_RECORD)[-1]
    found = examine(state, GAMES["cardchess"])
    assert found is not None
    save = {**found, "record": SAVE_RECORD, "state": state.to_json()}
    assert judge(save, ["a2-a3"]).solved
    assert judge(save, ["a2-b3"]) == Verdict(
        False, False, "after a2-b3 the opponent plays a2-b3 and reaches their goal"
    )
