"""simulate() throughput here and on a cluster engine (issue 18 item 3).

Run: ``python benchmarks/cluster.py [--games 300] [--runs 5] [--ray]``. Plays the same
seeded greedy-vs-random Currents games (2 players) with:
- 1 worker: ``workers=1``, in this process;
- 2 workers: ``workers=2``, the local process pool (started by each call, as users
  call it);
- Dask: a ``distributed.LocalCluster`` of 2 single-threaded worker processes on
  127.0.0.1, through ``Client.get_executor()`` (cluster started once, not timed);
- Ray (``--ray``, when installed): a local Ray instance through ``RayExecutor``.

Prints games per second, the median of ``--runs`` runs (and the slowest and fastest),
each executor's start-up time, and whether every executor's rows equal the 1-worker
rows (they must: the seeds are fixed before any work goes out). The machine has 2
cores shared with other work: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import tablegames as tg
from tablegames.analysis import simulate
from tablegames.analysis.executors import open_executor

Rows = list[dict[str, Any]]


def timed(run: Callable[[], Rows], runs: int, games: int) -> tuple[list[float], Rows]:
    """Games per second of each of ``runs`` calls, and the last call's rows."""
    rates, rows = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        rows = run()
        rates.append(games / (time.perf_counter() - t0))
    return rates, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    ap.add_argument("--runs", type=int, default=5, help="runs per executor (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ray", action="store_true", help="also Ray (a local instance)")
    args = ap.parse_args()
    game = tg.make("currents", players=2)
    bots = ["greedy", "random"]

    def sim(**kw: Any) -> Callable[[], Rows]:
        return lambda: simulate(game, bots, args.games, args.seed, progress=False, **kw)

    print(
        f"simulate: {args.games} Currents 2p games (greedy vs random), seed {args.seed}, "
        f"median of {args.runs} runs; {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} cores"
    )
    results: dict[str, tuple[list[float], Rows, float]] = {}
    results["1 worker (this process)"] = (*timed(sim(workers=1), args.runs, args.games), 0.0)
    results["2 workers (process pool)"] = (*timed(sim(workers=2), args.runs, args.games), 0.0)

    import distributed

    t0 = time.perf_counter()
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        url = str(cluster.scheduler_address).replace("tcp://", "dask://")
        with open_executor(url) as (executor, size):
            started = time.perf_counter() - t0
            assert executor is not None
            results["Dask LocalCluster (2 workers)"] = (
                *timed(sim(executor=executor, workers=size), args.runs, args.games),
                started,
            )
    if args.ray:
        t0 = time.perf_counter()
        with open_executor("ray") as (ray_executor, size):
            started = time.perf_counter() - t0
            ex: Executor | None = ray_executor
            results["Ray, local instance"] = (
                *timed(sim(executor=ex, workers=size), args.runs, args.games),
                started,
            )

    reference = results["1 worker (this process)"][1]
    one = statistics.median(results["1 worker (this process)"][0])
    width = max(len(k) for k in results)
    print(f"{'executor':<{width}}  games/s (min-max)      x 1 worker  start-up  rows")
    for name, (rates, rows, started) in results.items():
        med = statistics.median(rates)
        same = "identical" if rows == reference else "DIFFER"
        start = f"{started:5.1f} s" if started else "      -"
        print(
            f"{name:<{width}}  {med:7.1f} ({min(rates):6.1f}-{max(rates):6.1f})"
            f"  {med / one:9.2f}  {start}   {same}"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
