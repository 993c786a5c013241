"""Card Chess's fixed action space: every move a unit could make along its rays, and every
placement of the progressive set-up.

Numbered by notation (:class:`~tablegames.actions.NotationSpace`): from each cell, every
cell a queen or a king could reach on an empty board (the other units move along a
subset of those rays), then, with the progressive set-up, each side's units placed on
each cell of its own start area.

>>> import tablegames as tg
>>> fixed, progressive = tg.make("cardchess"), tg.make("cardchess", setup="progressive")
>>> len(fixed.action_space()), len(progressive.action_space())
(580, 772)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NotationSpace
from . import moves as mv
from .state import ARMY, PIECES, START_AREA

if TYPE_CHECKING:
    from .game import CardChessGame


def action_space(game: CardChessGame) -> NotationSpace:
    rays = mv.GRID.rays
    labels = []
    for src in range(mv.SIZE):
        reach: set[int] = set()
        for dirs, far in PIECES.values():
            for k in dirs:
                reach.update(rays[src][k][:far])
        labels += [str(mv.MOVE[src][dst]) for dst in sorted(reach)]
    if game.setup == "progressive":
        for side in (0, 1):
            labels += [str(mv.PLACE[u][i]) for u in ARMY[side] for i in sorted(START_AREA[side])]
    return NotationSpace(labels)
