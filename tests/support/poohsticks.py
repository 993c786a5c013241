"""Hand-built Poohsticks positions and small helpers shared by the Poohsticks tests."""

from __future__ import annotations

from typing import Any

from tablegames_widgets.teach import poohsticks as teach

import tablegames as tg
from support.moves import kinds, play
from support.moves import legal_list as legal  # the tests read the engine's order
from tablegames.poohsticks import PoohsticksMove, PoohsticksState

#: A 2x6 river with no aces: column A then B on each row, row 1 first. The rules are
#: tested on the very river the walkthrough teaches them on.
RIVER = teach.RIVER


def data(
    hands: list[str], river: list[list[str | None]] | None = None, **extra: Any
) -> dict[str, Any]:
    """A hand-built position as JSON; ``hands`` are space-separated codes."""
    return {"river": river or RIVER, "hands": [h.split() for h in hands], **extra}


def position(
    hands: list[str],
    river: list[list[str | None]] | None = None,
    extra: dict[str, Any] | None = None,
    **options: Any,
) -> PoohsticksState:
    """A hand-built position (player 0 to play unless ``extra`` says otherwise)."""
    hands = hands + [""] * (options.get("players", 2) - len(hands))
    state = tg.make("poohsticks", **options).state_from_json(data(hands, river, **(extra or {})))
    assert isinstance(state, PoohsticksState)
    return state


def boat(state: PoohsticksState, player: int) -> str | None:
    b = state.boats[player]
    return None if b is None else state.game.names[b]


__all__ = ["RIVER", "PoohsticksMove", "boat", "data", "kinds", "legal", "play", "position"]
