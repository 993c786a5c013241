"""Resistor's questions: the duty cycle and the dead spaces, recharging or going for the
point, running three amperes or fewer, how vital overloading is, and whether matches
between competent players end.

Rounds between competent bots seldom end (the resistors rarely drain all eight
amperes), so the questions are measured over a fixed *window*: the first round, played
for at most :data:`WINDOW` turns (both players' turns count). Every game then counts,
and a rate per 100 turns compares variants without dividing by rounds that ended.

>>> import tablegames as tg
>>> row = window_row(tg.make("resistor", first_amperes=0), ["greedy-patient"] * 2, 7, window=40)
>>> row["turns"] <= 40, row["points"] >= 0
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import cast

from ...core import Game, State
from ...resistor.state import ResistorState
from ..metrics import Share, wilson
from ..runs import RunContext
from .common import Row, Table, play
from .strategies import AVOIDS, Avoid, ChoosyGreedyBot  # noqa: F401  (the runs name them)

#: Turns of the first round that a window plays (both players' turns count).
WINDOW = 600
#: Events of the design notes' actions, counted in a window.
ACTIONS = ("slingshot", "cycle", "drain", "charge", "recharge", "score", "convert", "overload")
#: A human's time per turn, for minutes: about 10 s to pick a piece and its one or two
#: steps (amperes, chargers) or a resistor's diagonal step.
SECONDS_PER_TURN = 10.0


def _st(state: State) -> ResistorState:
    """``state`` as this game's state (the runs play only this game)."""
    return cast(ResistorState, state)


def window_row(game: Game, seats: list[str], seed: int, window: int = WINDOW) -> Row:
    """The first round of a match, for at most ``window`` turns: the ampere player's
    points, the actions' counts, how the round ended (``drained``, ``forfeit`` or
    ``window``: still going)."""
    p = play(
        game,
        seats,
        seed,
        keep=True,
        stop=lambda s: _st(s).round > 1 or _st(s).turns_played >= window,
    )
    counts: Counter[str] = Counter()
    ended = "window"
    points = _st(p.final).points
    for s in p.states:
        for e in s.events:  # type: ignore[attr-defined]
            counts[e.kind] += 1
            if e.kind == "round_end":
                ended, points = e.text, e.value[1]
    last = p.states[-1]
    return {
        "seed": seed,
        "seats": seats,
        "points": points,
        "turns": min(_st(last).turns_played, window),
        "ended": ended,
        **{k: counts[k] for k in ACTIONS},
    }


def match_row(game: Game, seats: list[str], seed: int) -> Row:
    """A whole match: winners, rounds ended, turns, whether the cap stopped it."""
    p = play(game, seats, seed)
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "rounds_ended": _st(p.final).round - (0 if p.final.is_terminal and not p.capped else 1),
        "scores": list(_st(p.final).scores),
        "turns": _st(p.final).turns_played,
        "capped": p.capped,
    }


def windows(
    ctx: RunContext, label: str, variant: Mapping[str, object], seats: Sequence[str], n: int
) -> list[Row]:
    """``n`` first-round windows of a variant, player 0 on the amperes."""
    table = Table(label, window_row, "resistor", {"first_amperes": 0, **variant}, list(seats))
    return [{**r, "variant": label} for r in table.rows(ctx, n)]


def matches(ctx: RunContext, pair: Sequence[str], n: int, cap: int = 3000) -> list[Row]:
    """``n`` whole matches between ``pair``, seats rotated, capped at ``cap`` turns."""
    table = Table(
        " v ".join(pair), match_row, "resistor", {"max_turns": cap}, list(pair), rotate=True
    )
    return table.rows(ctx, n)


def per_100(rows: Sequence[Row], key: str) -> float:
    """``key`` per 100 turns over all the windows (every game counts)."""
    turns = float(sum(r["turns"] for r in rows))
    return 100.0 * float(sum(r[key] for r in rows)) / max(1.0, turns)


def points_ci(rows: Sequence[Row]) -> tuple[float, float, float]:
    """Mean points per window with a 95% normal interval."""
    xs = [float(r["points"]) for r in rows]
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    half = 1.96 * (var / n) ** 0.5
    return mean, mean - half, mean + half


def ended_shares(rows: Sequence[Row]) -> dict[str, Share]:
    """How the windows ended: every ampere drained, a forfeit, or still going."""
    return {
        k: wilson(sum(r["ended"] == k for r in rows), len(rows))
        for k in ("drained", "forfeit", "window")
    }
