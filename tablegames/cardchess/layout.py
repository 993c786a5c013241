"""Where everything of a Card Chess picture goes, in pixels: the 6 x 6 surface of cards
(black's start area at the top, the terrain in the middle, red's start area at the
bottom, a little space between the three areas), the units stacked on the cells, and a
panel on the right with each side's hand, whose turn it is and the result. The scene
(``scene.py``, drawn as SVG and on the canvas board) and the board's hit testing use it.

A cell shows its grid card (a card back, or a terrain card); a unit on it leaves a strip
of the grid card visible at the bottom, and the units it covers peek out above it as thin
bands, one per unit (three at most; a badge gives the height of a taller stack).

>>> lay = Layout()
>>> lay.hit(*lay.cell_center(32))
Hit(kind='cell', where=32)
>>> lay.hit(*lay.centre(lay.hand_rect(1, 5)))
Hit(kind='hand', where=(1, 5))
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .moves import COLS, ROWS, SIZE

Rect = tuple[float, float, float, float]  # x, y, width, height

#: How many covered units a stack shows as bands (a badge gives the full height).
SHOWN_BELOW = 3
#: Hand cards per row in the panel (a hand of eight takes two rows).
HAND_COLUMNS = 4
HAND_SIZE = 8


class Hit(NamedTuple):
    """What lies under a pixel: ``kind`` is cell (``where`` a cell index) or hand
    (``where`` is (side, k), the k-th place of that side's hand)."""

    kind: str
    where: Any


class Layout:
    """Pixel geometry at a given scale (``square`` sets the card size, as for the other
    games' layouts)."""

    def __init__(self, square: float = 40.0) -> None:
        s = float(square)
        self.square = s
        self.card_w = round(s * 1.3)
        self.card_h = round(s * 1.6)
        self.gap = round(s * 0.16)
        self.band = round(s * 0.3)  #: extra space between the start areas and the terrain
        self.label = round(s * 0.45)  #: room for the rank and file names
        self.strip = round(s * 0.36)  #: grid card visible below a unit
        self.step = max(2, round(s * 0.1))  #: how far each covered unit peeks out
        self.margin = max(2, round(s * 0.06))  #: between a cell's edge and its units
        self.x0 = self.label + self.gap
        self.y0 = self.gap
        self.grid_w = COLS * (self.card_w + self.gap) - self.gap
        self.grid_h = ROWS * (self.card_h + self.gap) - self.gap + 2 * self.band
        self.hand_w = round(s * 0.95)
        self.hand_h = round(s * 1.15)
        self.panel_x = self.x0 + self.grid_w + self.label + self.gap
        self.panel_w = max(HAND_COLUMNS * (self.hand_w + self.gap) + self.gap, s * 5)
        self.width = self.panel_x + self.panel_w
        self.height = self.y0 + self.grid_h + self.label + self.gap
        self.font = s * 0.3  #: the panel's text size
        #: every cell's grid card, computed once (a picture asks for each several times)
        self.cells: tuple[Rect, ...] = tuple(self._cell_rect(i) for i in range(SIZE))
        _x, _y, uw, uh = self.unit_rect(0)
        self.unit_font = min(uw * 0.4, uh * 0.55)  #: size of a unit's rank and suit

    # ---- the surface --------------------------------------------------------------------

    def cell_rect(self, i: int) -> Rect:
        """The grid card of cell ``i`` (row by row from black's back row)."""
        return self.cells[i]

    def _cell_rect(self, i: int) -> Rect:
        r, c = divmod(i, COLS)
        x = self.x0 + c * (self.card_w + self.gap)
        y = self.y0 + r * (self.card_h + self.gap) + (r // 2) * self.band
        return (x, y, self.card_w, self.card_h)

    def cell_center(self, i: int) -> tuple[float, float]:
        return self.centre(self.cell_rect(i))

    @staticmethod
    def centre(r: Rect) -> tuple[float, float]:
        x, y, w, h = r
        return (x + w / 2, y + h / 2)

    def area_rect(self, rows: tuple[int, int]) -> Rect:
        """The background of two rows (a start area or the terrain), a little larger than
        their cards."""
        x, y, _w, _h = self.cell_rect(rows[0] * COLS)
        _x, y2, _w, h2 = self.cell_rect(rows[1] * COLS)
        pad = self.gap * 0.8
        return (x - pad, y - pad, self.grid_w + 2 * pad, y2 + h2 - y + 2 * pad)

    def unit_rect(self, i: int, below: int = 0) -> Rect:
        """A unit on cell ``i``: the top one (``below=0``) or the one ``below`` it, which
        shows only as a band above the top unit."""
        x, y, w, h = self.cell_rect(i)
        m = self.margin
        top = y + m + SHOWN_BELOW * self.step
        return (x + m, top - below * self.step, w - 2 * m, h - self.strip - (top - y))

    def strip_point(self, i: int) -> tuple[float, float]:
        """Where the grid card's name is written under a unit (text baseline, centred)."""
        x, y, w, h = self.cell_rect(i)
        return (x + w / 2, y + h - self.strip * 0.25)

    def badge_point(self, i: int, corner: str) -> tuple[float, float]:
        """Centre of a small round badge on a unit's lower corners (the covered units peek
        out above it): ``'right'`` holds the stack's height, ``'left'`` marks a covered
        king."""
        x, y, w, h = self.unit_rect(i)
        r = self.badge_radius
        return (x + w - r * 0.6, y + h) if corner == "right" else (x + r * 0.6, y + h)

    @property
    def badge_radius(self) -> float:
        return self.square * 0.2

    def rank_label(self, row: int) -> tuple[float, float]:
        _x, y, _w, h = self.cell_rect(row * COLS)
        return (self.label * 0.6, y + h / 2 + self.font * 0.35)

    def file_label(self, col: int) -> tuple[float, float]:
        x, _y, w, _h = self.cell_rect((ROWS - 1) * COLS + col)
        return (x + w / 2, self.y0 + self.grid_h + self.label * 0.8)

    # ---- the panel ---------------------------------------------------------------------

    def side_top(self, player: int) -> float:
        """Top of a side's block in the panel: black's beside its start area (the top
        rows), red's beside the bottom rows."""
        row = 4 if player == 0 else 0
        return self.cell_rect(row * COLS)[1]

    def side_label(self, player: int) -> tuple[float, float]:
        return (self.panel_x + self.gap, self.side_top(player) + self.font)

    def side_line(self, player: int) -> tuple[float, float]:
        """Where a side's second line goes (its covered kings) when its hand is empty."""
        return (self.panel_x + self.gap, self.side_top(player) + self.font * 2.5)

    def hand_rect(self, player: int, k: int) -> Rect:
        row, col = divmod(k, HAND_COLUMNS)
        x = self.panel_x + self.gap + col * (self.hand_w + self.gap)
        y = self.side_top(player) + self.font * 1.5 + row * (self.hand_h + self.gap)
        return (x, y, self.hand_w, self.hand_h)

    def status_point(self) -> tuple[float, float]:
        """Where whose turn it is, or the result, is written: beside the terrain."""
        _x, y, _w, _h = self.cell_rect(2 * COLS)
        return (self.panel_x + self.gap, y + self.font * 1.3)

    # ---- hit testing -------------------------------------------------------------------

    def hit(self, px: float, py: float) -> Hit | None:
        """What a click at pixel ``(px, py)`` means, or None for empty space."""
        for i in range(SIZE):
            if _inside(self.cell_rect(i), px, py):
                return Hit("cell", i)
        for p in (0, 1):
            for k in range(HAND_SIZE):
                if _inside(self.hand_rect(p, k), px, py):
                    return Hit("hand", (p, k))
        return None


def _inside(r: Rect, px: float, py: float) -> bool:
    x, y, w, h = r
    return x <= px <= x + w and y <= py <= y + h
