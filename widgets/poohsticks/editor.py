"""Editing Poohsticks positions by clicking: river cards, boats, rocks and bridge cards,
hand cards; hands as text; whose turn it is."""

from __future__ import annotations

from typing import Any

from tablegames.cards import pretty
from tablegames.poohsticks.state import PoohsticksState

from ..board import Key
from ..editor import REMOVE, CardGameEditor, edit_hand_card
from .board import PoohsticksBoard

KEYS = ("river", "face_down", "rocks", "boats", "hands", "current_player", "powers_used", "seed")
ROCK = "rock"
FLIP = "flip"


def _remove_everywhere(data: dict[str, Any], card: str) -> None:
    data["river"] = [[None if c == card else c for c in row] for row in data["river"]]
    data["hands"] = [[c for c in h if c != card] for h in data["hands"]]


def edit(
    data: dict[str, Any], key: Key, tool: Any, names: tuple[str, ...], width: int
) -> dict[str, Any]:
    """What a click with ``tool`` does: a card code goes on a river cell (or replaces a hand
    card), ``boat <p>`` puts that player's boat on a cell, ``rock`` and ``flip`` toggle a
    rock or a face-down bridge card, ``remove`` takes a hand card out."""
    if isinstance(key, tuple) and key[0] == "card":
        edit_hand_card(data, key[1], tool, lambda card: _remove_everywhere(data, card))
        return data
    if not (isinstance(key, tuple) and key[0] == "cell"):
        raise ValueError("Click a river card or a card in a hand.")
    where: int = key[1]
    name = names[where]
    if isinstance(tool, str) and tool.startswith("boat "):
        player = int(tool.split()[1])
        data["boats"] = [None if b == name else b for b in data["boats"]]
        data["boats"][player] = name
    elif tool in (ROCK, FLIP):
        field = "rocks" if tool == ROCK else "face_down"
        cells = data[field]
        data[field] = [c for c in cells if c != name] if name in cells else [*cells, name]
    elif tool == REMOVE:
        raise ValueError("A river cell always holds a card: put another card on it instead.")
    else:
        _remove_everywhere(data, tool)
        r, c = divmod(where, width)
        data["river"][r][c] = tool
    return data


class PoohsticksEditor(CardGameEditor):
    """Edit a Poohsticks position; refused edits (a river with no way through, a boat on a
    rock...) show the engine's reason."""

    def __init__(self, state: PoohsticksState, **board_options: Any) -> None:
        board = PoohsticksBoard(state, **board_options)  # type: ignore[arg-type]
        g = state.game
        tools: list[tuple[str, Any]] = [(f"Put P{p}'s boat", f"boat {p}") for p in range(g.players)]
        tools += [("Toggle a rock", ROCK), ("Turn a bridge card", FLIP),
                  ("Remove a hand card", REMOVE)]  # fmt: skip
        tools += [(f"Put {pretty(c)}", c) for c in g.deck]
        places: list[tuple[str, Key]] = [(f"cell {g.names[i]}", ("cell", i)) for i in g.cells]
        places += [(f"hand card {pretty(c)}", ("card", c)) for c in g.deck]

        def click(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
            return edit(data, key, tool, g.names, g.width)

        super().__init__(board, tools, click, KEYS, places)
