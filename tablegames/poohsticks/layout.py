"""Where everything of a Poohsticks picture goes, in pixels: the river of cards flowing
down the page (row 1, where boats enter, at the top; the exit below the last row), the
dock of boats not yet in the river, and the hands on the right. Shared by the scene
(drawn as SVG and on the canvas board) and the board's hit testing.

>>> lay = Layout(width=2, length=6, players=2)
>>> lay.hit(*lay.cell_center(3))
Hit(kind='cell', where=3)
"""

from __future__ import annotations

from typing import NamedTuple

Rect = tuple[float, float, float, float]


class Hit(NamedTuple):
    """What lies under a pixel: ``kind`` is cell, hand or exit."""

    kind: str
    where: object


class Layout:
    """Pixel geometry of a river of ``width`` x ``length`` cells and ``players`` hands."""

    def __init__(
        self, square: float = 40.0, width: int = 2, length: int = 6, players: int = 2
    ) -> None:
        s = float(square)
        self.square = s
        self.columns, self.rows, self.players = width, length, players
        self.card_w = round(s * 0.9)
        self.card_h = round(s * 1.25)
        self.gap = round(s * 0.3)
        self.label = round(s * 0.34)
        self.x0 = self.label * 2  # room for the row numbers
        self.dock_y = self.label  # boats waiting to enter
        self.y0 = self.dock_y + self.card_h * 0.6 + self.label + self.gap  # row 1
        self.river_w = width * (self.card_w + self.gap) - self.gap
        self.river_h = length * (self.card_h + self.gap) - self.gap
        #: the exit under the last row: its label at the left, then the boats that left,
        #: so it is at least wide enough for every boat beside the label
        exit_w = max(self.river_w, s * (2.1 + 0.65 * (players - 1)))
        self.exit_rect: Rect = (self.x0, self.y0 + self.river_h + self.gap, exit_w, s * 0.8)
        self.panel_x = self.x0 + max(self.river_w, 4 * s) + 2 * self.gap
        self.hand_row = self.card_h + self.label + self.gap
        self.width = self.panel_x + 3 * (self.card_w + self.gap) + self.gap * 2
        self.text = s * 0.3  #: the base text size (labels are a little smaller)
        self.boat_radius = s * 0.28
        #: the status line (turn number, who plays), under the hands: one or two lines
        self.status_point = (self.panel_x + self.gap, self.label * 1.8 + players * self.hand_row)
        self.status_room = self.width - self.status_point[0] - self.gap / 2  #: its width
        bottom = self.exit_rect[1] + self.exit_rect[3] + self.gap
        self.height = max(bottom, self.status_point[1] + self.text * 1.1 + self.gap)

    def cell_rect(self, i: int) -> Rect:
        """Card rectangle of river cell ``i`` (row-major, row 1 first)."""
        r, c = divmod(i, self.columns)
        x = self.x0 + c * (self.card_w + self.gap)
        y = self.y0 + r * (self.card_h + self.gap)
        return (x, y, self.card_w, self.card_h)

    def cell_center(self, i: int) -> tuple[float, float]:
        x, y, w, h = self.cell_rect(i)
        return (x + w / 2, y + h / 2)

    def dock_point(self, player: int) -> tuple[float, float]:
        """Where a boat waits before entering the river."""
        return (
            self.x0 + self.square * 0.4 + player * self.square * 0.9,
            self.dock_y + self.card_h * 0.3,
        )

    def boat_point(self, cell: int) -> tuple[float, float]:
        """A boat on a cell: over the lower half of the card, leaving its rank readable
        (a cell never holds two boats)."""
        x, y, w, h = self.cell_rect(cell)
        return (x + w / 2, y + h * 0.7)

    def hand_rect(self, player: int, k: int) -> Rect:
        x = self.panel_x + self.gap + k * (self.card_w + self.gap)
        y = self.label + player * self.hand_row + self.label
        return (x, y, self.card_w, self.card_h)

    def hand_label(self, player: int) -> tuple[float, float]:
        return (self.panel_x + self.gap, self.label + player * self.hand_row + self.label * 0.8)

    def hit(self, px: float, py: float) -> Hit | None:
        for i in range(self.columns * self.rows):
            if _inside(self.cell_rect(i), px, py):
                return Hit("cell", i)
        for p in range(self.players):
            for k in range(3):
                if _inside(self.hand_rect(p, k), px, py):
                    return Hit("hand", (p, k))
        if _inside(self.exit_rect, px, py):
            return Hit("exit", None)
        return None


def _inside(r: Rect, px: float, py: float) -> bool:
    x, y, w, h = r
    return x <= px <= x + w and y <= py <= y + h
