"""Currents' *accept board*: the whole board read as six small integers, from
which move generation finds every card's placements in a few shifts (see :data:`PLACE_BITS`).

Below the state and its builder, which both keep a state's accept board: the state
when it lists moves, the builder when it puts a card down.
"""

from __future__ import annotations

from typing import Final

from ..cards import RANKS, SUITS
from .rules import PLACEABLE, beats_by_rank

#: Move generation reads the board through its *accept board*: the sum over the 20 places
#: (compass points N E S W, then slots N0..W3, as mv.TARGETS) of a number per place and
#: occupant (PLACE_BITS). It holds 18 groups of 20 bits, bit t of a group standing for
#: place t: groups 0-12, one per rank (RANKS order), tell where a card of that rank may go
#: by the rank rule (or the place is empty); groups 13-16, one per suit, where the occupant
#: has that suit; group 17 where a card lies. A card's placements are then two shifts and
#: an or (its rank's group, its suit's), picked by the state's _CARD_SHIFTS.
#:
#: The 360 bits are kept as WORDS words of three groups (60 bits) each, group g at bits
#: ``GROUP * (g % 3)`` of word ``g // 3``: each word is a machine integer when compiled
#: and a two-digit one in pure Python, where one 360-bit integer cost a long shift per
#: read (see :func:`word`).
GROUP: Final = 20
PER_WORD: Final = 3
WORDS: Final = 6
FIRST_SUIT: Final = len(RANKS)  #: the group of the first suit (13; SUITS order)
OCCUPIED: Final = 17  #: the group of the places that hold a card
#: Every place's bit in each of a word's three groups: ``word & (FULL ^ PLACE_MASK << t)``
#: clears place t (a positive mask: a negative one costs pure Python a complement).
PLACE_MASK: Final = sum(1 << (k * GROUP) for k in range(PER_WORD))
FULL: Final = (1 << (PER_WORD * GROUP)) - 1

#: An accept board (or a place's share of one): its six words. (Not a fixed-length tuple
#: type: compiled, that is a C struct, boxed again whenever a word is picked by a variable.)
Board = tuple[int, ...]


def word(group: int) -> tuple[int, int]:
    """(word, shift) of an accept board's group: where its 20 bits lie."""
    return group // PER_WORD, (group % PER_WORD) * GROUP


def _split(bits: int) -> Board:
    """A 360-bit board or share (group g at bits 20g) as its six words."""
    width = PER_WORD * GROUP
    return tuple((bits >> (k * width)) & FULL for k in range(WORDS))


def _place_bits(easier: bool) -> tuple[dict[str | None, int], ...]:
    """Per place, per occupant (None: empty): its share of the accept board, as one
    360-bit integer (group g at bits 20g)."""
    shares = {}  # per kind of place (compass: True), per occupant: its share at place 0
    for on_compass in (True, False):
        table: dict[str | None, int] = {None: sum(1 << (r * GROUP) for r in range(FIRST_SUIT))}
        for old in PLACEABLE:
            bits = 1 << ((FIRST_SUIT + SUITS.index(old[1])) * GROUP) | 1 << (OCCUPIED * GROUP)
            for r in range(FIRST_SUIT):
                if beats_by_rank(RANKS[r] + "C", old, on_compass, easier):
                    bits |= 1 << (r * GROUP)
            table[old] = bits
        shares[on_compass] = table
    out = [{old: bits << t for old, bits in shares[t < 4].items()} for t in range(GROUP)]
    return tuple(out)


#: ``[easier][place][occupant]``: see _place_bits. Summed whole by :func:`accept_board`
#: (20 long additions and one split cost less than adding up 120 words).
WIDE_BITS = {e: _place_bits(e) for e in (False, True)}
#: The same shares split into words, for the builder's updates of one place.
PLACE_BITS = {
    e: tuple({old: _split(bits) for old, bits in place.items()} for place in WIDE_BITS[e])
    for e in (False, True)
}


def accept_board(
    compass: tuple[str | None, ...], currents: tuple[str | None, ...], easier: bool
) -> Board:
    """The accept board of a position (see PLACE_BITS)."""
    shares = WIDE_BITS[easier]
    board = 0
    for t in range(4):
        board += shares[t][compass[t]]
    for t in range(16):
        board += shares[4 + t][currents[t]]
    return _split(board)
