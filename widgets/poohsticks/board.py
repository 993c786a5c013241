"""The Poohsticks board: the river (face-down bridge cards, rocks, the exit below the
last row), the boats, and the hands. Picking hand cards shows what they make (the
solver's expressions) and highlights the cells they reach."""

from __future__ import annotations

from typing import Any

from ipycanvas import Canvas

from tablegames import style
from tablegames.cards import SUIT_SYMBOLS, pretty
from tablegames.poohsticks.game import BOAT_SUITS
from tablegames.poohsticks.layout import Layout
from tablegames.poohsticks.moves import PoohsticksMove
from tablegames.poohsticks.solver import targets_made
from tablegames.poohsticks.state import PoohsticksState
from tablegames.poohsticks.svg import BOAT_COLOURS, ROCK

from ..board import BoardWidget, Key
from ..canvas import draw_cards


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

    def make_geometry(self, square: float) -> Layout:
        g = self.state.game
        return Layout(square, g.width, g.length, g.num_players)  # type: ignore[attr-defined]

    def draw_background(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        s: PoohsticksState = self.state  # type: ignore[assignment]
        g = s.game
        c.fill_style = style.PAPER
        c.fill_rect(0, 0, lay.width, lay.height)
        c.fill_style = "#d6e9f5"  # the water
        c.fill_rect(lay.x0 - lay.gap / 2, lay.y0 - lay.gap / 2, lay.river_w + lay.gap,
                    lay.river_h + lay.gap)  # fmt: skip
        fs = lay.square * 0.3
        c.font = f"{fs * 0.8:.0f}px {style.FONT}"
        c.text_align = "center"
        c.fill_style = style.MUTED
        for r in range(g.length):
            _x, y, _w, h = lay.cell_rect(r * g.width)
            c.fill_text(str(r + 1), lay.x0 - lay.label, y + h / 2 + fs / 3)
        for col in range(g.width):
            x, _y, w, _h = lay.cell_rect(col)
            c.fill_text("ABCDEFGH"[col], x + w / 2, lay.y0 - lay.gap * 0.7)
        ex, ey, ew, eh = lay.exit_rect
        c.fill_style = style.BOARD_DARK
        c.fill_rect(ex, ey, ew, eh)
        c.fill_style = style.TEXT
        c.font = f"{fs:.0f}px {style.FONT}"
        c.fill_text("exit ↓", ex + ew / 2, ey + eh / 2 + fs / 3)

    def draw_pieces(self, c: Canvas, state: Any) -> None:
        s: PoohsticksState = state
        lay: Layout = self.geometry
        g = s.game
        items: list[tuple[str | None, Any, bool]] = []
        rocks = []
        for i in g.cells:
            if i in s.rocks:
                rocks.append(lay.cell_rect(i))
            else:
                items.append((s.river[i], lay.cell_rect(i), i in s.face_down))
        for p, hand in enumerate(self.visible_hands(s)):
            items += [(card, lay.hand_rect(p, k), card is None) for k, card in enumerate(hand[:3])]
        draw_cards(c, items, self.four_colour)
        fs = lay.square * 0.3
        if rocks:
            c.fill_style = ROCK
            c.fill_rects([r[0] for r in rocks], [r[1] for r in rocks], lay.card_w, lay.card_h)
            c.fill_style = "white"
            c.font = f"{fs * 0.8:.0f}px {style.FONT}"
            c.text_align = "center"
            for x, y, w, h in rocks:
                c.fill_text("rock", x + w / 2, y + h / 2 + fs / 3)
        ex, ey, _ew, eh = lay.exit_rect
        for p in range(g.num_players):
            cell = s.boats[p]
            if p in s.exited:
                x, y = ex + lay.square * (0.5 + 0.8 * p), ey + eh / 2
            elif cell is None:
                x, y = lay.dock_point(p)
            else:
                x, y = lay.boat_point(cell)
            c.fill_style = BOAT_COLOURS[p]
            c.stroke_style = "white"
            c.line_width = 2
            c.fill_circle(x, y, lay.square * 0.28)
            c.stroke_circle(x, y, lay.square * 0.28)
            c.fill_style = "white"
            c.font = f"{fs:.0f}px {style.FONT}"
            c.text_align = "center"
            c.fill_text(SUIT_SYMBOLS[BOAT_SUITS[p]], x, y + fs / 3)
        c.line_width = 1
        c.text_align = "left"
        c.font = f"{fs * 0.85:.0f}px {style.FONT}"
        for p in range(g.num_players):
            lx, ly = lay.hand_label(p)
            c.fill_style = style.HIGHLIGHT if p == s.player else style.TEXT
            turn = " ◀ to move" if p == s.player else ""
            c.fill_text(f"P{p} {SUIT_SYMBOLS[BOAT_SUITS[p]]} boat{turn}", lx, ly)

    def key_rect(self, key: Key) -> Any:
        lay: Layout = self.geometry
        kind, where = key  # type: ignore[misc]
        if kind == "cell":
            return lay.cell_rect(where)
        if kind == "exit":
            return lay.exit_rect
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        if h.kind == "hand":
            return self.hand_key(*h.where)
        return (h.kind, h.where)

    def move_keys(self, move: PoohsticksMove) -> tuple[Key, ...]:
        cards = tuple(("card", c) for c in move.cards)
        if move.kind == "move":
            return (("cell", self.state.game.index[move.cell]), *cards)  # type: ignore[attr-defined]
        if move.kind == "power":
            return (("cell", self.state.game.index[move.cell]),)  # type: ignore[attr-defined]
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
        """What the picked cards make together: ``'K♥ 3♣ make 10 (K - 3), 16 (K + 3)...'``."""
        cards = [k[1] for k in picked if k[0] == "card"]  # type: ignore[index]
        if not cards:
            return ""
        made = targets_made(cards)
        shown = ", ".join(expr for expr in made.values()) or "nothing from 1 to 14"
        return f"{' '.join(pretty(c) for c in cards)} make: {shown}"

    def move_label(self, move: PoohsticksMove) -> str:
        cards = " ".join(pretty(c) for c in move.cards)
        if move.kind == "move":
            return f"Move to {move.cell} paying {cards}"
        if move.kind == "power":
            return f"Free move to {move.cell} (boat power)"
        if move.kind == "exit":
            return f"Exit with {cards}"
        if move.kind == "discard":
            return f"Discard {cards}"
        return "End the turn"

    def prompt(self, state: PoohsticksState) -> str:
        return "pick hand cards, then a lit cell (or the exit); End the turn when done."
