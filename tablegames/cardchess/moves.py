"""Card Chess moves: frozen values with a short notation, built once and shared.

Cells are named like a chess board seen from red's side: files ``a``-``f`` are the
columns 0-5 (left to right), ranks ``1``-``6`` the rows 5-0, so red's back row
(row 5) is rank 1 and black's (row 0) is rank 6. Notation (``str(move)`` and
``state.parse_move``), case-insensitive on input, spaces around ``-`` allowed:

==========  ==================================================================
``c1-c4``   move the unit on top of c1 to c4 (covering the unit there, if any)
``KH e1``   progressive set-up: place the king of hearts from hand on e1
==========  ==================================================================

Every move of the game exists once in a table, so ``legal_moves`` builds no objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Move
from ..grid import Grid
from ..notation import MoveTable, invalid, move_repr

ROWS = COLS = 6
GRID = Grid(ROWS, COLS)
SIZE = GRID.size
FILES = "abcdef"
#: The unit cards: kings, queens, jacks and tens of every suit.
UNITS: tuple[str, ...] = tuple(r + s for s in "CDHS" for r in "TJQK")


def cell_name(i: int) -> str:
    """The name of flat cell ``i`` (row by row from black's back row).

    >>> cell_name(0), cell_name(35), cell_name(32)
    ('a6', 'f1', 'c1')
    """
    r, c = divmod(i, COLS)
    return f"{FILES[c]}{ROWS - r}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(i) for i in range(SIZE))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}


def cell_index(name: str) -> int:
    """The flat index of a cell name such as ``'c1'``; ValueError otherwise.

    >>> cell_index("a6"), cell_index("F1")
    (0, 35)
    """
    try:
        return CELL_INDEX[name.lower()]
    except (KeyError, AttributeError):
        raise ValueError(
            f"{name!r} is not a cell: use a file a-f and a rank 1-6, as in 'c1'"
        ) from None


@dataclass(frozen=True, slots=True)
class CardChessMove(Move):
    """One decision. ``kind`` is ``move`` (the top unit of ``src`` goes to ``dst``;
    ``card`` is empty) or ``place`` (``card`` from hand onto ``dst``; ``src`` is -1).

    ``repr`` rebuilds the move, ``eval`` giving an equal one with the class in scope
    (``tablegames.cardchess.CardChessMove``): ``CardChessMove.from_notation('c1-c4')``."""

    kind: str
    src: int
    dst: int
    card: str = ""

    def __str__(self) -> str:
        if self.kind == "move":
            return f"{CELL_NAMES[self.src]}-{CELL_NAMES[self.dst]}"
        return f"{self.card} {CELL_NAMES[self.dst]}"

    def __repr__(self) -> str:
        return move_repr(self, parse)

    @classmethod
    def from_notation(cls, text: str) -> CardChessMove:
        """The move ``text`` names (syntax only, as :func:`parse`); what ``repr`` shows."""
        return parse(text)


#: MOVE[src][dst] for every pair of different cells (legality is the state's business).
MOVE: tuple[dict[int, CardChessMove], ...] = tuple(
    {d: CardChessMove("move", s, d) for d in range(SIZE) if d != s} for s in range(SIZE)
)
#: PLACE[card][cell]
PLACE: dict[str, tuple[CardChessMove, ...]] = {
    c: tuple(CardChessMove("place", -1, i, c) for i in range(SIZE)) for c in UNITS
}
NOTATION_HELP = (
    "write a Card Chess move as 'c1-c4' (the unit on top of c1 moves to c4) or, while "
    "setting up, 'KH e1' (place the king of hearts on e1); files a-f, ranks 1-6, red's "
    "back row is rank 1"
)
_CELL = r"([A-F][1-6])"


def _move(text: str, m: re.Match[str]) -> CardChessMove:
    src, dst = cell_index(m[1]), cell_index(m[2])
    if src == dst:
        raise invalid(
            text, f"a unit must move to another cell, not stay on {m[1].lower()}", NOTATION_HELP
        )
    return MOVE[src][dst]


def _place(text: str, m: re.Match[str]) -> CardChessMove:
    card, dst = m[1], cell_index(m[2])
    if card not in PLACE:
        raise invalid(
            text,
            f"only units (kings, queens, jacks and tens) are placed, not {card}",
            NOTATION_HELP,
        )
    return PLACE[card][dst]


TABLE: MoveTable[CardChessMove] = MoveTable(
    (*(m for table in MOVE for m in table.values()), *(m for t in PLACE.values() for m in t)),
    NOTATION_HELP,
    [(rf"{_CELL}-{_CELL}", _move), (rf"([2-9TJQKA][CDHS]) {_CELL}", _place)],
    joiners="-",
)


def parse(text: str) -> CardChessMove:
    """Read a move from its notation (syntax only; the state checks legality).

    >>> parse("c1 - C4")
    CardChessMove.from_notation('c1-c4')
    >>> parse("kh E1")
    CardChessMove.from_notation('KH e1')
    """
    return TABLE.parse(text)


#: Raise IllegalMove unless a move is one of the table's moves (or equal to one).
check_form = TABLE.check_form
