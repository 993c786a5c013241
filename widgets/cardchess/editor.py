"""Editing Card Chess positions by clicking: put a unit on top of a cell (wherever it was),
move the top unit of a cell onto another (two clicks), send a top unit back to its
side's hand (a progressive set-up); hands as text; whose turn it is. The engine checks
every edit (``state_from_json``): an impossible position is refused with its reason."""

from __future__ import annotations

from typing import Any

from tablegames.cardchess.moves import CELL_NAMES, SIZE, UNITS
from tablegames.cardchess.state import OWNER, CardChessState
from tablegames.cardchess.text import SIDE_NAMES, unit_label

from ..board import Key
from ..editor import MOVE, REMOVE, CardGameEditor, TwoClickMove
from .board import CardChessBoard, key_parts

#: What an edit keeps of a position: the ply, events and result start afresh.
KEYS = ("surface", "units", "hands", "current_player", "seed")


def cell_of(key: Key) -> int | None:
    """The cell a board key names (a unit to pick or a destination), else None."""
    kind, where = key_parts(key)
    return int(where) if kind in ("from", "to") else None


def _take(data: dict[str, Any], unit: str) -> None:
    """Take ``unit`` away from wherever it is (a stack or a hand)."""
    units = {name: [u for u in stack if u != unit] for name, stack in data["units"].items()}
    data["units"] = {name: stack for name, stack in units.items() if stack}
    data["hands"] = [[u for u in h if u != unit] for h in data["hands"]]


def edit(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
    """What a click on ``key`` with ``tool`` does: a unit code goes on top of the clicked
    cell (taken from wherever it was); ``remove`` sends the cell's top unit back to its
    side's hand; a click on a hand card with ``remove`` does the same from the hand to
    nowhere (refused: every unit is somewhere)."""
    cell = cell_of(key)
    if cell is None:
        raise ValueError("Click a cell of the surface (type hands in the hand fields).")
    name = CELL_NAMES[cell]
    if tool == REMOVE:
        stack = data["units"].get(name)
        if not stack:
            raise ValueError(f"There is no unit on {name} to take off.")
        unit = stack.pop()
        if not stack:
            del data["units"][name]
        data["hands"][OWNER[unit]].append(unit)
        return data
    _take(data, tool)
    data["units"].setdefault(name, []).append(tool)
    return data


def move_top(data: dict[str, Any], src: int, dst: int) -> dict[str, Any]:
    """Move the top unit of cell ``src`` onto cell ``dst`` (any cell: this is editing)."""
    stack = data["units"].get(CELL_NAMES[src])
    if not stack:
        raise ValueError(f"There is no unit on {CELL_NAMES[src]} to move.")
    unit = stack.pop()
    if not stack:
        del data["units"][CELL_NAMES[src]]
    data["units"].setdefault(CELL_NAMES[dst], []).append(unit)
    return data


class CardChessEditor(TwoClickMove, CardGameEditor):
    """Edit a Card Chess position; refused edits (a unit outside its start area during
    the set-up, both kings of a side covered while the game goes on...) show the engine's
    reason and keep the previous position."""

    not_a_cell = "Click a cell of the surface."

    def __init__(self, state: CardChessState, **board_options: Any) -> None:
        board = CardChessBoard(state, **board_options)  # type: ignore[arg-type]  # a registered State
        tools: list[tuple[str, Any]] = [
            ("Move a top unit (two clicks)", MOVE),
            ("Take a top unit back to hand", REMOVE),
        ]
        tools += [(f"Put {unit_label(u)}", u) for u in sorted(UNITS, key=lambda u: (OWNER[u], u))]
        places = [(f"cell {CELL_NAMES[i]}", ("to", i)) for i in range(SIZE)]
        super().__init__(board, tools, edit, KEYS, places, names=SIDE_NAMES)

    def position_data(self, state: Any) -> dict[str, Any]:
        data = super().position_data(state)
        if data.get("current_player", 0) < 0:  # a finished game: the engine picks who moves
            del data["current_player"]
        return data

    def cell_of(self, key: Key) -> int | None:
        return cell_of(key)

    def nothing_on(self, cell: int) -> str:
        stacks = self.state.stacks  # type: ignore[attr-defined]
        return "" if stacks[cell] else f"There is no unit on {CELL_NAMES[cell]} to move."

    def move_data(self, data: dict[str, Any], src: int, dst: int) -> dict[str, Any]:
        return move_top(data, src, dst)
