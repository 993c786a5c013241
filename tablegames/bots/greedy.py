"""The greedy bot: one ply of look-ahead, scored by the game's evaluation.

It tries every legal move and keeps the one whose result scores best for itself:
a win at once beats anything, then ``game.evaluate`` decides; ties go to a seeded
random choice. On a hidden-information game the moves are tried on a sample of the
hidden cards drawn from the bot's own observation, so the look-ahead never sees a
card the player could not see (for instance the card it would draw).

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> GreedyBot(seed=1).choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any

from ..core import State
from ..determinize import InformationSet


class GreedyBot:
    """Best immediate result by ``game.evaluate``; seeded tie-breaks."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def scores(self, state: State) -> list[tuple[Any, float]]:
        """Every legal move with the score of its result for the player to move."""
        me = state.current_player
        moves = state.legal_moves()
        base = state
        if state.game.info.hidden_information:
            base = InformationSet(state.game, state.observation(me)).sample(self.rng)
        by_text = {str(m): m for m in base.legal_moves()} if base is not state else None
        out = []
        for m in moves:
            tried = by_text[str(m)] if by_text is not None else m
            after = base.apply(tried)
            value = after.returns()[me] if after.is_terminal else after.game.evaluate(after)[me]
            out.append((m, value))
        return out

    def choose(self, state: State) -> Any:
        scored = self.scores(state)
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]
