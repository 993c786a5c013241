"""Bot and simulation speed: MCTS iterations per second per game, and how ``simulate``
scales from one worker process to two.

Run: ``python benchmarks/bots.py [--runs 5]`` (``make bench`` runs it too). Prints
medians over several runs of:
- MCTS iterations per second on one core, searching from positions a few random
  moves into seeded games (ISMCTS on the hidden-information games, UCT on the others),
  with each game's default playouts (none for Currents, Card Chess and Resistor: the
  evaluation scores each new node) and, for Currents, with 50-move random playouts;
- ``simulate`` throughput (games per second) with 1 and 2 worker processes, and the
  scaling ratio, on greedy-vs-random games long enough to amortise the pool.
- how long a play page's MCTS seat takes to answer (issue 16): per game, the median and
  maximum over ``--decisions`` positions from varied points of seeded games, with the
  page's seat (``mcts:300``) as it searches alone (iterations only, as in simulations)
  and bounded by the page's time limit (``--seconds``, tablegames_widgets.play's
  default), with the iterations the bound leaves; and the load average, since the
  machine's other work slows every search.
Targets (issue 7): Currents MCTS at least 2,000 iterations per second on one core;
two workers at least 1.7 times one. Issue 16: a play page's MCTS seat answers within 1 s.
Issue 18: every game's MCTS at least twice as fast as before it. ``--against REV`` (``make
bench`` gives 8e247d8, the tree before issue 18's work) measures that revision's engine
and bots in the same run: each round times both trees one after the other in fresh
processes, each warmed up by a first untimed run (this script's positions and budgets,
the revision's ``tablegames``), so the
machine's load, which moves absolute rates by 2x, falls on both alike; the "x REV"
column is the ratio of the medians.

Measured so (``--mcts-only --against 8e247d8 --runs 5``, 2026-11-24, quiet machine),
iterations/s before -> now: Currents 2p 3530 -> 9015 (2.55x), 4p 3490 -> 8750 (2.51x),
Fellowship 1080 -> 2370 (2.19x), Poohsticks 500 -> 1120 (2.25x), Card Chess 22680 ->
47350 (2.09x), Resistor 28310 -> 60850 (2.15x): every game's default search at least 2x.
Currents 2p with 50-move random playouts (not a default) 1400 -> 2740 (1.95x): its cost
is the engine's random play (``benchmarks/engine.py``). What did it: ISMCTS redeals its
samples (:class:`tablegames.determinize.Redeal`: one state read from JSON per search
instead of one per iteration, about 340 µs on Currents); UCT and ISMCTS read a mean kept
by backup; Resistor keeps the progress of each board it evaluated (over half of a
search's boards come again); Card Chess counts covered units in whole numbers and finds
whether a side can move by one C-level scan; the engines' own speed-ups (issue 18, item 1).
Again on 2026-11-26 (``--mcts-only --against 8e247d8 --runs 3``, machine under load):
Currents 2p 2816 -> 7303 (2.59x), 50-move playouts 1078 -> 2241 (2.08x), 4p 2.91x,
Fellowship 2.76x, Poohsticks 368 -> 1299 (3.53x: its moves made without the builder and
without tables, see engine.py), Card Chess 2.43x, Resistor 2.99x.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.moves import random_walk

import tablegames as tg
from tablegames.analysis import simulate
from tablegames.bots import MCTSBot, make_bot

#: Per game: options, and the cap option that keeps rollouts finite.
CONFIGS: dict[str, dict[str, object]] = {
    "currents 2p": {"game": "currents", "players": 2},
    "currents 2p, 50-move playouts": {"game": "currents", "players": 2, "rollout_depth": 50},
    "currents 4p": {"game": "currents", "players": 4},
    "fellowship 2p": {"game": "fellowship", "players": 2},
    "poohsticks 2p": {"game": "poohsticks", "players": 2},
    "cardchess": {"game": "cardchess"},
    "resistor": {"game": "resistor"},
}
#: Each game's max_turns (200 unless named here): Card Chess's moves, Resistor's turns of
#: the whole match (ties add rounds, so its cap spans a few of them).
MAX_TURNS = {"cardchess": 400, "resistor": 800}


def make(options: dict[str, object]) -> tg.Game | None:
    opts = dict(options)
    name = str(opts.pop("game"))
    opts.pop("rollout_depth", None)
    if name not in tg.GAMES:
        return None
    return tg.make(name, max_turns=MAX_TURNS.get(name, 200), **opts)


def positions(game: tg.Game, count: int, seed: int) -> list[tg.State]:
    gen = random.Random(seed)
    out = []
    for k in range(count):
        s = random_walk(game.initial_state(seed * 1000 + k), gen, gen.randrange(2, 10))
        if not s.is_terminal:
            out.append(s)
    return out


def mcts_rate(game: tg.Game, iterations: int, seed: int, depth: int | None = None) -> float:
    """Iterations per second over a handful of positions (playouts: the game's default
    depth unless ``depth`` is given)."""
    done = 0
    spent = 0.0
    for s in positions(game, 5, seed):
        bot = MCTSBot(iterations=iterations, seed=seed, rollout_depth=depth)
        t0 = time.perf_counter()
        bot.analyse(s)
        spent += time.perf_counter() - t0
        done += iterations
    return done / spent


#: The games a play page's bot seat is timed on (two players; each game's defaults).
SEAT_GAMES: dict[str, dict[str, object]] = {
    "currents": {"players": 2},
    "fellowship": {"players": 2},
    "poohsticks": {"players": 2},
    "cardchess": {},
    "resistor": {},
}


def varied_positions(game: tg.Game, count: int, seed: int = 7) -> list[tg.State]:
    """``count`` positions from 0 to 40 random moves into seeded games (openings,
    middles and late positions alike)."""
    gen = random.Random(seed)
    out: list[tg.State] = []
    k = 0
    while len(out) < count:
        s = random_walk(game.initial_state(seed * 1000 + k), gen, gen.randrange(0, 40))
        k += 1
        if not s.is_terminal:
            out.append(s)
    return out


def seat_times(
    game: tg.Game, spec: str, seconds: float | None, count: int
) -> tuple[list[float], list[int]]:
    """Seconds per decision and iterations searched, for the bot ``spec`` (with the time
    limit ``seconds`` if given) on :func:`varied_positions`."""
    times, iterations = [], []
    for k, s in enumerate(varied_positions(game, count)):
        bot = make_bot(spec, f"seat:{k}")
        assert isinstance(bot, MCTSBot)
        bot.seconds = seconds
        t0 = time.perf_counter()
        bot.choose(s)
        times.append(time.perf_counter() - t0)
        assert bot.last is not None
        iterations.append(bot.last.iterations)
    return times, iterations


def page_seconds() -> float | None:
    """The play pages' time limit for an MCTS seat (tablegames_widgets.play), if the
    widgets are installed."""
    try:
        import inspect

        from tablegames_widgets.play import PlayWidget
    except ImportError:
        return None
    limit = inspect.signature(PlayWidget).parameters["bot_seconds"].default
    return float(limit) if limit is not None else None


def report_seats(spec: str, seconds: float | None, count: int) -> None:
    """Print the seat timings (see the module docstring)."""
    print(f"play-page seat {spec}, {count} decisions per game (s per decision):")
    bounded = f"bounded {seconds:g} s" if seconds else "bounded (none)"
    print(f"{'game':<12}{'alone: median':>14}{'max':>7}{bounded:>19}{'max':>7}{'iterations':>12}")
    for name, options in SEAT_GAMES.items():
        if name not in tg.GAMES:
            continue
        game = tg.make(name, **options)  # type: ignore[arg-type]
        try:
            alone, _ = seat_times(game, spec, None, count)
        except Exception as exc:  # one game broken: still time the others
            print(f"{name:<12}failed: {type(exc).__name__}: {exc}")
            continue
        line = f"{name:<12}{statistics.median(alone):>14.3f}{max(alone):>7.3f}"
        if seconds:
            timed, its = seat_times(game, spec, seconds, count)
            line += f"{statistics.median(timed):>19.3f}{max(timed):>7.3f}"
            line += f"{min(its):>6}-{max(its)}"
        print(line + f"   (load {os.getloadavg()[0]:.1f})", flush=True)


def simulate_rate(workers: int, games: int, seed: int) -> float:
    game = tg.make("currents", players=2)
    t0 = time.perf_counter()
    simulate(game, ["greedy", "random"], games, seed, workers=workers, progress=False)
    return games / (time.perf_counter() - t0)


def mcts_rates(iterations: int, runs: int, first: int = 0) -> dict[str, tuple[str, list[float]]]:
    """Per configuration: the search mode and the rate of each run (seeds ``first`` on);
    games this tree does not register are left out."""
    out: dict[str, tuple[str, list[float]]] = {}
    for label, options in CONFIGS.items():
        game = make(options)
        if game is None:
            continue
        depth = options.get("rollout_depth")
        assert depth is None or isinstance(depth, int)
        mode = "ismcts" if game.info.hidden_information else "uct"
        rates = [mcts_rate(game, iterations, run, depth) for run in range(first, first + runs)]
        out[label] = (mode, rates)
    return out


def tree_rates(
    tree: Path, run: int, iterations: int, pure: bool | None = None
) -> dict[str, tuple[str, list[float]]]:
    """:func:`mcts_rates` of one run with the ``tablegames`` of ``tree``, in a fresh process
    (on pure Python if ``pure``, compiled if False, as this process's environment if None)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "tests")])}
    if pure is not None:
        env["TABLEGAMES_PURE"] = "1" if pure else ""
    command = [sys.executable, __file__, "--rates-of", str(tree), "--runs", "1",
               "--first", str(run), "--iterations", str(iterations)]  # fmt: skip
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return {label: (mode, rates) for label, (mode, rates) in json.loads(out).items()}


def report_against(rev: str, runs: int, iterations: int) -> None:
    """The MCTS table beside revision ``rev``'s, both measured in each round (see the
    module docstring)."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="bots-against-") as tmp:
        old = Path(tmp)
        archive = subprocess.run(["git", "-C", str(root), "archive", rev],
                                 check=True, capture_output=True).stdout  # fmt: skip
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        now: dict[str, list[float]] = {}
        then: dict[str, list[float]] = {}
        modes: dict[str, str] = {}
        for run in range(runs):  # alternate which tree goes first
            trees = [(root, now), (old, then)] if run % 2 == 0 else [(old, then), (root, now)]
            for tree, into in trees:
                for label, (mode, rates) in tree_rates(tree, run, iterations).items():
                    modes[label] = mode
                    into.setdefault(label, []).extend(rates)
    print(f"{'MCTS':<30}{'mode':>8}{'iterations/s':>14}{rev[:10]:>12}{'x ' + rev[:8]:>12}")
    for label in CONFIGS:
        if label not in now:
            continue
        rate = statistics.median(now[label])
        line = f"{label:<30}{modes[label]:>8}{rate:>14.0f}"
        if label in then:
            before = statistics.median(then[label])
            line += f"{before:>12.0f}{rate / before:>12.2f}"
        print(line, flush=True)


def report_engines(runs: int, iterations: int) -> None:
    """The MCTS table on both engines (issue 31): each round times the compiled engine and
    pure Python (``TABLEGAMES_PURE=1``) one after the other in fresh processes, alternating
    which goes first; the last column is compiled / pure."""
    root = Path(__file__).resolve().parents[1]
    rates: dict[bool, dict[str, list[float]]] = {True: {}, False: {}}
    modes: dict[str, str] = {}
    for run in range(runs):
        for pure in (True, False) if run % 2 == 0 else (False, True):
            for label, (mode, got) in tree_rates(root, run, iterations, pure).items():
                modes[label] = mode
                rates[pure].setdefault(label, []).extend(got)
    print(f"{'MCTS iterations/s':<30}{'mode':>8}{'pure':>10}{'compiled':>10}{'x pure':>8}")
    for label in CONFIGS:
        if label in rates[True]:
            slow, fast = (statistics.median(rates[p][label]) for p in (True, False))
            print(f"{label:<30}{modes[label]:>8}{slow:>10.0f}{fast:>10.0f}{fast / slow:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=400, help="MCTS budget per search")
    parser.add_argument("--games", type=int, default=1000, help="games per simulate run")
    parser.add_argument("--seat", default="mcts:300", help="the play pages' MCTS seat")
    parser.add_argument("--seconds", type=float, default=page_seconds(),
                        help="the play pages' time limit per MCTS decision")  # fmt: skip
    parser.add_argument("--decisions", type=int, default=20, help="decisions timed per game")
    parser.add_argument("--seats-only", action="store_true", help="only time the page seats")
    parser.add_argument("--mcts-only", action="store_true", help="only the MCTS table")
    parser.add_argument("--against", metavar="REV", help="also time git revision REV's MCTS")
    parser.add_argument("--engines", choices=("current", "both"), default="current",
                        help="both: the MCTS table on the compiled engine and on pure Python "
                        "(issue 31), in place of this process's engine only")  # fmt: skip
    parser.add_argument("--rates-of", type=Path, help=argparse.SUPPRESS)  # one tree's rates
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rates_of is not None:  # a child of --against: this tree's rates, as JSON
        where = Path(tg.__file__).resolve()
        assert where.is_relative_to(args.rates_of.resolve()), f"tablegames from {where}"
        mcts_rates(args.iterations, 1, 1000)  # warm up: tables and caches filled as met
        print(json.dumps(mcts_rates(args.iterations, args.runs, args.first)))
        return
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, load average {load}")
    if not args.mcts_only:
        report_seats(args.seat, args.seconds, args.decisions)
    if args.seats_only:
        return
    print(f"medians of {args.runs}")
    if args.engines == "both":
        if tg.COMPILED:
            report_engines(args.runs, args.iterations)
        else:
            print("(the compiled engine is not built: make compiled; pure Python only)")
    if args.against:
        report_against(args.against, args.runs, args.iterations)
    elif args.engines == "current" or not tg.COMPILED:  # else report_engines said it
        print(f"{'MCTS':<30}{'mode':>8}{'iterations/s':>14}")
        for label, (mode, rates) in mcts_rates(args.iterations, args.runs).items():
            print(f"{label:<30}{mode:>8}{statistics.median(rates):>14.0f}", flush=True)
    if args.mcts_only:
        return
    one = statistics.median(simulate_rate(1, args.games, r) for r in range(args.runs))
    two = statistics.median(simulate_rate(2, args.games, r) for r in range(args.runs))
    print(f"simulate (currents 2p, greedy v random, {args.games} games):")
    print(f"  1 worker {one:.0f} games/s, 2 workers {two:.0f} games/s, ratio {two / one:.2f}")


if __name__ == "__main__":
    main()
