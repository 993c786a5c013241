"""Simulation analysis: play many seeded games and turn each one into a tidy row.

Standard library only, like the rest of the engine; a notebook may put the rows into
pandas or matplotlib, this module never imports them.

>>> import tablegames as tg
>>> from tablegames.analysis import game_rows, summarise
>>> rows = game_rows(tg.make("currents", players=2), 3, seed=1)
>>> len(rows), rows == game_rows(tg.make("currents", players=2), 3, seed=1)
(3, True)
>>> summarise(rows)["games"]
3
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..bots import Bot, RandomBot, play_game
from ..core import Game, State
from ..record import replay

#: One game as a plain dict (see :func:`game_rows` for its keys).
Row = dict[str, Any]
#: Builds the bots of one game from the game and that game's seed.
BotFactory = Callable[[Game, int], Sequence[Bot]]


def named_counts(game: Game) -> dict[str, str]:
    """The columns ``game`` adds to each row, each counting one kind of event over a
    game: column -> event kind, as the game declares them in ``event_columns`` (pairs);
    none for a game that declares none.

    >>> import tablegames as tg
    >>> named_counts(tg.make("currents"))["saves"], named_counts(tg.make("cardchess"))
    ('defend', {})
    """
    return dict(game.event_columns)


def named_state_counts(game: Game) -> dict[str, str]:
    """The columns ``game`` adds to each row, each counting the states (decisions) with
    at least one event of a kind: column -> event kind, as the game declares them in
    ``decision_columns`` (pairs); none for a game that declares none.

    >>> import tablegames as tg
    >>> named_state_counts(tg.make("currents"))
    {'threats': 'cross'}
    """
    return dict(game.decision_columns)


def game_seeds(seed: int, n: int) -> list[int]:
    """The ``n`` game seeds derived from ``seed``; a longer list starts with a shorter one.

    >>> game_seeds(0, 3) == game_seeds(0, 5)[:3]
    True
    """
    gen = random.Random(f"tablegames.analysis:{seed}")
    return [gen.getrandbits(32) for _ in range(n)]


def game_rows(
    game: Game,
    n: int,
    seed: int = 0,
    bots: Sequence[Bot] | BotFactory | None = None,
    max_decisions: int | None = 100_000,
) -> list[Row]:
    """Play ``n`` seeded games of ``game`` and return one row per game.

    Random bots play by default. ``bots`` may be one bot per player, shared by every
    game, or a function ``(game, game_seed) -> bots`` building fresh ones per game.
    Each record is replayed once to read the events of every state. A row holds:

    - ``seed``: the game's seed (:func:`game_seeds`; with default bots,
      ``play_game(game, seed=row["seed"])`` plays that game again),
    - ``players``, ``winners`` (a sorted list), ``edge`` (where the ``win`` event
      happened, or None), ``finished`` (the game ended rather than hit ``max_decisions``),
    - ``turns`` (the final state's ``turn``: turns completed; the winning turn is not
      counted) and ``decisions`` (moves made, set-up included),
    - ``events``: a Counter of every event kind,
    - the game's named counts (:func:`named_counts`, :func:`named_state_counts`).

    >>> import tablegames as tg
    >>> row = game_rows(tg.make("currents"), 1, seed=3)[0]
    >>> row["finished"], len(row["winners"]), row["edge"] in ("N", "E", "S", "W")
    (True, 1, True)
    >>> row["saves"] == row["events"]["defend"]
    True
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a number of games (0 or more), not {n!r}")
    named = named_counts(game)
    named_states = named_state_counts(game)
    rows: list[Row] = []
    for game_seed in game_seeds(seed, n):
        players = bots(game, game_seed) if callable(bots) else bots
        result = play_game(game, players, seed=game_seed, max_decisions=max_decisions)
        states = replay(result.record)
        counts: Counter[str] = Counter(e.kind for s in states for e in _events(s))
        wins = [e.where for s in states for e in _events(s) if e.kind == "win"]
        final = result.final
        row: Row = {
            "seed": game_seed,
            "players": game.num_players,
            "winners": sorted(final.winners),
            "edge": wins[-1] if wins and wins[-1] else None,
            "finished": final.is_terminal,
            "turns": getattr(final, "turn", None),
            "decisions": result.decisions,
            "events": counts,
        }
        for column, kind in named.items():
            row[column] = counts[kind]
        for column, kind in named_states.items():
            row[column] = sum(any(e.kind == kind for e in _events(s)) for s in states)
        rows.append(row)
    return rows


def _events(state: State) -> tuple[Any, ...]:
    """A state's events (games without events give none)."""
    return tuple(getattr(state, "events", ()))


def random_bots(avoid: Sequence[str] = ()) -> BotFactory:
    """Random bots for each game, seeded as ``play_game`` seeds its own, that never choose
    a move written as one of ``avoid`` while another move is legal.

    ``random_bots()`` plays exactly the default games; ``random_bots(["decline"])`` gives
    Currents goaltenders who always defend when they can.

    >>> import tablegames as tg
    >>> game = tg.make("currents", players=2)
    >>> game_rows(game, 2, bots=random_bots()) == game_rows(game, 2)
    True
    """
    banned = frozenset(avoid)

    def make(game: Game, seed: int) -> list[Bot]:
        return [AvoidingBot(f"{seed}:{p}", banned) for p in range(game.num_players)]

    return make


class AvoidingBot(RandomBot):
    """A random bot that picks uniformly among the legal moves not written as one of
    ``avoid`` (and among all of them when every move is to be avoided)."""

    def __init__(self, seed: int | str = 0, avoid: Sequence[str] | frozenset[str] = ()) -> None:
        super().__init__(seed)
        self.avoid = frozenset(avoid)

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        if self.avoid:
            kept = [m for m in moves if str(m) not in self.avoid]
            moves = kept or moves
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return f"AvoidingBot(avoid={sorted(self.avoid)!r})"


def _share(counts: Mapping[Any, int], total: int, digits: int) -> dict[Any, float]:
    return {k: round(v / total, digits) for k, v in counts.items()}


def summarise(
    rows: Sequence[Mapping[str, Any]],
    digits: int = 3,
    more: Callable[[Sequence[Mapping[str, Any]], int], Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """Aggregates of :func:`game_rows` rows, shares and means rounded to ``digits``.

    Length (in ``turns``): mean, median, min and max; mean decisions. Win shares per
    player (every seat, over all games) and per winning edge (edges in alphabetical
    order), and the share of games nobody won. ``more(rows, digits)`` adds a game's own
    aggregates of its named columns (:func:`named_counts`), e.g. Currents' goaltending
    rates, :func:`tablegames.analysis.questions.currents.goaltending`.

    >>> rows = [
    ...     {"players": 2, "winners": [0], "edge": "N", "turns": 4, "decisions": 9},
    ...     {"players": 2, "winners": [1], "edge": "E", "turns": 7, "decisions": 14},
    ... ]
    >>> s = summarise(rows)
    >>> s["turns_median"], s["win_share_player"], s["win_share_edge"]
    (5.5, {0: 0.5, 1: 0.5}, {'E': 0.5, 'N': 0.5})
    """
    n = len(rows)
    if n == 0:
        raise ValueError("summarise needs at least one row")
    turns = [r["turns"] for r in rows]
    players = max(r["players"] for r in rows)
    by_player: Counter[int] = Counter(p for r in rows for p in r["winners"])
    by_edge: Counter[str] = Counter(r["edge"] for r in rows if r["edge"] is not None)
    out: dict[str, Any] = {
        "games": n,
        "turns_mean": round(statistics.fmean(turns), digits),
        "turns_median": statistics.median(turns),
        "turns_min": min(turns),
        "turns_max": max(turns),
        "decisions_mean": round(statistics.fmean(r["decisions"] for r in rows), digits),
        "win_share_player": _share({p: by_player[p] for p in range(players)}, n, digits),
        "win_share_edge": _share(dict(sorted(by_edge.items())), n, digits),
        "no_winner_share": round(sum(not r["winners"] for r in rows) / n, digits),
    }
    if more is not None:
        out.update(more(rows, digits))
    return out


def format_summaries(
    summaries: Mapping[str, Mapping[str, Any]], keys: Sequence[str] | None = None
) -> str:
    """Several :func:`summarise` results side by side as a plain text table, one line per
    key (by default the scalar keys of the first summary, in its order).

    >>> a = {"games": 400, "save_rate": 0.49}
    >>> b = {"games": 400, "save_rate": 0.606}
    >>> print(format_summaries({"4 players": a, "2 players": b}))
               4 players  2 players
    games            400        400
    save_rate       0.49      0.606
    """
    names = list(summaries)
    if not names:
        raise ValueError("format_summaries needs at least one summary")
    first = summaries[names[0]]
    if keys is None:
        keys = [k for k, v in first.items() if not isinstance(v, Mapping)]
    cells = [["", *names]]
    cells += [[k, *(_cell(summaries[name].get(k)) for name in names)] for k in keys]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    lines = [
        "  ".join(
            [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        ).rstrip()
        for row in cells
    ]
    return "\n".join(lines)


def _cell(v: Any) -> str:
    return "-" if v is None else str(v)
