"""Where everything of a Card Chess picture goes, in pixels: the 6 x 6 surface of cards
(black's start area at the top, the terrain in the middle, red's start area at the
bottom, a little space between the three areas), the units stacked on the cells, and a
panel on the right with each side's hand, whose turn it is and the result. The scene
(``scene.py``, drawn as SVG and on the canvas board) and the board's hit testing use it.

A cell shows its grid card (a card back, or a terrain card); a unit on it leaves a strip
of the grid card visible at the bottom. A stack is fanned as cards are in patience: the
units under the top one peek out above it, deepest first, each showing its rank and suit
(one per row up to three, two per row for taller stacks), so a reader sees which units lie
under which.

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

#: Up to this many covered units, a stack's fan has one unit per row; above, two.
ONE_PER_ROW = 3
#: The room of a stack's fan, in rows of full height: a fan of more rows is squeezed into
#: it, so that the top unit keeps room for a label as large as the fan's.
FAN_ROWS = 2.5
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
        self.card_h = round(s * 2.0)
        self.gap = round(s * 0.16)
        self.band = round(s * 0.3)  #: extra space between the start areas and the terrain
        self.label = round(s * 0.5)  #: room for the rank and file names
        self.label_font = s * 0.36  #: their size: readable, since the text names cells
        self.strip = round(s * 0.32)  #: grid card visible below a unit
        self.strip_font = self.strip * 0.8  #: the size of that grid card's rank and suit
        #: how far each covered unit peeks out: a band for a label of about 14 px at the
        #: default size (the fan says which units lie under which, so it must be read)
        self.step = max(4, round(s * 0.4))
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
        self.unit_font = min(uw * 0.4, uh * 0.55)  #: size of a lone unit's rank and suit

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

    def units_rect(self, i: int) -> Rect:
        """Where the units of cell ``i`` are drawn: the cell, less a margin and the strip
        of grid card left visible at the bottom."""
        x, y, w, h = self.cell_rect(i)
        m = self.margin
        return (x + m, y + m, w - 2 * m, h - 2 * m - self.strip)

    def fan_shape(self, covered: int) -> tuple[int, int, float]:
        """How ``covered`` units under a top unit are fanned: (units per row, rows, the
        height each row peeks out). Rows keep :attr:`step` while they fit in
        :data:`FAN_ROWS` rows; more share that room."""
        if covered <= 0:
            return (1, 0, 0.0)
        per_row = 1 if covered <= ONE_PER_ROW else 2
        rows = -(-covered // per_row)
        return (per_row, rows, min(self.step, FAN_ROWS * self.step / rows))

    def unit_rect(self, i: int, covered: int = 0) -> Rect:
        """The top unit of cell ``i`` when ``covered`` units lie under it: below their fan."""
        x, y, w, h = self.units_rect(i)
        _per, rows, step = self.fan_shape(covered)
        return (x, y + rows * step, w, h - rows * step)

    def fan_rects(self, i: int, covered: int) -> list[Rect]:
        """The ``covered`` units under the top unit of cell ``i``, deepest first: each
        reaches down to the top unit (which hides the rest of it) and shows its upper edge,
        left to right, then row by row."""
        x, y, w, _h = self.units_rect(i)
        per_row, rows, step = self.fan_shape(covered)
        bottom = y + rows * step + step  # each card reaches a little under the top unit
        cw = w / per_row
        out = []
        for k in range(covered):
            row, col = divmod(k, per_row)
            top = y + row * step
            out.append((x + col * cw, top, cw, bottom - top))
        return out

    def fan_font(self, covered: int) -> float:
        """The size of a covered unit's rank and suit in a fan of ``covered``: nearly the
        band's height, and narrow enough for "10♠" where two units share a row."""
        per_row, _rows, step = self.fan_shape(covered)
        _x, _y, w, _h = self.units_rect(0)
        return min(step * 0.9, w / per_row * 0.42)

    def top_font(self, covered: int) -> float:
        """The size of the top unit's rank and suit when ``covered`` units lie under it."""
        _x, _y, w, h = self.unit_rect(0, covered)
        return min(w * 0.4, h * 0.55)

    def strip_point(self, i: int) -> tuple[float, float]:
        """Where the grid card's name is written under a unit (text baseline, centred)."""
        x, y, w, h = self.cell_rect(i)
        return (x + w / 2, y + h - self.strip * 0.25)

    def rank_label(self, row: int) -> tuple[float, float]:
        _x, y, _w, h = self.cell_rect(row * COLS)
        return (self.label * 0.55, y + h / 2 + self.label_font * 0.35)

    def file_label(self, col: int) -> tuple[float, float]:
        x, _y, w, _h = self.cell_rect((ROWS - 1) * COLS + col)
        return (x + w / 2, self.y0 + self.grid_h + self.label * 0.9)

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
