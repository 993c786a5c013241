"""SVG drawing of a Resistor state (standard library only), for ``_repr_svg_``: the circuit
with its zones, dead spaces and pieces, and the panel (round, roles and scores, whose turn,
the turn's move budget, a legend). The colours and the panel's text (:func:`panel_lines`,
:func:`budget`) are shared with the canvas board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .. import style
from ..svg import document, text_svg
from .board import (
    CELL_NAMES,
    CHARGE_ROW,
    COLS,
    CYCLE_COLS,
    FILES,
    ROWS,
    SOURCE_ROW,
)
from .layout import LEGEND, Layout, Point, Rect

if TYPE_CHECKING:
    from .moves import ResistorMove
    from .state import ResistorState

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
ROLE_INK = {"amperes": AMPERE_INK, "resistors": RESISTOR_INK}
OVERLOAD_MARK = "⚡"
CYCLE_WORD = "CYCLE"
LEGEND_TEXT = {
    "ampere": "ampere (heads up)",
    "charger": "charger (heads down)",
    "drained": "drained ampere",
    "resistor": "resistor",
    "overloaded": "overloaded: out next turn",
    "dead": "dead space",
    "cycle": "cycle column",
}


class Line(NamedTuple):
    """One line of the panel: its text, ink and weight (``size`` times the panel font)."""

    text: str
    ink: str = style.TEXT
    bold: bool = False
    size: float = 1.0


class Budget(NamedTuple):
    """A row of move pips: ``left`` of ``total`` moves still to make (``note`` instead of
    pips when the kind cannot move this turn)."""

    label: str
    total: int
    left: int
    ink: str
    note: str = ""


def player_text(p: int) -> str:
    return f"Player {p}"


def budget(s: ResistorState) -> list[Budget]:
    """The move budget of the turn in progress: an ampere turn shows its ampere moves (the
    duty cycle) and its charger moves, a committed turn only the kind it moves; a resistor
    turn one step. Empty outside play."""
    from .state import CHARGER_MOVES

    if s.phase != "play":
        return []
    if s.turn_role == "resistors":
        return [Budget("Resistor moves", 1, 1, RESISTOR_INK)]
    kind = s.turn_kind
    amp = Budget("Ampere moves", s.duty, s.ampere_moves_left, AMPERE_INK)
    chg = Budget("Charger moves", CHARGER_MOVES, s.charger_moves_left, CHARGER_INK)
    if kind == "amperes":
        chg = chg._replace(note="not this turn", ink=style.MUTED)
    elif kind == "chargers":
        amp = amp._replace(note="not this turn", ink=style.MUTED)
    return [amp, chg]


def move_words(m: ResistorMove) -> str:
    """A move in a few words: ``'b1-b3 (slingshot)'``, ``'chose the amperes'``."""
    if m.kind in ("amperes", "resistors"):
        return f"chose the {m.kind}"
    if m.kind == "end":
        return "ended the turn"
    if m.kind == "forfeit":
        return "forfeited the round"
    return f"{m} (slingshot)" if m.slingshot else str(m)


def status_lines(s: ResistorState) -> list[Line]:
    """What is happening: two lines (whose decision and what it is), or the result."""
    from .text import result

    if s.phase == "over":
        a, b = s.scores
        if s.winners:
            w = min(s.winners)
            return [Line(f"{player_text(w)} wins", style.TEXT, True, 1.15),
                    Line(f"{max(a, b)} to {min(a, b)} after {s.round} rounds")]  # fmt: skip
        return [Line("Draw", style.TEXT, True, 1.15), Line(result(s).capitalize())]
    who = player_text(s.player)
    if s.phase == "roles":
        return [Line(f"{who} chooses a role", style.TEXT, True),
                Line("won the roll: amperes or resistors?")]  # fmt: skip
    if s.phase == "setup":
        piece, left = s.to_place()
        where = "on the current source" if piece == "ampere" else "in rows 8-9"
        ink = ROLE_INK["amperes" if piece == "ampere" else "resistors"]
        return [Line(f"{who} places {piece}s", ink, True), Line(f"{left} left, {where}")]
    at = CELL_NAMES[s.pending_cell] if s.pending_cell >= 0 else ""
    if s.pending == "drain":
        return [Line(f"Drain! {who} steps off", RESISTOR_INK, True),
                Line(f"the resistor on {at} moves on diagonally")]  # fmt: skip
    if s.pending == "overload":
        return [Line(f"Overload! {who} picks", OVERLOAD_EDGE, True),
                Line(f"a dead space for the resistor from {at}")]  # fmt: skip
    if s.turn_role == "amperes":
        detail = {
            "": "amperes or chargers, not both",
            "amperes": "this turn moves amperes",
            "chargers": "this turn moves chargers",
        }[s.turn_kind]
        return [Line(f"Amperes to move, turn {s.turn + 1}", AMPERE_INK, True), Line(detail)]
    return [Line(f"Resistors to move, turn {s.turn + 1}", RESISTOR_INK, True),
            Line("one resistor, one diagonal step")]  # fmt: skip


def panel_lines(s: ResistorState) -> list[Line]:
    """The panel's text above the budget: the round, each player's role and score (the
    decider marked), then :func:`status_lines`."""
    g = s.game
    if s.phase == "over":
        head = "Match over"
    elif s.round > g.rounds:
        head = f"Round {s.round} (tie-break)"
    else:
        head = f"Round {s.round} of {g.rounds}"
    out = [Line(head, style.TEXT, True, 1.2)]
    for p in (0, 1):
        role = s.role(p)
        mark = "  ◀" if p == s.player else ""
        what = f": {role}" if role else ""
        pts = "point" if s.scores[p] == 1 else "points"
        out.append(Line(f"{player_text(p)}{what}, {s.scores[p]} {pts}{mark}",
                        ROLE_INK.get(role, style.TEXT), p == s.player))  # fmt: skip
    return out + [Line("")] + status_lines(s)


def after_budget(s: ResistorState) -> list[Line]:
    """Lines under the budget: the duty cycle, this round's points and the last move."""
    out = []
    if s.phase == "play":
        n = s.amperes_on_board()
        limit = s.game.duty_cycle
        moves = "2 moves" if n <= limit else "1 move"
        out.append(Line(f"Duty cycle: {n} ampere(s) out, {moves}", style.MUTED))
        if s.ampere_player >= 0:
            out.append(Line(f"This round: {s.points} point(s) scored", style.MUTED))
    if s.last_move is not None:
        out.append(Line(f"Last move: {move_words(s.last_move)}", style.MUTED))
    return out


def panel_layout(s: ResistorState) -> tuple[list[tuple[int, Line]], list[tuple[int, Budget]]]:
    """Which panel line holds what: numbered text lines and budget rows (shared by the SVG
    and the canvas so both read the same)."""
    lines = list(enumerate(panel_lines(s)))
    k = len(lines)
    rows = [(k + j, b) for j, b in enumerate(budget(s))]
    k += len(rows)
    lines += [(k + j, line) for j, line in enumerate(after_budget(s))]
    return lines, rows


def piece_cells(s: ResistorState) -> dict[str, list[int]]:
    """The cells of each drawing: ``ampere``, ``charger``, ``drained``, ``resistor``,
    ``overloaded``; ``riding`` is a resistor in the middle of a drain, standing on the
    drained ampere it is about to step off."""
    riding = [s.pending_cell] if s.pending == "drain" else []
    return {
        "ampere": list(s.cells("A")),
        "charger": list(s.cells("C")),
        "drained": list(s.cells("D")),
        "resistor": list(s.cells("R")),
        "overloaded": list(s.cells("O")),
        "riding": riding,
    }


def cycle_letters(lay: Layout) -> list[tuple[str, Point]]:
    """The word CYCLE down the middle of each cycle column."""
    top = ROWS // 2 + len(CYCLE_WORD) // 2
    out = []
    for col in CYCLE_COLS:
        for k, ch in enumerate(CYCLE_WORD):
            x, y = lay.cell_center((top - k) * COLS + col)
            out.append((ch, (x, y + lay.font * 0.35)))
    return out


def checker_cells() -> list[int]:
    """The darker squares of the playable area's checkerboard."""
    return [
        r * COLS + c for r in range(SOURCE_ROW + 1, CHARGE_ROW) for c in range(1, COLS - 1)
        if (r + c) % 2 == 0
    ]  # fmt: skip


# ---- SVG --------------------------------------------------------------------------------------


def _rect(r: Rect, fill: str, stroke: str = "none", width: float = 1, rx: float = 0) -> str:
    x, y, w, h = r
    return (
        f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='{rx:g}' "
        f"fill='{fill}' stroke='{stroke}' stroke-width='{width:g}'/>"
    )


def _poly(points: list[Point], fill: str, stroke: str) -> str:
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f"<polygon points='{pts}' fill='{fill}' stroke='{stroke}' stroke-width='1.2'/>"


def _lines(segments: list[tuple[Point, Point]], stroke: str, width: float) -> str:
    d = "".join(f"M{a[0]:.1f} {a[1]:.1f}L{b[0]:.1f} {b[1]:.1f}" for a, b in segments)
    return (
        f"<path d='{d}' stroke='{stroke}' stroke-width='{width:g}' stroke-linecap='round' "
        "fill='none'/>"
    )


def piece_svg(lay: Layout, kind: str, r: Rect) -> list[str]:
    """One piece (or legend symbol) of ``kind`` in the cell ``r``."""
    if kind == "ampere":
        return [_poly(lay.arrow(r, up=True), AMPERE_INK, "white")]
    if kind == "charger":
        return [_poly(lay.arrow(r, up=False), CHARGER_INK, "white")]
    if kind == "drained":
        return [_poly(lay.arrow(r, up=True), DRAINED_FILL, DRAINED_EDGE)]
    if kind == "resistor":
        return [_rect(lay.square_in(r), RESISTOR_INK, "white", 1.5, 2)]
    if kind == "riding":
        return [_rect(lay.square_in(r, 0.86), "none", RESISTOR_INK, 3, 2)]
    if kind == "overloaded":
        sq = lay.square_in(r)
        x, y, w, h = sq
        return [_rect(sq, OVERLOAD_FILL, OVERLOAD_EDGE, 2, 2),
                text_svg(x + w / 2, y + h * 0.78, OVERLOAD_MARK, h * 0.8, OVERLOAD_EDGE,
                         "middle")]  # fmt: skip
    if kind == "dead":
        return [_lines(list(lay.cross(r)), DEAD_INK, max(2.0, r[2] * 0.1))]
    if kind == "cycle":
        return [_rect(r, CYCLE_TINT, GRID_LINE)]
    raise ValueError(kind)


def state_svg(state: ResistorState, square: float = 40.0) -> str:
    """The picture of ``state`` (everything in Resistor is public)."""
    lay = Layout(square)
    fs = lay.font
    parts: list[str] = [
        _rect(lay.rows_rect(SOURCE_ROW + 1, CHARGE_ROW - 1, 1, COLS - 2), PLAY_LIGHT),
        _rect(lay.rows_rect(CHARGE_ROW, CHARGE_ROW, 1, COLS - 2), CHARGE_TINT),
        _rect(lay.rows_rect(SOURCE_ROW, SOURCE_ROW, 1, COLS - 2), SOURCE_TINT),
    ]
    parts += [_rect(lay.rows_rect(0, ROWS - 1, c, c), CYCLE_TINT) for c in CYCLE_COLS]
    parts += [_rect(lay.cell_rect(i), PLAY_DARK) for i in checker_cells()]
    parts.append(_lines(grid_lines(lay), GRID_LINE, 1))
    parts += [text_svg(x, y, ch, fs * 0.8, style.MUTED, "middle") for ch, (x, y) in
              cycle_letters(lay)]  # fmt: skip
    for r in range(ROWS):
        x, y = lay.row_label(r)
        parts.append(text_svg(x, y, str(r), fs * 0.85, style.MUTED, "middle"))
    for c in range(COLS):
        x, y = lay.col_label(c)
        parts.append(text_svg(x, y, FILES[c], fs * 0.85, style.MUTED, "middle"))
    parts.append(text_svg(*lay.top_note(), "charge zone: amperes become chargers", fs * 0.9,
                          style.TEXT))  # fmt: skip
    parts.append(text_svg(*lay.bottom_note(), "current source: amperes start, chargers score",
                          fs * 0.9, style.TEXT))  # fmt: skip
    for j in state.dead:
        parts += piece_svg(lay, "dead", lay.cell_rect(j))
    for kind, cells in piece_cells(state).items():
        for i in cells:
            parts += piece_svg(lay, kind, lay.cell_rect(i))
    lines, rows = panel_layout(state)
    for k, line in lines:
        x, y = lay.panel_line(k)
        parts.append(text_svg(x, y, line.text, fs * line.size, line.ink, bold=line.bold))
    for k, b in rows:
        x, y = lay.panel_line(k)
        parts.append(text_svg(x, y, b.label, fs, b.ink))
        if b.note:
            px, _py = lay.pip(k, 0)
            parts.append(text_svg(px - lay.pip_radius, y, b.note, fs * 0.9, style.MUTED))
            continue
        for n in range(b.total):
            px, py = lay.pip(k, n)
            fill = b.ink if n < b.left else "none"
            parts.append(f"<circle cx='{px:.1f}' cy='{py:.1f}' r='{lay.pip_radius:.1f}' "
                         f"fill='{fill}' stroke='{b.ink}' stroke-width='1.5'/>")  # fmt: skip
    for k, kind in enumerate(LEGEND):
        cell = lay.legend_cell(k)
        if kind != "cycle":
            parts.append(_rect(cell, PLAY_LIGHT, GRID_LINE))
        if kind == "overloaded":
            parts += piece_svg(lay, "dead", cell)
        parts += piece_svg(lay, kind, cell)
        x, y = lay.legend_text(k)
        parts.append(text_svg(x, y, LEGEND_TEXT[kind], fs * 0.9, style.TEXT))
    return document(lay.width, lay.height, state.describe(), parts)


def grid_lines(lay: Layout) -> list[tuple[Point, Point]]:
    """The board's cell lines, as segments."""
    c = lay.cell_size
    x0, y0, x1, y1 = lay.x0, lay.y0, lay.x0 + lay.board_w, lay.y0 + lay.board_h
    segs = [((x0 + k * c, y0), (x0 + k * c, y1)) for k in range(COLS + 1)]
    segs += [((x0, y0 + k * c), (x1, y0 + k * c)) for k in range(ROWS + 1)]
    return segs
