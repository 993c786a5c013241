"""Grow a stored balance table by one batch per table still undecided (issue 29).

A balance question at a search rung costs about a CPU second a game, so its table is
played in batches on one process, between other work, and stored after each batch:
the stored games stay the start of the full run (game ``k`` of a table always has the
``k``-th seed of its base seed), and the provenance adds up every batch's games, wall
and CPU time and commit (``batches``). A table stops growing once its interval
decides (:func:`~tablegames.analysis.questions.common.decided`) or it holds its most
games. ``make explore-data`` plays the same tables from the start instead.

A run module offers its growable tables in ``GROWING``: the data file's name to a
:class:`Growing`.

Usage: nice -n 10 python notebooks/explore/data/grow.py NAME [--batch 200]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablegames.analysis.metrics import Share
from tablegames.analysis.provenance import provenance, read_table, write_table
from tablegames.analysis.questions.common import Row, Table, decided
from tablegames.analysis.runs import RunContext

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Growing:
    """The tables of one data file that grow batch by batch: each ``Table``, what it is
    judged by (a share and its fair value), the fields added to its rows, its most games."""

    tables: Sequence[Table]
    judge: Callable[[list[Row]], tuple[Share, float]]
    max_games: int
    fields: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # by label
    #: by label, the run's game the file starts at (a table continuing another file's)
    first: Mapping[str, int] = field(default_factory=dict)

    def full(self, ctx: RunContext, batch: int) -> list[Row]:
        """The whole run from its first game (what ``make explore-data`` plays)."""
        out: list[Row] = []
        for t in self.tables:
            rows = t.until_decided(
                ctx,
                self.judge,
                batch=batch,
                min_games=batch,
                max_games=self.max_games,
                first=self.first.get(t.label, 0),
            )
            out += [{**r, **self.fields.get(t.label, {})} for r in rows]
        return out


def growing() -> dict[str, Growing]:
    """Every run module's ``GROWING``, by data file name."""
    sys.path.insert(0, str(HERE))
    from run import load_runs

    load_runs()
    out: dict[str, Growing] = {}
    for name, module in sys.modules.items():
        if name.endswith("_runs"):
            out.update(getattr(module, "GROWING", {}))
    return out


def grow(name: str, spec: Growing, batch: int) -> bool:
    """Play one batch of each undecided table of ``name`` and store the file again;
    True when every table is settled (decided or full)."""
    path = HERE / f"{name}.json"
    old = read_table(path) if path.exists() else {"rows": [], "provenance": {}}
    rows: list[Row] = list(old["rows"])
    ctx = RunContext(None, 1, progress=True)
    wall, cpu = time.perf_counter(), time.process_time()
    played: dict[str, list[int]] = {}
    settled = True
    for t in spec.tables:
        mine = [r for r in rows if r["label"] == t.label]
        n, first = len(mine), spec.first.get(t.label, 0)
        if n and (decided(*spec.judge(mine)) or n >= spec.max_games):
            continue
        stop = min(n + batch, spec.max_games)
        new = [{**r, **spec.fields.get(t.label, {})} for r in t.play(ctx, first + n, first + stop)]
        rows += new
        played[t.label] = [first + n, first + stop]
        settled = settled and (decided(*spec.judge(mine + new)) or stop >= spec.max_games)
    if not played:
        return True
    this = provenance(
        options=ctx.options,
        bots=ctx.bots,
        seeds=ctx.seeds,
        counts=ctx.counts,
        wall_seconds=time.perf_counter() - wall,
        cpu_seconds=time.process_time() - cpu,
    )
    before = dict(old["provenance"])
    batches = list(before.get("batches", []))
    if before and not batches:  # the table as first stored, one batch
        batches = [{k: before[k] for k in ("commit", "date", "counts") if k in before}]
        batches[0] |= {"wall_seconds": before["wall_seconds"], "cpu_seconds": before["cpu_seconds"]}
    batches.append(
        {"commit": this["commit"], "date": this["date"], "games": played}
        | {k: this[k] for k in ("wall_seconds", "cpu_seconds")}
    )
    counts = dict(before.get("counts", {}))
    for label, n in ctx.counts.items():
        counts[label] = counts.get(label, 0) + n
    prov = {
        **before,
        **this,
        "options": {**before.get("options", {}), **this["options"]},
        "bots": {**before.get("bots", {}), **this["bots"]},
        "seeds": {**before.get("seeds", {}), **this["seeds"]},
        "counts": counts,
        "wall_seconds": round(sum(b["wall_seconds"] for b in batches), 2),
        "cpu_seconds": round(sum(b["cpu_seconds"] for b in batches), 2),
        "where": "one local process (nice 10), batch by batch (batches)",
        "workers": 1,
        "run": name,
        "batches": batches,
    }
    write_table(HERE, name, rows, prov)
    for t in spec.tables:
        mine = [r for r in rows if r["label"] == t.label]
        share, fair = spec.judge(mine)
        state = "decided" if decided(share, fair) else "open"
        print(f"{name}: {t.label}: {len(mine)} games, {share} fair {100 * fair:.1f}% {state}")
    print(f"batch: {this['wall_seconds']:.0f} s wall, {this['cpu_seconds']:.0f} s CPU", flush=True)
    return settled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="the data file's name (a run module's GROWING)")
    parser.add_argument("--batch", type=int, default=200, help="games per table per call")
    args = parser.parse_args(argv)
    specs = growing()
    if args.name not in specs:
        parser.error(f"nothing grows {args.name!r}; growable: {', '.join(sorted(specs))}")
    return 0 if grow(args.name, specs[args.name], args.batch) else 3


if __name__ == "__main__":
    sys.exit(main())
