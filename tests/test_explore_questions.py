"""The explore notebooks' question helpers (tablegames.analysis.questions): the rule that
stops a balance run, the bots the experiments need, and the measures read from tables."""

from __future__ import annotations

import pytest

import tablegames as tg
from tablegames.analysis import wilson
from tablegames.analysis.questions import cardchess, fellowship, resistor, strategies
from tablegames.analysis.questions.common import decided, make_bot, play, rotated, seat_share


def test_balance_run_stops_when_interval_excludes_fair_share() -> None:
    assert decided(wilson(300, 500), 0.5)  # 60% [55.6, 64.2]
    assert not decided(wilson(52, 100), 0.5)


def test_balance_run_stops_when_interval_is_two_points_wide() -> None:
    assert decided(wilson(1200, 2400), 0.5)
    assert not decided(wilson(200, 400), 0.5)


def test_rotated_seats_shift_one_seat_a_game() -> None:
    assert rotated(["a", "b", "c"], 1) == ["b", "c", "a"]


def test_seat_share_fair_value_counts_shared_wins() -> None:
    rows = [{"seats": ["x", "y"], "winners": [0, 1]}, {"seats": ["x", "y"], "winners": [1]}]
    share, fair = seat_share(rows)
    assert (share.hits, fair) == (1, 0.75)


def test_opponent_holds_jack_with_even_odds_at_five_cards_left() -> None:
    assert fellowship.black_holds(5) == 0.5
    assert fellowship.black_holds(0) == 1.0


def test_lone_share_counts_the_strong_seat_wherever_it_sits() -> None:
    rows = [
        {"seats": ["s", "w", "w"], "winners": [0]},
        {"seats": ["w", "s", "w"], "winners": [1, 2]},
        {"seats": ["w", "w", "s"], "winners": [0]},
    ]
    share, fair = fellowship.lone_share(rows, "s")
    assert (share.hits, share.total, fair) == (2, 3, 4 / 9)


def test_commit_pairs_set_each_deal_beside_itself_at_another_k() -> None:
    def row(k: int, seed: int, winners: list[int], black: int | None) -> dict[str, object]:
        seats = [f"b:{k}", "m"]
        return {
            "seed": seed,
            "seats": seats,
            "winners": winners,
            "black_seat": black,
            "commit_at": k,
        }

    rows = [row(5, 1, [1], 1), row(30, 1, [0], 1), row(5, 2, [0], 0), row(30, 2, [], None)]
    assert fellowship.commit_pairs(rows, 30, 5, "b") == {
        ("red won", "red lost"): 1,
        ("stalemate", "black won"): 1,
    }


def test_commit_bot_plays_for_red_without_the_jack() -> None:
    game = tg.make("fellowship")
    state = game.initial_state(11)
    bot = make_bot("commit:40", "1")  # 40: commits from the first turn
    if fellowship.BOROMIR in state.hands[state.current_player]:
        state = state.apply(state.legal_moves()[0])
    move = bot.choose(state)
    counts = [state.apply(m).counts() for m in state.legal_moves()]
    best = max(c["red"] - c["black"] for c in counts)
    chosen = state.apply(move).counts()
    assert chosen["red"] - chosen["black"] == best


def test_patient_greedy_never_forfeits_while_another_move_is_legal() -> None:
    game = tg.make("resistor", first_amperes=0)
    p = play(game, ["choosy:patient", "choosy:patient"], 3, keep=True, max_decisions=300)
    forfeits = [(s, n) for s, n in zip(p.states, p.states[1:]) if str(n.last_move) == "forfeit"]
    assert all(len(s.legal_moves()) == 1 for s, _ in forfeits)


def test_light_amperes_never_bring_a_fourth_onto_the_board() -> None:
    game = tg.make("resistor", first_amperes=0)
    p = play(game, ["choosy:light", "choosy:patient"], 5, keep=True, max_decisions=200)
    fourth = [
        n
        for s, n in zip(p.states, p.states[1:])
        if s.current_player == 0 and len(s.legal_moves()) > 1 and resistor._fourth(s, n)
    ]
    assert not fourth


def _round_two(scores: tuple[int, int], seed: int = 4) -> tg.State:
    """Round 2 of a match set up afresh, player 1 on the amperes, the match at ``scores``."""
    from tablegames.resistor.builder import ResistorBuilder

    b = ResistorBuilder(tg.make("resistor", first_amperes=0).initial_state(seed))
    b.round, b.scores = 2, list(scores)
    b.begin_round()
    return b.freeze()


def test_keen_value_equals_the_evaluation_throughout_round_one() -> None:
    from tablegames.resistor.game import round_keen_value

    game = tg.make("resistor", first_amperes=0, round_turns=40)
    p = play(game, ["choosy:patient", "patient"], 2, keep=True)
    round_one = [s for s in p.states if s.round == 1 and not s.is_terminal]
    assert len(round_one) > 40 and max(s.points for s in round_one) >= 0
    assert all(round_keen_value(s) == game.evaluate(s) for s in round_one)


def test_keen_value_still_counts_a_point_for_a_player_five_behind() -> None:
    # the trailing player's case: the plain evaluation's 0.9 tanh(lead / 2) moves by about
    # 0.02 for a point at five behind, too little for a search; the keen value by over 0.2
    from tablegames.resistor.game import round_keen_value

    behind, level = _round_two((5, 0)), _round_two((0, 0))
    game = behind.game

    def point(state: tg.State) -> tg.State:  # the same board, one point more this round
        from tablegames.resistor.builder import ResistorBuilder

        b = ResistorBuilder(state)
        b.points += 1
        b.scores[1] += 1
        return b.freeze()

    def gain(value, state: tg.State) -> float:
        return value(point(state))[1] - value(state)[1]

    assert behind.ampere_player == 1 and behind.points == 0
    assert gain(game.evaluate, behind) < 0.025 < 0.3 < gain(game.evaluate, level)
    assert gain(round_keen_value, behind) > 0.2
    assert round_keen_value(level) == game.evaluate(level)  # level: the plain value again


def test_round_value_keeps_a_level_rounds_gradient_five_behind() -> None:
    from tablegames.resistor.builder import ResistorBuilder
    from tablegames.resistor.game import round_value

    behind, level = _round_two((5, 0)), _round_two((0, 0))
    b = ResistorBuilder(behind)
    b.points, b.scores[1] = 1, 1
    scored = b.freeze()
    assert round_value(behind) == level.game.evaluate(level)  # the same board, level
    assert round_value(scored)[1] - round_value(behind)[1] > 0.4  # 0.9 tanh(1/2)


def test_play_on_search_leaves_out_the_forfeit_a_player_behind_loses_by() -> None:
    # the trailing player's case: five behind in round 2, a forfeit ends the match lost;
    # the plain search visits it (a -1 in every ampere turn of its tree), play-on does not
    state = _round_two((5, 0))
    setup = make_bot("patient", "0")
    while state.phase != "play":
        state = state.apply(setup.choose(state))
    assert state.current_player == 1 and "forfeit" in [str(m) for m in state.legal_moves()]
    forfeit = next(m for m in state.legal_moves() if str(m) == "forfeit")
    assert state.apply(forfeit).is_terminal and state.apply(forfeit).returns()[1] == -1
    plain = resistor.ChoosyMCTSBot("1", None, 200).analyse(state)
    assert [m.value for m in plain.moves if m.move == "forfeit"] == [-1.0]
    on = resistor.PlayOnMCTSBot("1", None, 200).analyse(state)
    assert "forfeit" not in [m.move for m in on.moves] and len(on.moves) == len(plain.moves) - 1


@pytest.mark.parametrize("bot", ["keen", "round"])
def test_keen_and_round_bots_play_round_one_as_the_plain_bot(bot: str) -> None:
    game = tg.make("resistor", first_amperes=0)
    specs = ["mcts-choosy:light:30", "mcts-choosy:patient:30"]
    plain = play(game, specs, 3, max_decisions=60, keep=True)
    other = play(game, [s.replace("choosy", bot) for s in specs], 3, max_decisions=60, keep=True)
    assert [str(s.last_move) for s in other.states] == [str(s.last_move) for s in plain.states]


def test_duel_ladder_rates_a_whole_match_step() -> None:
    rows = [{"seed": s, "points": 5} for s in range(12)]
    text = resistor.duel_ladder([("b", "a", rows, rows)], whole=[("c", "b", [1.0] * 11 + [0.5])])
    assert "c v b: c 95.8% [69.9, 99.6] of 12 whole matches (1 tied)" in text
    assert text.endswith("monotone: no [('a', 'b')]")  # a and b tied every duel


def test_resistor_window_counts_the_ampere_turns_begun_light() -> None:
    game = tg.make("resistor", first_amperes=0)
    row = resistor.window_row(game, ["choosy:patient", "choosy:patient"], 5, window=40)
    p = play(game, ["choosy:patient"] * 2, 5, keep=True, stop=lambda s: s.turns_played >= 40)
    starts = [s for s in p.states if resistor._turn_start(s)]
    assert row["ampere_turns"] == len(starts) > 0
    assert row["light_turns"] == sum(s.amperes_on_board() <= 3 for s in starts)
    assert resistor._turn_start(starts[0]) and starts[0].amperes_on_board() == 0


def test_resistor_windows_continue_a_runs_seeds() -> None:
    from tablegames.analysis.runs import RunContext

    ctx = RunContext(None, 1)
    whole = resistor.windows(ctx, "t", {}, ["patient", "patient"], 3, window=4)
    later = resistor.windows(ctx, "t", {}, ["patient", "patient"], 2, window=4, first=1)
    assert [r["seed"] for r in later] == [r["seed"] for r in whole[1:]]
    assert later == whole[1:]


def test_resistor_refusing_a_move_changes_nothing_until_the_plain_bot_would_make_it() -> None:
    game = tg.make("resistor", first_amperes=0)
    plain = resistor.window_row(game, ["choosy:patient", "choosy:patient"], 4, window=60)
    careful = resistor.window_row(game, ["choosy:nooverload", "choosy:patient"], 4, window=60)
    assert plain["overload"] == 0
    [(base, row)] = resistor.pairs([careful], [plain])
    assert base == {**row, "seats": base["seats"]}


def test_resistor_joined_refusals_refuse_what_either_refuses() -> None:
    refuse = resistor.avoid_of("light+norecharge")
    assert refuse is not None and resistor.avoid_of("patient") is None
    state = tg.make("resistor", first_amperes=0).initial_state(seed=3)
    bot = make_bot("patient", "3")
    seen = 0
    for _ in range(400):
        if state.is_terminal:
            break
        for m in state.legal_moves():
            after = state.apply(m)
            either = resistor._fourth(state, after) or resistor._recharges(state, after)
            assert refuse(state, after) == either
            seen += either
        state = state.apply(bot.choose(state))
    assert seen  # some move was refused


def test_resistor_limited_matches_report_the_first_seat_of_finished_matches() -> None:
    rows = [
        {"winners": [0], "rounds_ended": 2, "scores": [5, 3], "turns": 600, "capped": False},
        {"winners": [0], "rounds_ended": 4, "scores": [7, 6], "turns": 1200, "capped": False},
        {"winners": [], "rounds_ended": 9, "scores": [9, 9], "turns": 3000, "capped": True},
    ]
    text = resistor.limited_matches(rows, "mcts:100", 300).splitlines()
    assert "66.7% [20.8, 93.9]" in text[1]  # 2 of 3 finished
    assert "66.7%" in text[2]  # a finished match and the capped one went past two rounds
    assert "100.0%" in text[3] and "+1.50" in text[4]  # player 0 won both finished
    assert "median 1200" in text[5] and "200 minutes" in text[5]


def test_a_bot_spec_taken_by_another_games_questions_is_refused() -> None:
    def commit(arg: str, seed: str) -> tg.bots.Bot:
        raise AssertionError("never built")

    with pytest.raises(ValueError, match=r"'commit' is taken by .*questions\.fellowship"):
        strategies.add_local_bots({"commit": commit})
    assert type(make_bot("commit:5", "1")) is fellowship.CommitBot


def test_deal_agreement_expected_from_independent_results() -> None:
    rows = [{"winners": [0], "again": [0]}, {"winners": [1], "again": [0]}]
    same, expected = cardchess.agreement(rows)
    assert (same.hits, expected) == (1, 0.75 * 0.75 + 0.25 * 0.25)


def test_deals_plays_only_the_surfaces_asked_for() -> None:
    from tablegames.analysis.runs import RunContext

    rows = cardchess.deals(RunContext(None, 1), ["random", "random"], 2, surfaces=(True,))
    assert [r["terrain"] for r in rows] == [True, True]
    assert all("again" in r for r in rows)


def test_deals_in_the_progressive_set_up_replay_the_deal_with_placements() -> None:
    # card-chess.txt's second set-up: each deal's two games place from hand onto the
    # same terrain, so both games are progressive and the label says so
    from tablegames.analysis.runs import RunContext

    rows = cardchess.deals(
        RunContext(None, 1), ["random", "random"], 2, surfaces=(True,), setup="progressive"
    )
    assert [r["setup"] for r in rows] == ["progressive", "progressive"]
    assert all(r["label"] == "deal twice, progressive terrain, random v random" for r in rows)


def test_resistor_duel_ladder_rates_steps_by_the_windows_each_bot_scored() -> None:
    def windows(points: list[int]) -> list[dict[str, int]]:
        return [{"seed": s, "points": p} for s, p in enumerate(points)]

    strong, weak = windows([5, 5, 5, 1]), windows([1, 1, 5, 2])  # wins, wins, tie, loss
    text = resistor.duel_ladder([("b", "a", strong, weak), ("c", "b", weak, strong)])
    assert "b v a: b 62.5% " in text and "of 4 duels (1 tied)" in text
    assert text.splitlines()[-1] == "monotone: no [('a', 'b'), ('b', 'c')]"
    rows = {line.split()[0]: line.split()[1] for line in text.splitlines()[1:4]}
    assert float(rows["a"]) == 0 and float(rows["b"]) > 0 > float(rows["c"]) - float(rows["b"])


def test_resistor_round_report_counts_how_rounds_ended_and_their_hours() -> None:
    rows = [
        {"ended": "drained", "turns": 3600, "points": 30, "drain": 8, "recharge": 0, "overload": 0},
        {"ended": "window", "turns": 4000, "points": 36, "drain": 8, "recharge": 8, "overload": 1},
    ]
    lines = resistor.round_report(rows, "mcts:1000").splitlines()
    assert lines[0].startswith("2 first rounds under the rules, mcts:1000 on both sides")
    assert "all drained      50.0%" in lines[1] and "going at the cap  50.0%" in lines[3]
    assert lines[4].endswith("[3600], that is [10.0] hours")
    assert "33.0" in lines[5] and lines[6].endswith("drain 0.21  recharge 0.11  overload 0.01")
    assert "ended: none ended" in resistor.round_report(rows[1:], "x")


def test_cardchess_minutes_gap_leaves_out_capped_games() -> None:
    a = [{"moves": m, "placements": 16, "capped": False} for m in (30, 36)]
    b = [{"moves": m, "placements": 0, "capped": c} for m, c in ((33, False), (300, True))]
    gap, low, high = cardchess.minutes_gap(a, b)
    assert gap == (33 * 20 + 16 * 10) / 60 - 33 * 20 / 60
    assert low < gap < high


def test_cardchess_share_gap_holds_zero_for_equal_small_tables() -> None:
    gap, low, high = cardchess.share_gap(wilson(5, 10), wilson(5, 10))
    assert gap == 0 and low < 0 < high


def test_resistor_noconvert_resistors_never_convert_while_another_move_is_legal() -> None:
    game = tg.make("resistor", first_amperes=0)
    plain = play(game, ["choosy:patient", "choosy:patient"], 3, keep=True, max_decisions=400)
    steps = list(zip(plain.states, plain.states[1:]))
    assert any(resistor._converts(s, n) for s, n in steps)  # the plain resistors do convert
    p = play(game, ["choosy:patient", "choosy:noconvert"], 3, keep=True, max_decisions=400)
    converts = [
        s
        for s, n in zip(p.states, p.states[1:])
        if s.current_player == 1 and resistor._converts(s, n)
    ]
    assert all(len(s.legal_moves()) == 1 for s in converts)
