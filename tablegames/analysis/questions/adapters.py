"""The adapters notebook's questions about its engine tables (issue 29).

Tables that play every deal twice with the seats swapped (the engine pairs): does a deal
favour a seat beyond the table's own seat edge?

In such a table the first-named bot *splits* a deal when it wins one of its two games and
loses the other, which means the same seat won both. If the games of a deal were
independent, splits would come as often as the bot's share in each seat predicts:
``q0 (1 - q1) + q1 (1 - q0)`` a deal, where ``q0`` and ``q1`` are its shares with seat 0
and with seat 1 (a seat edge alone already adds splits). More splits than that mean that
some deals favour a seat whoever holds it. :func:`seat_splits` counts them and
:func:`split_excess` tests the excess by re-pairing the games at random within each seat.

>>> rows = [
...     {"pair": "a v b", "deal": d, "seats": s, "first_won": w}
...     for d, (w0, w1) in enumerate([(1, 0), (1, 0), (0, 1), (1, 1)])
...     for s, w in ((["a", "b"], bool(w0)), (["b", "a"], bool(w1)))
... ]
>>> seat_splits(rows)
(4, 3, 1, 2.0)
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from ..metrics import Z95

Row = Mapping[str, Any]


def mean_gap(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` less the mean of ``ys``, with a 95% normal (Welch) interval: how
    much longer one table's games run, in decisions.

    >>> [round(x, 2) for x in mean_gap([10, 12, 14], [9, 10, 11])]
    [2.0, -0.53, 4.53]
    """

    def mean_var(v: Sequence[float]) -> tuple[float, float]:
        m = sum(v) / len(v)
        return m, sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)

    (mx, vx), (my, vy) = mean_var(xs), mean_var(ys)
    half = Z95 * (vx + vy) ** 0.5
    return mx - my, mx - my - half, mx - my + half


def _deals(rows: Sequence[Row]) -> dict[str, list[tuple[bool, bool]]]:
    """Per pairing, each complete deal's two outcomes for the first-named bot: (its game
    with seat 0, its game with seat 1)."""
    games: dict[tuple[str, int], dict[int, bool]] = defaultdict(dict)
    for r in rows:
        first = r["pair"].split(" v ")[0]
        games[r["pair"], r["deal"]][r["seats"].index(first)] = bool(r["first_won"])
    out: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for (pair, _), won in sorted(games.items()):
        if len(won) == 2:
            out[pair].append((won[0], won[1]))
    return dict(out)


def seat_splits(rows: Sequence[Row]) -> tuple[int, int, int, float]:
    """Deals, deals split (won in one seating only), deals won in both seatings, and the
    splits that independent games at the first-named bot's share in each seat would give,
    over the complete deals of ``rows`` (one pairing, or several summed)."""
    deals = splits = both = 0
    expected = 0.0
    for outcomes in _deals(rows).values():
        n = len(outcomes)
        q0 = sum(a for a, _ in outcomes) / n
        q1 = sum(b for _, b in outcomes) / n
        deals += n
        splits += sum(a != b for a, b in outcomes)
        both += sum(a and b for a, b in outcomes)
        expected += n * (q0 * (1 - q1) + q1 * (1 - q0))
    return deals, splits, both, expected


def split_excess(rows: Sequence[Row], draws: int = 20000, seed: int = 1) -> float:
    """The one-sided p-value of as many splits as ``rows`` hold, or more, if a deal did
    not matter: the games with seat 1 re-paired at random with the games with seat 0 of
    the same pairing (each seat's wins kept), ``draws`` times.

    >>> rows = [
    ...     {"pair": "a v b", "deal": d, "seats": s, "first_won": w}
    ...     for d in range(40)
    ...     for s, w in ((["a", "b"], d % 2 == 0), (["b", "a"], d % 2 == 1))
    ... ]
    >>> split_excess(rows, draws=500) < 0.01  # every deal split: seat 0 won them all
    True
    """
    deals = _deals(rows)
    observed = sum(a != b for outcomes in deals.values() for a, b in outcomes)
    rng, hits = random.Random(seed), 0
    firsts = {pair: [a for a, _ in o] for pair, o in deals.items()}
    seconds = {pair: [b for _, b in o] for pair, o in deals.items()}
    for _ in range(draws):
        total = 0
        for pair, a in firsts.items():
            b = seconds[pair]
            rng.shuffle(b)
            total += sum(x != y for x, y in zip(a, b))
        hits += total >= observed
    return (1 + hits) / (1 + draws)


def _one_seat(rows: Sequence[Row]) -> dict[int, int]:
    """Deal: the seat that won both of its games, for the deals of ``rows`` that one seat
    swept (a split deal, for the first-named bot)."""
    winners: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        winners[r["deal"]].append(r["winner"])
    return {d: w[0] for d, w in winners.items() if len(w) == 2 and w[0] == w[1] is not None}


def same_seat(
    a: Sequence[Row], b: Sequence[Row], draws: int = 20000, seed: int = 1
) -> tuple[int, int, float, float]:
    """Two tables played on the same deals (deal ``k`` the same cards in both): over the
    deals that one seat swept in both tables, how many deals, how many were swept by the
    same seat in both, how many that would be by chance (each table's seat-0 sweeps kept,
    matched at random), and the one-sided p-value of as many or more (``draws`` random
    matchings). Sweeps by the same seat more often than chance mean that a deal favours
    a seat whoever holds it.

    >>> a = [{"deal": d, "winner": d % 2} for d in range(30) for _ in range(2)]
    >>> n, same, chance, p = same_seat(a, a, draws=500)
    >>> n, same, round(chance, 1), p < 0.01
    (30, 30, 15.0, True)
    """
    sa, sb = _one_seat(a), _one_seat(b)
    common = sorted(set(sa) & set(sb))
    xs, ys = [sa[d] for d in common], [sb[d] for d in common]
    n, same = len(common), sum(x == y for x, y in zip(xs, ys))
    zeros_a, zeros_b = xs.count(0), ys.count(0)
    chance = (zeros_a * zeros_b + (n - zeros_a) * (n - zeros_b)) / n if n else 0.0
    rng, hits = random.Random(seed), 0
    for _ in range(draws):
        rng.shuffle(ys)
        hits += sum(x == y for x, y in zip(xs, ys)) >= same
    return n, same, chance, (1 + hits) / (1 + draws)
