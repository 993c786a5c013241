"""The guided search on Currents: greedy priors and progressive widening (issue 29)."""

from __future__ import annotations

import math

import tablegames as tg
from tablegames.bots import GreedyBot, GuidedMCTSBot, MCTSBot
from tablegames.bots.guided import guided_hints


def _midgame(seed: int = 3, plies: int = 12) -> tg.State:
    state = tg.make("currents").initial_state(seed=seed)
    bot = GreedyBot(seed=1)
    for _ in range(plies):
        state = state.apply(bot.choose(state))
    assert not state.is_terminal and len(state.legal_moves()) > 50
    return state


def test_guided_currents_widens_the_root_by_the_square_root_of_its_visits() -> None:
    state = _midgame()
    widening = guided_hints(state.game).widening
    assert widening is not None
    base, rate = widening
    guided = GuidedMCTSBot(iterations=100, seed=1).analyse(state)
    plain = MCTSBot(iterations=100, seed=1).analyse(state)
    assert len(guided.moves) <= base + rate * math.sqrt(100)
    assert len(plain.moves) > 50  # the plain search tries a new move nearly every time


def test_guided_currents_tries_the_greedy_best_move_first() -> None:
    state = _midgame()
    scores = GreedyBot(seed=1).scores(state)
    top = max(v for _, v in scores)
    best = {str(m) for m, v in scores if v == top}
    first = GuidedMCTSBot(iterations=1, seed=1).analyse(state)
    assert first.moves[0].move in best


def test_guided_currents_is_seeded() -> None:
    state = _midgame(seed=5)
    a = GuidedMCTSBot(iterations=60, seed=2).analyse(state).moves
    b = GuidedMCTSBot(iterations=60, seed=2).analyse(state).moves
    assert a == b
