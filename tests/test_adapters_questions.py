"""The adapters notebook's question helpers (issue 29): the seat-swapped deal tests and
the length gap, on small tables whose answers are known."""

from __future__ import annotations

from tablegames.analysis.questions.adapters import mean_gap, same_seat, seat_splits, split_excess


def _table(outcomes: list[tuple[bool, bool]], pair: str = "a v b") -> list[dict]:
    """A seat-swapped table: per deal, whether ``a`` won with seat 0 and with seat 1."""
    rows = []
    for deal, (w0, w1) in enumerate(outcomes):
        for seats, won in ((["a", "b"], w0), (["b", "a"], w1)):
            winner = seats.index("a") if won else seats.index("b")
            rows.append(
                {"pair": pair, "deal": deal, "seats": seats, "winner": winner, "first_won": won}
            )
    return rows


def test_a_seat_edge_alone_adds_splits_but_is_no_deal_effect() -> None:
    # a wins every game with seat 0 and half with seat 1, at random over the deals
    outcomes = [(True, d % 2 == 0) for d in range(40)]
    deals, splits, both, expected = seat_splits(_table(outcomes))
    assert (deals, splits, both) == (40, 20, 20)
    assert expected == 20.0  # q0 = 1, q1 = 1/2: the seat edge predicts every split
    assert split_excess(_table(outcomes), draws=500) > 0.5


def test_deals_that_favour_a_seat_give_excess_splits() -> None:
    # 30 deals swept by one seat (15 each), 10 won by a in both seatings
    outcomes = [(True, False)] * 15 + [(False, True)] * 15 + [(True, True)] * 10
    rows = _table(outcomes)
    _, splits, both, expected = seat_splits(rows)
    assert (splits, both, expected) == (30, 10, 18.75)
    assert split_excess(rows, draws=2000) < 0.01


def test_same_seat_sweeps_across_two_tables_of_the_same_deals() -> None:
    seat0 = _table([(True, False)] * 10 + [(False, True)] * 10)  # seat 0 sweeps 0-9, seat 1 10-19
    again = _table([(True, False)] * 10 + [(False, True)] * 10, pair="c v d")
    n, same, chance, p = same_seat(seat0, again, draws=2000)
    assert (n, same, chance) == (20, 20, 10.0)
    assert p < 0.01
    flipped = _table([(False, True)] * 10 + [(True, False)] * 10)
    assert same_seat(seat0, flipped, draws=500)[1] == 0


def test_mean_gap_is_the_difference_of_means() -> None:
    gap, low, high = mean_gap([20.0, 22.0, 24.0, 26.0], [20.0, 21.0, 22.0, 23.0])
    assert gap == 1.5 and low < 1.5 < high
