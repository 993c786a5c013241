"""Currents, the flagship game: see :class:`CurrentsGame` and :class:`CurrentsState`."""

from .game import CurrentsGame
from .influence import Influence
from .moves import CurrentsMove
from .state import CurrentsState

__all__ = ["CurrentsGame", "CurrentsMove", "CurrentsState", "Influence"]
