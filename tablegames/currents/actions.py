"""Currents' fixed action space: every move its deck and options can ever make legal.

Numbered by notation (:class:`~tablegames.actions.NotationSpace`): each card placed on
each of the 20 targets, the court-card actions, the jokers, each discard, every
goaltending defence (one to four cards of one suit: a hand never holds more than four),
``decline`` and, with combination attacks, ``stop``. Four players with no jokers give
5,965 actions.

>>> import tablegames as tg
>>> len(tg.make("currents").action_space())
5965
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ..actions import NotationSpace
from ..cards import JOKERS, SUIT, SUITS
from . import moves as mv
from .state import HAND_SIZE

if TYPE_CHECKING:
    from .game import CurrentsGame


def action_space(game: CurrentsGame) -> NotationSpace:
    deck = game.deck
    moves: list[mv.CurrentsMove] = []
    moves += [m for c in deck if c in mv.PLACE for m in mv.PLACE[c]]
    moves += [m for c in deck if c in mv.JACK for m in mv.JACK[c]]
    moves += [m for c in deck if c in mv.QUEEN for m in mv.QUEEN[c]]
    moves += [m for c in deck if c in mv.KING for m in mv.KING[c]]
    moves += [mv.JOKER[c] for c in deck if c in JOKERS]
    moves += [mv.DISCARD[c] for c in deck]
    for size in range(1, HAND_SIZE + 1):
        for s in SUITS:
            same = [c for c in deck if SUIT[c] == s]
            moves += [mv.defend(combo) for combo in itertools.combinations(same, size)]
    moves.append(mv.DECLINE)
    if game.combination_attacks:
        moves.append(mv.STOP)
    return NotationSpace(str(m) for m in moves)
