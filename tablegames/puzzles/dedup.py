"""No two puzzles of a set with the same idea and set-up.

A puzzle's *idea* is its kind with the pattern of its theme: the theme (generated from
what the solution does) with cards, cells, numbers, edges, colours and unit names blanked (the
signs of a Poohsticks sum stay: adding and multiplying are different ideas), so
"move the resistor i2-j1 onto the charger, ..." and "move the resistor d2-e1 onto the
charger, ..." are one idea. Its *set-up* is the idea with the solution's exact moves.
A set takes a set-up once, and an idea at most :data:`MOST_PER_IDEA` times (where the
game's themes tell ideas apart: ``PuzzleGame.idea_cap``).

>>> idea({"kind": "save", "theme": "move the resistor i2-j1 onto the charger"})
('save', 'move the resistor # onto the charger')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

_BLANKS = (
    re.compile(r"\(?\b(?:10|[2-9AJQKT])(?:\(\d+\))?[♠♥♦♣]\)?"),  # cards: 10♥, (K♣)
    re.compile(r"\b[A-Za-z]\d+(?:-[A-Za-z]\d+)?\b"),  # cells and steps: e1, d1-c1, N3
    re.compile(r"\b\d+\b"),
    re.compile(r"\b[AJQK]\b(?:\(#\))?"),  # bare ranks in a sum: J - 8, A(14) - 9
    re.compile(r"\b(?:north|east|south|west|red|black|clockwise|counter-clockwise)\b"),
    re.compile(r"\b(?:king|queen|jack|ten|unit)\b"),
)


def pattern(theme: str) -> str:
    """The theme with its particulars blanked to ``#``."""
    for blank in _BLANKS:
        theme = blank.sub("#", theme)
    return re.sub(r"#(?:[-\s]#)+", "#", theme)


def idea(puzzle: Mapping[str, Any]) -> tuple[str, str]:
    """The puzzle's idea: its kind and the pattern of its theme."""
    return (puzzle["kind"], pattern(puzzle["theme"]))


def setup(puzzle: Mapping[str, Any]) -> tuple[Any, ...]:
    """The puzzle's set-up: its idea with the exact moves of its solution."""
    return (*idea(puzzle), tuple(puzzle["solution"]))


#: How often one idea may appear in a set (a quarter of a set of twelve).
MOST_PER_IDEA = 3


class Ideas:
    """The ideas and set-ups of a set under construction."""

    def __init__(self, cap: bool = True) -> None:
        self.most = MOST_PER_IDEA if cap else 1 << 30
        self.ideas: Counter[tuple[str, str]] = Counter()
        self.setups: set[tuple[Any, ...]] = set()

    def fresh(self, puzzle: Mapping[str, Any]) -> bool:
        """May ``puzzle`` join the set (a new set-up, an idea not yet used too often)?"""
        return setup(puzzle) not in self.setups and self.ideas[idea(puzzle)] < self.most

    def add(self, puzzle: Mapping[str, Any]) -> None:
        self.ideas[idea(puzzle)] += 1
        self.setups.add(setup(puzzle))


def duplicates(puzzles: list[Mapping[str, Any]], cap: bool = True) -> list[str]:
    """What breaks the rule in a finished set (empty when nothing does); ``cap`` False
    checks set-ups only (a game whose themes say too little to tell ideas apart)."""
    out = []
    ideas = Ideas(cap)
    for p in puzzles:
        if setup(p) in ideas.setups:
            out.append(f"{p['id']} repeats the set-up of an earlier puzzle")
        elif ideas.ideas[idea(p)] >= ideas.most:
            out.append(f"{p['id']}: the idea {idea(p)[1]!r} appears more than {ideas.most} times")
        ideas.add(p)
    return out
