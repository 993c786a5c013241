"""Poohsticks moves: frozen values with a short notation.

Notation (``str(move)`` and ``state.parse_move``), case-insensitive on input, extra
spaces ignored, cards listed in any order (written back in canonical order):

=================  ===========================================================
``S>B1 KH 3C``     the spades boat moves onto (or enters at) cell B1, paying the
                   king of hearts and the three of clubs (the letter is the boat's
                   suit: player 0 S, 1 D, 2 H, 3 C; cells are column A, B... then
                   row 1 (entry row) to the last row)
``S>B1 power``     boat powers: the boat's one free move onto a card of its suit
``exit QH``        leave the river from the last row, paying one face card or ace
``discard 2C 5D``  with no move possible at the start of a turn: discard 1-3 cards
                   (the turn ends and the hand is refilled)
``end``            end the turn (a pass when nothing was done)
=================  ===========================================================
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ..cards import ORDER, sort_cards
from ..core import Move
from ..notation import MoveTable, invalid, move_repr
from ..value import FrozenValue, field_table

KINDS = ("move", "power", "exit", "discard", "end")

_FIELDS = ("kind", "boat", "cell", "cards")


class PoohsticksMove(FrozenValue):
    """One Poohsticks decision. ``kind`` is move, power, exit, discard or end; ``boat``
    the boat's suit letter and ``cell`` the target's name for move and power; ``cards``
    the cards paid or discarded (canonical order).

    ``repr`` rebuilds the move, ``eval`` giving an equal one with the class in scope
    (``tablegames.poohsticks.PoohsticksMove``): ``PoohsticksMove.from_notation('S>B1 KH 3C')``.

    A frozen value as a frozen dataclass is (:class:`~tablegames.value.FrozenValue`), a
    plain class so that the compiled engine makes it native; registered as a
    :class:`~tablegames.core.Move`."""

    kind: str
    boat: str
    cell: str
    cards: tuple[str, ...]

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS)

    def __init__(
        self, kind: str, boat: str = "", cell: str = "", cards: tuple[str, ...] = ()
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "boat", boat)
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        k = self.kind
        if k == "move":
            return f"{self.boat}>{self.cell} " + " ".join(self.cards)
        if k == "power":
            return f"{self.boat}>{self.cell} power"
        if k in ("exit", "discard"):
            return f"{k} " + " ".join(self.cards)
        return k

    def __repr__(self) -> str:
        return move_repr(self, parse)

    @classmethod
    def from_notation(cls, text: Any) -> PoohsticksMove:  # Any: as parse
        """The move ``text`` names (syntax only, as :func:`parse`); what ``repr`` shows."""
        return parse(text)


Move.register(PoohsticksMove)  # isinstance(move, Move) holds

END = PoohsticksMove("end")

_CARD = r"[2-9TJQKA][CDHS]"

NOTATION_HELP = (
    "write a Poohsticks move as 'S>B1 KH 3C' (boat suit, cell, the cards paid), "
    "'S>B1 power', 'exit QH', 'discard 2C 5D' or 'end'"
)


def move(boat: str, cell: str, cards: tuple[str, ...]) -> PoohsticksMove:
    """The move of ``boat`` onto ``cell`` paying ``cards`` (put in canonical order)."""
    return PoohsticksMove("move", boat, cell, sort_cards(cards))


def _move(text: str, m: re.Match[str]) -> PoohsticksMove:
    boat, col, row, rest = m.groups()
    cell = f"{col}{int(row)}"
    if rest == " POWER":
        return PoohsticksMove("power", boat, cell)
    return PoohsticksMove("move", boat, cell, _cards(text, rest))


def _pay(text: str, m: re.Match[str]) -> PoohsticksMove:
    return PoohsticksMove(m[1].lower(), "", "", _cards(text, m[2]))


def _cards(text: str, rest: str) -> tuple[str, ...]:
    cards = tuple(rest.split())
    if len(set(cards)) != len(cards):
        raise invalid(text, "a card can be used only once", NOTATION_HELP)
    assert all(c in ORDER for c in cards)
    return sort_cards(cards)


#: Only ``end`` is built ahead: the other moves are made as they are read (the cards paid
#: make too many to list).
TABLE: MoveTable[PoohsticksMove] = MoveTable(
    [END],
    NOTATION_HELP,
    [
        (rf"([SDHC])>([A-H])(\d{{1,2}})((?: {_CARD})+| POWER)", _move),
        (rf"(EXIT|DISCARD)((?: {_CARD})+)", _pay),
        ("END", lambda text, m: END),
    ],
    joiners=">",
)


def parse(text: Any) -> PoohsticksMove:  # Any: a bad value gets the table's refusal
    """Read a move from its notation (syntax only; the state checks legality).

    >>> parse("s > b1 3c kh")
    PoohsticksMove.from_notation('S>B1 3C KH')
    >>> parse("EXIT qh")
    PoohsticksMove.from_notation('exit QH')
    """
    return TABLE.parse(text)
