"""Resistor moves: frozen values with a short notation, built once and shared.

Every decision is one move (cells as in :mod:`tablegames.resistor.board`, ``b0`` to
``m19``). Notation (``str(move)`` and ``state.parse_move``), case-insensitive on input,
spaces around ``-`` allowed:

=============  ===============================================================
``amperes``    the winner of the role roll plays the amperes in the first round
``resistors``  ... or the resistors
``place b0``   set-up: put the next ampere (current source) or resistor (rows 8-9) on b0
``b0-b1``      move the piece on b0 one space to b1; two spaces in a straight line
               (``b1-b3``) is a slingshot over the piece between; a resistor's
               diagonal step onto an ampere drains it, and its follow-up step off the
               drained ampere is written the same way (``d5-e6``)
``overload f7``  the resistor player puts the overloaded resistor on the dead space f7
``end``        end the turn (amperes: after at least one move; resistors: only when
               no resistor can move)
``forfeit``    the ampere player gives up the round (at the start of a turn)
=============  ===============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Move
from ..notation import MoveTable, invalid, move_repr
from .board import CELL_INDEX, CELL_NAMES, COLS, GRID, SIZE, cell_index

#: The move kinds.
KINDS = ("amperes", "resistors", "place", "move", "overload", "end", "forfeit")


@dataclass(frozen=True, slots=True)
class ResistorMove(Move):
    """One decision. ``kind`` is one of :data:`KINDS`; ``src`` and ``dst`` are flat cells
    (-1 when unused): ``move`` uses both, ``place`` and ``overload`` only ``dst``.

    ``repr`` rebuilds the move, ``eval`` giving an equal one with the class in scope
    (``tablegames.resistor.ResistorMove``): ``ResistorMove.from_notation('b0-b1')``."""

    kind: str
    src: int = -1
    dst: int = -1

    @property
    def slingshot(self) -> bool:
        """Whether this is a two-space move (a slingshot over the piece in between)."""
        if self.kind != "move":
            return False
        (r0, c0), (r1, c1) = divmod(self.src, COLS), divmod(self.dst, COLS)
        return max(abs(r1 - r0), abs(c1 - c0)) == 2

    @property
    def over(self) -> int:
        """The cell a slingshot jumps over (-1 for any other move)."""
        return (self.src + self.dst) // 2 if self.slingshot else -1

    def __str__(self) -> str:
        if self.kind == "move":
            return f"{CELL_NAMES[self.src]}-{CELL_NAMES[self.dst]}"
        if self.kind in ("place", "overload"):
            return f"{self.kind} {CELL_NAMES[self.dst]}"
        return self.kind

    def __repr__(self) -> str:
        return move_repr(self, parse)

    @classmethod
    def from_notation(cls, text: str) -> ResistorMove:
        """The move ``text`` names (syntax only, as :func:`parse`); what ``repr`` shows."""
        return parse(text)


def _straight(src: int) -> dict[int, ResistorMove]:
    out = {}
    for ray in GRID.rays[src]:
        for j in ray[:2]:
            out[j] = ResistorMove("move", src, j)
    return out


#: MOVE[src][dst]: every one- or two-space move along one of the eight directions
#: (legality is the state's business).
MOVE: tuple[dict[int, ResistorMove], ...] = tuple(_straight(s) for s in range(SIZE))
PLACE: tuple[ResistorMove, ...] = tuple(ResistorMove("place", -1, i) for i in range(SIZE))
OVERLOAD: tuple[ResistorMove, ...] = tuple(ResistorMove("overload", -1, i) for i in range(SIZE))
AMPERES = ResistorMove("amperes")
RESISTORS = ResistorMove("resistors")
END = ResistorMove("end")
FORFEIT = ResistorMove("forfeit")
NOTATION_HELP = (
    "write a Resistor move as 'b0-b1' (move the piece on b0; two spaces in a straight "
    "line is a slingshot), 'place b0', 'overload f7', 'end', 'forfeit', 'amperes' or "
    "'resistors'; columns a-n, rows 0 (current source) to 19 (charge zone)"
)
_CELL = r"([a-n](?:1[0-9]|[0-9]))"


def _no_move(text: str, m: re.Match[str]) -> ResistorMove:
    """Every move of two cells is in the table, so a text of two cells is refused."""
    src, dst = cell_index(m[1]), cell_index(m[2])
    if src == dst:
        raise invalid(text, f"a piece must move to another cell, not stay on {m[1]}", NOTATION_HELP)
    raise invalid(
        text,
        "every piece moves one space (two in a straight line for a slingshot), "
        f"and {m[2]} is not so from {m[1]}",
        NOTATION_HELP,
    )


#: Every move (the normalised text of a move is its notation, so no pattern builds one).
TABLE: MoveTable[ResistorMove] = MoveTable(
    (
        *(m for table in MOVE for m in table.values()),
        *PLACE,
        *OVERLOAD,
        AMPERES,
        RESISTORS,
        END,
        FORFEIT,
    ),
    NOTATION_HELP,
    [(rf"{_CELL}-{_CELL}", _no_move)],
    case="lower",
    joiners="-",
)


def parse(text: str) -> ResistorMove:
    """Read a move from its notation (syntax only; the state checks legality).

    >>> parse("B0 - b1")
    ResistorMove.from_notation('b0-b1')
    >>> parse("Place c0"), parse("END")
    (ResistorMove.from_notation('place c0'), ResistorMove.from_notation('end'))
    """
    return TABLE.parse(text)


#: Raise IllegalMove unless a move is one of the table's moves (or equal to one).
check_form = TABLE.check_form


__all__ = ["CELL_INDEX", "KINDS", "ResistorMove", "check_form", "parse"]
