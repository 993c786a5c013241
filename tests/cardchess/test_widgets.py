"""The Card Chess board, play and editor: what the board draws (decoded from the canvas
commands), what a click means, moves and placements made by clicking as a page would,
the highlighted destinations against the engine's legal moves, refusals with the engine's
reason, the editor, the viewer's step text, the engine's SVG picture, and that the board
and the SVG picture draw one scene (``tablegames.cardchess.scene``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest
from support.cardchess import data, position
from support.widgets import (
    centre,
    check_one_batch,
    check_picks,
    click,
    drawn_scene,
    error,
    human_table,
    message,
    random_state,
    rounded,
    svg_rects,
)
from tablegames_widgets import CardChessBoard, CardChessEditor, GameViewer
from tablegames_widgets.board import TARGET
from tablegames_widgets.cardchess.editor import MOVE, REMOVE

import tablegames as tg
from tablegames import style
from tablegames.cardchess.layout import Layout
from tablegames.cardchess.moves import CELL_INDEX, CELL_NAMES, SIZE
from tablegames.cardchess.scene import (
    BADGE_RIM,
    LAST_MOVE,
    SIDE_BAND,
    SIDE_INK,
    badge_centre,
    faint,
    state_scene,
)
from tablegames.cardchess.state import ARMY, OWNER, START_AREA
from tablegames.cardchess.text import unit_label
from tablegames.scene import Text


def cell(name: str) -> int:
    return CELL_INDEX[name]


def drawn_board(canvas: Any, state: Any) -> CardChessBoard:
    """A board at square 40 showing ``state``, drawn afresh on the recorded canvas."""
    board = CardChessBoard(state, square=40)
    canvas.clear()
    board.redraw()
    return board


def press(w: Any, name: str) -> None:
    """Click the centre of a cell, as a page would."""
    click(w.board.layers.multi, *w.board.geometry.cell_center(cell(name)))


def press_card(w: Any, card: str) -> None:
    """Click a unit in hand: each keeps its place in its army's order."""
    side = OWNER[card]
    click(w.board.layers.multi, *centre(w.board.geometry.hand_rect(side, ARMY[side].index(card))))


#: the standard game, for random positions
GAME = tg.make("cardchess")

#: Red's queen d2 on black's king d6 (covered), a black ten on two red units on c3.
STACKED = {"d6": "KS QH", "c3": "JD TD TC", "d2": "QD"}


# ---- what is drawn ---------------------------------------------------------------------------


def test_every_top_unit_and_terrain_card_is_drawn_on_its_cell(canvas):
    state = position(STACKED)
    board = drawn_board(canvas, state)
    lay = board.geometry

    def label_in(rect: Any, size: float) -> str:
        font = f"bold {size:.0f}px {style.FONT}"
        return "".join(c.args[0] for c in canvas.text_commands_in(rect) if c.style["font"] == font)

    for i in range(SIZE):
        stack = state.stacks[i]
        if stack:
            n = len(stack) - 1
            assert label_in(lay.unit_rect(i, n), lay.top_font(n)) == unit_label(stack[-1])
        elif state.face_up(i):
            assert canvas.text_in(lay.cell_rect(i)) == unit_label(state.surface[i])
        else:
            assert canvas.text_in(lay.cell_rect(i)) == ""
    # a unit on terrain leaves the terrain card's name visible below it
    assert unit_label(state.surface[cell("c3")]) in canvas.text_in(lay.cell_rect(cell("c3")))


def test_face_down_cards_are_card_backs_in_the_start_areas(canvas):
    board = drawn_board(canvas, position({}))
    backs = set(canvas.rects("fillRects", fill_style=style.CARD_BACK))
    start = START_AREA[0] | START_AREA[1]
    assert backs == {board.geometry.cell_rect(i) for i in start}


def test_without_terrain_every_card_is_face_down(canvas):
    state = tg.make("cardchess", terrain=False).initial_state(2)
    drawn_board(canvas, state)
    assert len(canvas.rects("fillRects", fill_style=style.CARD_BACK)) == SIZE


def test_covered_units_are_fanned_with_their_rank_and_suit_and_a_covered_king_marked(canvas):
    state = position(STACKED)
    board = drawn_board(canvas, state)
    lay = board.geometry
    red_bands = canvas.rects("fillRects", fill_style=SIDE_BAND[0])
    black_bands = canvas.rects("fillRects", fill_style=SIDE_BAND[1])
    c3, d6 = cell("c3"), cell("d6")
    assert set(red_bands) == set(lay.fan_rects(c3, 2))
    assert set(black_bands) == set(lay.fan_rects(d6, 1))
    # each covered unit's rank and suit is written on its visible edge, deepest first
    for i, stack in ((c3, ["JD", "TD"]), (d6, ["KS"])):
        for unit, (x, y, w, _h) in zip(stack, lay.fan_rects(i, len(stack))):
            edge = (x, y, w, lay.fan_shape(len(stack))[2])
            assert canvas.text_in(edge) == unit_label(unit)
    # one crown: the black king under red's queen (a unit under its own side is not marked)
    crowns = [c for c in canvas.find("fillText") if c.args[0] == "♚"]
    assert len(crowns) == 1
    x, y = badge_centre(lay, d6)
    assert crowns[0].args[1] == pytest.approx(x)
    (discs,) = [c for c in canvas.find("fillCircles") if c.style["fill_style"] == SIDE_INK[1]]
    assert (float(discs.args[0][0]), float(discs.args[1][0])) == pytest.approx((x, y))


def test_the_covered_king_crown_is_large_and_rimmed_clear_of_the_ranks():
    """Issue 28: the crown read about 10 px wide at the walkthrough's size (square 40)."""
    from tablegames.scene import Circle

    state = position(STACKED)
    d6 = cell("d6")
    scene = state_scene(state, 40)
    (crown,) = [s for s in scene.shapes() if isinstance(s, Text) and s.text == "♚"]
    (rim,) = [s for s in scene.shapes() if isinstance(s, Circle) and s.fill == BADGE_RIM]
    (disc,) = [s for s in scene.shapes() if isinstance(s, Circle) and s.fill == SIDE_INK[1]]
    assert crown.size >= 22  # a glyph of about 16 px
    assert rim.r > disc.r + 2 and disc.stroke == "white"  # a dark ring outside a white one
    # the top unit's rank (centred) and the grid card's (on the strip) stay clear of it
    x, _y, w, _h = Layout(40).units_rect(d6)
    assert rim.cx + rim.r < x + w / 2 - 6  # "2♠" is about 12 px wide


def test_a_tall_stack_shows_every_covered_unit_two_to_a_row():
    state = position({"c3": "JD TC TD JC QD QC"})
    lay = Layout(40)
    texts = [t.text for t in state_scene(state, 40).pieces if isinstance(t, Text)]
    for unit in ("JD", "TC", "TD", "JC", "QD", "QC"):
        assert unit_label(unit) in texts
    assert lay.fan_shape(5)[:2] == (2, 3)
    assert len({r[1] for r in lay.fan_rects(cell("c3"), 5)}) == 3


def test_the_panel_says_whose_turn_and_the_result(canvas):
    board = drawn_board(canvas, position({}))
    assert "Red to move" in canvas.texts()
    won = next(
        s
        for s in (random_state(GAME, seed, 400) for seed in range(20))
        if s.is_terminal and s.winners
    )
    canvas.clear()
    board.show(won)
    side = "Red" if won.winners == {0} else "Black"
    assert f"{side} wins" in canvas.texts()
    assert "kings covered: 2 of 2" in canvas.texts()


def test_both_hands_are_drawn_during_a_progressive_set_up_each_unit_in_its_place(canvas):
    start = tg.make("cardchess", setup="progressive").initial_state(1)
    placed = start.apply(start.parse_move("KH e1"))
    state = placed.apply(placed.parse_move("QS c5"))
    board = drawn_board(canvas, state)
    lay = board.geometry
    for p in (0, 1):
        for k, card in enumerate(ARMY[p]):
            label, symbol = style.face(card)
            shown = label + symbol if card in state.hands[p] else ""
            assert canvas.text_in(lay.hand_rect(p, k)) == shown
    empty = canvas.rects("strokeRects", stroke_style=style.EMPTY_PLACE)
    assert set(empty) == {lay.hand_rect(0, ARMY[0].index("KH")), lay.hand_rect(1, 6)}
    assert "Red to place" in canvas.texts()


def test_a_redraw_is_one_batch(canvas):
    board = CardChessBoard(position(STACKED), square=40)
    check_one_batch(canvas, board, random_state(GAME, 3, 20))


# ---- what a click means ----------------------------------------------------------------------


def test_hit_names_a_unit_to_pick_a_destination_or_a_hand_card():
    state = position(STACKED)  # red to move
    board = CardChessBoard(state, square=40)
    lay = board.geometry
    assert board.hit(*lay.cell_center(cell("d2"))) == ("from", cell("d2"))  # red's queen
    assert board.hit(*lay.cell_center(cell("d6"))) == ("from", cell("d6"))  # red on top
    assert board.hit(*lay.cell_center(cell("c3"))) == ("to", cell("c3"))  # black on top
    assert board.hit(*lay.cell_center(cell("a4"))) == ("to", cell("a4"))  # terrain
    assert board.hit(lay.width - 2, lay.height - 2) is None
    setup = tg.make("cardchess", setup="progressive").initial_state(1)
    board = CardChessBoard(setup, square=40)
    assert board.hit(*centre(lay.hand_rect(1, 0))) == ("card", setup.hands[1][0])
    assert board.hit(*lay.cell_center(cell("a1"))) == ("to", cell("a1"))


@pytest.mark.parametrize("seed", range(6))
def test_highlighted_destinations_are_the_engines_legal_moves(seed):
    state = random_state(GAME, seed, 12)
    w = human_table(state)
    by_source: dict[int, set[Any]] = {}
    for m in state.legal_moves():
        by_source.setdefault(m.src, set()).add(("to", m.dst))
    check_picks(w, by_source, lambda src: press(w, CELL_NAMES[src]))
    assert w.state is state


def test_a_picked_unit_draws_its_rays_to_the_farthest_destinations(canvas):
    state = position({})  # the queens on b2 and e2
    w = human_table(state)
    canvas.clear()
    press(w, "b2")
    lay = w.board.geometry
    (rays,) = [  # faint, so the cards under them stay readable
        c
        for c in canvas.find("strokeLineSegments")
        if c.style.get("stroke_style") == faint(TARGET, 0.4)
    ]
    ends = {tuple(map(float, seg[1])) for seg in _segments(rays.args)}
    dsts = {m.dst for m in state.legal_moves() if m.src == cell("b2")}
    far = {
        j
        for j in dsts
        if not any(_beyond(cell("b2"), j, k) for k in dsts if k != j)  # the last of its ray
    }
    assert ends == {lay.cell_center(j) for j in far}


def _segments(args: list[Any]) -> list[Any]:
    import numpy as np

    pts = np.asarray(args[1], dtype=float).reshape(-1, 2, 2)
    return [tuple(map(tuple, s)) for s in pts]


def _beyond(src: int, j: int, k: int) -> bool:
    """Whether ``k`` lies on the ray from ``src`` through ``j``, farther than ``j``."""
    (r0, c0), (r1, c1), (r2, c2) = divmod(src, 6), divmod(j, 6), divmod(k, 6)
    d1 = (r1 - r0, c1 - c0)
    d2 = (r2 - r0, c2 - c0)
    n1, n2 = max(map(abs, d1)), max(map(abs, d2))
    return n2 > n1 and (d1[0] * n2 == d2[0] * n1) and (d1[1] * n2 == d2[1] * n1)


# ---- playing by clicking -----------------------------------------------------------------------


def test_a_move_by_clicking_a_unit_then_a_destination(canvas):
    state = position({})
    w = human_table(state)
    press(w, "b2")
    assert "click a framed cell" in message(w)
    canvas.clear()
    press(w, "b3")  # the red queen onto red terrain
    assert len(canvas.batches) == 1
    assert w.state.last_move == state.parse_move("b2-b3")
    assert w.state.stacks[cell("b3")] == ("QD",)
    assert w.board.selected == () and w.state.current_player == 1
    assert (
        message(w) == "Black (human): click one of your units, then a framed cell to move it there."
    )


def test_landing_on_ones_own_unit_is_a_click_on_it():
    state = position({})
    w = human_table(state)
    press(w, "b2")
    assert ("to", cell("b1")) in w.board.targets  # the jack below: a friendly landing
    press(w, "b1")
    assert w.state.stacks[cell("b1")] == ("JD", "QD")


def test_another_unit_of_ones_own_not_in_reach_switches_the_pick():
    w = human_table(position({}))
    press(w, "b2")
    press(w, "f1")  # the ten: not on the queen's rays
    assert w.board.selected == (("from", cell("f1")),)


def test_a_placement_by_clicking_a_hand_card_then_a_cell():
    state = tg.make("cardchess", setup="progressive").initial_state(1)
    w = human_table(state)
    press_card(w, "KH")
    assert set(w.board.targets) == {("to", i) for i in START_AREA[0]}
    press(w, "e1")
    assert w.state.last_move == state.parse_move("KH e1")
    assert w.state.stacks[cell("e1")] == ("KH",) and "KH" not in w.state.hands[0]
    assert w.state.current_player == 1


def test_a_placement_outside_the_start_area_is_refused_with_the_engines_reason():
    state = tg.make("cardchess", setup="progressive").initial_state(1)
    w = human_table(state)
    press_card(w, "KH")
    press(w, "e6")
    assert "own start area" in message(w) and "e6" in message(w)
    assert w.state is state and w.board.selected == (("card", "KH"),)


def test_an_illegal_destination_shows_the_engines_reason_and_keeps_the_state():
    state = position({})
    w = human_table(state)
    press(w, "b2")
    press(w, "b6")  # up the b-file: the black terrain on b4 stops the queen
    with pytest.raises(tg.IllegalMove) as exc:
        state.parse_move("b2-b6")
    assert message(w) == str(exc.value)
    assert "stopped at b4" in message(w)
    assert w.state is state and len(w.history) == 1
    assert w.board.selected == (("from", cell("b2")),)  # still picked: try another cell
    press(w, "b4")
    assert w.state.last_move == state.parse_move("b2-b4")


def test_clicking_a_covered_unit_shows_the_units_that_can_land_there():
    state = position({"b2": "QD JC"})  # red's queen under a black jack; red to move
    w = human_table(state)
    press(w, "b2")  # not a unit to move: a destination
    assert w.board.selected == (("to", cell("b2")),)
    assert set(w.board.targets) == {
        ("from", m.src) for m in state.legal_moves() if m.dst == cell("b2")
    }
    assert ("from", cell("c1")) in w.board.targets
    press(w, "c1")  # red's king covers the jack
    assert w.state.stacks[cell("b2")] == ("QD", "JC", "KD")


def test_the_move_list_names_the_units():
    w = human_table(position({}))
    labels = [label for label, _m in w.moves.options]
    assert "Q♦ b2-b3" in labels


# ---- step-through and the editor -----------------------------------------------------------------


def test_the_viewer_names_the_sides_and_the_moved_unit():
    result = tg.play_game(tg.make("cardchess"), seed=3, max_decisions=10)
    viewer = GameViewer(result.record)
    viewer.controls.step("forward")
    first = result.record.moves[0]
    unit = viewer.states[1].stacks[CELL_INDEX[first.split("-")[1]]][-1]
    assert viewer.controls.text.value == (
        f"Step 1 of {len(viewer.states) - 1} · Red: {unit_label(unit)} {first} · Black to decide"
    )
    assert viewer.board.caption.value.endswith(f"{viewer.states[1].describe()}</div>")


def test_the_editor_puts_a_unit_and_moves_a_top_unit():
    ed = CardChessEditor(position({}))
    board = ed.board
    ed.tool.value = "QD"
    click(board.layers.multi, *board.geometry.cell_center(cell("c4")))
    assert ed.state.stacks[cell("c4")] == ("QD",) and not ed.state.stacks[cell("b2")]
    ed.tool.value = MOVE
    click(board.layers.multi, *board.geometry.cell_center(cell("c4")))
    assert board.selected == (("from", cell("c4")),)
    click(board.layers.multi, *board.geometry.cell_center(cell("c6")))  # onto black's king
    assert ed.state.stacks[cell("c6")] == ("KC", "QD") and ed.state.covered("KC")
    assert error(ed) == "" and board.selected == ()


def test_the_editor_refuses_an_impossible_position_and_keeps_the_last():
    ed = CardChessEditor(position({"c6": "KC QD"}))
    board = ed.board
    before = ed.state
    ed.tool.value = "QH"
    click(board.layers.multi, *board.geometry.cell_center(cell("d6")))  # the second black king
    with pytest.raises(tg.InvalidState) as exc:
        tg.make("cardchess").state_from_json(data({"c6": "KC QD", "d6": "KS QH"}, current_player=0))
    assert error(ed) == f"Refused: {exc.value}"
    assert ed.state is before and board.state is before
    ed.tool.value = REMOVE  # a fixed game has no hands to go back to
    click(board.layers.multi, *board.geometry.cell_center(cell("a1")))
    assert "progressive" in error(ed) and ed.state is before


def test_the_editor_sends_a_unit_back_to_hand_during_a_progressive_set_up():
    game = tg.make("cardchess", setup="progressive")
    state = game.state_from_json(
        {
            "units": {"a1": ["KH"]},
            "hands": [
                ["KD", "QD", "QH", "JD", "JH", "TD", "TH"],
                list(game.initial_state(0).hands[1]),
            ],
        }
    )
    ed = CardChessEditor(state)
    assert ed.turn.options == (("Red", 0), ("Black", 1))
    ed.tool.value = REMOVE
    click(ed.board.layers.multi, *ed.board.geometry.cell_center(cell("a1")))
    assert "KH" in ed.state.hands[0] and not ed.state.stacks[cell("a1")]
    assert ed.hands[0].value.split() == list(ed.state.hands[0])


# ---- the engine's picture -----------------------------------------------------------------------


def test_state_svg_is_valid_xml_and_shows_the_units():
    state = position(STACKED)
    root = ET.fromstring(state._repr_svg_())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for name in ("d6", "c3", "d2"):
        assert unit_label(state.stacks[cell(name)][-1]) in texts
    assert "♚" in texts and "3" in texts and "Red to move" in texts
    assert "{" not in state._repr_svg_()


# ---- one picture: the board and the SVG draw the same scene ------------------------------------


def _won() -> Any:
    return next(
        s
        for s in (random_state(GAME, seed, 400) for seed in range(20))
        if s.is_terminal and s.winners
    )


def _setup() -> Any:
    start = tg.make("cardchess", setup="progressive").initial_state(1)
    placed = start.apply(start.parse_move("KH e1"))
    return placed.apply(placed.parse_move("QS c5"))


#: Positions that show every part of the picture: stacks with bands, badges and a covered
#: king, both hands during a set-up, a result, a surface without terrain.
PICTURES = {
    "stacks": lambda: position(STACKED),
    "played": lambda: random_state(GAME, 5, 40),
    "set-up": _setup,
    "won": _won,
    "no terrain": lambda: random_state(tg.make("cardchess", terrain=False), 2, 9),
}


@pytest.mark.parametrize("viewer", [None, 1])
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_canvas_and_svg_draw_one_scene(canvas, name, viewer):
    """Every text (with its ink), card back, unit frame and band the board draws is in
    its static SVG picture and the reverse, from every viewpoint (face-down cards are
    hidden from everyone, units and hands are public)."""
    state = PICTURES[name]()
    svg = drawn_scene(canvas, CardChessBoard(state, square=40, viewer=viewer))
    assert svg == state._repr_svg_()  # the board's picture is the state's
    backs = canvas.rects("fillRects", fill_style=style.CARD_BACK)
    assert set(rounded(backs)) == set(svg_rects(svg, fill=style.CARD_BACK))
    for side in (0, 1):
        frames = canvas.rects("strokeRects", stroke_style=SIDE_INK[side])
        assert set(rounded(frames)) == set(svg_rects(svg, stroke=SIDE_INK[side]))
        bands = canvas.rects("fillRects", fill_style=SIDE_BAND[side])
        assert set(rounded(bands)) == set(svg_rects(svg, fill=SIDE_BAND[side]))


def test_four_colour_suits_reach_both_pictures(canvas):
    state = position(STACKED)
    board = CardChessBoard(state, square=30, four_colour=True)
    svg = drawn_scene(canvas, board)
    drawn = [(c.args[0], c.style["fill_style"]) for c in canvas.find("fillText")]
    assert ("Q♦", style.FOUR_COLOURS["D"]) in drawn  # red's queen on d2, in blue
    assert ET.fromstring(svg).get("width") == f"{board.geometry.width:.0f}"


def test_the_last_move_is_marked_faintly_on_the_board_and_in_the_picture(canvas):
    state = position({})
    moved = state.apply(state.parse_move("b2-b3"))
    board = drawn_board(canvas, moved)
    heads = [c for c in canvas.find("fillPolygon") if c.style["fill_style"] == LAST_MOVE]
    assert len(heads) == 1 and f"fill='{LAST_MOVE}'" in board.static_svg()
    (shaft,) = [c for c in canvas.find("strokeLine") if c.style["stroke_style"] == LAST_MOVE]
    assert tuple(shaft.args[:2]) == pytest.approx(board.geometry.cell_center(cell("b2")))
    setup = _setup()  # the last move placed QS on c5: framed
    canvas.clear()
    board.show(setup)
    x, y, w, h = board.geometry.cell_rect(cell("c5"))
    assert canvas.rects("strokeRects", stroke_style=LAST_MOVE) == [(x - 1, y - 1, w + 2, h + 2)]
    assert svg_rects(board.static_svg(), stroke=LAST_MOVE) == rounded(
        [(x - 1, y - 1, w + 2, h + 2)]
    )


def test_the_scene_names_the_places_hit_testing_finds():
    state = _setup()
    lay = Layout(40)
    scene = state_scene(state, 40)
    spots = [lay.cell_center(i) for i in range(SIZE)]
    spots += [centre(lay.hand_rect(p, k)) for p in (0, 1) for k in range(len(ARMY[p]))]
    spots += [(lay.width - 2, lay.height - 2), (1, 1)]
    for x, y in spots:
        hit = lay.hit(x, y)
        assert scene.key_at(x, y) == (tuple(hit) if hit else None), (x, y)


def test_covered_units_of_both_sides_peek_out_deepest_first(canvas):
    # c3: a black jack under a red ten under black's queen: the red band (nearer the top)
    # is drawn after the black one, so it covers the black band's lower part
    board = drawn_board(canvas, position({"c3": "JC TD QS"}))
    lay = board.geometry
    order = []
    for c in canvas.find("fillRects"):
        xs, ys = (np.atleast_1d(np.asarray(a, dtype=float)) for a in c.args[:2])
        order += [(float(x), float(y)) for x, y in zip(xs, ys)]
    deep, near = lay.fan_rects(cell("c3"), 2)
    assert order.index(deep[:2]) < order.index(near[:2])
