"""tablegames: a lightweight rules engine for five small tabletop games.

>>> import tablegames as tg
>>> game = tg.make("currents", players=2)
>>> state = game.initial_state(seed=1)
>>> state = state.apply(state.legal_moves()[0])
>>> state.phase
'setup'

The engine is pure Python with no dependency; see ``tablegames.core`` for the
contract every game follows. Where a C compiler exists, ``make compiled`` compiles some of
its modules with mypyc from the same source; ``tablegames.COMPILED`` says which engine runs
(``python -m tablegames info`` says more) and ``TABLEGAMES_PURE=1`` forces pure Python.

Every game is a package with the same modules in the same roles: ``game`` (the Game:
options, metadata, the initial state), ``state`` (the frozen State: the position, legal
moves, legality checks, ``apply``), ``builder`` (the scratch copy ``apply`` changes, a
:class:`tablegames.builder.StateBuilder` with the game's turn flow), ``moves`` (the Move
values in a :class:`tablegames.notation.MoveTable`, which reads the notation),
``serialize`` (JSON and observations), ``text`` (text board, description), ``layout``
and ``scene`` (the picture's geometry and the picture), ``actions`` (the fixed action
space) and ``__init__`` (exporting the Game, Move and State classes); anything else a
game needs is a module of its own (Currents' ``geometry``, ``influence``, ``rules``;
Poohsticks' ``solver``; Resistor's ``board``, ``dice``, ``legality``).
"""

# First: this picks the engine that the imports below load, compiled (mypyc) or pure
# Python (TABLEGAMES_PURE=1, or a stale build); see tablegames.compiled.
from .compiled import COMPILED

# isort: split
from .bots import RandomBot, play_game
from .core import GAMES, Game, GameInfo, Move, State, make
from .errors import IllegalMove, InvalidMoveError, InvalidState
from .events import Event
from .record import Record, load_state, replay

__all__ = [
    "COMPILED",
    "GAMES",
    "Event",
    "Game",
    "GameInfo",
    "IllegalMove",
    "InvalidMoveError",
    "InvalidState",
    "Move",
    "RandomBot",
    "Record",
    "State",
    "load_state",
    "make",
    "play_game",
    "replay",
]
__version__ = "0.1.0"
