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

import itertools
import math
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, cast

from ...bots import Bot, GreedyBot, MCTSBot
from ...core import Game, State
from ...resistor.board import amperes_on_board
from ...resistor.builder import ResistorBuilder
from ...resistor.game import round_keen_value, round_value
from ...resistor.state import ResistorState
from ..metrics import Z95, Share, wilson
from ..rows import AvoidingBot
from ..runs import RunContext
from .common import Row, Table, play
from .strategies import PatientGreedyBot, add_local_bots, make_bot

#: Turns of the first round that a window plays (both players' turns count).
WINDOW = 600
#: Events of the design notes' actions, counted in a window.
ACTIONS = ("slingshot", "cycle", "drain", "charge", "recharge", "score", "convert", "overload")
#: A human's time per turn, for minutes: about 10 s to pick a piece and its one or two
#: steps (amperes, chargers) or a resistor's diagonal step.
SECONDS_PER_TURN = 10.0
#: Turns a whole first round may run before it is called unfinished (``windows(window=...)``).
ROUND_CAP = 4000


def _st(state: State) -> ResistorState:
    """``state`` as this game's state (the runs play only this game)."""
    return cast(ResistorState, state)


# ---- the ampere players the runs compare -------------------------------------------------

#: A move to refuse, judged from the states before and after it.
Avoid = Callable[[State, State], bool]


def _recharges(before: State, after: State) -> bool:
    return any(e.kind == "recharge" for e in _st(after).events)


def _recharge_in_reach(state: State) -> bool:
    """Whether some legal move of ``state`` recharges (lands a charger on a drained ampere)."""
    return any(_recharges(state, state.apply(m)) for m in state.legal_moves())


def _overloads(before: State, after: State) -> bool:
    return any(e.kind == "overload" for e in _st(after).events)


def _converts(before: State, after: State) -> bool:
    """A resistor move that catches a charger (converts it back to an ampere)."""
    return any(e.kind == "convert" for e in _st(after).events)


def _fourth(before: State, after: State) -> bool:
    """A move that brings a fourth (or later) ampere onto the board."""
    return amperes_on_board(_st(after).board) > max(3, amperes_on_board(_st(before).board))


class _MustRecharge:
    """A move that recharges nothing while a move that recharges is legal: refusing it
    makes the ampere player take every recharge in reach (a charger's step, or jump, onto
    a drained ampere) the moment one is. Whether one is in reach is worked out once per
    state (the last state asked about is remembered).

    >>> import tablegames as tg
    >>> state = tg.make("resistor", first_amperes=0).initial_state(0)
    >>> _MustRecharge()(state, state.apply(state.legal_moves()[0]))  # none in reach
    False
    """

    def __init__(self) -> None:
        self._last: State | None = None
        self._can = False

    def __call__(self, before: State, after: State) -> bool:
        if self._last is not before:
            self._last, self._can = before, _recharge_in_reach(before)
        return self._can and not _recharges(before, after)


#: What each variant of the greedy bot refuses while another move is legal (besides
#: forfeiting, which none of them does while it has another move); ``noconvert`` is the
#: resistor player's variant, the others the ampere player's (``mustrecharge`` refuses
#: every move but a recharge while one is in reach: the player who always detours).
AVOIDS: dict[str, Avoid | None] = {
    "patient": None,
    "norecharge": _recharges,
    "nooverload": _overloads,
    "light": _fourth,
    "noconvert": _converts,
    "mustrecharge": _MustRecharge(),
}


class _AnyOf:
    """A move to refuse when any of several :data:`Avoid` tests rejects it."""

    def __init__(self, tests: Sequence[Avoid]) -> None:
        self.tests = list(tests)

    def __call__(self, before: State, after: State) -> bool:
        return any(t(before, after) for t in self.tests)


def avoid_of(names: str) -> Avoid | None:
    """The refusal :data:`AVOIDS` names, or several joined by ``+`` (``light+norecharge``:
    a move refused if either refuses it).

    >>> avoid_of("patient") is None, avoid_of("light") is _fourth
    (True, True)
    >>> len(avoid_of("light+norecharge").tests)
    2
    """
    tests = [t for t in (AVOIDS[n] for n in names.split("+")) if t is not None]
    if len(tests) <= 1:
        return tests[0] if tests else None
    return _AnyOf(tests)


class ChoosyGreedyBot(GreedyBot):
    """Greedy (best evaluation one move ahead), never forfeiting and never making a
    move that ``avoid(before, after)`` rejects, unless no other move is legal."""

    def __init__(self, seed: int | str = 0, avoid: Avoid | None = None) -> None:
        super().__init__(seed)
        self.avoid = avoid

    def choose(self, state: State) -> Any:
        me = state.current_player
        scored = []
        for m in state.legal_moves():
            if str(m) == "forfeit":
                continue
            after = state.apply(m)
            if self.avoid is not None and self.avoid(state, after):
                continue
            value = after.returns()[me] if after.is_terminal else state.game.evaluate(after)[me]
            scored.append((m, value))
        if not scored:
            return super().choose(state)
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


class ChoosyMCTSBot(MCTSBot):
    """MCTS (the game's evaluation at the leaves) that plays its most visited move
    other than a forfeit or a move ``avoid(before, after)`` rejects, unless no other
    move is legal: the search-rung counterpart of :class:`ChoosyGreedyBot` (plain MCTS
    forfeits a Resistor round once the evaluation prefers a banked lead to the board).
    The search itself still sees every move; only the move played is filtered."""

    def __init__(self, seed: int | str = 0, avoid: Avoid | None = None, iterations: int = 100):
        super().__init__(iterations=iterations, seed=seed)
        self.avoid = avoid

    def choose(self, state: State) -> Any:
        ranked = [m.move for m in self.analyse(state).moves]  # most visited first
        by_name = {str(m): m for m in state.legal_moves()}
        for name in ranked:
            if name == "forfeit":
                continue
            m = by_name[name]
            if self.avoid is None or not self.avoid(state, state.apply(m)):
                return m
        return by_name[ranked[0]]


class KeenMCTSBot(ChoosyMCTSBot):
    """:class:`ChoosyMCTSBot` scoring its leaves with
    :func:`tablegames.resistor.game.round_keen_value` instead of the game's evaluation:
    the same bot in round 1 (the two values are equal there), but one that still tells
    moves apart when an earlier round left the match score lopsided (the plain one, five
    points behind, barely scores in its round). Resistor's searches play no random moves
    (its ``playout_depth`` is 0), so a leaf's value is the evaluation alone."""

    def _playout(self, state: State) -> tuple[float, ...]:
        assert state.game.playout_depth == 0 and self.rollout_depth is None
        return round_keen_value(_st(state))


class RoundMCTSBot(ChoosyMCTSBot):
    """:class:`ChoosyMCTSBot` scoring its leaves with
    :func:`tablegames.resistor.game.round_value` (each round played for its own points,
    the match score left out): the same bot in round 1 and in a round begun level, with
    a level round's gradient in a lopsided match."""

    def _playout(self, state: State) -> tuple[float, ...]:
        assert state.game.playout_depth == 0 and self.rollout_depth is None
        return round_value(_st(state))


class PlayOnMCTSBot(ChoosyMCTSBot):
    """:class:`ChoosyMCTSBot` whose search, too, leaves out forfeiting while another move
    is legal (the plain one only refuses to play it). In a round that can end the match
    (round 2 of a round-limited match, say), a forfeit is a terminal loss (-1) to a player
    behind, and UCT expands every move of every node it reaches once at least: those
    losses, one in every ampere turn of the tree, outweigh the evaluation's small
    differences between the real moves, and the plain bot five points behind all but stops
    scoring. A player who never forfeits while it can move gains nothing by searching the
    forfeit. Otherwise the same search."""

    def _expandable(self, state: State) -> list[Any]:
        moves = state.legal_moves()
        return [m for m in moves if m.kind != "forfeit"] or moves


class RoundPlayOnMCTSBot(PlayOnMCTSBot, RoundMCTSBot):
    """:class:`PlayOnMCTSBot`'s search scoring its leaves as :class:`RoundMCTSBot` does
    (:func:`tablegames.resistor.game.round_value`)."""


def _avoiding(cls: type[ChoosyMCTSBot]) -> Callable[[str, str], Bot]:
    """The maker of ``SPEC:AVOID:N`` bots: ``cls`` refusing :func:`avoid_of` ``(AVOID)``
    with ``N`` iterations a move (100 when ``N`` is left out)."""

    def make(arg: str, seed: str) -> Bot:
        avoid, _, n = arg.partition(":")
        return cls(seed, avoid_of(avoid), int(n or 100))

    return make


#: The runs' specs: ``patient`` plays at random but never forfeits while it has another
#: move, ``greedy-patient`` is greedy so (Resistor's plain greedy bot forfeits a round as
#: soon as forfeiting scores as well as playing on, which ends rounds after one point),
#: ``choosy:NAME`` is :class:`ChoosyGreedyBot` refusing what :data:`AVOIDS` names, and
#: ``mcts-choosy:NAME:N`` its search counterpart (:class:`ChoosyMCTSBot`); ``mcts-keen:NAME:N``
#: the same with the evaluation that keeps a gradient in a lopsided match (:class:`KeenMCTSBot`),
#: ``mcts-round:NAME:N`` the same playing each round for its own points (:class:`RoundMCTSBot`),
#: ``mcts-playon:NAME:N`` the plain one searching no forfeit (:class:`PlayOnMCTSBot`) and
#: ``mcts-roundon:NAME:N`` both changes (:class:`RoundPlayOnMCTSBot`).
add_local_bots(
    {
        "patient": lambda arg, seed: AvoidingBot(seed, ["forfeit"]),
        "greedy-patient": lambda arg, seed: PatientGreedyBot(seed, ["forfeit"]),
        "choosy": lambda arg, seed: ChoosyGreedyBot(seed, avoid_of(arg)),
        "mcts-choosy": _avoiding(ChoosyMCTSBot),
        "mcts-keen": _avoiding(KeenMCTSBot),
        "mcts-round": _avoiding(RoundMCTSBot),
        "mcts-playon": _avoiding(PlayOnMCTSBot),
        "mcts-roundon": _avoiding(RoundPlayOnMCTSBot),
    }
)


def _turn_start(state: State) -> bool:
    """Whether ``state`` begins an ampere-player turn (nothing moved yet, none pending)."""
    s = _st(state)
    return s.turn_role == "amperes" and not s.pending and s.moves_made == 0


def _recharge_chances(states: Sequence[State]) -> dict[str, int]:
    """Of the ampere player's decisions in round 1 (``states``, each with the next), those
    with a recharge in reach (``recharge_chances``: some legal move lands a charger on a
    drained ampere) and those of them where the move played recharged (``recharge_taken``)."""
    chances = taken = 0
    for before, after in itertools.pairwise(states):
        s = _st(before)
        if s.round != 1 or s.turn_role != "amperes" or s.is_terminal:
            continue
        if _recharge_in_reach(before):
            chances += 1
            taken += _recharges(before, after)
    return {"recharge_chances": chances, "recharge_taken": taken}


def window_row(
    game: Game, seats: list[str], seed: int, window: int = WINDOW, chances: bool = False
) -> Row:
    """The first round of a match, for at most ``window`` turns: the ampere player's
    points, the actions' counts, how the round ended (``drained``, ``forfeit`` or
    ``window``: still going), and the ampere player's turns (``ampere_turns``) with those
    begun with three or fewer amperes on the board (``light_turns``: the duty cycle's
    second move, whatever the variant's limit); with ``chances``, also how often a
    recharge was in reach and taken (:func:`_recharge_chances`)."""
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
    starts = [s for s in p.states if _st(s).round == 1 and _turn_start(s)]
    last = p.states[-1]
    return {
        "seed": seed,
        "seats": seats,
        "points": points,
        "turns": min(_st(last).turns_played, window),
        "ended": ended,
        **{k: counts[k] for k in ACTIONS},
        "ampere_turns": len(starts),
        "light_turns": sum(_st(s).amperes_on_board() <= 3 for s in starts),
        **(_recharge_chances(p.states) if chances else {}),
    }


def round_two_row(game: Game, seats: list[str], seed: int, behind: int = 0) -> Row:
    """Round 2 of a match, player 1 on the amperes ``behind`` points down (the match
    score set so, on the seed's fresh board of round 2): the round played to its end
    (``round_turns`` should bound it) by ``seats``, seeded as :func:`~.common.play` seeds
    them; the ampere player's points in it, its turns and how it ended.

    >>> import tablegames as tg
    >>> game = tg.make("resistor", first_amperes=0, round_turns=6)
    >>> row = round_two_row(game, ["patient", "patient"], 3, behind=5)
    >>> row["behind"], row["turns"], row["ended"]
    (5, 6, 'turn_limit')
    """
    b = ResistorBuilder(_st(game.initial_state(seed)))
    b.round, b.scores = 2, [behind, 0]
    b.begin_round()
    state = cast(State, b.freeze())  # a ResistorState (its type is the compiled one's)
    bots = [make_bot(s, f"{seed}:{p}") for p, s in enumerate(seats)]
    ended = ""
    while not state.is_terminal and _st(state).round == 2:
        state = state.apply(bots[state.current_player].choose(state))
        ended = next((e.text for e in _st(state).events if e.kind == "round_end"), ended)
    return {
        "seed": seed,
        "seats": seats,
        "behind": behind,
        "points": _st(state).scores[1],
        "turns": _st(state).turns_played,
        "ended": ended,
    }


def round_two(
    ctx: RunContext,
    label: str,
    seats: Sequence[str],
    behind: int,
    n: int,
    turns: int = 300,
    first: int = 0,
) -> list[Row]:
    """``n`` rounds 2 (:func:`round_two_row`) under ``turns``-turn rounds, from the run's
    ``first``-th seed on."""
    row = partial(round_two_row, behind=behind)
    options = {"first_amperes": 0, "round_turns": turns}
    table = Table(label, row, "resistor", options, list(seats))
    return [{**r, "variant": label} for r in table.play(ctx, first, first + n)]


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
    ctx: RunContext,
    label: str,
    variant: Mapping[str, object],
    seats: Sequence[str],
    n: int,
    window: int = WINDOW,
    first: int = 0,
    chances: bool = False,
) -> list[Row]:
    """``n`` first-round windows of a variant, player 0 on the amperes, each at most
    ``window`` turns (:data:`ROUND_CAP`: whole rounds, as far as they end), from the
    run's ``first``-th seed on (a table that continues another's seeds); ``chances``
    counts the recharges in reach too (:func:`window_row`)."""
    row = partial(window_row, window=window, chances=chances)
    table = Table(label, row, "resistor", {"first_amperes": 0, **variant}, list(seats))
    return [{**r, "variant": label} for r in table.play(ctx, first, first + n)]


def matches(
    ctx: RunContext,
    pair: Sequence[str],
    n: int,
    cap: int = 3000,
    variant: Mapping[str, object] | None = None,
    first: int = 0,
) -> list[Row]:
    """``n`` whole matches between ``pair`` under ``variant``'s options, seats rotated,
    capped at ``cap`` turns, from the run's ``first``-th seed on."""
    options = {"max_turns": cap, **(variant or {})}
    table = Table(" v ".join(pair), match_row, "resistor", options, list(pair), rotate=True)
    return table.play(ctx, first, first + n)


def light_share(rows: Sequence[Row]) -> tuple[float, float, float]:
    """The share of the ampere player's turns begun with three or fewer amperes on the
    board: its mean over the windows that counted them, with a 95% normal interval
    (a window's turns are not independent, so the window is the unit).

    >>> rows = [{"ampere_turns": 10, "light_turns": 5}, {"ampere_turns": 4, "light_turns": 3}]
    >>> light_share(rows)[0]
    0.625
    """
    shares = [
        {"points": r["light_turns"] / r["ampere_turns"]} for r in rows if r.get("ampere_turns")
    ]
    return points_ci(shares)


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
    half = Z95 * (var / n) ** 0.5
    return mean, mean - half, mean + half


def ended_shares(rows: Sequence[Row]) -> dict[str, Share]:
    """How the windows ended: every ampere drained, a forfeit, or still going."""
    return {
        k: wilson(sum(r["ended"] == k for r in rows), len(rows))
        for k in ("drained", "forfeit", "window")
    }


def tie_chance(rows: Sequence[Row]) -> float:
    """The chance that two equal players, each on the amperes once, score the same points:
    the share of pairs of different windows of ``rows`` (one table) with the same points,
    so a match between them goes to its tie-break.

    >>> round(tie_chance([{"points": p} for p in (3, 3, 5, 7)]), 3)
    0.167
    """
    counts: dict[int, int] = {}
    for r in rows:
        counts[r["points"]] = counts.get(r["points"], 0) + 1
    n = len(rows)
    return sum(c * (c - 1) for c in counts.values()) / (n * (n - 1))


def paired_ci(rows: Sequence[Row], base: Sequence[Row]) -> tuple[float, float, float]:
    """The mean difference in points, ``rows`` less ``base``, over the seeds both tables
    played (the same deal of dead spaces and the same bots' seeds), with a 95% normal
    interval: a variant's effect with the deal's luck taken out.

    >>> a = [{"seed": s, "points": p} for s, p in [(1, 5), (2, 7), (3, 6)]]
    >>> b = [{"seed": s, "points": p} for s, p in [(1, 4), (2, 5), (3, 6), (4, 9)]]
    >>> paired_ci(a, b)[0]
    1.0
    """
    by_seed = {r["seed"]: float(r["points"]) for r in base}
    diffs = [
        {"points": float(r["points"]) - by_seed[r["seed"]]} for r in rows if r["seed"] in by_seed
    ]
    return points_ci(diffs)


def pairs(rows: Sequence[Row], base: Sequence[Row]) -> list[tuple[Row, Row]]:
    """``(base row, row)`` for each seed both tables played, in ``rows``' order: a
    strategy's window beside the plain bot's on the same deal and bots' seeds (a bot that
    refuses a move plays exactly as the plain one until the plain one would make it).

    >>> pairs([{"seed": 2, "points": 1}], [{"seed": 1, "points": 0}, {"seed": 2, "points": 3}])
    [({'seed': 2, 'points': 3}, {'seed': 2, 'points': 1})]
    """
    by_seed = {r["seed"]: r for r in base}
    return [(by_seed[r["seed"]], r) for r in rows if r["seed"] in by_seed]


def window_duels(a: Sequence[Row], b: Sequence[Row]) -> tuple[int, int, int]:
    """Two-window duels from two tables of the same seeds, ``a`` with one bot on the
    amperes and ``b`` with the other: for each seed, each bot plays the amperes once
    against the other, and the one whose amperes scored more wins. ``(wins of a's
    ampere player, ties, losses)``."""
    by_seed = {r["seed"]: r["points"] for r in b}
    pairs = [(r["points"], by_seed[r["seed"]]) for r in a if r["seed"] in by_seed]
    wins = sum(x > y for x, y in pairs)
    ties = sum(x == y for x, y in pairs)
    return wins, ties, len(pairs) - wins - ties


def _elo(share: float) -> float:
    """A win share as an Elo gap, 400 log10 of the odds (infinite at 0 or 1).

    >>> round(_elo(0.75)), _elo(1.0)
    (191, inf)
    """
    if share <= 0 or share >= 1:
        return math.copysign(math.inf, share - 0.5)
    return 400 * math.log10(share / (1 - share))


def match_points(rows: Sequence[Row], bot: str) -> list[float]:
    """``bot``'s points in each whole match of ``rows`` that finished (not stopped at the
    match cap): 1 a win, 0 a loss, a half a draw; its seat read from each row's seats.

    >>> rows = [{"seats": ["k", "t"], "winners": [0], "capped": False},
    ...         {"seats": ["t", "k"], "winners": [0], "capped": False},
    ...         {"seats": ["t", "k"], "winners": [], "capped": True}]
    >>> match_points(rows, "k")
    [1.0, 0.0]
    """
    out = []
    for r in rows:
        if r["capped"]:
            continue
        seat = r["seats"].index(bot)
        out.append(0.5 if not r["winners"] else float(r["winners"] == [seat]))
    return out


def whole_duel(rows: Sequence[Row], bot: str, looks: Sequence[float] = ()) -> str:
    """A seat-rotated duel of whole matches (:func:`matches`) read for ``bot``: its share
    of the finished matches (:func:`match_points`) with the 95% Wilson interval, and with
    each ``looks`` level (a pre-registered look's own coverage, say 0.96 for a second look
    given 4% of the 5%); then its wins as player 0 (the amperes first) and as player 1,
    and the matches the cap stopped (left out).

    >>> rows = [{"seats": ["k", "t"] if s % 2 else ["t", "k"], "winners": [1 - s % 2],
    ...          "capped": False} for s in range(8)]  # k wins all eight
    >>> rows[0]["winners"] = [0]  # but the first, as player 1
    >>> print(whole_duel(rows, "k", [0.99]))
    k won 7 of 8 finished matches: 87.5% [52.9, 97.8]; 99% interval [42.5, 98.5]
      as player 0 (amperes first) 4 of 4, as player 1 3 of 4; stopped at the cap: 0
    """
    points = match_points(rows, bot)
    won = sum(points)
    line = f"{bot} won {won:g} of {len(points)} finished matches: {wilson(int(won), len(points))}"
    for level in looks:
        z = statistics.NormalDist().inv_cdf(1 - (1 - level) / 2)
        s = wilson(int(won), len(points), z)
        line += f"; {100 * level:g}% interval [{100 * s.low:.1f}, {100 * s.high:.1f}]"
    seats = []
    for seat in (0, 1):
        mine = [r for r in rows if not r["capped"] and r["seats"][seat] == bot]
        seats.append(f"{sum(r['winners'] == [seat] for r in mine)} of {len(mine)}")
    capped = sum(bool(r["capped"]) for r in rows)
    return (
        f"{line}\n  as player 0 (amperes first) {seats[0]}, as player 1 {seats[1]};"
        f" stopped at the cap: {capped}"
    )


def duel_ladder(
    steps: Sequence[tuple[str, str, Sequence[Row], Sequence[Row]]],
    whole: Sequence[tuple[str, str, Sequence[float]]] = (),
) -> str:
    """A ladder of rungs rated by two-window duels (:func:`window_duels`), for bots whose
    whole matches never end: each step is ``(upper rung, lower rung, windows with the
    upper on the amperes, windows with the lower on the amperes)`` against each other,
    weakest step first. A duel counts 1 for the rung whose amperes scored more, a half
    each on a tie. Ratings are the ladder's Bradley-Terry fit on the Elo scale (one
    virtual draw a pair, :func:`tablegames.analysis.ladder.fit_bradley_terry`); each
    step's gap over the rung below carries the 95% interval of its win share turned to
    Elo (a clean sweep has no upper bound); the ladder is monotone when every step's win
    share has its interval above one half. ``whole`` adds steps rated by whole matches
    instead: ``(upper rung, lower rung, the upper's points a match)`` (:func:`match_points`),
    for a rung that differs from the one below only once an earlier round has scored.

    >>> a = [{"seed": s, "points": 5} for s in range(12)]
    >>> b = [{"seed": s, "points": 1 + (s == 0) * 4} for s in range(12)]
    >>> print(duel_ladder([("strong", "weak", a, b)]))
    rung               Elo  step over the rung below, 95% interval
    weak                 0
    strong             432  [+146, +943]
    strong v weak: strong 95.8% [69.9, 99.6] of 12 duels (1 tied)
    monotone: yes
    """
    from ..ladder import PairResult, fit_bradley_terry, monotone_failures

    rungs: list[str] = []
    found: dict[tuple[str, str], PairResult] = {}
    for upper, lower, a, b in steps:
        rungs += [r for r in (lower, upper) if r not in rungs]
        by_seed = {r["seed"]: r["points"] for r in b}
        duels = [(r["points"], by_seed[r["seed"]]) for r in a if r["seed"] in by_seed]
        found[(upper, lower)] = PairResult(upper, lower, [(x > y) + (x == y) / 2 for x, y in duels])
    for upper, lower, points in whole:
        rungs += [r for r in (lower, upper) if r not in rungs]
        found[(upper, lower)] = PairResult(upper, lower, list(points))
    matches = {(upper, lower) for upper, lower, _ in whole}
    elo = fit_bradley_terry(rungs, {k: (p.points, p.games) for k, p in found.items()})
    lines = [f"{'rung':14}{'Elo':>8}  step over the rung below, 95% interval"]
    for r in rungs:
        step = [p.share() for p in found.values() if p.a == r]
        gap = f"  [{_elo(step[0].low):+.0f}, {_elo(step[0].high):+.0f}]" if step else ""
        lines.append(f"{r:14}{elo[r]:>8.0f}{gap}")
    for p in found.values():
        s = p.share()
        lines.append(
            f"{p.a} v {p.b}: {p.a} {100 * s.value:.1f}% [{100 * s.low:.1f}, {100 * s.high:.1f}]"
            f" of {p.games} {'whole matches' if (p.a, p.b) in matches else 'duels'}"
            f" ({p.draws} tied)"
        )
    failures = monotone_failures(rungs, found)
    lines.append("monotone: " + ("yes" if not failures else f"no {failures}"))
    return "\n".join(lines)


def round_report(rows: Sequence[Row], rung: str) -> str:
    """Whole first rounds (:data:`ROUND_CAP`): how they ended, the turns (and hours, at
    :data:`SECONDS_PER_TURN`) of those that ended, the ampere player's points and the
    rates per 100 turns that decide whether the board empties.

    >>> rows = [{"ended": "drained", "turns": 720, "points": 30, "drain": 8, "recharge": 2,
    ...          "overload": 0}, {"ended": "window", "turns": 4000, "points": 36, "drain": 40,
    ...          "recharge": 38, "overload": 1}]
    >>> print(round_report(rows, "x").splitlines()[3])
      still going at the cap  50.0% [9.5, 90.5]
    """
    lines = [
        f"{len(rows)} first rounds under the rules, {rung} on both sides, cap {ROUND_CAP} turns"
    ]
    names = {"drained": "ended, all drained", "forfeit": "ended by a forfeit"}
    for how, share in ended_shares(rows).items():
        lines.append(f"  {names.get(how, 'still going at the cap'):22}  {share}")
    done = sorted(int(r["turns"]) for r in rows if r["ended"] != "window")
    hours = [round(t * SECONDS_PER_TURN / 3600, 1) for t in done]
    ended = f"{done}, that is {hours} hours" if done else "none ended"
    lines.append(f"  turns of the rounds that ended: {ended}")
    mean, lo, hi = points_ci(rows)
    lines.append(f"  ampere player's points at the end or the cap: {mean:.1f} [{lo:.1f}, {hi:.1f}]")
    rates = "  ".join(f"{k} {per_100(rows, k):.2f}" for k in ("drain", "recharge", "overload"))
    return "\n".join([*lines, f"  per 100 turns: {rates}"])


def limited_matches(rows: Sequence[Row], rung: str, limit: int) -> str:
    """Whole matches under a per-round turn limit (the variant ``round_turns``), player 0
    on the amperes first: how many finished by the rules (not at the match cap), how many
    went past two rounds (a tie), player 0's share of the finished ones and the mean of
    player 0's score less player 1's, both with 95% intervals, and the matches' length in
    turns and minutes (at :data:`SECONDS_PER_TURN`).

    >>> rows = [{"winners": [0], "rounds_ended": 2, "scores": [5, 3], "turns": 600,
    ...          "capped": False}, {"winners": [1], "rounds_ended": 4, "scores": [6, 7],
    ...          "turns": 1200, "capped": False}]
    >>> print(limited_matches(rows, "x", 300).splitlines()[3])
      player 0 (amperes first) won 50.0% [9.5, 90.5] of the finished
    """
    done = [r for r in rows if not r["capped"]]
    tied = wilson(sum(r["rounds_ended"] > 2 for r in rows), len(rows))
    first = wilson(sum(r["winners"] == [0] for r in done), len(done))
    lines = [
        f"{len(rows)} whole matches, rounds limited to {limit} turns, {rung} on both sides",
        f"  finished by the rules (not at the match cap)  {wilson(len(done), len(rows))}",
        f"  went past two rounds (a tied pair)  {tied}",
        f"  player 0 (amperes first) won {first} of the finished",
    ]
    gap = points_ci([{"points": r["scores"][0] - r["scores"][1]} for r in done])
    lines.append(
        f"  player 0's score less player 1's: {gap[0]:+.2f} [{gap[1]:+.2f}, {gap[2]:+.2f}]"
    )
    turns = sorted(int(r["turns"]) for r in done)
    if turns:
        median, tail = turns[len(turns) // 2], turns[(9 * len(turns)) // 10]
        minutes = [round(t * SECONDS_PER_TURN / 60) for t in (median, tail)]
        lines.append(
            f"  turns a match: median {median}, 90th percentile {tail}"
            f" ({minutes[0]} and {minutes[1]} minutes)"
        )
    return "\n".join(lines)
