"""Card Chess's questions: the first mover's edge with terrain, whether placing last
makes up for it, which set-up is quicker, whether the terrain deal decides games.

>>> import tablegames as tg
>>> row = game_row(tg.make("cardchess", max_turns=300), ["greedy", "greedy"], 7)
>>> row["moves"] + row["placements"] == row["decisions"]
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any, cast

from ...bots import GreedyBot
from ...cardchess.state import OWNER, CardChessState
from ...core import Game, State
from ..metrics import Z95, Share, wilson
from ..metrics import share_gap as share_gap  # the notebook's cc.share_gap, kept
from ..runs import RunContext
from .common import Row, Table, duel_row, play
from .strategies import add_local_bots

#: Every game stops after this many moves (plies; set-up placements do not count).
MAX_TURNS = 300
#: A human's time per decision, for minutes of play: a move means scanning up to eight
#: rays across a 6x6 surface for blockers and targets, about 20 s for a learner (chess
#: beginners take a similar time on a smaller-looking board); placing a unit from hand
#: into a free start cell, about 10 s.
SECONDS_PER_MOVE = 20.0
SECONDS_PER_PLACEMENT = 10.0


class UnplannedGreedyBot(GreedyBot):
    """Greedy as it was before the evaluation had a set-up term: a random placement
    while the progressive set-up lasts (every placement then scored alike), greedy
    moves after it. The rung the placement heuristic is measured against."""

    def choose(self, state: State) -> Any:
        if _st(state).phase == "setup":
            moves = state.legal_moves()
            return moves[self.rng.randrange(len(moves))]
        return super().choose(state)


add_local_bots({"greedy-unplanned": lambda arg, seed: UnplannedGreedyBot(seed)})


def _st(state: State) -> CardChessState:
    """``state`` as this game's state (the runs play only this game)."""
    return cast(CardChessState, state)


def options(setup: str = "fixed", terrain: bool = True) -> dict[str, object]:
    """The options of a studied variant (red moves first, the engine's default)."""
    return {"setup": setup, "terrain": terrain, "max_turns": MAX_TURNS}


def game_row(game: Game, seats: list[str], seed: int) -> Row:
    """One game: winners, moves and placements, whether the cap stopped it."""
    p = play(game, seats, seed)
    moves = int(_st(p.final).ply)
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "first": game.first_player,  # type: ignore[attr-defined]
        "moves": moves,
        "placements": p.decisions - moves,
        "decisions": p.decisions,
        "capped": p.capped,
    }


def deal_row(game: Game, seats: list[str], seed: int) -> Row:
    """The same deal played twice by the same bots with other bot seeds: both winners."""
    a = play(game, seats, seed)
    b = play(game, seats, seed, salt=":again")
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(a.final.winners),
        "again": sorted(b.final.winners),
    }


def first_share(rows: Sequence[Row]) -> tuple[Share, float]:
    """The first mover's win share and a fair side's (games with a winner, halved)."""
    wins = sum(r["first"] in r["winners"] for r in rows)
    fair = sum(len(r["winners"]) for r in rows) / len(rows) / 2
    return wilson(wins, len(rows)), fair


def first_edge(rows: Sequence[Row]) -> tuple[float, float, float]:
    """The first mover's edge over the fair share (:func:`first_share`), in points, with
    its 95% interval (the fair share taken as known).

    >>> rows = [{"first": 0, "winners": [w]} for w in (0, 0, 0, 1)]
    >>> [round(x, 1) for x in first_edge(rows)]
    [25.0, -19.9, 45.4]
    """
    share, fair = first_share(rows)
    low, high = share.low - fair, share.high - fair
    return 100 * (share.share - fair), 100 * low, 100 * high


def first_mover(
    ctx: RunContext, specs: Sequence[str], setup: str, terrain: bool, max_games: int = 2400
) -> list[Row]:
    """Games of one set-up between ``specs`` (same bot both sides) until the first
    mover's share is decided."""
    label = f"{setup} {'terrain' if terrain else 'bare'} {' v '.join(specs)}"
    table = Table(label, game_row, "cardchess", options(setup, terrain), list(specs))
    return [
        {**r, "setup": setup, "terrain": terrain}
        for r in table.until_decided(ctx, first_share, max_games=max_games)
    ]


def lengths(ctx: RunContext, specs: Sequence[str], n: int) -> list[Row]:
    """``n`` games of each set-up and surface, for lengths and the cap."""
    out: list[Row] = []
    for setup in ("fixed", "progressive"):
        for terrain in (True, False):
            label = f"{setup} {'terrain' if terrain else 'bare'} {' v '.join(specs)}"
            table = Table(label, game_row, "cardchess", options(setup, terrain), list(specs))
            out += [{**r, "setup": setup, "terrain": terrain} for r in table.rows(ctx, n)]
    return out


def deals(
    ctx: RunContext,
    specs: Sequence[str],
    n: int,
    surfaces: Sequence[bool] = (True, False),
    setup: str = "fixed",
) -> list[Row]:
    """``n`` deals played twice, with terrain and (a control) bare (``surfaces``: which
    of the two, True for terrain), in ``setup`` (named in the label unless fixed)."""
    out: list[Row] = []
    for terrain in surfaces:
        surface = ("" if setup == "fixed" else f"{setup} ") + ("terrain" if terrain else "bare")
        label = f"deal twice, {surface}, {' v '.join(specs)}"
        table = Table(label, deal_row, "cardchess", options(setup, terrain), list(specs))
        out += [{**r, "terrain": terrain, "setup": setup} for r in table.rows(ctx, n)]
    return out


def agreement(rows: Sequence[Row]) -> tuple[Share, float]:
    """How often a deal's two games had the same winners, and how often they would if
    the deal did not matter (each game's result drawn from the table's shares)."""
    same = sum(r["winners"] == r["again"] for r in rows)
    results = [tuple(r["winners"]) for r in rows] + [tuple(r["again"]) for r in rows]
    shares = [results.count(k) / len(results) for k in set(results)]
    return wilson(same, len(rows)), sum(s * s for s in shares)


def duels(
    ctx: RunContext, pairs: Sequence[tuple[str, str]], n: int, setup: str = "fixed"
) -> list[Row]:
    """Rotated duels on the basic game (terrain, red first), ``n`` games a pair."""
    out: list[Row] = []
    for pair in pairs:
        table = Table(
            f"{setup}: {' v '.join(pair)}",
            duel_row,
            "cardchess",
            options(setup, True),
            pair,
            rotate=True,
        )
        out += [{**r, "setup": setup} for r in table.rows(ctx, n)]
    return out


def game_minutes(row: Row) -> float:
    """A game's minutes by the model of :data:`SECONDS_PER_MOVE` and
    :data:`SECONDS_PER_PLACEMENT`."""
    seconds = float(row["moves"]) * SECONDS_PER_MOVE
    return (seconds + float(row["placements"]) * SECONDS_PER_PLACEMENT) / 60


def _mean_var(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the variance of that mean."""
    n = len(xs)
    mean = sum(xs) / n
    return mean, sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n


def _mean_gap(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` less the mean of ``ys``, with a 95% normal (Welch) interval."""
    (mx, vx), (my, vy) = _mean_var(xs), _mean_var(ys)
    half = Z95 * (vx + vy) ** 0.5
    return mx - my, mx - my - half, mx - my + half


def minutes_gap(a: Sequence[Row], b: Sequence[Row]) -> tuple[float, float, float]:
    """Mean minutes (:func:`game_minutes`) of ``a``'s games that ended less ``b``'s, with
    a 95% normal (Welch) interval: how much longer one set-up's games take.

    >>> a = [{"moves": m, "placements": 0, "capped": False} for m in (30, 33, 36)]
    >>> b = [{"moves": m, "placements": 0, "capped": c} for m, c in ((30, False), (300, True))]
    >>> round(minutes_gap(a, b)[0], 2)
    1.0
    """
    return _mean_gap(*([game_minutes(r) for r in t if not r["capped"]] for t in (a, b)))


def at_cap(row: Row) -> Row:
    """``row`` with a capped game's moves set to the cap, :data:`MAX_TURNS`: counted so, a
    capped game gives a floor on its true length.

    >>> [at_cap({"moves": m, "capped": c})["moves"] for m, c in ((299, True), (40, False))]
    [300, 40]
    """
    return {**row, "moves": MAX_TURNS} if row["capped"] else row


def minutes_gap_floor(a: Sequence[Row], b: Sequence[Row]) -> tuple[float, float, float]:
    """As :func:`minutes_gap`, but over every game, a capped one counted at the cap
    (:func:`at_cap`): a floor on each mean, for tables where many games cap.

    >>> a = [{"moves": m, "placements": 0, "capped": False} for m in (30, 33, 36)]
    >>> b = [{"moves": m, "placements": 0, "capped": c} for m, c in ((30, False), (400, True))]
    >>> round(minutes_gap_floor(a, b)[0], 2)
    -44.0
    """
    return _mean_gap(*([game_minutes(at_cap(r)) for r in t] for t in (a, b)))


def false_alarm(looks: Sequence[int], win: float, reps: int = 2000, seed: int = 1) -> float:
    """The chance that a first-mover table with no edge (each game a first-mover win with
    probability ``win``, a loss with ``win``, capped otherwise), looked at after each of
    ``looks`` games in all, has an interval excluding fair at some look: the false-alarm
    risk of growing a table until it is decided.

    >>> false_alarm([100], 0.5, reps=400) < 0.1 < false_alarm(range(40, 1200, 40), 0.5, reps=400)
    True
    """
    rnd, hits = random.Random(seed), 0
    for _ in range(reps):
        wins = ended = played = 0
        for total in looks:
            for _ in range(total - played):
                u = rnd.random()
                wins += u < win
                ended += u < 2 * win
            played = total
            share, fair = wilson(wins, played), ended / played / 2
            if share.low > fair or share.high < fair:
                hits += 1
                break
    return hits / reps


def _covered(stacks: Sequence[tuple[str, ...]]) -> tuple[list[int], list[int]]:
    """Per side (red, black): how many of its units and of its kings are covered (the
    top card of their cell is an opposing unit)."""
    units, kings = [0, 0], [0, 0]
    for st in stacks:
        if len(st) > 1:
            top = OWNER[st[-1]]
            for u in st[:-1]:
                side = OWNER[u]
                if side != top:
                    units[side] += 1
                    kings[side] += u[0] == "K"
    return units, kings


def _king_in_reach(state: CardChessState) -> bool:
    """Whether the player to move can cover an opposing king with its next move."""
    me, stacks = state.player, state.stacks
    return any(
        m.kind == "move" and stacks[m.dst] and stacks[m.dst][-1][0] == "K"
        and OWNER[stacks[m.dst][-1]] != me
        for m in state.legal_moves()
    )  # fmt: skip


#: How many of the last moves of a capped game :func:`cap_row` reads for shuffling.
LATE_MOVES = 100


def cap_row(game: Game, seats: list[str], seed: int) -> Row:
    """A stored game replayed move by move (the same seed and bots play it again), read
    for why it stalled: how much is covered at the end and by whom, when the last unit
    was covered or freed, how many distinct positions the last :data:`LATE_MOVES` moves
    visit and how often a king could be covered there.

    >>> import tablegames as tg
    >>> row = cap_row(tg.make("cardchess", max_turns=30), ["random", "random"], 3)
    >>> row["moves"], row["capped"], row["distinct_late"] <= LATE_MOVES
    (30, True, True)
    """
    p = play(game, seats, seed, keep=True)
    states = [_st(s) for s in p.states if _st(s).phase != "setup"]  # from the first move
    covered = [_covered(s.stacks)[0] for s in states]  # once a state, not once a pair
    last_change = 0
    covers = [0, 0]  # moves of red and black that covered a unit
    for (prev, s), (was, now) in zip(pairwise(states), pairwise(covered), strict=True):
        if now != was:
            last_change = s.ply
        m = s.last_move
        if m is not None and prev.stacks[m.dst] and OWNER[prev.stacks[m.dst][-1]] != prev.player:
            covers[prev.player] += 1
    late = [s for s in states if s.ply > states[-1].ply - LATE_MOVES]
    keys = [(s.stacks, s.player) for s in states]
    units, kings = _covered(states[-1].stacks)
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "first": game.first_player,  # type: ignore[attr-defined]
        "moves": int(states[-1].ply),
        "capped": p.capped,
        "covered": units,  # red's and black's units covered at the end
        "kings_covered": kings,
        "last_change": last_change,  # the move after which nothing was covered or freed
        "covers": covers,  # moves of red and black that covered a unit
        "distinct_late": len({(s.stacks, s.player) for s in late}),
        "most_repeated": max(Counter(keys).values()),
        "king_reach_late": sum(_king_in_reach(s) for s in late if s.phase == "play"),
    }


def stall_reading(rows: Sequence[Row]) -> dict[str, Share]:
    """The pre-registered reading of replayed capped games (:func:`cap_row`), each a
    share of ``rows`` with its 95% interval: *locked* (nothing covered or freed in the
    last :data:`LATE_MOVES` moves), *shuffling* (those moves visit at most half as many
    distinct positions), *ahead* (one side has more units covered than the other at the
    cap) and *first ahead* (the first mover is that side).

    >>> row = {"moves": 300, "last_change": 150, "distinct_late": 20, "covered": [1, 3],
    ...        "first": 0}
    >>> [str(s) for s in stall_reading([row]).values()][:2]
    ['100.0% [20.7, 100.0]', '100.0% [20.7, 100.0]']
    """
    n = len(rows)

    def lead(r: Row) -> int:  # units the first mover has covered, less its own covered
        return int(r["covered"][1 - r["first"]]) - int(r["covered"][r["first"]])

    return {
        "locked": wilson(sum(r["last_change"] <= r["moves"] - LATE_MOVES for r in rows), n),
        "shuffling": wilson(sum(r["distinct_late"] <= LATE_MOVES // 2 for r in rows), n),
        "ahead": wilson(sum(lead(r) != 0 for r in rows), n),
        "first ahead": wilson(sum(lead(r) > 0 for r in rows), n),
    }
