"""Editing Currents positions by clicking: cards on the compass, slots and hands, the pawn,
hands as text, and whose turn it is."""

from __future__ import annotations

from typing import Any

from tablegames.cards import pretty
from tablegames.currents import CurrentsState
from tablegames.currents.geometry import POINTS, SLOTS

from ..board import Key
from ..editor import REMOVE, CardGameEditor, edit_hand_card
from .board import CurrentsBoard

PAWN = "pawn"
KEYS = ("pawn", "compass", "currents", "hands", "current_player", "seed")


def position_data(state: Any) -> dict[str, Any]:
    """The editable part of a state: board, hands and whose turn (piles are rebuilt)."""
    d = state.to_json()
    return {k: d[k] for k in KEYS}


def _remove_everywhere(data: dict[str, Any], card: str) -> None:
    for p in POINTS:
        if data["compass"][p] == card:
            data["compass"][p] = None
        data["currents"][p] = [None if c == card else c for c in data["currents"][p]]
    data["hands"] = [[c for c in h if c != card] for h in data["hands"]]


def edit(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
    """What a click on ``key`` with ``tool`` (a card code, 'pawn' or 'remove') does."""
    if not (isinstance(key, tuple) and len(key) == 2):
        raise ValueError(f"{key!r} is no place of the board: expected (kind, where)")
    kind: str = key[0]
    where: Any = key[1]
    if tool == PAWN:
        if kind != "point":
            raise ValueError("With the pawn tool, click an intersection of the board.")
        data["pawn"] = list(where)
        return data
    if kind == "point":
        raise ValueError("Choose the pawn tool to move the pawn.")
    if kind == "card":
        edit_hand_card(data, where, tool, lambda card: _remove_everywhere(data, card))
        return data
    if kind not in ("compass", "slot"):
        raise ValueError("Click a compass point, a current slot, a card in a hand or the board.")
    card = None if tool == REMOVE else tool
    if card is not None:
        _remove_everywhere(data, card)
    if kind == "compass":
        data["compass"][POINTS[where]] = card
    else:
        side, k = SLOTS[where][0], int(SLOTS[where][1])
        data["currents"][side][k] = card
    return data


class CurrentsEditor(CardGameEditor):
    """Edit a Currents position; refused edits show the engine's reason.

    The editor works on Play-phase positions: a position taken from set-up, goaltending
    or a finished game becomes, after the first edit, the current player's Play turn
    (the board, hands and whose turn are kept; the piles are rebuilt from the rest).
    """

    def __init__(self, state: CurrentsState, **board_options: Any) -> None:
        board = CurrentsBoard(state, **board_options)
        tools = [("Move the pawn", PAWN), ("Remove a card", REMOVE)] + [
            (f"Put {pretty(c)}", c) for c in state.game.deck
        ]
        places: list[tuple[str, Key]] = [
            (f"compass {p}", ("compass", i)) for i, p in enumerate(POINTS)
        ]
        places += [(f"slot {s}", ("slot", i)) for i, s in enumerate(SLOTS)]
        places += [(f"hand card {pretty(c)}", ("card", c)) for c in state.game.deck]
        places += [
            (f"intersection ({x}, {y})", ("point", (x, y))) for y in range(9) for x in range(9)
        ]
        super().__init__(board, tools, edit, KEYS, places)
