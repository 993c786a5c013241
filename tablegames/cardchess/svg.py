"""SVG drawing of a Card Chess state (standard library only), for ``_repr_svg_``: the
surface with its start areas and terrain, the stacks of units, the hands during a
progressive set-up, whose turn it is and the result. The colours and the reading of a
cell (:func:`cell_look`) are shared with the canvas board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .. import style
from ..svg import card_svg, document, text_svg
from .layout import SHOWN_BELOW, Layout
from .moves import COLS, FILES, ROWS, SIZE

if TYPE_CHECKING:
    from .state import CardChessState

#: Per side (red, black): the ink of its units and texts, the band of a covered unit,
#: the tint of its terrain cards and of its start area.
SIDE_INK = ("#c62828", "#263238")
SIDE_BAND = ("#e57373", "#78909c")
TERRAIN_TINT = ("#fbe4e1", "#e6e8ea")
AREA_TINT = ("#f5e1da", "#e3e1dc")
TERRAIN_AREA = "#efe6cf"
SIDE_NAMES = ("Red", "Black")


class CellLook(NamedTuple):
    """What cell ``i`` shows: its grid card (None when face down), the terrain's side
    (-1 when face down), its top unit (None when empty), up to three covered units
    (nearest first), the stack's height and the kings it covers."""

    grid: str | None
    terrain: int
    top: str | None
    below: tuple[str, ...]
    height: int
    covered_kings: tuple[str, ...]


def cell_look(state: CardChessState, i: int) -> CellLook:
    """How cell ``i`` of ``state`` is drawn (see :class:`CellLook`)."""
    from .state import OWNER

    up = state.face_up(i)
    grid = state.surface[i] if up else None
    stack = state.stacks[i]
    if not stack:
        return CellLook(grid, OWNER[grid] if grid else -1, None, (), 0, ())
    top = stack[-1]
    side = OWNER[top]
    kings = tuple(u for u in stack[:-1] if u[0] == "K" and OWNER[u] != side)
    below = tuple(reversed(stack[-1 - SHOWN_BELOW : -1]))
    return CellLook(grid, OWNER[grid] if grid else -1, top, below, len(stack), kings)


def hand_places(state: CardChessState, player: int) -> list[str | None]:
    """The hand as drawn: one place per unit of the side's army, always in the same order
    (tens, jacks, queens, kings of one suit, then of the other), None where a unit has
    been placed; empty once the hand is."""
    from .state import ARMY

    hand = state.hands[player]
    return [u if u in hand else None for u in ARMY[player]] if hand else []


def unit_label(card: str) -> str:
    """A unit's rank and suit as printed on it: ``'K♥'``, ``'10♠'``."""
    label, symbol = style.face(card)
    return label + symbol


def status_text(state: CardChessState) -> tuple[str, str]:
    """Two lines beside the terrain: whose turn it is (or the result), then the ply."""
    from .state import COLOURS

    if state.is_terminal:
        if state.winners:
            side = min(state.winners)
            return (f"{SIDE_NAMES[side]} wins", f"both {COLOURS[1 - side]} kings covered")
        return ("Draw", f"no winner after {state.ply} moves")
    verb = "to place" if state.phase == "setup" else "to move"
    last = f", last {state.last_move}" if state.last_move is not None else ""
    return (f"{SIDE_NAMES[state.player]} {verb}", f"move {state.ply}{last}")


def _rect(r: tuple[float, float, float, float], fill: str, stroke: str = "none",
          width: float = 1, rx: float = 3) -> str:  # fmt: skip
    x, y, w, h = r
    return (
        f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='{rx:g}' "
        f"fill='{fill}' stroke='{stroke}' stroke-width='{width:g}'/>"
    )


def _circle(x: float, y: float, r: float, fill: str) -> str:
    return (
        f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r:.1f}' fill='{fill}' stroke='white' "
        "stroke-width='1.5'/>"
    )


def state_svg(state: CardChessState, square: float = 40.0, four_colour: bool = False) -> str:
    """The picture of ``state`` (face-down grid cards as card backs; every unit and hand
    is public in Card Chess)."""
    from .state import OWNER, START_ROWS, TERRAIN_ROWS

    lay = Layout(square)
    fs, uf = lay.font, lay.unit_font
    parts: list[str] = []
    for side in (0, 1):
        parts.append(_rect(lay.area_rect(START_ROWS[side]), AREA_TINT[side], rx=6))
    parts.append(_rect(lay.area_rect(TERRAIN_ROWS), TERRAIN_AREA, rx=6))
    for r in range(ROWS):
        x, y = lay.rank_label(r)
        parts.append(text_svg(x, y, str(ROWS - r), fs * 0.9, style.MUTED, "middle"))
    for c in range(COLS):
        x, y = lay.file_label(c)
        parts.append(text_svg(x, y, FILES[c], fs * 0.9, style.MUTED, "middle"))
    for i in range(SIZE):
        look = cell_look(state, i)
        rect = lay.cell_rect(i)
        if look.grid is None:
            parts.append(card_svg(None, rect, hidden=True))
        else:
            parts.append(_rect(rect, TERRAIN_TINT[look.terrain], style.CARD_EDGE, rx=4))
            ink = style.suit_colour(look.grid, four_colour)
            if look.top is None:
                x, y = lay.centre(rect)
                parts.append(text_svg(x, y + uf * 0.36, unit_label(look.grid), uf, ink, "middle",
                                      bold=True))  # fmt: skip
            else:
                x, y = lay.strip_point(i)
                parts.append(text_svg(x, y, unit_label(look.grid), lay.strip * 0.6, ink, "middle"))
        if look.top is None:
            continue
        for k in range(len(look.below), 0, -1):
            unit = look.below[k - 1]
            side = OWNER[unit]
            parts.append(_rect(lay.unit_rect(i, k), SIDE_BAND[side], SIDE_INK[side]))
        side = OWNER[look.top]
        urect = lay.unit_rect(i)
        parts.append(_rect(urect, style.CARD_FACE, SIDE_INK[side], width=2))
        x, y = lay.centre(urect)
        ink = style.suit_colour(look.top, four_colour)
        parts.append(text_svg(x, y + uf * 0.36, unit_label(look.top), uf, ink, "middle",
                              bold=True))  # fmt: skip
        rad = lay.badge_radius
        if look.height > 1:
            bx, by = lay.badge_point(i, "right")
            parts.append(_circle(bx, by, rad, style.MUTED))
            parts.append(text_svg(bx, by + rad * 0.45, str(look.height), rad * 1.2, "white",
                                  "middle", bold=True))  # fmt: skip
        if look.covered_kings:
            bx, by = lay.badge_point(i, "left")
            parts.append(_circle(bx, by, rad, SIDE_INK[OWNER[look.covered_kings[0]]]))
            parts.append(text_svg(bx, by + rad * 0.5, "♚", rad * 1.4, "white", "middle"))
    for p in (0, 1):
        parts += _side_svg(state, lay, p, four_colour)
    first, second = status_text(state)
    x, y = lay.status_point()
    ink = SIDE_INK[min(state.winners)] if state.winners else style.TEXT
    parts.append(text_svg(x, y, first, fs * 1.3, ink if state.is_terminal else style.TEXT,
                          bold=True))  # fmt: skip
    parts.append(text_svg(x, y + fs * 1.5, second, fs * 0.9, style.MUTED))
    return document(lay.width, lay.height, state.describe(), parts)


def side_text(state: CardChessState, player: int) -> tuple[str, str]:
    """A side's heading (with a marker when it is to decide) and its covered kings."""
    mark = " ◀" if player == state.player else ""
    suits = "♥♦" if player == 0 else "♣♠"
    return (
        f"{SIDE_NAMES[player]} {suits}{mark}",
        f"kings covered: {state.kings_covered(player)} of 2",
    )


def _side_svg(state: CardChessState, lay: Layout, p: int, four_colour: bool) -> list[str]:
    fs = lay.font
    head, kings = side_text(state, p)
    x, y = lay.side_label(p)
    out = [text_svg(x, y, head, fs * 1.1, SIDE_INK[p], bold=True)]
    places = hand_places(state, p)
    if places:
        out += [card_svg(c, lay.hand_rect(p, k), four_colour) for k, c in enumerate(places)]
    else:
        x, y = lay.side_line(p)
        out.append(text_svg(x, y, kings, fs * 0.9, style.TEXT))
    return out
