"""Resistor: see :class:`ResistorGame` and :class:`ResistorState`.

Not registered in ``tablegames.GAMES`` yet: the game joins the registry once its
board exists in the widget layer (issue 6). Create it with ``ResistorGame(...)``.
"""

from .board import Piece
from .game import ResistorGame
from .moves import ResistorMove
from .state import ResistorState

__all__ = ["Piece", "ResistorGame", "ResistorMove", "ResistorState"]
