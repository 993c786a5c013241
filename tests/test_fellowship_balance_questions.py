"""Fellowship's early-balance helpers (tablegames.analysis.questions.fellowship): the
circle's lead read from a played game, and the tables read from its rows."""

from __future__ import annotations

import tablegames as tg
from tablegames.analysis.questions import fellowship


def test_early_row_reads_the_lead_when_the_jack_reached_a_hand() -> None:
    game = tg.make("fellowship")
    for seed in range(6):
        row = fellowship.early_row(game, ["greedy", "greedy"], seed)
        if row["jack_turn"] is None:
            assert row["lead_at_jack"] is None and row["colour"] == "stalemate"
            continue
        assert -13 <= row["lead_at_jack"] <= 13
        assert (row["mean_gap_before"] is None) == (row["jack_turn"] == 0)


def test_lead_counts_black_stacks_less_red_ones() -> None:
    state = tg.make("fellowship").initial_state(3)
    counts = state.counts()
    assert fellowship.lead(state) == counts["black"] - counts["red"]


def _row(turn: int | None, lead: int | None, gap: float | None, colour: str) -> dict:
    return {"jack_turn": turn, "lead_at_jack": lead, "mean_gap_before": gap, "colour": colour}


def test_black_by_lead_bins_drawn_jacks_only() -> None:
    rows = [
        _row(5, 3, 1.0, "black"),
        _row(5, 2, 1.0, "red"),
        _row(9, -4, 2.0, "red"),
        _row(7, 0, 0.5, "black"),
        _row(0, 5, None, "black"),  # dealt: left out
        _row(None, None, None, "stalemate"),  # never drawn: left out
    ]
    out = fellowship.black_by_lead(rows)
    assert (out["black ahead by 2+"].hits, out["black ahead by 2+"].total) == (1, 2)
    assert (out["red ahead by 2+"].hits, out["red ahead by 2+"].total) == (0, 1)
    assert (out["within 1"].hits, out["within 1"].total) == (1, 1)
    mean, close = fellowship.gap_before(rows)
    assert mean == (1.0 + 1.0 + 2.0 + 0.5) / 4
    assert (close.hits, close.total) == (1, 4)


def test_duel_outcomes_split_the_games_three_ways() -> None:
    rows = [
        {"seats": ["a", "b"], "winners": [0]},
        {"seats": ["b", "a"], "winners": [1]},
        {"seats": ["a", "b"], "winners": [1]},
        {"seats": ["b", "a"], "winners": []},
    ]
    out = fellowship.duel_outcomes(rows, "a")
    assert [out[k].hits for k in ("stronger won", "weaker won", "nobody won")] == [2, 1, 1]


def test_tilt_row_reads_the_circle_after_every_move() -> None:
    game = tg.make("fellowship")
    for seed in range(4):
        row = fellowship.tilt_row(game, ["greedy", "greedy"], seed)
        assert len(row["leads"]) == len(row["movers"]) + 1 == row["decisions"] + 1
        assert row["colour"] == fellowship.colour_row(game, ["greedy", "greedy"], seed)["colour"]
        if row["jack_at"] is None:
            assert row["black_seat"] is None and row["jack_shown_at"] is None
        elif row["jack_shown_at"] is not None:
            assert row["jack_shown_at"] > row["jack_at"]  # only the holder can play it


def test_first_after_compares_the_holder_after_the_draw_with_before() -> None:
    # the holder (seat 0) moves at decisions 0, 2, 4, ...; the jack comes at state 6
    leads = [0, -1, -1, -2, -2, -2, -2, -1, -1, 0, 0, 1, 1]
    row = {"jack_at": 6, "black_seat": 0, "movers": [0, 1] * 6, "leads": leads}
    shown, alarm = fellowship.first_after([row])
    assert (shown.hits, alarm.hits, shown.total) == (1, 0, 1)  # +3 after, -2 before
    dealt = {**row, "jack_at": 0}
    assert fellowship.first_after([dealt])[0].total == 0  # no moves before a dealt jack
