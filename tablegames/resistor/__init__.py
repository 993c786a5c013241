"""Resistor: see :class:`ResistorGame` and :class:`ResistorState`.

Registered as ``"resistor"``: ``tablegames.make("resistor", ...)``. Its picture is
described once in :mod:`tablegames.resistor.scene` (geometry in
:mod:`tablegames.resistor.layout`), drawn as SVG and by the canvas board of
``tablegames_widgets.resistor``.
"""

from .board import Piece
from .game import ResistorGame
from .moves import ResistorMove
from .state import ResistorState

__all__ = ["Piece", "ResistorGame", "ResistorMove", "ResistorState"]
