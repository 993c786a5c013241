"""The Fellowship board: the ring of 13 stacks (heights shown), the draw pile and the
hands, drawn from the state as the chosen viewpoint sees it (hidden roles and hands
stay hidden until the game ends or in the all-cards view). What it draws is the game's
scene (``tablegames.fellowship.scene``), the same picture as the SVG; this module adds
the clicks."""

from __future__ import annotations

from typing import Any, cast

from tablegames.fellowship.layout import Layout
from tablegames.fellowship.moves import FellowshipMove
from tablegames.fellowship.state import FellowshipState, move_words

from ..board import BoardWidget, Key
from ..canvas import Rect


class FellowshipBoard(BoardWidget):
    """A Fellowship state on a layered canvas."""

    css_class = "tablegames-fellowship"
    how_to = (
        "Capture a neighbouring stack with a stronger stack of the other colour (another "
        "suit with three or four players): click the capturing stack, then its neighbour, "
        "then the card from your hand that fills the gap. Aces beat face cards but lose to "
        "number cards. Click the joker and a card to cover it. Who is black stays secret "
        "until someone draws the Jack of Spades."
    )
    summary = (
        "Capture neighbouring stacks in a circle of cards with stronger ones; when the "
        "cards run out, the colour on top of more stacks wins."
    )
    typical_turns = 33

    def make_geometry(self, square: float) -> Layout:
        return Layout(square, self.state.game.num_players)

    def key_rect(self, key: Key) -> Rect | None:
        lay: Layout = self.geometry
        if isinstance(key, tuple) and key[0] == "stack":
            return lay.stack_rect(key[1])
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        lay: Layout = self.geometry
        h = lay.hit(px, py)
        if h is None or h.kind == "pile":
            return None
        if h.kind == "hand":
            player, k = cast(tuple[int, int], h.where)
            return self.hand_key(player, k)
        return (h.kind, h.where)

    def move_keys(self, move: FellowshipMove) -> tuple[Key, ...]:
        if move.kind == "capture":
            return (("stack", move.src), ("stack", move.dst), ("card", move.card))
        return (("stack", move.dst), ("card", move.card))

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        stacks = [k[1] for k in keys if k[0] == "stack"]  # type: ignore[index]
        cards = [k[1] for k in keys if k[0] == "card"]  # type: ignore[index]
        if len(stacks) == 2 and len(cards) == 1:
            return f"{stacks[0]}>{stacks[1]} {cards[0]}"
        if len(stacks) == 1 and len(cards) == 1:
            return f"cover {stacks[0]} {cards[0]}"
        return None

    def move_label(self, move: FellowshipMove) -> str:
        """The engine's words for the move, so the list and its refusals agree."""
        return move_words(move)

    def prompt(self, state: FellowshipState) -> str:
        return (
            "click a stack, the neighbour it captures, then the card that fills the gap "
            "(or the joker and a card to cover it)."
        )
