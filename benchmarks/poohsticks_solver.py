"""Poohsticks arithmetic solver speed: microseconds per hand of three, cold and cached.

Run: ``python benchmarks/poohsticks_solver.py [--runs 7]``. "Cold" clears the caches and
times ``hand_table`` over all 455 multisets of three ranks (each hand pays for its own
subsets, partly shared with earlier hands); "cold, alone" clears the caches before every
hand (the worst case a first-time hand can meet); "cached" times ``solutions`` for every
target of every hand once the caches are full, i.e. the cost ``legal_moves`` pays.
Target (issue 5): under 1 ms per hand.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from tablegames.poohsticks import solver

RANKS = solver.RANK_ORDER
SUITS = "CDHS"
HANDS = list(itertools.combinations_with_replacement(RANKS, 3))


def cold() -> float:
    solver.clear_cache()
    t0 = time.perf_counter()
    for ranks in HANDS:
        solver.hand_table(ranks)
    return (time.perf_counter() - t0) / len(HANDS) * 1e6


def cold_alone() -> float:
    total = 0.0
    for ranks in HANDS:
        solver.clear_cache()
        t0 = time.perf_counter()
        solver.hand_table(ranks)
        total += time.perf_counter() - t0
    return total / len(HANDS) * 1e6


def cached() -> float:
    hands = [tuple(r + SUITS[i] for i, r in enumerate(ranks)) for ranks in HANDS]
    for h in hands:
        solver.solutions(h, 1)
    t0 = time.perf_counter()
    for h in hands:
        for t in range(1, 15):
            solver.solutions(h, t)
    return (time.perf_counter() - t0) / len(hands) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rows = {"cold (all hands in turn)": cold, "cold, alone": cold_alone,
            "cached (14 targets)": cached}  # fmt: skip
    print(f"medians of {args.runs} runs, µs per hand of three")
    for label, fn in rows.items():
        print(f"{label:<28}{statistics.median(fn() for _ in range(args.runs)):>10.1f}")


if __name__ == "__main__":
    main()
