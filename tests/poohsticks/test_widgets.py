"""The Poohsticks editor: clicks change the position through the engine, and impossible
edits are refused with the engine's reason, the position kept. The board draws the game's
scene: its canvas and its SVG picture show the same texts, cards, rocks and boats, and the
turn number, so that ending a turn always shows."""

from __future__ import annotations

import pytest
from support.widgets import (
    board_scene,
    canvas_circles,
    centre,
    click,
    random_state,
    svg_circles,
    svg_texts,
)
from tablegames_widgets import PoohsticksBoard, PoohsticksEditor

import tablegames as tg
from tablegames import style
from tablegames.poohsticks import PoohsticksState
from tablegames.poohsticks.scene import (
    BOAT_COLOURS,
    ROCK,
    WATER,
    layout_for,
    state_scene,
    status_text,
)
from tablegames.scene import Circle, Text, to_svg


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


# ---- the board draws the game's scene: the canvas and the SVG picture are one picture ----


#: the start, a race with rocks and bridge cards still face down, a finished race
POSITIONS = {
    "start": lambda: random_state(tg.make("poohsticks"), 1, 0),
    "rocks and bridge": lambda: random_state(
        tg.make("poohsticks", players=3, bridge=True, rocks=3), 0, 6
    ),
    "over": lambda: random_state(tg.make("poohsticks", players=3), 2, None),
}


@pytest.mark.parametrize("viewer", [None, 0, 1])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_canvas_and_svg_draw_one_scene(canvas, name, viewer):
    """Every text (with its ink), card face and back, rock, the water and every boat the
    board draws is in its static SVG picture and the reverse, from every viewpoint."""
    state = POSITIONS[name]()
    fills = (style.CARD_BACK, style.CARD_FACE, ROCK, WATER, style.BOARD_DARK)
    svg = board_scene(canvas, PoohsticksBoard, state, viewer, fills)
    for fill in BOAT_COLOURS[: state.game.num_players]:
        boats = canvas_circles(canvas, "fillCircles", fill_style=fill)
        assert boats == svg_circles(svg, fill=fill)
    rims = canvas_circles(canvas, "strokeCircles", stroke_style="white")
    assert len(rims) == state.game.num_players == len(svg_circles(svg, stroke="white"))


def test_positions_cover_rocks_bridge_cards_and_the_end():
    """The positions above draw what they are named for (else the test above proves less)."""
    rocky = POSITIONS["rocks and bridge"]()
    assert rocky.rocks and rocky.face_down
    assert POSITIONS["over"]().is_terminal


def _ended(state: PoohsticksState) -> PoohsticksState:
    return state.apply(next(m for m in state.legal_moves() if m.kind == "end"))


def test_ending_a_turn_always_changes_the_picture(canvas):
    """Issue 16: P0 ends the turn, then P1 ends theirs without moving: from P0's seat the
    river, the boats and P0's hand are as they were, and only the turn number in the status
    line tells the two pictures apart."""
    before = tg.make("poohsticks").initial_state(seed=1)
    after = _ended(_ended(before))
    assert (after.player, after.boats, after.hands[0]) == (0, before.boats, before.hands[0])
    old, new = state_scene(before, viewer=0), state_scene(after, viewer=0)
    changed = [(a, b) for a, b in zip(old.shapes(), new.shapes(), strict=True) if a != b]
    assert [(a.text, b.text) for a, b in changed if isinstance(a, Text)] == [
        ("Turn 1: player 0 to play", "Turn 3: player 0 to play")
    ]
    assert len(changed) == 1 and to_svg(old) != to_svg(new)
    board = PoohsticksBoard(before, viewer=0)
    canvas.clear()
    board.show(after)  # the canvas too: the one redraw writes the new turn
    assert "Turn 3: player 0 to play" in canvas.texts()


def test_status_line_names_whose_turn_it_is_and_how_the_race_ended():
    state = random_state(tg.make("poohsticks"), 1, 3)
    assert status_text(state) == f"Turn {state.turn + 1}: player {state.player} to play"
    over = POSITIONS["over"]()
    words = status_text(over)
    assert words.startswith(f"Turn {over.turn + 1}: ")
    if len(over.winners) == 1:
        assert words.endswith(f"player {next(iter(over.winners))} won")
    else:
        assert "tie" in words or "nobody" in words


def test_the_player_to_move_is_named_and_highlighted_on_board_and_picture(canvas):
    state = random_state(tg.make("poohsticks", players=3, bridge=True, rocks=3), 0, 6)
    board = PoohsticksBoard(state, viewer=None)
    canvas.clear()
    board.redraw()
    drawn = {c.args[0]: c.style["fill_style"] for c in canvas.find("fillText")}
    marked = [t for t in drawn if t.endswith("◀ to move")]
    assert marked == [t for t in drawn if t.startswith(f"P{state.player} ")]
    assert drawn[marked[0]] == style.HIGHLIGHT
    assert (marked[0], style.HIGHLIGHT) in svg_texts(board.static_svg())


def _race_over() -> PoohsticksState:
    """Both boats of a two-player river leave in one round: a tie, on the narrowest
    standard picture."""
    race = tg.make("poohsticks").state_from_json(
        {"river": [["5C", "9D"], ["7C", "2D"], ["KC", "QD"], ["3C", "4D"], ["8C", "6D"],
                   ["JC", "TD"]], "hands": [["QH", "2S"], ["KD", "2C"]], "boats": ["A6", "B6"]}
    )  # fmt: skip
    race = race.apply(race.parse_move("exit QH"))
    return race.apply(race.parse_move("exit KD"))


def test_a_tie_status_line_wraps_inside_the_picture():
    over = _race_over()
    scene = state_scene(over)
    lines = [t for t in scene.pieces if isinstance(t, Text) and t.fill == style.MUTED]
    assert (
        " ".join(t.text for t in lines)
        == status_text(over)
        == (f"Turn {over.turn + 1}: a tie between players 0 and 1")
    )
    assert len(lines) == 2
    assert all(t.x + len(t.text) * t.size * 0.6 <= scene.width for t in lines)


def test_boats_that_left_sit_beside_the_exit_label():
    scene = state_scene(_race_over())
    label = next(t for t in scene.background if isinstance(t, Text) and t.text == "exit ↓")
    right = label.x + len(label.text) * label.size * 0.6
    boats = [c for c in scene.pieces if isinstance(c, Circle) and c.fill in BOAT_COLOURS]
    assert len(boats) == 2 and all(c.cx - c.r > right for c in boats)
    ex, _ey, ew, _eh = layout_for(_race_over()).exit_rect
    assert all(c.cx + c.r < ex + ew for c in boats)
