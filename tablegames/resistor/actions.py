"""Resistor's fixed action space: every move in the game's move table.

Numbered by notation (:class:`~tablegames.actions.NotationSpace`): the one- and
two-space steps from every cell along the eight directions, a placement and an overload
on every cell, then the role choices, ``end`` and ``forfeit``. Which of them is legal
is the state's business; the table is the same for every option set.

>>> from tablegames.resistor.game import ResistorGame
>>> len(ResistorGame().action_space())
4452
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NotationSpace
from . import moves as mv

if TYPE_CHECKING:
    from .game import ResistorGame


def action_space(game: ResistorGame) -> NotationSpace:
    moves = [table[dst] for table in mv.MOVE for dst in sorted(table)]
    moves += [*mv.PLACE, *mv.OVERLOAD, mv.AMPERES, mv.RESISTORS, mv.END, mv.FORFEIT]
    return NotationSpace(str(m) for m in moves)
