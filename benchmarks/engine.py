"""Engine speed: random play for every game, and inspection cost for Currents.

Run: ``make bench`` (or ``python benchmarks/engine.py [--runs 7] [--games 300]``).
Prints medians over several runs of:
- microseconds per decision in random play (``legal_moves()`` + ``apply``), with the
  average number of legal moves per decision;
- complete random games per second (the bot's choice included);
- microseconds per ``state.inspect()`` call over the states of those games (Currents).
Poohsticks fills its solver's cache before timing (its cold cost is measured by
``benchmarks/poohsticks_solver.py``).
Card Chess's decisions include the progressive set-up's placements.
Targets (issues 2 and 6): at most 20 µs per decision and under 20 µs per inspection.
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
    "fellowship 2p": {"game": "fellowship", "players": 2},
    "fellowship 4p": {"game": "fellowship", "players": 4},
    "poohsticks 2p": {"game": "poohsticks", "players": 2},
    "poohsticks 4p": {"game": "poohsticks", "players": 4},
    "cardchess fixed": {"game": "cardchess", "setup": "fixed"},
    "cardchess progr.": {"game": "cardchess", "setup": "progressive"},
    "resistor": {"game": "resistor"},
    "resistor 3 amperes": {"game": "resistor", "amperes": 3},
}
#: The cap that stops a game which would never end (max_turns: each game's turns, Card
#: Chess's moves); random games rarely reach it, except Resistor's: random ampere players
#: never score, so tied rounds would go on for ever.
MAX_TURNS = 1000


def warm_up(game: tg.Game) -> None:
    """Poohsticks: fill the arithmetic solver's cache (every hand of up to three ranks)
    before timing, so the numbers exclude its one-time cost (poohsticks_solver.py has it)."""
    if game.name == "poohsticks":
        import itertools

        from tablegames.poohsticks.solver import RANK_ORDER, hand_table

        for k in (1, 2, 3):
            for ranks in itertools.combinations_with_replacement(RANK_ORDER, k):
                hand_table(ranks)


def one_run(options: dict[str, object], games: int, seed: int) -> dict[str, float]:
    """One run; ``options`` may name the game with a "game" key (default: Currents)."""
    options = dict(options)
    name = str(options.pop("game", "currents"))
    game = tg.make(name, **{"max_turns": MAX_TURNS, **options})
    warm_up(game)
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
    inspected = [s for s in states if hasattr(s, "inspect")]
    for s in inspected:
        s.inspect()  # type: ignore[attr-defined]
    inspect_time = clock() - t0
    return {
        "us_per_decision": decide_time / decisions * 1e6,
        "games_per_s": games / total,
        "us_per_inspect": inspect_time / len(inspected) * 1e6 if inspected else float("nan"),
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
        one_run(options, max(1, args.games // 4), 0)  # warm-up: caches, interned moves, CPU clock
        runs = [one_run(options, args.games, seed) for seed in range(1, args.runs + 1)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        keys = ("us_per_decision", "games_per_s", "us_per_inspect", "moves_per_decision",
                "decisions_per_game")  # fmt: skip
        print(f"{name:<20}" + "".join(f"{med[k]:>13.1f}" for k in keys))


if __name__ == "__main__":
    main()
