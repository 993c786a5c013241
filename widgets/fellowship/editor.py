"""Editing Fellowship positions by clicking: put a card on top of a stack (or take the top
card off), change hand cards, type hands, choose whose turn it is."""

from __future__ import annotations

from typing import Any

from tablegames.cards import pretty
from tablegames.fellowship.moves import SIZE
from tablegames.fellowship.state import FellowshipState

from ..board import Key
from ..editor import REMOVE, CardGameEditor, edit_hand_card
from .board import FellowshipBoard

KEYS = ("circle", "hands", "current_player", "roles", "seed")


def _remove_everywhere(data: dict[str, Any], card: str) -> None:
    data["circle"] = [[c for c in stack if c != card] for stack in data["circle"]]
    data["hands"] = [[c for c in h if c != card] for h in data["hands"]]


def edit(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
    """A click on a stack puts the tool's card on top (or takes the top card off); a
    click on a hand card replaces or removes it."""
    if isinstance(key, tuple) and key[0] == "card":
        edit_hand_card(data, key[1], tool, lambda card: _remove_everywhere(data, card))
        return data
    if not (isinstance(key, tuple) and key[0] == "stack"):
        raise ValueError("Click a stack of the ring or a card in a hand.")
    where: int = key[1]
    if tool == REMOVE:
        if len(data["circle"][where]) == 1:
            raise ValueError("A stack keeps at least one card: put another card on it instead.")
        data["circle"][where].pop()
    else:
        _remove_everywhere(data, tool)
        data["circle"][where].append(tool)
    if not any("JS" in stack for stack in data["circle"]):
        data.pop("roles", None)  # the engine works the roles out from the Jack of Spades
    return data


class FellowshipEditor(CardGameEditor):
    """Edit a Fellowship position; refused edits show the engine's reason."""

    def __init__(self, state: FellowshipState, **board_options: Any) -> None:
        board = FellowshipBoard(state, **board_options)  # type: ignore[arg-type]  # a registered State
        tools = [("Take a card off", REMOVE)] + [(f"Put {pretty(c)}", c) for c in state.game.deck]
        places: list[tuple[str, Key]] = [(f"stack {i}", ("stack", i)) for i in range(SIZE)]
        places += [(f"hand card {pretty(c)}", ("card", c)) for c in state.game.deck]
        super().__init__(board, tools, edit, KEYS, places)
