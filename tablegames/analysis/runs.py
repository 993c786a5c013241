"""The registry of full simulation runs behind the explore notebooks, and how one runs.

Each question an explore notebook answers from a long simulation registers one run:
a function that takes a :class:`RunContext` and returns the rows of its result table.
``make explore-data`` (``notebooks/explore/data/run.py``) runs them all, or one with
``--only NAME``, and stores each table with its provenance under
``notebooks/explore/data/NAME.json``; the notebook reads that file. The context plays
the games on the chosen executor (a local process pool, or a Dask cluster), notes the
options, bots, seeds and counts as they are used, and :func:`execute` adds the times.

>>> @register("doc-example", notebook="none.ipynb", about="a doctest")
... def _example(ctx: RunContext) -> list[dict[str, Any]]:
...     import tablegames as tg
...     rows = ctx.simulate(tg.make("poohsticks", players=2), ["random"], 4, seed=1)
...     return [{"games": len(rows)}]
>>> rows, prov = execute(RUNS.pop("doc-example"), workers=1)
>>> rows, prov["counts"], prov["bots"]
([{'games': 4}], {'poohsticks': 4}, {'poohsticks': ['random']})
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..core import Game
from .executors import open_executor
from .metrics import Share
from .provenance import git_commit, provenance
from .simulate import progress_bar, simulate

Row = dict[str, Any]
T = TypeVar("T")
R = TypeVar("R")


@dataclass
class RunContext:
    """What a run plays its games through, and the record of what it played.

    ``executor``/``workers``: where games go (None and None: a process pool with one
    worker per core). ``options``, ``bots``, ``seeds`` and ``counts`` fill in as the run
    calls :meth:`simulate` or :meth:`map` (keyed by a label), for the provenance.
    """

    executor: Executor | None = None
    workers: int | None = None
    progress: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    seeds: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def note(self, label: str, game: Game, bots: Any, seed: Any, n: int) -> None:
        """Record one table's options, bots, base seed and game count under ``label``."""
        self.options[label] = game.options_json()
        self.bots[label] = bots
        self.seeds[label] = seed
        self.counts[label] = self.counts.get(label, 0) + n

    def simulate(
        self,
        game: Game,
        bots: Sequence[str],
        n: int,
        seed: int,
        *,
        label: str | None = None,
        **kwargs: Any,
    ) -> list[Row]:
        """:func:`~tablegames.analysis.simulate` on this context's executor, noted."""
        rows = simulate(
            game,
            bots,
            n,
            seed,
            executor=self.executor,
            workers=self.workers,
            progress=self.progress,
            **kwargs,
        )
        self.note(label or game.name, game, list(bots), seed, n)
        return rows

    def until_decided(
        self,
        game: Game,
        bots: Sequence[str],
        share: Callable[[list[Row]], Share],
        fair: float,
        *,
        seed: int,
        batch: int,
        max_games: int,
        label: str | None = None,
        **kwargs: Any,
    ) -> list[Row]:
        """Play batches of ``batch`` games until ``share(rows)``'s 95% interval excludes
        ``fair`` or is at most ±2 points wide, or ``max_games`` are played.

        Batch ``k`` uses base seed ``seed + k``, so a longer run starts with a shorter
        one's games. Looking after every batch makes the interval slightly optimistic
        (a few looks at most, since batches are large); the rows say how many were needed.
        """
        rows: list[Row] = []
        k = 0
        while len(rows) < max_games:
            more = self.simulate(
                game, bots, min(batch, max_games - len(rows)), seed + k, label=label, **kwargs
            )
            for r in more:
                r["index"] = len(rows)
                rows.append(r)
            k += 1
            s = share(rows)
            if not s.low <= fair <= s.high or (s.high - s.low) / 2 <= 0.02:
                break
        self.seeds[label or game.name] = [seed + i for i in range(k)]
        return rows

    def map(self, fn: Callable[[T], R], items: Iterable[T], *, label: str = "map") -> list[R]:
        """``fn`` over ``items`` on the executor (a local pool when there is none), in
        order. ``fn`` must be importable where it runs: define it in a module, not a
        notebook or a script."""
        todo = list(items)
        own = self.executor is None and (self.workers or os.cpu_count() or 1) > 1
        pool: Executor | None = ProcessPoolExecutor(self.workers) if own else self.executor
        bar = progress_bar(len(todo), None, label, leave=False) if self.progress else None
        try:
            if pool is None:
                out = []
                for x in todo:
                    out.append(fn(x))
                    if bar is not None:
                        bar.update(1)
            else:
                futures = [pool.submit(fn, x) for x in todo]
                if bar is not None:
                    for _done in as_completed(futures):
                        bar.update(1)
                out = [f.result() for f in futures]
        finally:
            if own and pool is not None:
                pool.shutdown()
            if bar is not None:
                bar.close()
        self.counts[label] = self.counts.get(label, 0) + len(todo)
        return out


@dataclass(frozen=True)
class Run:
    """A registered full run: its data file's ``name`` (named for the question), the
    ``notebook`` that reads it (relative to ``notebooks/explore``), a line ``about`` it,
    and the function making its rows."""

    name: str
    notebook: str
    about: str
    fn: Callable[[RunContext], list[Row]]


#: Every registered run, by name (the data file's stem).
RUNS: dict[str, Run] = {}


def register(
    name: str, *, notebook: str, about: str
) -> Callable[[Callable[[RunContext], list[Row]]], Callable[[RunContext], list[Row]]]:
    """Register the decorated function as the run ``name`` (see the module's example).
    Registering a name again replaces it (a module loaded twice)."""

    def add(fn: Callable[[RunContext], list[Row]]) -> Callable[[RunContext], list[Row]]:
        RUNS[name] = Run(name, notebook, about, fn)
        return fn

    return add


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def execute(
    run: Run,
    *,
    executor: str | None = None,
    workers: int | None = None,
    progress: bool = False,
) -> tuple[list[Row], dict[str, Any]]:
    """Run ``run`` and return its rows and provenance (not yet stored).

    ``executor``: ``None``/``"local"`` or ``"dask://HOST:PORT"`` (see
    :func:`~tablegames.analysis.executors.open_executor`). CPU time is this process's
    plus its finished child processes'; on a cluster the workers' time is not seen
    here, and the provenance says so (``cpu_seconds`` covers this machine only).
    The commit is the one checked out when the run starts (its code plays the games);
    if another is checked out, or the code changed, by the end, ``commit_at_end`` says so.
    """
    started_at = git_commit()  # the code that plays is the code checked out now
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    with open_executor(executor) as (opened, size):
        ctx = RunContext(opened, workers or size, progress)
        rows = run.fn(ctx)
    where = "local process pool" if opened is None else f"cluster {executor}"
    ended_at = git_commit()
    moved = {} if ended_at == started_at else {"commit_at_end": ended_at}
    prov = provenance(
        commit=started_at,
        **moved,
        options=ctx.options,
        bots=ctx.bots,
        seeds=ctx.seeds,
        counts=ctx.counts,
        wall_seconds=time.perf_counter() - wall,
        cpu_seconds=time.process_time() - cpu + _children_cpu() - children,
        where=where,
        workers=ctx.workers or os.cpu_count(),
        run=run.name,
        about=run.about,
    )
    return rows, prov


__all__ = ["RUNS", "Run", "RunContext", "execute", "register"]
