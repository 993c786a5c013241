"""Make the explore notebooks' stored result tables (``make explore-data``).

Every ``*_runs.py`` module in this folder registers its notebook's full runs with
``tablegames.analysis.runs.register``; this script loads them all, runs each (or only
``--only NAME``) and writes ``NAME.json`` here: the rows with their provenance. Games
are played on a local process pool, or on a Dask cluster when ``DASK_SCHEDULER`` is
``HOST:PORT`` (its workers need tablegames installed; functions defined in these modules
are sent to them by value, since they cannot import them; the provenance's CPU time then
covers this machine only). The notebooks read the files, so they re-execute fast.

The script lives beside the data it makes, and the run modules beside it, so a notebook
owner adds a run by adding one file here, without editing a shared list.

Usage: python notebooks/explore/data/run.py [--only NAME ...] [--list] [--workers N]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

from tablegames.analysis.provenance import write_table
from tablegames.analysis.runs import RUNS, Run, execute

HERE = Path(__file__).resolve().parent


def load_runs(folder: Path = HERE) -> dict[str, Run]:
    """Import every ``*_runs.py`` module in ``folder`` (each registers its runs) and
    return the registry. The modules are importable afterwards by their file stem,
    so process-pool workers can unpickle functions defined in them."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    for path in sorted(folder.glob("*_runs.py")):
        if path.stem not in sys.modules:
            spec = importlib.util.spec_from_file_location(path.stem, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[path.stem] = module
            spec.loader.exec_module(module)
    return RUNS


def executor_spec() -> str | None:
    """``dask://HOST:PORT`` from ``DASK_SCHEDULER``, else None (local process pool)."""
    address = os.environ.get("DASK_SCHEDULER", "").strip()
    if not address:
        return None
    return address if "://" in address else "dask://" + address


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="run only NAME")
    parser.add_argument("--list", action="store_true", help="list the runs and stop")
    parser.add_argument("--workers", type=int, help="local worker processes (default: cores)")
    args = parser.parse_args(argv)
    runs = load_runs()
    if args.list:
        for run in runs.values():
            print(f"{run.name:40} {run.notebook:36} {run.about}")
        return 0
    names = args.only or list(runs)
    unknown = [n for n in names if n not in runs]
    if unknown:
        parser.error(f"no run named {', '.join(unknown)}; --list shows them")
    spec = executor_spec()
    if spec is not None:  # cluster workers cannot import these files: send them by value
        import cloudpickle

        for module in {run.fn.__module__ for run in runs.values()}:
            if module in sys.modules and module.endswith("_runs"):
                cloudpickle.register_pickle_by_value(sys.modules[module])
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        tqdm = None
    bar = tqdm(names, desc="explore runs", unit="run") if tqdm else names
    for i, name in enumerate(bar):
        if tqdm is None:
            print(f"[{i + 1}/{len(names)}] {name} ...", flush=True)
        started = time.perf_counter()
        rows, prov = execute(runs[name], executor=spec, workers=args.workers, progress=True)
        path = write_table(HERE, name, rows, prov)
        print(
            f"{path.name}: {len(rows)} rows, {time.perf_counter() - started:.0f} s wall, "
            f"{prov['cpu_seconds']:.0f} s CPU ({prov['where']})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
