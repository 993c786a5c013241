"""Engine speed: random play and inspection cost for Currents.

Run: ``make bench`` (or ``python benchmarks/engine.py [--runs 7] [--games 300]``).
Prints medians over several runs of:
- microseconds per decision in random play (``legal_moves()`` + ``apply``), with the
  average number of legal moves per decision;
- complete random games per second (the bot's choice included);
- microseconds per ``state.inspect()`` call over the states of those games.
Targets (issue 2): at most 20 µs per decision and under 20 µs per inspection.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import tablegames as tg

CONFIGS = {
    "currents 2p": {"players": 2},
    "currents 4p": {"players": 4},
    "currents 4p jokers": {"players": 4, "jokers": 2},
}


def one_run(options: dict[str, object], games: int, seed: int) -> dict[str, float]:
    game = tg.make("currents", max_turns=1000, **options)
    rng = random.Random(seed)
    states: list[tg.State] = []
    decisions = moves_seen = 0
    decide_time = 0.0
    clock = time.perf_counter
    start = clock()
    for g in range(games):
        state = game.initial_state(seed * 100_000 + g)
        while not state.is_terminal:
            t0 = clock()
            moves = state.legal_moves()
            nxt = state.apply(moves[rng.randrange(len(moves))])
            decide_time += clock() - t0
            decisions += 1
            moves_seen += len(moves)
            if decisions % 7 == 0:
                states.append(state)
            state = nxt
    total = clock() - start
    t0 = clock()
    for s in states:
        s.inspect()  # type: ignore[attr-defined]
    inspect_time = clock() - t0
    return {
        "us_per_decision": decide_time / decisions * 1e6,
        "games_per_s": games / total,
        "us_per_inspect": inspect_time / len(states) * 1e6,
        "moves_per_decision": moves_seen / decisions,
        "decisions_per_game": decisions / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; "
        f"medians of {args.runs} runs of {args.games} games each"
    )
    columns = ("µs/decision", "games/s", "µs/inspect", "moves", "dec/game")
    print(f"{'config':<20}" + "".join(f"{c:>13}" for c in columns))
    for name, options in CONFIGS.items():
        runs = [one_run(options, args.games, seed) for seed in range(1, args.runs + 1)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        keys = ("us_per_decision", "games_per_s", "us_per_inspect", "moves_per_decision",
                "decisions_per_game")  # fmt: skip
        print(f"{name:<20}" + "".join(f"{med[k]:>13.1f}" for k in keys))


if __name__ == "__main__":
    main()
