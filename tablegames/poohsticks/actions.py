"""Poohsticks' fixed action space, numbered by the positions of the cards in the hand.

A move pays any combination of the (at most three) hand cards, so listing moves by
notation would need a number for every boat, cell and set of cards: 521,890 for the
default two-player river. But the cards a move pays are always cards of the hand the
player holds, so it is enough to say which of the three hand positions pay, as card-game
environments do. Index by index, the labels read ``B1 pay h1 h3`` (the boat of the
player to move goes onto B1, paying the first and the third card of the hand), ``B1
power`` (with boat powers), ``exit h2``, ``discard h1 h2`` and ``end``: for each river
cell the seven combinations, then the exits, the discards and ``end``. The default
two-player river has 95 actions, four players 179; the largest river the deck allows
(44 cells, boat powers) 363.

The same index means different cards in different states; ``index`` and ``move`` read
the hand of the state they are given.

>>> import tablegames as tg
>>> game = tg.make("poohsticks")
>>> space = game.action_space()
>>> len(space), space.labels[:2], space.labels[-1]
(95, ('A1 pay h1', 'A1 pay h2'), 'end')
>>> state = game.initial_state(seed=3)
>>> state.hands[0], [space.labels[i] for i in space.legal(state)]
(('JC', '2D', 'KD'), ['A1 pay h2', 'A1 pay h1 h3', 'B1 pay h3', 'B1 pay h1 h2', 'end'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import ActionSpace
from .moves import PoohsticksMove
from .state import HAND_SIZE

if TYPE_CHECKING:
    from ..core import State
    from .game import PoohsticksGame

#: Non-empty sets of hand positions as bit masks: singles first, then pairs, then all three.
MASKS: tuple[int, ...] = tuple(
    sorted(range(1, 1 << HAND_SIZE), key=lambda m: (m.bit_count(), m.bit_length(), m))
)


def _positions(mask: int) -> str:
    return " ".join(f"h{i + 1}" for i in range(HAND_SIZE) if mask >> i & 1)


class HandSpace(ActionSpace):
    """Poohsticks' actions: a river cell and the hand positions paying, or an exit, a
    discard (by positions) or ``end``."""

    def __init__(self, game: PoohsticksGame) -> None:
        keys: list[tuple[Any, ...]] = []
        labels: list[str] = []
        for cell in game.cells:
            name = game.names[cell]
            for mask in MASKS:
                keys.append(("move", name, mask))
                labels.append(f"{name} pay {_positions(mask)}")
            if game.boat_powers:
                keys.append(("power", name, 0))
                labels.append(f"{name} power")
        for i in range(HAND_SIZE):
            keys.append(("exit", "", 1 << i))
            labels.append(f"exit h{i + 1}")
        for mask in MASKS:
            keys.append(("discard", "", mask))
            labels.append(f"discard {_positions(mask)}")
        keys.append(("end", "", 0))
        labels.append("end")
        super().__init__(labels)
        self._index = {k: i for i, k in enumerate(keys)}

    def index(self, state: State, move: Any) -> int:
        if not isinstance(move, PoohsticksMove):
            raise ValueError(f"{move!r} is not a Poohsticks move")
        hand = state.hands[state.current_player]  # type: ignore[attr-defined]
        mask = 0
        for card in move.cards:
            if card not in hand:
                raise ValueError(f"{move}: {card} is not in the hand ({' '.join(hand)})")
            mask |= 1 << hand.index(card)
        found = self._index.get((move.kind, move.cell, mask))
        if found is None:
            raise ValueError(
                f"{move}: no action of the space ({len(self)} actions) pays hand positions "
                f"{_positions(mask) or 'none'} that way"
            )
        return found


def action_space(game: PoohsticksGame) -> HandSpace:
    return HandSpace(game)
