"""The Poohsticks board: the river (face-down bridge cards, rocks, the exit below the
last row), the boats, the hands and the turn number. What it draws is the game's scene
(``tablegames.poohsticks.scene``), the same picture as the SVG; this module adds the
clicks. Picking hand cards shows what they make (the solver's expressions) and
highlights the cells they reach."""

from __future__ import annotations

from typing import Any, cast

from tablegames.cards import pretty
from tablegames.poohsticks.game import BOAT_SUITS
from tablegames.poohsticks.layout import Layout
from tablegames.poohsticks.moves import PoohsticksMove
from tablegames.poohsticks.scene import layout_for
from tablegames.poohsticks.solver import targets_made
from tablegames.poohsticks.state import PoohsticksState
from tablegames.poohsticks.text import told

from ..board import BoardWidget, Key
from ..canvas import Rect

#: A move's button label, by its kind (see ``tablegames.poohsticks.text.told``).
MOVE_LABELS = {
    "move": "Move to {cell} paying {cards}",
    "power": "Free move to {cell} (boat power)",
    "exit": "Exit with {cards}",
    "discard": "Discard {cards}",
    "end": "End the turn",
}


class PoohsticksBoard(BoardWidget):
    """A Poohsticks state on a layered canvas."""

    css_class = "tablegames-poohsticks"
    how_to = (
        "Race your ace boat down the river. Pick cards from your hand: their values, "
        "combined with + - x / (J 11, Q 12, K 13, an ace 1 or 14), must make the value of "
        "the card you move onto; the cells they reach light up, then click one. Enter at "
        "any card of row 1, move up, down or sideways, and leave from the last row with a "
        "face card or an ace (pick it, then click the exit). End your turn with the button."
    )
    summary = "Race a boat down a river of cards, moving where sums of your hand's cards lead."
    typical_turns = 18

    def make_geometry(self, square: float) -> Layout:
        return layout_for(self.pooh_state, square)

    @property
    def pooh_state(self) -> PoohsticksState:
        """The state shown, as the Poohsticks state it is."""
        return cast(PoohsticksState, self.state)

    def key_rect(self, key: Key) -> Rect | None:
        lay: Layout = self.geometry
        if isinstance(key, tuple) and key[0] == "cell":
            return lay.cell_rect(key[1])
        if isinstance(key, tuple) and key[0] == "exit":
            return lay.exit_rect
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        lay: Layout = self.geometry
        h = lay.hit(px, py)
        if h is None:
            return None
        if h.kind == "hand":
            player, k = cast(tuple[int, int], h.where)
            return self.hand_key(player, k)
        return (h.kind, h.where)

    def move_keys(self, move: PoohsticksMove) -> tuple[Key, ...]:
        cards = tuple(("card", c) for c in move.cards)
        if move.kind == "move":
            return (("cell", self.pooh_state.game.index[move.cell]), *cards)
        if move.kind == "power":
            return (("cell", self.pooh_state.game.index[move.cell]),)
        if move.kind == "exit":
            return (("exit", None), *cards)
        if move.kind == "discard":
            return cards
        return ()

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        cells = [k[1] for k in keys if k[0] == "cell"]  # type: ignore[index]
        cards = [k[1] for k in keys if k[0] == "card"]  # type: ignore[index]
        s: PoohsticksState = state
        if len(cells) == 1 and cards and s.player >= 0:
            return f"{BOAT_SUITS[s.player]}>{s.game.names[cells[0]]} {' '.join(cards)}"
        return None

    def hint(self, state: Any, picked: tuple[Key, ...]) -> str:
        """What the picked cards make together: ``'K♥ 3♣ make: 13 − 3 = 10'``."""
        cards = [k[1] for k in picked if k[0] == "card"]  # type: ignore[index]
        if not cards:
            return ""
        made = targets_made(cards)
        shown = ", ".join(expr for expr in made.values()) or "nothing from 1 to 14"
        return f"{' '.join(pretty(c) for c in cards)} make: {shown}"

    def move_label(self, move: PoohsticksMove) -> str:
        return told(move, MOVE_LABELS)

    def prompt(self, state: PoohsticksState) -> str:
        return "pick hand cards, then a lit cell (or the exit); End the turn when done."
