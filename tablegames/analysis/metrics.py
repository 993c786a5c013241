"""Metrics of a simulation table: balance, length, draws, decisiveness, event rates.

Every function takes the rows of :func:`tablegames.analysis.simulate` (plain dicts, one
per game) and returns plain numbers, so a notebook can print them, put them in pandas
or plot them. Shares come with 95% Wilson score intervals, which stay inside 0..1 and
behave for small counts and for shares near 0 or 1.

>>> rows = [{"players": 2, "winners": [0], "seats": ["a", "b"], "decisions": 10,
...          "finished": True, "n_win": 1}] * 3 + [
...         {"players": 2, "winners": [], "seats": ["a", "b"], "decisions": 30,
...          "finished": True, "n_win": 0}]
>>> m = metrics(rows)
>>> m["games"], m["draw_rate"].share, m["seat_win"][0].share, m["length_median"]
(4, 0.25, 0.75, 10.0)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

Row = Mapping[str, Any]
#: Event kinds of the games' own cap option (``max_turns``, the same in every game): a
#: game it ends without a winner was stopped, not drawn.
CAP_EVENTS = ("max_turns",)


class Share(NamedTuple):
    """``hits`` out of ``total``, as a share with its 95% confidence interval."""

    hits: int
    total: int
    share: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{100 * self.share:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


#: The normal quantile of a two-sided 95% interval, used by every interval here and in the
#: question modules.
Z95 = 1.959964


def looks_z(looks: int) -> float:
    """The normal quantile that widens a 95% interval for ``looks`` looks at a table, or
    comparisons read together (Bonferroni: the 5% risk shared out over them), so that a
    table stopped when it looked decided keeps its 5% false-alarm risk.

    >>> round(looks_z(1), 2), round(looks_z(2), 2), round(looks_z(3), 2)
    (1.96, 2.24, 2.39)
    """
    return statistics.NormalDist().inv_cdf(1 - 0.025 / looks)


def wilson(count: int, total: int, z: float = Z95) -> Share:
    """The share ``count / total`` with its Wilson score interval (95% by default).

    >>> s = wilson(60, 100)
    >>> round(s.low, 3), round(s.high, 3)
    (0.502, 0.691)
    >>> wilson(0, 0).share
    0.0
    """
    if total <= 0:
        return Share(count, total, 0.0, 0.0, 1.0)
    p = count / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == total else min(1.0, centre + half)
    return Share(count, total, p, low, high)


def share_gap(a: Share, b: Share) -> tuple[float, float, float]:
    """``a``'s share less ``b``'s, with a 95% normal interval (independent tables):
    how far two tables' shares differ, e.g. two bots' results against one opponent.

    >>> [round(x, 3) for x in share_gap(wilson(60, 100), wilson(50, 100))]
    [0.1, -0.037, 0.237]
    """
    va = a.share * (1 - a.share) / max(1, a.total)
    vb = b.share * (1 - b.share) / max(1, b.total)
    half = Z95 * (va + vb) ** 0.5
    gap = a.share - b.share
    return gap, gap - half, gap + half


def newcombe_gap(a: Share, b: Share, z: float = Z95) -> tuple[float, float, float]:
    """Share ``a`` less share ``b`` (independent samples), with Newcombe's interval built
    from the two Wilson intervals at ``z``: sound where a share is 0 or 1, where
    :func:`share_gap`'s normal interval is not.

    >>> [round(x, 3) for x in newcombe_gap(wilson(60, 100), wilson(50, 100))]
    [0.1, -0.037, 0.232]
    """
    wa, wb = wilson(a.hits, a.total, z=z), wilson(b.hits, b.total, z=z)
    d = a.share - b.share
    low = d - ((a.share - wa.low) ** 2 + (wb.high - b.share) ** 2) ** 0.5
    high = d + ((wa.high - a.share) ** 2 + (b.share - wb.low) ** 2) ** 0.5
    return d, low, high


def clustered_ratio(
    pairs: Sequence[tuple[float, float]], z: float = Z95
) -> tuple[float, float, float]:
    """``sum(x) / sum(n)`` over ``pairs``, one ``(x, n)`` a cluster (a game's hits and
    items, or the sum and count of its values), with a normal interval whose variance is
    taken between the clusters, not between the items (the ratio estimator's
    cluster-robust variance): wider than an interval over items when the items of one
    cluster go together, as several moves of one game do. Unbounded with fewer than two
    non-empty clusters. Returns (ratio, low, high).

    >>> [round(x, 3) for x in clustered_ratio([(1, 1), (0, 1), (2, 2), (0, 2), (1, 2)])]
    [0.5, 0.067, 0.933]
    >>> clustered_ratio([(3, 4)])
    (0.75, -inf, inf)
    """
    n = sum(k for _, k in pairs)
    ratio = sum(x for x, _ in pairs) / n if n else 0.0
    g = sum(1 for _, k in pairs if k)
    if g < 2:
        return ratio, -math.inf, math.inf
    var = g / (g - 1) * sum((x - ratio * k) ** 2 for x, k in pairs) / n**2
    half = z * math.sqrt(var)
    return ratio, ratio - half, ratio + half


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` with a normal interval (``z`` standard errors, 95% unless
    widened): the paired readings' interval, ``values`` being per-deal differences.

    >>> [round(x, 3) for x in mean_interval([1, 0, 1, 1, 0])]
    [0.6, 0.12, 1.08]
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, linearly interpolated.

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not values:
        raise ValueError("quantile of no values")
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (pos - lo))


def is_capped(row: Row) -> bool:
    """Whether a cap stopped this game: ``max_decisions``, or the game's own cap option
    ending it without a winner (Poohsticks' boats that exited before the cap still win)."""
    return not row["finished"] or (
        not row["winners"] and any(row.get("n_" + k) for k in CAP_EVENTS)
    )


def metrics(rows: Sequence[Row]) -> dict[str, Any]:
    """The standard metrics of one table of games.

    - ``games``; ``seat_win``: each seat's win share (a shared win counts for every
      winner), ``first_player_advantage``: seat 0's share minus a fair seat's share (the
      wins per game shared out over the seats: ``1/players`` only when every game has
      exactly one winner, less with draws, more with shared wins);
    - ``bot_win``: each bot's win share over the seats it sat in (tables where seats
      rotate between bots compare bots fairly);
    - ``draw_rate`` (finished with no winner), ``capped_rate`` (stopped by a cap before
      the end: ``max_decisions`` or the game's own cap option, see :data:`CAP_EVENTS`),
      ``decisive_rate`` (exactly one winner);
    - ``length_mean``, ``length_median``, ``length_p10``, ``length_p90``, ``length_max``
      in decisions;
    - ``events``: for every event kind, the mean count per game and the share of games
      where it happens at least once;
    - ``seat_result`` and ``bot_result``: the mean of ``returns()`` per seat and per bot
      (the rows' ``result_<seat>``): for a game with general payoffs (chips), what a seat
      or a bot wins on average; absent when the rows carry no results. ``general_payoffs``
      says whether any result was other than a win, a loss or a draw (-1, 0, 1): only then
      does :func:`metrics_lines` show them, as win shares already say the rest.
    """
    n = len(rows)
    if n == 0:
        raise ValueError("metrics needs at least one game")
    players = max(int(r["players"]) for r in rows)
    seat_wins = [sum(p in r["winners"] for r in rows) for p in range(players)]
    seat_win = [wilson(w, n) for w in seat_wins]
    bots: dict[str, list[int]] = {}
    for r in rows:
        for p, bot in enumerate(r.get("seats", ())):
            won, sat = bots.setdefault(str(bot), [0, 0])
            bots[str(bot)] = [won + (p in r["winners"]), sat + 1]
    lengths = [float(r["decisions"]) for r in rows]
    capped = [r for r in rows if is_capped(r)]
    finished = [r for r in rows if not is_capped(r)]
    kinds = sorted({k[2:] for r in rows for k in r if k.startswith("n_")})
    results = _results(rows, players)
    return {
        **results,
        "games": n,
        "seat_win": seat_win,
        "first_player_advantage": round(seat_win[0].share - sum(seat_wins) / (n * players), 4),
        "bot_win": {b: wilson(w, s) for b, (w, s) in sorted(bots.items())},
        "draw_rate": wilson(sum(not r["winners"] for r in finished), n),
        "capped_rate": wilson(len(capped), n),
        "decisive_rate": wilson(sum(len(r["winners"]) == 1 for r in rows), n),
        "length_mean": round(statistics.fmean(lengths), 2),
        "length_median": quantile(lengths, 0.5),
        "length_p10": quantile(lengths, 0.1),
        "length_p90": quantile(lengths, 0.9),
        "length_max": max(lengths),
        "events": {
            k: {
                "per_game": round(sum(r.get("n_" + k, 0) for r in rows) / n, 3),
                "games": wilson(sum(r.get("n_" + k, 0) > 0 for r in rows), n),
            }
            for k in kinds
        },
    }


def _results(rows: Sequence[Row], players: int) -> dict[str, Any]:
    """``seat_result`` and ``bot_result`` (see :func:`metrics`), or nothing."""
    if not all(f"result_{p}" in r for r in rows for p in range(int(r["players"]))):
        return {}
    seats = [[float(r[f"result_{p}"]) for r in rows if p < r["players"]] for p in range(players)]
    bots: dict[str, list[float]] = {}
    for r in rows:
        for p, bot in enumerate(r.get("seats", ())):
            bots.setdefault(str(bot), []).append(float(r[f"result_{p}"]))
    general = any(x not in (-1.0, 0.0, 1.0) for xs in seats for x in xs)
    return {
        "general_payoffs": general,
        "seat_result": [round(statistics.fmean(xs), 4) if xs else 0.0 for xs in seats],
        "bot_result": {b: round(statistics.fmean(xs), 4) for b, xs in sorted(bots.items())},
    }


def metrics_lines(m: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The metrics of :func:`metrics` as (label, text) pairs, in reading order."""
    out = [("games", str(m["games"]))]
    out += [(f"seat {p} wins", str(s)) for p, s in enumerate(m["seat_win"])]
    out.append(("first-player advantage", f"{100 * m['first_player_advantage']:+.1f} pts"))
    out += [(f"{b} wins", str(s)) for b, s in m["bot_win"].items()]
    if m.get("general_payoffs"):
        out += [(f"seat {p} mean result", f"{x:+g}") for p, x in enumerate(m["seat_result"])]
        out += [(f"{b} mean result", f"{x:+g}") for b, x in m["bot_result"].items()]
    out += [
        ("draws", str(m["draw_rate"])),
        ("capped", str(m["capped_rate"])),
        ("one winner", str(m["decisive_rate"])),
        (
            "length (decisions)",
            f"mean {m['length_mean']}, median {m['length_median']:g}, "
            f"10-90% {m['length_p10']:g}-{m['length_p90']:g}, max {m['length_max']:g}",
        ),
    ]
    out += [
        (f"event {k}", f"{v['per_game']} per game, in {v['games']} of games")
        for k, v in m["events"].items()
    ]
    return out


def compare_table(results: Mapping[str, Mapping[str, Any]]) -> str:
    """Several :func:`metrics` results side by side, one column per variant.

    >>> a = metrics([{"players": 2, "winners": [0], "decisions": 5, "finished": True}])
    >>> compare_table({"x": a, "y": a}).splitlines()[0].split()
    ['x', 'y']
    """
    names = list(results)
    if not names:
        raise ValueError("compare_table needs at least one result")
    columns = [dict(metrics_lines(results[name])) for name in names]
    labels: list[str] = []
    for col in columns:
        labels += [k for k in col if k not in labels]
    cells = [["", *names]] + [[k, *(c.get(k, "-") for c in columns)] for k in labels]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    widths = [widths[0]] + [max(w, 22) for w in widths[1:]]
    return "\n".join(
        "  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])])
        for row in cells
    )
