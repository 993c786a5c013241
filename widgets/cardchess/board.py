"""The Card Chess board: the 6 x 6 surface (card backs in the start areas, the terrain's
2s, 3s and 5s in their colours), the stacks of units with the covered ones peeking out
and covered kings marked, the hands during a progressive set-up, whose turn it is and
the result. Click a unit to see its rays and legal destinations, then a destination;
during the set-up, a card in hand then a free cell of one's start area."""

from __future__ import annotations

import math
from typing import Any

from ipycanvas import Canvas

from tablegames import style
from tablegames.cardchess.layout import Layout
from tablegames.cardchess.moves import CELL_NAMES, COLS, FILES, ROWS, SIZE, CardChessMove
from tablegames.cardchess.state import ARMY, OWNER, START_ROWS, TERRAIN_ROWS, CardChessState
from tablegames.cardchess.svg import (
    AREA_TINT,
    SIDE_BAND,
    SIDE_INK,
    SIDE_NAMES,
    TERRAIN_AREA,
    TERRAIN_TINT,
    cell_look,
    hand_places,
    side_text,
    status_text,
    unit_label,
)

from ..board import SELECTED, TARGET, BoardWidget, Key
from ..canvas import arrow, draw_cards, outline

Rect = tuple[float, float, float, float]


class CardChessBoard(BoardWidget):
    """A Card Chess state on a layered canvas.

    Keys: ``("from", cell)`` for a unit of the side to move, ``("to", cell)`` for a
    destination or a placement cell, ``("card", code)`` for a unit in hand. Which one a
    click on a cell means depends on what is picked (see :meth:`hit`).
    """

    css_class = "tablegames-cardchess"
    player_names = SIDE_NAMES
    how_to = (
        "Cover both opposing kings with your units. Click one of your units: its rays light "
        "up and the cells it may stop on are framed; click one to move there. A unit stops "
        "at the latest on the first card of the other colour, and a covered unit cannot "
        "move. In a progressive set-up, click a card in your hand, then a free cell of your "
        "start area."
    )

    def make_geometry(self, square: float) -> Layout:
        return Layout(square)

    @property
    def cstate(self) -> CardChessState:
        s = self.state
        assert isinstance(s, CardChessState)
        return s

    # ---- drawing ------------------------------------------------------------------------

    def draw_background(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        c.fill_style = style.PAPER
        c.fill_rect(0, 0, lay.width, lay.height)
        for side in (0, 1):
            _fill(c, [lay.area_rect(START_ROWS[side])], AREA_TINT[side])
        _fill(c, [lay.area_rect(TERRAIN_ROWS)], TERRAIN_AREA)
        c.fill_style = style.MUTED
        c.font = f"{lay.font * 0.9:.0f}px {style.FONT}"
        c.text_align = "center"
        c.text_baseline = "alphabetic"
        for r in range(ROWS):
            c.fill_text(str(ROWS - r), *lay.rank_label(r))
        for col in range(COLS):
            c.fill_text(FILES[col], *lay.file_label(col))

    def draw_pieces(self, c: Canvas, state: Any) -> None:
        s: CardChessState = state
        lay: Layout = self.geometry
        four = self.four_colour
        looks = [cell_look(s, i) for i in range(SIZE)]
        backs: list[tuple[str | None, Rect, bool]] = []
        terrain: tuple[list[Rect], list[Rect]] = ([], [])
        for i, look in enumerate(looks):
            if look.grid is None:
                backs.append(("2C", lay.cell_rect(i), True))
            else:
                terrain[look.terrain].append(lay.cell_rect(i))
        hands = [(card, lay.hand_rect(p, k), False) for p in (0, 1)
                 for k, card in enumerate(hand_places(s, p))]  # fmt: skip
        draw_cards(c, backs + hands, four)
        for side in (0, 1):
            _fill(c, terrain[side], TERRAIN_TINT[side], style.CARD_EDGE)
        # covered units, deepest first, then the top units framed in their side's ink
        bands: tuple[list[Rect], list[Rect]] = ([], [])
        tops: tuple[list[Rect], list[Rect]] = ([], [])
        for depth in range(3, 0, -1):
            for i, look in enumerate(looks):
                if len(look.below) >= depth:
                    bands[OWNER[look.below[depth - 1]]].append(lay.unit_rect(i, depth))
        for i, look in enumerate(looks):
            if look.top is not None:
                tops[OWNER[look.top]].append(lay.unit_rect(i))
        for side in (0, 1):
            _fill(c, bands[side], SIDE_BAND[side], SIDE_INK[side])
        c.line_width = 2
        for side in (0, 1):
            _fill(c, tops[side], style.CARD_FACE, SIDE_INK[side])
        c.line_width = 1
        self._draw_labels(c, s, looks)
        self._draw_badges(c, looks)
        self._draw_panel(c, s)

    def _draw_labels(self, c: Canvas, s: CardChessState, looks: list[Any]) -> None:
        """Rank and suit of every terrain card and unit, grouped by ink and size."""
        lay: Layout = self.geometry
        uf = lay.unit_font
        big: dict[str, list[tuple[str, float, float]]] = {}
        small: dict[str, list[tuple[str, float, float]]] = {}
        for i, look in enumerate(looks):
            if look.top is not None:
                x, y = lay.centre(lay.unit_rect(i))
                ink = style.suit_colour(look.top, self.four_colour)
                big.setdefault(ink, []).append((unit_label(look.top), x, y + uf * 0.36))
                if look.grid is not None:
                    x, y = lay.strip_point(i)
                    ink = style.suit_colour(look.grid, self.four_colour)
                    small.setdefault(ink, []).append((unit_label(look.grid), x, y))
            elif look.grid is not None:
                x, y = lay.cell_center(i)
                ink = style.suit_colour(look.grid, self.four_colour)
                big.setdefault(ink, []).append((unit_label(look.grid), x, y + uf * 0.36))
        c.text_align = "center"
        c.text_baseline = "alphabetic"
        for font, groups in ((f"bold {uf:.0f}px", big), (f"{lay.strip * 0.6:.0f}px", small)):
            c.font = f"{font} {style.FONT}"
            for ink, texts in groups.items():
                c.fill_style = ink
                for text, x, y in texts:
                    c.fill_text(text, x, y)

    def _draw_badges(self, c: Canvas, looks: list[Any]) -> None:
        """The height of every stack of two or more, and a crown on covered kings."""
        lay: Layout = self.geometry
        rad = lay.badge_radius
        heights = [(lay.badge_point(i, "right"), look.height) for i, look in enumerate(looks)
                   if look.height > 1]  # fmt: skip
        kings = [(lay.badge_point(i, "left"), OWNER[look.covered_kings[0]])
                 for i, look in enumerate(looks) if look.covered_kings]  # fmt: skip
        if not heights and not kings:
            return
        discs: dict[str, list[tuple[float, float]]] = {}
        for pt, _n in heights:
            discs.setdefault(style.MUTED, []).append(pt)
        for pt, p in kings:
            discs.setdefault(SIDE_INK[p], []).append(pt)
        for colour, pts in discs.items():
            c.fill_style = colour
            c.fill_circles([x for x, _y in pts], [y for _x, y in pts], rad)
        every = [pt for pts in discs.values() for pt in pts]
        c.stroke_style = "white"
        c.line_width = 1.5
        c.stroke_circles([x for x, _y in every], [y for _x, y in every], rad)
        c.line_width = 1
        c.fill_style = "white"
        c.text_align = "center"
        c.font = f"bold {rad * 1.2:.0f}px {style.FONT}"
        for (x, y), n in heights:
            c.fill_text(str(n), x, y + rad * 0.45)
        c.font = f"{rad * 1.4:.0f}px {style.FONT}"
        for (x, y), _p in kings:
            c.fill_text("♚", x, y + rad * 0.5)

    def _draw_panel(self, c: Canvas, s: CardChessState) -> None:
        """Each side's heading and covered kings, whose turn it is or the result."""
        lay: Layout = self.geometry
        fs = lay.font
        c.text_align = "left"
        c.font = f"bold {fs * 1.1:.0f}px {style.FONT}"
        lines = [side_text(s, p) for p in (0, 1)]
        for p, (head, _kings) in enumerate(lines):
            c.fill_style = SIDE_INK[p]
            c.fill_text(head, *lay.side_label(p))
        first, second = status_text(s)
        x, y = lay.status_point()
        c.font = f"bold {fs * 1.3:.0f}px {style.FONT}"
        c.fill_style = SIDE_INK[min(s.winners)] if s.winners else style.TEXT
        c.fill_text(first, x, y)
        c.font = f"{fs * 0.9:.0f}px {style.FONT}"
        c.fill_style = style.MUTED
        c.fill_text(second, x, y + fs * 1.5)
        c.fill_style = style.TEXT
        for p, (_head, kings) in enumerate(lines):
            if not s.hands[p]:
                c.fill_text(kings, *lay.side_line(p))

    def draw_overlay(self, c: Canvas, state: Any) -> None:
        s: CardChessState = state
        lay: Layout = self.geometry
        last = s.last_move
        if last is not None:  # the last move as a faint arrow, a placement framed
            c.global_alpha = 0.45
            if last.kind == "move":  # ending at the card's edge, clear of its label
                (x1, y1), (x2, y2) = lay.cell_center(last.src), lay.cell_center(last.dst)
                short = lay.card_w * 0.5 / max(math.hypot(x2 - x1, y2 - y1), 1)
                x2, y2 = x2 - (x2 - x1) * short, y2 - (y2 - y1) * short
                arrow(c, x1, y1, x2, y2, style.ARROW, 3)
            else:
                outline(c, [lay.cell_rect(last.dst)], style.ARROW, width=3, pad=1)
            c.global_alpha = 1
        self._draw_rays(c)
        picked = [r for r in map(self.key_rect, self.selected) if r]
        offered = [r for r in map(self.key_rect, self.targets) if r]
        outline(c, picked, SELECTED, width=4, pad=3)
        outline(c, offered, TARGET, width=3, pad=-1.5)  # inside: neighbours stay apart

    def _draw_rays(self, c: Canvas) -> None:
        """Lines from a picked cell to the farthest target in each direction: a unit's
        rays, or the units that could reach a picked destination."""
        lay: Layout = self.geometry
        cells = [k[1] for k in self.selected if k[0] in ("from", "to")]  # type: ignore[index]
        if len(cells) != 1 or not self.targets:
            return
        src = cells[0]
        r0, c0 = divmod(src, COLS)
        far: dict[tuple[int, int], tuple[int, int]] = {}
        for key in self.targets:
            if key[0] not in ("from", "to"):  # type: ignore[index]
                continue
            r, col = divmod(key[1], COLS)  # type: ignore[index]
            d = (_sign(r - r0), _sign(col - c0))
            n = max(abs(r - r0), abs(col - c0))
            if n > far.get(d, (0, -1))[0]:
                far[d] = (n, key[1])  # type: ignore[index]
        x0, y0 = lay.cell_center(src)
        c.stroke_style = TARGET
        c.global_alpha = 0.4  # faint enough to read the cards under them
        c.line_width = max(2.0, lay.square * 0.08)
        c.stroke_line_segments([[(x0, y0), lay.cell_center(j)] for _n, j in far.values()])
        c.global_alpha = 1
        c.line_width = 1

    # ---- clicks -------------------------------------------------------------------------

    def key_rect(self, key: Key) -> Any:
        kind, where = key  # type: ignore[misc]
        if kind in ("from", "to"):
            return self.geometry.cell_rect(where)
        if kind == "card":  # a unit in hand keeps its place in the army's order
            side = OWNER[where]
            return self.geometry.hand_rect(side, ARMY[side].index(where))
        return None

    def hit(self, px: float, py: float) -> Key | None:
        """A cell means ``("to", cell)`` when it continues the picked move, else
        ``("from", cell)`` when it holds a unit of the side to move (to pick it), else
        ``("to", cell)``; a hand card means ``("card", code)``."""
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        s = self.cstate
        if h.kind == "hand":
            p, k = h.where  # type: ignore[misc]
            unit = ARMY[p][k]
            return ("card", unit) if unit in s.hands[p] else None
        i: int = h.where  # type: ignore[assignment]
        if ("to", i) in self.targets or s.phase != "play":
            return ("to", i)
        if ("from", i) in self.targets:
            return ("from", i)
        stack = s.stacks[i]
        return ("from", i) if stack and OWNER[stack[-1]] == s.player else ("to", i)

    def restarts(self, key: Key, picked: tuple[Key, ...]) -> bool:
        """A destination that does not continue the picked unit's (or hand card's) move is
        refused, with the engine's reason, rather than starting a new pick."""
        return key[0] != "to" or not any(k[0] in ("from", "card") for k in picked)  # type: ignore[index]

    def move_keys(self, move: CardChessMove) -> tuple[Key, ...]:
        if move.kind == "move":
            return (("from", move.src), ("to", move.dst))
        return (("card", move.card), ("to", move.dst))

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        cards = [k[1] for k in keys if k[0] == "card"]  # type: ignore[index]
        src = [k[1] for k in keys if k[0] == "from"]  # type: ignore[index]
        dst = [k[1] for k in keys if k[0] == "to"]  # type: ignore[index]
        if len(cards) == 1 and len(dst) == 1 and not src:
            return f"{cards[0]} {CELL_NAMES[dst[0]]}"
        if len(src) == 1 and len(dst) == 1 and src[0] != dst[0] and not cards:
            return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[dst[0]]}"
        return None

    def hint(self, state: Any, picked: tuple[Key, ...]) -> str:
        s: CardChessState = state
        if len(picked) != 1:
            return ""
        kind, where = picked[0]  # type: ignore[misc]
        if kind == "from":
            unit = s.stacks[where][-1]
            return f"{unit_label(unit)} on {CELL_NAMES[where]}: click a framed cell to move there."
        if kind == "card":
            return f"{unit_label(where)}: click a free cell of your start area to place it."
        if kind == "to":
            return f"The framed units can reach {CELL_NAMES[where]}: click one to move it there."
        return ""

    def move_label(self, move: CardChessMove) -> str:
        """``'Place K♥ on e1'``, ``'Q♦ c2-c4'``: the unit is read from the board's state,
        before the move (a legal move) or after it (the move that led there)."""
        s = self.cstate
        if move.kind == "place":
            return f"Place {unit_label(move.card)} on {CELL_NAMES[move.dst]}"
        if s.last_move == move:
            unit = next((e.cards[0] for e in s.events if e.kind == "move"), None)
        else:
            stack = s.stacks[move.src]
            unit = stack[-1] if stack else None
        name = unit_label(unit) + " " if unit else ""
        return f"{name}{CELL_NAMES[move.src]}-{CELL_NAMES[move.dst]}"

    def prompt(self, state: CardChessState) -> str:
        if state.phase == "setup":
            return "click a card in your hand, then a free cell of your start area."
        return "click one of your units, then a framed cell to move it there."


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _fill(c: Canvas, rects: list[Rect], fill: str, stroke: str | None = None) -> None:
    """Fill (and frame) rectangles with one batched call each."""
    if not rects:
        return
    xs, ys = [r[0] for r in rects], [r[1] for r in rects]
    ws, hs = [r[2] for r in rects], [r[3] for r in rects]
    c.fill_style = fill
    c.fill_rects(xs, ys, ws, hs)
    if stroke is not None:
        c.stroke_style = stroke
        c.stroke_rects(xs, ys, ws, hs)
