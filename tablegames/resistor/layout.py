"""Where everything of a Resistor picture goes, in pixels: the 14 x 20 circuit with the
charge zone (row 19) on top and the current source (row 0) at the bottom, the cycle
columns at both sides, row numbers on the left and column letters below, and a panel on
the right (round, roles and scores, whose turn, the turn's move budget, a legend).
Shared by the SVG drawing and the canvas board, with hit testing and the outlines of the
pieces (arrows for amperes and chargers, squares for resistors, an X for a dead space).

Twenty rows are tall: at the usual ``square=40`` a cell is 30 pixels, so the whole
picture is about 730 x 680 pixels and fits a laptop screen beside the page's controls.

>>> lay = Layout()
>>> lay.cell_size, lay.hit(*lay.cell_center(15))
(30, Hit(kind='cell', where=15))
>>> lay.cell_rect(0)[1] > lay.cell_rect(19 * 14)[1]  # row 0 is drawn at the bottom
True
>>> lay.hit(lay.width - 2, 2) is None
True
"""

from __future__ import annotations

from typing import NamedTuple

from .board import COLS, ROWS

Rect = tuple[float, float, float, float]  # x, y, width, height
Point = tuple[float, float]

#: Legend entries drawn at the bottom of the panel, in order.
LEGEND = (
    "ampere",
    "charger",
    "drained",
    "resistor",
    "riding",
    "overloaded",
    "dead",
    "cycle",
)
#: Lines of the panel above the legend.
PANEL_LINES = 12


class Hit(NamedTuple):
    """What lies under a pixel: ``kind`` is ``cell`` (``where`` is the flat cell)."""

    kind: str
    where: int


class Layout:
    """Pixel geometry at a given scale (``square`` as for the other games' layouts; a
    Resistor cell is three quarters of it)."""

    def __init__(self, square: float = 40.0) -> None:
        s = float(square)
        self.square = s
        self.cell_size = c = round(s * 0.75)
        self.gap = round(s * 0.2)
        self.label = round(s * 0.5)  #: room for the row numbers and column letters
        self.zone = round(s * 0.45)  #: a line of text above and below the board
        self.font = s * 0.32  #: the panel's text size
        self.x0 = self.label + self.gap / 2
        self.y0 = self.gap / 2 + self.zone
        self.board_w = COLS * c
        self.board_h = ROWS * c
        self.panel_x = self.x0 + self.board_w + 2 * self.gap
        self.panel_w = round(s * 6.6)
        self.line_h = round(self.font * 1.55)
        self.width = self.panel_x + self.panel_w
        self.height = self.y0 + self.board_h + self.label + self.zone + self.gap / 2

    # ---- the board ----------------------------------------------------------------------

    def cell_rect(self, i: int) -> Rect:
        """Cell ``i`` (flat ``row * 14 + col``); row 0 at the bottom."""
        r, col = divmod(i, COLS)
        c = self.cell_size
        return (self.x0 + col * c, self.y0 + (ROWS - 1 - r) * c, c, c)

    def cell_center(self, i: int) -> Point:
        x, y, w, h = self.cell_rect(i)
        return (x + w / 2, y + h / 2)

    def rows_rect(self, low: int, high: int, col0: int = 0, col1: int = COLS - 1) -> Rect:
        """The rectangle of rows ``low``-``high`` and columns ``col0``-``col1``."""
        c = self.cell_size
        x = self.x0 + col0 * c
        y = self.y0 + (ROWS - 1 - high) * c
        return (x, y, (col1 - col0 + 1) * c, (high - low + 1) * c)

    def row_label(self, r: int) -> Point:
        """Where row ``r``'s number is written (centred, text baseline)."""
        _x, y, _w, h = self.cell_rect(r * COLS)
        return (self.x0 - self.label / 2 - 1, y + h / 2 + self.font * 0.32)

    def col_label(self, col: int) -> Point:
        x, _y, w, _h = self.cell_rect(col)
        return (x + w / 2, self.y0 + self.board_h + self.label * 0.75)

    def top_note(self) -> Point:
        """The line above the board (the charge zone's name)."""
        return (self.x0 + self.cell_size * 1.1, self.y0 - self.zone * 0.3)

    def bottom_note(self) -> Point:
        """The line below the column letters (the current source's name)."""
        bottom = self.y0 + self.board_h + self.label
        return (self.x0 + self.cell_size * 1.1, bottom + self.zone * 0.7)

    # ---- pieces -------------------------------------------------------------------------

    def arrow(self, r: Rect, up: bool) -> list[Point]:
        """The seven corners of an arrow in the cell ``r``, pointing up (an ampere, towards
        the charge zone) or down (a charger, towards the current source)."""
        x0, y0, w, h = r
        cx, cy = x0 + w / 2, y0 + h / 2
        m = w * 0.41
        d = -1.0 if up else 1.0  # screen y grows downwards
        head, neck, shaft = m * 0.9, -m * 0.05, m * 0.36
        pts = [(0.0, m), (head, neck), (shaft, neck), (shaft, -m * 0.92),
               (-shaft, -m * 0.92), (-shaft, neck), (-head, neck)]  # fmt: skip
        return [(cx + x, cy + d * y) for x, y in pts]

    @staticmethod
    def square_in(r: Rect, scale: float = 0.62) -> Rect:
        """A resistor's square in the cell ``r`` (``scale`` of the cell)."""
        x, y, w, h = r
        side = round(w * scale)
        return (x + (w - side) / 2, y + (h - side) / 2, side, side)

    @staticmethod
    def cross(r: Rect) -> tuple[tuple[Point, Point], tuple[Point, Point]]:
        """The two strokes of a dead space's X in the cell ``r``."""
        x, y, w, h = r
        m = w * 0.14
        return (((x + m, y + m), (x + w - m, y + h - m)), ((x + w - m, y + m), (x + m, y + h - m)))

    # ---- the panel ----------------------------------------------------------------------

    def panel_line(self, k: int) -> Point:
        """Text baseline of the panel's ``k``-th line."""
        return (self.panel_x, self.y0 + self.font + k * self.line_h)

    def pip(self, k: int, n: int) -> Point:
        """Centre of the ``n``-th move pip on the panel's ``k``-th line (after its label)."""
        x, y = self.panel_line(k)
        r = self.pip_radius
        return (x + self.font * 9.6 + n * r * 2.8, y - self.font * 0.34)

    @property
    def pip_radius(self) -> float:
        return self.font * 0.42

    def legend_cell(self, k: int) -> Rect:
        """The small cell that shows the ``k``-th legend entry (its label to the right)."""
        c = self.cell_size
        bottom = self.y0 + self.board_h
        y = bottom - (len(LEGEND) - k) * (c + 2)
        return (self.panel_x, y, c, c)

    def legend_text(self, k: int) -> Point:
        x, y, w, h = self.legend_cell(k)
        return (x + w + self.gap, y + h / 2 + self.font * 0.35)

    # ---- hit testing --------------------------------------------------------------------

    def hit(self, px: float, py: float) -> Hit | None:
        """The cell under pixel ``(px, py)``, or None off the board."""
        c = self.cell_size
        col = int((px - self.x0) // c)
        row = ROWS - 1 - int((py - self.y0) // c)
        if px < self.x0 or py < self.y0 or not (0 <= col < COLS and 0 <= row < ROWS):
            return None
        return Hit("cell", row * COLS + col)
