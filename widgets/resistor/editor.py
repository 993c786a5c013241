"""Editing Resistor positions by clicking: put a piece of any kind on a cell (replacing
what stood there), move a piece or a dead space (two clicks), remove a piece; whose turn
it is. The engine checks every edit (``state_from_json``): an impossible position (a piece
too many for the game's options, an ampere on a dead space, a resistor in the charge
zone...) is refused with its reason and the previous position stays."""

from __future__ import annotations

from typing import Any

from ipywidgets import Dropdown, Layout

from tablegames.resistor.board import CELL_NAMES, SIZE
from tablegames.resistor.serialize import LISTS
from tablegames.resistor.state import ResistorState

from ..board import Key
from ..editor import MOVE, REMOVE, PositionEditor, TwoClickMove
from .board import PIECE_WORD, ResistorBoard, split_key, with_article

#: What an edit keeps of a position: the events, last move and result start afresh.
KEYS = ("phase", "current_player", "round", "first_amperes", "scores", "points", "turn",
        "dead", *LISTS, "turn_kind", "duty", "moves_made", "pending", "seed")  # fmt: skip
#: The put tools: the JSON list each piece kind is kept in, by piece code.
PUT = {code: key for key, (code, _zones, _words) in LISTS.items()}


def cell_of(key: Key) -> int | None:
    """The cell a board key names, else None."""
    cell = split_key(key)
    return cell[1] if cell is not None else None


def holder(data: dict[str, Any], name: str) -> str | None:
    """The JSON list (``amperes``, ``chargers``...) that has a piece on cell ``name``."""
    return next((key for key in LISTS if name in data.get(key, [])), None)


def _fresh_turn(data: dict[str, Any]) -> None:
    """Before any move of a turn the duty cycle follows the pieces: let the engine count
    it again (in the middle of a turn it stays what the turn began with)."""
    if not data.get("moves_made"):
        data.pop("duty", None)


def edit(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
    """What a click on ``key`` with ``tool`` does: a piece code (``A``, ``D``, ``C``,
    ``R``, ``O``) goes on the clicked cell, replacing what stood there; ``remove`` takes
    the cell's piece away."""
    cell = cell_of(key)
    if cell is None:
        raise ValueError("Click a cell of the board.")
    name = CELL_NAMES[cell]
    there = holder(data, name)
    if tool == REMOVE:
        if there is None:
            raise ValueError(f"There is no piece on {name} to remove.")
        data[there].remove(name)
    else:
        if there is not None:
            data[there].remove(name)
        data.setdefault(PUT[tool], []).append(name)
    _fresh_turn(data)
    return data


def move_piece(data: dict[str, Any], src: int, dst: int) -> dict[str, Any]:
    """Move the piece on ``src`` to ``dst`` (any cell: this is editing), or the dead
    space ``src`` when no piece stands on it."""
    a, b = CELL_NAMES[src], CELL_NAMES[dst]
    there = holder(data, a)
    if there is not None:
        data[there] = [b if n == a else n for n in data[there]]
    elif a in data.get("dead", []):
        data["dead"] = [b if n == a else n for n in data["dead"]]
    else:
        raise ValueError(f"There is no piece or dead space on {a} to move.")
    _fresh_turn(data)
    return data


class ResistorEditor(TwoClickMove, PositionEditor):
    """Edit a Resistor position; refused edits show the engine's reason and keep the
    previous position. The number of pieces is the game's (its ``amperes`` and
    ``resistors`` options): during play, move pieces or change their kind."""

    def __init__(self, state: ResistorState, **board_options: Any) -> None:
        board = ResistorBoard(state, offers=False, **board_options)
        tools: list[tuple[str, Any]] = [("Move a piece or dead space (two clicks)", MOVE),
                                        ("Remove a piece", REMOVE)]  # fmt: skip
        tools += [(f"Put {with_article(w)}", code) for code, w in
                  PIECE_WORD.items()]  # fmt: skip
        places = [(f"cell {CELL_NAMES[i]}", ("to", i)) for i in range(SIZE)]
        self.turn = Dropdown(options=[("Player 0", 0), ("Player 1", 1)], description="To play",
                             layout=Layout(width="180px"))  # fmt: skip
        super().__init__(board, tools, edit, self.position_data, [self.turn], places)
        self.on_change(state)
        self.turn.observe(lambda ch: self._set_turn(ch["new"]), names="value")

    def position_data(self, state: Any) -> dict[str, Any]:
        """The editable part of ``state`` as JSON."""
        d = state.to_json()
        data = {k: d[k] for k in KEYS if k in d}
        if data.get("current_player", 0) < 0:  # a finished match: the engine checks it
            del data["current_player"]
        return data

    def on_change(self, state: Any) -> None:
        if state.current_player >= 0:
            self.turn.value = state.current_player

    def _set_turn(self, player: int) -> None:
        """Give the turn to ``player``: a fresh turn (nothing moved, nothing pending)."""
        data = self.position_data(self.state)
        if data.get("current_player") == player:
            return
        data["current_player"] = player
        for k in ("turn_kind", "duty", "moves_made", "pending"):
            data.pop(k, None)
        if not self.apply_data(data):
            self.on_change(self.state)

    def cell_of(self, key: Key) -> int | None:
        return cell_of(key)

    def nothing_on(self, cell: int) -> str:
        s: ResistorState = self.state  # type: ignore[assignment]
        if s.board[cell] != "." or cell in s.dead:
            return ""
        return f"There is no piece or dead space on {CELL_NAMES[cell]} to move."

    def move_data(self, data: dict[str, Any], src: int, dst: int) -> dict[str, Any]:
        return move_piece(data, src, dst)
