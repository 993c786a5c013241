"""MCTS instructions per iteration, counted by valgrind: the bots' speed as a figure that
does not move with the machine's load (``bots.py`` times iterations per second, which
move by 2x from day to day), for issue 31's goal: MCTS at least twice as fast as before.

Run: ``python benchmarks/mcts_instructions.py [--tree PATH] [--pure] [--only currents]``.
Needs ``valgrind`` (Debian: ``apt-get install valgrind``). Per configuration, two child
runs under ``valgrind --tool=cachegrind --cache-sim=no`` search four positions (2-9 seeded
random moves into seeded games) once with 300 iterations (a warm-up that fills the
engines' caches, Poohsticks' hand tables say) and then with 100, and with 300; the
difference over the 200 iterations a position is printed. Start-up, imports and the
warm-up cancel out. Each game's default search: ISMCTS on the hidden-information games,
UCT on the others, the game's own playout depth. ``--tree PATH`` counts the engine and
bots of another checkout (``git worktree add /tmp/old REV``; its compiled engine if built
there, else pure Python; ``--pure`` forces pure Python), so two revisions are measured
the same way; ``TABLEGAMES_PURE`` is set for the child either way.

2026-11-29 (issue 31), before: 2662369 (the tree before the issue's first change), pure
Python; after: 939b77a (Currents' push read off the accept board, its placement events
made once, its legal moves not kept; generators seeded once), compiled (``make
compiled``); both counted by this script as it is now (the collector's full passes left
out of the import-time objects, see ``search``):

| game | before | after | speed-up |
|---|---|---|---|
| Currents 2p | 820k | 291k | 2.82x |
| Currents 4p | 843k | 309k | 2.73x |
| Fellowship 2p | 2.51M | 924k | 2.71x |
| Poohsticks 2p | 2.86M | 1.26M | 2.28x |
| Card Chess | 151k | 66.3k | 2.28x |
| Resistor | 86.0k | 32.6k | 2.63x |
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Per configuration: the game, its options.
CONFIGS: dict[str, tuple[str, dict[str, object]]] = {
    "currents 2p": ("currents", {"players": 2}),
    "currents 4p": ("currents", {"players": 4}),
    "fellowship 2p": ("fellowship", {"players": 2}),
    "poohsticks 2p": ("poohsticks", {"players": 2}),
    "cardchess": ("cardchess", {}),
    "resistor": ("resistor", {}),
}
#: Each game's max_turns (200 unless named here), as benchmarks/bots.py caps them.
MAX_TURNS = {"cardchess": 400, "resistor": 800}
WARM, LOW, HIGH = 300, 100, 300
POSITIONS = 4


def search(config: str, iterations: int) -> int:
    """The child's work: a warm-up search of each position, then one of ``iterations``;
    the positions searched (the same on every run)."""
    import tablegames as tg
    from tablegames.bots import MCTSBot

    name, options = CONFIGS[config]
    game = tg.make(name, max_turns=MAX_TURNS.get(name, 200), **options)
    # the objects made so far (imports, the games' tables) left out of the collector's
    # full passes: whether one more full pass falls between the two runs' ends turned on
    # a few thousand such objects, and moved a figure by 40% (Card Chess, 2026-11-29)
    gc.collect()
    gc.freeze()
    searched = 0
    for budget in (WARM, iterations):
        gen = random.Random(3)
        searched = 0
        for k in range(POSITIONS):
            s = game.initial_state(3000 + k)
            for _ in range(gen.randrange(2, 10)):
                if s.is_terminal:
                    break
                moves = s.legal_moves()
                s = s.apply(moves[gen.randrange(len(moves))])
            if not s.is_terminal:
                MCTSBot(iterations=budget, seed=k).analyse(s)
                searched += 1
    return searched


def count(tree: Path, pure: bool, config: str, iterations: int) -> tuple[int, int]:
    """(instructions, positions searched) of one child run under valgrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", config,
               "--iterations", str(iterations)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0",
           "TABLEGAMES_PURE": "1" if pure else ""}  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd="/tmp")
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or refs is None:
        raise RuntimeError(f"the child run failed:\n{done.stderr[-2000:]}")
    return int(refs[1].replace(",", "")), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--pure", action="store_true", help="pure Python in the child")
    parser.add_argument("--only", default="", help="only the configs whose name has this")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one run, under valgrind
    parser.add_argument("--iterations", type=int, default=HIGH, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(search(args.child, args.iterations))
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)")
        return
    engine = "pure" if args.pure else "as built"
    print(f"{'config':<16}{'instructions an iteration':>28}   tree {args.tree} ({engine})")
    for config in CONFIGS:
        if args.only in config:
            low, positions = count(args.tree, args.pure, config, LOW)
            high, _ = count(args.tree, args.pure, config, HIGH)
            print(f"{config:<16}{(high - low) / ((HIGH - LOW) * positions):>28,.0f}", flush=True)


if __name__ == "__main__":
    main()
