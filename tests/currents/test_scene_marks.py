"""What the Currents picture marks, as the newcomer review of the walkthrough asked
(issue 28): a pinned slot's lines stand out from the other influence lines, a stopped
push leaves what stopped it in sight, a won pawn hides no card and the panel says who
won, the scout's path is drawn, and a pawn on the south edge leaves its line number
readable."""

from __future__ import annotations

import math

from support.currents import FULL, currents, slots

from tablegames.currents.scene import (
    OFF_BOARD_RADIUS,
    PAWN_RADIUS,
    PINNED,
    layout,
    state_scene,
)
from tablegames.currents.text import vector_words
from tablegames.scene import Arrow, Circle, Line, Text
from tablegames.style import PAWN

WORKED = {
    "compass": {"N": "AC", "E": "AD", "S": "AH", "W": None},
    "currents": slots(N1="2H", N2="3H", E1="4C", E2="5D", S1="6S"),
    "hands": [["7C", "8C", "9C", "TC"], [], [], []],
}


def test_the_net_push_is_written_in_words() -> None:
    assert vector_words((1, -1)) == "1 east, 1 south"
    assert vector_words((0, 2)) == "2 north"
    assert vector_words((0, 0)) == "none"


def test_a_pinned_slots_lines_are_dashed_dark_and_over_the_influence_lines() -> None:
    scene = state_scene(currents(WORKED), selected_slot=1)
    lines = [s for s in scene.overlay if isinstance(s, Line)]
    pinned = [k for k, s in enumerate(lines) if s.stroke == PINNED]
    assert len(pinned) == 3 and all(lines[k].dash for k in pinned)
    others = [k for k, s in enumerate(lines) if s.stroke != PINNED]
    assert others and max(others) < min(pinned)
    kinds = [type(s) for s in scene.overlay]
    assert kinds.index(Arrow) > max(k for k, s in enumerate(scene.overlay) if s in lines)


def test_a_stopped_push_ends_short_of_the_riptide_with_a_bar() -> None:
    state = currents(WORKED, obstacles=[(5, 3, "N")])
    scene = state_scene(state)
    assert not any(isinstance(s, Arrow) for s in scene.overlay)
    lay = layout(40.0, 4)
    rx, ry = lay.point(5, 3)
    shaft, bar = [s for s in scene.overlay if isinstance(s, Line)][-2:]
    assert math.dist((shaft.x2, shaft.y2), (rx, ry)) >= 0.4 * lay.square
    assert math.dist((bar.x1, bar.y1), (bar.x2, bar.y2)) > 0  # the "stopped" mark


def test_a_won_pawn_hides_no_card_and_the_panel_names_the_winner() -> None:
    data = {"pawn": [4, 7], "compass": FULL, "currents": slots(N1="2C", N2="3C")}
    before = currents({**data, "hands": [["4D", "8C", "9C", "TC"], [], [], []]})
    won = before.apply(before.parse_move("4D>W3"))  # player 2 has no heart to defend with
    assert won.winners == {0} and won.pawn == (5, 9)
    scene = state_scene(won)
    lay = layout(40.0, 4)
    (pawn,) = [s for s in scene.pieces if isinstance(s, Circle) and s.fill == PAWN]
    assert pawn.r == OFF_BOARD_RADIUS * lay.square
    _x, y, _w, h = lay.slot_rect(2)  # N2, holding the 3♣
    assert y + h < pawn.cy < lay.y0  # between the card and the edge line
    assert "Player 0 wins" in [t.text for t in scene.pieces if isinstance(t, Text)]


def test_the_scout_path_is_dotted() -> None:
    state = currents(WORKED)
    dotted = [s for s in state_scene(state, scout_step=0).overlay if isinstance(s, Line) and s.dash]
    lay = layout(40.0, 4)
    # (4, 4) -> (4, 3) -> (4, 2) -> (5, 2) -> (5, 3), then the dead spade's step of zero
    assert [(s.x2, s.y2) for s in dotted] == [
        lay.point(*p) for p in [(4, 3), (4, 2), (5, 2), (5, 3)]
    ]
    assert not [s for s in state_scene(state).overlay if isinstance(s, Line) and s.dash]


def test_a_pawn_on_the_south_edge_leaves_its_line_number_clear() -> None:
    lay = layout(40.0, 4)
    for i in range(9):
        _px, py = lay.point(i, 0)
        _x, baseline = lay.line_number_at("x", i)
        glyph_top = baseline - 0.75 * lay.number_size
        assert py + PAWN_RADIUS * lay.square + 1 < glyph_top  # radius and half the stroke
