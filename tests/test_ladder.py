"""The bot ladder (issue 29): seating, pairwise results, the Bradley-Terry fit and its
bootstrap, the monotone check, determinism, the CLI; and the guided MCTS bot's spec."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

import tablegames as tg
from tablegames.__main__ import main
from tablegames.analysis.ladder import (
    PairResult,
    _decided,
    bootstrap_ratings,
    fit_bradley_terry,
    ladder,
    monotone_failures,
    pair_seats,
    points,
)
from tablegames.bots import GuidedMCTSBot, MCTSBot, make_bot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pair_seats_give_both_rungs_every_seat_equally(players: int) -> None:
    per_seat: Counter[tuple[int, str]] = Counter()
    majority: Counter[str] = Counter()
    for k in range(2 * players):
        seats = pair_seats("A", "B", k, players)
        per_seat.update((j, s) for j, s in enumerate(seats))
        majority.update(s for s in "AB" if seats.count(s) > players / 2)
    assert all(n == players for n in per_seat.values()) and len(per_seat) == 2 * players
    assert majority["A"] == majority["B"]


def test_pairwise_result_is_the_rung_of_the_single_winner() -> None:
    row = {"seats": ["B", "A", "B", "A"], "winner": 3, "finished": True}
    assert points(row, "A") == 1.0 and points(row, "B") == 0.0
    assert points({**row, "winner": None}, "A") == 0.5  # nobody or several seats won
    assert points({**row, "finished": False, "winner": None}, "A") == 0.5  # capped


def test_bradley_terry_recovers_known_strengths() -> None:
    truth = {"r": 0.0, "g": 200.0, "m": 500.0}
    gen = random.Random(4)
    wins = {}
    for a, b in [("g", "r"), ("m", "r"), ("m", "g")]:
        p = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))
        wins[(a, b)] = (float(sum(gen.random() < p for _ in range(4000))), 4000)
    fit = fit_bradley_terry(list(truth), wins, prior=0.0)
    assert fit["r"] == 0.0
    assert abs(fit["g"] - 200) < 25 and abs(fit["m"] - 500) < 35


def test_bradley_terry_virtual_draw_keeps_a_sweep_finite() -> None:
    fit = fit_bradley_terry(["r", "g"], {("g", "r"): (20.0, 20)})
    assert math.isfinite(fit["g"]) and fit["g"] > 400


def test_bootstrap_interval_holds_the_fit_and_repeats() -> None:
    pairs = {("g", "r"): PairResult("g", "r", [1.0] * 30 + [0.0] * 10 + [0.5] * 4)}
    one = bootstrap_ratings(["r", "g"], pairs, resamples=200, seed=3)
    assert one == bootstrap_ratings(["r", "g"], pairs, resamples=200, seed=3)
    g = one["g"]
    assert g.low < g.value < g.high and g.low > 0


def test_monotone_check_names_the_failing_pair() -> None:
    rungs = ["random", "greedy", "mcts:100"]
    pairs = {
        ("greedy", "random"): PairResult("greedy", "random", [1.0] * 40),
        ("mcts:100", "random"): PairResult("mcts:100", "random", [1.0] * 40),
        ("mcts:100", "greedy"): PairResult("mcts:100", "greedy", [1.0, 0.0] * 20),
    }
    assert monotone_failures(rungs, pairs) == [("greedy", "mcts:100")]
    pairs[("mcts:100", "greedy")] = PairResult("mcts:100", "greedy", [1.0] * 30 + [0.0] * 10)
    assert monotone_failures(rungs, pairs) == []


def test_a_pair_stops_early_only_when_its_99_percent_interval_excludes_a_half() -> None:
    assert _decided(PairResult("a", "b", [1.0] * 8), min_games=8)
    assert not _decided(PairResult("a", "b", [1.0] * 6), min_games=8)
    assert not _decided(PairResult("a", "b", [1.0] * 14 + [0.0] * 6), min_games=8)


def test_ladder_replays_the_same_in_one_process_or_two() -> None:
    game = tg.make("poohsticks", players=2)
    kw = {"games": 4, "seed": 5, "progress": False, "resamples": 50}
    one = ladder(game, ["random", "greedy"], workers=1, **kw)  # type: ignore[arg-type]
    two = ladder(game, ["random", "greedy"], workers=2, **kw)  # type: ignore[arg-type]
    assert one.rows == two.rows and one.ratings == two.ratings
    assert [r["seats"] for r in one.rows[:2]] == [["greedy", "random"], ["random", "greedy"]]


def test_ladder_command_prints_the_table_and_writes_json(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "ladder" / "poohsticks.json"
    argv = ["ladder", "poohsticks", "--rungs", "random,greedy", "--games", "4", "--workers", "1"]
    assert main([*argv, "--no-progress", "--seed", "2", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "greedy vs random" in text and "monotone: " in text
    data = json.loads(out.read_text())
    assert data["provenance"]["bots"] == ["random", "greedy"]
    assert data["provenance"]["counts"]["games"] == len(data["rows"]) == 4
    assert {"commit", "engine", "wall_seconds", "cpu_seconds", "seeds"} <= set(data["provenance"])


def test_ladder_command_refuses_an_unknown_rung() -> None:
    with pytest.raises(SystemExit, match="unknown bot"):
        main(["ladder", "poohsticks", "--rungs", "random,genius", "--no-progress"])


def test_ladder_rates_a_games_explore_bots() -> None:
    # Resistor's play-on bot lives in its explore runs' module, not among the engine's
    # bots; the ladder reads it (the command used to stop with "unknown bot")
    game = tg.make("resistor", round_turns=6, max_turns=40)
    rungs = ["patient", "mcts-playon:patient:3"]
    result = ladder(game, rungs, games=2, workers=1, progress=False)
    assert result.pairs[("mcts-playon:patient:3", "patient")].games == 2
    assert {s for r in result.rows for s in r["seats"]} == set(rungs)


def test_ladder_command_takes_an_explore_bot_and_refuses_its_bad_argument(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["ladder", "resistor", "--games", "2", "--workers", "1", "--no-progress"]
    rungs = "patient,mcts-playon:patient:3"
    assert main([*argv, "--rungs", rungs, "--round-turns", "6", "--max-turns", "40"]) == 0
    assert "mcts-playon:patient:3 vs patient" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="bad bot spec 'mcts-playon:nosuch:3'"):
        main([*argv, "--rungs", "patient,mcts-playon:nosuch:3"])


def test_guided_spec_makes_the_guided_bot_and_mcts_stays_plain() -> None:
    guided = make_bot("guided:50")
    assert isinstance(guided, GuidedMCTSBot) and guided.iterations == 50
    plain = make_bot("mcts:50")
    assert type(plain) is MCTSBot


def test_guided_bot_is_seeded() -> None:
    state = tg.make("fellowship", players=2).initial_state(seed=8)
    moves = {str(GuidedMCTSBot(iterations=30, seed=2).choose(state)) for _ in range(2)}
    assert len(moves) == 1


def test_guided_bot_refuses_a_bad_epsilon() -> None:
    with pytest.raises(ValueError, match="epsilon"):
        GuidedMCTSBot(iterations=10, epsilon=1.5)


def test_far_games_caps_only_rungs_that_are_not_neighbours() -> None:
    game = tg.make("poohsticks", players=2)
    result = ladder(game, ["random", "greedy", "mcts:2"], games=4, far_games=2, workers=1,
                    early_stop=False, progress=False, resamples=20)  # fmt: skip
    counts = {key: pair.games for key, pair in result.pairs.items()}
    assert counts == {("greedy", "random"): 4, ("mcts:2", "greedy"): 4, ("mcts:2", "random"): 2}


def test_a_time_limit_starts_no_batch_after_it() -> None:
    game = tg.make("poohsticks", players=2)
    result = ladder(game, ["random", "greedy"], games=4, minutes=0, workers=1, progress=False)
    assert result.rows == [] and not result.monotone
    assert "no batch started after 0 minutes" in result.table()
