"""Where the currents push the pawn (the Move phase), read off the position's accept
board (see :mod:`.accept`), whose suit groups say which places hold each suit."""

from __future__ import annotations

from typing import Final

from ..cards import SUITS
from ..value import i64
from .accept import FIRST_SUIT, Board, accept_board, word
from .geometry import INFLUENCING, SIZE

#: Per intersection, ``x * (SIZE + 1) + y``: the current slots that influence it, as
#: the bits of their places in an accept board group (place ``4 + slot``).
_INFLUENCING: Final = tuple(
    sum(1 << (4 + i) for i in INFLUENCING[(x, y)]) for x in range(SIZE + 1) for y in range(SIZE + 1)
)
#: Per suit (SUITS order): the word and shift of its group in the accept board.
_SUIT_GROUPS: Final = tuple(word(FIRST_SUIT + s) for s in range(len(SUITS)))
#: The number of set bits of each byte.
_BITS: Final = bytes(bin(b).count("1") for b in range(256))


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
    x: i64 = at[0]
    y: i64 = at[1]
    slots: i64 = _INFLUENCING[x * (SIZE + 1) + y]
    for w, shift in _SUIT_GROUPS:
        holds: i64 = board[w] >> shift  # the places holding the suit (and higher groups')
        if holds & 15:  # on the compass: its influencing currents push towards its points
            mine: i64 = (holds & slots) >> 4
            n = _BITS[mine & 255] + _BITS[mine >> 8]
            if holds & 1:
                y += n
            if holds & 2:
                x += n
            if holds & 4:
                y -= n
            if holds & 8:
                x -= n
    return x, y


def net_vector(
    compass: tuple[str | None, ...], currents: tuple[str | None, ...], at: tuple[int, int]
) -> tuple[int, int]:
    """The pawn's net move from ``at``: opposite units cancel, so it is a plain sum."""
    x, y = pushed_to(accept_board(compass, currents, False), at)
    return x - at[0], y - at[1]
