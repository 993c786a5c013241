"""Guided MCTS: the search of :class:`~tablegames.bots.MCTSBot` with better playouts.

Plain MCTS plays its playouts at random. In a race game a random playout mostly
measures luck, so a search of a few hundred playouts can lose to the one-ply greedy bot
(docs/bots.md). :class:`GuidedMCTSBot` changes only the playout: each step picks, with
chance ``1 - epsilon``, the move whose result the game's evaluation scores best for the
player to move (ties at random), else a random move; after ``rollout_depth`` steps the
evaluation scores the position, as in plain MCTS. Playouts run on a full sampled state
(information-set search samples the hidden cards first, see :mod:`tablegames.determinize`),
so the greedy step never reads a hidden card of the real game.

Each game may declare its own hints on its Game class, the way it declares
``playout_depth`` for plain MCTS; :func:`guided_hints` reads them and fills in the rest:

- ``guided_playout``: ``(rollout depth, epsilon)``, else :data:`GUIDED_DEFAULT`
  (measured with ``python -m tablegames ladder``: docs/bots.md);
- ``guided_evaluation(state)``: a method overridden to score instead of ``game.evaluate``
  (a heuristic that knows more of the game than the shared yardstick);
- ``guided_widening``: ``(base, rate)``. Where a game offers so many moves a turn that a
  plain search spreads its budget one ply deep, the tree grows by greedy priors instead:
  each node adds its untried move of best one-ply score, and only while it holds fewer
  than ``base + rate * sqrt(visits)`` children (progressive widening), so the budget goes
  into the opponents' replies to a few good moves rather than one visit to each.

The bot is named ``"guided:N"`` in bot specs (:func:`tablegames.bots.make_bot`);
``"mcts:N"`` keeps random playouts.

>>> import tablegames as tg
>>> state = tg.make("poohsticks", players=2).initial_state(seed=4)
>>> GuidedMCTSBot(iterations=20, seed=1).choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..builder import mypyc_attr
from ..core import Game, State
from ..rng import randbelow
from .mcts import Analysis, MCTSBot, _Node

#: (rollout depth, epsilon) for a game that declares no ``guided_playout``.
GUIDED_DEFAULT: tuple[int, float] = (8, 0.1)


@dataclass(frozen=True)
class GuidedHints:
    """What the guided search does on one game (see :func:`guided_hints`)."""

    rollout_depth: int  #: greedy playout steps before the evaluation scores the position
    epsilon: float  #: the chance of a random step instead of the greedy one
    evaluate: Callable[[State], tuple[float, ...]]  #: scores playouts and priors
    widening: tuple[float, float] | None  #: ``(base, rate)``, or None: no widening


def guided_hints(game: Game) -> GuidedHints:
    """The hints ``game`` declares for the guided search, the defaults where it declares
    none (the module's docstring lists them).

    >>> import tablegames as tg
    >>> guided_hints(tg.make("currents")).widening
    (3.0, 1.0)
    >>> guided_hints(tg.make("cardchess")).rollout_depth == GUIDED_DEFAULT[0]
    True
    """
    depth, epsilon = game.guided_playout or GUIDED_DEFAULT
    # the game's own evaluation where it does not override the hint: one call less a step
    own = type(game).guided_evaluation is not Game.guided_evaluation
    evaluate = game.guided_evaluation if own else game.evaluate
    return GuidedHints(depth, epsilon, evaluate, game.guided_widening)


@mypyc_attr(allow_interpreted_subclasses=True)
class GuidedMCTSBot(MCTSBot):
    """MCTS whose playouts follow the game's evaluation (epsilon-greedy), cut at a depth.

    ``rollout_depth`` and ``epsilon`` default to the game's hints (:func:`guided_hints`);
    the other arguments are those of :class:`MCTSBot`. Seeded: the same seed and state
    give the same move.
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
        # The search under way: the game's hints, and the priors by node id.
        self._hints: GuidedHints | None = None
        self._priors: dict[int, dict[str, float]] = {}

    def __repr__(self) -> str:
        return f"GuidedMCTSBot(iterations={self.iterations}, seconds={self.seconds})"

    def analyse(self, state: State) -> Analysis:
        """As :meth:`MCTSBot.analyse`, with the hints of ``state``'s game; the priors of the
        search are dropped after."""
        self._priors = {}
        self._hints = guided_hints(state.game)
        try:
            return super().analyse(state)
        finally:
            self._priors, self._hints = {}, None

    def _hints_for(self, state: State) -> GuidedHints:
        """The hints of the search under way (read afresh outside a search)."""
        return guided_hints(state.game) if self._hints is None else self._hints

    def _ismcts(self, root: _Node, state: State) -> None:
        """One iteration; on a game with a widening, a node's new child is its untried
        move of best prior (one ply scored as the greedy bot does, kept per node and move
        name), and only while the node has fewer children than its widening allows;
        otherwise the iteration of :class:`MCTSBot`."""
        hints = self._hints_for(state)
        if hints.widening is None:
            super()._ismcts(root, state)
            return
        base, rate = hints.widening
        evaluate = hints.evaluate
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
            grow = not legal or len(children) < base + rate * math.sqrt(node.visits)
            below, state = self._descend(state, path, children, best_move if grow else None, legal)
            if below is None:
                break
            node = below
        self._backup(path, self._playout(state))

    def _playout(self, state: State) -> tuple[float, ...]:
        hints = self._hints_for(state)
        depth = hints.rollout_depth if self.rollout_depth is None else self.rollout_depth
        eps = hints.epsilon if self.epsilon is None else self.epsilon
        rng = self.rng
        evaluate = hints.evaluate
        for _ in range(depth):
            if state.is_terminal:
                return state.returns()
            moves = state.legal_moves()
            if len(moves) == 1 or rng.random() < eps:
                state = state.apply(moves[randbelow(rng, len(moves))])
                continue
            state = _best_next(state, moves, evaluate, rng)
        if state.is_terminal:
            return state.returns()
        return evaluate(state)


def _best_next(state: State, moves: list[Any], evaluate: Any, rng: random.Random) -> State:
    """The result of the move that scores best for the player to move (a win at once
    first, then ``evaluate``; equals broken at random by ``rng``, as its ``randrange``)."""
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
    return best[0] if len(best) == 1 else best[randbelow(rng, len(best))]


def _one_ply(after: State, me: int, evaluate: Any) -> float:
    """How good ``after`` is for player ``me``, as the greedy step scores it: a finished
    game counts twice its result, so a win at once beats any evaluation."""
    return 2.0 * after.returns()[me] if after.is_terminal else float(evaluate(after)[me])
