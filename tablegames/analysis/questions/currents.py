"""Currents' designer questions (issue 29): one row per game with what the notebooks ask.

:func:`story` plays one seeded Currents game between named bots and describes it: who
won and where, its length in turns and in minutes of human play (:data:`SECONDS`), the
optional rules' events, how the lead moved between players, whether the winner was
handed the win on another player's turn, and how hard each Move phase was to work out
at a glance. :func:`duel` is a shorter row for matches between bots. Both are plain
module functions so that worker processes (or a Dask cluster) can run them.

>>> import tablegames as tg
>>> row = story(tg.make("currents", players=4), ["random"] * 4, 7)
>>> row["winner"] in (0, 1, 2, 3), row["minutes"] > 0, len(row["glance"]) == len(BUCKETS)
(True, True, True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from statistics import NormalDist
from typing import Any

from ...bots import make_bot
from ...cards import RANK
from ...core import Game, State
from ..metrics import Z95, Share, clustered_ratio, looks_z, mean_interval, quantile, wilson
from ..metrics import newcombe_gap as newcombe_gap  # the notebook imports it from here

Row = dict[str, Any]

#: The model of human time, seconds per decision: each ace placed at set-up; each turn
#: (draw, pick a card and a place, then move the pawn with the scout); each goaltending
#: question (look at the suit, count the cards, decide); each combination follow-up.
SECONDS = {"ace": 10.0, "turn": 30.0, "ask": 15.0, "follow_up": 10.0}
#: Move phases are grouped by the turn they happen in: turns 1-4, 5-8, 9-16, 17-32, 33+.
BUCKETS = ((1, 4), (5, 8), (9, 16), (17, 32), (33, 10_000))
#: The leader is the player whose goal edge the pawn is nearest (no leader on a tie);
#: a comeback is a win by a player who did not lead this many Move phases before the end.
COMEBACK_PHASES = 8
#: Set-up decisions: three aces are chosen (the fourth goes where it must), any count.
ACE_DECISIONS = 3
#: A game still going after this many decisions is stopped (none was, in these runs).
MAX_DECISIONS = 5000


def decision_minutes(decisions: float) -> float:
    """Minutes of human play (:data:`SECONDS`) for a base-rules game known only by its
    number of ``decisions``: :data:`ACE_DECISIONS` at the ace rate and every other one at
    a turn's. A goaltending answer (15 s in the model) is counted as a turn (30 s), so
    the figure is high by 15 seconds for each answer the game held.

    >>> decision_minutes(23)
    10.5
    """
    aces = min(decisions, ACE_DECISIONS)
    return (SECONDS["ace"] * aces + SECONDS["turn"] * (decisions - aces)) / 60


def costed_minutes(row: Mapping[str, Any], turn: float = 30.0, step: float = 0.0) -> float:
    """A :func:`story` row's minutes re-costed at ``turn`` seconds a turn plus ``step``
    seconds a scout step (the steps its ``glance`` counts), the rest of :data:`SECONDS`
    as played: the flat model's minutes with the defaults.

    >>> row = {"minutes": 2.5, "phases": 4, "glance": [[4, 6, 0, 0, 0, 0]]}
    >>> costed_minutes(row), costed_minutes(row, turn=30, step=10)
    (2.5, 3.5)
    """
    steps = sum(int(g[1]) for g in row["glance"])
    extra = (turn - SECONDS["turn"]) * int(row["phases"]) + step * steps
    return float(row["minutes"]) + extra / 60


def goaltending(rows: Sequence[Mapping[str, Any]], digits: int = 3) -> dict[str, Any]:
    """Currents' goaltending over :func:`tablegames.analysis.rows.game_rows` rows, for
    ``summarise(rows, more=goaltending)``: the totals of asks, saves, declines and
    undefendable crossings, ``save_rate`` (saves per ask: how often an asked goaltender
    stopped the pawn) and ``ask_game_share`` (games with at least one ask); ``threats``
    (moves that would have carried the pawn off the board) and ``stop_rate`` (the share of
    them that did not end the game).

    >>> rows = [{"asks": 2, "saves": 1, "declines": 1, "undefendable": 0, "threats": 3,
    ...          "winners": [0]}, {"asks": 0, "saves": 0, "declines": 0,
    ...          "undefendable": 1, "threats": 1, "winners": [2]}]
    >>> g = goaltending(rows)
    >>> g["save_rate"], g["ask_game_share"], g["stop_rate"]
    (0.5, 0.5, 0.5)
    """
    n = len(rows)
    total = {k: sum(r[k] for r in rows) for k in ("asks", "saves", "declines", "undefendable")}
    threats = sum(r["threats"] for r in rows)
    won = sum(bool(r["winners"]) for r in rows)
    return {
        **total,
        "save_rate": round(total["saves"] / total["asks"], digits) if total["asks"] else None,
        "ask_game_share": round(sum(r["asks"] > 0 for r in rows) / n, digits),
        "threats": threats,
        "stop_rate": round((threats - won) / threats, digits) if threats else None,
    }


def goal_distance(edge: str, pawn: tuple[int, int]) -> int:
    """Steps from ``pawn`` to ``edge`` (the edge line counts as 0; off the board, less).

    >>> goal_distance("N", (4, 6)), goal_distance("W", (1, 3))
    (2, 1)
    """
    x, y = pawn
    return {"N": 8 - y, "S": y, "E": 8 - x, "W": x}[edge]


def leader(owner: dict[str, int], pawn: tuple[int, int]) -> int | None:
    """The player whose goal edge is nearest the pawn; None on a tie."""
    best: dict[int, int] = {}
    for edge, p in owner.items():
        d = goal_distance(edge, pawn)
        best[p] = min(d, best.get(p, d))
    low = min(best.values())
    nearest = [p for p, d in best.items() if d == low]
    return nearest[0] if len(nearest) == 1 else None


def _glance(state: State, start: tuple[int, int]) -> tuple[int, int, int, bool]:
    """For the Move phase that left ``start``: the influencing currents (the scout's
    steps), the live unit pushes, the cancelled pairs, and whether pushes cancelled to
    nothing (the pawn felt currents yet stayed)."""
    seen = state.inspect(at=start)  # type: ignore[attr-defined]
    steps = sum(s.card is not None for s in seen.currents)
    units = len(seen.units)
    return steps, units, len(seen.cancelled), units > 0 and seen.vector == (0, 0)


def story(game: Game, specs: Sequence[str], seed: int) -> Row:
    """Play one game of Currents from ``seed`` (seat ``p`` held by bot ``specs[p]``,
    seeded ``"<seed>:<p>"`` as :func:`~tablegames.analysis.simulate` seeds them) and
    describe it as a row (see the module docstring)."""
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    owner: dict[str, int] = game.owner  # type: ignore[attr-defined]
    state = game.initial_state(seed)
    events: Counter[str] = Counter()
    leaders: list[int | None] = []
    movers: list[int] = []
    glance = [[0, 0, 0, 0, 0, 0] for _ in BUCKETS]  # phases, steps, units, pairs, cancel, still
    decisions = 0
    while not state.is_terminal and decisions < MAX_DECISIONS:
        state = state.apply(bots[state.current_player].choose(state))
        decisions += 1
        played = None  # the last card placed this step, and where
        for e in state.events:  # type: ignore[attr-defined]
            events[e.kind] += 1
            if e.kind == "place":
                played = (e.cards[0], e.where)
            elif e.kind == "discard" and played is not None and e.where == played[1]:
                events["usurp"] += 1  # a replacement that is not a demotion
                events["equal usurp"] += RANK[played[0]] == RANK[e.cards[0]]
            if e.kind == "move":
                x0, y0, x1, y1 = e.value
                movers.append(e.player)
                leaders.append(leader(owner, (x1, y1)))
                steps, units, pairs, cancel = _glance(state, (x0, y0))
                b = next(i for i, (lo, hi) in enumerate(BUCKETS) if lo <= len(movers) <= hi)
                g = glance[b]
                g[0] += 1
                g[1] += steps
                g[2] += units
                g[3] += pairs
                g[4] += cancel
                g[5] += (x0, y0) == (x1, y1)
    winners = sorted(state.winners)
    winner = winners[0] if len(winners) == 1 else None
    named = [p for p in leaders if p is not None]
    changes = sum(a != b for a, b in pairwise(named))
    before = leaders[-COMEBACK_PHASES - 1] if len(leaders) > COMEBACK_PHASES else None
    seconds = (
        SECONDS["ace"] * ACE_DECISIONS
        + SECONDS["turn"] * len(movers)
        + SECONDS["ask"] * events["ask"]
        + SECONDS["follow_up"] * (events["combination"] + events["stop"])
    )
    return {
        "seed": seed,
        "seats": list(specs),
        "winner": winner,
        "edge": next((e.where for e in state.events if e.kind == "win"), None),  # type: ignore[attr-defined]
        "capped": winner is None,
        "phases": len(movers),
        "decisions": decisions,
        "minutes": round(seconds / 60, 2),
        "asks": events["ask"],
        "saves": events["defend"],
        "jokers": events["joker"],
        "shuffles": events["shuffle"],
        "demotions": events["demote"],
        "usurps": events["usurp"],
        "equal_usurps": events["equal usurp"],
        "follow_ups": events["combination"],
        "blocked": events["blocked"],
        "reshuffles": events["reshuffle"],
        "lead_changes": changes,
        "led_before_end": before,
        "winner_moved": winner is not None and bool(movers) and movers[-1] == winner,
        "glance": glance,
    }


def duel(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game between bots, rotated by the caller: the seats and the winner."""
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    n = 0
    while not state.is_terminal and n < MAX_DECISIONS:
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
    winners = sorted(state.winners)
    return {"seed": seed, "seats": list(specs), "winner": winners[0] if len(winners) == 1 else None}


def board(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game seen through its board, for the timer, delayed aces and corners: per
    number of currents on the board (0-16), the Move phases, those that moved the pawn
    and those that ended the game; whether the discard pile was reshuffled, an ace drawn
    and an ace played as a current; how each corner crossing was settled."""
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    by_fill = [[0, 0, 0] for _ in range(17)]
    aces = {"reshuffle": False, "ace drawn": False, "ace played as a current": False}
    corners: list[str] = []
    corner: list[str] | None = None
    n = 0
    while not state.is_terminal and n < MAX_DECISIONS:
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
        events = state.events  # type: ignore[attr-defined]
        crosses = [e.where for e in events if e.kind == "cross"]
        if len(crosses) >= 2 and corner is None:
            corner = crosses
        for e in events:
            if e.kind == "reshuffle":
                aces["reshuffle"] = True
            elif e.kind == "draw" and any(c[0] == "A" for c in e.cards):
                aces["ace drawn"] = True
            elif e.kind in ("place", "demote") and e.cards[0][0] == "A" and len(e.where) == 2:
                aces["ace played as a current"] = True
            elif e.kind == "move":
                filled = sum(c is not None for c in state.currents)  # type: ignore[attr-defined]
                cell = by_fill[filled]
                cell[0] += 1
                cell[1] += e.value[:2] != e.value[2:]
                cell[2] += state.is_terminal
                if corner is not None:
                    won = [w.where for w in events if w.kind == "win"]
                    if not won:
                        corners.append("both stopped")
                    else:
                        corners.append("first edge" if won[0] == corner[0] else "second edge")
                    corner = None
    return {"seed": seed, "seats": list(specs), "by_fill": by_fill, **aces, "corners": corners}


def _crossed(state: State) -> list[str]:
    """The edges the last decision's Move phase would carry the pawn across."""
    return [e.where for e in state.events if e.kind == "cross"]  # type: ignore[attr-defined]


def goals(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game seen through its goaltending and its last push, for what :func:`story`
    leaves open: ``threats`` (Move phases that would carry the pawn off the board),
    ``undefendable`` (crossings whose goaltender held too few cards of the suit, or had
    none on the compass), ``blocked`` (Move phases an obstacle or riptide stopped),
    ``asks``, ``saves`` and ``declines``; ``save_outcomes``, one
    ``[phases_left, attacker_won, defender_won, same_edge]`` per save (Move phases from
    the save to the end, whether the owner of the saved edge or its goaltender won the
    game, whether the game ended over the same edge); and, when the game was won on
    another player's turn, ``alternatives``: ``[moves, safe, handing]`` at that player's
    last play (legal moves; those whose Move phase leaves the pawn on the board; those
    that carry it at another player's edge). ``safe > 0`` means the winning push was a
    choice (the mover could not see whether the goaltender could stop it), not forced.
    Like :func:`board`, it also notes ``corners`` (how each corner crossing was settled)
    and the delayed aces (``reshuffle``, ``ace drawn``, ``ace played as a current``).

    >>> import tablegames as tg
    >>> row = goals(tg.make("currents", players=4), ["greedy"] * 4, 7)
    >>> row["threats"] >= row["asks"] >= row["saves"] == len(row["save_outcomes"])
    True
    """
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    owner: dict[str, int] = game.owner  # type: ignore[attr-defined]
    state = game.initial_state(seed)
    events: Counter[str] = Counter()
    saved: list[tuple[int, int, int, str]] = []  # phase, attacker, defender, edge
    phases = threats = decisions = 0
    mover = -1
    last_play = state
    aces = {"ace drawn": False, "ace played as a current": False}
    corners: list[str] = []
    corner: list[str] | None = None
    while not state.is_terminal and decisions < MAX_DECISIONS:
        if state.phase == "play":  # type: ignore[attr-defined]
            last_play = state
        state = state.apply(bots[state.current_player].choose(state))
        decisions += 1
        crossed = _crossed(state)
        threats += bool(crossed)
        if len(crossed) >= 2 and corner is None:
            corner = crossed
        for e in state.events:  # type: ignore[attr-defined]
            events[e.kind] += 1
            if e.kind == "defend":
                saved.append((phases, owner[e.where], e.player, e.where))
            elif e.kind == "draw" and any(c[0] == "A" for c in e.cards):
                aces["ace drawn"] = True
            elif e.kind in ("place", "demote") and e.cards[0][0] == "A" and len(e.where) == 2:
                aces["ace played as a current"] = True
            elif e.kind == "move":
                phases += 1
                mover = e.player
                if corner is not None:
                    won = [w.where for w in state.events if w.kind == "win"]  # type: ignore[attr-defined]
                    corners.append(
                        "both stopped"
                        if not won
                        else "first edge"
                        if won[0] == corner[0]
                        else "second edge"
                    )
                    corner = None
    winners = sorted(state.winners)
    winner = winners[0] if len(winners) == 1 else None
    edge = next((e.where for e in state.events if e.kind == "win"), None)  # type: ignore[attr-defined]
    alternatives = None
    if winner is not None and mover != winner:
        me = last_play.current_player
        after = [_crossed(last_play.apply(m)) for m in last_play.legal_moves()]
        alternatives = [
            len(after),
            sum(not c for c in after),
            sum(any(owner[x] != me for x in c) for c in after),
        ]
    return {
        "seed": seed,
        "seats": list(specs),
        "winner": winner,
        "edge": edge,
        "phases": phases,
        "threats": threats,
        "undefendable": events["no_defence"],
        "blocked": events["blocked"],
        "asks": events["ask"],
        "saves": events["defend"],
        "declines": events["decline"],
        "save_outcomes": [
            [phases - ph, winner == a, winner == d, edge == where] for ph, a, d, where in saved
        ],
        "winner_moved": winner is not None and mover == winner,
        "alternatives": alternatives,
        "corners": corners,
        "reshuffle": events["reshuffle"] > 0,
        **aces,
    }


def after_saves(rows: Sequence[Mapping[str, Any]], players: int) -> dict[str, Any]:
    """What the :func:`goals` rows' threats and saves came to: of the threats to cross an
    edge, the shares ``undefendable`` and ``saved``; of the saves, the shares after which
    the saved edge's owner still won the game (``attacker won``), did so within one round
    of Move phases (``attacker won within a round``), or the goaltender won (``defender
    won``); and ``phases left``, the median Move phases from a save to the end.

    >>> rows = [{"threats": 2, "undefendable": 1, "saves": 1,
    ...          "save_outcomes": [[3, True, False, True]]},
    ...         {"threats": 1, "undefendable": 1, "saves": 0, "save_outcomes": []}]
    >>> got = after_saves(rows, 4)
    >>> str(got["saved"]), got["attacker won within a round"].share, got["phases left"]
    ('33.3% [6.1, 79.2]', 1.0, 3.0)
    """
    threats = sum(r["threats"] for r in rows)
    outcomes = [o for r in rows for o in r["save_outcomes"]]
    n = len(outcomes)
    return {
        "undefendable": wilson(sum(r["undefendable"] for r in rows), threats),
        "saved": wilson(sum(r["saves"] for r in rows), threats),
        "attacker won": wilson(sum(bool(o[1]) for o in outcomes), n),
        "attacker won within a round": wilson(
            sum(bool(o[1]) and o[0] <= players for o in outcomes), n
        ),
        "defender won": wilson(sum(bool(o[2]) for o in outcomes), n),
        "phases left": quantile([o[0] for o in outcomes], 0.5) if outcomes else None,
    }


def clustered_share(
    counts: Sequence[tuple[int, int]], z: float = Z95
) -> tuple[float, float, float]:
    """The share ``sum(hits) / sum(n)`` of ``counts``, one ``(hits, n)`` pair a cluster
    (a game's saves, say), with :func:`~tablegames.analysis.metrics.clustered_ratio`'s
    interval, clipped to [0, 1]: wider than a Wilson interval when the items of one cluster
    tend to go together, as several saves in one long game do. Returns (share, low, high).

    >>> [round(x, 3) for x in clustered_share([(1, 1), (0, 1), (2, 2), (0, 2), (1, 2)])]
    [0.5, 0.067, 0.933]
    >>> clustered_share([(1, 2)])
    (0.5, 0.0, 1.0)
    """
    share, low, high = clustered_ratio(counts, z)
    return share, max(0.0, low), min(1.0, high)


def clustered_gap(
    a: Sequence[tuple[int, int]], b: Sequence[tuple[int, int]], z: float = Z95
) -> tuple[float, float, float]:
    """Share ``a`` less share ``b``, each given as one ``(hits, n)`` pair a cluster (a
    game) and the two lists cluster by cluster (the same games), with a normal interval
    whose variance is taken between the clusters (the ratio estimators' linearised,
    cluster-robust variance, as :func:`clustered_share`): the check on a Newcombe
    interval when items of one game may go together. Returns (gap, low, high).

    >>> [round(x, 3) for x in clustered_gap([(1, 1), (0, 1), (1, 2)], [(0, 2), (1, 4), (0, 2)])]
    [0.375, -0.216, 0.966]
    """
    na, nb = sum(n for _, n in a), sum(n for _, n in b)
    sa, sb = sum(h for h, _ in a) / na, sum(h for h, _ in b) / nb
    g = len(a)
    u = [(ha - sa * ka) / na - (hb - sb * kb) / nb for (ha, ka), (hb, kb) in zip(a, b)]
    half = z * math.sqrt(g / (g - 1) * sum(x * x for x in u))
    return sa - sb, sa - sb - half, sa - sb + half


def median_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The median of ``values`` with a distribution-free 95% interval (``z``): the order
    statistics at ranks n/2 - z*sqrt(n)/2 and 1 + n/2 + z*sqrt(n)/2, since the count of
    values below the true median is binomial(n, 1/2). Returns (median, low, high).

    >>> median_interval(range(1, 102))
    (51.0, 40, 62)
    """
    xs = sorted(values)
    n = len(xs)
    spread = z * math.sqrt(n) / 2
    low = max(1, math.floor(n / 2 - spread))
    high = min(n, math.ceil(1 + n / 2 + spread))
    return quantile(xs, 0.5), xs[low - 1], xs[high - 1]


# Readers of one game's row, whether a stored table's (``phases``, ``minutes``, ``winner``)
# or one played live by :func:`~tablegames.analysis.game_rows` (``turns``, ``winners``):
# the first-look notebook reads both kinds side by side.

#: The four edges in the order the notebooks show them.
EDGES = ("N", "E", "S", "W")


def rows_of(
    tables: Mapping[str, Mapping[str, Any]], *names: str, label: str | None = None
) -> list[Row]:
    """The rows of the stored tables ``tables[name]`` for each of ``names``, in order
    (only those labelled ``label``, if given).

    >>> t = {"a": {"rows": [{"label": "x"}, {"label": "y"}]}, "b": {"rows": [{"label": "x"}]}}
    >>> len(rows_of(t, "a", "b")), len(rows_of(t, "a", "b", label="x"))
    (3, 2)
    """
    return [r for n in names for r in tables[n]["rows"] if label in (None, r["label"])]


def turns_played(row: Mapping[str, Any]) -> int:
    """The turns of a game, the winning one included: a stored row's ``phases``, or a live
    row's ``turns`` (those completed before the winning one) plus one.

    >>> turns_played({"phases": 22}), turns_played({"turns": 8})
    (22, 9)
    """
    return int(row["phases"]) if "phases" in row else int(row["turns"]) + 1


def row_minutes(row: Mapping[str, Any]) -> float:
    """A game's minutes under :data:`SECONDS`: a stored row carries them; for a live row
    (base rules, so no follow-ups) three ace choices, every turn and every goaltending
    question.

    >>> row_minutes({"minutes": 12.5}), row_minutes({"turns": 9, "asks": 2})
    (12.5, 6.0)
    """
    if "minutes" in row:
        return float(row["minutes"])
    seconds = (
        ACE_DECISIONS * SECONDS["ace"]
        + SECONDS["turn"] * turns_played(row)
        + SECONDS["ask"] * int(row["asks"])
    )
    return seconds / 60


def winner(row: Mapping[str, Any]) -> int | None:
    """A game's single winner: a stored row names it, a live row lists the winners.

    >>> winner({"winner": 2}), winner({"winners": [1]}), winner({"winners": []})
    (2, 1, None)
    """
    if "winner" in row:
        return row["winner"]  # type: ignore[no-any-return]
    return ([*row["winners"], None])[0]  # type: ignore[no-any-return]


def seat_wins(rows: Sequence[Mapping[str, Any]], players: int, z: float = Z95) -> list[Share]:
    """Each seat's share of the games won, with its interval (95% unless ``z`` says).

    >>> [str(s) for s in seat_wins([{"winner": 0}, {"winners": [1]}], 2)]
    ['50.0% [9.5, 90.5]', '50.0% [9.5, 90.5]']
    """
    return [wilson(sum(winner(r) == s for r in rows), len(rows), z) for s in range(players)]


def edge_shares(rows: Sequence[Mapping[str, Any]]) -> list[Share]:
    """Each edge's (:data:`EDGES`) share of the games won over it, with its interval.

    >>> [s.hits for s in edge_shares([{"edge": "N"}, {"edge": "N"}, {"edge": "W"}])]
    [2, 0, 0, 1]
    """
    return [wilson(sum(r["edge"] == e for r in rows), len(rows)) for e in EDGES]


def saves_won_by(who: str) -> Callable[[Mapping[str, Any]], int]:
    """A reader of a :func:`goals` row: how many of its saves were followed by a win of
    the ``"attacker"`` (the saved edge's owner) or of the ``"goaltender"``.

    >>> row = {"save_outcomes": [[3, True, False, True], [9, False, True, True]]}
    >>> saves_won_by("attacker")(row), saves_won_by("goaltender")(row)
    (1, 1)
    """
    k = {"attacker": 1, "goaltender": 2}[who]
    return lambda r: sum(bool(o[k]) for o in r["save_outcomes"])


def handed_wins(rows: Sequence[Mapping[str, Any]]) -> tuple[Share, Share, float]:
    """Of the :func:`goals` rows' games won on another player's turn: the share whose
    mover had a legal play that left the pawn on the board (a choice, not forced); the
    share of the games; and the mean share of such safe plays among the mover's moves.

    >>> rows = [{"alternatives": [10, 2, 8]}, {"alternatives": [5, 0, 5]},
    ...         {"alternatives": None}]
    >>> avoidable, handed, safe = handed_wins(rows)
    >>> avoidable.share, round(handed.share, 3), safe
    (0.5, 0.667, 0.1)
    """
    alts = [r["alternatives"] for r in rows if r["alternatives"] is not None]
    safe = [a[1] / a[0] for a in alts if a[0]]
    return (
        wilson(sum(a[1] > 0 for a in alts), len(alts)),
        wilson(len(alts), len(rows)),
        sum(safe) / len(safe) if safe else 0.0,
    )


def first_player_won(row: Mapping[str, Any]) -> float:
    """1 if player 0 won the game of ``row``, else 0: the value :func:`paired` compares
    for the first seat's share."""
    return float(row["winner"] == 0)


def deals_to_compare(half: float, share: float = 0.25) -> int:
    """Deals each of two tables (a rule set's and the base rules') needs for the gain in
    a seat's share between them to carry a 95% interval of ``half`` either side, the share
    being near ``share`` under both rules and the deals' outcomes taken as unrelated (as
    they nearly are between ``guided:100`` players, whose r is at most +0.18): the
    deals that decide a rule's effect on a seat, whatever it is, to ``half``.

    >>> deals_to_compare(0.02)  # two points either side of a fair four-player seat
    3602
    """
    return math.ceil(2 * share * (1 - share) * (Z95 / half) ** 2)


def _reader(
    key: str | Callable[[Mapping[str, Any]], float],
) -> Callable[[Mapping[str, Any]], float]:
    """A row's value of ``key``: the row's item of that name, or the function itself."""
    if isinstance(key, str):
        return lambda r: float(r[key])
    return key


def paired(
    base: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    key: str | Callable[[Mapping[str, Any]], float],
) -> tuple[float, float, float, int]:
    """The mean of ``key`` (a row key, or a function of a row such as
    :func:`first_player_won`) in ``rows`` less ``base``, over the deals both played
    (rows matched by ``index``, the deal's number in its table), with a 95% normal
    interval on the per-deal differences, and the number of deals: a rule's effect with
    the deal's luck taken out.

    >>> base = [{"index": i, "winner": w, "minutes": m} for i, w, m in
    ...         [(0, 0, 10.0), (1, 2, 12.0), (2, 1, 8.0)]]
    >>> rows = [{"index": i, "winner": w, "minutes": m} for i, w, m in
    ...         [(0, 0, 12.0), (1, 0, 13.0), (2, 1, 11.0), (3, 0, 9.0)]]
    >>> mean, low, high, n = paired(base, rows, "minutes")
    >>> mean, n, round(low, 2), round(high, 2)
    (2.0, 3, 0.87, 3.13)
    >>> round(paired(base, rows, first_player_won)[0], 3)  # one deal of three went to P0
    0.333
    """
    value = _reader(key)
    by_deal = {r["index"]: value(r) for r in base}
    d = [value(r) - by_deal[r["index"]] for r in rows if r["index"] in by_deal]
    if len(d) < 2:
        raise ValueError(f"paired needs two or more deals in both tables, got {len(d)}")
    return (*mean_interval(d), len(d))


def against_base(
    base: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    key: str | Callable[[Mapping[str, Any]], float],
) -> tuple[float, float, float, int, float]:
    """A rule set's effect on ``key`` (as in :func:`paired`): ``rows``' mean less the
    mean of every game in ``base``, where ``rows``' deals are some of ``base``'s. The
    estimate is the regression (control-variate) one: the paired difference, corrected by
    how far the base games on ``rows``' deals stray from the whole base table, in
    proportion to how much of a deal's outcome carries over from one rule set to the
    other (the slope of ``rows``' values on the base values, deal by deal). With a 95%
    normal interval, the deals paired, and their correlation. When a deal's outcome
    carries over fully this is :func:`paired`; when nothing carries over it compares with
    the whole base table; when ``base`` holds only ``rows``' deals it equals
    :func:`paired`, interval and all.

    >>> base = [{"index": i, "minutes": m} for i, m in enumerate([10.0, 12, 8, 10, 14, 6])]
    >>> rows = [{"index": i, "minutes": m} for i, m in enumerate([13.0, 14, 11])]
    >>> gain, low, high, n, rho = against_base(base, rows, "minutes")
    >>> round(gain, 2), n, round(rho, 2)  # paired: +2.67; the base's first 3 deals run long
    (2.67, 3, 0.98)
    >>> against_base(base, base, "minutes")[:4]  # a table against itself
    (0.0, 0.0, 0.0, 6)
    """
    value = _reader(key)
    every = [value(r) for r in base]
    by_deal = {r["index"]: value(r) for r in base}
    pairs = [(value(r), by_deal[r["index"]]) for r in rows if r["index"] in by_deal]
    n, big = len(pairs), len(every)
    if n < 2:
        raise ValueError(f"against_base needs two or more deals in both tables, got {n}")
    my, mx = (sum(p[i] for p in pairs) / n for i in (0, 1))
    m_all = sum(every) / big
    syy, sxx, sxy = (
        sum((p[i] - (my, mx)[i]) * (p[j] - (my, mx)[j]) for p in pairs) / (n - 1)
        for i, j in ((0, 0), (1, 1), (0, 1))
    )
    s_all = sum((x - m_all) ** 2 for x in every) / (big - 1)
    beta = sxy / sxx if sxx else 0.0
    rho = sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0
    gain = my - beta * (mx - m_all) - m_all
    var = syy * (1 - rho**2) / n + (1 - beta) ** 2 * s_all / big
    half = Z95 * max(var, 0.0) ** 0.5
    return gain, gain - half, gain + half, n, rho


def seat_gains(
    base: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]], looks: int = 1
) -> list[tuple[Share, float, float, float]]:
    """Per seat of a rule set's ``rows``: its share of the games won (a Wilson interval)
    and its gain over the whole ``base`` table (:func:`against_base`), the gain's interval
    widened for ``looks`` comparisons read together (Bonferroni: each at 95% / ``looks``),
    so that scanning every seat of every rule set keeps a 5% risk of one false alarm.

    >>> base = [{"index": i, "winner": w, "seats": [0] * 2} for i, w in enumerate([0, 1] * 4)]
    >>> rows = [{"index": i, "winner": 0, "seats": [0] * 2} for i in range(4)]
    >>> [(round(g, 2), s.hits) for s, g, _low, _high in seat_gains(base, rows)]
    [(0.5, 4), (-0.5, 0)]
    """
    widen = looks_z(looks) / NormalDist().inv_cdf(0.975)
    out = []
    for p in range(len(rows[0]["seats"])):

        def won(r: Mapping[str, Any], p: int = p) -> float:
            return float(r["winner"] == p)

        gain, _low, high, _n, _rho = against_base(base, rows, won)
        half = (high - gain) * widen
        share = wilson(sum(r["winner"] == p for r in rows), len(rows))
        out.append((share, gain, gain - half, gain + half))
    return out


def memory(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game seen through what a player must keep in mind, for the design notes' two
    claims :func:`story` cannot test: that remembering the compass's suit-to-direction map
    "does you little good", and that the delayed aces, once back, hasten the end. Per
    Move phase, in order: ``compass_changed``, how many of the four compass points push a
    different suit's way (or none) than at the same player's previous Move phase (-1 at
    each player's first); and ``aces_on``, the aces among the currents during it. The
    game ended on its last Move phase when ``winner`` is not None.

    >>> import tablegames as tg
    >>> row = memory(tg.make("currents", players=4), ["greedy"] * 4, 7)
    >>> len(row["compass_changed"]) == len(row["aces_on"]) == row["phases"]
    True
    >>> row["compass_changed"][:4], max(row["compass_changed"]) <= 4
    ([-1, -1, -1, -1], True)
    """
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    seen: dict[int, tuple[str | None, ...]] = {}  # each player's map at their last Move
    changed: list[int] = []
    aces: list[int] = []
    n = 0
    while not state.is_terminal and n < MAX_DECISIONS:
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
        for e in state.events:  # type: ignore[attr-defined]
            if e.kind != "move":
                continue
            suits = tuple(c[1] if c is not None else None for c in state.compass)  # type: ignore[attr-defined]
            before = seen.get(e.player)
            changed.append(-1 if before is None else sum(a != b for a, b in zip(before, suits)))
            seen[e.player] = suits
            aces.append(sum(c is not None and c[0] == "A" for c in state.currents))  # type: ignore[attr-defined]
    winners = sorted(state.winners)
    return {
        "seed": seed,
        "seats": list(specs),
        "winner": winners[0] if len(winners) == 1 else None,
        "phases": len(changed),
        "compass_changed": changed,
        "aces_on": aces,
    }


def compass_memory(rows: Sequence[Mapping[str, Any]]) -> list[tuple[int, Share, float]]:
    """Per group of turns (:data:`BUCKETS`) of :func:`memory` rows: the Move phases after
    a player's first, the share at which the compass map the mover saw at their previous
    Move phase no longer held (one point or more pushing another suit's way), and the
    mean number of points changed.

    >>> rows = [{"compass_changed": [-1, -1, 0, 2, 1]}]
    >>> [(n, s.hits, m) for n, s, m in compass_memory(rows)][:2]
    [(2, 1, 1.0), (1, 1, 1.0)]
    """
    out = []
    for lo, hi in BUCKETS:
        cs = [c for r in rows for t, c in enumerate(r["compass_changed"], 1) if lo <= t <= hi]
        cs = [c for c in cs if c >= 0]
        mean = sum(cs) / len(cs) if cs else 0.0
        out.append((len(cs), wilson(sum(c > 0 for c in cs), len(cs)), mean))
    return out


def ends_with_aces(rows: Sequence[Mapping[str, Any]], start: int, stop: int) -> tuple[Share, Share]:
    """Of :func:`memory` rows' Move phases ``start`` to ``stop - 1`` (counted from 1): the
    share that ended the game when an ace stood among the currents, and when none did
    (a discrete-time hazard, each Move phase a trial given the game was still going).

    >>> rows = [{"winner": 0, "aces_on": [0, 0, 1, 1]}, {"winner": 1, "aces_on": [0, 0, 0]}]
    >>> [(s.hits, s.total) for s in ends_with_aces(rows, 1, 10)]
    [(1, 2), (1, 5)]
    """
    hits, totals = [0, 0], [0, 0]
    for r in rows:
        last = len(r["aces_on"])
        for t, a in enumerate(r["aces_on"], 1):
            if start <= t < stop:
                k = 0 if a else 1
                totals[k] += 1
                hits[k] += t == last and r["winner"] is not None
    return wilson(hits[0], totals[0]), wilson(hits[1], totals[1])


def comebacks(rows: Sequence[Mapping[str, Any]]) -> Share:
    """The share of :func:`story` rows long enough to have a leader
    :data:`COMEBACK_PHASES` Move phases before the end that were won by someone else.

    >>> rows = [{"led_before_end": 0, "winner": 1}, {"led_before_end": 2, "winner": 2}]
    >>> comebacks(rows + [{"led_before_end": None, "winner": 0}]).hits
    1
    """
    long = [r for r in rows if r["led_before_end"] is not None]
    return wilson(sum(r["led_before_end"] != r["winner"] for r in long), len(long))


def end_rate(phases: Sequence[int], start: int, stop: int) -> Share:
    """Of games lasting ``phases`` turns each, the share of the turns played from
    ``start`` to ``stop - 1`` that ended the game (each turn a trial given the game was
    still going: a discrete-time hazard).

    >>> s = end_rate([3, 5], 1, 10)  # 3 + 5 turns played, two of them ended a game
    >>> s.hits, s.total
    (2, 8)
    """
    ended = sum(start <= t < stop for t in phases)
    played = sum(min(t, stop - 1) - start + 1 for t in phases if t >= start)
    return wilson(ended, played)


def seat_shares(rows: Sequence[Mapping[str, Any]]) -> list[Share]:
    """Each seat's share of the games ``rows`` record won, with its 95% interval.

    >>> [s.hits for s in seat_shares([{"winner": 1, "seats": ["a", "b"]}] * 3)]
    [0, 3]
    """
    return seat_wins(rows, len(rows[0]["seats"]))


def glance_by_turn(
    rows: Sequence[Mapping[str, Any]],
) -> list[tuple[int, float, float, float, Share]]:
    """Per group of Move phases (:data:`BUCKETS`) of :func:`story` rows: the Move phases,
    their mean scout steps (influencing currents), live pushes and cancelled pairs, and
    the share where every push cancelled.

    >>> row = {"glance": [[2, 4, 2, 1, 1, 0]] + [[0] * 6] * (len(BUCKETS) - 1)}
    >>> n, steps, pushes, pairs, cancel = glance_by_turn([row])[0]
    >>> n, steps, pushes, pairs, cancel.hits
    (2, 2.0, 1.0, 0.5, 1)
    """
    out = []
    for b in range(len(BUCKETS)):
        n, steps, units, pairs, cancel, _still = (
            sum(r["glance"][b][i] for r in rows) for i in range(6)
        )
        m = max(n, 1)
        out.append((n, steps / m, units / m, pairs / m, wilson(cancel, n)))
    return out


def fill_totals(rows: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Per number of currents on the board (0 to 16), over :func:`board` rows: the Move
    phases, those in which the pawn moved, and those that ended the game.

    >>> rows = [{"by_fill": [[2, 1, 0]] + [[0, 0, 0]] * 16}] * 2
    >>> fill_totals(rows)[0]
    [4, 2, 0]
    """
    return [[sum(r["by_fill"][f][i] for r in rows) for i in range(3)] for f in range(17)]


def verdict(low: float, high: float) -> str:
    """'decided' when the interval ``low`` to ``high`` excludes no change, else the
    largest effect it allows.

    >>> verdict(0.5, 2.0), verdict(-1.2, 3.4)
    ('decided', 'within ±3.4')
    """
    return "decided" if low > 0 or high < 0 else f"within ±{max(-low, high):.1f}"


def judged_once(share: Share, fair: float = 0.5, bar: float = 0.02) -> str:
    """The one-look ruling on a seat's ``share`` of the wins, its interval as it stands (no
    widening), by the rule the fresh two-player tables were registered with: *decided*
    where the interval excludes the ``fair`` share (the edge is then the share less it,
    with the interval's ends); else *bounded* where the interval is at most ``bar`` either
    side (any edge lies within its ends); else *not decided*. In points.

    >>> judged_once(wilson(1280, 2400))
    'decided: an edge of +3.3 points [+1.3, +5.3]'
    >>> judged_once(wilson(1210, 2400))
    'bounded: any edge within [-1.6, +2.4] points'
    >>> judged_once(wilson(55, 100))
    'not decided: [-4.8, +14.4] points, wider than ±2'
    """
    low, edge, high = (100 * (x - fair) for x in (share.low, share.share, share.high))
    ends = f"[{low:+.1f}, {high:+.1f}]"
    if low > 0 or high < 0:
        return f"decided: an edge of {edge:+.1f} points {ends}"
    if share.high - share.low <= 2 * bar:
        return f"bounded: any edge within {ends} points"
    return f"not decided: {ends} points, wider than ±{100 * bar:g}"


def _followed(e: Any) -> list[Any]:
    """A card placed or demoted after the set-up, as :func:`followups` follows it: its
    place (0-3 the compass points, 4-11 the current slots), its suit, -1 turns since
    (its own Move phase comes next) and whether it was a demotion."""
    from ...currents.geometry import POINTS, SLOTS

    idx = POINTS.index(e.where) if len(e.where) == 1 else 4 + SLOTS.index(e.where)
    return [idx, e.cards[0][1], -1, e.kind == "demote"]


def _record(out: dict[str, list[list[Any]]], p: list[Any], turns: int) -> None:
    out["demoted" if p[3] else "placed"].append([p[0] < 4, turns])


def _follow_up(
    pending: list[list[Any]], state: State, players: int, out: dict[str, list[list[Any]]]
) -> None:
    """After a Move phase: every followed card is a turn older; one whose place now holds
    another suit (or nothing) is recorded with the turns that took, one that lasted until
    its placer's turn came round with 0, and either is no longer followed."""
    board = (*state.compass, *state.currents)  # type: ignore[attr-defined]
    for p in list(pending):
        p[2] += 1
        card = board[p[0]]
        if p[2] and (card is None or card[1] != p[1]):
            _record(out, p, p[2])
        elif p[2] == players - 1:
            _record(out, p, 0)
        else:
            continue
        pending.remove(p)


def followups(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game seen through what becomes of each card played on the board, for the
    design notes' diplomatic demotion (a player who cannot outrank a rival's card demotes
    it, hoping the next player can then outrank it and change its push). Per card placed,
    a ``[on_compass, k]`` pair in ``demoted`` (a demotion) or ``placed`` (any other card
    played on the compass or as a current): ``k`` is the turn after the placing player's
    (1 the next player's, up to one less than the players) at whose end the suit pushing
    from that place differed (outranked, cleared by a Jack, swapped by a Queen, turned by
    a King), or 0 if it still pushed the same suit's way when the placing player's turn
    came round again or the game ended first.

    >>> import tablegames as tg
    >>> row = followups(tg.make("currents", players=4), ["greedy"] * 4, 7)
    >>> all(0 <= k <= 3 for _c, k in row["demoted"] + row["placed"]), len(row["placed"]) > 0
    (True, True)
    """
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    players = len(specs)
    pending: list[list[Any]] = []  # [idx, suit, turns since, demoted]
    out: dict[str, list[list[Any]]] = {"demoted": [], "placed": []}
    n = 0
    while not state.is_terminal and n < MAX_DECISIONS:
        setup = state.phase == "setup"  # type: ignore[attr-defined]
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
        for e in state.events:  # type: ignore[attr-defined]
            if e.kind in ("place", "demote") and not setup:
                pending.append(_followed(e))
            elif e.kind == "move":
                _follow_up(pending, state, players, out)
    for p in pending:  # the game ended before the placing player's turn came round
        _record(out, p, 0)
    winners = sorted(state.winners)
    return {
        "seed": seed,
        "seats": list(specs),
        "winner": winners[0] if len(winners) == 1 else None,
        **out,
    }


def recall(game: Game, specs: Sequence[str], seed: int) -> Row:
    """One game seen, in one play, through both :func:`followups` and :func:`memory`,
    with what the memory rows leave in: the mover's own play. Its ``demoted`` and
    ``placed`` are :func:`followups`' and its ``compass_changed`` :func:`memory`'s (the
    same game gives the same lists). Per turn (Play phase after the set-up), in order:
    ``compass_stale``, how many of the four compass points push a different suit's way
    (or none) than at the mover's previous Move phase, counted *before* the mover plays,
    so only the other players' changes count (-1 at each player's first turn); and per
    Move phase ``compass_turn``, how many points differ from the previous Move phase's
    (anyone's; -1 at the first): how often one turn changes the map.

    >>> import tablegames as tg
    >>> row = recall(tg.make("currents", players=4), ["greedy"] * 4, 7)
    >>> row["compass_stale"][:4], len(row["compass_turn"]) == len(row["compass_changed"])
    ([-1, -1, -1, -1], True)
    """
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    players = len(specs)
    pending: list[list[Any]] = []  # [idx, suit, turns since, demoted], as in followups
    out: dict[str, list[list[Any]]] = {"demoted": [], "placed": []}
    seen: dict[int, tuple[str | None, ...]] = {}  # each player's map at their last Move
    last: tuple[str | None, ...] | None = None  # the map at the last Move phase
    changed: list[int] = []
    stale: list[int] = []
    turned: list[int] = []

    def suits_now(s: State) -> tuple[str | None, ...]:
        return tuple(c[1] if c is not None else None for c in s.compass)  # type: ignore[attr-defined]

    n = 0
    while not state.is_terminal and n < MAX_DECISIONS:
        setup = state.phase == "setup"  # type: ignore[attr-defined]
        if state.phase == "play":  # type: ignore[attr-defined]
            before = seen.get(state.current_player)
            now = suits_now(state)
            stale.append(-1 if before is None else sum(a != b for a, b in zip(before, now)))
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
        for e in state.events:  # type: ignore[attr-defined]
            if e.kind in ("place", "demote") and not setup:
                pending.append(_followed(e))
            elif e.kind == "move":
                suits = suits_now(state)
                mine = seen.get(e.player)
                changed.append(-1 if mine is None else sum(a != b for a, b in zip(mine, suits)))
                turned.append(-1 if last is None else sum(a != b for a, b in zip(last, suits)))
                seen[e.player] = last = suits
                _follow_up(pending, state, players, out)
    for p in pending:  # the game ended before the placing player's turn came round
        _record(out, p, 0)
    winners = sorted(state.winners)
    return {
        "seed": seed,
        "seats": list(specs),
        "winner": winners[0] if len(winners) == 1 else None,
        "phases": len(changed),
        **out,
        "compass_changed": changed,
        "compass_stale": stale,
        "compass_turn": turned,
    }


def stale_share(rows: Sequence[Mapping[str, Any]], field: str = "compass_stale") -> Share:
    """Of :func:`recall` (or :func:`memory`) rows: the share of counts in ``field`` after
    each player's first (not -1) that are above zero, with its 95% Wilson interval.

    >>> stale_share([{"compass_stale": [-1, -1, 0, 2, 1]}]).hits
    2
    """
    cs = [c for r in rows for c in r[field] if c >= 0]
    return wilson(sum(c > 0 for c in cs), len(cs))


_GAMES: dict[str, Game] = {}
KINDS = {
    "story": story,
    "duel": duel,
    "board": board,
    "goals": goals,
    "memory": memory,
    "followups": followups,
    "recall": recall,
}


def task(
    kind: str, options: dict[str, Any], specs: Sequence[str], rotate: bool, item: tuple[int, int]
) -> Row:
    """Game ``item = (index, seed)`` of a run, where a worker plays it: :func:`story` or
    :func:`duel` (``kind``) of Currents with ``options``, the specs shifted ``index``
    seats when ``rotate`` (so every bot sits in every seat equally often)."""
    import json

    from ...core import make

    key = json.dumps(options, sort_keys=True)
    if key not in _GAMES:
        _GAMES[key] = make("currents", **options)
    index, seed = item
    n = len(specs)
    seats = [specs[(p + index) % n] for p in range(n)] if rotate else list(specs)
    row = KINDS[kind](_GAMES[key], seats, seed)
    row["index"] = index
    return row
