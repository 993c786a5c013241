"""Resistor's dice (set-up only): the role roll and the dead spaces, from a state's generator."""

from __future__ import annotations

import random

from ..events import Event
from .board import COLS, cell_name


def roll(gen: random.Random, n: int) -> tuple[int, ...]:
    """``n`` six-sided dice."""
    return tuple(gen.randint(1, 6) for _ in range(n))


def role_roll(gen: random.Random) -> tuple[int, list[Event]]:
    """Each player rolls a die, again on a tie; the higher roller (returned) chooses a role."""
    events = []
    while True:
        a, b = roll(gen, 1)[0], roll(gen, 1)[0]
        events += [Event("roll", 0, value=(a,)), Event("roll", 1, value=(b,))]
        if a != b:
            return (0 if a > b else 1), events


def dead_spaces(gen: random.Random, count: int, player: int) -> tuple[tuple[int, ...], list[Event]]:
    """``count`` distinct dead spaces: column 2d6 and row 3d6 of the playable area (whose
    numbers are the board's), rolled again when a space repeats. Events ``dead_space``
    (``value``: the two column dice, then the three row dice) and ``reroll``; ``player``
    is the resistor player, who rolls."""
    cells: list[int] = []
    events = []
    while len(cells) < count:
        dice = roll(gen, 5)
        cell = (dice[2] + dice[3] + dice[4]) * COLS + dice[0] + dice[1]
        if cell in cells:
            events.append(Event("reroll", player, where=cell_name(cell), value=dice))
            continue
        cells.append(cell)
        events.append(Event("dead_space", player, where=cell_name(cell), value=dice))
    return tuple(sorted(cells)), events
