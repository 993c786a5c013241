"""tablegames.analysis.simulate / metrics and the ``simulate`` command line: seeded tables
that do not depend on how many processes ran them, metrics with known answers on
hand-made tables, and clear errors."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import tablegames as tg
from tablegames.analysis import (
    compare,
    compare_table,
    metrics,
    quantile,
    simulate,
    wilson,
)
from tablegames.bots import GreedyBot, MCTSBot, RandomBot, make_bot

POOH = tg.make("poohsticks", players=2, max_turns=80)


def test_simulate_gives_one_row_per_game_in_order() -> None:
    rows = simulate(POOH, ["greedy", "random"], 6, seed=2, workers=1, progress=False)
    assert [r["index"] for r in rows] == list(range(6))
    assert len({r["seed"] for r in rows}) == 6
    for r in rows:
        assert r["seats"] == ["greedy", "random"] and r["players"] == 2
        assert r["result_0"] + r["result_1"] in (0.0, -2.0, 2.0) or not r["finished"]
        assert r["winner"] == (r["winners"][0] if len(r["winners"]) == 1 else None)


def test_simulate_is_the_same_in_one_process_a_pool_and_any_executor() -> None:
    one = simulate(POOH, None, 8, seed=5, workers=1, progress=False)
    pool = simulate(POOH, None, 8, seed=5, workers=2, progress=False, chunk=3)
    with ThreadPoolExecutor(2) as ex:
        threads = simulate(POOH, None, 8, seed=5, executor=ex, progress=False)
    assert one == pool == threads


def test_simulate_counts_events_as_a_replay_does() -> None:
    game = tg.make("currents", players=2)
    row = simulate(game, None, 1, seed=3, workers=1, progress=False)[0]
    result = tg.play_game(game, [make_bot("random", f"{row['seed']}:{p}") for p in range(2)],
                          seed=row["seed"])  # fmt: skip
    states = tg.replay(result.record)
    draws = sum(e.kind == "draw" for s in states for e in s.events)
    assert row["n_draw"] == draws and row["decisions"] == result.decisions
    assert row["demotions"] == row.get("n_demote", 0)


def test_simulate_rotates_seats_when_asked() -> None:
    rows = simulate(POOH, ["greedy", "random"], 4, seed=1, rotate=True, workers=1, progress=False)
    assert [r["seats"] for r in rows] == [["greedy", "random"], ["random", "greedy"]] * 2


@pytest.mark.parametrize(
    ("bots", "fragment"),
    [(["random"] * 3, "seats 2 bots"), (["wizard"], "unknown bot"), (["greedy:3"], "only mcts")],
)
def test_simulate_refuses_bad_bots(bots: list[str], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        simulate(POOH, bots, 1, workers=1, progress=False)


def test_simulate_refuses_bad_counts() -> None:
    with pytest.raises(ValueError, match="number of games"):
        simulate(POOH, None, -1, workers=1)
    with pytest.raises(ValueError, match="workers"):
        simulate(POOH, None, 1, workers=0)


def test_make_bot_builds_each_kind() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    bot = make_bot("mcts:77")
    assert isinstance(bot, MCTSBot) and bot.iterations == 77


def test_compare_runs_every_variant_with_the_same_seeds() -> None:
    tables = compare(
        {"short": tg.make("poohsticks", length=4), "long": tg.make("poohsticks", length=8)},
        n=5,
        seed=3,
        workers=1,
        progress=False,
    )
    assert [r["seed"] for r in tables["short"]] == [r["seed"] for r in tables["long"]]
    text = compare_table({k: metrics(v) for k, v in tables.items()})
    assert text.splitlines()[0].split() == ["short", "long"]


# ---- metrics on hand-made tables --------------------------------------------------------


def hand_rows() -> list[dict]:
    base = {"players": 2, "finished": True, "seats": ["mcts", "random"]}
    return [
        {**base, "winners": [0], "decisions": 10, "n_demote": 2},
        {**base, "winners": [0], "decisions": 20},
        {**base, "winners": [1], "decisions": 30, "n_demote": 1},
        {**base, "winners": [], "decisions": 40},
        {**base, "winners": [], "decisions": 50, "finished": False},
    ]


def test_metrics_win_shares_per_seat_and_bot() -> None:
    m = metrics(hand_rows())
    assert [s.hits for s in m["seat_win"]] == [2, 1]
    assert m["seat_win"][0].share == 0.4
    assert m["first_player_advantage"] == pytest.approx(0.4 - 3 / 10)  # 3 wins in 5 games
    assert m["bot_win"]["mcts"].hits == 2 and m["bot_win"]["random"].total == 5


def test_metrics_first_player_advantage_is_measured_against_a_fair_seat() -> None:
    base = {"players": 3, "finished": True, "decisions": 9}
    shared = [{**base, "winners": [0, 1]}, {**base, "winners": [1, 2]}, {**base, "winners": [0]}]
    # 5 wins in 3 games over 3 seats: a fair seat wins 5/9 of the games; seat 0 won 2/3.
    assert metrics(shared)["first_player_advantage"] == pytest.approx(round(2 / 3 - 5 / 9, 4))
    drawn = [{**base, "players": 2, "winners": w} for w in ([0], [1], [], [])]
    assert metrics(drawn)["first_player_advantage"] == 0.0


def test_metrics_draws_caps_and_decisiveness() -> None:
    m = metrics(hand_rows())
    assert (m["draw_rate"].hits, m["capped_rate"].hits, m["decisive_rate"].hits) == (1, 1, 3)


def test_metrics_counts_a_game_cap_option_as_capped_not_drawn() -> None:
    base = {"players": 2, "finished": True, "winners": [], "decisions": 60}
    m = metrics([{**base, "n_max_turns": 1}, {**base, "n_max_turns": 1}, {**base, "n_draw": 1}])
    assert (m["draw_rate"].hits, m["capped_rate"].hits) == (1, 2)
    # A cap that still leaves a winner (Poohsticks: a boat exited in the round the cap
    # interrupts) decided nothing away.
    m = metrics([{**base, "winners": [1], "n_max_turns": 1}])
    assert (m["draw_rate"].hits, m["capped_rate"].hits, m["decisive_rate"].hits) == (0, 0, 1)
    rows = simulate(tg.make("cardchess", max_turns=4), None, 3, seed=1, workers=1, progress=False)
    m = metrics(rows)
    assert (m["draw_rate"].hits, m["capped_rate"].hits) == (0, 3)


def test_metrics_length_distribution() -> None:
    m = metrics(hand_rows())
    assert (m["length_mean"], m["length_median"], m["length_max"]) == (30.0, 30.0, 50.0)
    assert m["length_p10"] == pytest.approx(14.0)


def test_metrics_event_rates() -> None:
    demote = metrics(hand_rows())["events"]["demote"]
    assert demote["per_game"] == 0.6 and demote["games"].hits == 2


def test_wilson_interval_known_values() -> None:
    s = wilson(60, 100)
    assert (round(s.low, 4), round(s.high, 4)) == (0.5020, 0.6906)
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert str(wilson(1, 2)).startswith("50.0% [")


def test_quantile_interpolates() -> None:
    assert quantile([4, 1, 3, 2], 0.0) == 1 and quantile([1, 2, 3, 4], 1 / 3) == 2.0
    with pytest.raises(ValueError):
        quantile([], 0.5)


def test_metrics_refuses_an_empty_table() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        metrics([])


# ---- command line -----------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablegames", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_cli_simulate_prints_the_metrics_table() -> None:
    out = run_cli(
        "currents", "--players", "4", "--games", "12", "--bots", "greedy,random,random,random",
        "--seed", "1", "--workers", "1", "--no-progress",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "players=4" in out.stdout
    assert "seat 3 wins" in out.stdout and "greedy wins" in out.stdout
    assert "length (decisions)" in out.stdout


def test_cli_simulate_explains_a_bad_option() -> None:
    out = run_cli("currents", "--colour", "red", "--games", "1")
    assert out.returncode != 0 and "--players" in out.stderr
    out = run_cli("currents", "--players", "3", "--games", "1")
    assert out.returncode != 0 and "players" in out.stderr
