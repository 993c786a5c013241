"""Who solves the puzzles (greedy, MCTS 300, MCTS 3000), the difficulty taken from it,
the dedup rule, and themes that claim only what the solver can know."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import tablegames as tg
from tablegames.__main__ import main
from tablegames.currents.puzzle import currents_theme
from tablegames.puzzles import GAMES, GREEDY_SHARE, judge, load_set, puzzle_state
from tablegames.puzzles.cli import dumps
from tablegames.puzzles.dedup import Ideas, duplicates, idea, pattern
from tablegames.puzzles.games import wins
from tablegames.puzzles.search import follow, samples
from tablegames.puzzles.stats import SOLVERS, label, set_stats, solved_by, solves


def _small_set() -> dict[str, Any]:
    """Three Card Chess puzzles of the shipped set: a win in one move first."""
    data = load_set("cardchess")
    wins_first = sorted(data["puzzles"], key=lambda p: p["kind"] != "win")[:3]
    return {**data, "count": 3, "puzzles": wins_first}


def test_greedy_solves_a_win_in_one_move_and_not_a_wrong_solution() -> None:
    """Greedy always takes a move that ends the game in its favour; a solver solves a
    puzzle only when its move is the stored answer."""
    puzzle = next(p for p in load_set("cardchess")["puzzles"] if p["kind"] == "win")
    assert solves(puzzle, "greedy")
    state = puzzle_state(puzzle)
    other = next(str(m) for m in state.legal_moves() if str(m) != puzzle["solution"][0])
    assert not solves({**puzzle, "solution": [other]}, "greedy")


def test_solver_figures_replay_and_name_the_difficulty() -> None:
    puzzle = load_set("poohsticks")["puzzles"][0]
    first = solved_by(puzzle)
    assert first == solved_by(puzzle) and list(first) == [name for name, _ in SOLVERS]
    assert puzzle["difficulty"]["solved_by"] == first
    assert puzzle["difficulty"]["label"] == label(first)
    assert label({"greedy": True}) == "easy"
    assert label({"greedy": False, "mcts300": True, "mcts3000": True}) == "medium"
    assert label({"greedy": False, "mcts300": False, "mcts3000": True}) == "hard"
    assert label({"greedy": False, "mcts300": False, "mcts3000": False}) == "hard"


def test_stats_command_prints_each_solvers_count_for_a_set_file(
    tmp_path: Path, capsys: Any
) -> None:
    data = _small_set()
    path = tmp_path / "small.json"
    path.write_text(dumps(data), "utf-8")
    assert main(["puzzles", "cardchess", "--stats", str(path)]) == 0
    out = capsys.readouterr().out
    figures = set_stats(data)
    assert figures["count"] == 3 and figures["greedy"] >= 1  # the win in one move
    for name, spec in SOLVERS:
        assert re.search(rf"{name}\s+{re.escape(spec)}\s+{figures[name]} / 3", out), out
    with pytest.raises(SystemExit, match="holds cardchess puzzles, not resistor"):
        main(["puzzles", "resistor", "--stats", str(path)])


@pytest.mark.parametrize("name", list(GAMES))
def test_shipped_set_greedy_solves_at_most_a_third(name: str) -> None:
    """Computed now (greedy is cheap), and equal to the figure the set stores."""
    data = load_set(name)
    greedy = sum(solves(p, "greedy") for p in data["puzzles"])
    assert greedy <= len(data["puzzles"]) * GREEDY_SHARE
    assert (
        greedy
        == data["stats"]["greedy"]
        == sum(p["difficulty"]["solved_by"]["greedy"] for p in data["puzzles"])
    )
    assert data["stats"]["count"] == len(data["puzzles"]) >= 6
    for p in data["puzzles"]:
        assert p["difficulty"]["label"] == label(p["difficulty"]["solved_by"])


def test_dedup_refuses_the_same_set_up_and_an_idea_too_often() -> None:
    """Resistor's old 0-8 and 0-9 (the same defence, a few turns apart) are one set-up;
    a fourth resistor-onto-charger defence in a set is one idea too often."""
    save = "move the resistor {} onto the charger, sending it home to {} as an ampere"
    a = {"id": "a", "kind": "save", "theme": save.format("i2-j1", "i0"), "solution": ["i2-j1"]}
    b = {**a, "id": "b"}
    assert duplicates([a, b]) == ["b repeats the set-up of an earlier puzzle"]
    others = [
        {"id": f"s{i}", "kind": "save", "theme": save.format(m, "d0"), "solution": [m]}
        for i, m in enumerate(["d2-e1", "f2-e1", "k2-j1", "h2-i1"])
    ]
    ideas = Ideas()
    for p in others[:3]:
        assert ideas.fresh(p)
        ideas.add(p)
    assert not ideas.fresh(others[3])
    assert idea(others[0]) == idea(a) and idea(a)[1] == pattern(save.format("x1-y2", "z0"))


@pytest.mark.parametrize("name", list(GAMES))
def test_shipped_sets_have_no_duplicate_ideas(name: str) -> None:
    assert duplicates(load_set(name)["puzzles"], GAMES[name].idea_cap) == []


def test_themes_name_cards_in_words_not_codes() -> None:
    code = re.compile(r"\b(?:[2-9TJQKA][CDHS]|RJ|BJ)\b")
    for name in GAMES:
        for p in load_set(name)["puzzles"]:
            assert not code.search(p["theme"]), (p["id"], p["theme"])


#: Currents puzzle 0-5 of the old shipped set: "and win" on the real deal, but the
#: opponent can goaltend on many deals the solver cannot tell from it.
OLD_CURRENTS_0_5 = {
    "game": "currents",
    "options": {
        "players": 2,
        "jokers": 0,
        "wild_jokers": "off",
        "easier_usurping": False,
        "combination_attacks": False,
        "obstacles": [],
        "max_turns": 200,
        "p0_edges": "NS",
    },
    "seed": 1183220240,
    "moves": ["AH>N", "AD>S", "AS>E", "4H>E2", "QS>E2", "9H>E0", "QD>S2", "4C>N3", "2D>W", "5D>E"],
}


def test_currents_theme_claims_the_win_only_when_every_deal_wins() -> None:
    state = tg.replay(OLD_CURRENTS_0_5)[-1]
    line = ["2C>E"]
    assert wins(follow(state, line)[-1], 1)  # on the real deal
    assert any(not wins(follow(s, line)[-1], 1) for s in samples(state, 1, 25, "other"))
    assert currents_theme(state, line, 1, "win").startswith("push the pawn over the east edge:")


def test_shipped_currents_and_win_holds_on_fresh_deals() -> None:
    """Every "and win" of the shipped set holds on 30 deals other than those it was
    checked on (the solver's information set, sampled again)."""

    for p in load_set("currents")["puzzles"]:
        if " and win" not in p["theme"]:
            continue

        state = puzzle_state(p)
        for deal in samples(state, p["player"], 30, f"fresh:{p['id']}"):
            assert wins(follow(deal, p["solution"])[-1], p["player"]), p["id"]


def test_judge_never_names_a_hidden_reply_of_the_opponent() -> None:
    """Fellowship forced puzzles: a wrong first move is refuted without the opponent's
    real reply (it would show a card of their hidden hand)."""
    puzzle = next(p for p in load_set("fellowship")["puzzles"] if p["kind"] == "forced")
    state = puzzle_state(puzzle)
    hand = state.to_json()["hands"][1 - puzzle["player"]]
    for move in state.legal_moves():
        if str(move) == puzzle["solution"][0]:
            continue
        verdict = judge(puzzle, [str(move)])
        assert not verdict.right and "cannot see" in verdict.text
        assert not any(card in verdict.text.split(str(move), 1)[1] for card in hand)
