"""Card Chess: see :class:`CardChessGame` and :class:`CardChessState`.

Not registered in ``tablegames.GAMES`` yet: the game joins the registry once its
board exists in the widget layer (issue 6). Create it with ``CardChessGame(...)``.
"""

from .game import CardChessGame
from .moves import CardChessMove
from .state import CardChessState

__all__ = ["CardChessGame", "CardChessMove", "CardChessState"]
