"""Resistor: amperes and resistors on a circuit of 14 x 20 cells. See :class:`ResistorGame`
and :class:`ResistorState`. Registered as ``"resistor"``: ``tablegames.make("resistor",
amperes=3)``.

The package has the modules every game has, in the same roles (see :mod:`tablegames`),
and its own ``board``, ``dice`` and ``legality``.
"""

from .board import Piece
from .game import ResistorGame
from .moves import ResistorMove
from .state import ResistorState

__all__ = ["Piece", "ResistorGame", "ResistorMove", "ResistorState"]
