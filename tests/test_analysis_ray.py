"""simulate() on Ray (the ``ray`` extra): a Ray instance started here for the module, with
its worker processes, gives exactly the process pool's rows for the same seeds, through
:class:`RayExecutor` and through ``executor="ray"``. Skipped when Ray is not installed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import pytest

import tablegames as tg
from tablegames.analysis import simulate
from tablegames.analysis.executors import RayExecutor, open_executor

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'tablegames[ray]')")

GAME = tg.make("poohsticks", players=2, max_turns=80)
BOTS = ["greedy", "random"]
N, SEED = 12, 5


@pytest.fixture(scope="module")
def ray_executor() -> Iterator[tuple[Executor, int]]:
    """Ray started on this machine by ``open_executor("ray")`` (shut down after)."""
    with open_executor("ray") as (executor, size):
        assert executor is not None and size is not None
        yield executor, size


def test_ray_executor_gives_the_process_pools_rows(ray_executor: tuple[Executor, int]) -> None:
    executor, size = ray_executor
    assert isinstance(executor, RayExecutor)
    pool_rows = simulate(GAME, BOTS, N, SEED, rotate=True, workers=2, progress=False)
    rows: list[dict[str, Any]] = simulate(
        GAME, BOTS, N, SEED, rotate=True, executor=executor, workers=size, progress=False
    )
    assert rows == pool_rows
    # the games ran in Ray's worker processes, not in this one
    pids = {executor.submit(os.getpid).result() for _ in range(4)}  # a builtin too
    assert pids and os.getpid() not in pids


def test_ray_by_name_joins_the_running_ray(ray_executor: tuple[Executor, int]) -> None:
    one = simulate(GAME, BOTS, 6, SEED, workers=1, progress=False)
    assert simulate(GAME, BOTS, 6, SEED, executor="ray", progress=False) == one
    assert ray.is_initialized()  # "ray" joined the module's Ray and left it running


def test_ray_executor_refuses_work_after_shutdown() -> None:
    executor = RayExecutor()
    executor.shutdown()
    with pytest.raises(RuntimeError, match="after shutdown"):
        executor.submit(os.getpid)
