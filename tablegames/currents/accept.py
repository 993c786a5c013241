"""Currents' *accept board*: the whole board read as one integer, from which move
generation finds every card's placements in a few shifts (see :data:`PLACE_BITS`).

Below the state and its builder, which both keep a state's accept board: the state
when it lists moves, the builder when it puts a card down.
"""

from __future__ import annotations

from typing import Final

from ..cards import RANKS, SUITS
from .rules import PLACEABLE, beats_by_rank

#: Move generation reads the board through one integer, its *accept board*: the sum over
#: the 20 places (compass points N E S W, then slots N0..W3, as mv.TARGETS) of a number
#: per place and occupant (PLACE_BITS). It holds 18 groups of 20 bits, bit t of a group
#: standing for place t: groups 0-12, one per rank (RANKS order), tell where a card of that
#: rank may go by the rank rule (or the place is empty); groups 13-16, one per suit, where
#: the occupant has that suit; group 17 where a card lies. A card's placements are then
#: two shifts and an or (its rank's group, its suit's), picked by the state's _LOW and _HIGH.
GROUP: Final = 20
OCCUPIED: Final = 17 * GROUP


def _place_bits(easier: bool) -> tuple[dict[str | None, int], ...]:
    """Per place, per occupant (None: empty): its share of the accept board."""
    shares = {}  # per kind of place (compass: True), per occupant: its share at place 0
    for on_compass in (True, False):
        table: dict[str | None, int] = {None: sum(1 << (r * GROUP) for r in range(13))}
        for old in PLACEABLE:
            bits = 1 << ((13 + SUITS.index(old[1])) * GROUP) | 1 << OCCUPIED
            for r in range(13):
                if beats_by_rank(RANKS[r] + "C", old, on_compass, easier):
                    bits |= 1 << (r * GROUP)
            table[old] = bits
        shares[on_compass] = table
    out = [{old: bits << t for old, bits in shares[t < 4].items()} for t in range(GROUP)]
    return tuple(out)


#: ``[easier][place][occupant]``: see _place_bits.
PLACE_BITS = {e: _place_bits(e) for e in (False, True)}


def accept_board(
    compass: tuple[str | None, ...], currents: tuple[str | None, ...], easier: bool
) -> int:
    """The accept board of a position (see PLACE_BITS)."""
    shares = PLACE_BITS[easier]
    board = 0
    for t in range(4):
        board += shares[t][compass[t]]
    for t in range(16):
        board += shares[4 + t][currents[t]]
    return board
