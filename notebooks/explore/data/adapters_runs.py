"""The full run of adapters.ipynb (see run.py): OpenSpiel's own searchers, through the
adapter, against random play, against tablegames' greedy bot and against each other.

The game functions live here (not in the engine, which never imports OpenSpiel); a
local process pool finds them because run.py loads this module before the pool starts.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "adapters.ipynb"
Rows = list[dict[str, Any]]
#: OpenSpiel's searchers get this many simulations a move, each ending in one random
#: rollout (the budget of OpenSpiel's own examples for small games, and affordable here).
SIMULATIONS = 40
#: (first, second, deals): each pair plays deals 0..n-1, the first player alternating seats.
PAIRS = [
    ("os-mcts", "os-random", 30),
    ("os-mcts", "greedy", 30),
    ("os-ismcts", "os-mcts", 12),
]


def _bot(name: str, game: Any, player: int, seed: int) -> Any:
    """An OpenSpiel bot: ``os-random``, ``os-mcts`` (searches the true state, hidden
    cards face up), ``os-ismcts`` (samples the hidden cards from its own view), or
    ``greedy``: tablegames' greedy bot choosing on the engine state behind the adapter."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed * 2 + player)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if name == "os-random":
        return pyspiel.make_uniform_random_bot(player, seed * 2 + player)
    if name == "os-mcts":
        return mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=rng)
    if name == "os-ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 2.0, SIMULATIONS, random_state=rng)
    if name == "greedy":
        return _Greedy(game, f"{seed}:{player}")
    raise ValueError(f"unknown bot {name!r}")


class _Greedy:
    """tablegames' GreedyBot as an OpenSpiel bot (``step(state) -> action``)."""

    def __init__(self, game: Any, seed: str) -> None:
        from tablegames.bots import GreedyBot

        self.bot = GreedyBot(seed)
        self.space = game.space

    def step(self, state: Any) -> int:
        engine = state.engine_state
        return int(self.space.index(engine, self.bot.choose(engine)))


def deal(pair: tuple[str, str], deal: int) -> dict[str, Any]:
    """Deal ``deal`` of two-player Currents between the pair, ``pair[0]`` in seat
    ``deal % 2``: the seats and the winner."""
    from tablegames.adapters import openspiel

    game = openspiel.load_game("currents", players=2)
    seats = list(pair) if deal % 2 == 0 else [pair[1], pair[0]]
    bots = [_bot(name, game, p, deal) for p, name in enumerate(seats)]
    state = game.new_initial_state()
    state.apply_action(deal)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    winner = next((p for p, r in enumerate(returns) if r > 0), None)
    return {"pair": f"{pair[0]} v {pair[1]}", "deal": deal, "seats": seats, "winner": winner}


@register("adapters-openspiel-bots", notebook=NOTEBOOK, about="OpenSpiel MCTS/ISMCTS v our bots")
def openspiel_bots(ctx: RunContext) -> Rows:
    rows: Rows = []
    for a, b, n in PAIRS:
        label = f"{a} v {b}"
        rows += ctx.map(partial(deal, (a, b)), range(n), label=label)
        ctx.options[label] = {"players": 2, "simulations": SIMULATIONS, "rollouts": 1}
        ctx.bots[label] = [a, b]
        ctx.seeds[label] = f"deals 0-{n - 1}"
    return rows
