"""What issue 27's plug-in checks cost: the conformance check with and without its new
parts, and a seat's picture through ``Game.scene`` beside the game's own function.

Prints, per game (the five and docs/example_poker.py's Kuhn poker), the median of
``--runs`` runs (CPU time) of ``check_game(name, games=--games, seed=100)``:

- ``plain``: the checks as before issue 27 (no view checks, no bots' games);
- ``views``: with the view checks (what the pages show every seat, redeals compared) on
  the first ``VIEW_STATES`` states, no bots;
- ``bots``: with the short MCTS and greedy games only;
- ``all``: the check as ``python -m tablegames check`` runs it;

then the median CPU time of one picture for seat 0 (``scene_of(state, viewer=0)``, what every
board and preview calls) against calling the scene function the game declares directly.

    python benchmarks/plugin_check.py [--games 4] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tablegames as tg
from tablegames import conformance
from tablegames.scene import _call as call
from tablegames.scene import scene_of

ROOT = Path(__file__).resolve().parents[1]


def load_poker() -> None:
    """Install docs/example_poker.py's Kuhn poker as a plug-in (its entry point in a site
    folder on the path, as the tests do) and load it: games register only so."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.plugins import install_poker

    sys.path.insert(0, str(install_poker(Path(tempfile.mkdtemp(prefix="plugin-check-")))))
    assert "kuhn" in tg.GAMES, "the Kuhn poker plug-in did not register"


def median_seconds(run: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.process_time()  # CPU time: the machine is shared, wall time moves more
        run()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def check_seconds(name: str, games: int, runs: int, views: int, bots: bool) -> float:
    real = conformance.check_bots
    if not bots:
        conformance.check_bots = lambda game, seed: None
    try:

        def run() -> None:
            report = conformance.check_game(name, games=games, seed=100, views=views)
            assert report.ok, str(report)

        return median_seconds(run, runs)
    finally:
        conformance.check_bots = real


def picture_micros(name: str, runs: int) -> tuple[float, float]:
    """Microseconds per picture of seat 0: through scene_of, and the game's own function."""
    from support.moves import first_moves  # tests/ is on the path: load_poker put it there

    game = tg.make(name)
    state = first_moves(game.initial_state(3), 6)
    direct = game.parts.scene  # the scene function the game declares (tablegames.parts)
    n = 200

    def through() -> None:
        for _ in range(n):
            scene_of(state, viewer=0, square=40.0)

    def own() -> None:
        for _ in range(n):
            if direct is not None:  # with the settings it takes, as the boards call it
                call(direct, state, {"viewer": 0, "square": 40.0})
            else:
                game.scene(state, viewer=0, square=40.0)

    return (1e6 * median_seconds(through, runs) / n, 1e6 * median_seconds(own, runs) / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load_poker()
    names = [*[n for n in tg.GAMES if n != "kuhn"], "kuhn"]
    full = conformance.VIEW_STATES
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores (figures move with it)")
    print(f"check_game(games={args.games}): median of {args.runs} runs, CPU seconds")
    print(f"{'game':<12}{'plain':>8}{'views':>8}{'bots':>8}{'all':>8}")
    for name in names:
        plain = check_seconds(name, args.games, args.runs, 0, False)
        views = check_seconds(name, args.games, args.runs, full, False)
        bots = check_seconds(name, args.games, args.runs, 0, True)
        every = check_seconds(name, args.games, args.runs, full, True)
        print(f"{name:<12}{plain:>8.2f}{views:>8.2f}{bots:>8.2f}{every:>8.2f}")
    print("\nseat 0's picture, microseconds: scene_of (every board) / the game's own function")
    for name in names:
        through, own = picture_micros(name, args.runs)
        print(f"{name:<12}{through:>9.1f}{own:>9.1f}")


if __name__ == "__main__":
    main()
