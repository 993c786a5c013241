"""Small builders shared by the tests: hand-built Currents positions and move sequences."""

from __future__ import annotations

from typing import Any

import tablegames as tg
from support.moves import kinds, legal, play
from tablegames.currents import CurrentsState


def currents(data: dict[str, Any], **options: Any) -> CurrentsState:
    """A Currents state from a hand-built JSON position (see docs/currents-json.md)."""
    state = tg.make("currents", **options).state_from_json(data)
    assert isinstance(state, CurrentsState)
    return state


#: A full compass of aces: clubs north, diamonds east, hearts south, spades west.
FULL = {"N": "AC", "E": "AD", "S": "AH", "W": "AS"}


def slots(**cards: str) -> dict[str, list[str | None]]:
    """The JSON ``currents`` object with the given slots filled, e.g. ``slots(N1="7H")``."""
    out: dict[str, list[str | None]] = {side: [None] * 4 for side in "NESW"}
    for slot, card in cards.items():
        out[slot[0]][int(slot[1])] = card
    return out


def position_data(
    hands: list[str],
    compass: dict[str, str | None] | None = None,
    cur: dict[str, str] | None = None,
    pawn: tuple[int, int] = (4, 4),
    player: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A hand-built Play-phase position as JSON; ``hands`` are space-separated codes."""
    return {
        "hands": [h.split() for h in hands],
        "compass": FULL if compass is None else compass,
        "currents": slots(**(cur or {})),
        "pawn": list(pawn),
        "current_player": player,
        **extra,
    }


def position(
    hands: list[str],
    compass: dict[str, str | None] | None = None,
    cur: dict[str, str] | None = None,
    pawn: tuple[int, int] = (4, 4),
    player: int = 0,
    extra: dict[str, Any] | None = None,
    **options: Any,
) -> CurrentsState:
    """A hand-built Play-phase position; missing hands (for the player count) are empty."""
    hands = hands + [""] * (options.get("players", 4) - len(hands))
    return currents(position_data(hands, compass, cur, pawn, player, **(extra or {})), **options)


#: support.moves' helpers are re-exported: a test imports all it needs from its game's module
__all__ = ["FULL", "currents", "kinds", "legal", "play", "position", "position_data", "slots"]
