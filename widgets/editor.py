"""Position editing shared by every game: every edit goes through ``state_from_json``.

A game supplies ``edit(data, key, tool) -> data``: what a click with the chosen tool
does to the position's JSON. The editor validates the result with the engine; an
impossible position is refused with the engine's message and the previous valid
position stays. The position can be exported and imported as JSON text.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, Text, Textarea, VBox

import tablegames as tg

from .board import BoardWidget, Key
from .pictured import control_rows
from .static import StaticPicture, panel_svg
from .status import ERROR

Edit = Callable[[dict[str, Any], Key, Any], dict[str, Any]]
#: The place list's first entry. Not None: ipywidgets shows a None value as a blank box.
NO_PLACE = "(choose)"


class PositionEditor(StaticPicture, VBox):  # type: ignore[misc]
    """Edit ``board``'s position by clicking with a tool from ``tools`` (label, value) pairs.

    Its static picture (see ``static.py``) is what it shows: its tools, the position being
    edited, a refusal if the last edit was refused, and the JSON buttons.
    """

    def __init__(
        self,
        board: BoardWidget,
        tools: Sequence[tuple[str, Any]],
        edit: Edit,
        to_data: Callable[[tg.State], dict[str, Any]],
        extra: Sequence[Any] = (),
        places: Sequence[tuple[str, Key]] = (),
    ) -> None:
        self.board = board
        self.edit = edit
        self.to_data = to_data
        self.tool = Dropdown(options=list(tools), description="Tool", layout=Layout(width="260px"))
        self.error = HTML()
        self.error.add_class("tablegames-editor-error")
        self.json = Textarea(layout=Layout(width="100%", height="140px"), placeholder="JSON")
        self.export_button = Button(description="Export JSON", tooltip="Write the position below")
        self.import_button = Button(description="Import JSON", tooltip="Load the JSON below")
        self.export_button.on_click(lambda _b: self.export())
        self.import_button.on_click(lambda _b: self.load_text(self.json.value))
        # The keyboard path: choose a place from the list instead of clicking it.
        self.place = Dropdown(options=[(NO_PLACE, NO_PLACE), *places], description="Place",
                              layout=Layout(width="260px"))  # fmt: skip
        self.apply_button = Button(description="Apply", tooltip="Use the tool on that place")
        self.apply_button.on_click(lambda _b: self._apply_to_place())
        keyboard = [self.place, self.apply_button] if places else []
        board.on_click(self._clicked)
        super().__init__(
            [
                HBox([self.tool, *extra, *keyboard]),
                board,
                self.error,
                HBox([self.export_button, self.import_button]),
                self.json,
            ]
        )
        self.add_class("tablegames-editor")

    @property
    def state(self) -> tg.State:
        return self.board.state

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.board.describe(self.state)}>"

    def static_svg(self) -> str:
        """The static picture: the board with the editor's controls under it (the row of
        tools first, as in the live editor, then the hand fields and JSON buttons), and a
        refusal's text in red."""
        refusal = html.unescape(re.sub(r"<[^>]+>", "", str(self.error.value))).strip()
        rows = control_rows(c for c in self.children if c is not self.board)
        return panel_svg(self.board.static_svg(), rows=rows,
                         lines=[(refusal, ERROR)] if refusal else [])  # fmt: skip

    def apply_data(self, data: dict[str, Any]) -> bool:
        """Validate ``data`` with the engine and show it; False (reason shown) if refused."""
        try:
            state = self.state.game.state_from_json(data)
        except (tg.InvalidState, ValueError) as exc:
            self.say(f"Refused: {exc}")
            return False
        self.error.value = ""
        self.board.show(state)
        self.on_change(state)
        return True

    def on_change(self, state: tg.State) -> None:
        """Called after every accepted edit (subclasses refresh their fields)."""

    def export(self) -> str:
        """The position as JSON text (also written into the text area)."""
        self.json.value = json.dumps(self.state.to_json(), indent=1)
        return str(self.json.value)

    def load_text(self, text: str) -> bool:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self.say(f"Not JSON: {exc}")
            return False
        return self.apply_data(data)

    def _apply_to_place(self) -> None:
        if self.place.value not in (None, NO_PLACE):
            self._clicked(self.place.value)

    def _clicked(self, key: Key) -> None:
        try:
            data = self.edit(self.to_data(self.state), key, self.tool.value)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.apply_data(data)

    def say(self, text: str) -> None:
        """Show ``text`` as the editor's refusal (in red, read out by screen readers)."""
        self.error.value = f"<div role='alert' style='color:#c62828'>{html.escape(text)}</div>"


MOVE = "move"  #: the tool that moves what stands on a cell: click it, then where it goes


class TwoClickMove(PositionEditor):
    """A position editor with a move tool (:data:`MOVE`): the first click picks a cell,
    a click on the same cell lets it go, a click on another cell moves what stood on the
    first there. A game says how a click names a cell (:meth:`cell_of`), why a cell has
    nothing to move (:meth:`nothing_on`) and what the move does to the position's JSON
    (:meth:`move_data`). Put it before the game's editor base: ``class E(TwoClickMove,
    CardGameEditor)``."""

    pending: int | None = None  #: the cell the move tool picked
    #: What a click of the move tool that names no cell is told.
    not_a_cell = "Click a cell of the board."

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tool.observe(lambda _ch: self._forget_pending(), names="value")

    def cell_of(self, key: Key) -> int | None:
        """The cell a click on ``key`` names, else None."""
        raise NotImplementedError

    def nothing_on(self, cell: int) -> str:
        """Why nothing on ``cell`` can be picked to move ("" when something can)."""
        raise NotImplementedError

    def move_data(self, data: dict[str, Any], src: int, dst: int) -> dict[str, Any]:
        """``data`` with what stood on ``src`` moved to ``dst`` (ValueError: refused)."""
        raise NotImplementedError

    def _clicked(self, key: Key) -> None:
        if self.tool.value != MOVE:
            super()._clicked(key)
            return
        cell = self.cell_of(key)
        if cell is None:
            self.say(self.not_a_cell)
            return
        if self.pending is None or self.pending == cell:
            why = self.nothing_on(cell) if self.pending is None else ""
            if why:
                self.say(why)
                return
            self.pending = None if self.pending == cell else cell
            picked = () if self.pending is None else (("from", cell),)
            self.board.show(self.state, selected=picked)
            self.error.value = ""
            return
        src, self.pending = self.pending, None
        try:
            data = self.move_data(self.to_data(self.state), src, cell)
        except ValueError as exc:
            self.say(str(exc))
            return
        if not self.apply_data(data):
            self.board.show(self.state)

    def _forget_pending(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.board.show(self.state)


REMOVE = "remove"  #: the tool that takes a card away


def edit_hand_card(
    data: dict[str, Any], card: str, tool: Any, remove: Callable[[str], None]
) -> None:
    """A click on ``card`` in a hand: the tool's card takes its place (``remove`` first takes
    that card away wherever else it is), or the remove tool takes it out."""
    hand_of = next((p for p, h in enumerate(data["hands"]) if card in h), None)
    if hand_of is None:
        raise ValueError(f"{card} is not in any hand; type hands in the hand fields.")
    i = data["hands"][hand_of].index(card)
    if tool == REMOVE:
        del data["hands"][hand_of][i]
        return
    remove(tool)
    hand = data["hands"][hand_of]
    hand.insert(min(i, len(hand)), tool)


class CardGameEditor(PositionEditor):
    """A position editor for card games: the board's clicks, plus a text field per hand and
    the choice of whose turn it is. ``keys`` are the JSON keys an edit keeps (the piles are
    rebuilt by the engine from the cards not mentioned); ``names`` name the players (P0,
    P1... by default)."""

    def __init__(
        self,
        board: BoardWidget,
        tools: Sequence[tuple[str, Any]],
        edit: Edit,
        keys: Sequence[str],
        places: Sequence[tuple[str, Key]] = (),
        names: Sequence[str] = (),
    ) -> None:
        self.kept = tuple(keys)  # (not ``keys``: ipywidgets uses that name)
        state = board.state
        n = state.game.num_players
        names = tuple(names) or tuple(f"P{p}" for p in range(n))
        self.turn = Dropdown(options=[(names[p], p) for p in range(n)], description="To play",
                             layout=Layout(width="160px"))  # fmt: skip
        # continuous_update=False: the value arrives on Enter (or leaving the field)
        self.hands = [
            Text(description=f"{name} hand", continuous_update=False, layout=Layout(width="260px"))
            for name in names[:n]
        ]
        super().__init__(board, tools, edit, self.position_data, [self.turn], places)
        rows: tuple[Any, ...] = VBox.children.get(self)  # the rows PositionEditor made
        self.children = (*rows[:2], *self.hands, *rows[2:])
        self.turn.observe(lambda ch: self._set("current_player", ch["new"]), names="value")
        for p, field in enumerate(self.hands):
            field.observe(lambda ch, p=p: self._set_hand(p, ch["new"]), names="value")
        self.on_change(state)

    def position_data(self, state: tg.State) -> dict[str, Any]:
        """The editable part of ``state`` as JSON."""
        d = state.to_json()
        return {k: d[k] for k in self.kept if k in d}

    def on_change(self, state: tg.State) -> None:
        self.turn.value = state.current_player if state.current_player >= 0 else 0
        for field, hand in zip(self.hands, state.to_json()["hands"]):
            field.value = " ".join(hand)

    def _set(self, key: str, value: Any) -> None:
        data = self.position_data(self.state)
        if data.get(key) != value:
            data[key] = value
            self.apply_data(data)

    def _set_hand(self, player: int, text: str) -> None:
        data = self.position_data(self.state)
        hand = text.upper().split()
        if hand == data["hands"][player]:
            return  # unchanged (e.g. the field refreshed from the position)
        data["hands"][player] = hand
        if not self.apply_data(data):
            self.on_change(self.state)
