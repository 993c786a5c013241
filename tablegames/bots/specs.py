"""Bots named by specs: short strings that travel to worker processes, sit in a table's
seat, or name a puzzle's solver.

``"random"``, ``"greedy"``, ``"mcts"`` or ``"mcts:500"`` (MCTS with 500 iterations per
move), ``"guided"`` or ``"guided:500"`` (the same search with evaluation-guided playouts,
:class:`~tablegames.bots.GuidedMCTSBot`; docs/bots.md). The factory lives with the bots so
that simulations, tables, puzzles and pages reach it without the simulation package.

>>> make_bot("guided:30").iterations
30
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import Game
from .base import Bot, RandomBot
from .greedy import GreedyBot
from .guided import GuidedMCTSBot
from .mcts import MCTSBot

#: Bot names understood in specs, each with its maker ``(argument, seed) -> bot``.
BOTS: dict[str, Callable[[str | None, str], Bot]] = {
    "random": lambda arg, seed: RandomBot(seed),
    "greedy": lambda arg, seed: GreedyBot(seed),
    "mcts": lambda arg, seed: MCTSBot(iterations=int(arg) if arg else 200, seed=seed),
    "guided": lambda arg, seed: GuidedMCTSBot(iterations=int(arg) if arg else 200, seed=seed),
}
#: Bots whose spec may carry a number of iterations (``"mcts:500"``).
SEARCH_BOTS = ("mcts", "guided")


def make_bot(spec: str, seed: int | str = 0) -> Bot:
    """The bot named by ``spec`` (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:500"``,
    ``"guided:500"``).

    >>> make_bot("mcts:50").iterations
    50
    """
    name, _, arg = spec.strip().partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; the bots are: {', '.join(BOTS)} (mcts:N sets N)")
    if arg and (name not in SEARCH_BOTS or not arg.isdigit() or int(arg) < 1):
        raise ValueError(
            f"bad bot spec {spec!r}: only {' and '.join(SEARCH_BOTS)} take a number (mcts:500)"
        )
    return BOTS[name](arg or None, str(seed))


def check_specs(game: Game, bots: Sequence[str] | None) -> list[str]:
    """One valid spec per seat; a single spec fills every seat."""
    n = game.num_players
    specs = ["random"] * n if bots is None else [str(b) for b in bots]
    if len(specs) == 1:
        specs *= n
    if len(specs) != n:
        raise ValueError(f"{game.name} with these options seats {n} bots, not {len(specs)}")
    for s in specs:
        make_bot(s)
    return specs
