"""The ``puzzles`` command: ``python -m tablegames puzzles GAME --count N --seed S
[--out FILE]`` prints a puzzle set as JSON, or writes it to FILE (see docs/puzzles.md);
``python -m tablegames puzzles GAME --stats [FILE]`` prints how many puzzles of a set
(the shipped one, or FILE) each solver solves.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_parser(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["puzzles", "cardchess", "--count", "3"]).count
3
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..words import counted
from . import GAMES, check_set, generate, load_set
from .stats import set_stats, stats_table


def add_parser(sub: Any) -> None:
    """Add the ``puzzles`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser(
        "puzzles",
        help="find puzzles in seeded bot games and print them (or write them) as JSON",
        description="Positions where exactly one move reaches the game's goal, or stops the "
        "opponent reaching theirs; checked by search. The same seed gives the same set.",
    )
    p.add_argument("game", help="game name: " + ", ".join(GAMES))
    p.add_argument("--count", type=int, default=10, help="how many puzzles (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the whole set (default 0)")
    p.add_argument(
        "--max-games",
        type=int,
        default=None,
        help="stop after this many generating games (default 40 per puzzle asked for)",
    )
    p.add_argument("--out", default=None, help="write the set to this file instead of printing")
    p.add_argument(
        "--stats",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="print how many puzzles each solver (greedy, MCTS 300, MCTS 3000 iterations) "
        "solves, for the shipped set or the set in FILE",
    )


def dumps(data: dict[str, Any]) -> str:
    """A puzzle set as the JSON text the command prints and the shipped sets hold: the
    set's fields one per line, then each puzzle compact on a line of its own."""
    head = {k: v for k, v in data.items() if k != "puzzles"}
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    puzzles = [json.dumps(p, ensure_ascii=False) for p in data.get("puzzles", [])]
    body = ",\n".join(f"  {p}" for p in puzzles)
    return (
        "{\n" + "\n".join(lines) + '\n "puzzles": [\n' + body + ("\n" if body else "") + " ]\n}\n"
    )


def run(args: argparse.Namespace) -> int:
    """Generate the set the arguments ask for; print it or write it to ``--out``."""
    if args.stats is not None:
        return _stats(args.game, args.stats)
    if args.max_games is not None and args.max_games < 1:
        raise SystemExit(f"--max-games must be 1 or more, not {args.max_games}")
    try:
        data = generate(args.game, args.count, args.seed, args.max_games)
    except ValueError as e:
        raise SystemExit(str(e)) from None
    text = dumps(data)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(text)
    print(
        f"{counted(data['count'], args.game + ' puzzle')} from "
        f"{counted(data['games_played'], 'game')}, "
        f"seed {args.seed}, written to {args.out}",
        file=sys.stderr,
    )
    return 0


def _stats(game: str, path: str) -> int:
    """Print the solver table of the shipped set of ``game`` (or of the set in ``path``)."""
    try:
        if path:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            check_set(data)
            if data["game"] != game:
                raise ValueError(f"{path} holds {data['game']} puzzles, not {game}")
        else:
            data = load_set(game)
    except (OSError, ValueError) as e:
        raise SystemExit(str(e)) from None
    print(stats_table(data, set_stats(data)))
    return 0
