"""Resistor's board: 14 columns by 20 rows, the zones, cell names, piece codes and step tables.

Rows count up from the current source: row 0 is the current source (the amperes'
start, drawn at the bottom), rows 1-18 the playable area, row 19 the charge zone (drawn
at the top). Columns 0 and 13 are the cycle columns; the playable area is columns
1-12. The corner cells belong to the cycle columns, so the current source and the
charge zone have twelve points each (columns 1-12).

A cell is named by a column letter ``a``-``n`` (column 0-13) and its row number
``0``-``19``: ``b0`` is the leftmost point of the current source, ``m19`` the rightmost
of the charge zone. Inside the engine a cell is the flat index ``row * 14 + col``.

The board is a string of 280 piece codes, one per cell (:data:`PIECE_CODES`). Dead
spaces are kept apart (a dead space may hold an overloaded resistor).

>>> cell_name(0), cell_name(15), cell_name(279)
('a0', 'b1', 'n19')
>>> cell_index("B1"), zone(cell_index("b0")), zone(cell_index("a5")), zone(cell_index("f19"))
(15, 'source', 'cycle', 'charge')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..grid import DIRECTION_NAMES, Grid

ROWS: Final = 20
COLS: Final = 14
GRID = Grid(ROWS, COLS)
SIZE = GRID.size
FILES = "abcdefghijklmn"
SOURCE_ROW, CHARGE_ROW = 0, ROWS - 1
CYCLE_COLS = (0, COLS - 1)
#: Rows of the playable area in which the resistor player places the resistors
#: ("the 8th and 9th rows", counted from the current source like the dice rows).
RESISTOR_ROWS = (8, 9)
#: The dice ranges of a dead space: column 2d6 (2-12) and row 3d6 (3-18) of the
#: playable area, whose columns and rows carry the same numbers as the board's.
DEAD_COLS = range(2, 13)
DEAD_ROWS = range(3, 19)
#: Moves a charger turn allows (the duty cycle does not apply to chargers).
CHARGER_MOVES: Final = 2

#: Piece codes on the board string.
EMPTY: Final = "."
AMPERE: Final = "A"  #: an ampere (the ampere player's piece, heading for the charge zone)
DRAINED: Final = "D"  #: a drained ampere: unusable until a charger recharges it
CHARGER: Final = "C"  #: a charger (an ampere that reached the charge zone, heading back)
RESISTOR: Final = "R"  #: a resistor
OVERLOADED: Final = "O"  #: an overloaded resistor: on a dead space, unusable next turn
PIECE_CODES = EMPTY + AMPERE + DRAINED + CHARGER + RESISTOR + OVERLOADED
AMPERE_SIDE = AMPERE + DRAINED + CHARGER
RESISTOR_SIDE = RESISTOR + OVERLOADED


class Piece(NamedTuple):
    """What stands on a cell, as a board widget draws it."""

    kind: str  #: "ampere", "charger" or "resistor"
    role: str  #: "amperes" (the ampere player's piece) or "resistors"
    drained: bool  #: a drained ampere
    overloaded: bool  #: a resistor that is unusable on its player's next turn


PIECES: dict[str, Piece] = {
    AMPERE: Piece("ampere", "amperes", False, False),
    DRAINED: Piece("ampere", "amperes", True, False),
    CHARGER: Piece("charger", "amperes", False, False),
    RESISTOR: Piece("resistor", "resistors", False, False),
    OVERLOADED: Piece("resistor", "resistors", False, True),
}


def cell_name(i: int) -> str:
    """The name of flat cell ``i``."""
    r, c = divmod(i, COLS)
    return f"{FILES[c]}{r}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(i) for i in range(SIZE))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}


def cell_index(name: str) -> int:
    """The flat index of a cell name such as ``'b0'``; ValueError otherwise."""
    try:
        return CELL_INDEX[name.lower()]
    except (KeyError, AttributeError):
        raise ValueError(
            f"{name!r} is not a cell: use a column letter a-n and a row number 0-19, as in 'b0'"
        ) from None


def _zone(i: int) -> str:
    r, c = divmod(i, COLS)
    if c in CYCLE_COLS:
        return "cycle"
    if r == SOURCE_ROW:
        return "source"
    if r == CHARGE_ROW:
        return "charge"
    return "play"


#: Per cell: "cycle", "source" (current source), "charge" (charge zone) or "play".
ZONES: tuple[str, ...] = tuple(_zone(i) for i in range(SIZE))
CYCLE = frozenset(i for i in range(SIZE) if ZONES[i] == "cycle")
SOURCE = tuple(i for i in range(SIZE) if ZONES[i] == "source")
CHARGE = tuple(i for i in range(SIZE) if ZONES[i] == "charge")
PLAYABLE = frozenset(i for i in range(SIZE) if ZONES[i] == "play")
RESISTOR_START = tuple(i for i in sorted(PLAYABLE) if i // COLS in RESISTOR_ROWS)
DEAD_RANGE = frozenset(r * COLS + c for r in DEAD_ROWS for c in DEAD_COLS)


#: The two roles of a round (and the role-choice moves).
ROLES = ("amperes", "resistors")


def amperes_on_board(board: str) -> int:
    """The amperes on the board for the duty cycle: drained ones count, amperes in the
    current source (the board string's first row) and chargers do not.

    >>> amperes_on_board("A" + "." * 20 + "AD" + "." * 257)
    2
    """
    return board.count(AMPERE) + board.count(DRAINED) - board.count(AMPERE, 0, COLS)


def zone(i: int) -> str:
    """The zone of cell ``i``: ``cycle``, ``source``, ``charge`` or ``play``."""
    return ZONES[i]


# Directions. grid.py names them as seen with row 0 on top; Resistor draws row 0 (the
# current source) at the bottom, so its "up" (towards the charge zone) is grid.py's S.
_D = {d: k for k, d in enumerate(DIRECTION_NAMES)}
UP, DOWN, LEFT, RIGHT = _D["S"], _D["N"], _D["W"], _D["E"]
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = _D["SW"], _D["SE"], _D["NW"], _D["NE"]
#: Direction indices each piece moves along, in the order moves are listed.
AMPERE_DIRS = (UP, LEFT, RIGHT)
CHARGER_DIRS = (DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT)
RESISTOR_DIRS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)


def _paths(dirs: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell, for each direction: (next cell, the cell beyond it or -1, direction)."""
    out = []
    for i in range(SIZE):
        row = []
        for k in dirs:
            ray = GRID.rays[i][k]
            if ray:
                row.append((ray[0], ray[1] if len(ray) > 1 else -1, k))
        out.append(tuple(row))
    return tuple(out)


#: AMPERE_PATHS[i]: an ampere's one-step destinations and slingshot landings from cell i.
AMPERE_PATHS = _paths(AMPERE_DIRS)
CHARGER_PATHS = _paths(CHARGER_DIRS)
#: RESISTOR_STEPS[i]: the diagonal neighbours of cell i inside the playable area.
RESISTOR_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for k in RESISTOR_DIRS if (j := GRID.steps[i][k]) in PLAYABLE) for i in range(SIZE)
)

#: NEIGHBOURS[i]: the up to eight cells around cell i (the text calls a diagonal
#: neighbour adjacent too: "any adjacent space that lies diagonally").
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in GRID.steps[i] if j >= 0) for i in range(SIZE)
)


def home_point(points: tuple[int, ...], col: int, free: Sequence[str]) -> int:
    """Where a piece sent back to a row of twelve ``points`` goes: the point in its own
    column ``col`` (a cycle column counts as the nearest playable one) if ``free`` says
    it is empty, else the nearest empty point, the left one first on a tie; -1 if none.

    ``free`` is the board (string or list of piece codes).
    """
    col = min(max(col, 1), COLS - 2)
    base = points[0] - 1  # points[k] is column k + 1
    for d in range(COLS - 2):
        for c in (col - d, col + d) if d else (col,):
            if 1 <= c <= COLS - 2 and free[base + c] == EMPTY:
                return base + c
    return -1
