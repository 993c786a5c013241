"""Evaluations for the guided search that know more of a game than ``game.evaluate``.

``game.evaluate`` is the shared yardstick of the greedy bot, the puzzles and plain
MCTS, so it stays as it is; a heuristic here is used only by
:class:`~tablegames.bots.GuidedMCTSBot` (its :data:`~tablegames.bots.guided.GUIDED_TUNING`
names one per game), at the end of each playout and in its greedy playout steps.

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> [round(v, 3) for v in poohsticks_value(state)]  # boats not in yet; player 0's hand
[0.021, -0.021]
"""

from __future__ import annotations

from typing import Any

from ..core import State, relative

#: Ranks that may carry a Poohsticks boat off the last row.
EXIT_RANKS = frozenset("JQKA")


def poohsticks_value(state: State) -> tuple[float, ...]:
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
