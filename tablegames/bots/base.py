"""The bot protocol, the random bot and the loop that plays a whole game between bots.

>>> import tablegames as tg
>>> result = tg.play_game(tg.make("currents", players=2, max_turns=30), seed=5)
>>> result.final.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import Game, State
from ..record import Record


class Bot(Protocol):
    """Anything with ``choose(state) -> move`` (one of ``state.legal_moves()``)."""

    def choose(self, state: State) -> Any: ...


class RandomBot:
    """Chooses uniformly among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


@dataclass(frozen=True)
class GameResult:
    """A finished (or capped) game: its record, its last state and how many decisions it took."""

    record: Record
    final: State
    decisions: int


def play_game(
    game: Game,
    bots: Sequence[Bot] | None = None,
    seed: int = 0,
    max_decisions: int | None = 1_000_000,
) -> GameResult:
    """Play ``game`` from ``seed`` with one bot per player (random bots by default).

    Bots without a seed of their own get one derived from ``seed``, so the same call
    always plays the same game. ``max_decisions`` stops a game that would never end.
    """
    if bots is None:
        bots = [RandomBot(f"{seed}:{p}") for p in range(game.num_players)]
    if len(bots) != game.num_players:
        raise ValueError(
            f"{game.name} with these options needs {game.num_players} bots, not {len(bots)}"
        )
    state = game.initial_state(seed)
    moves: list[str] = []
    while not state.is_terminal and (max_decisions is None or len(moves) < max_decisions):
        move = bots[state.current_player].choose(state)
        state = state.apply(move)
        moves.append(str(move))
    record = Record(game.name, game.options_json(), seed, tuple(moves))
    return GameResult(record, state, len(moves))
