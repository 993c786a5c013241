"""The Fellowship editor: clicks change the position through the engine, and impossible
edits are refused with the engine's reason, the position kept. The board draws the game's
scene: its canvas and its SVG picture show the same texts, cards and ring."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from support.widgets import (
    SVG,
    board_scene,
    centre,
    click,
    random_state,
    svg_texts,
)
from tablegames_widgets import FellowshipBoard, FellowshipEditor

import tablegames as tg
from tablegames import style
from tablegames.fellowship.scene import UNDER, UNDER_FILL, state_scene
from tablegames.fellowship.text import role_text
from tablegames.scene import Card, Rect, Text, state_svg
from tablegames.style import BOARD_DARK


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


# ---- the board draws the game's scene: the canvas and the SVG picture are one picture ----


#: a deal, a middle game with stacks of every height, a finished game (roles revealed)
POSITIONS = {
    "deal": lambda: random_state(tg.make("fellowship", players=2), 1, 0),
    "middle": lambda: random_state(tg.make("fellowship", players=3), 3, 14),
    "over": lambda: random_state(tg.make("fellowship", players=4), 5, None),
}


@pytest.mark.parametrize("viewer", [None, 0, 1])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_canvas_and_svg_draw_one_scene(canvas, name, viewer):
    """Every text (with its ink), card back, face, cards under a stack and the ring the
    board draws is in its static SVG picture and the reverse, from every viewpoint."""
    state = POSITIONS[name]()
    fills = (style.CARD_BACK, style.CARD_FACE, *UNDER_FILL)
    svg = board_scene(canvas, FellowshipBoard, state, viewer, fills)
    rings = [c for c in canvas.find("strokeCircles") if c.style["stroke_style"] == BOARD_DARK]
    assert len(rings) == 1 and len(ET.fromstring(svg).findall(f"{SVG}circle")) == 1


def test_cards_under_a_stack_are_drawn_deepest_first_and_at_most_three():
    state = random_state(tg.make("fellowship", players=3), 3, 14)
    heights = [len(s) for s in state.circle]
    assert max(heights) > 4  # a stack taller than what is drawn of it
    scene = state_scene(state)
    under = [s for s in scene.pieces if isinstance(s, Rect) and s.fill in UNDER_FILL]
    assert len(under) == sum(min(h - 1, UNDER) for h in heights)
    depths = [UNDER_FILL.index(r.fill) + 1 for r in under]
    assert depths == sorted(depths, reverse=True)  # a deeper card never covers a shallower


def test_a_stack_height_sits_on_a_paper_tab_over_the_backs_underneath():
    """The "×N" under a stack of two or more lies over the dark card backs below it: each
    is drawn on a tab of the page's colour, after every card, so it reads."""
    state = random_state(tg.make("fellowship", players=3), 3, 14)
    pieces = state_scene(state).pieces
    labels = [k for k, s in enumerate(pieces) if isinstance(s, Text) and s.text.startswith("×")]
    assert len(labels) == sum(len(stack) > 1 for stack in state.circle) > 0
    last_card = max(k for k, s in enumerate(pieces) if isinstance(s, Card))
    for k in labels:
        tab, text = pieces[k - 1], pieces[k]
        assert isinstance(tab, Rect) and tab.fill == style.PAPER and k > last_card
        assert tab.x <= text.x and tab.y < text.y <= tab.y + tab.h


def test_the_player_to_move_is_named_and_highlighted_on_board_and_picture(canvas):
    state = random_state(tg.make("fellowship", players=3), 3, 14)
    board = FellowshipBoard(state, viewer=state.player)
    canvas.clear()
    board.redraw()
    mark = f"P{state.player} ({role_text(state.roles[state.player])}) ◀ to move"
    drawn = {c.args[0]: c.style["fill_style"] for c in canvas.find("fillText")}
    assert drawn[mark] == style.HIGHLIGHT
    assert sum("◀" in t for t in drawn) == 1
    assert (mark, style.HIGHLIGHT) in svg_texts(board.static_svg())
    over = random_state(tg.make("fellowship", players=4), 5, None)
    assert not any("◀" in t for t, _ in svg_texts(state_svg(over)))  # nobody moves after the end
