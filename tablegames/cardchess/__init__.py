"""Card Chess: see :class:`CardChessGame` and :class:`CardChessState`.

Registered as ``"cardchess"``: ``tablegames.make("cardchess", setup="progressive")``.
"""

from .game import CardChessGame
from .moves import CardChessMove
from .state import CardChessState

__all__ = ["CardChessGame", "CardChessMove", "CardChessState"]
