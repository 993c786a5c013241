"""Resistor: see :class:`ResistorGame` and :class:`ResistorState`.

Registered as ``"resistor"``: ``tablegames.make("resistor", ...)``. Its pictures share
:mod:`tablegames.resistor.layout` (the SVG of :mod:`tablegames.resistor.svg` and the
canvas board of ``tablegames_widgets.resistor``).
"""

from .board import Piece
from .game import ResistorGame
from .moves import ResistorMove
from .state import ResistorState

__all__ = ["Piece", "ResistorGame", "ResistorMove", "ResistorState"]
