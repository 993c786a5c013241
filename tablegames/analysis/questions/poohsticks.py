"""Poohsticks' questions: the boat powers' balance, minutes of play, bends and
narrowings (the ``shape`` option), and choosing a boat before seeing the river.

>>> import tablegames as tg
>>> row = game_row(tg.make("poohsticks", max_turns=360, boat_powers=True), ["greedy"] * 2, 7)
>>> len(row["suit_cards"]), row["turns"] > 0
(2, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import cast

from ...core import Game, State
from ...poohsticks.state import PoohsticksState
from ..metrics import Z95, Share, looks_z, mean_interval, wilson
from ..runs import RunContext
from .common import Row, Table, duel_row, median, play, seat_share

#: Boat suits in seat order (the engine's).
BOAT_SUITS = "SDHC"
#: Turns per row of river before the cap stops a game (each player's turn counts one).
TURNS_PER_ROW = 60
#: A human's time, for minutes of play: a turn is spent finding which hand cards make a
#: reachable card's value, about 10 s for a quick calculator and 30 s for a slow one
#: ("dependent on your math skills"), plus 3 s to lay out each move or discard.
SECONDS_PER_TURN = {"quick": 10.0, "slow": 30.0}
SECONDS_PER_DECISION = 3.0
#: The rivers of section 3: the rules' own, the three-wide river, and two shapes the
#: text suggests (``#`` a card, ``.`` none), for two players.
SHAPES: dict[str, dict[str, object]] = {
    "2x6 (rules)": {},
    "3x6": {"width": 3},
    "narrowing": {"shape": ("###", "###", ".#.", ".#.", "###", "###")},
    "bend": {"shape": ("##..", "##..", ".##.", ".##.", "..##", "..##")},
    "long bend": {
        "shape": ("##...", "##...", ".##..", "..##.", "...##", "...##", "...##", "...##")
    },
}


def _st(state: State) -> PoohsticksState:
    """``state`` as this game's state (the runs play only this game)."""
    return cast(PoohsticksState, state)


def options(**variant: object) -> dict[str, object]:
    """A two-player variant with the cap of :data:`TURNS_PER_ROW` turns per row."""
    shape = variant.get("shape")
    rows = len(shape) if isinstance(shape, tuple) else int(str(variant.get("length", 6)))
    return {**variant, "max_turns": TURNS_PER_ROW * rows}


def game_row(game: Game, seats: list[str], seed: int) -> Row:
    """One game: winners, turns, decisions, powers used, bridge cards flipped, the cap,
    and how many river cards share each boat's suit (what a boat power can use)."""
    p = play(game, seats, seed, keep=True)
    river = _st(p.first).river
    players = len(seats)
    powers = [0] * players
    flips = 0  # bridge cards turned over (Under the Bridge), each ending a turn
    for s in p.states:
        for e in s.events:  # type: ignore[attr-defined]
            if e.kind == "power":
                powers[e.player] += 1
            elif e.kind == "flip":
                flips += 1
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "turns": _st(p.final).turn,
        "decisions": p.decisions,
        "capped": p.capped,
        "powers": powers,
        "flips": flips,
        "suit_cards": [
            sum(c is not None and c[-1] == BOAT_SUITS[q] for c in river) for q in range(players)
        ],
    }


def balance(
    ctx: RunContext,
    label: str,
    variant: Mapping[str, object],
    specs: Sequence[str],
    max_games: int = 2400,
    batch: int = 400,
) -> list[Row]:
    """Games of a variant until player 0's share is decided, looking every ``batch``
    games (smaller batches for the costly search bots)."""
    table = Table(label, game_row, "poohsticks", options(**variant), list(specs))
    rows = table.until_decided(
        ctx, seat_share, batch=batch, min_games=min(batch, max_games), max_games=max_games
    )
    return [{**r, "variant": label} for r in rows]


def fixed(
    ctx: RunContext,
    label: str,
    variant: Mapping[str, object],
    specs: Sequence[str],
    n: int,
    first: int = 0,
) -> list[Row]:
    """``n`` games of a variant, from game ``first`` on (more of a table already stored:
    the same seeds from that game on, to pool with it)."""
    table = Table(label, game_row, "poohsticks", options(**variant), list(specs))
    return [{**r, "variant": label} for r in table.play(ctx, first, first + n)]


def duels(ctx: RunContext, pairs: Sequence[tuple[str, str]], n: int, first: int = 0) -> list[Row]:
    """Rotated duels on the rules' river, ``n`` games a pair from game ``first`` on."""
    out: list[Row] = []
    for pair in pairs:
        table = Table(" v ".join(pair), duel_row, "poohsticks", options(), pair, rotate=True)
        out += table.play(ctx, first, first + n)
    return out


def suit_order(row: Row) -> str:
    """Whether player 0's boat's suit has ``"more"``, ``"as many"`` or ``"fewer"`` river
    cards than player 1's in a two-player game.

    >>> [suit_order({"suit_cards": c}) for c in ([3, 1], [2, 2], [0, 4])]
    ['more', 'as many', 'fewer']
    """
    a, b = row["suit_cards"][:2]
    return "more" if a > b else "fewer" if a < b else "as many"


def suit_edge(rows: Sequence[Row]) -> dict[str, tuple[Share, int]]:
    """Player 0's win share by whether its boat's suit has more, as many or fewer river
    cards than player 1's (two players; :func:`suit_order`)."""
    out = {}
    for name in ("more", "as many", "fewer"):
        sub = [r for r in rows if suit_order(r) == name]
        out[name] = (wilson(sum(0 in r["winners"] for r in sub), len(sub)), len(sub))
    return out


def richer_boat(rows: Sequence[Row], least: int = 1) -> tuple[Share, float]:
    """In two-player games where one boat's suit has at least ``least`` more river cards
    than the other's: the richer boat's win share (either seat, so the first seat's edge
    cancels out) and a fair boat's (the winners per game, halved)."""
    sub = [r for r in rows if abs(r["suit_cards"][0] - r["suit_cards"][1]) >= least]
    rich = [0 if r["suit_cards"][0] > r["suit_cards"][1] else 1 for r in sub]
    wins = sum(p in r["winners"] for p, r in zip(rich, sub))
    fair = sum(len(r["winners"]) for r in sub) / len(sub) / 2 if sub else 0.5
    return wilson(wins, len(sub)), fair


def seat_gap(a: Sequence[Row], b: Sequence[Row]) -> tuple[float, float, float, float]:
    """How much more often player 0 wins in table ``a`` than in table ``b`` (a tie counts
    as a win, as in :func:`~tablegames.analysis.questions.common.seat_share`): the
    difference of the two shares with its 95% normal interval, and the two-sided p-value
    of the pooled two-proportion z-test (the chance of a gap this large if the two
    tables' player 0 won equally often).

    >>> gap, low, high, p = seat_gap([{"winners": [0]}] * 60 + [{"winners": [1]}] * 40,
    ...                              [{"winners": [0]}] * 50 + [{"winners": [1]}] * 50)
    >>> round(gap, 2), round(low, 3), round(high, 3), round(p, 3)
    (0.1, -0.037, 0.237, 0.155)
    """
    wa, wb = (sum(0 in r["winners"] for r in t) for t in (a, b))
    na, nb = len(a), len(b)
    pa, pb = wa / na, wb / nb
    half = Z95 * math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)
    pooled = (wa + wb) / (na + nb)
    se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    p = math.erfc(abs(pa - pb) / se / math.sqrt(2)) if se else 1.0
    return pa - pb, pa - pb - half, pa - pb + half, p


def paired_seat_gap(a: Sequence[Row], b: Sequence[Row]) -> tuple[float, float, float, float, int]:
    """Player 0's share in table ``a`` less its share in table ``b`` over the races the
    two tables share a seed with (every Poohsticks table starts from the same base seed,
    so a seed deals the same deck in each; a seed names a race only within one river, so
    pair one river's tables at a time). A tie counts as a win, as in :func:`seat_gap`.
    Returns the difference, its 95% normal interval from the per-race differences, the
    exact McNemar p-value of the races player 0 won in one table only, and the pairs.

    >>> a = [{"seed": s, "winners": [0] if s < 60 else [1]} for s in range(100)]
    >>> b = [{"seed": s, "winners": [0] if s < 50 else [1]} for s in range(100)]
    >>> gap, low, high, p, n = paired_seat_gap(a, b)
    >>> round(gap, 2), round(low, 3), round(high, 3), round(p, 4), n
    (0.1, 0.041, 0.159, 0.002, 100)
    """
    by_seed = {r["seed"]: 0 in r["winners"] for r in b}
    pairs = [(0 in r["winners"], by_seed[r["seed"]]) for r in a if r["seed"] in by_seed]
    mean, low, high = mean_interval([int(x) - int(y) for x, y in pairs])
    first = sum(x and not y for x, y in pairs)
    second = sum(y and not x for x, y in pairs)
    return mean, low, high, mcnemar(first, second), len(pairs)


def median_bounds(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """An interval for the median of ``values`` at ``level`` (95%), read from their order
    with no assumption on their spread: the ``j``-th smallest and ``j``-th largest, for
    the largest ``j`` whose chance of missing the median (twice the chance that a
    binomial(n, 1/2) count is below ``j``) stays within ``1 - level``."""
    xs = sorted(values)
    n = len(xs)
    whole = 2**n
    j, term = 1, n  # term: comb(n, j)
    below = 1 + n  # the count of outcomes with at most j successes: sum of comb(n, i), i <= j
    while j < n // 2 and 2 * below / whole <= 1 - level:
        j += 1
        term = term * (n - j + 1) // j
        below += term
    return float(xs[j - 1]), float(xs[n - j])


def race_minutes(row: Row, speed: str) -> float:
    """A race's minutes by the model (:data:`SECONDS_PER_TURN` for a ``'quick'`` or
    ``'slow'`` calculator, :data:`SECONDS_PER_DECISION` a move)."""
    turns, decisions = float(row["turns"]), float(row["decisions"])
    return (turns * SECONDS_PER_TURN[speed] + decisions * SECONDS_PER_DECISION) / 60


def minutes(rows: Sequence[Row], speed: str) -> tuple[float, float, float, int]:
    """The median minutes of the finished (uncapped) races, a 95% interval for it
    (:func:`median_bounds`), and how many races finished."""
    done = [race_minutes(r, speed) for r in rows if not r["capped"]]
    return (median(done), *median_bounds(done), len(done))


def lone_rung(ctx: RunContext, strong: str, weak: str, games: Mapping[int, int]) -> list[Row]:
    """A rung check beyond two players: one ``strong`` seat among ``weak`` ones on the
    rules' river for each player count (``games[players]`` games, seats rotated every
    game so the lone seat visits each)."""
    out: list[Row] = []
    for players, n in games.items():
        specs = [strong] + [weak] * (players - 1)
        label = f"{players} players: {strong} among {weak}"
        table = Table(label, duel_row, "poohsticks", options(players=players), specs, rotate=True)
        out += [{**r, "players": players} for r in table.rows(ctx, n)]
    return out


def lone_share(rows: Sequence[Row], rung: str) -> tuple[Share, float]:
    """How often the lone ``rung`` seat won (a shared win counts) and a no-skill seat's
    fair share (the winners per game shared out over the seats).

    >>> rows = [{"seats": ["a", "b", "b"], "winners": w} for w in ([0], [1], [0, 2], [2])]
    >>> share, fair = lone_share(rows, "a")
    >>> share.share, round(fair, 3)
    (0.5, 0.417)
    """
    wins = sum(any(r["seats"][w] == rung for w in r["winners"]) for r in rows)
    fair = sum(len(r["winners"]) for r in rows) / len(rows) / len(rows[0]["seats"])
    return wilson(wins, len(rows)), fair


def looked(share: Share, looks: int) -> Share:
    """``share``'s interval widened for a table looked at ``looks`` times (Bonferroni:
    the 5% risk shared out over the ``looks``), so that a table stopped when it
    looked decided keeps its 5% false-alarm risk.

    >>> s = looked(wilson(60, 100), 3)
    >>> round(s.low, 3), round(s.high, 3)
    (0.48, 0.709)
    """
    return wilson(share.hits, share.total, looks_z(looks))


def seat_shares(rows: Sequence[Row]) -> list[tuple[Share, float]]:
    """Every seat's win share and the fair share (:func:`seat_share` seat by seat)."""
    return [seat_share(rows, seat) for seat in range(len(rows[0]["seats"]))]


def paired_caps(without: Sequence[Row], with_: Sequence[Row]) -> tuple[int, int, int, float]:
    """Races of one river played on the same seeds under two rules, paired by seed (a
    seed names a race only within one river's table): how many the cap
    stopped under the first rule only, under the second only, and under both, and the
    exact two-sided p-value of McNemar's test (the chance, were the rules alike, of the
    discordant pairs splitting at least this unevenly).

    >>> a = [{"seed": s, "capped": s < 10} for s in range(100)]
    >>> b = [{"seed": s, "capped": s == 0} for s in range(100)]
    >>> first, second, both, p = paired_caps(a, b)
    >>> first, second, both, round(p, 4)
    (9, 0, 1, 0.0039)
    """
    by_seed = {r["seed"]: bool(r["capped"]) for r in with_}
    pairs = [(bool(r["capped"]), by_seed[r["seed"]]) for r in without if r["seed"] in by_seed]
    first = sum(a and not b for a, b in pairs)
    second = sum(b and not a for a, b in pairs)
    both = sum(a and b for a, b in pairs)
    return first, second, both, mcnemar(first, second)


def mcnemar(first: int, second: int) -> float:
    """McNemar's exact two-sided p-value for ``first`` and ``second`` discordant pairs
    (pairs that came out one way under the first rule and the other under the second):
    twice the chance that a fair coin splits them at least this unevenly.

    >>> round(mcnemar(15, 0), 5), mcnemar(2, 2), mcnemar(0, 0)
    (6e-05, 1.0, 1.0)
    """
    n, k = first + second, min(first, second)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n) if n else 1.0
