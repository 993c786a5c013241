"""The Fellowship editor: clicks change the position through the engine, and impossible
edits are refused with the engine's reason, the position kept."""

from __future__ import annotations

from support.widgets import centre, click
from tablegames_widgets import FellowshipEditor

import tablegames as tg


def test_fellowship_editor_puts_a_card_on_a_stack_and_takes_it_off():
    state = tg.make("fellowship", players=2).initial_state(3)
    ed = FellowshipEditor(state)
    lay = ed.board.geometry
    # Stacks grow only by captures, so only a card that could capture the top is taken;
    # the others are refused and leave the position as it was.
    for card in (c for c in state.draw_pile if c != "JS"):
        ed.tool.value = card
        click(ed.board.layers.multi, *centre(lay.stack_rect(5)))
        if len(ed.state.circle[5]) == 2:
            break
        assert ed.state.circle == state.circle and "Refused" in ed.error.value
    assert ed.state.circle[5][-1] == card and len(ed.state.circle[5]) == 2
    ed.tool.value = "remove"
    click(ed.board.layers.multi, *centre(lay.stack_rect(5)))
    assert len(ed.state.circle[5]) == 1
    before = ed.state
    click(ed.board.layers.multi, *centre(lay.stack_rect(5)))  # a stack keeps at least one card
    assert ed.state is before and "at least one card" in ed.error.value


def test_fellowship_editor_refuses_a_sixth_hand_card():
    state = tg.make("fellowship", players=2).initial_state(3)
    ed = FellowshipEditor(state)
    ed.hands[0].value = " ".join([*state.hands[0], state.draw_pile[0]])
    assert ed.state.hands == state.hands
    assert "Refused" in ed.error.value
