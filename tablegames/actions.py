"""Fixed action spaces: a number for every move a game (with given options) can ever offer.

Learning environments (PettingZoo, OpenSpiel) want a game's decisions as indices into
one fixed list, with a mask of the legal ones, while the engine hands out move objects
that depend on the position. An :class:`ActionSpace` is that numbering. ``labels`` names
every index once, in a fixed deterministic order; ``index`` and ``move`` translate
between indices and moves in a given state.

Most games number their moves by notation (:class:`NotationSpace`): the label is the
move's notation and the index means the same move in every state. A game whose moves
are too many to list (Poohsticks pays with any combination of cards) numbers them
relative to the state instead, for instance by the positions of the paid cards in the
hand, as card-game environments do; its labels then describe those relative actions.

>>> import tablegames as tg
>>> space = tg.make("cardchess").action_space()
>>> state = tg.make("cardchess").initial_state(seed=1)
>>> move = state.legal_moves()[0]
>>> space.labels[space.index(state, move)] == str(move)
True
>>> space.move(state, space.index(state, move)) == move
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove

if TYPE_CHECKING:
    from .core import State


class ActionSpace(ABC):
    """A fixed numbering of a game's decisions: ``labels[i]`` describes index ``i``."""

    def __init__(self, labels: Iterable[str]) -> None:
        self.labels: tuple[str, ...] = tuple(labels)
        twice = [label for label, n in Counter(self.labels).items() if n > 1]
        if twice:
            raise ValueError(f"an action space lists each action once; {twice[0]!r} is there twice")

    def __len__(self) -> int:
        return len(self.labels)

    @abstractmethod
    def index(self, state: State, move: Any) -> int:
        """The index of ``move`` (a legal move of ``state``); ValueError if it has none."""

    def move(self, state: State, index: int) -> Any:
        """The legal move of ``state`` numbered ``index``; IllegalMove if none is."""
        found = self.legal(state).get(index)
        if found is None:
            label = self.labels[index] if 0 <= index < len(self.labels) else None
            raise IllegalMove(
                f"action {index} ({label or 'out of range'}) is not legal here; the legal "
                f"actions are {sorted(self.legal(state))} (0 to {len(self) - 1} in all)"
            )
        return found

    def legal(self, state: State) -> dict[int, Any]:
        """Every legal move of ``state`` by its index (in the order of ``legal_moves``)."""
        out: dict[int, Any] = {}
        for m in state.legal_moves():
            i = self.index(state, m)
            if i in out:
                raise ValueError(
                    f"{state.game.name}: the moves {out[i]} and {m} share action {i}; an "
                    "action space must number the legal moves of a state apart"
                )
            out[i] = m
        return out


class NotationSpace(ActionSpace):
    """Index ``i`` is the move written ``labels[i]``, the same in every state."""

    def __init__(self, labels: Iterable[str]) -> None:
        super().__init__(labels)
        self._index = {label: i for i, label in enumerate(self.labels)}
        #: Games hand out the same move objects again and again (built once in tables):
        #: their indices by identity, holding the move so that its id stays its own.
        self._seen: dict[int, tuple[Any, int]] = {}

    def index(self, state: State, move: Any) -> int:
        seen = self._seen.get(id(move))
        if seen is not None and seen[0] is move:
            return seen[1]
        try:
            i = self._index[str(move)]
        except KeyError:
            raise ValueError(
                f"{state.game.name}: the move {move} is missing from the game's action space "
                f"({len(self)} actions)"
            ) from None
        if len(self._seen) > 2 * len(self.labels):  # moves built afresh each time: start over
            self._seen.clear()
        self._seen[id(move)] = (move, i)
        return i
