"""simulate() on a real Dask cluster: a LocalCluster of two worker processes on 127.0.0.1,
one for the module, gives exactly the process pool's rows for the same seeds, through
``Client.get_executor()``, through ``executor="dask://HOST:PORT"`` and through the command
line's ``--executor``; a bad name, an unreachable scheduler, a scheduler without workers
and workers with another tablegames version are clear errors, not tracebacks."""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import tablegames as tg
from tablegames.__main__ import main
from tablegames.analysis import metrics, metrics_lines, simulate
from tablegames.analysis.executors import open_executor

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'tablegames[analysis]')"
)

GAME = tg.make("poohsticks", players=2, max_turns=80)
CLI_GAME = ["poohsticks", "--players", "2", "--max-turns", "80"]
BOTS = ["greedy", "random"]
N, SEED = 12, 5


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A scheduler and two single-threaded worker processes on 127.0.0.1."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as c:
        yield c


@pytest.fixture(scope="module")
def pool_rows() -> list[dict[str, Any]]:
    """The reference table: the local process pool (two processes), same seeds."""
    return simulate(GAME, BOTS, N, SEED, rotate=True, workers=2, progress=False)


def dask_url(cluster: Any) -> str:
    return str(cluster.scheduler_address).replace("tcp://", "dask://")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def watched(cluster: Any) -> Iterator[tuple[Any, Any]]:
    """A client of ``cluster`` and the record of every task the cluster runs meanwhile
    (any client's: a command's too)."""
    with (
        distributed.Client(cluster, set_as_default=False) as client,
        distributed.get_task_stream(client) as tasks,
    ):
        yield client, tasks


def played_chunks(tasks: Any) -> int:
    """How many chunks of games the cluster's workers played while ``tasks`` recorded."""
    return sum(str(t["key"]).startswith("_play_chunk") for t in tasks.data)


def test_dask_client_executor_gives_the_process_pools_rows(
    cluster: Any, pool_rows: list[dict[str, Any]]
) -> None:
    with watched(cluster) as (client, tasks):
        rows = simulate(
            GAME, BOTS, N, SEED, rotate=True, executor=client.get_executor(), progress=False,
            chunk=3,
        )  # fmt: skip
    assert rows == pool_rows
    # the games were played by the cluster's workers: one task per chunk of 3 games
    assert played_chunks(tasks) == N // 3
    assert [r["index"] for r in rows] == list(range(N))


def test_dask_executor_by_address_gives_the_same_rows(
    cluster: Any, pool_rows: list[dict[str, Any]]
) -> None:
    with watched(cluster) as (_client, tasks):
        rows = simulate(
            GAME, BOTS, N, SEED, rotate=True, executor=dask_url(cluster), progress=False, chunk=1
        )
    assert rows == pool_rows
    assert played_chunks(tasks) == N


def test_cli_simulate_runs_on_a_running_dask_scheduler(
    cluster: Any, pool_rows: list[dict[str, Any]], tmp_path: Path
) -> None:
    out_file = tmp_path / "rows.jsonl"
    with watched(cluster) as (_client, tasks):  # the command's own client's tasks too
        out = subprocess.run(
            [sys.executable, "-m", "tablegames", "simulate", *CLI_GAME, "--games", str(N),
             "--seed", str(SEED), "--bots", ",".join(BOTS), "--rotate", "--no-progress",
             "--executor", dask_url(cluster), "--rows", str(out_file)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert played_chunks(tasks) > 0
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert rows == pool_rows
    for key, value in metrics_lines(metrics(pool_rows)):
        assert f"{key}" in out.stdout and f"  {value}" in out.stdout


def test_unreachable_dask_scheduler_is_a_clear_error() -> None:
    url = f"dask://127.0.0.1:{free_port()}"
    with (
        pytest.raises(ValueError, match=r"no Dask scheduler answered at tcp://127\.0\.0\.1"),
        open_executor(url, timeout=0.5),
    ):
        pass
    out = subprocess.run(
        [sys.executable, "-m", "tablegames", "simulate", *CLI_GAME, "--games", "2",
         "--executor", url, "--timeout", "0.5", "--no-progress"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode != 0
    assert "no Dask scheduler answered" in out.stderr and "dask scheduler" in out.stderr
    assert "Traceback" not in out.stderr


def test_unknown_executor_names_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown executor 'spark://x'; use local"):
        simulate(GAME, None, 2, executor="spark://x", progress=False)
    with pytest.raises(SystemExit, match=r"unknown executor 'dask://'.*dask://HOST:PORT"):
        main(["simulate", *CLI_GAME, "--games", "2", "--executor", "dask://"])


def test_rows_file_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "rows.jsonl"
    with pytest.raises(SystemExit, match=r"--rows: cannot write .*rows\.jsonl: No such file"):
        main(["simulate", *CLI_GAME, "--games", "2", "--workers", "1", "--rows", str(target)])


def test_workers_is_for_the_local_pool_only() -> None:
    with pytest.raises(SystemExit, match="--workers sets the processes of the local pool"):
        main(["simulate", *CLI_GAME, "--workers", "2", "--executor", "dask://127.0.0.1:1"])


def test_a_scheduler_without_workers_is_a_clear_error() -> None:
    with (
        distributed.LocalCluster(
            n_workers=0, host="127.0.0.1", dashboard_address=":0", silence_logs=logging.ERROR
        ) as empty,
        pytest.raises(ValueError, match=r"has no workers after 0\.5 s; start some with"),
        open_executor(dask_url(empty), timeout=0.5),
    ):
        pass


def test_workers_with_another_tablegames_version_are_refused(
    cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only this process pretends to be another version: the workers report the real one.
    monkeypatch.setattr(tg, "__version__", "0.0.0-other")
    with (
        pytest.raises(ValueError, match=r"need tablegames 0\.0\.0-other .*: tcp://127"),
        open_executor(dask_url(cluster)),
    ):
        pass
