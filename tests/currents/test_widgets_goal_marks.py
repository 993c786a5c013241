"""The Currents board marks whose goal each edge is (from the game's owner table) and
whose turn it is; the SVG picture shows the same marks; ``on_show`` and
``influence_lines`` serve the play page's "Show currents" view."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest
from support.widgets import position
from tablegames_widgets.currents.board import CurrentsBoard

import tablegames as tg
from tablegames import style
from tablegames.currents.geometry import SLOTS
from tablegames.currents.scene import translucent
from tablegames.currents.text import turn_caption
from tablegames.scene import state_svg

COLOURS = style.PLAYER_COLOURS


def band_fills(canvas: Any, board: CurrentsBoard) -> dict[Any, str]:
    """Each rectangle filled on the pieces layer, with its fill colour."""
    out = {}
    for c in canvas.find("fillRects", board.layers.pieces):
        for rect in canvas.rects(
            "fillRects", board.layers.pieces, fill_style=c.style["fill_style"]
        ):
            out[rect] = c.style["fill_style"]
    return out


def seat_of(fill: str) -> int | None:
    """The seat whose colour a band's (translucent) fill is, or None."""
    for p, colour in enumerate(COLOURS):
        if fill == colour or fill.startswith(translucent(colour, 0)[: -len(",0)")]):
            return p
    return None


def bands(canvas: Any, board: CurrentsBoard, player: int) -> list[Any]:
    """The rectangles filled in ``player``'s colour (solid or see-through) on the pieces
    layer."""
    return [r for r, fill in band_fills(canvas, board).items() if seat_of(fill) == player]


def band_alpha(canvas: Any, board: CurrentsBoard, rect: Any) -> float:
    fill = band_fills(canvas, board).get(rect)
    if fill is None:
        raise AssertionError(f"no band drawn at {rect}")
    return float(fill.rsplit(",", 1)[1].rstrip(")")) if fill.startswith("rgba") else 1.0


@pytest.mark.parametrize(
    ("options", "owners"),
    [
        ({"players": 4}, {"N": 0, "E": 1, "S": 2, "W": 3}),
        ({"players": 2}, {"N": 0, "E": 1, "S": 0, "W": 1}),
        ({"players": 2, "p0_edges": "EW"}, {"N": 1, "E": 0, "S": 1, "W": 0}),
    ],
)
def test_each_edge_is_marked_in_the_colour_of_the_player_who_wins_over_it(
    canvas: Any, options: dict[str, Any], owners: dict[str, int]
) -> None:
    game = tg.make("currents", **options)
    assert game.owner == owners  # the table the marks must follow
    board = CurrentsBoard(game.initial_state(1), square=40)
    canvas.clear()
    board.redraw()
    lay = board.geometry
    assert [(e, o) for e, o, _ in board.goal_marks_drawn] == list(owners.items())
    texts = canvas.texts(board.layers.pieces)
    for edge, owner in owners.items():
        assert lay.goal_band(edge) in bands(canvas, board, owner)
        others = [p for p in range(game.num_players) if p != owner]
        assert all(lay.goal_band(edge) not in bands(canvas, board, p) for p in others)
        assert f"P{owner}'s goal · P{game.goaltender[edge]} guards" in texts


def test_the_goal_of_the_player_to_move_is_highlighted_and_follows_the_turn(canvas: Any) -> None:
    state = position([["2C", "3H"], ["4S"], ["5S"], ["6S"]], player=1)
    board = CurrentsBoard(state, square=40)
    lay = board.geometry
    assert [e for e, _, current in board.goal_marks_drawn if current] == ["E"]  # P1's goal
    canvas.clear()
    board.redraw()
    assert band_alpha(canvas, board, lay.goal_band("E")) > band_alpha(
        canvas, board, lay.goal_band("N")
    )
    after = state.apply(state.legal_moves()[0])
    assert after.current_player == 2
    board.show(after)
    assert [e for e, _, current in board.goal_marks_drawn if current] == ["S"]  # P2's goal


def goaltending_state() -> Any:
    """A position where a goaltender decides while another player has the turn."""
    for seed in range(200):
        state = tg.make("currents", players=4).initial_state(seed)
        bot = tg.RandomBot(seed)
        while not state.is_terminal:
            if state.phase == "defend":
                return state
            state = state.apply(bot.choose(state))
    raise AssertionError("no goaltending decision in 200 random games")


def test_while_a_goaltender_decides_the_turn_players_goal_stays_highlighted() -> None:
    state = goaltending_state()
    assert state.current_player != state.turn_player
    board = CurrentsBoard(state, square=40)
    highlighted = {o for _, o, current in board.goal_marks_drawn if current}
    assert highlighted == {state.turn_player}
    line = board.turn_line.value
    assert f"P{state.turn_player}'s turn" in line
    assert f"P{state.current_player} decides whether to goaltend" in line


def test_the_turn_line_says_whose_turn_it_is_and_whose_goal_each_edge_is() -> None:
    state = position([["2C", "3H"], ["4S"], ["5S"], ["6S"]], player=0)
    board = CurrentsBoard(state, square=40)
    assert board.turn_line in board.children
    assert "tablegames-turn" in board.turn_line._dom_classes
    text = board.turn_line.value
    assert "P0's turn: push the pawn over the N edge (guarded by P2)" in text
    assert "Goal edges: N P0 · E P1 · S P2 · W P3" in text
    two = tg.make("currents", players=2, p0_edges="EW").initial_state(1)
    assert "Goal edges: N P1 · E P0 · S P1 · W P0" in turn_caption(two)


def test_once_won_the_winners_goal_is_highlighted() -> None:
    result = tg.play_game(tg.make("currents", players=4), seed=7)
    final = result.final
    assert final.is_terminal and final.winners
    board = CurrentsBoard(final, square=40)
    highlighted = {o for _, o, current in board.goal_marks_drawn if current}
    assert highlighted == set(final.winners)
    assert "Game over" in board.turn_line.value


def test_the_svg_picture_shows_the_same_goal_marks() -> None:
    game = tg.make("currents", players=2, p0_edges="EW")
    state = game.initial_state(1)
    board = CurrentsBoard(state, square=40)
    root = ET.fromstring(state_svg(state, square=40))
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    fills = {
        (float(r.get("x", 0)), float(r.get("y", 0))): str(r.get("fill"))
        for r in root.iter(ns + "rect")
    }
    lay = board.geometry
    for edge, owner, _ in board.goal_marks_drawn:
        assert f"P{owner}'s goal · P{game.goaltender[edge]} guards" in texts
        x, y, _w, _h = lay.goal_band(edge)
        assert seat_of(fills[round(x, 1), round(y, 1)]) == owner


def test_on_show_follows_every_position_the_board_shows() -> None:
    state = position([["2C", "3H"], ["4S"], ["5S"], ["6S"]], player=0)
    board = CurrentsBoard(state, square=40)
    seen: list[Any] = []
    board.on_show(seen.append)
    after = state.apply(state.legal_moves()[0])
    board.show(after)
    board.show(state)
    assert seen == [after, state]


def test_influence_lines_draw_the_lines_of_every_current_on_the_pawn(canvas: Any) -> None:
    state = position(
        [["2C", "3H"], ["4S"], ["5S"], ["6S"]], cur={"N1": "3C", "S1": "4H", "E2": "5D"}
    )
    plain = CurrentsBoard(state, square=40)
    canvas.clear()
    plain.redraw()
    assert not canvas.find("strokeLineSegments", plain.layers.overlay)
    board = CurrentsBoard(state, square=40, influence_lines=True)
    lay = board.geometry
    canvas.clear()
    board.redraw()
    segments = canvas.find("strokeLineSegments", board.layers.overlay)
    assert len(segments) == 1
    drawn = np.asarray(segments[0].args[1]).reshape(-1, 4)
    expected = [
        line for si in state.inspect().currents for line in lay.slot_lines_px(SLOTS.index(si.slot))
    ]
    assert len(expected) == 9
    assert [tuple(float(v) for v in row) for row in drawn] == expected
