"""The picture of a Card Chess state, described once (see :mod:`tablegames.scene`): the
SVG picture of a position and the canvas board both draw this scene.

Background: the start areas, the terrain's area, the rank and file names. Pieces: the 6 x
6 surface (card backs, terrain cards in their side's tint), the stacks of units (fanned:
every covered unit peeks out above the top one with its rank and suit, a badge marks a
covered king),
each side's heading and hand (a progressive set-up) or covered kings, whose turn it is and
the result. Overlay: the last move, faint (an arrow, or a frame round a placement).

The geometry is :class:`~tablegames.cardchess.layout.Layout`'s (hit testing uses it too);
every cell and hand card carries its ``key`` (``("cell", i)``, ``("hand", (side, k))``),
the same values ``Layout.hit`` gives.

>>> from tablegames.cardchess import CardChessGame
>>> scene = state_scene(CardChessGame().initial_state(seed=1))
>>> scene.key_at(*Layout().cell_center(32))
('cell', 32)
>>> [t.text for t in scene.pieces if isinstance(t, Text)][-2:]
['Red to move', 'move 0']
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from .. import style
from ..scene import Arrow, Card, Circle, Line, Rect, Scene, Shape, Text
from .layout import Layout
from .moves import COLS, FILES, ROWS, SIZE, cell_index
from .state import ARMY, OWNER, START_ROWS, TERRAIN_ROWS, CardChessState
from .text import side_text, status_text, unit_label

Box = tuple[float, float, float, float]  # x, y, width, height

#: Per side (red, black): the ink of its units and texts, the face of a covered unit (a
#: pale tint, so its rank and suit stay readable), the tint of its terrain cards and of
#: its start area.
SIDE_INK = ("#c62828", "#263238")
SIDE_BAND = ("#fdecea", "#eceff1")
TERRAIN_TINT = ("#fbe4e1", "#e6e8ea")
AREA_TINT = ("#f5e1da", "#e3e1dc")
TERRAIN_AREA = "#efe6cf"
#: The covered-king crown's radius, in squares (a 26-px disc holding a 16-px crown at the
#: walkthrough's size), and the dark rim around its white outline.
BADGE_SIZE = 0.32
BADGE_RIM = "#111111"


def faint(colour: str, alpha: float) -> str:
    """``'#rrggbb'`` made see-through (``alpha`` 0 to 1), as CSS and SVG both read it:
    marks over the cards that leave them readable.

    >>> faint("#d84315", 0.45)
    'rgba(216,67,21,0.45)'
    """
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha:g})"


#: The last move's arrow or frame (faint, so the cards under it stay readable).
LAST_MOVE = faint(style.ARROW, 0.45)


class CellLook(NamedTuple):
    """What cell ``i`` shows: its grid card (None when face down), the terrain's side
    (-1 when face down), its top unit (None when empty), the units under it (deepest
    first), the stack's height and the kings of the other side it covers."""

    grid: str | None
    terrain: int
    top: str | None
    below: tuple[str, ...]
    height: int
    covered_kings: tuple[str, ...]


def cell_look(state: CardChessState, i: int) -> CellLook:
    """How cell ``i`` of ``state`` is drawn (see :class:`CellLook`)."""
    grid = state.surface[i] if state.face_up(i) else None
    stack = state.stacks[i]
    terrain = OWNER[grid] if grid else -1
    if not stack:
        return CellLook(grid, terrain, None, (), 0, ())
    top = stack[-1]
    side = OWNER[top]
    kings = tuple(u for u in stack[:-1] if u[0] == "K" and OWNER[u] != side)
    return CellLook(grid, terrain, top, stack[:-1], len(stack), kings)


def hand_places(state: CardChessState, player: int) -> list[str | None]:
    """The hand as drawn: one place per unit of the side's army, always in the same order
    (tens, jacks, queens, kings of one suit, then of the other), None where a unit has
    been placed; empty once the hand is."""
    hand = state.hands[player]
    return [u if u in hand else None for u in ARMY[player]] if hand else []


@functools.lru_cache(maxsize=8)
def layout(square: float) -> Layout:
    """The geometry at size ``square``, made once per size (every redraw asks for it)."""
    return Layout(square)


def state_scene(
    state: CardChessState,
    square: float = 40.0,
    viewer: int | None = None,
    four_colour: bool = False,
) -> Scene:
    """The picture of ``state`` (``square`` sets the card size). Every unit and hand is
    public in Card Chess and the face-down grid cards are hidden from everyone, so every
    ``viewer`` sees the same picture."""
    lay = layout(square)
    looks = [cell_look(state, i) for i in range(SIZE)]
    scene = Scene(lay.width, lay.height, state.describe(), four_colour=four_colour)
    scene.background = background(lay)
    scene.pieces = [
        *_cards(state, lay, looks),
        *_units(lay, looks),
        *_labels(lay, looks, four_colour),
        *_badges(lay, looks),
        *_panel(state, lay),
    ]
    scene.overlay = last_move_marks(state, lay)
    return scene


def background(lay: Layout) -> list[Shape]:
    """The paper, the two start areas and the terrain's area, the rank and file names:
    what no move changes."""
    out: list[Shape] = [Rect(0, 0, lay.width, lay.height, fill=style.PAPER)]
    for side in (0, 1):
        out.append(Rect(*lay.area_rect(START_ROWS[side]), fill=AREA_TINT[side], radius=6))
    out.append(Rect(*lay.area_rect(TERRAIN_ROWS), fill=TERRAIN_AREA, radius=6))
    size = lay.label_font
    out += [
        Text(*lay.rank_label(r), str(ROWS - r), size, style.MUTED, "middle") for r in range(ROWS)
    ]
    out += [Text(*lay.file_label(c), FILES[c], size, style.MUTED, "middle") for c in range(COLS)]
    return out


def _cards(state: CardChessState, lay: Layout, looks: list[CellLook]) -> list[Shape]:
    """Face-down grid cards and the hands' places (one batch of cards), then the terrain
    cards, red's then black's."""
    out: list[Shape] = [
        Card(None, *lay.cell_rect(i), hidden=True, key=("cell", i))
        for i, look in enumerate(looks)
        if look.grid is None
    ]
    for p in (0, 1):
        out += [
            Card(card, *lay.hand_rect(p, k), key=("hand", (p, k)))
            for k, card in enumerate(hand_places(state, p))
        ]
    for side in (0, 1):
        tint = TERRAIN_TINT[side]
        out += [
            Rect(*lay.cell_rect(i), fill=tint, stroke=style.CARD_EDGE, radius=4, key=("cell", i))
            for i, look in enumerate(looks)
            if look.grid is not None and look.terrain == side
        ]
    return out


def _units(lay: Layout, looks: list[CellLook]) -> list[Shape]:
    """The covered units fanned, deepest first (each nearer one hides the lower part of
    the one before), then the top units framed in their side's ink."""
    out: list[Shape] = []
    for i, look in enumerate(looks):
        for unit, box in zip(look.below, lay.fan_rects(i, len(look.below))):
            side = OWNER[unit]
            out.append(Rect(*box, fill=SIDE_BAND[side], stroke=SIDE_INK[side], radius=3))
    for side in (0, 1):
        out += [
            Rect(
                *lay.unit_rect(i, len(look.below)),
                fill=style.CARD_FACE,
                stroke=SIDE_INK[side],
                width=2,
                radius=3,
            )
            for i, look in enumerate(looks)
            if look.top is not None and OWNER[look.top] == side
        ]
    return out


def _labels(lay: Layout, looks: list[CellLook], four_colour: bool) -> list[Shape]:
    """Rank and suit of every unit (a covered one on its visible edge) and face-up grid
    card (small, below a unit that stands on it), grouped by size and ink so a canvas
    draws each group at once."""
    small = lay.strip_font
    groups: dict[tuple[float, bool, str], list[Shape]] = {}

    def write(card: str, x: float, y: float, size: float, bold: bool = True) -> None:
        ink = style.suit_colour(card, four_colour)
        text = Text(x, y, unit_label(card), size, ink, "middle", bold=bold)
        groups.setdefault((size, bold, ink), []).append(text)

    for i, look in enumerate(looks):
        if look.top is not None:
            n = len(look.below)
            size = lay.top_font(n)
            x, y = lay.centre(lay.unit_rect(i, n))
            write(look.top, x, y + size * 0.36, size)
            fan = lay.fan_font(n)
            _per, _rows, step = lay.fan_shape(n)
            for unit, (bx, by, bw, _bh) in zip(look.below, lay.fan_rects(i, n)):
                write(unit, bx + bw / 2, by + step / 2 + fan * 0.36, fan)
            if look.grid is not None:
                write(look.grid, *lay.strip_point(i), small, bold=False)
        elif look.grid is not None:
            x, y = lay.cell_center(i)
            write(look.grid, x, y + lay.unit_font * 0.36, lay.unit_font)
    return [t for texts in groups.values() for t in texts]


def _badges(lay: Layout, looks: list[CellLook]) -> list[Shape]:
    """A crown on the lower left of a stack that covers a king of the other side (a disc
    in that king's ink): the fan shows which units lie under which, the crown says at a
    glance where the covered kings are."""
    rad = lay.square * BADGE_SIZE
    kings = [
        (badge_centre(lay, i), OWNER[look.covered_kings[0]])
        for i, look in enumerate(looks)
        if look.covered_kings
    ]
    out: list[Shape] = []
    for side in (0, 1):
        # a dark rim outside a white one: one of the two shows on any card or back
        out += [Circle(x, y, rad + 2.5, BADGE_RIM, None, 0) for (x, y), p in kings if p == side]
        out += [Circle(x, y, rad, SIDE_INK[side], "white", 2) for (x, y), p in kings if p == side]
    out += [Text(x, y + rad * 0.58, "♚", rad * 1.85, "white", "middle") for (x, y), _p in kings]
    return out


def badge_centre(lay: Layout, i: int) -> tuple[float, float]:
    """The crown's centre: on the lower left corner of cell ``i``'s units, half off the
    card, so it covers neither the top unit's rank nor the grid card's."""
    rad = lay.square * BADGE_SIZE
    x, y, _w, h = lay.units_rect(i)
    return (x + rad * 0.1, y + h - rad * 0.3)


def _panel(state: CardChessState, lay: Layout) -> list[Shape]:
    """Each side's heading, then its hand (a progressive set-up) or its covered kings;
    whose turn it is or the result, and the move count, beside the terrain."""
    fs = lay.font
    out: list[Shape] = []
    lines = [side_text(state, p) for p in (0, 1)]
    for p, (head, _kings) in enumerate(lines):
        out.append(Text(*lay.side_label(p), head, fs * 1.1, SIDE_INK[p], bold=True))
    for p, (_head, kings) in enumerate(lines):
        if not state.hands[p]:
            out.append(Text(*lay.side_line(p), kings, fs * 0.9, style.TEXT))
    first, second = status_text(state)
    x, y = lay.status_point()
    ink = SIDE_INK[min(state.winners)] if state.is_terminal and state.winners else style.TEXT
    out.append(Text(x, y, first, fs * 1.3, ink, bold=True))
    out.append(Text(x, y + fs * 1.5, second, fs * 0.9, style.MUTED))
    return out


def last_move_marks(state: CardChessState, lay: Layout) -> list[Shape]:
    """The move that led to ``state``, faint: an arrow from the unit's cell to its
    destination (ending at the card's edge, clear of its label), or a frame round the
    cell a unit was placed on."""
    last = state.last_move
    if last is None:
        return []
    if last.kind == "move":
        (x1, y1), (x2, y2) = lay.cell_center(last.src), lay.cell_center(last.dst)
        short = lay.card_w * 0.5 / max(math.hypot(x2 - x1, y2 - y1), 1)
        x2, y2 = x2 - (x2 - x1) * short, y2 - (y2 - y1) * short
        return [Arrow(x1, y1, x2, y2, LAST_MOVE, 3)]
    return frames([lay.cell_rect(last.dst)], LAST_MOVE, width=3, pad=1)


# ---- marks a board adds while a move is being picked -----------------------------------------


#: The light band drawn under every frame, and how much wider than the frame it is: a
#: frame's colour stays visible on the dark card backs as on the pale cards.
HALO = "#ffffff"
HALO_EXTRA = 4.0


def frames(boxes: list[Box], colour: str, width: float = 3, pad: float = 3) -> list[Shape]:
    """A frame round each box, ``pad`` pixels outside it (inside when negative): picked
    places and the places that would continue a move. Each frame lies on a light band
    (:data:`HALO`) that shows on either side of it, so it reads on a blue card back too."""
    out: list[Shape] = []
    for ink, line in ((HALO, width + HALO_EXTRA), (colour, width)):
        out += [
            Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, stroke=ink, width=line, radius=4)
            for x, y, w, h in boxes
        ]
    return out


def rays(lay: Layout, src: int, cells: list[int], colour: str) -> list[Shape]:
    """A line from cell ``src`` to the farthest of ``cells`` in each of the eight
    directions (faint, so the cards under it stay readable): a picked unit's rays, or the
    units that could reach a picked destination."""
    r0, c0 = divmod(src, COLS)
    far: dict[tuple[int, int], tuple[int, int]] = {}
    for j in cells:
        r, c = divmod(j, COLS)
        way = (_sign(r - r0), _sign(c - c0))
        n = max(abs(r - r0), abs(c - c0))
        if n > far.get(way, (0, -1))[0]:
            far[way] = (n, j)
    x0, y0 = lay.cell_center(src)
    ink, width = faint(colour, 0.4), max(2.0, lay.square * 0.08)
    return [Line(x0, y0, *lay.cell_center(j), ink, width) for _n, j in far.values()]


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


#: The frames of :func:`reach_scene`: the picked unit (orange) and where it may go (blue).
PICKED_FRAME = "#fb8c00"
REACH_FRAME = "#1e88e5"


def reach_scene(state: CardChessState, cell: int, square: float = 40.0) -> Scene:
    """The picture of ``state`` with the unit on ``cell`` framed in orange and every cell
    it may move to framed in blue (:meth:`CardChessState.reachable`): how a rule about
    moving looks on the board, without a widget."""
    lay = layout(square)
    scene = state_scene(state, square)
    cells = [lay.cell_rect(cell_index(name)) for name in state.reachable(cell)]
    scene.overlay += frames(cells, REACH_FRAME, width=4)
    scene.overlay += frames([lay.cell_rect(cell)], PICKED_FRAME, width=4)
    return scene
