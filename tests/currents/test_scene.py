"""The Currents picture is one scene (tablegames/currents/scene.py): the canvas board and
the SVG picture draw the same shapes, for every viewpoint and overlay setting; the scene
hides what a viewer may not see, turns the side edges' goal labels, and says what stops
the pawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from support.widgets import position
from tablegames_widgets.currents.board import CurrentsBoard
from tablegames_widgets.currents.inspector import CurrentsInspector

import tablegames as tg
from tablegames.currents.scene import cancellation_shapes, state_scene
from tablegames.scene import Card, Text, to_svg

NS = "{http://www.w3.org/2000/svg}"
#: A 4-player game of random bots (seed 4) that reaches set-up, play and a win.
RECORD = tg.play_game(tg.make("currents", players=4), seed=4).record


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return tg.replay(RECORD)


def svg_texts(svg: str) -> Counter[str]:
    return Counter(str(t.text) for t in ET.fromstring(svg).iter(f"{NS}text"))


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"viewer": 1},
        {"viewer": 2, "four_colour": True},
        {"influence_lines": True},
        {"inspector": False},
    ],
    ids=["all cards", "P1's view", "P2's view four colours", "show currents", "no inspector"],
)
def test_canvas_and_svg_draw_one_scene(canvas: Any, states: list[Any], settings: Any) -> None:
    """Every text the canvas draws (card faces, names, goal labels, whose turn) is in the
    SVG picture and nothing else, for set-up, play and a finished game."""
    board = CurrentsBoard(states[0], square=40, **settings)
    for state in (states[1], states[len(states) // 2], states[-1]):
        board.show(state)
        canvas.clear()
        board.redraw_all()
        drawn = Counter(
            str(c.args[0]) for layer in board.layers.multi._canvases[:3]
            for c in canvas.find("fillText", layer)
        )  # fmt: skip
        svg = board.static_svg()
        assert svg == to_svg(board.scene(state))  # the static picture is the board's scene
        assert drawn == svg_texts(svg)
        hidden = {
            c for p, hand in enumerate(state.hands) if p != settings.get("viewer", p) for c in hand
        }
        faces = {c.card for c in board.scene(state).pieces if isinstance(c, Card) and c.card}
        assert not hidden & faces


def test_a_hidden_card_is_not_named_in_the_scene(states: list[Any]) -> None:
    state = states[len(states) // 2]
    scene = state_scene(state, viewer=0)
    backs = [c for c in scene.pieces if isinstance(c, Card) and c.hidden]
    assert len(backs) == sum(len(h) for p, h in enumerate(state.hands) if p != 0)
    assert all(c.card is None and c.key is None for c in backs)


def test_the_side_edges_goal_labels_read_along_their_edge(canvas: Any) -> None:
    board = CurrentsBoard(tg.make("currents").initial_state(1), square=40)
    labels = {
        t.text[:2]: t.angle
        for t in board.current_scene().pieces
        if isinstance(t, Text) and "guards" in t.text
    }
    assert sorted(labels.values()) == [-90.0, 0.0, 0.0, 90.0]
    assert board.static_svg().count("transform='rotate(") == 2
    canvas.clear()
    board.redraw()
    assert len(canvas.find("rotate", board.layers.pieces)) == 2


def test_the_panel_says_what_keeps_the_pawn_in_place() -> None:
    """A riptide the pawn would enter against its direction is named, not called an
    obstacle (the rules' riptides_limit_entry option)."""
    state = position([["2C"], ["4S"]], cur={"N2": "5C"}, obstacles=[[4, 5, "S"]])
    inf = state.inspect()
    assert inf.blocked and inf.blocked_by.startswith("riptide at (4, 5)")
    table, _ = cancellation_shapes(inf)
    words = " ".join(t.text for t in table if isinstance(t, Text))
    assert "The pawn stays: riptide at (4, 5) pointing S" in words
    insp = CurrentsInspector(state, square=40)
    assert "The pawn stays: riptide at (4, 5)" in insp.static_svg()  # wrapped after


def test_the_description_names_obstacles_and_riptides() -> None:
    state = position([["2C"], ["4S"]], obstacles=[[2, 6], [5, 3, "N"]])
    assert "obstacle at (2, 6); riptide at (5, 3) pointing N;" in state.describe()
    assert "obstacle" not in position([["2C"], ["4S"]]).describe()
