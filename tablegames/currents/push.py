"""Where the currents push the pawn (the Move phase), read off the position's accept
board (see :mod:`.accept`), whose suit groups say which places hold each suit."""

from __future__ import annotations

from typing import Final

from ..cards import SUITS
from ..value import i64
from .accept import FIRST_SUIT, GROUP, Board, accept_board, word
from .geometry import INFLUENCING, SIZE

#: Per intersection, ``x * (SIZE + 1) + y``: the places of the current slots that
#: influence it, as bits (place ``4 + slot``, as in the accept board's groups).
_INFLUENCING: Final = tuple(
    sum(1 << (4 + i) for i in INFLUENCING[(x, y)]) for x in range(SIZE + 1) for y in range(SIZE + 1)
)
_PLACES: Final = (1 << GROUP) - 1


def pushed_to(board: Board, at: tuple[int, int]) -> tuple[int, int]:
    """Where the currents push a pawn standing at ``at`` (maybe past an edge), ``board``
    being the position's accept board: each current influencing ``at`` moves the pawn one
    step towards every compass point that holds its suit, so opposite pushes cancel.

    >>> from .accept import accept_board
    >>> compass = ("2H", "3C", "4H", "5S")  # hearts north and south, clubs east
    >>> currents = (None, "7H", "8C") + (None,) * 13  # N1, N2: both influence (4, 4)
    >>> pushed_to(accept_board(compass, currents, False), (4, 4))
    (5, 4)
    """
    # per compass point: the places holding its card's suit (nothing when it is empty);
    # i64: compiled, machine integers (each int read out of a tuple costs a conversion)
    north: i64 = 0
    east: i64 = 0
    south: i64 = 0
    west: i64 = 0
    for s in range(len(SUITS)):
        w, shift = word(FIRST_SUIT + s)
        holds: i64 = board[w] >> shift & _PLACES
        if holds & 1:
            north = holds
        if holds & 2:
            east = holds
        if holds & 4:
            south = holds
        if holds & 8:
            west = holds
    x: i64 = at[0]
    y: i64 = at[1]
    slots: i64 = _INFLUENCING[x * (SIZE + 1) + y]
    while slots:  # each influencing slot, by its bit
        bit = slots & -slots
        slots ^= bit
        if north & bit:
            y += 1
        if south & bit:
            y -= 1
        if east & bit:
            x += 1
        if west & bit:
            x -= 1
    return x, y


def net_vector(
    compass: tuple[str | None, ...], currents: tuple[str | None, ...], at: tuple[int, int]
) -> tuple[int, int]:
    """The pawn's net move from ``at``: opposite units cancel, so it is a plain sum."""
    x, y = pushed_to(accept_board(compass, currents, False), at)
    return x - at[0], y - at[1]
