"""The Fellowship board: the ring of 13 stacks (heights shown), the draw pile and the
hands, drawn from the state as the chosen viewpoint sees it (hidden roles and hands
stay hidden until the game ends or in the all-cards view)."""

from __future__ import annotations

from typing import Any

from ipycanvas import Canvas

from tablegames import style
from tablegames.cards import pretty
from tablegames.fellowship.layout import Layout
from tablegames.fellowship.moves import SIZE, FellowshipMove
from tablegames.fellowship.state import FellowshipState
from tablegames.fellowship.svg import role_text

from ..board import BoardWidget, Key
from ..canvas import draw_cards


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

    def make_geometry(self, square: float) -> Layout:
        return Layout(square, self.state.game.num_players)

    def view(self, s: FellowshipState) -> dict[str, Any]:
        """The state as the viewpoint sees it (hands and roles masked)."""
        return s.observation(self.viewer) if self.viewer is not None else s.to_json()

    def draw_background(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        c.fill_style = style.PAPER
        c.fill_rect(0, 0, lay.width, lay.height)
        c.stroke_style = style.BOARD_DARK
        c.line_width = lay.square * 0.6
        cx, cy = lay.center
        c.stroke_circle(cx, cy, lay.radius)
        c.line_width = 1
        c.fill_style = style.MUTED
        c.font = f"{lay.square * 0.26:.0f}px {style.FONT}"
        c.text_align = "center"
        for i in range(SIZE):
            c.fill_text(str(i), *lay.label_point(i))

    def draw_pieces(self, c: Canvas, state: Any) -> None:
        s: FellowshipState = state
        lay: Layout = self.geometry
        view = self.view(s)
        under: list[tuple[str | None, Any, bool]] = []  # the cards below each top card
        items: list[tuple[str | None, Any, bool]] = []
        for i, stack in enumerate(s.circle):
            x, y, w, h = lay.stack_rect(i)
            for depth in range(min(len(stack) - 1, 3), 0, -1):
                under.append(("2C", (x + 3 * depth, y + 3 * depth, w, h), True))
            items.append((stack[-1], (x, y, w, h), False))
        draw_cards(c, under, self.four_colour)  # first, so the top cards cover them
        items.append(("2C" if s.draw_pile else None, lay.pile_rect(), bool(s.draw_pile)))
        for p, hand in enumerate(view["hands"]):
            items += [(card, lay.hand_rect(p, k), card is None) for k, card in enumerate(hand[:5])]
        draw_cards(c, items, self.four_colour)
        fs = lay.square * 0.3
        c.font = f"bold {fs * 0.8:.0f}px {style.FONT}"
        c.text_align = "left"
        c.fill_style = style.TEXT
        for i, stack in enumerate(s.circle):
            if len(stack) > 1:
                x, y, w, h = lay.stack_rect(i)
                c.fill_text(f"×{len(stack)}", x + 2, y + h + fs * 0.9)
        px, py, pw, ph = lay.pile_rect()
        c.font = f"{fs * 0.8:.0f}px {style.FONT}"
        c.text_align = "center"
        c.fill_style = style.MUTED
        c.fill_text(f"{len(s.draw_pile)} to draw", px + pw / 2, py + ph + fs)
        c.text_align = "left"
        for p in range(s.game.num_players):
            lx, ly = lay.hand_label(p)
            turn = " ◀ to move" if p == s.player else ""
            c.fill_style = style.HIGHLIGHT if p == s.player else style.TEXT
            c.fill_text(f"P{p} ({role_text(view['roles'][p])}){turn}", lx, ly)

    def key_rect(self, key: Key) -> Any:
        lay: Layout = self.geometry
        kind, where = key  # type: ignore[misc]
        if kind == "stack":
            return lay.stack_rect(where)
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        h = self.geometry.hit(px, py)
        if h is None or h.kind == "pile":
            return None
        if h.kind == "hand":
            return self.hand_key(*h.where)
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
        card = pretty(move.card)
        if move.kind == "capture":
            return f"Stack {move.src} captures {move.dst}, fill with {card}"
        return f"Cover the joker at {move.dst} with {card}"

    def prompt(self, state: FellowshipState) -> str:
        return (
            "click a stack, the neighbour it captures, then the card that fills the gap "
            "(or the joker and a card to cover it)."
        )
