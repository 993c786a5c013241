"""A balance table grown in batches plays the same games as one played at once, and a
table that continues another file's games starts at that file's end (issue 29)."""

from __future__ import annotations

from typing import Any

from tablegames.analysis.metrics import wilson
from tablegames.analysis.questions.common import Table
from tablegames.analysis.rows import game_seeds
from tablegames.analysis.runs import RunContext


def seed_row(game: Any, seats: list[str], seed: int) -> dict[str, Any]:
    return {"seed": seed, "winners": [0]}


def never_decided(rows: list[dict[str, Any]]) -> tuple[Any, float]:
    return wilson(len(rows) // 2, len(rows)), 0.5  # a wide interval holding the fair half


TABLE = Table("t", seed_row, "poohsticks", {}, ["random", "random"])


def test_until_decided_from_a_later_game_plays_that_games_seeds_on() -> None:
    ctx = RunContext(None, 1)
    rows = TABLE.until_decided(ctx, never_decided, batch=3, min_games=3, max_games=7, first=20)
    assert [r["seed"] for r in rows] == game_seeds(TABLE.seed, 27)[20:27]


def test_batches_from_the_start_are_the_games_of_one_run() -> None:
    ctx = RunContext(None, 1)
    grown = TABLE.until_decided(ctx, never_decided, batch=2, min_games=2, max_games=5)
    assert [r["seed"] for r in grown] == [r["seed"] for r in TABLE.rows(ctx, 5)]
