"""Fellowship moves: frozen values with a short notation, built once and shared.

Circle positions are numbered 0 to 12; 12 and 0 are neighbours. Notation (``str(move)``
and ``state.parse_move``), case-insensitive on input, spaces around ``>`` allowed:

=================  ===========================================================
``3>4 7H``         the stack at position 3 captures its neighbour at 4 (it is put
                   on top of it), then the seven of hearts fills position 3
``cover 4 7H``     cover the uncovered joker at position 4 with the seven of
                   hearts (instead of a capture: no gap, nothing to fill)
=================  ===========================================================

Every move of the game exists once in a table, so ``legal_moves`` builds no objects.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ..cards import ALL_CARDS, JOKERS
from ..core import Move
from ..notation import MoveTable, invalid, move_repr
from ..value import FrozenValue, field_table

SIZE = 13  #: stacks in the circle
#: The two neighbours of each position: (left, right), the circle wrapping round.
NEIGHBOURS: tuple[tuple[int, int], ...] = tuple(
    ((i - 1) % SIZE, (i + 1) % SIZE) for i in range(SIZE)
)
#: Cards that may be played from a hand (every card but the jokers).
HAND_CARDS: tuple[str, ...] = tuple(c for c in ALL_CARDS if c not in JOKERS)


_FIELDS = ("kind", "src", "dst", "card")


class FellowshipMove(FrozenValue):
    """One decision. ``kind`` is ``capture`` (``src`` captures ``dst``, ``card`` fills
    ``src``) or ``cover`` (``card`` covers the joker at ``dst``; ``src`` is -1).

    ``repr`` rebuilds the move, ``eval`` giving an equal one with the class in scope
    (``tablegames.fellowship.FellowshipMove``): ``FellowshipMove.from_notation('3>4 7H')``.

    A frozen value as a frozen dataclass is (:class:`~tablegames.value.FrozenValue`), a
    plain class so that the compiled engine makes it native; registered as a
    :class:`~tablegames.core.Move`."""

    kind: str
    src: int
    dst: int
    card: str

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS)

    def __init__(self, kind: str, src: int, dst: int, card: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        if self.kind == "capture":
            return f"{self.src}>{self.dst} {self.card}"
        return f"cover {self.dst} {self.card}"

    def __repr__(self) -> str:
        return move_repr(self, parse)

    @classmethod
    def from_notation(cls, text: Any) -> FellowshipMove:  # Any: as parse
        """The move ``text`` names (syntax only, as :func:`parse`); what ``repr`` shows."""
        return parse(text)


Move.register(FellowshipMove)  # isinstance(move, Move) holds

#: CAPTURE[src][side][card]: side 0 captures the left neighbour, 1 the right one.
CAPTURE: tuple[tuple[dict[str, FellowshipMove], dict[str, FellowshipMove]], ...] = tuple(
    (
        {c: FellowshipMove("capture", i, NEIGHBOURS[i][0], c) for c in HAND_CARDS},
        {c: FellowshipMove("capture", i, NEIGHBOURS[i][1], c) for c in HAND_CARDS},
    )
    for i in range(SIZE)
)
#: COVER[position][card]
COVER: tuple[dict[str, FellowshipMove], ...] = tuple(
    {c: FellowshipMove("cover", -1, i, c) for c in HAND_CARDS} for i in range(SIZE)
)
NOTATION_HELP = (
    "write a Fellowship move as '3>4 7H' (the stack at place 3 captures its neighbour at "
    "4, then the 7♥, written 7H, fills place 3) or 'cover 4 7H' (cover the joker at place 4 "
    "with the 7♥); places are 0 to 12, cards rank 2-9, T (ten), J, Q, K, A then suit C, D, "
    "H, S"
)
_CARD = r"([2-9TJQKA][CDHS]|RJ|BJ)"


def _capture(text: str, m: re.Match[str]) -> FellowshipMove:
    src, dst, card = int(m[1]), int(m[2]), m[3]
    _check_position(text, src)
    _check_position(text, dst)
    _check_card(text, card)
    if dst not in NEIGHBOURS[src]:
        raise invalid(
            text,
            f"a stack captures one of its two neighbours, and {dst} is not next "
            f"to {src} (the neighbours of {src} are {NEIGHBOURS[src][0]} and "
            f"{NEIGHBOURS[src][1]}; the circle wraps round)",
            NOTATION_HELP,
        )
    return CAPTURE[src][NEIGHBOURS[src].index(dst)][card]


def _cover(text: str, m: re.Match[str]) -> FellowshipMove:
    dst, card = int(m[1]), m[2]
    _check_position(text, dst)
    _check_card(text, card)
    return COVER[dst][card]


def _check_position(text: str, pos: int) -> None:
    if not 0 <= pos < SIZE:
        raise invalid(text, f"circle positions are 0 to {SIZE - 1}, not {pos}", NOTATION_HELP)


def _check_card(text: str, card: str) -> None:
    if card in JOKERS:
        raise invalid(text, "the joker is never in a hand, so it is never played", NOTATION_HELP)


TABLE: MoveTable[FellowshipMove] = MoveTable(
    (m for table in (*(t for pair in CAPTURE for t in pair), *COVER) for m in table.values()),
    NOTATION_HELP,
    [(rf"(\d+)>(\d+) {_CARD}", _capture), (rf"COVER (\d+) {_CARD}", _cover)],
    joiners=">",
)


def parse(text: Any) -> FellowshipMove:  # Any: a bad value gets the table's refusal
    """Read a move from its notation (syntax only; the state checks legality).

    >>> parse("12 > 0 th")
    FellowshipMove.from_notation('12>0 TH')
    >>> parse("Cover 4 7h")
    FellowshipMove.from_notation('cover 4 7H')
    """
    return TABLE.parse(text)


#: Raise IllegalMove unless a move is one of the table's moves (or equal to one).
check_form = TABLE.check_form
