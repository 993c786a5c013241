"""What the explore notebooks' runs share: games played to their last state, balance
runs that stop once their interval decides, duels between rungs, and minutes of play.

A run plays seeded games (seeds from :func:`~tablegames.analysis.game_seeds`, so a
shorter run is the start of a longer one) and returns one small row per game; the
game modules beside this one read what they need from each game's states.

>>> import tablegames as tg
>>> p = play(tg.make("cardchess", max_turns=20), ["random", "random"], seed=3)
>>> p.decisions <= 20, p.final.is_terminal
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from ...core import Game, State, make
from ..metrics import Share, wilson
from ..provenance import read_table
from ..rows import game_seeds
from ..runs import RunContext
from .strategies import LOCAL_BOTS, PatientGreedyBot, make_bot  # noqa: F401  (re-exported)

Row = dict[str, Any]
#: A balance run stops once its 95% interval excludes the fair share or its half-width
#: is at most this (two points), looking after every ``batch`` games.
DECIDED_HALF_WIDTH = 0.02


@dataclass(frozen=True)
class Played:
    """One game: its states from first to last (every one when asked, else the two)."""

    states: list[State]
    decisions: int

    @property
    def first(self) -> State:
        return self.states[0]

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def capped(self) -> bool:
        """Stopped by a cap (the game's ``max_turns`` or the decisions) with no winner."""
        f = self.final
        return not f.is_terminal or (
            not f.winners and any(e.kind == "max_turns" for e in getattr(f, "events", ()))
        )


def play(
    game: Game,
    specs: Sequence[str],
    seed: int,
    *,
    salt: str = "",
    keep: bool = False,
    max_decisions: int = 100_000,
    stop: Callable[[State], bool] | None = None,
) -> Played:
    """Play one game of ``game`` from ``seed``, seat ``p`` held by ``specs[p]`` seeded
    ``"<seed>:<p><salt>"`` (``salt`` replays a deal with other bot seeds); ``stop``
    ends it early, at the first state it accepts."""
    bots = [make_bot(s, f"{seed}:{p}{salt}") for p, s in enumerate(specs)]
    state = game.initial_state(seed)
    states = [state]
    n = 0
    while not state.is_terminal and n < max_decisions and not (stop and stop(state)):
        state = state.apply(bots[state.current_player].choose(state))
        n += 1
        if keep:
            states.append(state)
    if not keep:
        states.append(state)
    return Played(states, n)


def rotated(specs: Sequence[str], index: int) -> list[str]:
    """The seats of game ``index`` of a rotated run: the specs shifted one seat a game."""
    n = len(specs)
    return [specs[(p + index) % n] for p in range(n)]


def decided(share: Share, fair: float) -> bool:
    """Whether a balance share is settled: its interval excludes ``fair`` or is at most
    two points either side."""
    return (
        share.low > fair or share.high < fair or (share.high - share.low) / 2 <= DECIDED_HALF_WIDTH
    )


#: A row maker: ``(game, seats, seed) -> row`` (a module-level function, so that it
#: travels to worker processes).
RowMaker = Callable[[Game, list[str], int], Row]
_GAMES: dict[str, Game] = {}


def _task(
    fn: RowMaker,
    name: str,
    options: Mapping[str, Any],
    specs: Sequence[str],
    rotate: bool,
    item: tuple[int, int],
) -> Row:
    """One game of a run, where a worker plays it (the game is built once per worker)."""
    index, seed = item
    key = json.dumps([name, options], sort_keys=True)
    if key not in _GAMES:
        _GAMES[key] = make(name, **options)
    seats = rotated(specs, index) if rotate else list(specs)
    return fn(_GAMES[key], seats, seed)


@dataclass(frozen=True)
class Table:
    """A run's table of games: what plays each game, and how many."""

    label: str  #: the name under which the provenance notes it
    fn: RowMaker
    game: str
    options: Mapping[str, Any]
    specs: Sequence[str]
    rotate: bool = False
    seed: int = 2025

    def play(self, ctx: RunContext, start: int, stop: int) -> list[Row]:
        """Games ``start`` to ``stop`` (their seeds the run's ``start``-th on)."""
        seeds = game_seeds(self.seed, stop)[start:]
        job = partial(_task, self.fn, self.game, dict(self.options), list(self.specs), self.rotate)
        rows = ctx.map(job, list(zip(range(start, stop), seeds)), label=self.label)
        ctx.note(self.label, make(self.game, **self.options), list(self.specs), self.seed, 0)
        return [{**r, "label": self.label} for r in rows]

    def rows(self, ctx: RunContext, n: int) -> list[Row]:
        """``n`` games."""
        return self.play(ctx, 0, n)

    def until_decided(
        self,
        ctx: RunContext,
        judge: Callable[[list[Row]], tuple[Share, float]],
        *,
        batch: int = 400,
        min_games: int = 400,
        max_games: int = 2400,
        first: int = 0,
    ) -> list[Row]:
        """Batches of games until ``judge(rows)`` (a share and its fair value) is
        :func:`decided`, or ``max_games`` are played, from game ``first`` on (a table
        that continues another's games). Looking after every batch makes a false alarm
        a little likelier than the intervals' 5%."""
        rows: list[Row] = []
        while len(rows) < max_games:
            start = first + len(rows)
            rows += self.play(ctx, start, first + min(len(rows) + batch, max_games))
            if len(rows) >= min_games and decided(*judge(rows)):
                break
        return rows


def duel_row(game: Game, seats: list[str], seed: int) -> Row:
    """A game between bots: who sat where and who won."""
    p = play(game, seats, seed)
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "capped": p.capped,
        "decisions": p.decisions,
    }


def duel_share(rows: Sequence[Row], bot: str) -> Share:
    """How often ``bot`` won its games of a duel (shared wins count)."""
    wins = sum(any(r["seats"][w] == bot for w in r["winners"]) for r in rows)
    return wilson(wins, len(rows))


class Seating(NamedTuple):
    """One seating of a match between two rungs (:func:`seatings`): the ``lone`` rung
    (the one on fewer seats, the stronger when they hold as many), its ``seats`` of
    ``players``, the games its seats won (``share``), the ``fair`` share they would win if
    both rungs played alike (``seats / players``), and the stronger rung's ``skill``
    index with its interval: (its share - its fair share) / (1 - its fair share), 0 when
    it does no better than a weaker player, 1 when it wins every game."""

    lone: str
    seats: int
    players: int
    share: Share
    fair: float
    skill: tuple[float, float, float]


def _won_by(rows: Sequence[Row], rung: str) -> Share:
    """The share of ``rows`` (with ``seats`` and ``winner``) won by a seat of ``rung``."""
    wins = sum(r["winner"] is not None and r["seats"][r["winner"]] == rung for r in rows)
    return wilson(wins, len(rows))


def seatings(rows: Sequence[Row], strong: str, weak: str) -> list[Seating]:
    """The games between rungs ``strong`` and ``weak`` split by seating (how many seats
    each held; rows with ``seats`` and ``winner``), so that a lone player among three
    and three among one are read against their own fair shares, never pooled.

    >>> rows = [{"seats": ["a", "b", "b", "b"], "winner": w} for w in (0, 0, 1, 2)]
    >>> rows += [{"seats": ["b", "a", "a", "a"], "winner": w} for w in (1, 2, 3, 3)]
    >>> for s in seatings(rows, "a", "b"):
    ...     print(s.lone, s.seats, s.share.share, s.fair, round(s.skill[0], 3))
    a 1 0.5 0.25 0.333
    b 1 0.0 0.25 1.0
    """
    groups: dict[tuple[str, int, int], list[Row]] = {}
    for r in rows:
        seats = r["seats"]
        lone = weak if seats.count(weak) < seats.count(strong) else strong
        groups.setdefault((lone, seats.count(lone), len(seats)), []).append(r)
    out = []
    for (lone, k, n), rs in sorted(groups.items(), key=lambda g: (g[0][2], g[0][0] != strong)):
        theirs = _won_by(rs, strong)
        won = theirs if lone == strong else _won_by(rs, lone)
        fair = (k if lone == strong else n - k) / n

        def index(x: float, fair: float = fair) -> float:
            return (x - fair) / (1 - fair)

        skill = (index(theirs.share), index(theirs.low), index(theirs.high))
        out.append(Seating(lone, k, n, won, k / n, skill))
    return out


def seat_share(rows: Sequence[Row], seat: int = 0) -> tuple[Share, float]:
    """Seat ``seat``'s win share and a fair seat's share (the winners per game shared
    out over the seats)."""
    players = len(rows[0]["seats"])
    wins = sum(seat in r["winners"] for r in rows)
    fair = sum(len(r["winners"]) for r in rows) / len(rows) / players
    return wilson(wins, len(rows)), fair


def minutes(decisions: float, seconds_per_decision: float) -> float:
    """Minutes of play for ``decisions`` at a human's ``seconds_per_decision``."""
    return decisions * seconds_per_decision / 60.0


def load(name: str, folder: str | Path = "data") -> list[Row]:
    """The rows of the stored table ``folder/name.json`` (made by ``make explore-data``);
    its provenance is kept in :data:`LOADED` for :func:`costs`."""
    table = read_table(Path(folder) / f"{name}.json")
    LOADED[name] = table["provenance"]
    return list(table["rows"])


#: The provenance of every table :func:`load` read, by name.
LOADED: dict[str, dict[str, Any]] = {}


def costs(*names: str) -> str:
    """What the loaded tables rest on (``names`` only, if given): games, wall and CPU
    time, which commit."""
    lines = [f"{'table':28}{'games':>7}{'wall s':>8}{'CPU s':>8}  commit"]
    for name, p in LOADED.items():
        if names and name not in names:
            continue
        games = sum(v for v in p["counts"].values() if isinstance(v, int))
        lines.append(
            f"{name:28}{games:>7}{p['wall_seconds']:>8.0f}{p['cpu_seconds']:>8.0f}  "
            f"{str(p['commit'])[:12]}"
        )
    return "\n".join(lines)


def by_label(rows: Sequence[Row]) -> dict[str, list[Row]]:
    """The rows of each table of a run, by its label, in the run's order."""
    out: dict[str, list[Row]] = {}
    for r in rows:
        out.setdefault(str(r["label"]), []).append(r)
    return out


def median(values: Sequence[float]) -> float:
    """The median (the mean of the middle two for an even count)."""
    xs = sorted(values)
    n = len(xs)
    return float(xs[n // 2]) if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def ladder(game: str, folder: str | Path = "data/ladder") -> str:
    """The stored bot ladder of ``game`` (``python -m tablegames ladder GAME --json``):
    each rung's rating with its interval, each pair's share, and whether it is monotone."""
    data = json.loads((Path(folder) / f"{game}.json").read_text(encoding="utf-8"))
    # the rung column is as wide as its longest name (at least 14, as every ladder had it)
    width = max(14, *(len(rung) + 1 for rung in data["rungs"]))
    lines = [f"{'rung':{width}}{'Elo':>8}  95% interval"]
    for rung in data["rungs"]:
        r = data["ratings"][rung]
        lines.append(f"{rung:{width}}{r['elo']:>8.0f}  [{r['low']:.0f}, {r['high']:.0f}]")
    for p in data["pairs"]:
        lines.append(
            f"{p['a']} v {p['b']}: {p['a']} {100 * p['share_a']:.1f}% "
            f"[{100 * p['low']:.1f}, {100 * p['high']:.1f}] of {p['games']} games"
        )
    lines.append("monotone: " + ("yes" if data["monotone"] else f"no {data['failures']}"))
    return "\n".join(lines)
