"""Editing Card Chess positions by clicking: put a unit on top of a cell (wherever it was),
move the top unit of a cell onto another (two clicks), send a top unit back to its
side's hand (a progressive set-up); hands as text; whose turn it is. The engine checks
every edit (``state_from_json``): an impossible position is refused with its reason."""

from __future__ import annotations

import html
from typing import Any

from tablegames.cardchess.moves import CELL_NAMES, SIZE, UNITS
from tablegames.cardchess.state import OWNER, CardChessState
from tablegames.cardchess.text import SIDE_NAMES, unit_label

from ..board import Key
from ..editor import REMOVE, CardGameEditor
from .board import CardChessBoard, key_parts

#: What an edit keeps of a position: the ply, events and result start afresh.
KEYS = ("surface", "units", "hands", "current_player", "seed")
MOVE = "move"  #: the tool that moves a top unit: click its cell, then the cell it goes to


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


class CardChessEditor(CardGameEditor):
    """Edit a Card Chess position; refused edits (a unit outside its start area during
    the set-up, both kings of a side covered while the game goes on...) show the engine's
    reason and keep the previous position."""

    def __init__(self, state: CardChessState, **board_options: Any) -> None:
        board = CardChessBoard(state, **board_options)
        tools: list[tuple[str, Any]] = [
            ("Move a top unit (two clicks)", MOVE),
            ("Take a top unit back to hand", REMOVE),
        ]
        tools += [(f"Put {unit_label(u)}", u) for u in sorted(UNITS, key=lambda u: (OWNER[u], u))]
        places = [(f"cell {CELL_NAMES[i]}", ("to", i)) for i in range(SIZE)]
        self.pending: int | None = None  #: the cell picked by the move tool
        super().__init__(board, tools, edit, KEYS, places, names=SIDE_NAMES)
        self.tool.observe(lambda _ch: self._forget_pending(), names="value")

    def position_data(self, state: Any) -> dict[str, Any]:
        data = super().position_data(state)
        if data.get("current_player", 0) < 0:  # a finished game: the engine picks who moves
            del data["current_player"]
        return data

    def _clicked(self, key: Key) -> None:
        if self.tool.value != MOVE:
            super()._clicked(key)
            return
        cell = cell_of(key)
        if cell is None:
            self._say("Click a cell of the surface.")
            return
        if self.pending is None or self.pending == cell:
            if self.pending is None and not self.state.stacks[cell]:  # type: ignore[attr-defined]
                self._say(f"There is no unit on {CELL_NAMES[cell]} to move.")
                return
            self.pending = None if self.pending == cell else cell
            picked = () if self.pending is None else (("from", cell),)
            self.board.show(self.state, selected=picked)
            self.error.value = ""
            return
        src, self.pending = self.pending, None
        if not self.apply_data(move_top(self.position_data(self.state), src, cell)):
            self.board.show(self.state)

    def _forget_pending(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.board.show(self.state)

    def _say(self, text: str) -> None:
        self.error.value = f"<div role='alert' style='color:#c62828'>{html.escape(text)}</div>"
