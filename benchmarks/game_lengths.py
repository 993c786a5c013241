"""How long a game of each game lasts: the figures the play pages' index shows.

Plays seeded games with each game's play-page defaults (the options a visitor gets
without touching a menu), every seat the same bot: ``random`` (uniform among the legal
moves) and ``greedy`` (one ply of look-ahead). A *turn* is a run of decisions by one
player (a Poohsticks turn is several steps; every other game's turn is one move). Games
that pass ``--cap`` decisions are counted as unfinished, not in the median.

Prints, per game and bot: finished games, the median and quartiles of turns, and the
minutes at :data:`SECONDS_PER_TURN` (a person's turn at a casual pace: look at the
board, choose, tap; a bot's turn takes no time). Both bots are shown; the index uses the
greedy games' median (random games wander: they run long in the racing games).

    python benchmarks/game_lengths.py --games 300
"""

from __future__ import annotations

import argparse
import time
from statistics import median, quantiles

import tablegames as tg
from tablegames.bots import GreedyBot, RandomBot

#: A human's turn at a casual pace (seconds): the index's minutes assume it.
SECONDS_PER_TURN = 15


def turns_of(game: tg.Game, bots: list[object], seed: int, cap: int) -> int | None:
    """Turns of one game (None when it passes ``cap`` decisions)."""
    state = game.initial_state(seed)
    turns, last, decisions = 0, None, 0
    while not state.is_terminal:
        if decisions >= cap:
            return None
        player = state.current_player
        if player != last:
            turns, last = turns + 1, player
        state = state.apply(bots[player].choose(state))  # type: ignore[attr-defined]
        decisions += 1
    return turns


def measure(name: str, kind: str, games: int, cap: int) -> tuple[list[int], int]:
    """Turns of the finished games of ``name`` played by ``kind`` bots, and the unfinished."""
    game = tg.make(name)
    lengths, unfinished = [], 0
    for seed in range(games):
        n = game.num_players
        bots: list[object] = [
            RandomBot(f"{seed}:{p}") if kind == "random" else GreedyBot(seed=f"{seed}:{p}")
            for p in range(n)
        ]
        turns = turns_of(game, bots, seed, cap)
        if turns is None:
            unfinished += 1
        else:
            lengths.append(turns)
    return lengths, unfinished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--cap", type=int, default=3000)
    parser.add_argument("games_", nargs="*", metavar="GAME", help="default: every game")
    args = parser.parse_args()
    for name in args.games_ or list(tg.GAMES):
        for kind in ("random", "greedy"):
            start = time.perf_counter()
            lengths, _unfinished = measure(name, kind, args.games, args.cap)
            took = time.perf_counter() - start
            if not lengths:
                print(f"{name:11} {kind:6} none of {args.games} finished")
                continue
            mid = median(lengths)
            q1, _, q3 = quantiles(lengths, n=4) if len(lengths) > 1 else (mid, mid, mid)
            minutes = mid * SECONDS_PER_TURN / 60
            print(
                f"{name:11} {kind:6} {len(lengths)}/{args.games} finished, "
                f"turns median {mid:g} (quartiles {q1:g}-{q3:g}), "
                f"{minutes:.0f} min at {SECONDS_PER_TURN} s a turn  [{took:.0f} s]",
                flush=True,
            )


if __name__ == "__main__":
    main()
