"""Editing Currents positions by clicking: cards on the compass, slots and hands, the pawn,
hands as text, and whose turn it is."""

from __future__ import annotations

from typing import Any

from ipywidgets import Dropdown, Layout, Text

from tablegames.cards import pretty
from tablegames.currents import CurrentsState
from tablegames.currents.geometry import POINTS, SLOTS

from ..board import Key
from ..editor import PositionEditor
from .board import CurrentsBoard

PAWN = "pawn"
REMOVE = "remove"


def position_data(state: Any) -> dict[str, Any]:
    """The editable part of a state: board, hands and whose turn (piles are rebuilt)."""
    d = state.to_json()
    return {k: d[k] for k in ("pawn", "compass", "currents", "hands", "current_player", "seed")}


def _remove_everywhere(data: dict[str, Any], card: str) -> None:
    for p in POINTS:
        if data["compass"][p] == card:
            data["compass"][p] = None
        data["currents"][p] = [None if c == card else c for c in data["currents"][p]]
    data["hands"] = [[c for c in h if c != card] for h in data["hands"]]


def edit(data: dict[str, Any], key: Key, tool: Any) -> dict[str, Any]:
    """What a click on ``key`` with ``tool`` (a card code, 'pawn' or 'remove') does."""
    kind, where = key  # type: ignore[misc]
    if tool == PAWN:
        if kind != "point":
            raise ValueError("With the pawn tool, click an intersection of the board.")
        data["pawn"] = list(where)
        return data
    if kind == "point":
        raise ValueError("Choose the pawn tool to move the pawn.")
    if kind == "card":
        hand_of = next((p for p, h in enumerate(data["hands"]) if where in h), None)
        if hand_of is None:
            raise ValueError(f"{where} is not in any hand; type hands in the hand fields.")
        hand = data["hands"][hand_of]
        i = hand.index(where)
        if tool == REMOVE:
            del hand[i]
        else:
            _remove_everywhere(data, tool)
            hand = data["hands"][hand_of]
            hand.insert(min(i, len(hand)), tool)
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


class CurrentsEditor(PositionEditor):
    """Edit a Currents position; refused edits show the engine's reason.

    The editor works on Play-phase positions: a position taken from set-up, goaltending
    or a finished game becomes, after the first edit, the current player's Play turn
    (the board, hands and whose turn are kept; the piles are rebuilt from the rest).
    """

    def __init__(self, state: CurrentsState, **board_options: Any) -> None:
        board = CurrentsBoard(state, **board_options)
        cards = [c for c in state.game.deck]
        tools = [("Move the pawn", PAWN), ("Remove a card", REMOVE)] + [
            (f"Put {pretty(c)}", c) for c in cards
        ]
        n = state.game.num_players
        self.turn = Dropdown(options=[(f"P{p}", p) for p in range(n)], description="To play",
                             layout=Layout(width="160px"))  # fmt: skip
        # continuous_update=False: the value arrives on Enter (or leaving the field)
        self.hands = [
            Text(description=f"P{p} hand", continuous_update=False, layout=Layout(width="260px"))
            for p in range(n)
        ]
        places = [(f"compass {p}", ("compass", i)) for i, p in enumerate(POINTS)]
        places += [(f"slot {s}", ("slot", i)) for i, s in enumerate(SLOTS)]
        places += [(f"hand card {pretty(c)}", ("card", c)) for c in state.game.deck]
        places += [
            (f"intersection ({x}, {y})", ("point", (x, y))) for y in range(9) for x in range(9)
        ]
        super().__init__(board, tools, edit, position_data, [self.turn], places)
        self.children = (*self.children[:2], *self.hands, *self.children[2:])
        self.turn.observe(lambda ch: self._set("current_player", ch["new"]), names="value")
        for p, field in enumerate(self.hands):
            field.observe(lambda ch, p=p: self._set_hand(p, ch["new"]), names="value")
        self.on_change(state)

    def on_change(self, state: Any) -> None:
        self.turn.value = state.current_player if state.current_player >= 0 else 0
        for field, hand in zip(self.hands, state.hands):
            field.value = " ".join(hand)

    def _set(self, key: str, value: Any) -> None:
        data = position_data(self.state)
        if data[key] != value:
            data[key] = value
            self.apply_data(data)

    def _set_hand(self, player: int, text: str) -> None:
        data = position_data(self.state)
        hand = text.upper().split()
        if hand == data["hands"][player]:
            return  # unchanged (e.g. the field refreshed from the position)
        data["hands"][player] = hand
        if not self.apply_data(data):
            self.on_change(self.state)
