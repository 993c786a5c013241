"""Command line: ``python -m tablegames demo`` plays a seeded Currents game between bots."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from .demo import describe_events, run_demo


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="watch random bots play Currents, turn by turn")
    demo.add_argument("--seed", type=int, default=2001, help="game seed (default 2001)")
    demo.add_argument("--players", type=int, choices=(2, 4), default=4)
    demo.add_argument("--jokers", type=int, choices=(0, 1, 2), default=0)
    demo.add_argument("--max-turns", type=int, default=200, help="stop after this many turns")
    demo.add_argument(
        "--delay",
        type=float,
        default=None,
        help="seconds between turns (default 0.6 in a terminal, 0 otherwise)",
    )
    args = parser.parse_args(argv)
    delay = args.delay if args.delay is not None else (0.6 if sys.stdout.isatty() else 0.0)
    try:
        for chunk in run_demo(args.seed, args.players, args.jokers, args.max_turns):
            print(chunk, flush=True)
            if delay:
                time.sleep(delay)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


__all__ = ["describe_events", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
