"""Machine instructions per random decision, counted by valgrind: the same figure on
every run, unlike time on these shared machines (where two runs of the same code an
hour apart gave Poohsticks 4p 0.46x and 0.64x tic-tac-toe's time). For judging a
change to an engine's hot path; ``engine.py`` stays the measure of time.

Run: ``python benchmarks/instructions.py [--games 30] [--warm 25] [--only poohsticks]``.
Needs ``valgrind`` (Debian: ``apt-get install valgrind``). Each configuration of
``engine.py`` (and OpenSpiel's ``python_tic_tac_toe``, when installed) is played twice
under ``valgrind --tool=cachegrind --cache-sim=no``, with ``--games`` seeded random games
after ``--warm`` untimed ones (which fill the engine's caches, as engine.py's warm-up
does) and with none; the difference over the decisions played is printed, with its
ratio to tic-tac-toe's. Interpreter start-up and imports cancel out. Time ratios here
run 0-35% above instruction ratios (memory stalls), so a goal met on instructions with
a thin margin may still be missed on time.

2026-11-26, this script (``--only "poohsticks 2p"``): tic-tac-toe 208,900, Poohsticks 2p
71,200 (0.34x; 0.40-0.43x on time the same day). The same method by hand, before -> after
that day's changes, tic-tac-toe 187,900 there: Poohsticks 2p 104,800 -> 72,800, 4p
110,700 -> 78,600, Resistor 96,000 -> 91,300, Currents 2p 111,700 -> 110,600.

2026-11-29, ``--engines both`` at 939b77a (issue 31), tic-tac-toe 197,329: compiled (pure)
Currents 2p 38,736 (145,717), 0.196x (0.738x); 4p 39,120 (146,106); 4p jokers 39,325
(146,649), 0.199x (0.743x); Fellowship 2p 37,943, 4p 36,322; Poohsticks 2p 36,820, 4p
38,748 (0.196x); Card Chess 33,388 and 32,449; Resistor 32,973 and 33,796 (that run's
tic-tac-toe 196,606). Tic-tac-toe's own count moves by about 3% from run to run.

2026-11-29 (issue 31), main at eeb994e -> after pf48 (the warm-up fills Poohsticks'
payment expressions too, a hand's card found by a loop rather than ``tuple.index``, the
compiled engine built ``-fno-plt``), compiled (pure), tic-tac-toe 196,955-197,503:
Currents 2p 39,083 (143,363) -> 38,613 (pure not recounted); Poohsticks 2p 34,567
(135,382), 0.176x -> 31,327 (129,259), 0.159x. The cache simulated (``--cache-sim=yes``,
the same games, compiled), per decision, before -> after: Currents 2p I1 misses 1,156 ->
1,071, D1 read misses 915 -> 911; Poohsticks 2p after, 934 and 498; tic-tac-toe per step
198,816 instructions, 9,344 I1 and 1,342 D1 read misses. Currents is 0.19x tic-tac-toe on
instructions and 0.11x on I1 misses but 0.68x on D1 read misses: at about 10 cycles a D1
miss (the last level never misses) and ~2.5 instructions a cycle for both, that is
consistent with the 0.26x measured in time. By function, about 220 of Currents' 915 come
from the move list (``list_extend`` and ``list_dealloc`` touch each of ~70 shared move
objects, 80 bytes apiece, when the list is made and when it is freed), ~100 from the GOT,
~90 from the interpreted loop (the benchmark's own, as tic-tac-toe's), ~70 from
string-keyed dict look-ups.

``--engines both`` counts each configuration on both engines (issue 31): pure Python (the
child run with ``TABLEGAMES_PURE=1``) and the compiled one (``make compiled``), with the
compiled engine's share of pure Python's count; ``--engines pure`` or ``compiled`` only
one (default: whichever this environment imports).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import engine  # noqa: E402  (this folder's engine.py: its configurations and warm-up)

REFERENCE = "ttt"
PURE = "TABLEGAMES_PURE"  # tablegames.compiled.PURE_VARIABLE (not imported: the engine
# this process would import must not matter)


def play(config: str, games: int, warm: int) -> int:
    """Play ``warm`` then ``games`` seeded random games of ``config``; the decisions of
    the latter (the child process's whole job: valgrind counts its instructions)."""
    if config == REFERENCE:
        pyspiel = engine.load_openspiel()
        assert pyspiel is not None
        game = pyspiel.load_game(engine.REFERENCE)  # type: ignore[attr-defined]
        rng = random.Random(5)
        n = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                n += 1
        return n
    import tablegames as tg

    options = dict(engine.CONFIGS[config])
    name = str(options.pop("game", "currents"))
    game = tg.make(name, **{"max_turns": engine.MAX_TURNS, **options})
    engine.warm_up(game)
    game.initial_state(0).legal_moves()
    for first, number, seed in ((0, warm, 0), (1000, games, 5)):
        rng = random.Random(seed)
        n = 0
        for g in range(number):
            state = game.initial_state(first + g)
            while not state.is_terminal:
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
                n += 1
    return n


def count(config: str, games: int, warm: int, pure: bool | None = None) -> tuple[int, int]:
    """(instructions, decisions) of one child run under valgrind; ``pure`` True or False
    sets the engine (``TABLEGAMES_PURE``), None leaves this environment's."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", config,
               "--games", str(games), "--warm", str(warm)]  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if pure is not None:
        env[PURE] = "1" if pure else ""
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if refs is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(refs[1].replace(",", "")), int(done.stdout.split()[-1])


def per_decision(config: str, games: int, warm: int, pure: bool | None = None) -> float:
    """Instructions per decision of ``games`` games, start-up and warm-up subtracted."""
    base, _ = count(config, 0, warm, pure)
    total, decisions = count(config, games, warm, pure)
    return (total - base) / decisions


def compiled_available() -> bool:
    """Is the compiled engine built here (and fresh)? Asked of a child process, so this
    one's engine does not matter."""
    code = "import tablegames; print(tablegames.COMPILED)"
    env = {**os.environ, PURE: ""}
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.strip() == "True"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--warm", type=int, default=25, help="untimed games played first")
    parser.add_argument("--only", default="", help="only the configs whose name has this")
    parser.add_argument("--engines", choices=("current", "pure", "compiled", "both"),
                        default="current", help="which engine(s) to count (default: "
                        "the one this environment imports)")  # fmt: skip
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one run, under valgrind
    args = parser.parse_args()
    if args.child:
        print(play(args.child, args.games, args.warm))
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)")
        return
    engines: list[bool | None] = {"current": [None], "pure": [True], "compiled": [False],
                                  "both": [True, False]}[args.engines]  # fmt: skip
    if False in engines and not compiled_available():
        print("the compiled engine is not built (make compiled): pure Python only")
        engines = [True]
    reference = None
    if engine.load_openspiel() is not None:
        # 100x the games: its start-up (importing pyspiel) varies by tens of millions of
        # instructions between runs, which moved the ratio by 10% over 10x the games
        reference = per_decision(REFERENCE, args.games * 100, 0)
        print(f"{'openspiel ' + engine.REFERENCE:<28}{reference:>12,.0f}", flush=True)
    else:
        print("(OpenSpiel not installed: no ratios)")
    names = {None: "", True: "pure", False: "compiled"}
    print(f"{'config':<28}" + "".join(f"{names[e]:>12}{'x ttt':>10}" for e in engines)
          + ("   compiled/pure" if len(engines) == 2 else ""))  # fmt: skip
    for name in engine.CONFIGS:
        if args.only in name:
            costs = [per_decision(name, args.games, args.warm, pure) for pure in engines]
            line = f"{name:<28}"
            for cost in costs:
                share = f"{cost / reference:>10.2f}" if reference else " " * 10
                line += f"{cost:>12,.0f}{share}"
            if len(costs) == 2:
                line += f"{costs[1] / costs[0]:>16.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
