"""Poohsticks: ace boats raced down a river of cards by arithmetic. See
:class:`PoohsticksGame` and :class:`PoohsticksState`. Registered as ``"poohsticks"``:
``tablegames.make("poohsticks", bridge=True)``.

The package has the modules every game has, in the same roles (see :mod:`tablegames`),
and its own ``solver``.
"""

from .game import PoohsticksGame
from .moves import PoohsticksMove
from .state import PoohsticksState

__all__ = ["PoohsticksGame", "PoohsticksMove", "PoohsticksState"]
