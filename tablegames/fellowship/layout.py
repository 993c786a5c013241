"""Where everything of a Fellowship picture goes, in pixels: the ring of 13 stacks with
the draw pile in the middle, and the players' hands on the right. One place for the
scene (drawn as SVG and on the canvas board) and the board's hit testing.

>>> lay = Layout()
>>> lay.hit(*lay.stack_center(0))
Hit(kind='stack', where=0)
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .moves import SIZE

Rect = tuple[float, float, float, float]  # x, y, width, height


class Hit(NamedTuple):
    """What lies under a pixel: ``kind`` is stack, hand or pile."""

    kind: str
    where: object


class Layout:
    """Pixel geometry at a given scale (``square`` sets the card size, as for Currents)."""

    def __init__(self, square: float = 40.0, players: int = 2) -> None:
        s = float(square)
        self.square = s
        self.players = players
        self.card_w = round(s * 0.9)
        self.card_h = round(s * 1.25)
        self.gap = round(s * 0.2)
        self.label = round(s * 0.34)
        self.ring_width = s * 0.6  #: the ring drawn through the stacks
        self.text = s * 0.3  #: text sizes: the base, labels and hand labels
        self.small_text = self.text * 0.8
        self.hand_text = self.text * 0.85
        self.radius = s * 3.9  # of the ring, through the stacks' centres
        margin = self.card_h + self.label + self.gap
        self.center = (margin + self.radius, margin + self.radius)
        self.panel_x = 2 * (margin + self.radius) + self.gap
        self.panel_w = 5 * self.card_w + 6 * self.gap
        self.width = self.panel_x + self.panel_w
        self.hand_row = self.card_h + self.label + self.gap
        self.hands_y = margin * 0.5
        self.height = max(2 * (margin + self.radius), self.hands_y + players * self.hand_row)

    def stack_center(self, i: int) -> tuple[float, float]:
        """Centre of stack ``i``: position 0 at the top, going clockwise."""
        angle = -math.pi / 2 + 2 * math.pi * i / SIZE
        cx, cy = self.center
        return (cx + self.radius * math.cos(angle), cy + self.radius * math.sin(angle))

    def stack_rect(self, i: int) -> Rect:
        x, y = self.stack_center(i)
        return (x - self.card_w / 2, y - self.card_h / 2, self.card_w, self.card_h)

    def label_point(self, i: int) -> tuple[float, float]:
        """Where the position number of stack ``i`` is written (outside the ring)."""
        angle = -math.pi / 2 + 2 * math.pi * i / SIZE
        r = self.radius + self.card_h * 0.5 + self.label * 0.9
        cx, cy = self.center
        return (cx + r * math.cos(angle), cy + r * math.sin(angle) + self.label * 0.35)

    def pile_rect(self) -> Rect:
        cx, cy = self.center
        return (cx - self.card_w / 2, cy - self.card_h / 2, self.card_w, self.card_h)

    def hand_rect(self, player: int, k: int) -> Rect:
        x = self.panel_x + self.gap + k * (self.card_w + self.gap)
        y = self.hands_y + player * self.hand_row + self.label
        return (x, y, self.card_w, self.card_h)

    def hand_label(self, player: int) -> tuple[float, float]:
        return (self.panel_x + self.gap, self.hands_y + player * self.hand_row + self.label * 0.8)

    def hit(self, px: float, py: float) -> Hit | None:
        """What a click at pixel ``(px, py)`` means, or None for empty space."""
        for i in range(SIZE):
            if _inside(self.stack_rect(i), px, py):
                return Hit("stack", i)
        for p in range(self.players):
            for k in range(5):
                if _inside(self.hand_rect(p, k), px, py):
                    return Hit("hand", (p, k))
        if _inside(self.pile_rect(), px, py):
            return Hit("pile", None)
        return None


def _inside(r: Rect, px: float, py: float) -> bool:
    x, y, w, h = r
    return x <= px <= x + w and y <= py <= y + h
