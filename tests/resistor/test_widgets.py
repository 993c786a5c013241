"""The Resistor board, play and editor: what the board draws (decoded from the canvas
commands), what a click means, moves, slingshots, placements and the one-click decisions
made by clicking as a page would, the highlighted destinations against the engine's legal
moves, the move budget, refusals with the engine's reason, the editor, the viewer's step
text and the engine's SVG picture."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest
from support.resistor import data, position
from support.widgets import (
    SVG,
    buttons,
    check_one_batch,
    check_picks,
    click,
    error,
    human_table,
    message,
    press_button,
    random_state,
)
from tablegames_widgets import GameViewer, ResistorBoard, ResistorEditor
from tablegames_widgets.board import TARGET
from tablegames_widgets.resistor.editor import MOVE, REMOVE

import tablegames as tg
from tablegames.resistor import ResistorGame
from tablegames.resistor.board import CELL_INDEX, CELL_NAMES, CHARGE_ROW, COLS, SOURCE
from tablegames.resistor.scene import (
    AMPERE_INK,
    CHARGE_TINT,
    CHARGER_INK,
    DEAD_INK,
    DRAINED_FILL,
    LAST_MOVE,
    OVERLOAD_FILL,
    RESISTOR_INK,
    SOURCE_TINT,
    state_scene,
)
from tablegames.resistor.text import after_budget, duty_line

#: the match without its set-up phase, for random positions
NO_SETUP = ResistorGame(first_amperes=0)


def cell(name: str) -> int:
    return CELL_INDEX[name]


def press(w: Any, name: str) -> None:
    """Click the centre of a cell, as a page would."""
    click(w.board.layers.multi, *w.board.geometry.cell_center(cell(name)))


def polygons(canvas: Any, fill: str) -> list[np.ndarray]:
    """Every polygon filled in ``fill`` (by ``fillPolygon``, or batched ``fillPolygons``
    calls), as point arrays."""
    out = []
    for c in canvas.find():
        if c.name not in ("fillPolygon", "fillPolygons") or c.style.get("fill_style") != fill:
            continue
        if c.name == "fillPolygon":
            out.append(np.asarray(c.args[0], dtype=float).reshape(-1, 2))
            continue
        pts = np.asarray(c.args[1], dtype=float).reshape(-1, 2)
        per = np.atleast_1d(np.asarray(c.args[2], dtype=int))  # one count for all, or each's
        if len(per) == 1:
            per = np.full(len(pts) // int(per[0]), int(per[0]))
        out += np.split(pts, np.cumsum(per)[:-1])
    return out


def centre_cell(board: ResistorBoard, poly: np.ndarray) -> int:
    hit = board.geometry.hit(*poly.mean(axis=0))
    assert hit is not None
    return int(hit.where)  # type: ignore[call-overload]


#: One piece of every kind: an ampere, a drained ampere, a charger, a resistor, and an
#: overloaded resistor on the dead space f12.
EVERY_KIND = {"c3": "A", "d5": "D", "e7": "C", "h9": "R", "f12": "O"}
#: The overloaded marker shows only inside the ampere turn that overloaded the resistor (or
#: the resistor player's turn after it): these positions are one move into that turn.
MID_TURN = {"turn_kind": "amperes", "moves_made": 1}


# ---- what is drawn ---------------------------------------------------------------------------


def test_every_piece_is_drawn_on_its_cell(canvas):
    state = position(EVERY_KIND, **MID_TURN)
    board = ResistorBoard(state, square=40)
    lay = board.geometry
    canvas.clear()
    board.redraw()
    for ink, name in ((AMPERE_INK, "c3"), (DRAINED_FILL, "d5"), (CHARGER_INK, "e7")):
        assert [centre_cell(board, p) for p in polygons(canvas, ink)] == [cell(name)]
    resistors = canvas.rects("fillRects", fill_style=RESISTOR_INK)
    assert resistors == [lay.square_in(lay.cell_rect(cell("h9")))]
    overloaded = canvas.rects("fillRects", fill_style=OVERLOAD_FILL)
    assert overloaded == [lay.square_in(lay.cell_rect(cell("f12")))]
    (crosses,) = [
        c for c in canvas.find("strokeLineSegments") if c.style["stroke_style"] == DEAD_INK
    ]
    ends = np.asarray(crosses.args[1], dtype=float).reshape(-1, 2, 2)
    assert {board.geometry.hit(*seg.mean(axis=0)).where for seg in ends} == set(state.dead)


def test_amperes_point_to_the_charge_zone_and_chargers_to_the_source(canvas):
    board = ResistorBoard(position(EVERY_KIND, **MID_TURN), square=40)
    canvas.clear()
    board.redraw()
    (up,) = polygons(canvas, AMPERE_INK)
    (down,) = polygons(canvas, CHARGER_INK)
    (greyed,) = polygons(canvas, DRAINED_FILL)
    for poly, tip_above in ((up, True), (down, False), (greyed, True)):
        tip_y, centre_y = poly[0][1], poly.mean(axis=0)[1]
        assert (tip_y < centre_y) == tip_above  # screen y grows downwards


def test_the_charge_zone_is_drawn_on_top_and_the_current_source_at_the_bottom(canvas):
    board = ResistorBoard(position(EVERY_KIND, **MID_TURN), square=40)
    lay = board.geometry
    canvas.clear()
    board.redraw_all()
    (charge,) = canvas.rects("fillRects", fill_style=CHARGE_TINT)
    (source,) = canvas.rects("fillRects", fill_style=SOURCE_TINT)
    assert charge == lay.rows_rect(CHARGE_ROW, CHARGE_ROW, 1, COLS - 2)
    assert source == lay.rows_rect(0, 0, 1, COLS - 2)
    assert charge[1] < source[1]
    assert canvas.texts().count("C") == 4  # CYCLE written down both cycle columns


def test_the_panel_shows_the_round_the_roles_the_scores_and_whose_turn(canvas):
    state = position(EVERY_KIND, scores=[2, 1], points=2, **MID_TURN)
    board = ResistorBoard(state, square=40)
    canvas.clear()
    board.redraw()
    texts = canvas.texts()
    assert "Round 1 of 2" in texts
    assert "Player 0: amperes, 2 points  ◀" in texts
    assert "Player 1: resistors, 1 point" in texts
    assert "Amperes to move, turn 1" in texts
    assert "This round: 2 points scored" in texts


def pips(canvas: Any, ink: str) -> tuple[int, int]:
    """(filled, outlined) move pips drawn in ``ink``."""
    filled = sum(len(np.atleast_1d(c.args[0])) for c in canvas.find("fillCircles")
                 if c.style.get("fill_style") == ink)  # fmt: skip
    total = sum(len(np.atleast_1d(c.args[0])) for c in canvas.find("strokeCircles")
                if c.style.get("stroke_style") == ink)  # fmt: skip
    return filled, total


def test_the_budget_shows_the_moves_left_and_what_the_turn_is_committed_to(canvas):
    state = position({"c3": "A", "e7": "C", "h9": "R"})  # one ampere out: the duty cycle gives 2
    w = human_table(state)
    canvas.clear()
    w.board.redraw()
    assert pips(canvas, AMPERE_INK) == (2, 2) and pips(canvas, CHARGER_INK) == (2, 2)
    assert "amperes or chargers, not both" in canvas.texts()
    press(w, "c3")
    canvas.clear()
    press(w, "c4")  # the first ampere move commits the turn to amperes
    assert w.state.turn_kind == "amperes" and w.state.ampere_moves_left == 1
    assert pips(canvas, AMPERE_INK) == (1, 2)
    assert "not this turn" in canvas.texts() and "this turn moves amperes" in canvas.texts()
    assert "1 ampere move left" in message(w)


def test_the_duty_cycle_line_names_the_ampere_turn_it_decides():
    # three amperes out and one in the current source: this turn has two moves
    start = position({"b0": "A", "d3": "A", "g5": "A", "j7": "D", "k8": "R"})
    assert duty_line(start) == "Duty cycle: 3 amperes out, 2 moves"
    out = start.apply(start.parse_move("b0-b1"))  # a fourth out: the next turn has one
    assert (out.ampere_moves_left, duty_line(out)) == (1, "Next ampere turn: 1 move (4 out)")
    resistors = out.apply(out.parse_move("d3-d4"))
    assert duty_line(resistors) == "Next ampere turn: 1 move (4 out)"
    chargers = position({"b0": "A", "e7": "C", "f9": "C", "k8": "R"})
    chargers = chargers.apply(chargers.parse_move("e7-e6"))
    assert chargers.turn_kind == "chargers" and duty_line(chargers) == ""
    assert not [line for line in after_budget(chargers) if "ampere turn" in line.text]


def test_the_legend_shows_a_resistor_riding_a_drained_ampere():
    texts = [
        getattr(s, "text", "") for s in state_scene(position(EVERY_KIND, **MID_TURN)).background
    ]
    assert "resistor on a drained ampere" in texts


def test_a_resistor_in_the_middle_of_a_drain_is_framed_over_the_drained_ampere(canvas):
    state = position({"c3": "A", "e5": "A", "d4": "R"}, current_player=1)
    w = human_table(state)
    press(w, "d4")
    canvas.clear()
    press(w, "e5")  # the diagonal step onto an ampere drains it
    assert w.state.pending == "drain" and w.state.pending_cell == cell("e5")
    lay = w.board.geometry
    assert canvas.rects("strokeRects", stroke_style=RESISTOR_INK) == [
        lay.square_in(lay.cell_rect(cell("e5")), 0.86)
    ]
    assert [centre_cell(w.board, p) for p in polygons(canvas, DRAINED_FILL)] == [cell("e5")]


def test_a_redraw_is_one_batch(canvas):
    board = ResistorBoard(position(EVERY_KIND, **MID_TURN), square=40)
    check_one_batch(canvas, board, random_state(NO_SETUP, 3, 40))


# ---- what a click means ----------------------------------------------------------------------


def test_hit_names_a_piece_to_pick_or_a_cell():
    state = position(EVERY_KIND, **MID_TURN)  # the ampere player to move
    board = ResistorBoard(state, square=40)
    lay = board.geometry
    assert board.hit(*lay.cell_center(cell("c3"))) == ("from", cell("c3"))
    assert board.hit(*lay.cell_center(cell("e7"))) == ("from", cell("e7"))
    assert board.hit(*lay.cell_center(cell("d5"))) == ("to", cell("d5"))  # drained: a target
    assert board.hit(*lay.cell_center(cell("h9"))) == ("to", cell("h9"))
    assert board.hit(*lay.cell_center(cell("a0"))) == ("to", cell("a0"))
    assert board.hit(lay.width - 2, lay.height - 2) is None
    setup = ResistorGame(first_amperes=0).initial_state(1)
    board = ResistorBoard(setup, square=40)
    assert board.hit(*lay.cell_center(cell("b0"))) == ("to", cell("b0"))


@pytest.mark.parametrize("seed", range(5))
def test_highlighted_destinations_are_the_engines_legal_moves(seed):
    state = random_state(NO_SETUP, seed, 40 + 7 * seed)
    while state.pending or state.phase != "play":  # a plain turn, pieces to pick
        state = state.apply(state.legal_moves()[0])
    w = human_table(state)
    by_source: dict[int, set[Any]] = {}
    for m in state.legal_moves():
        if m.kind == "move":
            by_source.setdefault(m.src, set()).add(("to", m.dst))
    assert by_source
    check_picks(w, by_source, lambda src: press(w, CELL_NAMES[src]))
    assert w.state is state


def test_the_set_up_frames_the_free_points_and_places_with_one_click():
    state = ResistorGame(first_amperes=0).initial_state(1)
    w = human_table(state)
    assert set(w.board.drawn["offered"]) == {("to", i) for i in SOURCE}
    assert "click a framed point of the current source" in message(w)
    press(w, "e0")
    assert w.state.last_move == state.parse_move("place e0")
    assert w.state.board[cell("e0")] == "A" and len(w.history) == 2
    assert ("to", cell("e0")) not in w.board.drawn["offered"]


def test_a_placement_off_the_current_source_is_refused_with_the_engines_reason():
    state = ResistorGame(first_amperes=0).initial_state(1)
    w = human_table(state)
    press(w, "e5")
    with pytest.raises(tg.IllegalMove) as exc:
        state.parse_move("place e5")
    assert message(w) == str(exc.value) and "current source" in message(w)
    assert w.state is state


# ---- playing by clicking -----------------------------------------------------------------------


def test_a_move_by_clicking_a_piece_then_a_cell(canvas):
    state = position({"c3": "A", "e7": "C", "h9": "R"})
    w = human_table(state)
    press(w, "e7")
    assert "The charger on e7" in message(w)
    assert set(w.board.targets) == {("to", cell(n)) for n in ("e6", "d6", "f6", "d7", "f7")}
    canvas.clear()
    press(w, "d6")  # diagonally down
    assert len(canvas.batches) == 1
    assert w.state.last_move == state.parse_move("e7-d6")
    assert w.state.board[cell("d6")] == "C" and w.state.charger_moves_left == 1
    assert w.board.selected == ()


def test_a_slingshot_by_clicking_the_far_cell(canvas):
    state = position({"c3": "A", "c4": "A", "h9": "R"})
    w = human_table(state)
    canvas.clear()
    press(w, "c3")
    assert ("to", cell("c5")) in w.board.targets  # over the ampere on c4
    assert w.board.drawn["slingshots"] == (cell("c5"),)
    (arc,) = [c for c in canvas.find("strokeLines") if c.style["stroke_style"] == TARGET]
    ends = np.asarray(arc.args[0], dtype=float).reshape(-1, 2)[[0, -1]]
    assert [w.board.geometry.hit(*p).where for p in ends] == [cell("c3"), cell("c5")]
    assert "slingshot to c5" in message(w)
    press(w, "c5")
    assert w.state.last_move == state.parse_move("c3-c5") and w.state.last_move.slingshot
    assert w.state.board[cell("c5")] == "A" and w.state.board[cell("c3")] == "."


def test_a_slingshot_onto_a_resistor_asks_for_a_dead_space_with_one_click():
    state = position({"c3": "A", "c4": "A", "c5": "R"})
    w = human_table(state)
    press(w, "c3")
    press(w, "c5")  # overloads the resistor
    s = w.state
    assert s.pending == "overload" and s.current_player == 1
    free = {("to", j) for j in s.dead}
    assert set(w.board.drawn["offered"]) == free
    assert "framed dead space" in message(w)
    press(w, CELL_NAMES[s.dead[0]])
    assert w.state.board[s.dead[0]] == "O" and not w.state.pending


def test_the_drains_step_off_is_one_click_and_an_illegal_one_is_explained():
    state = position({"c3": "A", "e5": "A", "d4": "R"}, current_player=1)
    w = human_table(state)
    press(w, "d4")
    press(w, "e5")
    s = w.state
    assert set(w.board.drawn["offered"]) == {("to", j) for j in s.follow_ups(cell("e5"))}
    press(w, "e6")  # straight up: not diagonal
    with pytest.raises(tg.IllegalMove) as exc:
        s.parse_move("e5-e6")
    assert message(w) == str(exc.value) and w.state is s
    press(w, "f6")
    assert w.state.last_move == s.parse_move("e5-f6")
    assert w.state.board[cell("f6")] == "R" and w.state.board[cell("e5")] == "D"


def test_an_illegal_destination_shows_the_engines_reason_and_keeps_the_state():
    state = position({"c3": "A", "c4": "R", "h9": "R"})
    w = human_table(state)
    press(w, "c3")
    press(w, "c2")  # down: amperes never move back
    with pytest.raises(tg.IllegalMove) as exc:
        state.parse_move("c3-c2")
    assert message(w) == str(exc.value) and "never down" in message(w)
    assert w.state is state and len(w.history) == 1
    assert w.board.selected == (("from", cell("c3")),)  # still picked: try another cell
    press(w, "d3")
    assert w.state.last_move == state.parse_move("c3-d3")


def test_an_overloaded_resistor_is_explained_when_clicked():
    state = position({"c3": "A", "h9": "R", "f12": "O"}, current_player=1)
    w = human_table(state)
    press(w, "f12")
    assert "overloaded" in message(w) and "unusable" in message(w)
    assert w.state is state


def test_the_role_choice_end_and_forfeit_are_buttons():
    w = human_table(ResistorGame().initial_state(2))
    assert w.state.phase == "roles"
    assert buttons(w) == ["Play the amperes first", "Play the resistors first"]
    chooser = w.state.current_player
    press_button(w, "Play the resistors first")
    assert w.state.resistor_player == chooser and w.state.phase == "setup"
    state = position({"c3": "A", "e7": "C", "h9": "R"})
    w = human_table(state)
    assert buttons(w) == ["Forfeit the round"]
    press(w, "c3")
    press(w, "c4")
    assert buttons(w) == ["End the turn"]
    press_button(w, "End the turn")
    assert w.state.current_player == 1 and w.state.turn == 1


def test_the_move_list_names_the_pieces():
    w = human_table(position({"c3": "A", "c4": "A", "e7": "C", "h9": "R"}))
    labels = [label for label, _m in w.moves.options]
    assert "Ampere c3-c5 (slingshot)" in labels and "Charger e7-d6" in labels
    assert "Forfeit the round" in labels


# ---- step-through and the editor -----------------------------------------------------------------


def test_the_viewer_names_the_placed_and_the_moved_pieces():
    rnd = random.Random(3)
    states = [ResistorGame(first_amperes=0).initial_state(3)]
    while len(states) < 40:
        states.append(states[-1].apply(rnd.choice(states[-1].legal_moves())))
    viewer = GameViewer(states)
    viewer.controls.step("forward")
    assert viewer.controls.text.value == (
        f"Step 1 of 39 · P0: Place an ampere on {CELL_NAMES[states[1].last_move.dst]} · "
        "P0 to decide"
    )
    moved = max(i for i, s in enumerate(states) if s.last_move and s.last_move.kind == "move")
    viewer.controls.go(moved)
    assert re.search(r"(Ampere|Charger|Resistor) [a-n]\d+-[a-n]\d+", viewer.controls.text.value)


def test_the_editor_moves_a_piece_and_changes_its_kind():
    ed = ResistorEditor(position(EVERY_KIND, **MID_TURN))
    board = ed.board
    ed.tool.value = MOVE
    click(board.layers.multi, *board.geometry.cell_center(cell("c3")))
    assert board.selected == (("from", cell("c3")),)
    click(board.layers.multi, *board.geometry.cell_center(cell("c10")))
    assert ed.state.board[cell("c10")] == "A" and ed.state.board[cell("c3")] == "."
    ed.tool.value = "C"
    click(board.layers.multi, *board.geometry.cell_center(cell("c10")))
    assert ed.state.board[cell("c10")] == "C"
    assert error(ed) == "" and board.selected == ()


def test_the_editor_moves_a_dead_space():
    ed = ResistorEditor(position(EVERY_KIND, **MID_TURN))
    ed.tool.value = MOVE
    lay = ed.board.geometry
    click(ed.board.layers.multi, *lay.cell_center(cell("k16")))
    click(ed.board.layers.multi, *lay.cell_center(cell("k15")))
    assert ed.state.dead == tuple(sorted((cell("f12"), cell("k15"))))


def test_the_editor_refuses_an_impossible_position_and_keeps_the_last():
    ed = ResistorEditor(position(EVERY_KIND, **MID_TURN))
    board = ed.board
    before = ed.state
    ed.tool.value = "R"
    click(board.layers.multi, *board.geometry.cell_center(cell("e19")))  # in the charge zone
    d = data({**EVERY_KIND, "e19": "R"}, phase="play")
    with pytest.raises(tg.InvalidState) as exc:
        before.game.state_from_json(d)
    assert error(ed) == f"Refused: {exc.value}"
    assert ed.state is before and board.state is before
    ed.tool.value = REMOVE  # the game has one resistor: none may go
    click(board.layers.multi, *board.geometry.cell_center(cell("h9")))
    assert "resistors=2" in error(ed) and ed.state is before
    click(board.layers.multi, *board.geometry.cell_center(cell("h10")))
    assert error(ed) == "There is no piece on h10 to remove."


def test_the_editor_gives_the_turn_to_the_other_player():
    ed = ResistorEditor(position(EVERY_KIND, **MID_TURN))
    ed.turn.value = 1
    assert ed.state.current_player == 1 and ed.state.turn_role == "resistors"
    assert error(ed) == ""


# ---- one scene: the canvas and the SVG picture -------------------------------------------------


def svg_texts(svg: str) -> list[tuple[str, float, float]]:
    return [
        (t.text or "", float(t.get("x", 0)), float(t.get("y", 0)))
        for t in ET.fromstring(svg).iter(f"{SVG}text")
    ]


def canvas_texts(canvas: Any) -> list[tuple[str, float, float]]:
    return [(str(c.args[0]), float(c.args[1]), float(c.args[2])) for c in canvas.find("fillText")]


def one_scene_positions() -> list[Any]:
    """The set-up, every kind of piece mid-turn, a pending drain, play and a finished match."""
    drain = position({"c3": "A", "e5": "A", "d4": "R"}, current_player=1)
    drain = drain.apply(drain.parse_move("d4-e5"))
    over = random_state(
        ResistorGame(first_amperes=0, max_turns=30), 5, 500
    )  # the turn cap ends the match
    assert drain.pending == "drain" and over.is_terminal
    setup = ResistorGame(first_amperes=0).initial_state(2)
    return [setup, position(EVERY_KIND, **MID_TURN), drain, random_state(NO_SETUP, 7, 90), over]


@pytest.mark.parametrize("viewer", [None, 1])
def test_canvas_and_svg_draw_one_scene(canvas, viewer):
    """Every text the canvas writes (with its place), every arrow and the last move's line
    are the SVG picture's; Resistor hides nothing, so a player's viewpoint draws the same."""
    for state in one_scene_positions():
        board = ResistorBoard(state, square=36, viewer=viewer, offers=False)
        canvas.clear()
        board.redraw_all()
        svg = board.static_svg()
        assert svg == tg.scene.to_svg(board.current_scene())
        drawn, pictured = canvas_texts(canvas), svg_texts(svg)
        assert [t[0] for t in drawn] == [t[0] for t in pictured]
        assert np.allclose([t[1:] for t in drawn], [t[1:] for t in pictured], atol=0.06)
        root = ET.fromstring(svg)
        for ink in (AMPERE_INK, CHARGER_INK, DRAINED_FILL):
            arrows = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == ink]
            assert len(polygons(canvas, ink)) == len(arrows)
        moved = [
            c for c in canvas.find("strokeLineSegments") if c.style["stroke_style"] == LAST_MOVE
        ]
        lines = [x for x in root.iter(f"{SVG}line") if x.get("stroke") == LAST_MOVE]
        assert (
            len(moved)
            == len(lines)
            == (state.last_move is not None and state.last_move.kind == "move")
        )


def test_the_last_move_is_drawn_from_its_cell_to_its_destination(canvas):
    state = position({"c3": "A", "e7": "C", "h9": "R"})
    after = state.apply(state.parse_move("e7-d6"))
    board = ResistorBoard(after, square=40)
    canvas.clear()
    board.redraw()
    (line,) = [c for c in canvas.find("strokeLineSegments") if c.style["stroke_style"] == LAST_MOVE]
    ends = np.asarray(line.args[1], dtype=float).reshape(-1, 2)
    assert [board.geometry.hit(*p).where for p in ends] == [cell("e7"), cell("d6")]
    assert line.canvas == board.layers.overlay.model_id


def test_the_pieces_of_one_kind_are_drawn_by_one_call(canvas):
    state = random_state(NO_SETUP, 7, 90)
    board = ResistorBoard(state, square=40)
    canvas.clear()
    board.redraw()
    amperes = [c for c in canvas.find("fillPolygons") if c.style["fill_style"] == AMPERE_INK]
    assert len(state.cells("A")) > 1 and len(amperes) == 1
    assert len(polygons(canvas, AMPERE_INK)) == len(state.cells("A"))
    resistors = [c for c in canvas.find("fillRects") if c.style["fill_style"] == RESISTOR_INK]
    assert len(resistors) == 1


# ---- the engine's picture -----------------------------------------------------------------------


def test_state_svg_is_valid_xml_and_shows_the_pieces_and_the_panel():
    state = position(EVERY_KIND, **MID_TURN)
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    assert "Round 1 of 2" in texts and "Amperes to move, turn 1" in texts
    fills = [p.get("fill") for p in root.iter(f"{ns}polygon")]
    # one of each arrow on the board, one of each in the legend, and the drained ampere
    # under the legend's resistor riding one
    legend = [AMPERE_INK, DRAINED_FILL, CHARGER_INK, DRAINED_FILL]
    assert sorted(fills) == sorted([AMPERE_INK, DRAINED_FILL, CHARGER_INK, *legend])
    assert "{" not in svg
