"""Poohsticks arithmetic: which river values a set of hand cards can make, and how.

A move pays a non-empty set of hand cards whose values, each used exactly once, combine
with ``+``, ``-``, ``x`` and ``/`` (exact fractions, any bracketing) to the value of the
target card. Number cards count as printed, J 11, Q 12, K 13, and an ace 1 or 14.

The search works on ranks, not cards: the values a multiset of ranks makes using every
rank once are cached by the sorted rank tuple, and so is the table of every target a
whole hand reaches. Expressions are written the way a person writes a sum: each card as
its value (``13`` for a king, ``1`` or ``14`` for an ace; the caller names the cards once,
beside the sum), ``+ − × ÷``, larger numbers first in sums and products, and of the ways
to make a value the one with the fewest brackets (then the fewest divisions), with only
the brackets the usual precedence needs.

>>> expression(("KH", "3C"), 10)
'13 − 3 = 10'
>>> expression(("KH", "3C", "2D"), 14)
'13 + 3 − 2 = 14'
>>> reachable(("2C", "3D", "5S"), 11)
True
>>> [(cards, text) for cards, text in solutions(("2C", "5D", "7H"), 14)]
[(('2C', '7H'), '7 × 2 = 14'), (('2C', '5D', '7H'), '7 + 5 + 2 = 14')]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

Value = int | Fraction
#: One term of a sum: (subtracted?, text, value).
Term = tuple[bool, str, Value]
#: (text, precedence, cost, terms): precedence 3 for a single card, 2 for a product or
#: quotient, 1 for a sum (whose terms are kept, so that sums of sums need no brackets);
#: cost (bracket pairs, divisions) picks the plainest way to write a value.
Expr = tuple[str, int, tuple[int, int], tuple[Term, ...]]

RANK_ORDER = "A23456789TJQK"
#: Values of each rank letter (an ace is 1 or 14).
RANK_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1, 14),
    **{str(v): (v,) for v in range(2, 10)},
    "T": (10,),
    "J": (11,),
    "Q": (12,),
    "K": (13,),
}
#: The values a target card may stand for (river aces too are 1 or 14).
TARGETS = range(1, 15)
PLUS, MINUS, TIMES, DIVIDE = "+", "\u2212", "\u00d7", "\u00f7"  #: + − × ÷


def card_values(card: str) -> tuple[int, ...]:
    """The values a card may stand for: ``(1, 14)`` for an ace, one value otherwise."""
    return RANK_VALUES[card[0]]


def _atoms(r: str) -> dict[Value, Expr]:
    return {v: (str(v), 3, (0, 0), ()) for v in RANK_VALUES[r]}


def _wrap(e: Expr, below: int) -> tuple[str, int]:
    """The text of ``e`` as an operand, bracketed when its precedence is ``below`` or
    less, and the bracket pairs that adds."""
    return (f"({e[0]})", 1) if e[1] <= below else (e[0], 0)


def _div(x: Value, y: Value) -> Value:
    if isinstance(x, int) and isinstance(y, int):
        q, r = divmod(x, y)
        return q if r == 0 else Fraction(x, y)
    f = Fraction(x) / y
    return f.numerator if f.denominator == 1 else f


def _norm(v: Value) -> Value:
    if isinstance(v, Fraction) and v.denominator == 1:
        return v.numerator
    return v


@functools.cache
def all_used(ranks: tuple[str, ...]) -> dict[Value, Expr]:
    """Every value the ranks make using each one exactly once, with one expression each.

    ``ranks`` is sorted in ``RANK_ORDER``. The plainest expression is kept (fewest
    brackets, then fewest divisions; the first found on a tie), so the answer is
    deterministic; results are exact (fractions where a division leaves one).
    """
    if len(ranks) == 1:
        return _atoms(ranks[0])
    out: dict[Value, Expr] = {}
    n = len(ranks)
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    # split into a part holding the first rank and the rest (both non-empty)
    for mask in range(1, 1 << (n - 1)):
        left = (ranks[0], *(ranks[i + 1] for i in range(n - 1) if not mask >> i & 1))
        right = tuple(ranks[i + 1] for i in range(n - 1) if mask >> i & 1)
        if (left, right) in seen:
            continue
        seen.add((left, right))
        lv = all_used(left)
        rv = all_used(right)
        for x, ex in lv.items():
            for y, ey in rv.items():
                _combine(out, x, ex, y, ey)
    return out


def _keep(out: dict[Value, Expr], v: Value, e: Expr) -> None:
    """Keep ``e`` for ``v`` unless a plainer expression (lower cost) is already there."""
    had = out.get(v)
    if had is None or e[2] < had[2]:
        out[v] = e


def _terms(e: Expr, v: Value, negate: bool = False) -> tuple[Term, ...]:
    """``e`` (of value ``v``) as the terms of a sum, each subtracted when ``negate``."""
    terms = e[3] if e[1] == 1 else ((False, e[0], v),)
    return tuple((neg != negate, text, value) for neg, text, value in terms) if negate else terms


def _sum(terms: tuple[Term, ...], cost: tuple[int, int]) -> Expr:
    """A sum written as a person would: the added terms, larger first, then the
    subtracted ones, larger first (``13 + 3 − 2``)."""
    order = sorted(terms, key=lambda t: (t[0], -t[2], t[1]))
    text = order[0][1] + "".join(f" {MINUS if neg else PLUS} {t}" for neg, t, _v in order[1:])
    return (text, 1, cost, tuple(order))


def _combine(out: dict[Value, Expr], x: Value, ex: Expr, y: Value, ey: Expr) -> None:
    """Keep each value ``x`` and ``y`` make with one operation, each with its plainest text
    (products written larger number first)."""
    cost = (ex[2][0] + ey[2][0], ex[2][1] + ey[2][1])
    _keep(out, x + y, _sum(_terms(ex, x) + _terms(ey, y), cost))
    first, second = (ex, ey) if x >= y else (ey, ex)
    (lt, lb), (rt, rb) = _wrap(first, 1), _wrap(second, 1)
    _keep(out, x * y, (f"{lt} {TIMES} {rt}", 2, (cost[0] + lb + rb, cost[1]), ()))
    for a, ea, b, eb in ((x, ex, y, ey), (y, ey, x, ex)):
        _keep(out, a - b, _sum(_terms(ea, a) + _terms(eb, b, negate=True), cost))
        if b != 0:
            (lt, lb), (rt, rb) = _wrap(ea, 1), _wrap(eb, 2)
            quotient = (f"{lt} {DIVIDE} {rt}", 2, (cost[0] + lb + rb, cost[1] + 1), ())
            _keep(out, _div(a, b), quotient)


def _key(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted((c[0] for c in cards), key=RANK_ORDER.index))


#: One hand table: for each target value, the (positions, expression text) pairs reaching it.
HandTable = dict[int, tuple[tuple[tuple[int, ...], str], ...]]


@functools.cache
def hand_table(ranks: tuple[str, ...]) -> HandTable:
    """For the ranks of a hand (sorted in ``RANK_ORDER``): each target 1-14 reached by some
    non-empty subset, with the subsets (as positions in ``ranks``) and one expression each.
    Subsets are listed smallest first, then in position order."""
    n = len(ranks)
    found: dict[int, list[tuple[tuple[int, ...], str]]] = {}
    masks = sorted(
        range(1, 1 << n), key=lambda m: (m.bit_count(), [-(m >> i & 1) for i in range(n)])
    )
    for mask in masks:
        pos = tuple(i for i in range(n) if mask >> i & 1)
        made = all_used(tuple(ranks[i] for i in pos))
        for t in TARGETS:
            e = made.get(t)
            if e is not None:
                found.setdefault(t, []).append((pos, f"{e[0]} = {t}"))
    return {t: tuple(v) for t, v in found.items()}


def _order(cards: Sequence[str]) -> list[int]:
    """Indices of ``cards`` sorted by rank (stable), matching ``hand_table``'s positions."""
    return sorted(range(len(cards)), key=lambda i: RANK_ORDER.index(cards[i][0]))


def solutions(hand: Sequence[str], target: int) -> list[tuple[tuple[str, ...], str]]:
    """Every non-empty subset of ``hand`` that makes ``target``, with one expression each.

    Subsets keep the hand's own card order; smaller subsets come first.
    """
    order = _order(hand)
    table = hand_table(tuple(hand[i][0] for i in order))
    out = []
    for pos, text in table.get(target, ()):
        idx = sorted(order[p] for p in pos)
        out.append((tuple(hand[i] for i in idx), text))
    return out


def reachable(hand: Sequence[str], target: int) -> bool:
    """Can some non-empty subset of ``hand`` make ``target``?"""
    return target in hand_table(_key(hand))


def expression(cards: Sequence[str], target: int) -> str | None:
    """The expression by which ``cards`` (all of them, each once) make ``target``, or None."""
    if not cards:
        return None
    e = all_used(_key(cards)).get(target)
    return None if e is None else f"{e[0]} = {target}"


#: :func:`payment` by the ranks paid (a string, in the order given), then by the river
#: card's rank: at most 2,379 x 13 answers, filled as met. Keyed by ranks, read anew at
#: each payment: a table of them by the cards paid grew with every new set of cards paid
#: (12,800 after 725 random games, toward its bound of 50,000), and its lookups, missing
#: the processor's caches, cost more time than they spared.
_PAYMENT: dict[str, dict[str, tuple[tuple[int], str]]] = {}


def payment(cards: tuple[str, ...], card: str) -> tuple[tuple[int], str]:
    """The value (as a 1-tuple) and expression by which ``cards``, known to pay for the
    river card ``card``, make its value: what a boat move's event records."""
    ranks = "".join([c[0] for c in cards])
    by_rank = _PAYMENT.get(ranks)
    if by_rank is None:
        by_rank = _PAYMENT[ranks] = {}
    rank = card[0]
    made = by_rank.get(rank)
    if made is None:
        made = by_rank[rank] = next(
            ((v,), t) for v in card_values(card) if (t := expression(cards, v)) is not None
        )
    return made


def targets_made(cards: Sequence[str]) -> dict[int, str]:
    """Every target 1-14 that ``cards`` make all together, with its expression (for a UI
    that shows what the picked cards reach)."""
    if not cards:
        return {}
    made = all_used(_key(cards))
    return {t: f"{made[t][0]} = {t}" for t in TARGETS if t in made}


def clear_cache() -> None:
    """Forget every cached answer (for benchmarks of the cold cost)."""
    all_used.cache_clear()
    hand_table.cache_clear()
    _PAYMENT.clear()
