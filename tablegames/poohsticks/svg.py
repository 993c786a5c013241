"""SVG drawing of a Poohsticks state (standard library only), for ``_repr_svg_``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..cards import SUIT_SYMBOLS
from ..svg import card_svg, document, text_svg
from .layout import Layout

if TYPE_CHECKING:
    from .state import PoohsticksState

BOAT_COLOURS = ("#37474f", "#c62828", "#ad1457", "#2e7d32")  #: spades, diamonds, hearts, clubs
ROCK = "#78716c"


def layout_for(state: PoohsticksState, square: float = 40.0) -> Layout:
    g = state.game
    return Layout(square, g.width, g.length, g.num_players)


def state_svg(state: PoohsticksState, square: float = 40.0, viewer: int | None = None,
              four_colour: bool = False) -> str:  # fmt: skip
    """The river, boats and hands; ``viewer`` hides the other hands."""
    from .game import BOAT_SUITS

    lay = layout_for(state, square)
    g = state.game
    fs = lay.square * 0.3
    parts: list[str] = []
    for r in range(g.length):
        _x, y, _w, h = lay.cell_rect(r * g.width)
        parts.append(text_svg(lay.x0 - lay.label, y + h / 2 + fs / 3, str(r + 1), fs * 0.8,
                              style.MUTED, "middle"))  # fmt: skip
    for c in range(g.width):
        x, _y, w, _h = lay.cell_rect(c)
        parts.append(text_svg(x + w / 2, lay.y0 - lay.gap * 0.5, "ABCDEFGH"[c], fs * 0.8,
                              style.MUTED, "middle"))  # fmt: skip
    for i in g.cells:
        rect = lay.cell_rect(i)
        if i in state.rocks:
            x, y, w, h = rect
            parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' "
                         f"rx='10' fill='{ROCK}'/>")  # fmt: skip
            parts.append(
                text_svg(x + w / 2, y + h / 2 + fs / 3, "rock", fs * 0.8, "white", "middle")
            )
        else:
            parts.append(card_svg(state.river[i], rect, four_colour, hidden=i in state.face_down))
    ex, ey, ew, eh = lay.exit_rect
    parts.append(f"<rect x='{ex:.1f}' y='{ey:.1f}' width='{ew:.1f}' height='{eh:.1f}' rx='6' "
                 f"fill='{style.BOARD_DARK}'/>")  # fmt: skip
    parts.append(text_svg(ex + ew / 2, ey + eh / 2 + fs / 3, "exit ↓", fs, style.TEXT, "middle"))
    for p in range(g.num_players):
        cell = state.boats[p]
        if p in state.exited:
            x, y = ex + lay.square * (0.5 + 0.8 * p), ey + eh / 2
        elif cell is None:
            x, y = lay.dock_point(p)
        else:
            x, y = lay.boat_point(cell)
        parts.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{lay.square * 0.28:.1f}' "
                     f"fill='{BOAT_COLOURS[p]}' stroke='white' stroke-width='2'/>")  # fmt: skip
        parts.append(text_svg(x, y + fs / 3, SUIT_SYMBOLS[BOAT_SUITS[p]], fs, "white", "middle"))
    view = state.observation(viewer) if viewer is not None else state.to_json()
    for p, hand in enumerate(view["hands"]):
        lx, ly = lay.hand_label(p)
        mark = " ◀" if p == state.player else ""
        parts.append(text_svg(lx, ly, f"P{p} {SUIT_SYMBOLS[BOAT_SUITS[p]]} boat{mark}", fs * 0.85))
        for k, card in enumerate(hand[:3]):
            parts.append(card_svg(card, lay.hand_rect(p, k), four_colour, hidden=card is None))
    return document(lay.width, lay.height, state.describe(), parts)
