"""The Poohsticks editor: clicks change the position through the engine, and impossible
edits are refused with the engine's reason, the position kept."""

from __future__ import annotations

from support.widgets import centre, click
from tablegames_widgets import PoohsticksEditor

import tablegames as tg


def test_poohsticks_editor_moves_a_boat_and_refuses_a_blocked_river():
    game = tg.make("poohsticks", players=2)
    ed = PoohsticksEditor(game.initial_state(2))
    lay = ed.board.geometry
    ed.tool.value = "boat 0"
    click(ed.board.layers.multi, *centre(lay.cell_rect(game.index["A2"])))
    assert ed.state.boats[0] == game.index["A2"]
    ed.tool.value = "rock"
    click(ed.board.layers.multi, *centre(lay.cell_rect(game.index["A4"])))
    assert game.index["A4"] in ed.state.rocks
    before = ed.state
    click(ed.board.layers.multi, *centre(lay.cell_rect(game.index["B4"])))  # the row is now blocked
    assert ed.state is before and "Refused" in ed.error.value
