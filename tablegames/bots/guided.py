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

On Currents (about 100 moves a turn) random playouts and a one-ply tree add little
to the greedy bot, so the guided search there grows its tree by greedy priors instead:
each node adds its untried move of best one-ply score, and only as fast as the square
root of its visits allow (progressive widening, :data:`GUIDED_WIDENING`), so the budget
goes into the opponents' replies to a few good moves rather than one visit to each.

Per-game tuning lives in :data:`GUIDED_TUNING` (playout depth and epsilon, measured
with ``python -m tablegames ladder``: docs/bots.md). The bot is named ``"guided:N"``
in bot specs (:func:`tablegames.bots.make_bot`); ``"mcts:N"`` keeps random playouts.

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> GuidedMCTSBot(iterations=20, seed=1).choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core import State
from .heuristics import poohsticks_value
from .mcts import Analysis, MCTSBot, _Node

#: Playout depth and epsilon per game, where they differ from :data:`GUIDED_DEFAULT`.
#: Currents: no playout; the widened tree below does the looking ahead.
GUIDED_TUNING: dict[str, tuple[int, float]] = {"currents": (0, 0.0)}
#: (rollout depth, epsilon) for a game without its own tuning.
GUIDED_DEFAULT: tuple[int, float] = (8, 0.1)
#: Evaluations used instead of ``game.evaluate`` (see :mod:`tablegames.bots.heuristics`).
GUIDED_EVALUATION: dict[str, Callable[[State], tuple[float, ...]]] = {
    "poohsticks": poohsticks_value,
}
#: Games whose tree grows by greedy priors (progressive widening): ``(base, rate)``, a
#: node holds at most ``base + rate * sqrt(visits)`` children, added best prior first.
#: Currents offers about 100 moves a turn: a plain search spreads 1,000 iterations
#: over them one ply deep and is no better than greedy (docs/bots.md).
GUIDED_WIDENING: dict[str, tuple[float, float]] = {"currents": (3.0, 1.0)}


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
        self._priors: dict[int, dict[str, float]] = {}  # the search under way: by node id

    def __repr__(self) -> str:
        return f"GuidedMCTSBot(iterations={self.iterations}, seconds={self.seconds})"

    def analyse(self, state: State) -> Analysis:
        """As :meth:`MCTSBot.analyse`; the priors of the search under way are dropped after."""
        self._priors = {}
        try:
            return super().analyse(state)
        finally:
            self._priors = {}

    def _ismcts(self, root: _Node, state: State) -> None:
        """One iteration; on a game of :data:`GUIDED_WIDENING`, a node's new child is its
        untried move of best prior (one ply scored as the greedy bot does, kept per node
        and move name), and only while the node has fewer children than its widening
        allows; otherwise the iteration of :class:`MCTSBot`."""
        widen = GUIDED_WIDENING.get(state.game.name)
        if widen is None:
            super()._ismcts(root, state)
            return
        base, rate = widen
        evaluate = GUIDED_EVALUATION.get(state.game.name, state.game.evaluate)
        node, path = root, [root]
        names = self._names
        while not state.is_terminal:
            children = node.children
            priors = self._priors.setdefault(id(node), {})
            me = state.current_player
            best_move: Any = None
            top = -math.inf
            legal = []
            for m in state.legal_moves():
                name = names.get(id(m))
                if name is None:
                    name = self._name(m)
                child = children.get(name)
                if child is not None:
                    child.avail += 1
                    legal.append((child, m))
                    continue
                value = priors.get(name)
                if value is None:
                    value = priors[name] = _one_ply(state.apply(m), me, evaluate)
                if value > top:
                    best_move, top = m, value
            if best_move is not None and (
                not legal or len(children) < base + rate * math.sqrt(node.visits)
            ):
                child = _Node(me)
                child.avail = 1
                children[names[id(best_move)]] = child
                path.append(child)
                state = state.apply(best_move)
                break
            chosen = self._select_available(legal)
            path.append(chosen[0])
            node = chosen[0]
            state = state.apply(chosen[1])
        self._backup(path, self._playout(state))

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
        value = _one_ply(after, me, evaluate)
        if value > top:
            best, top = [after], value
        elif value == top:
            best.append(after)
    return best[0] if len(best) == 1 else best[pick(len(best))]


def _one_ply(after: State, me: int, evaluate: Any) -> float:
    """How good ``after`` is for player ``me``, as the greedy step scores it: a finished
    game counts twice its result, so a win at once beats any evaluation."""
    return 2.0 * after.returns()[me] if after.is_terminal else float(evaluate(after)[me])
