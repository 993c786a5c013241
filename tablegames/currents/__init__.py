"""Currents: a pawn pushed to the edges by the currents of played cards. See
:class:`CurrentsGame` and :class:`CurrentsState`. Registered as ``"currents"``:
``tablegames.make("currents", players=4)``.

The package has the modules every game has, in the same roles (see :mod:`tablegames`),
and its own ``geometry``, ``influence`` and ``rules``.
"""

from .game import CurrentsGame
from .influence import Influence
from .moves import CurrentsMove
from .state import CurrentsState

__all__ = ["CurrentsGame", "CurrentsMove", "CurrentsState", "Influence"]
