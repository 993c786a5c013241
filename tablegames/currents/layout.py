"""Where everything of a Currents picture goes, in pixels: one place for both the SVG
drawing and the canvas widgets, with the mapping from board coordinates to pixels
and back (hit testing).

The picture: the 8x8 board with the 16 current slots round it on the left, and a
side panel on the right with the compass rose and the players' hands. The board's line
numbers (0-8, ``x`` under the south edge, ``y`` beside the west edge) sit in a narrow
ruler between the board and the south and west slots, so that an intersection named
``(5, 3)`` can be found on the picture.

>>> lay = Layout()
>>> lay.point(4, 4)
(255.0, 254.0)
>>> lay.hit(*lay.point(4, 4))
Hit(kind='point', where=(4, 4))
>>> lay.hit(*lay.slot_center(0))
Hit(kind='slot', where=0)
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .geometry import SIZE

Rect = tuple[float, float, float, float]  # x, y, width, height

#: How far a slot's frames (influence, selection, legal target) reach out from its card.
FRAME_REACH = 7.0
#: How thick the bar is that flags an edge the pawn is about to cross.
CROSSING_BAR = 4.0


class Hit(NamedTuple):
    """What lies under a pixel: ``kind`` is point, slot, compass, hand or aside."""

    kind: str
    where: object


class GoalMark(NamedTuple):
    """Where and how one edge's goal mark is drawn: a band just inside the edge in the
    colour of the player who wins over it, with a label naming them and the goaltender."""

    edge: str
    owner: int  #: the player whose goal this edge is
    goaltender: int  #: the player who may stop the pawn crossing it
    band: Rect
    text_at: tuple[float, float]  #: centre of the label
    angle: float  #: label rotation in degrees (0 on N and S, -90 on W, 90 on E)
    current: bool  #: the goal of the player whose turn it is (or of the winner)

    @property
    def label(self) -> str:
        return f"P{self.owner}'s goal · P{self.goaltender} guards"

    def stripe(self, t: float = 3.0) -> Rect:
        """The outer ``t`` pixels of the band (along the board's edge line): drawn solid
        on the marks of the player whose turn it is."""
        x, y, w, h = self.band
        return {
            "N": (x, y, w, t),
            "S": (x, y + h - t, w, t),
            "E": (x + w - t, y, t, h),
            "W": (x, y, t, h),
        }[self.edge]

    def label_baseline(self, size: float) -> tuple[float, float]:
        """The baseline point of the label at font ``size``: centred on the band once the
        label is turned by ``angle`` about it (so E and W labels read along their edge)."""
        cx, cy = self.text_at
        drop = size * 0.35  # from the middle of the letters down to their baseline
        turn = math.radians(self.angle)
        return (cx - drop * math.sin(turn), cy + drop * math.cos(turn))


class Layout:
    """Pixel geometry at a given square size (all other sizes follow from it)."""

    def __init__(self, square: float = 44.0, players: int = 4) -> None:
        s = float(square)
        self.square = s
        self.players = players
        self.card_w = round(s * 0.82)
        self.card_h = round(s * 1.14)
        self.gap = round(s * 0.16)
        self.margin = self.card_h + 2 * self.gap
        self.label = round(s * 0.32)  # room for slot names above and below
        self.ruler = round(s * 0.35)  # room for the line numbers (south and west sides)
        self.board = s * SIZE
        self.x0 = self.margin + self.ruler  # board's west edge line
        self.y0 = self.margin + self.label  # board's north edge line
        self.board_box: Rect = (self.x0, self.y0, self.board, self.board)
        self.panel_x = self.x0 + self.board + self.margin + self.gap
        self.panel_w = 4 * self.card_w + 5 * self.gap
        self.width = self.panel_x + self.panel_w
        cw, ch = self.card_w, self.card_h
        cx = self.panel_x + self.panel_w / 2
        cy = self.y0 + ch * 1.5 + self.gap
        self.compass_center = (cx, cy)
        d = ch * 0.5 + cw * 0.5 + self.gap
        self._compass: list[Rect] = [
            (cx - cw / 2, cy - d - ch / 2, cw, ch),  # N
            (cx + d - cw / 2, cy - ch / 2, cw, ch),  # E
            (cx - cw / 2, cy + d - ch / 2, cw, ch),  # S
            (cx - d - cw / 2, cy - ch / 2, cw, ch),  # W
        ]
        #: set-up: the aces waiting to be placed, in a row under the compass
        self.aside_y = cy + d + ch / 2 + 2 * self.gap
        self.hands_y = self.aside_y + ch + self.label + self.gap
        self.hand_row = ch + self.label + self.gap
        hands_bottom = self.hands_y + players * self.hand_row
        self.height = max(
            self.y0 + self.board + self.ruler + self.margin + self.label, hands_bottom
        )

    # ---- board coordinates ----------------------------------------------------------

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Pixel of intersection ``(x, y)`` (x east, y north; may be off the board)."""
        return (self.x0 + x * self.square, self.y0 + (SIZE - y) * self.square)

    def line_number_at(self, axis: str, line: int) -> tuple[float, float]:
        """Where the number of board line ``line`` goes (text centre x, baseline y):
        ``axis`` ``"x"`` under the south edge, ``"y"`` left of the west edge, in the ruler
        between the board and its slots (clear of the bar that flags a crossing)."""
        fs = self.number_size
        # far out in the ruler, so that a pawn on an edge line does not cover its number
        if axis == "x":
            px, _ = self.point(line, 0)
            return (px, self.y0 + self.board + self.gap + self.ruler - fs * 0.2)
        _, py = self.point(0, line)
        return (self.x0 - (self.gap + self.ruler) * 0.7, py + fs * 0.35)

    @property
    def number_size(self) -> float:
        """Font size of the line numbers: small, they only help find an intersection."""
        return self.square * 0.24

    def riptide_arrow(self, x: int, y: int, direction: str) -> list[list[tuple[float, float]]]:
        """The arrow drawn on a riptide at ``(x, y)`` pointing ``direction`` (N, E, S or W),
        as line segments in pixels: the shaft, then the two barbs at its tip."""
        cx, cy = self.point(x, y)
        ux, uy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}[direction]
        r, b = self.square * 0.3, self.square * 0.13
        tail, tip = (cx - ux * r, cy - uy * r), (cx + ux * r, cy + uy * r)
        back = (tip[0] - ux * b, tip[1] - uy * b)
        barbs = [(back[0] + uy * b, back[1] + ux * b), (back[0] - uy * b, back[1] - ux * b)]
        return [[tail, tip], [tip, barbs[0]], [tip, barbs[1]]]

    def to_point(self, px: float, py: float) -> tuple[int, int]:
        """The nearest intersection to a pixel (not clamped to the board)."""
        return (round((px - self.x0) / self.square), round(SIZE - (py - self.y0) / self.square))

    def slot_rect(self, i: int) -> Rect:
        """Card rectangle of current slot ``i`` (0-3 N, 4-7 E, 8-11 S, 12-15 W).

        N and S slots stand upright above and below the board; E and W slots lie on
        their side, left and right of it.
        """
        side, k = divmod(i, 4)
        s, cw, ch, g = self.square, self.card_w, self.card_h, self.gap
        along = (2 * k + 1) * s
        if side == 0:
            return (self.x0 + along - cw / 2, self.y0 - g - ch, cw, ch)
        if side == 2:
            return (self.x0 + along - cw / 2, self.y0 + self.board + g + self.ruler, cw, ch)
        y = self.y0 + self.board - along - cw / 2
        if side == 1:
            return (self.x0 + self.board + g, y, ch, cw)
        return (self.x0 - g - self.ruler - ch, y, ch, cw)

    def slot_center(self, i: int) -> tuple[float, float]:
        x, y, w, h = self.slot_rect(i)
        return (x + w / 2, y + h / 2)

    def slot_name_at(self, i: int) -> tuple[float, float]:
        """Where slot ``i``'s name goes (text centre x, baseline y): S slots under their
        card, the others above it, in both cases beyond the frames drawn round the card so
        that a framed slot keeps its name readable."""
        x, y, w, h = self.slot_rect(i)
        if i // 4 == 2:
            return (x + w / 2, y + h + FRAME_REACH + self.square * 0.22)
        return (x + w / 2, y - FRAME_REACH)

    def pawn_px(self, pawn: tuple[int, int]) -> tuple[float, float]:
        """The pawn's pixel; a pawn that left the board (game won) is drawn just outside
        the edge it crossed, in the narrow margin between the edge line and the slots
        (where it does not hide a current's card)."""
        px, py = self.point(*pawn)
        out = self.gap / 2
        lo_x, hi_x = self.x0 - out, self.x0 + self.board + out
        lo_y, hi_y = self.y0 - out, self.y0 + self.board + out
        return (min(max(px, lo_x), hi_x), min(max(py, lo_y), hi_y))

    def on_board(self, pawn: tuple[int, int]) -> bool:
        """Whether intersection ``pawn`` is on the board (lines 0 to 8 both ways)."""
        return all(0 <= v <= SIZE for v in pawn)

    def crossing_bar(self, edge: str) -> Rect:
        """The bar just outside board edge ``edge`` that flags a crossing about to happen."""
        x0, y0, b, t = self.x0, self.y0, self.board, CROSSING_BAR
        return {
            "N": (x0, y0 - t, b, t),
            "S": (x0, y0 + b, b, t),
            "E": (x0 + b, y0, t, b),
            "W": (x0 - t, y0, t, b),
        }[edge]

    def slot_lines_px(self, i: int) -> list[tuple[float, float, float, float]]:
        """The three board lines slot ``i`` influences, as pixel segments (x1, y1, x2, y2)."""
        side, k = divmod(i, 4)
        out = []
        for line in (2 * k, 2 * k + 1, 2 * k + 2):
            if side in (0, 2):
                (x1, y1), (x2, y2) = self.point(line, 0), self.point(line, SIZE)
            else:
                (x1, y1), (x2, y2) = self.point(0, line), self.point(SIZE, line)
            out.append((x1, y1, x2, y2))
        return out

    def compass_rect(self, i: int) -> Rect:
        """Card rectangle of compass point ``i`` (0 N, 1 E, 2 S, 3 W)."""
        return self._compass[i]

    def hand_rect(self, player: int, k: int) -> Rect:
        """Card rectangle of the ``k``-th card of ``player``'s hand in the side panel."""
        x = self.panel_x + self.gap + k * (self.card_w + self.gap)
        y = self.hands_y + player * self.hand_row + self.label
        return (x, y, self.card_w, self.card_h)

    def aside_rect(self, k: int) -> Rect:
        """Card rectangle of the ``k``-th ace waiting to be placed during set-up."""
        x = self.panel_x + self.gap + k * (self.card_w + self.gap)
        return (x, self.aside_y + self.label, self.card_w, self.card_h)

    def goal_band(self, edge: str) -> Rect:
        """The band just inside board edge ``edge`` (N, E, S, W) that marks whose goal it
        is; bands stop short of the corners so that two edges never overlap."""
        t = self.square * 0.34
        x0, y0, b = self.x0, self.y0, self.board
        return {
            "N": (x0 + t, y0, b - 2 * t, t),
            "S": (x0 + t, y0 + b - t, b - 2 * t, t),
            "E": (x0 + b - t, y0 + t, t, b - 2 * t),
            "W": (x0, y0 + t, t, b - 2 * t),
        }[edge]

    def goal_marks(
        self, owner: dict[str, int], goaltender: dict[str, int], current: frozenset[int]
    ) -> list[GoalMark]:
        """One mark per edge, from the game's ``owner`` and ``goaltender`` tables; the
        edges of the players in ``current`` are flagged for highlighting."""
        marks = []
        for edge in "NESW":
            x, y, w, h = self.goal_band(edge)
            angle = {"E": 90.0, "W": -90.0}.get(edge, 0.0)
            marks.append(
                GoalMark(
                    edge,
                    owner[edge],
                    goaltender[edge],
                    (x, y, w, h),
                    (x + w / 2, y + h / 2),
                    angle,
                    owner[edge] in current,
                )
            )
        return marks

    def hand_label(self, player: int) -> tuple[float, float]:
        return (self.panel_x + self.gap, self.hands_y + player * self.hand_row + self.gap)

    # ---- hit testing ------------------------------------------------------------------

    def hit(self, px: float, py: float) -> Hit | None:
        """What a click at pixel ``(px, py)`` means, or None for empty space."""
        for i in range(16):
            if _inside(self.slot_rect(i), px, py):
                return Hit("slot", i)
        for i in range(4):
            if _inside(self._compass[i], px, py):
                return Hit("compass", i)
        for p in range(self.players):
            for k in range(4):
                if _inside(self.hand_rect(p, k), px, py):
                    return Hit("hand", (p, k))
        for k in range(4):
            if _inside(self.aside_rect(k), px, py):
                return Hit("aside", k)
        x, y = self.to_point(px, py)
        if 0 <= x <= SIZE and 0 <= y <= SIZE:
            cx, cy = self.point(x, y)
            if abs(cx - px) <= self.square / 2 and abs(cy - py) <= self.square / 2:
                return Hit("point", (x, y))
        return None


def _inside(r: Rect, px: float, py: float) -> bool:
    x, y, w, h = r
    return x <= px <= x + w and y <= py <= y + h
