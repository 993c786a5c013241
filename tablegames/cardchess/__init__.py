"""Card Chess: two armies of court cards and tens on a surface of cards. See
:class:`CardChessGame` and :class:`CardChessState`. Registered as ``"cardchess"``:
``tablegames.make("cardchess", setup="progressive")``.

The package has the modules every game has, in the same roles (see :mod:`tablegames`),
and no other.
"""

from .game import CardChessGame
from .moves import CardChessMove
from .state import CardChessState

__all__ = ["CardChessGame", "CardChessMove", "CardChessState"]
