"""The Currents explore rows count what the optional rules are for (issue 29)."""

from __future__ import annotations

import tablegames as tg
from tablegames.analysis import game_rows
from tablegames.analysis.questions.currents import (
    after_saves,
    against_base,
    compass_memory,
    edge_shares,
    ends_with_aces,
    first_player_won,
    followups,
    goals,
    handed_wins,
    memory,
    paired,
    recall,
    row_minutes,
    saves_won_by,
    seat_gains,
    seat_wins,
    stale_share,
    story,
    turns_played,
    winner,
)


def test_equal_rank_usurps_are_counted_only_under_easier_usurping() -> None:
    easier = story(tg.make("currents", players=4, easier_usurping=True), ["greedy"] * 4, 2)
    base = story(tg.make("currents", players=4), ["greedy"] * 4, 2)
    assert easier["equal_usurps"] == 3 and easier["usurps"] == 19
    assert base["equal_usurps"] == 0 and base["usurps"] > 0


def test_goals_rows_agree_with_story_and_account_for_every_crossing() -> None:
    game = tg.make("currents", players=4)
    handed = 0
    for seed in range(8):
        row = goals(game, ["greedy"] * 4, seed)
        told = story(game, ["greedy"] * 4, seed)
        assert (row["winner"], row["phases"], row["saves"]) == (
            told["winner"],
            told["phases"],
            told["saves"],
        )
        assert row["undefendable"] + row["declines"] == 1  # the crossing that won
        assert row["threats"] >= row["asks"] >= row["saves"] == len(row["save_outcomes"])
        for left, attacker_won, defender_won, _same in row["save_outcomes"]:
            assert left >= 0 and not (attacker_won and defender_won)
        if row["winner_moved"]:
            assert row["alternatives"] is None
        else:
            handed += 1
            moves, safe, handing = row["alternatives"]
            assert moves >= safe + handing and handing >= 1  # the push played handed it
    assert handed


def test_after_saves_and_handed_wins_summarise_goals_rows() -> None:
    game = tg.make("currents", players=4)
    rows = [goals(game, ["greedy"] * 4, seed) for seed in range(8)]
    summary = after_saves(rows, 4)
    saves = sum(r["saves"] for r in rows)
    assert summary["saved"].hits == saves == summary["attacker won"].total
    assert summary["undefendable"].hits == sum(r["undefendable"] for r in rows)
    assert summary["attacker won within a round"].hits <= summary["attacker won"].hits
    avoidable, handed, safe = handed_wins(rows)
    assert handed.hits == sum(not r["winner_moved"] for r in rows) == avoidable.total
    assert 0 <= safe <= 1


def test_paired_compares_two_rule_sets_deal_by_deal() -> None:
    base_game = tg.make("currents", players=4)
    combos = tg.make("currents", players=4, combination_attacks=True)
    base = [dict(story(base_game, ["greedy"] * 4, seed), index=seed) for seed in range(6)]
    rows = [dict(story(combos, ["greedy"] * 4, seed), index=seed) for seed in range(1, 6)]
    assert paired(base, base, "minutes") == (0.0, 0.0, 0.0, 6)  # a table against itself
    m, low, high, n = paired(base, rows, "minutes")
    assert n == 5 and low <= m <= high  # only the deals both played
    by_deal = {r["index"]: r for r in base}
    gain = sum(first_player_won(r) - first_player_won(by_deal[r["index"]]) for r in rows) / 5
    assert paired(base, rows, first_player_won)[0] == gain


def test_against_base_is_paired_on_the_same_deals_and_uses_the_whole_base_table() -> None:
    game, combos = (
        tg.make("currents", players=4),
        tg.make("currents", players=4, combination_attacks=True),
    )
    base = [dict(story(game, ["greedy"] * 4, seed), index=seed) for seed in range(8)]
    rows = [dict(story(combos, ["greedy"] * 4, seed), index=seed) for seed in range(8)]
    for key in ("minutes", first_player_won):
        got, want = against_base(base, rows, key), paired(base, rows, key)
        assert all(abs(a - b) < 1e-9 for a, b in zip(got[:4], want))
    gain, low, high, n, rho = against_base(base, rows[:5], "minutes")
    assert n == 5 and low <= gain <= high and -1 <= rho <= 1


def test_seat_gains_give_every_seat_its_share_and_its_gain_over_the_base_rules() -> None:
    game, combos = (
        tg.make("currents", players=4),
        tg.make("currents", players=4, combination_attacks=True),
    )
    base = [dict(story(game, ["greedy"] * 4, seed), index=seed) for seed in range(8)]
    rows = [dict(story(combos, ["greedy"] * 4, seed), index=seed) for seed in range(8)]
    one, scan = seat_gains(base, rows), seat_gains(base, rows, looks=28)
    assert [s.hits for s, *_ in one] == [sum(r["winner"] == p for r in rows) for p in range(4)]
    assert abs(sum(gain for _s, gain, _lo, _hi in one)) < 1e-9  # a win moves between seats
    for (_s, gain, low, high), (_t, same, wide_low, wide_high) in zip(one, scan):
        assert gain == same and wide_low <= low <= gain <= high <= wide_high
    paired_p0 = against_base(base, rows, first_player_won)
    assert abs(one[0][1] - paired_p0[0]) < 1e-9 and abs(one[0][3] - paired_p0[2]) < 1e-9


def test_memory_rows_agree_with_story_and_goals_rows() -> None:
    game = tg.make("currents", players=4)
    for seed in range(8):
        row = memory(game, ["greedy"] * 4, seed)
        told, seen = story(game, ["greedy"] * 4, seed), goals(game, ["greedy"] * 4, seed)
        assert (row["winner"], row["phases"]) == (told["winner"], told["phases"])
        assert len(row["compass_changed"]) == len(row["aces_on"]) == row["phases"]
        assert row["compass_changed"][:4] == [-1] * 4  # each player's first Move phase
        assert all(0 <= c <= 4 for c in row["compass_changed"][4:])
        assert any(row["aces_on"]) == seen["ace played as a current"]
    rows = [memory(game, ["greedy"] * 4, seed) for seed in range(8)]
    with_ace, without = ends_with_aces(rows, 1, 10**6)
    assert with_ace.total + without.total == sum(r["phases"] for r in rows)
    assert with_ace.hits + without.hits == sum(r["winner"] is not None for r in rows)
    assert sum(n for n, _s, _m in compass_memory(rows)) == sum(r["phases"] - 4 for r in rows)


def test_followup_rows_count_every_demotion_and_card_placed() -> None:
    game = tg.make("currents", players=4)
    for seed in range(6):
        row = followups(game, ["greedy"] * 4, seed)
        told = story(game, ["greedy"] * 4, seed)
        assert row["winner"] == told["winner"] and len(row["demoted"]) == told["demotions"]
        assert all(0 <= k <= 3 for _c, k in row["demoted"] + row["placed"])
        assert len(row["placed"]) >= told["usurps"]  # every usurp placed a card


def test_recall_rows_repeat_followups_and_memory_and_leave_out_the_movers_play() -> None:
    """One play gives both kinds of row: the same game's followups and memory lists, and
    the compass seen before the mover plays, on the same turns as after."""
    game = tg.make("currents", players=4)
    rows = []
    for seed in range(6):
        row = recall(game, ["greedy"] * 4, seed)
        seen, kept = followups(game, ["greedy"] * 4, seed), memory(game, ["greedy"] * 4, seed)
        assert (row["demoted"], row["placed"]) == (seen["demoted"], seen["placed"])
        assert row["compass_changed"] == kept["compass_changed"]
        assert len(row["compass_stale"]) == len(row["compass_turn"]) == row["phases"]
        assert row["compass_stale"][:4] == [-1] * 4 and row["compass_turn"][0] == -1
        assert all(0 <= c <= 4 for c in row["compass_stale"][4:] + row["compass_turn"][1:])
        rows.append(row)
    before, after = stale_share(rows), stale_share(rows, "compass_changed")
    assert before.total == after.total  # the same turns, counted before and after the play


def test_row_readers_read_live_and_stored_rows_alike() -> None:
    """The first-look notebook reads live random rows beside stored story rows: the same
    game read either way gives the same turns, winner and (base rules) minutes."""
    game = tg.make("currents", players=4)
    for seed in range(6):
        live = game_rows(game, 1, seed=seed)[0]
        stored = story(game, ["random"] * 4, live["seed"])
        assert turns_played(live) == turns_played(stored)
        assert winner(live) == winner(stored)
        assert live["edge"] == stored["edge"]
        assert abs(row_minutes(live) - row_minutes(stored)) < 1e-9
    rows = [story(game, ["random"] * 4, seed) for seed in range(6)]
    assert sum(s.hits for s in seat_wins(rows, 4)) == len(rows)
    assert sum(s.hits for s in edge_shares(rows)) == len(rows)


def test_saves_won_by_splits_the_saves_of_goals_rows() -> None:
    game = tg.make("currents", players=4)
    rows = [goals(game, ["greedy"] * 4, seed) for seed in range(8)]
    summary = after_saves(rows, 4)
    assert sum(saves_won_by("attacker")(r) for r in rows) == summary["attacker won"].hits
    assert sum(saves_won_by("goaltender")(r) for r in rows) == summary["defender won"].hits
