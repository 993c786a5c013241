"""Words for counts in the engine's messages: "1 card", "2 cards", never "card(s)"."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``one`` when ``n`` is 1, else ``many`` (by default ``one`` with an s).

    >>> plural(1, "card"), plural(3, "card"), plural(2, "appears", "appear")
    ('card', 'cards', 'appear')
    """
    if n == 1:
        return one
    return one + "s" if many is None else many


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun as a person writes them.

    >>> counted(1, "space"), counted(0, "piece"), counted(4, "ampere")
    ('1 space', '0 pieces', '4 amperes')
    """
    return f"{n} {plural(n, one, many)}"
