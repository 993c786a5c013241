"""How long a play page's MCTS seat takes to answer (issue 16: within 1 s at its default
strength). The page's seat is ``mcts:300`` bounded by the page's ``bot_seconds`` (0.8 s),
as :class:`tablegames_widgets.PlayWidget` runs it in background mode.

Run: ``python benchmarks/bot_answer.py [--moves 30] [--seed 0]``. For each game, plays
random games and times the seat's ``choose`` on the positions where it is to move;
prints the median and the maximum in ms (the engine's own time, without the page).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tablegames_widgets.play import time_bounded

import tablegames as tg
from tablegames.bots import make_bot

GAMES = {
    "currents 4p": ("currents", {"players": 4}),
    "currents 2p": ("currents", {"players": 2}),
    "fellowship 4p": ("fellowship", {"players": 4}),
    "poohsticks 2p": ("poohsticks", {"players": 2}),
    "cardchess": ("cardchess", {}),
    "resistor": ("resistor", {}),
}


def answers(name: str, options: dict, moves: int, seed: int, seconds: float) -> list[float]:
    """Seconds the page's MCTS seat took on ``moves`` positions of random games."""
    game = tg.make(name, **options)
    rng = random.Random(seed)
    out: list[float] = []
    state = game.initial_state(seed=seed)
    while len(out) < moves:
        if state.is_terminal:
            state = game.initial_state(seed=rng.randrange(10**9))
            continue
        if rng.random() < 0.3:  # the seat answers here
            bot = time_bounded(make_bot("mcts:300", f"{seed}:{len(out)}"), seconds)
            t = time.perf_counter()
            move = bot.choose(state)
            out.append(time.perf_counter() - t)
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=0.8, help="the page's bot_seconds")
    args = parser.parse_args()
    print(f"MCTS seat (mcts:300, bounded by {args.seconds} s): answer time per move, ms")
    for label, (name, options) in GAMES.items():
        ms = [s * 1000 for s in answers(name, options, args.moves, args.seed, args.seconds)]
        print(f"  {label:14} median {statistics.median(ms):6.0f}  max {max(ms):6.0f}"
              f"  ({len(ms)} moves)")  # fmt: skip


if __name__ == "__main__":
    main()
