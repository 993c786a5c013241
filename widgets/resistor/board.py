"""The Resistor board: the 14 x 20 circuit (charge zone on top, current source at the
bottom, cycle columns at both sides), dead spaces, amperes and chargers as arrows pointing
where they head, drained amperes greyed, resistors as squares, overloaded resistors marked,
and a panel with the round, roles, scores, whose turn and the turn's move budget.

Click a piece, then one of its framed destinations (steps, and slingshots over a neighbour
drawn as a line through it). Placements, the drain's step off and the overload's dead
space are single clicks on a framed cell; the role choice, End and Forfeit are buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import numpy as np
from ipycanvas import Canvas

from tablegames import style
from tablegames.resistor.board import (
    AMPERE_PATHS,
    CELL_NAMES,
    CHARGE_ROW,
    CHARGER_PATHS,
    COLS,
    CYCLE_COLS,
    FILES,
    RESISTOR_STEPS,
    ROWS,
    SOURCE_ROW,
)
from tablegames.resistor.layout import LEGEND, Layout, Point, Rect
from tablegames.resistor.moves import ResistorMove
from tablegames.resistor.state import ResistorState
from tablegames.resistor.svg import (
    AMPERE_INK,
    CHARGE_TINT,
    CHARGER_INK,
    CYCLE_TINT,
    DEAD_INK,
    DRAINED_EDGE,
    DRAINED_FILL,
    GRID_LINE,
    LEGEND_TEXT,
    OVERLOAD_EDGE,
    OVERLOAD_FILL,
    OVERLOAD_MARK,
    PLAY_DARK,
    PLAY_LIGHT,
    RESISTOR_INK,
    SOURCE_TINT,
    checker_cells,
    cycle_letters,
    grid_lines,
    panel_layout,
    piece_cells,
)

from ..board import SELECTED, TARGET, BoardWidget, Key

#: What each piece kind is called in labels and hints.
PIECE_WORD = {"A": "ampere", "C": "charger", "D": "drained ampere", "R": "resistor",
              "O": "overloaded resistor"}  # fmt: skip
MOVERS = {"amperes": "AC", "resistors": "R"}


class ResistorBoard(BoardWidget):
    """A Resistor state on a layered canvas.

    Keys: ``("from", cell)`` for a piece of the player to move, ``("to", cell)`` for a
    destination, a placement, a dead space or the drain's step off. A move is
    ``from`` + ``to``; the single-click decisions are one ``to`` (:meth:`one_click`).
    """

    css_class = "tablegames-resistor"
    how_to = (
        "Race your amperes up to the charge zone and back down as chargers to score, past "
        "the resistors. Click a piece, then one of "
        "its framed cells: amperes step up or sideways, chargers down, sideways or "
        "diagonally down, resistors diagonally; jump a neighbour of your own kind to "
        "slingshot. Place pieces, step off a drained ampere or choose a dead space with one "
        "click on a framed cell; choose a role, end the turn or forfeit with the buttons."
    )

    def __init__(self, state: ResistorState, *, offers: bool = True, **kwargs: Any) -> None:
        #: Whether the cells of single-click decisions are framed before any click.
        self.offers = offers
        self.drawn: dict[str, Any] = {}  #: what the last overlay drew, for tests
        super().__init__(state, **kwargs)

    def make_geometry(self, square: float) -> Layout:
        return Layout(square)

    @property
    def rstate(self) -> ResistorState:
        s = self.state
        assert isinstance(s, ResistorState)
        return s

    # ---- drawing ------------------------------------------------------------------------

    def draw_background(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        c.fill_style = style.PAPER
        c.fill_rect(0, 0, lay.width, lay.height)
        zones = (
            (lay.rows_rect(SOURCE_ROW + 1, CHARGE_ROW - 1, 1, COLS - 2), PLAY_LIGHT),
            (lay.rows_rect(CHARGE_ROW, CHARGE_ROW, 1, COLS - 2), CHARGE_TINT),
            (lay.rows_rect(SOURCE_ROW, SOURCE_ROW, 1, COLS - 2), SOURCE_TINT),
            *((lay.rows_rect(0, ROWS - 1, col, col), CYCLE_TINT) for col in CYCLE_COLS),
        )
        for rect, fill in zones:
            c.fill_style = fill
            c.fill_rect(*rect)
        _rects(c, [lay.cell_rect(i) for i in checker_cells()], PLAY_DARK)
        c.stroke_style = GRID_LINE
        c.line_width = 1
        c.stroke_line_segments(np.array(grid_lines(lay)))
        fs = lay.font
        c.text_align = "center"
        c.text_baseline = "alphabetic"
        c.fill_style = style.MUTED
        c.font = f"{fs * 0.8:.0f}px {style.FONT}"
        for ch, (x, y) in cycle_letters(lay):
            c.fill_text(ch, x, y)
        c.font = f"{fs * 0.85:.0f}px {style.FONT}"
        for r in range(ROWS):
            c.fill_text(str(r), *lay.row_label(r))
        for col in range(COLS):
            c.fill_text(FILES[col], *lay.col_label(col))
        c.text_align = "left"
        c.fill_style = style.TEXT
        c.font = f"{fs * 0.9:.0f}px {style.FONT}"
        c.fill_text("charge zone: amperes become chargers", *lay.top_note())
        c.fill_text("current source: amperes start, chargers score", *lay.bottom_note())
        self._draw_legend(c)

    def _draw_legend(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        cells = [lay.legend_cell(k) for k in range(len(LEGEND))]
        _rects(c, [r for kind, r in zip(LEGEND, cells) if kind != "cycle"], PLAY_LIGHT, GRID_LINE)
        _rects(c, [cells[LEGEND.index("cycle")]], CYCLE_TINT, GRID_LINE)
        pieces = {kind: [r] for kind, r in zip(LEGEND, cells)}
        pieces["dead"] = [cells[LEGEND.index("dead")], cells[LEGEND.index("overloaded")]]
        self._draw_pieces_in(c, pieces)
        c.fill_style = style.TEXT
        c.font = f"{lay.font * 0.9:.0f}px {style.FONT}"
        c.text_align = "left"
        for k, kind in enumerate(LEGEND):
            c.fill_text(LEGEND_TEXT[kind], *lay.legend_text(k))

    def draw_pieces(self, c: Canvas, state: Any) -> None:
        s: ResistorState = state
        lay: Layout = self.geometry
        pieces = {kind: [lay.cell_rect(i) for i in cells]
                  for kind, cells in piece_cells(s).items()}  # fmt: skip
        pieces["dead"] = [lay.cell_rect(j) for j in s.dead]
        self._draw_pieces_in(c, pieces)
        self._draw_panel(c, s)

    def _draw_pieces_in(self, c: Canvas, pieces: dict[str, list[Rect]]) -> None:
        """Every piece (or legend symbol) by kind, each kind with batched calls; dead
        spaces first (an overloaded resistor stands on one)."""
        lay: Layout = self.geometry
        dead = pieces.get("dead", [])
        if dead:
            c.stroke_style = DEAD_INK
            c.line_width = max(2.0, lay.cell_size * 0.1)
            c.line_cap = "round"
            c.stroke_line_segments(np.array([seg for r in dead for seg in lay.cross(r)]))
            c.line_cap = "butt"
        c.line_width = 1.2
        arrows = (("ampere", True, AMPERE_INK, "white"), ("drained", True, DRAINED_FILL,
                  DRAINED_EDGE), ("charger", False, CHARGER_INK, "white"))  # fmt: skip
        for kind, up, fill, edge in arrows:
            rects = pieces.get(kind, [])
            if rects:
                polys = np.array([lay.arrow(r, up) for r in rects])
                c.fill_style = fill
                c.fill_polygons(polys)
                c.stroke_style = edge
                c.stroke_polygons(polys)
        squares = [lay.square_in(r) for r in pieces.get("resistor", [])]
        c.line_width = 1.5
        _rects(c, squares, RESISTOR_INK, "white")
        over = [lay.square_in(r) for r in pieces.get("overloaded", [])]
        c.line_width = 2
        _rects(c, over, OVERLOAD_FILL, OVERLOAD_EDGE)
        riding = [lay.square_in(r, 0.86) for r in pieces.get("riding", [])]
        c.line_width = 3
        _rects(c, riding, None, RESISTOR_INK)
        c.line_width = 1
        if over:
            c.fill_style = OVERLOAD_EDGE
            c.text_align = "center"
            c.font = f"{over[0][3] * 0.8:.0f}px {style.FONT}"
            for x, y, w, h in over:
                c.fill_text(OVERLOAD_MARK, x + w / 2, y + h * 0.78)

    def _draw_panel(self, c: Canvas, s: ResistorState) -> None:
        lay: Layout = self.geometry
        fs = lay.font
        lines, rows = panel_layout(s)
        c.text_align = "left"
        for k, line in lines:
            if line.text:
                weight = "bold " if line.bold else ""
                c.font = f"{weight}{fs * line.size:.0f}px {style.FONT}"
                c.fill_style = line.ink
                c.fill_text(line.text, *lay.panel_line(k))
        rad = lay.pip_radius
        for k, b in rows:
            c.font = f"{fs:.0f}px {style.FONT}"
            c.fill_style = b.ink
            c.fill_text(b.label, *lay.panel_line(k))
            if b.note:
                px, _py = lay.pip(k, 0)
                c.font = f"{fs * 0.9:.0f}px {style.FONT}"
                c.fill_style = style.MUTED
                c.fill_text(b.note, px - rad, lay.panel_line(k)[1])
                continue
            pips = [lay.pip(k, n) for n in range(b.total)]
            if b.left:
                c.fill_style = b.ink
                c.fill_circles(*_columns(pips[: b.left]), rad)
            c.stroke_style = b.ink
            c.line_width = 1.5
            c.stroke_circles(*_columns(pips), rad)
            c.line_width = 1

    def draw_overlay(self, c: Canvas, state: Any) -> None:
        s: ResistorState = state
        lay: Layout = self.geometry
        self.drawn = {}
        last = s.last_move
        if last is not None and last.kind == "move":
            c.stroke_style = style.ARROW
            c.global_alpha = 0.45
            c.line_width = 3
            c.stroke_line(*lay.cell_center(last.src), *lay.cell_center(last.dst))
            c.global_alpha = 1
            c.line_width = 1
        offered = self.offered(s) if self.offers and not self.selected else ()
        self.drawn["offered"] = offered
        _frame_targets(c, [lay.cell_rect(k[1]) for k in offered])  # type: ignore[index]
        self.draw_selection(c)
        self._draw_slingshots(c, s)

    def draw_selection(self, c: Canvas) -> None:
        """The picked piece framed in amber, the cells that continue its move tinted and
        framed in green, all inside their cells (a 30-pixel cell has no room around it)."""
        _frame_targets(c, [r for r in map(self.key_rect, self.targets) if r])
        picked = [r for r in map(self.key_rect, self.selected) if r]
        if picked:
            c.line_width = 3.5
            _rects(c, _shrink(picked, 1.75), None, SELECTED)
            c.line_width = 1

    def _draw_slingshots(self, c: Canvas, s: ResistorState) -> None:
        """An arc from a picked piece over the neighbour it would jump to each of its
        slingshot landings (one batched call)."""
        lay: Layout = self.geometry
        src = [k[1] for k in self.selected if k[0] == "from"]  # type: ignore[index]
        if len(src) != 1:
            return
        jumps = [k[1] for k in self.targets if k[0] == "to" and _far(src[0], k[1])]  # type: ignore[index]
        self.drawn["slingshots"] = tuple(jumps)
        if not jumps:
            return
        segments = []
        for j in jumps:
            pts = _hop(lay.cell_center(src[0]), lay.cell_center(j), lay.cell_size * 0.55)
            segments += list(pairwise(pts))
        c.stroke_style = TARGET
        c.line_width = max(2.5, lay.cell_size * 0.09)
        c.line_cap = "round"
        c.stroke_line_segments(np.array(segments))
        c.line_cap = "butt"
        c.line_width = 1

    def offered(self, s: ResistorState) -> tuple[Key, ...]:
        """The cells of the single-click decisions open now (placements, the drain's step
        off, the overload's dead spaces), framed before any click."""
        if s.phase != "setup" and not (s.pending and s.phase == "play"):
            return ()
        out: list[Key] = []
        for m in s.legal_moves():
            keys = self.move_keys(m)
            if len(keys) == 1:
                out.append(keys[0])
        return tuple(out)

    # ---- clicks -------------------------------------------------------------------------

    def key_rect(self, key: Key) -> Any:
        kind, where = key  # type: ignore[misc]
        if kind in ("from", "to"):
            return self.geometry.cell_rect(where)
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        """A cell means ``("to", cell)`` when it continues the picked move or is a
        single-click decision, ``("from", cell)`` when it holds a piece of the player to
        move (to pick it), else ``("to", cell)``."""
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        i: int = h.where  # type: ignore[assignment]
        if ("to", i) in self.targets:
            return ("to", i)
        if ("from", i) in self.targets:
            return ("from", i)
        s = self.rstate
        if s.phase != "play" or s.pending:
            return ("to", i)
        mine = MOVERS[s.role(s.player)] + ("O" if s.player == s.resistor_player else "")
        return ("from", i) if s.board[i] in mine else ("to", i)

    def restarts(self, key: Key, picked: tuple[Key, ...]) -> bool:
        """A destination that does not continue the picked piece's move is refused, with
        the engine's reason, rather than starting a new pick."""
        return key[0] != "to" or not any(k[0] == "from" for k in picked)  # type: ignore[index]

    def move_keys(self, move: ResistorMove) -> tuple[Key, ...]:
        kind = move.kind
        if kind == "move":
            if self.rstate.pending == "drain":  # the resistor to step off is known
                return (("to", move.dst),)
            return (("from", move.src), ("to", move.dst))
        if kind in ("place", "overload"):
            return (("to", move.dst),)
        return ()

    def one_click(self, move: ResistorMove) -> bool:
        """Placements, the drain's step off and the overload's dead space are made by one
        click on their cell."""
        return len(self.move_keys(move)) == 1

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        """The move these clicks would mean, so a refusal gives the engine's reason: a
        picked piece and a cell, one cell for a single-click decision, or a piece alone
        (tried one space along its way)."""
        s: ResistorState = state
        src = [k[1] for k in keys if k[0] == "from"]  # type: ignore[index]
        dst = [k[1] for k in keys if k[0] == "to"]  # type: ignore[index]
        if len(src) == 1 and len(dst) == 1 and src[0] != dst[0]:
            return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[dst[0]]}"
        if src or len(dst) != 1:
            if len(src) == 1 and not dst:
                step = _first_step(s, src[0])
                return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[step]}" if step >= 0 else None
            return None
        name = CELL_NAMES[dst[0]]
        if s.phase == "setup":
            return f"place {name}"
        if s.pending == "overload":
            return f"overload {name}"
        if s.pending == "drain" and dst[0] != s.pending_cell:
            return f"{CELL_NAMES[s.pending_cell]}-{name}"
        if s.phase == "play" and not s.pending and s.board[dst[0]] == "D":
            step = _first_step(s, dst[0])  # the drained ampere's own player asks it to move
            return f"{name}-{CELL_NAMES[step]}" if step >= 0 else None
        return None

    def hint(self, state: Any, picked: tuple[Key, ...]) -> str:
        s: ResistorState = state
        if len(picked) != 1:
            return ""
        kind, where = picked[0]  # type: ignore[misc]
        name = CELL_NAMES[where]
        if kind == "from":
            word = PIECE_WORD.get(s.board[where], "piece")
            dsts = [m for m in s.legal_moves() if m.kind == "move" and m.src == where]
            jumps = [CELL_NAMES[m.dst] for m in dsts if m.slingshot]
            extra = f" (slingshot to {', '.join(jumps)})" if jumps else ""
            return f"The {word} on {name}: click a framed cell to move it there{extra}."
        return f"The framed pieces can reach {name}: click one to move it there."

    def move_label(self, move: ResistorMove) -> str:
        """Button and list text: ``'Ampere c2-c4 (slingshot)'``, ``'Place an ampere on
        b0'``. The piece is read from the board's state, before the move (a legal move) or
        from its events after it (the move that led there)."""
        kind = move.kind
        if kind in ("amperes", "resistors"):
            return f"Play the {kind} first"
        if kind == "end":
            return "End the turn"
        if kind == "forfeit":
            return "Forfeit the round"
        s = self.rstate
        name = CELL_NAMES[move.dst]
        if kind == "overload":
            return f"Put the overloaded resistor on {name}"
        after = s.last_move == move
        if kind == "place":
            piece = _event_text(s, "place") if after else s.to_place()[0]
            return f"Place {with_article(piece or 'piece')} on {name}"
        if after:
            word = _event_text(s, "move") or _event_text(s, "slingshot") or "piece"
        else:
            src = move.src
            code = "R" if s.pending == "drain" and src == s.pending_cell else s.board[src]
            word = PIECE_WORD.get(code, "piece")
        extra = " (slingshot)" if move.slingshot else ""
        return f"{word.capitalize()} {move}{extra}"

    def prompt(self, state: ResistorState) -> str:
        """What to click now, in words."""
        s = state
        if s.phase == "roles":
            return "you won the role roll: choose to play the amperes or the resistors first."
        if s.phase == "setup":
            piece, left = s.to_place()
            where = "point of the current source" if piece == "ampere" else "cell of rows 8-9"
            return f"click a framed {where} to place {with_article(piece)} ({left} left)."
        if s.pending == "drain":
            return "click a framed cell: the draining resistor steps off diagonally."
        if s.pending == "overload":
            return "click a framed dead space to put the overloaded resistor there."
        if s.player == s.ampere_player:
            if s.turn_kind == "amperes":
                left = f"{s.ampere_moves_left} ampere move(s) left"
            elif s.turn_kind == "chargers":
                left = f"{s.charger_moves_left} charger move(s) left"
            else:
                left = f"{s.duty} ampere move(s) or 2 charger moves this turn"
            done = "End the turn" if s.moves_made else "Forfeit the round"
            return f"click an ampere or a charger, then a framed cell ({left}); or {done}."
        return "click a resistor, then a framed diagonal cell (onto an ampere drains it)."


def with_article(word: str) -> str:
    """``"an ampere"``, ``"a resistor"``."""
    return f"a{'n' if word[:1] in 'aeiou' else ''} {word}"


def _event_text(s: ResistorState, kind: str) -> str:
    return next((e.text for e in s.events if e.kind == kind and e.text), "")


def _far(i: int, j: int) -> bool:
    """Whether cells ``i`` and ``j`` are two spaces apart (a slingshot)."""
    (r0, c0), (r1, c1) = divmod(i, COLS), divmod(j, COLS)
    return max(abs(r1 - r0), abs(c1 - c0)) == 2


def _first_step(s: ResistorState, i: int) -> int:
    """One space along the way of the piece on ``i`` (-1 if it has none), to ask the
    engine why that piece cannot move."""
    code = s.board[i]
    if code in "RO":
        steps = RESISTOR_STEPS[i]
        return steps[0] if steps else -1
    paths = AMPERE_PATHS[i] if code in "AD" else CHARGER_PATHS[i] if code == "C" else ()
    return paths[0][0] if paths else -1


def _hop(a: Point, b: Point, bow: float, steps: int = 10) -> list[Point]:
    """Points along an arc from ``a`` to ``b`` that bows ``bow`` pixels to the left of
    the way (a quadratic curve), to draw a jump."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    cx, cy = (x0 + x1) / 2 + dy / length * bow, (y0 + y1) / 2 - dx / length * bow
    out = []
    for k in range(steps + 1):
        u = k / steps
        v = 1 - u
        out.append(
            (v * v * x0 + 2 * u * v * cx + u * u * x1, v * v * y0 + 2 * u * v * cy + u * u * y1)
        )
    return out


def _columns(points: Sequence[Point]) -> tuple[list[float], list[float]]:
    return [p[0] for p in points], [p[1] for p in points]


def _frame_targets(c: Canvas, rects: list[Rect]) -> None:
    """Cells a click would move to: a light green tint and a green frame inside."""
    if not rects:
        return
    c.global_alpha = 0.22
    _rects(c, rects, TARGET)
    c.global_alpha = 1
    c.line_width = 2.5
    _rects(c, _shrink(rects, 1.5), None, TARGET)
    c.line_width = 1


def _shrink(rects: list[Rect], d: float) -> list[Rect]:
    return [(x + d, y + d, w - 2 * d, h - 2 * d) for x, y, w, h in rects]


def _rects(c: Canvas, rects: list[Rect], fill: str | None, stroke: str | None = None) -> None:
    """Fill and/or frame rectangles with one batched call each."""
    if not rects:
        return
    xs, ys = [r[0] for r in rects], [r[1] for r in rects]
    ws, hs = [r[2] for r in rects], [r[3] for r in rects]
    if fill is not None:
        c.fill_style = fill
        c.fill_rects(xs, ys, ws, hs)
    if stroke is not None:
        c.stroke_style = stroke
        c.stroke_rects(xs, ys, ws, hs)
