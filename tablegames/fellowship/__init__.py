"""Fellowship of the Ring: capture round a circle of stacks for a colour learnt late. See
:class:`FellowshipGame` and :class:`FellowshipState`. Registered as ``"fellowship"``:
``tablegames.make("fellowship", players=3)``.

The package has the modules every game has, in the same roles (see :mod:`tablegames`),
and no other.
"""

from .game import FellowshipGame
from .moves import FellowshipMove
from .state import FellowshipState

__all__ = ["FellowshipGame", "FellowshipMove", "FellowshipState"]
