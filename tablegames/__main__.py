"""Command line.

``python -m tablegames demo [GAME] [--option value]`` plays a seeded game between bots;
``python -m tablegames simulate currents --players 4 --games 2000
--bots mcts,random,random,random --seed 1`` plays many games and prints their metrics
(any game option as ``--option value``; ``--executor dask://HOST:PORT`` plays them on a
running Dask cluster); ``python -m tablegames check GAME --games 100
--seed 0`` runs the conformance suite (:mod:`tablegames.conformance`) on a registered game
and exits with 1 if any check failed; ``python -m tablegames puzzles GAME --count 10
--seed 0`` finds puzzles (:mod:`tablegames.puzzles`) and prints them as JSON;
``python -m tablegames info`` says which engine runs (compiled or pure Python).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from .core import GAMES, make
from .demo import run_demo
from .options import retired_message


def option_value(text: str) -> Any:
    """A command-line option value: JSON (numbers, true/false, null, lists) or else text.

    >>> option_value("4"), option_value("true"), option_value("False"), option_value("NS")
    (4, True, False, 'NS')
    """
    if text in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[text]
    try:
        return json.loads(text)
    except ValueError:
        return text


def game_options(game: str, extra: Sequence[str]) -> dict[str, Any]:
    """The game options given as ``--option value`` after the command's own arguments."""
    if game not in GAMES:
        raise SystemExit(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    known = {o.name for o in GAMES[game].option_table}
    options: dict[str, Any] = {}
    it = iter(extra)
    for flag in it:
        key = flag.removeprefix("--").replace("-", "_")
        retired = retired_message(game, GAMES[game].option_table, key)
        if flag.startswith("--") and retired:
            raise SystemExit(retired)
        if not flag.startswith("--") or key not in known:
            raise SystemExit(
                f"unknown argument {flag!r}; {game} options: "
                + ", ".join("--" + k.replace("_", "-") for k in sorted(known))
            )
        value = next(it, None)
        if value is None:
            raise SystemExit(f"{flag} needs a value")
        options[key] = option_value(value)
    return options


def check_command(args: argparse.Namespace, extra: Sequence[str]) -> int:
    """Run the conformance suite on one game, print its report; 1 if a check failed."""
    from .conformance import check_game

    options = game_options(args.game, extra)
    try:
        report = check_game(
            args.game, games=args.games, seed=args.seed, options=options, views=args.views
        )
    except ValueError as e:
        raise SystemExit(str(e)) from None
    print(report)
    return 0 if report.ok else 1


def simulate_command(args: argparse.Namespace, extra: Sequence[str]) -> int:
    """Parse the game options left over, simulate (here or on a cluster), print the
    metrics table; ``--rows`` also writes the table, one JSON object per game."""
    from .analysis import metrics, metrics_lines, simulate
    from .analysis.executors import LOCAL, open_executor

    options = game_options(args.game, extra)
    if args.workers is not None and args.executor.strip().lower() not in LOCAL:
        raise SystemExit(
            f"--workers sets the processes of the local pool; with --executor "
            f"{args.executor} the cluster's workers play the games (leave --workers out)"
        )
    try:
        game = make(args.game, **options)
        with open_executor(args.executor, timeout=args.timeout) as (executor, size):
            rows = simulate(
                game,
                args.bots.split(",") if args.bots else None,
                args.games,
                args.seed,
                rotate=args.rotate,
                workers=args.workers or size,
                executor=executor,
                progress=not args.no_progress,
                max_decisions=args.max_decisions,
            )
    except ValueError as e:
        raise SystemExit(str(e)) from None
    if args.rows:
        try:
            with open(args.rows, "w", encoding="utf-8") as out:
                out.writelines(json.dumps(r, sort_keys=True) + "\n" for r in rows)
        except OSError as e:
            raise SystemExit(f"--rows: cannot write {args.rows}: {e.strerror}") from None
    print(f"{game!r}, bots {', '.join(rows[0]['seats']) if rows else '-'}, seed {args.seed}")
    lines = metrics_lines(metrics(rows))
    width = max(len(k) for k, _ in lines)
    for k, v in lines:
        print(f"{k:<{width}}  {v}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser(
        "demo",
        help="watch bots play a game, turn by turn",
        description="Game options follow the game's name as --option value "
        "(e.g. demo GAME --players 3).",
    )
    demo.add_argument("game", nargs="?", default=None,
                      help="game name (default: the first): " + ", ".join(GAMES))  # fmt: skip
    demo.add_argument("--seed", type=int, default=2001, help="game seed (default 2001)")
    demo.add_argument("--bots", default="", help="one bot per seat, comma-separated (random)")
    demo.add_argument("--max-decisions", type=int, default=2_000, help="stop after this many")
    demo.add_argument(
        "--delay",
        type=float,
        default=None,
        help="seconds between turns (default 0.6 in a terminal, 0 otherwise)",
    )
    sim = sub.add_parser(
        "simulate",
        help="play many seeded games between bots and print balance, length and event rates",
        description="Game options follow as --option value (e.g. --players 4 --jokers 2).",
    )
    sim.add_argument("game", help="game name: " + ", ".join(GAMES))
    sim.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sim.add_argument(
        "--bots", default="", help="one bot per seat, comma-separated: random, greedy, mcts[:N]"
    )
    sim.add_argument("--rotate", action="store_true", help="rotate the bots' seats every game")
    sim.add_argument(
        "--workers", type=int, default=None, help="local processes (default: all cores)"
    )
    sim.add_argument(
        "--executor",
        default="local",
        help="where the games run: local (default: a process pool here), dask://HOST:PORT "
        "(a running Dask scheduler), ray or ray://HOST:PORT",
    )
    sim.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds to wait for a cluster's scheduler and first worker (default 10)",
    )
    sim.add_argument("--rows", default=None, help="also write the rows here (JSON lines)")
    sim.add_argument("--max-decisions", type=int, default=100_000, help="cap per game")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    from .conformance import VIEW_STATES

    check = sub.add_parser(
        "check",
        help="run the conformance suite on a game (random games, replay, JSON, what each "
        "seat may see: observations, pictures, captions; the bots)",
        description="Game options may follow as --option value (default: the game's "
        "defaults, with --max-turns 300 where the game has it).",
    )
    check.add_argument("game", help="game name: " + ", ".join(GAMES))
    check.add_argument("--games", type=int, default=100, help="random games (default 100)")
    check.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    check.add_argument("--views", type=int, default=VIEW_STATES,
                       help="states whose every seat's observation, picture and caption are "
                       f"checked against redeals (default {VIEW_STATES})")  # fmt: skip
    # puzzles: tablegames.puzzles.cli (issue 19)
    from .puzzles.cli import add_parser as add_puzzles_parser

    add_puzzles_parser(sub)
    # ladder: tablegames.analysis.ladder (issue 29)
    from .analysis.ladder import add_parser as add_ladder_parser

    add_ladder_parser(sub)
    # info: which engine runs, compiled or pure (tablegames.compiled, issue 31)
    sub.add_parser("info", help="the version, which engine runs (compiled or pure Python), "
                   "the compiled modules and Python")  # fmt: skip
    args, extra = parser.parse_known_args(argv)
    if args.command == "info":
        from . import __version__
        from .compiled import info

        print(info(__version__))
        return 0
    if args.command == "ladder":
        from .analysis.ladder import run as run_ladder

        return run_ladder(args, game_options(args.game, extra))
    if args.command == "simulate":
        return simulate_command(args, extra)
    if args.command == "check":
        return check_command(args, extra)
    if args.command == "puzzles":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        from .puzzles.cli import run as run_puzzles

        return run_puzzles(args)
    return demo_command(args, extra)


def demo_command(args: argparse.Namespace, extra: Sequence[str]) -> int:
    """Print the demo of the game named (its options from ``extra``), turn by turn."""
    name = args.game if args.game is not None else next(iter(GAMES))
    if name not in GAMES:  # an option's value taken for the game: the name comes first
        raise SystemExit(
            f"unknown game {name!r}; the games are: {', '.join(GAMES)} (the game's name "
            f"comes before its options: demo {next(iter(GAMES))} --players 4)"
        )
    options = game_options(name, extra)
    bots = args.bots.split(",") if args.bots else None
    delay = args.delay if args.delay is not None else (0.6 if sys.stdout.isatty() else 0.0)
    try:
        for chunk in run_demo(name, args.seed, options, bots, args.max_decisions):
            print(chunk, flush=True)
            if delay:
                time.sleep(delay)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    except ValueError as e:  # a bad option value or bot spec
        raise SystemExit(str(e)) from None
    return 0


__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
