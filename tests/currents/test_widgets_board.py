"""The Currents board: what it draws (decoded from the canvas commands), in how many batches,
its size, its caption, and its redraw when a page connects. Also the engine's SVG picture
and the engine's independence from Jupyter."""

from __future__ import annotations

import html
import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import ipycanvas.canvas as ipc
import numpy as np
import pytest
from support.widgets import centre, click, face_text, fire, key, placed_cards, position
from tablegames_widgets.currents.board import CROSSING, CurrentsBoard

import tablegames as tg
from tablegames import style
from tablegames.currents.geometry import POINTS, SIZE, SLOTS
from tablegames.currents.layout import Layout

#: A recorded 4-player game (seed 4, random bots): 49 positions, won at the last one.
MOVES = (
    "AH>S AS>N AD>W 5H>N JD>E 6S>E2 KS>W0 9C>S1 6D>N1 3D>E0 QC!E0~W3 4S>E1 QH!E2~W3 TH>N3 "
    "7H>N1 KC>E0 JS>N0 5S>S 3S>N0 2D>E QD!N0~E1 8S>S0 9S>S3 QS!S3~W3 7S>W1 2H>N3 4C>N2 KD!cw "
    "JH>E1 TS>S2 3C>W2 8D>W1 9H>N2 6H>N1 TD>N0 discard_4H 8C>S3 9D>E2 5D>N3 6C>N 2S>S2 JC!E "
    "QH>W2 2C>S3 KH>S1 4D>N3 7D>S 7H>N3"
)
RECORD = {
    "game": "currents",
    "options": {"players": 4},
    "seed": 4,
    "moves": [m.replace("_", " ") for m in MOVES.split()],
}


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return tg.replay(RECORD)


def pushed() -> Any:
    """Pawn at (4, 4); clubs on N1 and hearts on S1 cancel, two diamonds push east: (2, 0)."""
    return position(
        [["2C", "3H"], ["4S"], ["5S"], ["6S"]], cur={"N1": "3C", "S1": "4H", "E2": "5D", "W1": "6D"}
    )


# ---- what is drawn -------------------------------------------------------------------------


def test_every_card_is_drawn_with_its_rank_and_suit_on_its_place(canvas, states):
    state = states[40]  # 15 currents, a full compass, four hands
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    cards = placed_cards(board, state)
    assert len(cards) == 15 + 4 + sum(len(h) for h in state.hands)
    for card, rect in cards:
        assert canvas.text_in(rect, board.layers.pieces) == face_text(card), card


def test_compass_cards_are_upright_with_rank_then_suit_symbol(canvas, states):
    state = states[40]
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    for i, card in enumerate(state.compass):
        x, y, w, h = board.geometry.compass_rect(i)
        texts = canvas.text_commands_in((x, y, w, h), board.layers.pieces)
        label, symbol = style.face(card)
        assert [t.args[0] for t in texts] == [label, symbol]
        assert texts[0].args[1] == pytest.approx(x + 3)  # rank in the top-left corner


def test_set_up_aces_and_empty_compass_points_are_drawn(canvas, states):
    board = CurrentsBoard(states[1], square=40)  # AH placed on S, three aces aside
    canvas.clear()
    board.redraw()
    lay = board.geometry
    for k, ace in enumerate(states[1].aside):
        assert canvas.text_in(lay.aside_rect(k), board.layers.pieces) == face_text(ace)
    for i, point in enumerate(POINTS):
        expected = "A♥" if point == "S" else point  # an empty point shows its letter
        assert canvas.text_in(lay.compass_rect(i), board.layers.pieces) == expected
    assert "Aces to place" in canvas.texts(board.layers.pieces)


def discs(canvas: Any, layer: Any, fill: str) -> list[tuple[float, float, float]]:
    """The circles filled in ``fill`` on ``layer`` (x, y, radius), from batched calls."""
    out = []
    for c in canvas.find("fillCircles", layer):
        if c.style["fill_style"] == fill:
            cols = [np.atleast_1d(np.asarray(a, dtype=float)) for a in c.args[:3]]
            out += [tuple(float(col[i % len(col)]) for col in cols) for i in range(len(cols[0]))]
    return out


def test_the_pawn_is_a_disc_on_its_intersection(canvas, states):
    board = CurrentsBoard(states[40], square=40)
    canvas.clear()
    board.redraw()
    ((x, y, r),) = discs(canvas, board.layers.pieces, style.PAWN)
    assert (x, y) == board.geometry.point(*states[40].pawn)
    assert r == pytest.approx(40 * 0.24)


def test_a_won_pawn_is_drawn_just_outside_the_edge(canvas, states):
    final = states[-1]
    assert final.pawn[0] < 0  # won over the west edge
    board = CurrentsBoard(final, square=40)
    canvas.clear()
    board.redraw()
    ((x, _y, _r),) = discs(canvas, board.layers.pieces, style.PAWN)
    lay = board.geometry
    assert x == pytest.approx(lay.x0 - lay.gap / 2)  # between the edge and the W slots
    assert board.drawn == {}  # no influence drawn for a finished game


def test_the_vector_arrow_ends_at_the_destination(canvas):
    state = pushed()
    inf = state.inspect()
    assert inf.vector == (2, 0) and inf.destination == (6, 4)
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    lay = board.geometry
    start, end = lay.point(*inf.at), lay.point(*inf.destination)
    assert board.drawn["arrow"] == (start, end)
    overlay = board.layers.overlay
    (shaft,) = [
        c for c in canvas.find("strokeLine", overlay) if c.style["stroke_style"] == style.ARROW
    ]
    assert shaft.args[:2] == list(start)
    # the shaft stops short of the tip, on the line towards it
    bx, by = shaft.args[2:]
    assert by == pytest.approx(start[1]) and start[0] < bx < end[0]
    (head,) = canvas.find("fillPolygon", overlay)
    assert head.style["fill_style"] == style.ARROW
    points = np.asarray(head.args[0]).reshape(-1, 2)
    assert tuple(points[0]) == pytest.approx(end)
    assert all(p[0] < end[0] for p in points[1:])  # the head points east


def test_diagonal_arrow_ends_at_the_destination(canvas, states):
    state = states[46]
    inf = state.inspect()
    assert inf.vector == (-2, -1)
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    end = board.geometry.point(*inf.destination)
    assert board.drawn["arrow"][1] == end
    (head,) = canvas.find("fillPolygon", board.layers.overlay)
    assert tuple(np.asarray(head.args[0]).reshape(-1, 2)[0]) == pytest.approx(end)


def test_no_arrow_when_the_currents_cancel_out(canvas):
    state = position([["2C"], ["4S"], ["5S"], ["6S"]], cur={"N1": "3C", "S1": "4H"})
    assert state.inspect().vector == (0, 0)
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    assert "arrow" not in board.drawn
    assert not canvas.find("fillPolygon")
    assert board.drawn["influencing"] == ("N1", "S1")


def test_the_influencing_currents_are_framed(canvas):
    state = pushed()
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    expected = tuple(si.slot for si in state.inspect().currents)
    assert board.drawn["influencing"] == expected == ("N1", "E2", "S1", "W1")
    frames = canvas.rects("strokeRects", board.layers.overlay, stroke_style=style.HIGHLIGHT)
    lay = board.geometry
    for name in expected:
        x, y, w, h = lay.slot_rect(SLOTS.index(name))
        assert (x - 3, y - 3, w + 6, h + 6) in frames


def test_inspector_off_draws_no_influence(canvas):
    board = CurrentsBoard(pushed(), square=40, inspector=False)
    canvas.clear()
    board.redraw()
    assert board.drawn == {}
    assert not canvas.find("fillPolygon")


def test_an_edge_about_to_be_crossed_is_flagged(canvas):
    state = position([["2C"], ["4S"]], cur={"N3": "5D"}, pawn=(8, 4))
    assert state.inspect().crossed == {"E": 1}
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    assert board.drawn["crossings"] == ("E",)
    lay = board.geometry
    bars = canvas.rects("fillRects", board.layers.overlay, fill_style=CROSSING)
    assert bars == [(lay.x0 + lay.board, lay.y0, 4.0, lay.board)]


def test_obstacles_are_crossed_out_on_the_background(canvas):
    state = position([["2C"], ["4S"]], obstacles=[[2, 6]])
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw_all()
    (cross,) = [
        c
        for c in canvas.find("strokeLineSegments", board.layers.background)
        if c.style["stroke_style"] == style.OBSTACLE
    ]
    points = np.asarray(cross.args[1]).reshape(-1, 2)
    px, py = board.geometry.point(2, 6)
    assert points.mean(axis=0) == pytest.approx((px, py))


def test_background_draws_the_board_squares_in_two_batched_calls(canvas):
    board = CurrentsBoard(pushed(), square=40)
    canvas.clear()
    board.redraw_all()
    lay = board.geometry
    background = board.layers.background
    light = canvas.rects("fillRects", background, fill_style=style.BOARD_LIGHT)
    dark = canvas.rects("fillRects", background, fill_style=style.BOARD_DARK)
    assert len(light) == len(dark) == SIZE * SIZE // 2
    calls = [
        c
        for c in canvas.find("fillRects", background)
        if c.style["fill_style"] in (style.BOARD_LIGHT, style.BOARD_DARK)
    ]
    assert len(calls) == 2
    assert (lay.x0, lay.y0, 40.0, 40.0) in light


# ---- colours and viewpoints ----------------------------------------------------------------


def text_colours(canvas, board, state) -> dict[str, set[str]]:
    """The ink of each face-up card's texts, by card."""
    out: dict[str, set[str]] = {}
    for card, rect in placed_cards(board, state):
        cmds = canvas.text_commands_in(rect, board.layers.pieces)
        out[card] = {c.style["fill_style"] for c in cmds}
    return out


def test_four_colour_option_changes_the_suit_colours(canvas, states):
    state = states[40]
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.redraw()
    two = text_colours(canvas, board, state)
    suits = {card[1] for card in two}
    assert suits == set("CDHS")
    for card, colours in two.items():
        assert colours == {style.TWO_COLOURS[card[1]]}, card
    canvas.clear()
    board.set_view(viewer=None, four_colour=True)
    assert len(canvas.batches) == 1
    four = text_colours(canvas, board, state)
    wanted = {"C": "#2e7d32", "D": "#1565c0", "H": "#c62828", "S": "#1b1b1b"}
    for card, colours in four.items():
        assert colours == {wanted[card[1]]}, card


def test_a_players_view_draws_the_other_hands_face_down(canvas, states):
    state = states[40]
    board = CurrentsBoard(state, square=40)
    canvas.clear()
    board.set_view(viewer=1)
    lay = board.geometry
    pieces = board.layers.pieces
    backs = canvas.rects("fillRects", pieces, fill_style=style.CARD_BACK)
    for p, hand in enumerate(state.hands):
        for k, card in enumerate(hand):
            rect = lay.hand_rect(p, k)
            if p == 1:
                assert canvas.text_in(rect, pieces) == face_text(card)
                assert rect not in backs
            else:
                assert canvas.text_in(rect, pieces) == ""
                assert rect in backs
    assert len(backs) == sum(len(h) for p, h in enumerate(state.hands) if p != 1)
    # the hidden cards' faces are nowhere in what was sent
    hidden = {c for p, h in enumerate(state.hands) if p != 1 for c in h}
    shown = {c for c, _ in placed_cards(board, state)}
    assert not hidden & shown


def test_clicking_a_face_down_card_gives_a_hidden_key(states):
    board = CurrentsBoard(states[40], square=40, viewer=0)
    assert board.hit(*centre(board.geometry.hand_rect(2, 0))) == ("hidden", 2)
    card = states[40].hands[0][0]
    assert board.hit(*centre(board.geometry.hand_rect(0, 0))) == ("card", card)


# ---- size, caption, batches, reconnect ----------------------------------------------------


def test_set_square_resizes_the_canvas_and_redraws(canvas, states):
    board = CurrentsBoard(states[40], square=40)
    small = Layout(40, 4)
    assert (board.layers.multi.width, board.layers.multi.height) == (
        int(small.width),
        int(small.height),
    )
    canvas.clear()
    board.set_square(60)
    big = Layout(60, 4)
    multi = board.layers.multi
    assert (multi.width, multi.height) == (int(big.width), int(big.height))
    assert all(layer.width == int(big.width) for layer in multi._canvases)
    assert multi.layout.width == f"{int(big.width)}px"
    assert multi.layout.height == f"{int(big.height)}px"
    assert board.caption.layout.width == f"{int(big.width)}px"
    assert len(canvas.batches) == 1
    (paper,) = canvas.rects("fillRects", board.layers.background, fill_style=style.PAPER)
    assert paper == (0.0, 0.0, big.width, big.height)
    squares = [
        r
        for fill in (style.BOARD_LIGHT, style.BOARD_DARK)
        for r in canvas.rects("fillRects", board.layers.background, fill_style=fill)
    ]
    assert len(squares) == SIZE * SIZE
    assert {(w, h) for _, _, w, h in squares} == {(60.0, 60.0)}
    # pieces are drawn at the new size, and clicks use the new geometry
    for card, rect in placed_cards(board, states[40]):
        assert canvas.text_in(rect, board.layers.pieces) == face_text(card)
    assert board.hit(*centre(big.slot_rect(5))) == ("slot", 5)


def caption_text(board: CurrentsBoard) -> str:
    value = board.caption.value
    assert "role='status'" in value and "aria-live='polite'" in value
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def test_the_caption_describes_the_position(states):
    board = CurrentsBoard(states[0], square=40)
    for state in (states[0], states[3], states[40], states[-1]):
        board.show(state)
        assert caption_text(board) == state.describe()
    assert "won by player" in caption_text(board)


def test_every_redraw_is_one_batch(canvas, states):
    board = CurrentsBoard(states[40], square=40)
    for action in (
        board.redraw,
        board.redraw_all,
        lambda: board.show(states[41]),
        lambda: board.set_view(viewer=2),
        lambda: board.set_square(44),
    ):
        canvas.clear()
        action()
        assert len(canvas.batches) == 1
        drawn_on = {c.canvas for c in canvas.commands}
        assert {board.layers.pieces.model_id, board.layers.overlay.model_id} <= drawn_on
    canvas.clear()
    board.redraw_all()
    (batch,) = canvas.batches
    assert len(batch) > 100  # all of it, in one message


def test_hovering_redraws_only_the_overlay_in_one_batch(canvas):
    board = CurrentsBoard(pushed(), square=40)
    lay = board.geometry
    canvas.clear()
    fire(board.layers.multi, {"event": "mouse_move", "x": 1.0, "y": 1.0})  # nothing there
    assert canvas.batches == []
    fire(board.layers.multi, {"event": "mouse_move", "x": centre(lay.slot_rect(2))[0],
                              "y": centre(lay.slot_rect(2))[1]})  # fmt: skip
    assert len(canvas.batches) == 1
    assert {c.canvas for c in canvas.commands} == {board.layers.overlay.model_id}
    assert board.drawn["lines"][0] == "N2"
    # moving within the same slot draws nothing more
    x, y = centre(lay.slot_rect(2))
    fire(board.layers.multi, {"event": "mouse_move", "x": x + 1, "y": y + 1})
    assert len(canvas.batches) == 1


def test_client_ready_redraws_everything_starting_with_a_canvas_switch(canvas, states):
    board = CurrentsBoard(states[40], square=40)
    # The page that connects has no current canvas, even if the kernel thinks it has.
    ipc._CANVAS_MANAGER._current_canvas = board.layers.background
    canvas.clear()
    fire(board.layers.multi, {"event": "client_ready"})
    (batch,) = canvas.batches
    assert batch[0].name == "switchCanvas"
    assert batch[0].canvas == board.layers.background.model_id
    layers = board.layers
    assert {c.canvas for c in batch} == {
        layers.background.model_id,
        layers.pieces.model_id,
        layers.overlay.model_id,
    }
    assert canvas.rects("fillRects", layers.background, fill_style=style.PAPER)
    for card, rect in placed_cards(board, states[40]):
        assert canvas.text_in(rect, layers.pieces) == face_text(card)


def test_a_drawing_error_does_not_hold_back_later_drawing(canvas):
    board = CurrentsBoard(pushed(), square=40)

    def broken(c: Any, state: Any) -> None:
        raise RuntimeError("drawing failed")

    board.draw_overlay = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        board.redraw()
    assert not ipc._CANVAS_MANAGER._caching
    del board.draw_overlay
    canvas.clear()
    board.redraw()
    assert len(canvas.batches) == 1
    canvas.clear()
    board.layers.pieces.fill_rect(0, 0, 1, 1)  # drawing outside a redraw is sent at once
    assert [c.name for c in canvas.commands] == ["switchCanvas", "fillRect"]


def test_nested_redraws_are_sent_as_one_batch(canvas):
    from tablegames_widgets.canvas import held

    board = CurrentsBoard(pushed(), square=40)
    canvas.clear()
    with held():
        board.redraw()
        board.set_view(four_colour=True)
        assert canvas.batches == []
    assert len(canvas.batches) == 1


def test_clicks_and_keys_reach_the_handlers(states):
    board = CurrentsBoard(states[40], square=40)
    clicked: list[Any] = []
    keys: list[str] = []
    board.on_click(clicked.append)
    board.on_key(keys.append)
    lay = board.geometry
    click(board.layers.multi, *centre(lay.slot_rect(6)))
    click(board.layers.multi, *centre(lay.compass_rect(1)))
    click(board.layers.multi, *lay.point(3, 5))
    click(board.layers.multi, 1.0, 1.0)  # empty paper: no handler call
    key(board.layers.multi, "ArrowRight")
    assert clicked == [("slot", 6), ("compass", 1), ("point", (3, 5))]
    assert keys == ["ArrowRight"]


# ---- the engine side ---------------------------------------------------------------------


def test_state_svg_is_valid_xml_and_shows_the_cards(states):
    state = states[40]
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    joined = [a + b for a, b in itertools.pairwise(texts)]
    for card in [*state.compass, *state.currents, *(c for h in state.hands for c in h)]:
        if card is not None:
            assert face_text(card) in texts or face_text(card) in joined, card
    assert root.get("aria-label") == state.describe()


def test_state_svg_has_no_unformatted_placeholders(states):
    svg = states[40]._repr_svg_()
    assert "{style." not in svg


def test_import_tablegames_imports_no_jupyter_package():
    code = (
        "import sys, tablegames\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'IPython', 'ipykernel', 'traitlets', 'numpy'))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""
