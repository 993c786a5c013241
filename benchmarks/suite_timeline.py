"""Where a pytest run's wall time went, worker by worker: reads the file that
``TABLEGAMES_TIMELINE=FILE pytest ...`` writes (tests/conftest.py: worker, start, end, test id
per line) and prints, per worker, its busy and idle time and the modules it ran, and for
the whole run the modules that took longest and what ran last.

    TABLEGAMES_TIMELINE=/tmp/tl.tsv make unit
    python benchmarks/suite_timeline.py /tmp/tl.tsv
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path


def read(path: Path) -> list[tuple[str, float, float, str]]:
    """The timeline's rows: (worker, start, end, module) with times in seconds from the
    first test's start."""
    rows = []
    for line in path.read_text().splitlines():
        worker, start, end, test = line.split("\t", 3)
        rows.append((worker, float(start), float(end), test.partition("::")[0]))
    first = min(r[1] for r in rows)
    return [(w, s - first, e - first, m) for w, s, e, m in rows]


def spans(rows: list[tuple[str, float, float, str]]) -> dict[tuple[str, str], list[float]]:
    """(worker, module) -> [first start, last end, seconds in its tests]."""
    out: dict[tuple[str, str], list[float]] = {}
    for worker, start, end, module in rows:
        span = out.setdefault((worker, module), [start, end, 0.0])
        span[0], span[1] = min(span[0], start), max(span[1], end)
        span[2] += end - start
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("timeline", type=Path)
    parser.add_argument("--top", type=int, default=25, help="modules listed (default 25)")
    args = parser.parse_args(argv)
    rows = read(args.timeline)
    end = max(r[2] for r in rows)
    by_module = spans(rows)
    print(f"{len(rows)} tests, {end:.0f} s from the first test's start to the last one's end")
    workers: dict[str, float] = defaultdict(float)
    for (worker, _), (_, _, busy) in by_module.items():
        workers[worker] += busy
    for worker in sorted(workers):
        last = max(e for (w, _), (_, e, _) in by_module.items() if w == worker)
        print(f"  {worker}: {workers[worker]:.0f} s in tests, last test ended at {last:.0f} s")
    print("\nlongest modules (seconds in tests; span = first start .. last end):")
    ranked = sorted(by_module.items(), key=lambda kv: -kv[1][2])[: args.top]
    for (worker, module), (start, stop, busy) in ranked:
        print(f"  {busy:7.1f} s  {worker:5} {start:6.0f}..{stop:6.0f}  {module}")
    print("\nthe last modules to end:")
    last = sorted(by_module.items(), key=lambda kv: -kv[1][1])[:8]
    for (worker, module), (_, stop, busy) in last:
        print(f"  ended {stop:6.0f} s  {worker:5} {busy:7.1f} s  {module}")


if __name__ == "__main__":
    main()
