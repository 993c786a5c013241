"""Fellowship's fixed action space: every capture and cover any hand card can make.

Numbered by notation (:class:`~tablegames.actions.NotationSpace`): for each of the 13
positions, capturing the left then the right neighbour with each of the 52 hand cards
filling the gap (1,352 actions), then covering the joker at each position with each
card (676 more, when the game has a joker: two and four players).

>>> import tablegames as tg
>>> len(tg.make("fellowship").action_space()), len(tg.make("fellowship", players=3).action_space())
(2028, 1352)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NotationSpace
from . import moves as mv

if TYPE_CHECKING:
    from .game import FellowshipGame


def action_space(game: FellowshipGame) -> NotationSpace:
    labels = [str(side[c]) for pair in mv.CAPTURE for side in pair for c in mv.HAND_CARDS]
    if game.has_joker:
        labels += [str(cover[c]) for cover in mv.COVER for c in mv.HAND_CARDS]
    return NotationSpace(labels)
