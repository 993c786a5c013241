"""The picture of a Resistor state, described once (:class:`tablegames.scene.Scene`):
drawn as SVG by ``tablegames.scene.to_svg`` (notebooks, ``_repr_svg_``, static pictures)
and on canvases by the board widget, so both show the same.

- background (the same all game long): the circuit with the charge zone on top, the
  current source at the bottom and the cycle columns at both sides (the word CYCLE down
  them), a light checkerboard to count diagonals, the grid, row numbers and column
  letters, the zones' names, and the legend under the panel;
- pieces: dead spaces (an X), amperes and chargers (arrows pointing where they head),
  drained amperes greyed, resistors (squares), overloaded resistors (marked ⚡), a resistor
  riding the ampere it drains (a frame), and the panel: round, roles and scores, whose
  decision, the turn's move budget as pips, the duty cycle and the last move;
- overlay: the last move's path, as a translucent line (not over a new round's set-up).

The geometry is :class:`.layout.Layout`'s (hit testing uses it too); the panel's words
are :mod:`.text`'s.

>>> from tablegames.resistor import ResistorGame
>>> scene = state_scene(ResistorGame(first_amperes=0).initial_state(seed=1))
>>> (scene.width, scene.height), scene.label.startswith("Resistor: round 1")
((724.0, 664.0), True)
>>> "Player 0 places amperes" in [getattr(s, "text", "") for s in scene.pieces]
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .. import style
from ..scene import Circle, Line, Polygon, Rect, Scene, Shape, Text
from .board import CHARGE_ROW, COLS, CYCLE_COLS, FILES, ROWS, SOURCE_ROW
from .layout import LEGEND, Layout
from .layout import Rect as Box
from .text import LEGEND_TEXT, after_budget, budget, panel_lines

if TYPE_CHECKING:
    from .state import ResistorState
    from .text import Budget
    from .text import Line as PanelLine

AMPERE_INK = "#1565c0"  #: amperes (and the amperes role)
CHARGER_INK = "#e65100"  #: chargers
DRAINED_FILL = "#c9c9c9"  #: a drained ampere, greyed
DRAINED_EDGE = "#8a8a8a"
RESISTOR_INK = "#37474f"  #: resistors (and the resistors role)
OVERLOAD_FILL = "#f4b3b3"  #: an overloaded resistor, unusable on its next turn
OVERLOAD_EDGE = "#c62828"
DEAD_INK = "#7b5e57"  #: the X of a dead space
CHARGE_TINT = "#fbe7a6"  #: the charge zone (top row)
SOURCE_TINT = "#cfe6bd"  #: the current source (bottom row)
CYCLE_TINT = "#d3dfe8"  #: the cycle columns
PLAY_LIGHT = "#f8f3e6"  #: the playable area, a light checkerboard to count diagonals
PLAY_DARK = "#eee4cb"
GRID_LINE = "#d8ccb0"
LAST_MOVE = "rgba(216, 67, 21, 0.45)"  #: the last move's path: style.ARROW, translucent
#: The ink of each panel line's tone (see :class:`.text.Line`).
TONE_INK = {
    "": style.TEXT,
    "muted": style.MUTED,
    "amperes": AMPERE_INK,
    "chargers": CHARGER_INK,
    "resistors": RESISTOR_INK,
    "overload": OVERLOAD_EDGE,
}
OVERLOAD_MARK = "⚡"
CYCLE_WORD = "CYCLE"
#: The order pieces are drawn in: dead spaces first (an overloaded resistor stands on one).
PIECE_KINDS = ("dead", "ampere", "charger", "drained", "resistor", "overloaded", "riding")


def state_scene(state: ResistorState, square: float = 40.0) -> Scene:
    """The picture of ``state`` at ``square`` (everything in Resistor is public, so the
    viewpoint and the suit colours change nothing)."""
    lay = Layout(square)
    scene = Scene(lay.width, lay.height, state.describe())
    scene.background = list(background(float(square)))
    cells = piece_cells(state)
    for kind in PIECE_KINDS:
        scene.pieces += piece_shapes(lay, kind, [lay.cell_rect(i) for i in cells[kind]])
    scene.pieces += panel(lay, state)
    last = state.last_move
    # A round's set-up starts on an empty board: the last round's final move is not drawn.
    if last is not None and last.kind == "move" and state.phase != "setup":
        (x1, y1), (x2, y2) = lay.cell_center(last.src), lay.cell_center(last.dst)
        scene.overlay.append(Line(x1, y1, x2, y2, LAST_MOVE, 3))
    return scene


def piece_cells(s: ResistorState) -> dict[str, list[int]]:
    """The cells of each kind of :data:`PIECE_KINDS`; ``riding`` is a resistor in the
    middle of a drain, standing on the drained ampere it is about to step off."""
    return {
        "dead": list(s.dead),
        "ampere": list(s.cells("A")),
        "charger": list(s.cells("C")),
        "drained": list(s.cells("D")),
        "resistor": list(s.cells("R")),
        "overloaded": list(s.cells("O")),
        "riding": [s.pending_cell] if s.pending == "drain" else [],
    }


def piece_shapes(lay: Layout, kind: str, cells: list[Box]) -> list[Shape]:
    """The pieces (or legend symbols) of ``kind`` in the cells ``cells``, kind by kind so
    the canvas draws each kind with a few batched calls."""
    if kind in ("ampere", "charger", "drained"):
        fill, edge = {"ampere": (AMPERE_INK, "white"), "charger": (CHARGER_INK, "white"),
                      "drained": (DRAINED_FILL, DRAINED_EDGE)}[kind]  # fmt: skip
        return [Polygon(tuple(lay.arrow(r, up=kind != "charger")), fill, edge, 1.2) for r in cells]
    if kind == "resistor":
        return [Rect(*lay.square_in(r), RESISTOR_INK, "white", 1.5, radius=2) for r in cells]
    if kind == "riding":
        return [Rect(*lay.square_in(r, 0.86), None, RESISTOR_INK, 3, radius=2) for r in cells]
    if kind == "overloaded":
        squares = [lay.square_in(r) for r in cells]
        out: list[Shape] = [Rect(*q, OVERLOAD_FILL, OVERLOAD_EDGE, 2, radius=2) for q in squares]
        return out + [
            Text(x + w / 2, y + h * 0.78, OVERLOAD_MARK, h * 0.8, OVERLOAD_EDGE, "middle")
            for x, y, w, h in squares
        ]
    if kind == "dead":
        width = max(2.0, lay.cell_size * 0.1)
        return [Line(*a, *b, DEAD_INK, width) for r in cells for a, b in lay.cross(r)]
    if kind == "cycle":
        return [Rect(*r, CYCLE_TINT, GRID_LINE) for r in cells]
    raise ValueError(f"no Resistor piece kind {kind!r}; the kinds are {PIECE_KINDS} and cycle")


# ---- what never changes -------------------------------------------------------------------


@lru_cache(maxsize=8)
def background(square: float) -> tuple[Shape, ...]:
    """The circuit, its labels and the legend at ``square`` (made once per size: every
    redraw of a board needs it)."""
    lay = Layout(square)
    fs = lay.font
    out: list[Shape] = [Rect(0, 0, lay.width, lay.height, style.PAPER)]
    zones = (
        (lay.rows_rect(SOURCE_ROW + 1, CHARGE_ROW - 1, 1, COLS - 2), PLAY_LIGHT),
        (lay.rows_rect(CHARGE_ROW, CHARGE_ROW, 1, COLS - 2), CHARGE_TINT),
        (lay.rows_rect(SOURCE_ROW, SOURCE_ROW, 1, COLS - 2), SOURCE_TINT),
        *((lay.rows_rect(0, ROWS - 1, col, col), CYCLE_TINT) for col in CYCLE_COLS),
    )
    out += [Rect(*r, fill) for r, fill in zones]
    out += [Rect(*lay.cell_rect(i), PLAY_DARK) for i in checker_cells()]
    out += grid_lines(lay)
    out += cycle_letters(lay)
    out += [Text(*lay.row_label(r), str(r), fs * 0.85, style.MUTED, "middle") for r in range(ROWS)]
    out += [
        Text(*lay.col_label(c), FILES[c], fs * 0.85, style.MUTED, "middle") for c in range(COLS)
    ]
    out += [
        Text(*lay.top_note(), "charge zone: amperes become chargers", fs * 0.9),
        Text(*lay.bottom_note(), "current source: amperes start, chargers score", fs * 0.9),
    ]
    return (*out, *legend(lay))


def legend(lay: Layout) -> list[Shape]:
    """The legend under the panel: each kind's symbol in a small cell, and its words."""
    cells = [lay.legend_cell(k) for k in range(len(LEGEND))]
    out: list[Shape] = [
        Rect(*r, PLAY_LIGHT, GRID_LINE) for kind, r in zip(LEGEND, cells, strict=True)
        if kind != "cycle"
    ]  # fmt: skip
    where = dict(zip(LEGEND, cells, strict=True))
    # what lies under: the X under the overloaded resistor, the drained ampere under a riding one
    out += piece_shapes(lay, "dead", [where["dead"], where["overloaded"]])
    out += piece_shapes(lay, "drained", [where["drained"], where["riding"]])
    for kind in LEGEND:
        if kind not in ("dead", "drained"):
            out += piece_shapes(lay, kind, [where[kind]])
    out += [
        Text(*lay.legend_text(k), LEGEND_TEXT[kind], lay.font * 0.9)
        for k, kind in enumerate(LEGEND)
    ]
    return out


def checker_cells() -> list[int]:
    """The darker squares of the playable area's checkerboard."""
    return [
        r * COLS + c for r in range(SOURCE_ROW + 1, CHARGE_ROW) for c in range(1, COLS - 1)
        if (r + c) % 2 == 0
    ]  # fmt: skip


def grid_lines(lay: Layout) -> list[Shape]:
    """The board's cell lines."""
    c = lay.cell_size
    x0, y0, x1, y1 = lay.x0, lay.y0, lay.x0 + lay.board_w, lay.y0 + lay.board_h
    out: list[Shape] = [Line(x0 + k * c, y0, x0 + k * c, y1, GRID_LINE) for k in range(COLS + 1)]
    return out + [Line(x0, y0 + k * c, x1, y0 + k * c, GRID_LINE) for k in range(ROWS + 1)]


def cycle_letters(lay: Layout) -> list[Shape]:
    """The word CYCLE down the middle of each cycle column."""
    top = ROWS // 2 + len(CYCLE_WORD) // 2
    out: list[Shape] = []
    for col in CYCLE_COLS:
        for k, ch in enumerate(CYCLE_WORD):
            x, y = lay.cell_center((top - k) * COLS + col)
            out.append(Text(x, y + lay.font * 0.35, ch, lay.font * 0.8, style.MUTED, "middle"))
    return out


# ---- the panel ------------------------------------------------------------------------------


def panel_layout(s: ResistorState) -> tuple[list[tuple[int, PanelLine]], list[tuple[int, Budget]]]:
    """Which panel line holds what: numbered text lines and budget rows."""
    lines = list(enumerate(panel_lines(s)))
    k = len(lines)
    rows = [(k + j, b) for j, b in enumerate(budget(s))]
    k += len(rows)
    lines += [(k + j, line) for j, line in enumerate(after_budget(s))]
    return lines, rows


def panel(lay: Layout, s: ResistorState) -> list[Shape]:
    """The panel's lines of text and its rows of move pips (filled: moves still to make)."""
    fs = lay.font
    lines, rows = panel_layout(s)
    out: list[Shape] = [
        Text(*lay.panel_line(k), line.text, fs * line.size, TONE_INK[line.tone], bold=line.bold)
        for k, line in lines
        if line.text
    ]
    rad = lay.pip_radius
    for k, b in rows:
        x, y = lay.panel_line(k)
        ink = TONE_INK[b.tone]
        out.append(Text(x, y, b.label, fs, ink))
        if b.note:
            out.append(Text(lay.pip(k, 0)[0] - rad, y, b.note, fs * 0.9, style.MUTED))
            continue
        pips = [lay.pip(k, n) for n in range(b.total)]
        out += [Circle(*p, rad, ink, ink, 1.5) for p in pips[: b.left]]
        out += [Circle(*p, rad, None, ink, 1.5) for p in pips[b.left :]]
    return out
