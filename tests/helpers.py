"""Small builders shared by the tests: hand-built Currents positions and move sequences."""

from __future__ import annotations

from typing import Any

import tablegames as tg
from tablegames.currents import CurrentsState


def currents(data: dict[str, Any], **options: Any) -> CurrentsState:
    """A Currents state from a hand-built JSON position (see docs/currents-json.md)."""
    state = tg.make("currents", **options).state_from_json(data)
    assert isinstance(state, CurrentsState)
    return state


def play(state: tg.State, *moves: str) -> Any:
    """Apply moves written in notation, one after the other."""
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


def kinds(state: tg.State) -> list[str]:
    """The kinds of the events the last apply recorded."""
    return [e.kind for e in getattr(state, "events", ())]
