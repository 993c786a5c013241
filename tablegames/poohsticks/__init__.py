"""Poohsticks: see :class:`PoohsticksGame` and :class:`PoohsticksState`."""

from .game import PoohsticksGame
from .moves import PoohsticksMove
from .state import PoohsticksState

__all__ = ["PoohsticksGame", "PoohsticksMove", "PoohsticksState"]
