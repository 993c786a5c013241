"""Bots that play any game through the engine contract only.

- :class:`RandomBot`: uniform among the legal moves.
- :class:`GreedyBot`: one ply of look-ahead scored by the game's evaluation.
- :class:`MCTSBot`: Monte Carlo tree search; UCT on perfect-information games and
  information-set MCTS (sampling the hidden cards from the bot's own observation) on
  the others. Its :meth:`MCTSBot.analyse` shows visit counts and win chances.
- :class:`GuidedMCTSBot`: the same search, its playouts led by the game's evaluation
  (epsilon-greedy, cut at a depth); stronger where random playouts are mostly luck.

Every bot is seeded, so the same bot on the same state chooses the same move.
:func:`play_game` plays a whole game between bots; :func:`make_bot` builds one from its
spec (``"random"``, ``"greedy"``, ``"mcts:500"``, ``"guided:500"``).
"""

from .base import Bot, GameResult, RandomBot, play_game
from .greedy import GreedyBot
from .guided import GuidedMCTSBot
from .mcts import Analysis, MCTSBot, MoveStat
from .specs import BOTS, SEARCH_BOTS, check_specs, make_bot

__all__ = [
    "BOTS",
    "SEARCH_BOTS",
    "Analysis",
    "Bot",
    "GameResult",
    "GreedyBot",
    "GuidedMCTSBot",
    "MCTSBot",
    "MoveStat",
    "RandomBot",
    "check_specs",
    "make_bot",
    "play_game",
]
