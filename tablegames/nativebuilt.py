"""The compiled engine's counterpart of :class:`~tablegames.built.BuiltState`: a plain
class (no dataclass, no ABC), so that mypyc makes it, and the game states deriving from
it, native classes whose fields are C slots and whose ``__init__`` is compiled.

A native class cannot derive from an interpreted one, so this base does not derive from
:class:`~tablegames.core.State`: each state class registers with it instead
(``State.register``), which keeps ``isinstance(state, tablegames.State)`` true, and the
concrete methods of ``State`` (``returns``, ``observation``, ``to_json``...) are
forwarded here. It declares no ``game`` (a compiled subclass may not narrow a base
attribute's type: each game's state declares ``game: <its Game>``).

A state class built on it is a plain class with an explicit typed ``__init__``, and it is
immutable as a frozen dataclass is: assigning or deleting any attribute from outside raises
``dataclasses.FrozenInstanceError`` on both engines (its base
:class:`~tablegames.value.FrozenValue`, which the games' moves share). Its ``__init__``
and caches store with ``object.__setattr__(self, "name", value)``, which mypyc compiles
to a plain store into the instance (pure Python: what a frozen dataclass's ``__init__``
does). It names its fields in ``fields`` (those its ``__init__`` takes, in order)
and ``private`` (caches, set to None by ``__init__``). From those, this module gives it
equality and hashing over ``fields`` as a frozen dataclass compares, and a
``__dataclass_fields__`` table, so ``dataclasses.fields`` and ``dataclasses.replace``
(and the builders, which read a state's fields that way) work on it unchanged.
"""

from __future__ import annotations

from typing import Any

from .builder import apply_built, builder_of, parse_built
from .core import State
from .events import Event
from .value import FrozenValue

#: core.State's concrete methods, called on a native state (which is no subclass of it).
_STATE: Any = State


class NativeBuiltState(FrozenValue):
    """A state kept in the fields ``phase`` and ``player`` and changed by its builder (as
    :class:`~tablegames.built.BuiltState`), compiled: see the module.

    ``legal_moves`` lists the game's moves (of its ``move_type``) by its ``_generate``
    afresh on each call; :class:`KeptMovesState` keeps the list instead. (Typed
    ``list[Any]``, as ``State.legal_moves``: a generic base would make the game's state
    an interpreted class.)"""

    phase: str
    player: int
    winners: frozenset[int]
    events: tuple[Event, ...]

    def legal_moves(self) -> list[Any]:
        """Every legal move, listed by the game's ``_generate`` on each call."""
        return self._generate()

    def _generate(self) -> list[Any]:
        """The legal moves of this position, in the game's order (each game says how)."""
        raise NotImplementedError

    def _keep_caches(self, other: NativeBuiltState) -> None:
        """Take over whatever of ``other``'s caches holds for this state too: called on a
        redealt sample of ``other`` (:mod:`tablegames.determinize`), which differs from it
        only in hidden cards. None by default (the legal moves hang on the hands)."""

    # ---- BuiltState -----------------------------------------------------------------

    @property
    def move_type(self) -> Any:
        """The game's move class (declared by the builder)."""
        return builder_of(type(self)).move_type

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _check(self, move: Any) -> None:
        """Raise IllegalMove, naming the rule, unless ``move`` is legal here."""
        raise NotImplementedError

    def apply(self, move: Any) -> Any:
        return apply_built(self, move)

    def parse_move(self, text: Any) -> Any:  # Any: a bad value gets the game's refusal
        return parse_built(self, text)

    # ---- core.State's concrete methods, forwarded -----------------------------------

    def returns(self) -> tuple[float, ...]:
        out: tuple[float, ...] = _STATE.returns(self)
        return out

    def observation(self, player: Any) -> dict[str, Any]:  # Any: True stays a bool
        out: dict[str, Any] = _STATE.observation(self, player)
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = _STATE.to_json(self)
        return out

    def __str__(self) -> str:
        out: str = _STATE.__str__(self)
        return out

    def describe(self) -> str:
        out: str = _STATE.describe(self)
        return out

    def _repr_svg_(self) -> str:
        out: str = _STATE._repr_svg_(self)
        return out

    def _repr_png_(self) -> bytes | None:
        out: bytes | None = _STATE._repr_png_(self)
        return out


class KeptMovesState(NativeBuiltState):
    """A native state that keeps its legal moves once listed, in the private field
    ``_moves`` (its ``__init__`` sets it to None)."""

    #: ``legal_moves()`` once listed (a builder that already knows the new state's moves
    #: gives them by :meth:`_keep_moves`)
    _moves: list[Any] | None

    def legal_moves(self) -> list[Any]:
        """Every legal move, listed by the game's ``_generate`` on the first call and kept
        (a cache: the state stays the same); a copy, so a caller may change it."""
        moves = self._moves
        if moves is None:
            moves = self._generate()
            self._keep_moves(moves)
        return moves.copy()

    def _keep_moves(self, moves: list[Any] | None) -> None:
        """Set the cached legal moves."""
        object.__setattr__(self, "_moves", moves)
