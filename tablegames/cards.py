"""Playing cards shared by every card game: codes, ranks, suits, decks and seeded shuffles.

A card is its two-letter code, a plain ``str``: rank ``2``-``9``, ``T``, ``J``, ``Q``,
``K``, ``A`` followed by suit ``C`` ``D`` ``H`` ``S``; the jokers are ``RJ`` and ``BJ``.
Strings keep states small, hashable and JSON-ready.

>>> rank("TH"), suit("TH"), is_red("TH")
(10, 'H', True)
>>> standard_deck()[:3]
('2C', '3C', '4C')
>>> len(standard_deck(jokers=2))
54
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from . import rng
from .rng import shuffle as shuffle_in_place

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}  # fmt: skip
RED_SUITS = frozenset("DH")
JOKERS = ("RJ", "BJ")

#: Every valid code, in canonical order: suits C, D, H, S, each from 2 to ace; then jokers.
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
#: Position of each code in ``ALL_CARDS``: the canonical sort key.
ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate(ALL_CARDS)}
#: Rank of each card, aces high (14); jokers 0.
RANK: Final[dict[str, int]] = {
    c: (RANKS.index(c[0]) + 2 if c not in JOKERS else 0) for c in ALL_CARDS
}
#: Suit letter of each card; ``None`` for jokers.
SUIT: Final[dict[str, str | None]] = {c: (c[1] if c not in JOKERS else None) for c in ALL_CARDS}


def add_to_hand(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``hand`` (in canonical order) with ``cards`` added, still in canonical order: each
    card inserted where it belongs, as a compiled engine does it fastest."""
    out = list(hand)
    for card in cards:
        rank = ORDER[card]
        i = len(out)
        while i > 0 and ORDER[out[i - 1]] > rank:
            i -= 1
        out.insert(i, card)
    return tuple(out)


def is_card(code: object) -> bool:
    """True when ``code`` is a valid card code."""
    return isinstance(code, str) and code in ORDER


def check_card(code: object) -> str:
    """Return ``code`` if it is a valid card code, else raise ValueError saying what is allowed."""
    if not is_card(code):
        raise ValueError(
            f"{code!r} is not a card code: use a rank 2-9, T, J, Q, K or A followed by a "
            "suit C, D, H or S (e.g. 'TH'), or 'RJ'/'BJ' for the jokers"
        )
    return code  # type: ignore[return-value]


def rank(card: str) -> int:
    """Rank of ``card``: 2..10, J 11, Q 12, K 13, A 14; jokers 0."""
    return RANK[card]


def suit(card: str) -> str | None:
    """Suit letter of ``card`` (``C``, ``D``, ``H``, ``S``), or ``None`` for a joker."""
    return SUIT[card]


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_red(card: str) -> bool:
    """Hearts, diamonds and the red joker are red."""
    return card == "RJ" or SUIT[card] in RED_SUITS


def is_face(card: str) -> bool:
    """Jacks, queens and kings."""
    return card[0] in "JQK" and card not in JOKERS


def name(card: str) -> str:
    """Readable name, e.g. ``'ten of hearts'`` or ``'red joker'``."""
    if card == "RJ":
        return "red joker"
    if card == "BJ":
        return "black joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def pretty(card: str) -> str:
    """Short display form with a suit symbol, e.g. ``'10♥'``, ``'A♠'``, ``'Jkr'``."""
    if card in JOKERS:
        return card
    r = "10" if card[0] == "T" else card[0]
    return r + SUIT_SYMBOLS[card[1]]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in canonical order (by suit, then rank)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def standard_deck(jokers: object = 0) -> tuple[str, ...]:
    """The 52-card deck in canonical order, plus ``jokers`` jokers (0, 1: red, 2: red and black).

    ``jokers`` is typed ``object`` because it comes from users: compiled, an ``int``
    parameter would refuse a string with a TypeError (and take True as 1) before this
    function could say what is allowed."""
    if not isinstance(jokers, int) or isinstance(jokers, bool) or jokers not in (0, 1, 2):
        raise ValueError(f"jokers must be 0, 1 or 2, not {jokers!r}")
    return ALL_CARDS[:52] + JOKERS[:jokers]


def shuffled(cards: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """A new tuple with ``cards`` shuffled by ``rng`` (the caller's seeded generator)."""
    out = list(cards)
    shuffle_in_place(rng, out)
    return tuple(out)


def deal(
    pile: Sequence[str], hands: int, count: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Deal ``count`` cards to each of ``hands`` players, one at a time, from the top (index 0).

    Returns the hands and the rest of the pile.

    >>> deal(("2C", "3C", "4C", "5C", "6C"), hands=2, count=2)
    ((('2C', '4C'), ('3C', '5C')), ('6C',))
    """
    need = hands * count
    if need > len(pile):
        raise ValueError(f"cannot deal {count} cards to {hands} players from {len(pile)} cards")
    dealt = tuple(tuple(pile[i:need:hands]) for i in range(hands))
    return dealt, tuple(pile[need:])


def duplicates(cards: Iterable[str]) -> list[str]:
    """Codes that occur more than once, in canonical order."""
    seen: set[str] = set()
    dup: set[str] = set()
    for c in cards:
        (dup if c in seen else seen).add(c)
    return sorted(dup, key=lambda c: ORDER.get(c, 999))


class Drawn(NamedTuple):
    """What :func:`draw_up_to` gives back: the new hand, piles and seed, and whether (and
    how many cards) the discard pile was reshuffled before each batch drawn."""

    hand: tuple[str, ...]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    seed: int
    steps: tuple[tuple[int, tuple[str, ...]], ...]  #: (cards reshuffled or 0, cards drawn)


def draw_up_to(
    hand: tuple[str, ...],
    size: int,
    draw_pile: tuple[str, ...],
    discard_pile: tuple[str, ...],
    seed: int,
) -> Drawn:
    """Draw from the top of ``draw_pile`` until ``hand`` holds ``size`` cards. An empty draw
    pile is refilled by shuffling the discard pile (with the state's seed); when both are
    empty, drawing stops. The hand comes back in canonical order.

    >>> d = draw_up_to(("2C",), 3, ("5H",), ("9S", "TS"), seed=1)
    >>> len(d.hand), d.draw_pile, d.discard_pile, [n for n, _ in d.steps]
    (3, ('9S',), (), [0, 2])
    """
    steps: list[tuple[int, tuple[str, ...]]] = []
    need = size - len(hand)
    while need > 0:
        reshuffled = 0
        if not draw_pile:
            if not discard_pile:
                break
            gen = rng.generator(seed)
            pile = list(discard_pile)
            rng.shuffle(gen, pile)
            seed = rng.next_seed(gen)
            draw_pile, discard_pile, reshuffled = tuple(pile), (), len(pile)
        got = draw_pile[:need]
        draw_pile = draw_pile[need:]
        hand = sort_cards(hand + got)
        steps.append((reshuffled, got))
        need -= len(got)
    return Drawn(hand, draw_pile, discard_pile, seed, tuple(steps))
