"""The Currents board carries its line numbers (issue 28 §1: the walkthrough and the
inspector name intersections such as (5, 3)): 0 to 8 under the south edge and beside the
west edge, in the scene that both the SVG and the canvas draw, clear of every card."""

from __future__ import annotations

import pytest

import tablegames as tg
from tablegames.currents.layout import Layout
from tablegames.currents.scene import state_scene
from tablegames.scene import Text, to_svg


def numbers(players: int = 4) -> dict[tuple[float, float], str]:
    scene = state_scene(tg.make("currents", players=players).initial_state(seed=1))
    return {
        (s.x, s.y): s.text for s in scene.background if isinstance(s, Text) and s.text.isdigit()
    }


@pytest.mark.parametrize("players", [2, 4])
def test_each_line_is_numbered_on_both_axes(players: int) -> None:
    lay = Layout(40, players)
    found = numbers(players)
    for i in range(9):
        assert found[lay.line_number_at("x", i)] == str(i)
        assert found[lay.line_number_at("y", i)] == str(i)
    assert len(found) == 18


def test_x_numbers_stand_under_their_line_and_y_numbers_beside_theirs() -> None:
    lay = Layout(40, 4)
    for i in range(9):
        x, y = lay.line_number_at("x", i)
        assert x == lay.point(i, 0)[0]
        assert lay.y0 + lay.board < y < lay.slot_rect(8)[1]  # between the board and S0-S3
        x, y = lay.line_number_at("y", i)
        assert y - lay.number_size * 0.35 == lay.point(0, i)[1]
        assert lay.slot_rect(12)[0] + lay.slot_rect(12)[2] < x < lay.x0  # W slots | board


def test_line_numbers_are_outside_every_card_and_clickable_place() -> None:
    lay = Layout(40, 4)
    for axis in "xy":
        for i in range(9):
            px, py = lay.line_number_at(axis, i)
            hit = lay.hit(px, py - lay.number_size * 0.35)
            assert hit is None or hit.kind == "point"  # never a slot, compass or hand card
            for k in range(16):
                x, y, w, h = lay.slot_rect(k)
                assert not (x <= px <= x + w and y <= py <= y + h)


def test_the_svg_shows_the_numbers() -> None:
    svg = to_svg(state_scene(tg.make("currents").initial_state(seed=1)))
    assert svg.count(">8</text>") >= 2
