"""Bot strength, measured: MCTS against random and against greedy in every game.

Run: ``python benchmarks/tournament.py [--games 60] [--iterations 300] [--workers 2]``.
Two-seat matches (each game's two-player form; Card Chess and Resistor are two-player
games) with the seats rotating every game, so each bot sits first as often as
second. Prints each bot's win share with its 95% Wilson interval, and the share of
games nobody won (draws and games stopped by the cap).
"""

from __future__ import annotations

import argparse
import time

import tablegames as tg
from tablegames.analysis import metrics, simulate

#: The two-player form of each game, with its simulation cap.
GAMES: dict[str, dict[str, object]] = {
    "currents": {"players": 2, "max_turns": 200},
    "fellowship": {"players": 2, "max_turns": 200},
    "poohsticks": {"players": 2, "max_turns": 200},
    "cardchess": {"max_turns": 300},
    "resistor": {"max_turns": 600},  # the whole match: ties add pairs of rounds
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60, help="games per match")
    parser.add_argument("--iterations", type=int, default=300, help="MCTS budget per move")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", default="", help="comma-separated game names")
    args = parser.parse_args()
    mcts = f"mcts:{args.iterations}"
    wanted = set(args.only.split(",")) if args.only else set(GAMES)
    print(f"{'game':<12}{'match':<26}{'MCTS wins':<26}{'opponent wins':<26}{'no winner':>10}")
    for name, options in GAMES.items():
        if name not in wanted:
            continue
        if name not in tg.GAMES:
            print(f"{name:<12}not registered")
            continue
        game = tg.make(name, **options)
        for opponent in ("random", "greedy"):
            t0 = time.perf_counter()
            rows = simulate(
                game,
                [mcts, opponent],
                args.games,
                args.seed,
                rotate=True,
                workers=args.workers,
                progress=False,
            )
            m = metrics(rows)
            none = sum(not r["winners"] for r in rows) / len(rows)
            print(
                f"{name:<12}{mcts + ' v ' + opponent:<26}{m['bot_win'][mcts]!s:<26}"
                f"{m['bot_win'][opponent]!s:<26}{100 * none:>9.1f}%"
                f"  ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
