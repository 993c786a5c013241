"""Why a random Resistor match with the default options does not end: a measurement.

Plays seeded matches with the page's default options (two rounds, no turn or round cap)
up to ``--cap`` decisions (5000, like the check that found it), with a uniformly random
resistor player and one of three ampere players: ``uniform`` (random, forfeits when it
draws the forfeit move), ``no_forfeit`` (random, never forfeits) and ``forward`` (the
forward-leaning player of tests/support/resistor.py: a move towards its goal 7
times in 10, never forfeits). Per ampere player it prints how matches and rounds end,
how often an ampere reaches the charge zone (becomes a charger), how often a charger
scores, and the rows the amperes reach.

    python benchmarks/resistor_length.py --matches 200
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from statistics import mean, median

import tablegames as tg
from tablegames.resistor.board import AMPERE, COLS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support.resistor import choose  # the tests' forward-leaning player


def measure(how: str, matches: int, cap: int, options: dict[str, object]) -> None:
    """Play ``matches`` matches and print what they show (see the module docstring)."""
    game = tg.make("resistor", **options)
    ended = 0
    decisions: list[int] = []
    rounds: list[int] = []
    round_ends: Counter[str] = Counter()
    charges = scores = rounds_with_charge = forfeit_offered = forfeit_turns = 0
    top_rows: list[int] = []
    start_choices: list[int] = []
    round_decisions: list[int] = []
    for seed in range(matches):
        rng = random.Random(f"length:{seed}")
        s = game.initial_state(seed)
        n = 0
        charged_this_round = False
        top = 0
        since = 0
        while not s.is_terminal and n < cap:
            moves = s.legal_moves()
            if s.turn_role == "amperes" and not s.pending and s.turn_kind == "":
                forfeit_turns += 1
                forfeit_offered += any(m.kind == "forfeit" for m in moves)
                start_choices.append(len(moves))
            s = s.apply(
                choose(s, moves, rng, how) if s.turn_role == "amperes" else rng.choice(moves)
            )
            n += 1
            since += 1
            for i, c in enumerate(s.board):
                if c == AMPERE:
                    top = max(top, i // COLS)
            for e in s.events:
                if e.kind == "charge":
                    charges += 1
                    charged_this_round = True
                elif e.kind == "score":
                    scores += 1
                elif e.kind == "round_end":
                    round_ends[e.text or ""] += 1
                    rounds_with_charge += charged_this_round
                    charged_this_round = False
                    top_rows.append(top)
                    round_decisions.append(since)
                    since = 0
                    top = 0
        ended += s.is_terminal
        decisions.append(n)
        rounds.append(s.round)
    total_rounds = sum(round_ends.values())
    print(f"\nampere player {how!r}, {matches} matches, options {options}, cap {cap} decisions")
    print(f"  matches ended: {ended}/{matches}; decisions median {median(decisions)}, "
          f"rounds played median {median(rounds)}, max {max(rounds)}")  # fmt: skip
    print(f"  rounds ended: {total_rounds}, by {dict(round_ends.most_common())}")
    print(f"  rounds where an ampere reached the charge zone: {rounds_with_charge} "
          f"({rounds_with_charge / max(total_rounds, 1):.1%}); chargers made {charges}, "
          f"points scored {scores}")  # fmt: skip
    print(f"  highest row an ampere reached in a round (charge zone = 19): median "
          f"{median(top_rows) if top_rows else '-'}, mean {mean(top_rows) if top_rows else 0:.1f}, "
          f"rows >= 15 in {sum(t >= 15 for t in top_rows)} rounds")  # fmt: skip
    print(f"  forfeit offered at {forfeit_offered} of {forfeit_turns} ampere turn starts, "
          f"among {mean(start_choices):.1f} legal moves on average")  # fmt: skip
    if round_decisions:
        print(f"  decisions per finished round: median {median(round_decisions)}, "
              f"mean {mean(round_decisions):.0f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--cap", type=int, default=5000)
    parser.add_argument("--how", action="append", choices=["uniform", "no_forfeit", "forward"])
    args = parser.parse_args()
    for how in args.how or ["uniform", "no_forfeit", "forward"]:
        measure(how, args.matches, args.cap, {})


if __name__ == "__main__":
    main()
