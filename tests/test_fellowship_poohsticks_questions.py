"""The Fellowship and Poohsticks explore notebooks' newer question helpers: the search
bot that commits to red, and the measures read from the Poohsticks tables."""

from __future__ import annotations

import tablegames as tg
from tablegames.analysis.questions import fellowship, poohsticks
from tablegames.analysis.questions.common import make_bot


def _pile_jack(seed: int = 0) -> tg.State:
    """A two-player deal whose Jack of Spades is still in the draw pile."""
    game = tg.make("fellowship")
    while fellowship.BOROMIR not in game.initial_state(seed).draw_pile:
        seed += 1
    return game.initial_state(seed)


def test_jack_to_opponent_makes_the_opponent_black() -> None:
    state = _pile_jack()
    moved = fellowship.jack_to_opponent(state, 1, 2)
    assert fellowship.BOROMIR in moved.hands[1]
    assert fellowship.BOROMIR not in moved.draw_pile
    assert moved.roles == ("red", "black")
    assert sorted(moved.hands[1] + moved.draw_pile) == sorted(state.hands[1] + state.draw_pile)
    assert moved.hands[0] == state.hands[0] and moved.circle == state.circle


def test_jack_to_opponent_leaves_a_drawn_jack_where_it_is() -> None:
    state = tg.make("fellowship").initial_state(3)  # player 1 was dealt the jack
    assert state.roles == ("red", "black")
    assert fellowship.jack_to_opponent(state, 1, 0) is state


def test_search_commit_bot_commits_only_within_its_pile() -> None:
    state = _pile_jack()  # 30 cards left to draw
    seen: list[tuple[str | None, ...]] = []

    class Spy(fellowship.CommitSearchBot):
        def committed(self, sample: tg.State) -> tg.State:
            out = super().committed(sample)
            seen.append(out.roles)
            return out

    assert Spy("1", 40).choose(state) in state.legal_moves()
    assert len(seen) == 30 and set(seen) == {("red", "black")}
    seen.clear()
    Spy("1", 5).choose(state)  # not yet: the jack's place is guessed
    assert (None, None) in seen
    bot = make_bot("searchcommit:5", "1")
    assert isinstance(bot, fellowship.CommitSearchBot) and bot.iterations == 30
    top = make_bot("searchcommit300:15", "1")  # the ladder's top rung
    assert isinstance(top, fellowship.CommitSearchBot)
    assert (top.iterations, top.pile) == (300, 15)


def test_richer_boat_share_counts_either_seat() -> None:
    rows = [
        {"suit_cards": [3, 1], "winners": [0]},
        {"suit_cards": [1, 3], "winners": [0]},
        {"suit_cards": [2, 2], "winners": [1]},
        {"suit_cards": [0, 4], "winners": [1]},
    ]
    share, fair = poohsticks.richer_boat(rows)
    assert (share.hits, share.total, fair) == (2, 3, 0.5)
    assert poohsticks.richer_boat(rows, least=3)[0].total == 1


def test_game_row_counts_the_bridge_cards_turned_over() -> None:
    """Under the Bridge: each flip of a bridge card is counted; none without the bridge."""
    game = tg.make("poohsticks", **poohsticks.options(bridge=True))
    flips = [poohsticks.game_row(game, ["greedy", "greedy"], seed)["flips"] for seed in range(6)]
    assert any(flips) and all(0 <= f <= 2 for f in flips)  # the bridge row has two cards
    plain = tg.make("poohsticks", **poohsticks.options())
    assert poohsticks.game_row(plain, ["greedy", "greedy"], 0)["flips"] == 0


def test_median_bounds_read_from_the_order() -> None:
    assert poohsticks.median_bounds(range(10)) == (1.0, 8.0)  # 97.9% cover
    assert poohsticks.median_bounds(range(1, 101)) == (40.0, 61.0)


def test_commit_tables_read_for_either_bot() -> None:
    rows = [
        {"seats": ["searchcommit:5", "mcts:30"], "winners": [0], "black_seat": 1,
         "colour": "red", "commit_at": 5},
        {"seats": ["mcts:30", "searchcommit:5"], "winners": [], "black_seat": None,
         "colour": "stalemate", "commit_at": 5},
    ]  # fmt: skip
    share, as_red = fellowship.commit_shares(rows, "searchcommit")[5]
    assert (share.hits, share.total, as_red.hits, as_red.total) == (1, 2, 1, 1)
    assert fellowship.commit_fair(rows, 5) == 0.25


def test_seat_report_names_every_seat_and_the_shared_wins() -> None:
    rows = [
        {"seats": ["g"] * 3, "winners": [0], "tie_broken": None},
        {"seats": ["g"] * 3, "winners": [1, 2], "tie_broken": True},
    ]
    text = fellowship.seat_report("3p g", rows)
    assert "player 2 wins 50.0%" in text and "fair share 50.0%" in text
    assert "one winner 50.0%" in text and "breaks 100.0%" in text


def test_seat_gap_is_the_difference_of_player_0s_shares_with_the_z_tests_p() -> None:
    a = [{"winners": [0]}] * 166 + [{"winners": [1]}] * 114  # 59.3% of 280
    b = [{"winners": [0, 1]}] * 96 + [{"winners": [1]}] * 44  # ties count for player 0
    gap, low, high, p = poohsticks.seat_gap(a, b)
    assert round(gap, 3) == round(166 / 280 - 96 / 140, 3) and low < gap < high
    assert round(p, 3) == 0.064  # the notebook's earlier hand computation: z = 1.85
    assert poohsticks.seat_gap(a, a)[3] == 1.0


def test_paired_seat_gap_pairs_races_by_seed_and_counts_only_discordant_ones() -> None:
    a = [{"seed": s, "winners": [0] if s % 2 else [1]} for s in range(40)]
    b = [{"seed": s, "winners": [0] if s % 2 else [1]} for s in reversed(range(50))]
    gap, low, high, p, n = poohsticks.paired_seat_gap(a, b)
    assert (gap, low, high, p, n) == (0.0, 0.0, 0.0, 1.0, 40)  # the same races: no gap
    c = [{**r, "winners": [0, 1]} if r["seed"] < 8 else r for r in a]  # 4 more wins, tied
    gap, low, high, p, n = poohsticks.paired_seat_gap(c, b)
    assert gap == 4 / 40 and low < gap < high and p == poohsticks.mcnemar(4, 0)


def test_even_bot_keeps_the_colours_level_among_near_best_moves() -> None:
    """Before the jack is drawn it plays, of the moves its search rates near the best, one
    leaving the colours at least as level as the search's own choice; the spec sets P."""
    game = tg.make("fellowship")
    state = next(
        s
        for seed in range(50)
        if None in (s := game.initial_state(seed)).roles and len(s.legal_moves()) > 3
    )
    bot = fellowship.EvenBot("1", margin=1.0, iterations=40)
    chosen = bot.choose(state)
    assert chosen in state.legal_moves()
    best = bot.last.moves[0].move  # the plain search's choice, from the same analysis
    plain = next(m for m in state.legal_moves() if str(m) == best)
    assert abs(fellowship.lead(state.apply(chosen))) <= abs(fellowship.lead(state.apply(plain)))
    spec = make_bot("even300:5", "1")
    assert isinstance(spec, fellowship.EvenBot) and (spec.margin, spec.iterations) == (0.05, 300)


def test_even_share_counts_the_even_bot_in_either_seat() -> None:
    rows = [
        {"seats": ["even300:5", "mcts:300"], "winners": [0]},
        {"seats": ["mcts:300", "even300:5"], "winners": [1]},
        {"seats": ["mcts:300", "even300:5"], "winners": [0]},
        {"seats": ["even300:5", "mcts:300"], "winners": []},
    ]
    share, fair = fellowship.even_share(rows)
    assert (share.hits, share.total, fair) == (2, 4, 0.375)


def test_lone_share_counts_a_shared_win_and_a_fair_seat_from_the_winners() -> None:
    rows = [{"seats": ["g", "x", "x", "x"], "winners": w} for w in ([0], [1], [0, 3], [2])]
    share, fair = poohsticks.lone_share(rows, "g")
    assert (share.hits, share.total, fair) == (2, 4, 5 / 16)


def test_seat_shares_reads_every_seat_against_one_fair_share() -> None:
    rows = [{"seats": ["a"] * 3, "winners": w} for w in ([0], [0], [1], [1, 2])]
    shares = poohsticks.seat_shares(rows)
    assert [s.hits for s, _ in shares] == [2, 2, 1] and {f for _, f in shares} == {5 / 12}


def test_paired_caps_pairs_races_by_seed_not_by_order() -> None:
    without = [{"seed": s, "capped": s in (1, 2, 3)} for s in range(10)]
    with_ = [{"seed": s, "capped": s == 9} for s in reversed(range(10))]
    first, second, both, p = poohsticks.paired_caps(without, with_)
    assert (first, second, both) == (3, 1, 0) and round(p, 3) == 0.625


def test_looked_widens_the_interval_with_the_looks_and_keeps_one_look_as_is() -> None:
    share = poohsticks.wilson(60, 100)
    assert round(poohsticks.looked(share, 1).low, 6) == round(share.low, 6)
    wide = poohsticks.looked(share, 3)
    assert wide.low < share.low and wide.high > share.high and wide.hits == 60
