"""Item pickers: the items at given indices of a tuple, as a tuple, at C speed, for the
engines' hot paths (a move list cut out of a table of moves, a payment's cards out of a
hand)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any


def picker(indices: Sequence[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function giving the items at ``indices`` of a sequence, as a tuple. An
    itemgetter gives an item, not a 1-tuple, for a single index, and needs at least one:
    a slice serves both.

    >>> hand = ("2C", "7H", "KS")
    >>> picker([0, 2])(hand), picker([1])(hand), picker([])(hand)
    (('2C', 'KS'), ('7H',), ())
    """
    if len(indices) > 1:
        return itemgetter(*indices)
    i = indices[0] if indices else 0
    return itemgetter(slice(i, i + len(indices)))
