"""Guided MCTS: the search of :class:`~tablegames.bots.MCTSBot` with better playouts.

Plain MCTS plays its playouts at random. In a race such as Poohsticks a random
playout mostly measures luck, so a search of a few hundred playouts loses to the
one-ply greedy bot. :class:`GuidedMCTSBot` changes only the playout: each step picks,
with chance ``1 - epsilon``, the move whose result ``game.evaluate`` scores best for
the player to move (ties at random), else a random move; after ``rollout_depth``
steps the evaluation scores the position, as in plain MCTS. Playouts run on a full
sampled state (information-set search samples the hidden cards first, see
:mod:`tablegames.determinize`), so the greedy step never reads a hidden card of the
real game.

Per-game tuning lives in :data:`GUIDED_TUNING` (playout depth and epsilon, measured
with ``python -m tablegames ladder``: docs/bots.md). The bot is named ``"guided:N"``
in bot specs (:func:`tablegames.bots.make_bot`); ``"mcts:N"`` keeps random playouts.

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> GuidedMCTSBot(iterations=20, seed=1).choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import State
from .heuristics import poohsticks_value
from .mcts import MCTSBot

#: Playout depth and epsilon per game, where they differ from :data:`GUIDED_DEFAULT`.
GUIDED_TUNING: dict[str, tuple[int, float]] = {}
#: (rollout depth, epsilon) for a game without its own tuning.
GUIDED_DEFAULT: tuple[int, float] = (8, 0.1)
#: Evaluations used instead of ``game.evaluate`` (see :mod:`tablegames.bots.heuristics`).
GUIDED_EVALUATION: dict[str, Callable[[State], tuple[float, ...]]] = {
    "poohsticks": poohsticks_value,
}


class GuidedMCTSBot(MCTSBot):
    """MCTS whose playouts follow the game's evaluation (epsilon-greedy), cut at a depth.

    ``rollout_depth`` and ``epsilon`` default to the game's entry in
    :data:`GUIDED_TUNING` (else :data:`GUIDED_DEFAULT`); the other arguments are those
    of :class:`MCTSBot`. Seeded: the same seed and state give the same move.
    """

    def __init__(
        self,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int | str = 0,
        exploration: float | None = None,
        rollout_depth: int | None = None,
        epsilon: float | None = None,
    ) -> None:
        super().__init__(iterations, seconds, seed, exploration, rollout_depth)
        if epsilon is not None and not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be from 0 to 1, not {epsilon}")
        self.epsilon = epsilon

    def __repr__(self) -> str:
        return f"GuidedMCTSBot(iterations={self.iterations}, seconds={self.seconds})"

    def _playout(self, state: State) -> tuple[float, ...]:
        game = state.game
        depth, eps = GUIDED_TUNING.get(game.name, GUIDED_DEFAULT)
        if self.rollout_depth is not None:
            depth = self.rollout_depth
        if self.epsilon is not None:
            eps = self.epsilon
        rng = self.rng
        evaluate = GUIDED_EVALUATION.get(game.name, game.evaluate)
        for _ in range(depth):
            if state.is_terminal:
                return state.returns()
            moves = state.legal_moves()
            if len(moves) == 1 or rng.random() < eps:
                state = state.apply(moves[rng.randrange(len(moves))])
                continue
            state = _best_next(state, moves, evaluate, rng.randrange)
        if state.is_terminal:
            return state.returns()
        return evaluate(state)


def _best_next(state: State, moves: list[Any], evaluate: Any, pick: Any) -> State:
    """The result of the move that scores best for the player to move (a win at once
    first, then ``evaluate``; equals broken by ``pick``, a seeded ``randrange``)."""
    me = state.current_player
    best: list[State] = []
    top = -float("inf")
    for m in moves:
        after = state.apply(m)
        value = 2.0 * after.returns()[me] if after.is_terminal else evaluate(after)[me]
        if value > top:
            best, top = [after], value
        elif value == top:
            best.append(after)
    return best[0] if len(best) == 1 else best[pick(len(best))]
