"""Currents' moves as its board shows them: the key of the place a card goes to, and a
move in words; shared by the board and its what-if preview."""

from __future__ import annotations

from tablegames.cards import pretty
from tablegames.currents import CurrentsMove
from tablegames.currents.geometry import POINTS, SLOTS


def place_key(target: str) -> tuple[str, int]:
    """The key of the place a card goes to: ``("compass", i)`` for a compass point
    (``"N"``), ``("slot", i)`` for a current slot (``"N2"``).

    >>> place_key("E"), place_key("N2")
    (('compass', 1), ('slot', 2))
    """
    if len(target) == 1:
        return ("compass", POINTS.index(target))
    return ("slot", SLOTS.index(target))


def describe_move(move: CurrentsMove) -> str:
    """A move in words, for buttons and logs: ``'Play 7♥ on slot N2'``."""
    k = move.kind
    card = pretty(move.card) if move.card else ""
    if k == "place":
        where = f"compass {move.target}" if len(move.target) == 1 else f"slot {move.target}"
        return f"Play {card} on {where}"
    if k == "jack":
        return f"{card}: discard compass {move.target}"
    if k == "queen":
        return f"{card}: swap slots " + move.target.replace("~", " and ")
    if k == "king":
        return f"{card}: rotate compass " + (
            "clockwise" if move.target == "cw" else "anticlockwise"
        )
    if k == "joker":
        return f"{card}: shuffle"
    if k == "discard":
        return f"Discard {card}"
    if k == "defend":
        return "Goaltend with " + " ".join(pretty(c) for c in move.cards)
    if k == "decline":
        return "Let the pawn through"
    return "No combination attack"
