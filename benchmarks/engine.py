"""Engine speed: random play for every game, and inspection cost for Currents, beside
OpenSpiel's pure-Python tic-tac-toe and C++ breakthrough measured in the same run.

Run: ``make bench`` (or ``python benchmarks/engine.py [--runs 7] [--games 300]``).
Prints medians over several runs of:
- microseconds per decision in random play (``legal_moves()`` + ``apply``; OpenSpiel:
  ``legal_actions()`` + ``apply_action``), with the average number of legal moves per
  decision, and that cost as a ratio to OpenSpiel's ``python_tic_tac_toe`` (timed in runs
  interleaved with each game's, so a busy machine slows both alike: absolute figures move
  by 2x between machines and loads here, ratios do not);
- complete random games per second (the bot's choice included);
- microseconds per ``state.inspect()`` call over the states of those games (Currents).
Poohsticks fills its solver's cache before timing (its cold cost is measured by
``benchmarks/poohsticks_solver.py``).
Card Chess's decisions include the progressive set-up's placements.
Targets (issue 18): Currents (2 and 4 players) at most 0.3x tic-tac-toe's cost per
decision, every other game at most 0.5x, Currents' ``inspect()`` at most 0.5x.
Before issue 18 (the issue's run): tic-tac-toe 40 µs per step, breakthrough 2.4;
Currents 4p 38 µs per decision (0.95x), Currents 2p 37 (0.93x), Fellowship 4p 28 (0.7x),
Poohsticks 46 (1.15x), Card Chess 33 (0.83x), Resistor 20 (0.5x).
This script, ``--runs 7 --games 150``, same loaded machine, before (commit 8e247d8) ->
after issue 18's work (ratios to tic-tac-toe): Currents 2p 0.87 -> 0.73, 4p 0.87 -> 0.71,
inspect 0.66 -> 0.36 (2p); Fellowship 2p 0.85 -> 0.39, 4p 0.81 -> 0.43; Poohsticks 2p
1.30 -> 1.17, 4p 1.41 -> 1.37; Card Chess fixed 1.00 -> 0.75; Resistor 0.64 -> 0.62.
Then (commit e8a52af -> a91556b), ``--runs 5 --games 100`` run back to back on each commit:
Poohsticks 2p 1.15 -> 0.77, 4p 1.06 -> 0.80; Card Chess fixed 0.85 -> 0.63, progressive
0.87 -> 0.53; Resistor 0.57 -> 0.64 and 0.57 -> 0.50 (3 amperes: noise, no change there).
Timed by CPU time instead (``time.process_time`` over whole runs, best of 3, steadier on
this shared machine): Poohsticks 2p 0.90 -> 0.48, 4p 0.80 -> 0.41; Card Chess 0.88 ->
0.57; Currents 0.82 -> 0.79; Resistor 0.47 -> 0.47. Goals not met: Currents (0.3x),
Poohsticks, Card Chess and Resistor (0.5x) on wall-clock time under load.
Then Currents' decision cost (issue 18 item 1: move generation off one integer "accept
board" carried from state to state; quiet placements, swaps, discards and set-up moves
made without the builder; the shared builder freezing through a slotted twin), commit
f8a40e1 -> 67a9d9f, ``--runs 5 --games 100 --only currents`` run back to back (the last
of three pairs, the others alike): Currents 2p 0.78 -> 0.60, 4p 0.79 -> 0.60, 4p jokers 0.75 ->
0.58; inspect 0.42 -> 0.29 (2p), 0.36 -> 0.27 (4p). By CPU time (both versions in one
process, runs interleaved, best of 5): 2p 0.78 -> 0.58, 4p 0.81 -> 0.62. The floor,
measured on one placement state kept hot (CPU time): its 87 moves generated in 4.0 µs,
the placement applied in 4.9 µs (copying the 21 fields into a new state 0.5 of it, its
five events 0.8), the pick 0.4, a tic-tac-toe step 32 µs: even a hot state costs ~0.3x,
and in random play every state is new (cold caches, new queen masks, the builder for
crossings and goaltending), about twice that. 0.3x would take fewer objects per decision
than the contract (a fresh move list, a new immutable state, its events) allows in pure
Python: Currents' 0.3x goal is not met.
Then (2026-11-24, quiet machine, ``--runs 5 --games 100``): Card Chess keeps its cells'
colours from state to state and finds whether a side can move by one C-level scan
(fixed 0.55 -> 0.47, progressive 0.53 -> 0.47: met); Poohsticks asks whether anything
but ``end`` is left after a boat move instead of listing the moves, and the warm-up also
fills the payments table (2,379 hands, a one-time 60 ms): 0.74 -> 0.72 (2p), not met.
Poohsticks' random play over new games meets new moves, and its table of shared move
objects misses (about 21 µs a decision; replaying the same games, all hits, about 16,
0.5x); creating moves without the table is faster in random play (0.58x) but slows
MCTS, which names its tree's moves by identity, by 6%, so the table stays. Then
Currents 0.57-0.59 (goal 0.3) and Poohsticks 0.72-0.82 (goal 0.5) not met; inspect
0.23-0.29, Fellowship 0.39-0.42, Card Chess 0.47, Resistor 0.43-0.46 met.
Then (2026-11-26): the timed loop stopped keeping every 7th state for the inspection
timing (the garbage collector walked them, and the long-lived move tables, inside the
timed decisions: Poohsticks 2p 29 -> 21 µs a decision with nothing else changed); the
states inspected are now those of a replay. Poohsticks makes ``end`` and the boat moves
that need nothing unusual after them without the builder (PoohsticksState._quiet_end,
_quiet_move), picks a payment's cards with C-level itemgetters, makes its moves through
the scratch twin (builder.maker) and no longer keeps them in tables: the tables grew
with every new hand, and the collector's walks over them cost about 2 µs a decision
(0.4 without), while MCTS, naming moves by notation, runs as fast without them.
Resistor joins the board's runs between dead spaces in one C-level step. Instructions
per decision (valgrind, the same seeded games, warm: deterministic, unlike time here):
Poohsticks 2p 104,800 -> 72,800, 4p 110,700 -> 78,600; Resistor 96,000 -> 91,300;
Currents 2p 111,700 -> 110,600; tic-tac-toe 187,900. ``--runs 5 --games 100`` (ratios,
two runs): Currents 2p 0.60-0.64, 4p 0.55-0.61, 4p jokers 0.59 (goal 0.3, not met: see
above); inspect 0.21-0.33; Fellowship 0.40-0.44; Poohsticks 2p 0.40-0.43, 4p 0.42-0.45
(met); Card Chess 0.44-0.48; Resistor 0.43-0.46 (met). Tried and dropped: summing
Currents' pushes as complex numbers at C speed (2x slower than the plain loop).
OpenSpiel is skipped (with a note) when the ``openspiel`` extra is not installed.
Both engines (issue 31): with the compiled engine built (``make compiled``), each
configuration is timed on it (this process) and on pure Python (a child process started
with ``TABLEGAMES_PURE=1``), runs interleaved, each engine's ratios taken to the
tic-tac-toe run its own process made just before: one line per engine (``--engines
current`` times only the engine this process imports).
2026-11-29 (issue 31, pf48): CPU-time ratios (``time.process_time``; six processes
alternating between the two checkouts, five rounds each of 300 tic-tac-toe games then the
game's; medians of the 30 ratios, machine at load 13-21 on two cores): Poohsticks 2p
0.203 (IQR 0.192-0.233) -> 0.162 (0.150-0.184), the warm-up now filling the payment
expressions; Currents 2p 0.222 (0.198-0.290) -> 0.231 (0.198-0.254), no change within
the noise (its instructions fell 1%).
Then, at eb5fa75 on a quiet machine (load under 1), this script ``--runs 7 --games 100
--engines current`` five times in a row, compiled engine, the medians of the five runs'
ratios: Currents 2p 0.20 (0.17-0.21), 4p 0.19 (0.17-0.19); Poohsticks 2p 0.16
(0.15-0.18), 4p 0.19 (0.17-0.21); Fellowship 0.12-0.14; Card Chess 0.12-0.17; Resistor
0.11-0.14 (earlier runs that day). Met at 0.2x on wall time for every game, Currents and
Poohsticks 4p at the edge; with ``--engines both`` the same day pure Python gave Currents
0.65-0.77. Time here moves with load: the CPU-time ratios above, at load 13-21, were 0.23.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import tablegames as tg

#: OpenSpiel's games timed beside ours: the reference (pure Python) and a C++ one.
REFERENCE = "python_tic_tac_toe"
OPENSPIEL = (REFERENCE, "breakthrough")
#: The issue 18 goal per configuration (cost per decision / tic-tac-toe's, at most).
GOAL_CURRENTS, GOAL_OTHERS, GOAL_INSPECT = 0.3, 0.5, 0.5

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
    """Poohsticks: fill the arithmetic solver's cache (every hand of up to three ranks),
    the move generation's table of payments drawn from it (every hand of up to three
    ranks in hand order, 2,379) and the table of each payment's expression by the ranks
    paid and the river rank (every set of up to three ranks that pays for a river rank)
    before timing, so the numbers exclude their one-time cost (poohsticks_solver.py has
    it). Without the last, about one decision in four of the games instructions.py counts
    (30 after 25) met a payment not seen before (2026-11-29)."""
    if game.name == "poohsticks":
        import itertools

        from tablegames.poohsticks import solver
        from tablegames.poohsticks import state as poohsticks_state

        for k in (1, 2, 3):
            for ranks in itertools.combinations_with_replacement(solver.RANK_ORDER, k):
                solver.hand_table(ranks)
            for ordered in itertools.product(solver.RANK_ORDER, repeat=k):  # any suit will do
                cards = tuple(rank + "S" for rank in ordered)
                poohsticks_state.hand_payments(cards)
                for river in solver.RANK_ORDER:
                    card = river + "H"
                    if any(solver.expression(cards, v) for v in solver.card_values(card)):
                        solver.payment(cards, card)


def one_run(options: dict[str, object], games: int, seed: int) -> dict[str, float]:
    """One run; ``options`` may name the game with a "game" key (default: Currents).

    The timed loop keeps no state once it has moved on, as OpenSpiel's loop does: keeping
    some (for the inspection timing) made the garbage collector walk them, and the
    engine's long-lived move tables with them, inside the timed decisions (Poohsticks 2p
    29 µs a decision instead of 21, 2026-11-26). The states inspected are taken by
    replaying the same games afterwards (same seeds, same choices)."""
    options = dict(options)
    name = str(options.pop("game", "currents"))
    game = tg.make(name, **{"max_turns": MAX_TURNS, **options})
    warm_up(game)
    rng = random.Random(seed)
    decisions = moves_seen = 0
    decide_time = 0.0
    clock = time.perf_counter
    start = clock()
    for g in range(games):
        state = game.initial_state(seed * 100_000 + g)
        while not state.is_terminal:
            t0 = clock()
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decide_time += clock() - t0
            decisions += 1
            moves_seen += len(moves)
    total = clock() - start
    inspected = inspected_states(game, games, seed)
    t0 = clock()
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


def inspected_states(game: tg.Game, games: int, seed: int) -> list[tg.State]:
    """Every 7th state of the games :func:`one_run` played (replayed: the same seeds and
    choices), for a game whose states have ``inspect()``; else none."""
    if not hasattr(game.initial_state(0), "inspect"):
        return []
    rng = random.Random(seed)
    out: list[tg.State] = []
    decisions = 0
    for g in range(games):
        state = game.initial_state(seed * 100_000 + g)
        while not state.is_terminal:
            moves = state.legal_moves()
            nxt = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
            if decisions % 7 == 0:
                out.append(state)
            state = nxt
    return out


def load_openspiel() -> object | None:
    """The ``pyspiel`` module with the Python games registered, or None if not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers it)
    except ImportError:
        return None
    return pyspiel


def openspiel_run(pyspiel: object, name: str, games: int, seed: int) -> dict[str, float]:
    """One run of random OpenSpiel games, timed like :func:`one_run`."""
    game = pyspiel.load_game(name)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    decisions = moves_seen = 0
    decide_time = 0.0
    clock = time.perf_counter
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            t0 = clock()
            moves = state.legal_actions()
            state.apply_action(moves[rng.randrange(len(moves))])
            decide_time += clock() - t0
            decisions += 1
            moves_seen += len(moves)
    total = clock() - start
    return {
        "us_per_decision": decide_time / decisions * 1e6,
        "games_per_s": games / total,
        "us_per_inspect": float("nan"),
        "moves_per_decision": moves_seen / decisions,
        "decisions_per_game": decisions / games,
    }


class PureChild:
    """This script in a child process on pure Python (``TABLEGAMES_PURE=1``), asked for one
    timed run at a time (``--child``: JSON lines in and out), so its runs interleave with
    the compiled engine's in this process."""

    def __init__(self) -> None:
        env = {**os.environ, "TABLEGAMES_PURE": "1"}
        self.process = subprocess.Popen([sys.executable, __file__, "--child"], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)  # fmt: skip

    def ask(self, *request: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def serve() -> None:
    """The child's loop: ``[what, options, games, seed]`` in, the result out; ``what`` is
    "engine" (:func:`one_run`), "reference" (tic-tac-toe's µs per decision) or "compiled"."""
    pyspiel = load_openspiel()
    for line in sys.stdin:
        what, options, games, seed = json.loads(line)
        if what == "compiled":
            answer: Any = tg.COMPILED
        elif what == "reference":
            answer = float("nan")
            if pyspiel is not None:
                answer = openspiel_run(pyspiel, REFERENCE, games, seed)["us_per_decision"]
        else:
            answer = one_run(options, games, seed)
        print(json.dumps(answer), flush=True)


def goal(name: str) -> float:
    return GOAL_CURRENTS if name.startswith("currents") else GOAL_OTHERS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--only", default="", help="only the configs whose name has this")
    parser.add_argument("--engines", choices=("both", "current"), default="both",
                        help="both: the compiled engine (when built) and pure Python; "
                        "current: only the one this process imports")  # fmt: skip
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        serve()
        return
    child = PureChild() if args.engines == "both" and tg.COMPILED else None
    engine = "compiled" if tg.COMPILED else "pure Python"
    print(f"engine: {engine}" + ("; each config also on pure Python (a child process)"
                                 if child else ""))  # fmt: skip
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; "
        f"medians of {args.runs} runs of {args.games} games each"
    )
    pyspiel = load_openspiel()
    columns = ("µs/decision", "x ttt", "games/s", "µs/inspect", "x ttt", "moves", "dec/game")
    print(f"{'config':<24}" + "".join(f"{c:>12}" for c in columns) + "   goal")
    keys = ("us_per_decision", "games_per_s", "us_per_inspect", "moves_per_decision",
            "decisions_per_game")  # fmt: skip
    nan = float("nan")

    def reference(seed: int) -> float:
        if pyspiel is None:
            return nan
        return openspiel_run(pyspiel, REFERENCE, args.games, seed)["us_per_decision"]

    def row(name: str, runs: list[dict[str, float]], refs: list[float], note: str) -> None:
        """One line: medians of the runs, and the medians of each run's ratios to the
        tic-tac-toe run made just before it (a load spike then hits both sides alike)."""
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        cells = [med[keys[0]], ratio(runs, refs, keys[0]), med[keys[1]], med[keys[2]],
                 ratio(runs, refs, keys[2]), med[keys[3]], med[keys[4]]]  # fmt: skip
        print(f"{name:<24}" + "".join(f"{c:>12.2f}" for c in cells) + note, flush=True)

    if pyspiel is None:
        print("(OpenSpiel not installed: pip install -e '.[openspiel]' for the ratios)")
    else:
        for name in OPENSPIEL:
            openspiel_run(pyspiel, name, max(1, args.games // 4), 0)
            runs, refs = [], []
            for seed in range(1, args.runs + 1):
                refs.append(reference(seed))
                runs.append(openspiel_run(pyspiel, name, args.games, seed))
            row(f"openspiel {name[:10]}", runs, refs, "")
    for name, options in CONFIGS.items():
        if args.only not in name:
            continue
        one_run(options, max(1, args.games // 4), 0)  # warm-up: caches, interned moves, CPU clock
        if child is not None:
            child.ask("engine", options, max(1, args.games // 4), 0)
        runs, refs = [], []
        pure_runs, pure_refs = [], []
        for seed in range(1, args.runs + 1):  # interleaved, so load hits both alike
            refs.append(reference(seed))
            runs.append(one_run(options, args.games, seed))
            if child is not None:
                pure_refs.append(child.ask("reference", {}, args.games, seed))
                pure_runs.append(child.ask("engine", options, args.games, seed))
        for label, done, done_refs in ((name, runs, refs), (name + " pure", pure_runs, pure_refs)):
            if not done:
                continue
            target = goal(name)
            met = ratio(done, done_refs, keys[0]) <= target
            note = f"   <= {target}x: " + ("met" if met else "NOT met")
            if name.startswith("currents"):
                ok = ratio(done, done_refs, keys[2]) <= GOAL_INSPECT
                note += f"; inspect <= {GOAL_INSPECT}x: " + ("met" if ok else "NOT met")
            row(label, done, done_refs, note if pyspiel is not None else "")
    if child is not None:
        child.close()


def ratio(runs: list[dict[str, float]], refs: list[float], key: str) -> float:
    """The median over runs of ``run[key]`` divided by the reference run made just before."""
    return statistics.median(r[key] / ref for r, ref in zip(runs, refs))


if __name__ == "__main__":
    main()
