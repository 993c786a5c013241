"""Fellowship of the Ring: see :class:`FellowshipGame` and :class:`FellowshipState`."""

from .game import FellowshipGame
from .moves import FellowshipMove
from .state import FellowshipState

__all__ = ["FellowshipGame", "FellowshipMove", "FellowshipState"]
