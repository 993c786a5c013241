"""tablegames.analysis: seeded simulation rows, their counts against a manual replay, and
the aggregates the exploration notebooks print."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

import tablegames as tg
from tablegames import analysis
from tablegames.analysis import game_rows, game_seeds, random_bots, summarise
from tablegames.analysis.questions.currents import goaltending

FOUR = tg.make("currents", players=4)
TWO = tg.make("currents", players=2)


def test_one_row_per_game() -> None:
    rows = game_rows(FOUR, 7, seed=11)
    assert len(rows) == 7
    assert len({r["seed"] for r in rows}) == 7
    assert game_rows(FOUR, 0) == []


def test_same_seed_same_rows_other_seed_other_games() -> None:
    assert game_rows(TWO, 5, seed=3) == game_rows(TWO, 5, seed=3)
    assert [r["seed"] for r in game_rows(TWO, 5, seed=4)] != [
        r["seed"] for r in game_rows(TWO, 5, seed=3)
    ]


def test_more_games_extend_fewer() -> None:
    assert game_seeds(9, 4) == game_seeds(9, 10)[:4]
    assert game_rows(FOUR, 3, seed=9) == game_rows(FOUR, 6, seed=9)[:3]


def test_counts_agree_with_a_manual_replay() -> None:
    for game in (FOUR, TWO):
        for row in game_rows(game, 5, seed=21):
            result = tg.play_game(game, seed=row["seed"])
            states = tg.replay(result.record.to_json())
            assert states[-1] == result.final
            events = [e for s in states for e in s.events]
            kinds = Counter(e.kind for e in events)
            assert row["events"] == kinds
            for column, kind in analysis.named_counts(game).items():
                assert row[column] == kinds[kind], column
            assert row["threats"] == sum(any(e.kind == "cross" for e in s.events) for s in states)
            (win,) = [e for e in events if e.kind == "win"]
            assert row["winners"] == [win.player] == sorted(result.final.winners)
            assert row["edge"] == win.where
            assert game.owner[row["edge"]] == win.player
            assert row["turns"] == result.final.turn
            assert row["decisions"] == result.decisions == len(result.record.moves)
            assert row["finished"] is True
            assert row["players"] == game.num_players


def test_named_columns_follow_the_options() -> None:
    odd = [[x, y] for x in range(9) for y in range(9) if (x + y) % 2]  # half the board
    game = tg.make("currents", jokers=2, obstacles=odd)
    rows = game_rows(game, 20, seed=5)
    assert sum(r["jokers"] for r in rows) > 0
    assert sum(r["blocked"] for r in rows) > 0
    for r in rows:
        assert r["jokers"] == r["events"]["joker"]
        assert r["blocked"] == r["events"]["blocked"]


def test_a_capped_game_has_no_winner() -> None:
    (row,) = game_rows(FOUR, 1, max_decisions=5)
    assert row["finished"] is False
    assert row["winners"] == [] and row["edge"] is None
    assert row["decisions"] == 5
    assert summarise([row])["no_winner_share"] == 1.0


def test_bots_as_a_sequence_or_a_factory() -> None:
    assert game_rows(TWO, 3, seed=2, bots=random_bots()) == game_rows(TWO, 3, seed=2)
    shared = [tg.RandomBot(1), tg.RandomBot(2)]
    rows = game_rows(TWO, 3, seed=2, bots=shared)
    assert len(rows) == 3
    again = game_rows(TWO, 3, seed=2, bots=[tg.RandomBot(1), tg.RandomBot(2)])
    assert rows == again
    with pytest.raises(ValueError, match="needs 2 bots"):
        game_rows(TWO, 1, bots=[tg.RandomBot()])


def test_bots_that_never_decline_always_save_when_asked() -> None:
    rows = game_rows(FOUR, 40, seed=8, bots=random_bots(["decline"]))
    assert sum(r["asks"] for r in rows) > 0
    assert all(r["declines"] == 0 and r["saves"] == r["asks"] for r in rows)
    assert summarise(rows, more=goaltending)["save_rate"] == 1.0


def test_avoiding_bot_falls_back_when_everything_is_avoided() -> None:
    state = FOUR.initial_state(seed=1)
    everything = [str(m) for m in state.legal_moves()]
    assert analysis.AvoidingBot(0, everything).choose(state) in state.legal_moves()


def test_bad_number_of_games() -> None:
    for n in (-1, 2.0, True):
        with pytest.raises(ValueError, match="number of games"):
            game_rows(FOUR, n)  # type: ignore[arg-type]


def test_summarise_aggregates() -> None:
    rows = game_rows(FOUR, 30, seed=1)
    s = summarise(rows, more=goaltending)
    assert s["games"] == 30
    assert sum(s["win_share_player"].values()) == pytest.approx(1.0, abs=0.01)
    assert sum(s["win_share_edge"].values()) == pytest.approx(1.0, abs=0.01)
    assert list(s["win_share_player"]) == [0, 1, 2, 3]
    assert s["turns_min"] <= s["turns_median"] <= s["turns_max"]
    assert s["asks"] == s["saves"] + s["declines"]
    assert s["save_rate"] == round(s["saves"] / s["asks"], 3)
    assert s["threats"] >= 30  # every won game ends with a crossing
    assert s["stop_rate"] == round((s["threats"] - 30) / s["threats"], 3)


def test_summarise_without_named_columns_and_without_rows() -> None:
    rows = [{"players": 2, "winners": [1], "edge": "E", "turns": 3, "decisions": 8}]
    s = summarise(rows)
    assert s["win_share_player"] == {0: 0.0, 1: 1.0}
    assert "save_rate" not in s and "stop_rate" not in s
    with pytest.raises(ValueError, match="at least one row"):
        summarise([])


def test_format_summaries() -> None:
    four = summarise(game_rows(FOUR, 5), more=goaltending)
    two = summarise(game_rows(TWO, 5), more=goaltending)
    text = analysis.format_summaries({"four": four, "two": two}, keys=["games", "save_rate"])
    lines = text.splitlines()
    assert lines[0].split() == ["four", "two"]
    assert lines[1].split() == ["games", "5", "5"]
    assert analysis.format_summaries({"x": {"a": None}}).splitlines()[1].split() == ["a", "-"]
    with pytest.raises(ValueError):
        analysis.format_summaries({})


def test_the_engine_stays_free_of_analysis_libraries() -> None:
    # Dask and Ray are imported only when a cluster executor is asked for.
    code = (
        "import sys, tablegames.analysis, tablegames.analysis.executors, tablegames.__main__; "
        "print(sorted(m for m in ('numpy', 'pandas', 'matplotlib', 'dask', 'distributed', "
        "'ray') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
