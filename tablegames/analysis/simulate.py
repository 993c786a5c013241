"""Run many seeded games between bots, in parallel, into a tidy table (one row per game).

``simulate(game, bots, n, seed)`` plays ``n`` games whose seeds derive from ``seed``
(:func:`tablegames.analysis.game_seeds`), so the same call gives the same table whether
it runs in one process, a local pool or a cluster. Work goes out through the standard
:class:`concurrent.futures.Executor` interface: by default a process pool with one
worker per core; ``workers=1`` stays in this process; any executor you pass is used
as it is, so Dask's ``distributed.Client(...).get_executor()`` or
:class:`~tablegames.analysis.executors.RayExecutor` scale the same call out to a
cluster, and so does a name: ``executor="dask://HOST:PORT"`` or ``"ray"``
(:func:`~tablegames.analysis.executors.open_executor`).

Bots are named by specs (strings, so they travel to worker processes; read by
:func:`tablegames.bots.make_bot`). Each game builds fresh bots seeded from the game's seed
and the seat.

>>> import tablegames as tg
>>> rows = simulate(tg.make("poohsticks", players=2), ["greedy", "random"], 4, seed=1,
...                 workers=1, progress=False)
>>> len(rows), rows[0]["seats"], sorted(rows[0])[:4]
(4, ['greedy', 'random'], ['decisions', 'finished', 'game', 'index'])
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

from ..bots.base import Bot
from ..bots.specs import check_specs, make_bot
from ..core import Game, make
from .executors import open_executor
from .rows import game_seeds, named_counts

Row = dict[str, Any]


def play_row(
    game: Game,
    specs: Sequence[str],
    index: int,
    seed: int,
    max_decisions: int,
    maker: Callable[[str, str], Bot] = make_bot,
) -> Row:
    """Play one game and describe it as a row (see :func:`simulate`); ``maker`` reads
    the bots' specs (default: the engine's bots)."""
    bots = [maker(spec, f"{seed}:{p}") for p, spec in enumerate(specs)]
    state = game.initial_state(seed)
    counts: Counter[str] = Counter(e.kind for e in getattr(state, "events", ()))
    decisions = 0
    while not state.is_terminal and decisions < max_decisions:
        state = state.apply(bots[state.current_player].choose(state))
        decisions += 1
        counts.update(e.kind for e in getattr(state, "events", ()))
    winners = sorted(state.winners)
    row: Row = {
        "game": game.name,
        "index": index,
        "seed": seed,
        "players": game.num_players,
        "seats": list(specs),
        "winners": winners,
        "winner": winners[0] if len(winners) == 1 else None,
        "finished": state.is_terminal,
        "turns": getattr(state, "turn", None),
        "decisions": decisions,
    }
    for p, r in enumerate(state.returns()):
        row[f"result_{p}"] = r
    for column, kind in named_counts(game).items():
        row[column] = counts[kind]
    for kind, k in sorted(counts.items()):
        row["n_" + kind] = k
    return row


def _play_chunk(
    name: str,
    options: Mapping[str, Any],
    specs: Sequence[str],
    items: Sequence[tuple[int, int]],
    rotate: bool,
    max_decisions: int,
) -> list[Row]:
    """Worker task: play the games ``items`` (index, seed) of one table."""
    game = make(name, **options)
    n = len(specs)
    rows = []
    for index, seed in items:
        seats = [specs[(p + index) % n] for p in range(n)] if rotate else list(specs)
        rows.append(play_row(game, seats, index, seed, max_decisions))
    return rows


def _chunks(items: list[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def progress_bar(total: int, show: bool | None, desc: str, leave: bool = True) -> Any:
    """A tqdm bar (notebook or terminal) when tqdm is installed and ``show`` is not
    False, else None; the simulations, the ladder and the stored runs share it."""
    if show is False:
        return None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, unit="game", leave=leave)


def simulate(
    game: Game,
    bots: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    *,
    rotate: bool = False,
    workers: int | None = None,
    executor: Executor | str | None = None,
    progress: bool | None = None,
    max_decisions: int = 100_000,
    chunk: int | None = None,
) -> list[Row]:
    """Play ``n`` seeded games of ``game`` and return one row per game, in game order.

    ``bots``: one spec per seat (or one for all seats; random by default). With
    ``rotate`` the specs shift one seat per game, so every bot sits in every seat
    equally often (fair bot comparisons). ``workers`` processes (default: one per core;
    1: this process) or your own ``executor``, or one named by text (``"local"``,
    ``"dask://HOST:PORT"``, ``"ray"``: see :func:`~tablegames.analysis.executors.open_executor`;
    opened and closed by this call). The rows are the same wherever they are played.
    ``progress`` shows a tqdm bar (default:
    when tqdm is installed). ``max_decisions`` stops a game that would not end.

    A row holds ``game``, ``index``, ``seed``, ``players``, ``seats`` (the bot spec of
    each seat), ``winners`` (list), ``winner`` (the single winner or None),
    ``finished``, ``turns``, ``decisions``, ``result_<seat>`` (the seat's return: 1 win,
    -1 loss, 0 draw), the game's named counts (Currents' ``demotions``, ``saves``...)
    and ``n_<kind>`` for every kind of event that happened.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a number of games (0 or more), not {n!r}")
    specs = check_specs(game, bots)
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise ValueError(f"workers must be 1 or more, not {workers!r}")
    if isinstance(executor, str):
        with open_executor(executor) as (opened, size):
            return simulate(
                game,
                specs,
                n,
                seed,
                rotate=rotate,
                workers=workers or size,
                executor=opened,
                progress=progress,
                max_decisions=max_decisions,
                chunk=chunk,
            )
    items = list(enumerate(game_seeds(seed, n)))
    args = (game.name, game.options_json(), specs)
    bar = progress_bar(n, progress, f"{game.name} x{n}")
    rows: list[Row] = []
    try:
        pool_size = workers if workers is not None else (os.cpu_count() or 1)
        if executor is None and pool_size == 1:
            for part in _chunks(items, chunk or 10):
                rows += _play_chunk(*args, part, rotate, max_decisions)
                if bar is not None:
                    bar.update(len(part))
            return rows
        size = chunk or max(1, min(50, n // (pool_size * 8) or 1))
        rows = _run_in_pool(
            executor, pool_size, args, _chunks(items, size), rotate, max_decisions, bar
        )
        rows.sort(key=lambda r: r["index"])
        return rows
    finally:
        if bar is not None:
            bar.close()


def _run_in_pool(
    executor: Executor | None,
    pool_size: int,
    args: tuple[str, dict[str, Any], list[str]],
    parts: Iterable[list[tuple[int, int]]],
    rotate: bool,
    max_decisions: int,
    bar: Any,
) -> list[Row]:
    """The games' rows, chunk by chunk, from ``executor`` (or a process pool of
    ``pool_size`` made and shut down here), in the order they finish."""
    rows: list[Row] = []
    own = executor is None
    pool: Executor = ProcessPoolExecutor(pool_size) if executor is None else executor
    try:
        futures = [pool.submit(_play_chunk, *args, part, rotate, max_decisions) for part in parts]
        for f in as_completed(futures):
            done = f.result()
            rows += done
            if bar is not None:
                bar.update(len(done))
    finally:
        if own:
            pool.shutdown()
    return rows


def compare(
    variants: Mapping[str, Game],
    bots: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    **kwargs: Any,
) -> dict[str, list[Row]]:
    """:func:`simulate` each variant with the same bots, ``n`` and ``seed``: the tables by
    variant name (give them to :func:`tablegames.analysis.metrics` and
    :func:`tablegames.analysis.compare_table`)."""
    return {name: simulate(g, bots, n, seed, **kwargs) for name, g in variants.items()}
