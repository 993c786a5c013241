"""Where :func:`~tablegames.analysis.simulate` runs its games, named by a short text.

``open_executor(spec)`` turns the command line's ``--executor`` (or ``simulate``'s
``executor="..."``) into a :class:`concurrent.futures.Executor`:

- ``"local"`` (or ``"processes"``, or None): None, that is ``simulate``'s own process
  pool on this machine (``workers`` processes, one per core by default);
- ``"dask://HOST:PORT"`` (or Dask's own ``"tcp://HOST:PORT"``): a running Dask
  scheduler and its workers, through ``distributed.Client(...).get_executor()``;
- ``"ray"``: the Ray cluster this machine belongs to (``RAY_ADDRESS``, or one started by
  ``ray start``), else a Ray instance started here for the run; ``"ray://HOST:PORT"``:
  a remote Ray cluster through Ray Client.

Dask and Ray are imported here, when such an executor is asked for, never when the
engine is imported: the engine needs nothing but the standard library. Every worker
must have tablegames installed, in the same version as the caller (the games are
rebuilt there from their name and options); for Dask this is checked before any game
is sent.

>>> with open_executor("local") as (executor, size):
...     print(executor, size)
None None
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any

#: What ``--executor`` accepts, for help texts and error messages.
EXECUTOR_HELP = (
    "local (default: a process pool on this machine), dask://HOST:PORT (a running Dask "
    "scheduler), ray (this machine's Ray cluster, or one started here) or ray://HOST:PORT "
    "(Ray Client)"
)
LOCAL = ("", "local", "processes")


@contextmanager
def open_executor(
    spec: str | None, *, timeout: float = 10.0
) -> Iterator[tuple[Executor | None, int | None]]:
    """The executor named by ``spec`` and how many tasks it runs at once, closed after.

    Yields ``(None, None)`` for the local process pool. ``timeout``: seconds to wait
    for a cluster's scheduler to answer and for its first worker. Raises ValueError
    with what was wrong (unknown name, library missing, scheduler unreachable, no
    workers, workers without tablegames or with another version).
    """
    text = (spec or "").strip()
    if text.lower() in LOCAL:
        yield None, None
        return
    scheme, sep, address = text.partition("://")
    scheme = scheme.lower()
    if sep and scheme in ("dask", "tcp", "tls") and address:
        with _dask(("tcp" if scheme == "dask" else scheme) + "://" + address, timeout) as got:
            yield got
        return
    if text.lower() == "ray" or (sep and scheme == "ray" and address):
        with _ray(text if sep else None) as got:
            yield got
        return
    raise ValueError(f"unknown executor {spec!r}; use {EXECUTOR_HELP}")


def version_probe() -> Callable[[], str | None]:
    """A function that returns tablegames' version where it runs (None: not installed).

    Made here as a closure, so cloudpickle sends it by value: a worker without
    tablegames can still run it and say so.

    >>> version_probe()() == __import__("tablegames").__version__
    True
    """

    def probe() -> str | None:
        try:
            import tablegames
        except ImportError:
            return None
        return tablegames.__version__

    return probe


def _missing(library: str, extra: str) -> ValueError:
    return ValueError(
        f"this executor needs {library}, which is not installed: pip install 'tablegames[{extra}]'"
    )


@contextmanager
def _dask(address: str, timeout: float) -> Iterator[tuple[Executor, int]]:
    """A client of the Dask scheduler at ``address``, its workers checked, as an executor."""
    try:
        # Any: partly annotated, and optional (mypy may run where it is not installed)
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise _missing("dask.distributed", "analysis") from None
    try:
        client = dask.Client(address, timeout=timeout, set_as_default=False)
    except OSError as e:
        raise ValueError(
            f"no Dask scheduler answered at {address} within {timeout:g} s ({e}); "
            "start one with `dask scheduler` and workers with `dask worker ADDRESS`"
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ValueError(
                f"the Dask scheduler at {address} has no workers after {timeout:g} s; "
                f"start some with `dask worker {address}` where tablegames is installed"
            ) from None
        versions: dict[str, str | None] = client.run(version_probe())
        mine = version_probe()()
        wrong = {w: v for w, v in versions.items() if v != mine}
        if wrong:
            listed = ", ".join(f"{w}: {v or 'not installed'}" for w, v in sorted(wrong.items()))
            raise ValueError(
                f"Dask workers need tablegames {mine} installed, as here; these differ: {listed}"
            )
        threads = sum(client.nthreads().values())
        yield client.get_executor(pure=False), max(1, threads)
    finally:
        client.close()


class RayExecutor(Executor):
    """A :class:`concurrent.futures.Executor` whose calls run as Ray tasks (Ray ships
    none): ``submit`` makes the function remote (once) and returns the task's future.

    Ray must be initialised (``ray.init``) before the first ``submit``.
    """

    def __init__(self, **options: Any) -> None:
        self._ray: Any = importlib.import_module("ray")
        self._options = options
        self._remote: dict[Callable[..., Any], Any] = {}
        self._closed = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._closed:
            raise RuntimeError("cannot submit to a RayExecutor after shutdown")
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(**self._options)(_as_function(fn))
        future: Future[Any] = remote.remote(*args, **kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._closed = True


def _as_function(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` itself when it is a Python function, else (a builtin, a partial, a callable
    object) wrapped in one, since ``ray.remote`` takes only functions and classes."""
    if inspect.isfunction(fn):
        return fn

    def call(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return call


@contextmanager
def _ray(address: str | None) -> Iterator[tuple[Executor, int]]:
    """Ray joined at ``address`` (None: this machine's cluster or a new local one)."""
    try:
        ray: Any = importlib.import_module("ray")  # Any, as Dask above
    except ImportError:
        raise _missing("ray", "ray") from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, OSError, RuntimeError) as e:
            raise ValueError(f"could not join the Ray cluster at {address}: {e}") from None
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        yield RayExecutor(num_cpus=1), max(1, cpus)
    finally:
        if started:
            ray.shutdown()
