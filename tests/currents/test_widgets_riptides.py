"""Currents riptides (directional obstacles) on the board widget and in the SVG picture:
an arrow at the intersection, pointing the riptide's way."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from support.widgets import position
from tablegames_widgets.currents.board import CurrentsBoard

from tablegames import style
from tablegames.currents.layout import Layout

NS = "{http://www.w3.org/2000/svg}"


def obstacle_segments(canvas, board, width: float) -> list[np.ndarray]:
    """The line segments drawn in the obstacles' colour at ``width`` on the background."""
    out: list[np.ndarray] = []
    for c in canvas.find("strokeLineSegments", board.layers.background):
        if c.style["stroke_style"] == style.OBSTACLE and c.style["line_width"] == width:
            out += list(np.asarray(c.args[1]).reshape(-1, 2, 2))
    return out


def test_riptides_are_drawn_as_arrows_on_the_background(canvas):
    state = position([["2C"], ["4S"]], obstacles=[[2, 6], [5, 3, "N"], [6, 6, "W"]])
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw_all()
    assert len(obstacle_segments(canvas, board, 4)) == 2  # the obstacle's cross
    strokes = obstacle_segments(canvas, board, 3)
    assert len(strokes) == 2 * 3  # two arrows: a shaft and two barbs each
    lay = board.geometry
    for (x, y), d in (((5, 3), "N"), ((6, 6), "W")):
        want = np.asarray(lay.riptide_arrow(x, y, d))
        for segment in want:
            assert any(np.allclose(s, segment) for s in strokes)
        shaft_tail, shaft_tip = want[0]
        px, py = lay.point(x, y)
        assert (shaft_tail + shaft_tip) / 2 == pytest.approx((px, py))
        # the tip lies the riptide's way: up the screen for N, left for W
        assert (shaft_tip[1] < py) if d == "N" else (shaft_tip[0] < px)


def test_riptides_in_the_svg_picture():
    state = position([["2C"], ["4S"]], obstacles=[[5, 3, "N"]])
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert "riptide at (5, 3) pointing N" in root.get("aria-label", "")
    lay = Layout(40, state.game.num_players)
    drawn = {
        tuple(round(float(line.get(k, 0)), 1) for k in ("x1", "y1", "x2", "y2"))
        for line in root.iter(f"{NS}line")
        if line.get("stroke") == style.OBSTACLE
    }
    for (x1, y1), (x2, y2) in lay.riptide_arrow(5, 3, "N"):
        assert (round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1)) in drawn
    plain = position([["2C"], ["4S"]], obstacles=[[5, 3]])._repr_svg_()
    assert "riptide" not in plain and "obstacle at (5, 3)" in plain
