"""Poohsticks' evaluation for the guided search: the race as ``game.evaluate`` sees it,
plus what each hand promises.

``game.evaluate`` stays the shared yardstick of the greedy bot, the puzzles and plain
MCTS; this one is what :class:`PoohsticksGame <tablegames.poohsticks.PoohsticksGame>`
declares as its ``guided_evaluation``, used by :class:`~tablegames.bots.GuidedMCTSBot`
at the end of each playout and in its greedy playout steps (docs/bots.md).

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> [round(v, 3) for v in guided_value(state)]  # boats not in yet; player 0's hand
[0.021, -0.021]
"""

from __future__ import annotations

from typing import Any

from ..core import State, relative
from .state import EXIT_RANKS


def guided_value(state: State) -> tuple[float, ...]:
    """Progress down the river (as ``game.evaluate``), plus what the hand promises: a
    boat on the last row holding a card that can exit is half a row nearer the end,
    and, in the turn player's own turn, each card still in hand is worth a tenth of a
    row (it may pay for another step; spending two cards where one would do wastes one).
    """
    if state.is_terminal:
        return state.returns()
    s: Any = state
    game = s.game
    w, n = game.width, game.length
    row = 1.0 / (n + 1)
    raw = []
    for p, b in enumerate(s.boats):
        if p in s.exited:
            raw.append(1.0)
            continue
        v = 0.0 if b is None else (b // w + 1) * row
        hand = s.hands[p]
        if b is not None and b // w == n - 1 and any(c[0] in EXIT_RANKS for c in hand):
            v += 0.5 * row
        if p == s.player:
            v += 0.1 * row * len(hand)
        raw.append(v)
    return relative(raw)
