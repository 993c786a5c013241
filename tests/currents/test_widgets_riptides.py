"""Currents riptides (directional obstacles) on the board widget and in the SVG picture:
an arrow at the intersection, pointing the riptide's way."""

from __future__ import annotations

import numpy as np
import pytest
from support.widgets import position
from tablegames_widgets.currents.board import CurrentsBoard

from tablegames import style


def test_riptides_are_drawn_as_arrows_on_the_background(canvas):
    state = position([["2C"], ["4S"]], obstacles=[[2, 6], [5, 3, "N"], [6, 6, "W"]])
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw_all()
    strokes = [
        np.asarray(c.args[1]).reshape(-1, 2, 2)
        for c in canvas.find("strokeLineSegments", board.layers.background)
        if c.style["stroke_style"] == style.OBSTACLE
    ]
    assert len(strokes) == 3  # the cross and two arrows
    lay = board.geometry
    for (x, y), d in (((5, 3), "N"), ((6, 6), "W")):
        want = np.asarray(lay.riptide_arrow(x, y, d))
        (arrow,) = [s for s in strokes if s.shape == want.shape and np.allclose(s, want)]
        shaft_tail, shaft_tip = arrow[0]
        px, py = lay.point(x, y)
        assert (shaft_tail + shaft_tip) / 2 == pytest.approx((px, py))
        # the tip lies the riptide's way: up the screen for N, left for W
        assert (shaft_tip[1] < py) if d == "N" else (shaft_tip[0] < px)


def test_riptides_in_the_svg_picture():
    state = position([["2C"], ["4S"]], obstacles=[[5, 3, "N"]])
    svg = state._repr_svg_()
    assert "<title>riptide at (5, 3) pointing N</title>" in svg
    assert "riptide" not in position([["2C"], ["4S"]], obstacles=[[5, 3]])._repr_svg_()
