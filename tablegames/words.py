"""Words for counts in the engine's messages: "1 card", "2 cards", never "card(s)"; and
the sentence every seat may read of any state (whose turn, who won).
"""

from __future__ import annotations

from typing import Any


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


def public_sentence(state: Any) -> str:
    """What every seat knows of ``state`` in one sentence: whose turn, or who won.

    >>> import tablegames as tg
    >>> public_sentence(tg.make("resistor").initial_state(1))
    'Resistor: player 1 to move.'
    """
    title = state.game.info.title
    if not state.is_terminal:
        return f"{title}: player {state.current_player} to move."
    won = sorted(state.winners)
    if not won:
        return f"{title}: game over, no winner."
    return f"{title}: game over, player {' and '.join(map(str, won))} won."
