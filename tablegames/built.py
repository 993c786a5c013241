"""The state side of :mod:`tablegames.builder`: :class:`BuiltState`, the base of every
state that a :class:`~tablegames.builder.StateBuilder` changes.

It lives apart from the builders because the two compile differently: the builders are
plain classes the compiled engine (mypyc) makes native, while a game's state is a frozen
dataclass, and a dataclass cannot derive from a native class that declares fields (the
native attributes would read as defaults).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Self

from .builder import apply_built, builder_of, parse_built
from .core import State


class BuiltState(State):
    """The part of the contract that is the same for every state kept in the fields
    ``phase`` (``"over"`` once the game has ended) and ``player`` (whose decision it is)
    and changed by a :class:`StateBuilder`: ``current_player``, ``is_terminal``,
    ``parse_move`` and ``apply``.

    Its builder class (see the module) names the move class and the game's name in
    refusals; the state checks legality in ``_check``.
    """

    __slots__ = ()

    phase: str
    player: int

    @property
    def move_type(self) -> Any:
        """The game's move class (declared by the builder): ``apply`` takes only its
        moves and ``parse_move`` reads notation with its ``from_notation``."""
        return builder_of(type(self)).move_type

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @abstractmethod
    def _check(self, move: Any) -> None:
        """Raise IllegalMove, naming the rule, unless ``move`` is legal here."""

    def apply(self, move: Any) -> Self:
        state: Self = apply_built(self, move)
        return state

    def parse_move(self, text: str) -> Any:
        return parse_built(self, text)
