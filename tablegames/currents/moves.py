"""Currents moves: frozen values with a short notation, built once and shared.

Notation (``str(move)`` and ``state.parse_move``), case-insensitive on input:

=================  ===========================================================
``7H>N``           play the seven of hearts on the compass point N (also the
                   set-up placement of an ace)
``7H>N2``          play it on current slot N2 (sides N E S W, slots 0-3)
``JC!N``           jack action: discard the compass card on N
``QD!N0~E3``       queen action: swap current slots N0 and E3
``KH!cw``          king action: rotate the compass clockwise (``ccw``: counter)
``RJ!``            joker action: shuffle (compass, or currents with wild jokers)
``discard 7H``     discard a card from hand instead of playing
``defend 7H 9H``   goaltending: discard these cards to stop the pawn at the edge
``decline``        goaltending: let the pawn through
``stop``           after a demotion, end the play without a combination attack
=================  ===========================================================

Every move of the game exists once in a table, so ``legal_moves`` builds no objects.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any, ClassVar

from ..cards import ALL_CARDS, JOKERS, sort_cards
from ..core import Move
from ..errors import IllegalMove, InvalidMoveError
from ..notation import MoveTable, invalid, move_repr
from ..value import FrozenValue, field_table
from .geometry import POINTS, SLOTS

#: Placement targets by index: compass points 0-3 (N E S W), then slots 4-19.
TARGETS: tuple[str, ...] = tuple(POINTS) + SLOTS
TARGET_INDEX = {t: i for i, t in enumerate(TARGETS)}
SLOT_PAIRS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(16), 2))


_FIELDS = ("kind", "card", "target", "cards")


class CurrentsMove(FrozenValue):
    """One Currents decision. ``kind`` is one of place, jack, queen, king, joker,
    discard, defend, decline, stop; ``target`` and ``cards`` as the notation shows.

    ``repr`` rebuilds the move, ``eval`` giving an equal one with the class in scope
    (``tablegames.currents.CurrentsMove``): ``CurrentsMove.from_notation('7H>N')``.

    A frozen value as a frozen dataclass is (:class:`~tablegames.value.FrozenValue`), a
    plain class so that the compiled engine makes it native (its fields are then read
    as a native state's are, not looked up); registered as a :class:`~tablegames.core.Move`."""

    kind: str
    card: str | None
    target: str
    cards: tuple[str, ...]

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS)

    def __init__(
        self, kind: str, card: str | None = None, target: str = "", cards: tuple[str, ...] = ()
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        k = self.kind
        if k == "place":
            return f"{self.card}>{self.target}"
        if k in ("jack", "queen", "king", "joker"):
            return f"{self.card}!{self.target}"
        if k == "discard":
            return f"discard {self.card}"
        if k == "defend":
            return "defend " + " ".join(self.cards)
        return k

    def __repr__(self) -> str:
        return move_repr(self, parse)

    @classmethod
    def from_notation(cls, text: Any) -> CurrentsMove:  # Any: as parse
        """The move ``text`` names (syntax only, as :func:`parse`); what ``repr`` shows."""
        return parse(text)


Move.register(CurrentsMove)  # isinstance(move, Move) holds

PLACE: dict[str, tuple[CurrentsMove, ...]] = {
    c: tuple(CurrentsMove("place", c, t) for t in TARGETS) for c in ALL_CARDS if c not in JOKERS
}
JACK: dict[str, tuple[CurrentsMove, ...]] = {
    c: tuple(CurrentsMove("jack", c, p) for p in POINTS)
    for c in ALL_CARDS
    if c[0] == "J" and c not in JOKERS
}
QUEEN: dict[str, tuple[CurrentsMove, ...]] = {
    c: tuple(CurrentsMove("queen", c, f"{SLOTS[i]}~{SLOTS[j]}") for i, j in SLOT_PAIRS)
    for c in ALL_CARDS
    if c[0] == "Q"
}
KING: dict[str, tuple[CurrentsMove, CurrentsMove]] = {
    c: (CurrentsMove("king", c, "cw"), CurrentsMove("king", c, "ccw"))
    for c in ALL_CARDS
    if c[0] == "K"
}
JOKER: dict[str, CurrentsMove] = {c: CurrentsMove("joker", c, "") for c in JOKERS}
DISCARD: dict[str, CurrentsMove] = {c: CurrentsMove("discard", c) for c in ALL_CARDS}
DECLINE = CurrentsMove("decline")
STOP = CurrentsMove("stop")
_DEFEND: dict[tuple[str, ...], CurrentsMove] = {}


def defend(cards: tuple[str, ...]) -> CurrentsMove:
    """The goaltending move discarding ``cards`` (kept in canonical order)."""
    key = sort_cards(cards)
    move = _DEFEND.get(key)
    if move is None:
        move = _DEFEND[key] = TABLE.add(CurrentsMove("defend", None, "", key))
    return move


def check_form(move: CurrentsMove) -> None:
    """Raise IllegalMove unless ``move`` is well formed, i.e. its own notation reads back as it.

    Moves from ``legal_moves()`` and ``parse`` pass at once; this stops hand-built values
    such as ``CurrentsMove("jack", "7H", "N")`` (a jack action without a jack) from being
    applied as if they were legal.
    """
    if id(move) in TABLE.built:
        return
    fields = (
        f"CurrentsMove(kind={move.kind!r}, card={move.card!r}, target={move.target!r}, "
        f"cards={move.cards!r})"
    )
    try:
        text = str(move)
        back = parse(text)
    except IllegalMove as exc:
        raise IllegalMove(f"malformed move {fields}: {exc}") from None
    except (TypeError, ValueError):
        raise IllegalMove(f"malformed move {fields}: {NOTATION_HELP}") from None
    if back != move:
        raise IllegalMove(
            f"malformed move {fields}: its notation {text!r} reads as {back!r}; "
            "take moves from legal_moves() or state.parse_move(text)"
        )


NOTATION_HELP = (
    "write a Currents move as 7H>N (compass), 7H>N2 (current slot), JC!N, QD!N0~E3, KH!cw, "
    "RJ!, 'discard 7H', 'defend 7H 9H', 'decline' or 'stop'"
)


def _place(text: str, m: re.Match[str]) -> CurrentsMove:
    if m[1] in JOKERS:
        raise invalid(text, "jokers are never placed on the compass or the board", NOTATION_HELP)
    return PLACE[m[1]][TARGET_INDEX[m[2]]]


def _defend(text: str, m: re.Match[str]) -> CurrentsMove:
    cards = tuple(m[1].split())
    if len(set(cards)) != len(cards):
        raise invalid(text, "a card can be discarded only once", NOTATION_HELP)
    return defend(cards)


def _action(kind: str) -> Callable[[str, re.Match[str]], CurrentsMove]:
    """The builder of ``kind``'s action move (jack, queen, king or joker)."""

    def build(text: str, m: re.Match[str]) -> CurrentsMove:
        card = m[1]
        wanted = {"jack": "J", "queen": "Q", "king": "K"}.get(kind)
        wrong_joker = kind == "joker" and card not in JOKERS
        if wrong_joker or (wanted and (card in JOKERS or card[0] != wanted)):
            raise InvalidMoveError(
                f"{text!r}: the action written needs a {kind}; actions are J!point, "
                "Q!slot~slot, K!cw or K!ccw, and joker!"
            )
        if kind == "jack":
            return JACK[card]["NESW".index(m[2])]
        if kind == "queen":
            a, b = sorted((m[2], m[3]), key=SLOTS.index)
            if a == b:
                raise invalid(text, "a queen swaps two different current slots", NOTATION_HELP)
            return QUEEN[card][SLOT_PAIRS.index((SLOTS.index(a), SLOTS.index(b)))]
        if kind == "king":
            return KING[card][0 if m[2] == "CW" else 1]
        return JOKER[card]

    return build


_CARD = r"([2-9TJQKA][CDHS]|RJ|BJ)"
_SLOT = r"([NESW][0-3])"
#: Every move built ahead (all but the goaltending discards, made as they are needed).
TABLE: MoveTable[CurrentsMove] = MoveTable(
    (
        *(m for table in (PLACE, JACK, QUEEN, KING) for ms in table.values() for m in ms),
        *JOKER.values(),
        *DISCARD.values(),
        DECLINE,
        STOP,
    ),
    NOTATION_HELP,
    [
        (rf"{_CARD}>([NESW])", _place),
        (rf"{_CARD}>{_SLOT}", _place),
        (rf"{_CARD}!([NESW])", _action("jack")),
        (rf"{_CARD}!{_SLOT}~{_SLOT}", _action("queen")),
        (rf"{_CARD}!(CW|CCW)", _action("king")),
        (rf"{_CARD}!", _action("joker")),
        (rf"DISCARD {_CARD}", lambda text, m: DISCARD[m[1]]),
        (rf"DEFEND((?: {_CARD})+)", _defend),
        ("DECLINE", lambda text, m: DECLINE),
        ("STOP", lambda text, m: STOP),
    ],
    joiners=">!~",
)


def parse(text: Any) -> CurrentsMove:  # Any: a bad value gets the table's refusal
    """Read a move from its notation (syntax only; the state checks legality).

    >>> parse("qd!n0~e3")
    CurrentsMove.from_notation('QD!N0~E3')
    """
    return TABLE.parse(text)
