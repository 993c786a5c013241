"""CurrentsInspector: influence lines of a hovered, clicked or chosen slot, the vector
cancellation panel, and the scout; all checked against ``state.inspect()``."""

from __future__ import annotations

from typing import Any

import ipycanvas.canvas as ipc
import numpy as np
import pytest
from support.widgets import centre, click, face_text, fire, move, position
from tablegames_widgets.currents.inspector import NO_SLOT, CurrentsInspector, VectorPanel

import tablegames as tg
from tablegames import style
from tablegames.currents.geometry import SLOTS
from tablegames.currents.scene import PINNED, SCOUT


def crossfire() -> Any:
    """Clubs on N and E, hearts S, spades W; pawn at (4, 4).

    N1 (3C) pushes N and E, E1 (6H) and S1 (4H) push S, W2 (5S) pushes W:
    N cancels one S, E cancels W, and the pawn goes one step south.
    """
    return position(
        [["2D", "7D"], ["8D"]],
        cur={"N1": "3C", "E1": "6H", "S1": "4H", "W2": "5S", "N3": "9D"},
        compass={"N": "AC", "E": "9C", "S": "AH", "W": "AS"},
    )


def crossing() -> Any:
    """Pawn on the east edge line; a diamond current pushes it over by one."""
    return position([["2C", "7S"], ["8D"]], cur={"N3": "5D"}, pawn=(8, 4))


def strike_lines(canvas, panel) -> list[Any]:
    """The red lines striking through cancelled units on the panel (batched segments)."""
    out = []
    for c in canvas.find("strokeLineSegments", panel):
        if c.style["stroke_style"] == style.WARNING:
            out += list(np.asarray(c.args[1]).reshape(-1, 4))
    return out


def lines_drawn(canvas, board) -> list[tuple[float, float, float, float]]:
    """The pinned (or hovered) slot's lines the overlay drew (stroke_line_segments, dark)."""
    out = []
    for c in canvas.find("strokeLineSegments", board.layers.overlay):
        if c.style.get("stroke_style") == PINNED:
            points = np.asarray(c.args[1]).reshape(-1, 4)
            out += [tuple(float(v) for v in row) for row in points]
    return out


# ---- influence lines -------------------------------------------------------------------------


@pytest.mark.parametrize("slot", [0, 5, 10, 15])
def test_hovering_a_slot_highlights_its_three_lines(canvas, slot):
    insp = CurrentsInspector(crossfire(), square=40)
    board = insp.board
    lay = board.geometry
    canvas.clear()
    move(board.layers.multi, *centre(lay.slot_rect(slot)))
    assert len(canvas.batches) == 1
    name, lines = board.drawn["lines"]
    assert name == SLOTS[slot]
    assert lines == lay.slot_lines_px(slot)
    assert lines_drawn(canvas, board) == [tuple(v) for v in lines]
    # the three lines are the slot's lines of the board
    k = slot % 4
    if SLOTS[slot][0] in "NS":
        assert [x1 for x1, _, _, _ in lines] == [
            lay.point(x, 0)[0] for x in (2 * k, 2 * k + 1, 2 * k + 2)
        ]
    else:
        assert [y1 for _, y1, _, _ in lines] == [
            lay.point(0, y)[1] for y in (2 * k, 2 * k + 1, 2 * k + 2)
        ]
    # leaving the slot removes the highlight
    canvas.clear()
    move(board.layers.multi, 1.0, 1.0)
    assert "lines" not in board.drawn
    assert lines_drawn(canvas, board) == []


def test_clicking_a_slot_pins_its_lines_until_clicked_again(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    board = insp.board
    lay = board.geometry
    multi = board.layers.multi
    canvas.clear()
    click(multi, *centre(lay.slot_rect(6)))
    assert len(canvas.batches) == 1
    assert board.selected_slot == 6 and insp.slot.value == 6
    assert board.drawn["lines"] == ("E2", lay.slot_lines_px(6))
    # hovering elsewhere keeps the pinned lines and draws nothing
    canvas.clear()
    move(multi, *centre(lay.slot_rect(1)))
    assert canvas.batches == []
    assert board.drawn["lines"][0] == "E2"
    # clicking another slot moves the pin; clicking it again unpins
    click(multi, *centre(lay.slot_rect(1)))
    assert board.drawn["lines"][0] == "N1" and insp.slot.value == 1
    canvas.clear()
    click(multi, *centre(lay.slot_rect(1)))
    assert board.selected_slot is None and insp.slot.value == NO_SLOT
    assert len(canvas.batches) == 1
    # unpinned, the hovered slot shows again
    move(multi, *centre(lay.slot_rect(12)))
    assert board.drawn["lines"][0] == "W0"


def test_the_slot_dropdown_pins_lines_from_the_keyboard(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    assert [v for _, v in insp.slot.options] == [NO_SLOT, *range(16)]
    canvas.clear()
    insp.slot.value = 9
    assert len(canvas.batches) == 1
    assert insp.board.selected_slot == 9
    assert insp.board.drawn["lines"] == ("S1", insp.board.geometry.slot_lines_px(9))
    assert lines_drawn(canvas, insp.board) == [tuple(v) for v in insp.board.drawn["lines"][1]]
    insp.slot.value = NO_SLOT
    assert "lines" not in insp.board.drawn
    assert insp.slot.label == "(none)"


def test_clicking_elsewhere_than_a_slot_changes_nothing(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    lay = insp.board.geometry
    canvas.clear()
    click(insp.board.layers.multi, *lay.point(2, 2))
    click(insp.board.layers.multi, *centre(lay.compass_rect(0)))
    assert insp.board.selected_slot is None
    assert canvas.batches == []


# ---- the vector panel ------------------------------------------------------------------------


def test_panel_strikes_exactly_the_cancelled_units(canvas):
    state = crossfire()
    inf = state.inspect()
    insp = CurrentsInspector(state, square=40)
    struck = sorted({k for pair in inf.cancelled for k in pair})
    expected = [(inf.units[k].slot, inf.units[k].direction) for k in struck]
    assert expected == [("N1", "N"), ("N1", "E"), ("E1", "S"), ("W2", "W")]
    assert insp.panel.drawn["struck"] == expected
    assert insp.panel.drawn["rows"] == [(si.slot, si.card, si.directions) for si in inf.currents]
    assert insp.panel.drawn["vector"] == inf.vector == (0, -1)
    # what reached the canvas: one strike line per struck unit, every unit's arrow text
    panel = insp.panel.canvas
    canvas.clear()
    insp.panel.draw(inf)
    assert len(strike_lines(canvas, panel)) == len(expected)
    texts = canvas.texts(panel)
    arrows = [t for t in texts if t[:1] in "↑→↓←" and len(t) == 2]
    assert arrows == ["↑N", "→E", "↓S", "↓S", "←W"]
    muted = [c.args[0] for c in canvas.find("fillText", panel) if c.args[0] in arrows
             and c.style["fill_style"] == style.MUTED]  # fmt: skip
    assert muted == ["↑N", "→E", "↓S", "←W"]
    assert "Tally: N 1 · E 1 · S 2 · W 1" in texts
    assert any(t.startswith("Net push: 1 south") and t.endswith("(4, 3)") for t in texts)
    # the cards of the rows are drawn on the panel too
    assert "".join(texts).count(face_text("3C")) == 1


def test_panel_names_a_dead_current_and_a_crossing():
    state = position(
        [["2C", "7S"], ["8D"]],
        cur={"N3": "5D", "E2": "6H"},
        compass={"N": "AC", "E": "AD", "S": None, "W": "AS"},
        pawn=(8, 4),
    )
    insp = CurrentsInspector(state, square=40)
    inf = state.inspect()
    assert inf.crossed == {"E": 1}
    assert insp.panel.drawn["crossings"] == ("E",) == insp.board.drawn["crossings"]
    assert ("E2", "6H", ()) in insp.panel.drawn["rows"]  # hearts are on no compass point


def test_panel_for_a_finished_game(canvas):
    panel = VectorPanel()
    canvas.clear()
    panel.draw(None)
    assert "The game is over." in canvas.texts(panel.canvas)
    assert panel.drawn == {"rows": [], "struck": [], "vector": None}


def test_panel_redraws_with_a_canvas_switch_when_a_page_connects(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    panel = insp.panel
    assert ipc._CANVAS_MANAGER._current_canvas is not None
    ipc._CANVAS_MANAGER._current_canvas = panel.canvas  # what the kernel believes
    canvas.clear()
    fire(panel.canvas, {"event": "client_ready"})
    (batch,) = canvas.batches
    assert batch[0].name == "switchCanvas" and batch[0].canvas == panel.canvas.model_id
    assert "Vector cancellation" in canvas.texts(panel.canvas)
    assert len(strike_lines(canvas, panel.canvas)) == 4


# ---- the scout --------------------------------------------------------------------------------


def scout_discs(canvas, layer=None) -> list[tuple[float, float]]:
    """The centres of the scout tokens drawn (yellow discs, from batched calls)."""
    out = []
    for c in canvas.find("fillCircles", layer):
        if c.style["fill_style"] == SCOUT:
            xs, ys = (np.atleast_1d(np.asarray(a, dtype=float)) for a in c.args[:2])
            out += [(float(x), float(y)) for x, y in zip(xs, ys)]
    return out


def scout_disc(canvas, board) -> tuple[float, float]:
    (disc,) = scout_discs(canvas, board.layers.overlay)
    return disc


def test_the_scout_steps_through_the_scout_path(canvas):
    state = crossfire()
    path = state.inspect().scout_path
    assert len(path) == 5  # the start and one stop per occupied influencing slot (not N3)
    insp = CurrentsInspector(state, square=40)
    board = insp.board
    assert "scout" not in board.drawn
    canvas.clear()
    insp.scout.value = True
    assert len(canvas.batches) == 1
    assert board.drawn["scout"] == path[0] == (4, 4)
    assert scout_disc(canvas, board) == board.geometry.point(*path[0])
    assert insp.scout_play.max == len(path) - 1
    for step in range(1, len(path)):
        canvas.clear()
        insp.scout_play.value = step  # the Play button ticking, or the user stepping it
        assert len(canvas.batches) == 1
        assert board.drawn["scout"] == path[step]
        assert scout_disc(canvas, board) == board.geometry.point(*path[step])
    assert path[-1] == state.inspect().destination
    canvas.clear()
    insp.scout.value = False
    assert "scout" not in board.drawn
    assert not scout_discs(canvas)


def test_showing_another_state_restarts_the_scout_there(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    insp.scout.value = True
    insp.scout_play.value = 3
    other = crossing()
    canvas.clear()
    insp.show(other)
    path = other.inspect().scout_path
    assert insp.scout_play.value == 0 and insp.scout_play.max == len(path) - 1
    assert insp.board.drawn["scout"] == path[0]
    assert insp.board.state is other
    assert insp.panel.drawn["vector"] == (1, 0)


def test_showing_a_state_is_one_batch_for_board_and_panel(canvas):
    insp = CurrentsInspector(crossfire(), square=40)
    for scout in (False, True):
        insp.scout.value = scout
        insp.scout_play.value = 2 if scout else 0
        for state in (crossing(), crossfire()):
            canvas.clear()
            insp.show(state)
            assert len(canvas.batches) == 1, scout
            on = {c.canvas for c in canvas.commands}
            assert insp.panel.canvas.model_id in on and insp.board.layers.pieces.model_id in on
            assert len(canvas.find("clear", insp.board.layers.pieces)) == 1  # drawn once


@pytest.mark.parametrize("players", [2, 4])
def test_board_and_panel_agree_with_inspect_over_random_games(players):
    """Every position of a few random games: the arrow, the framed currents, the crossings
    and the struck units are exactly what ``state.inspect()`` says."""
    game = tg.make("currents", players=players, max_turns=60)
    insp = CurrentsInspector(game.initial_state(0), square=40)
    board, panel = insp.board, insp.panel
    lay = board.geometry
    seen_arrows = seen_struck = 0
    for seed in range(3):
        for state in tg.replay(tg.play_game(game, seed=seed).record):
            insp.show(state)
            if state.is_terminal:
                assert board.drawn == {} and panel.drawn["vector"] is None
                continue
            inf = state.inspect()
            if inf.vector == (0, 0):
                assert "arrow" not in board.drawn
            else:
                seen_arrows += 1
                assert board.drawn["arrow"] == (lay.point(*inf.at), lay.point(*inf.destination))
            assert board.drawn["influencing"] == tuple(si.slot for si in inf.currents)
            assert board.drawn["crossings"] == panel.drawn["crossings"]
            assert board.drawn["crossings"] == tuple(g.edge for g in inf.goaltending)
            struck = sorted({k for pair in inf.cancelled for k in pair})
            assert panel.drawn["struck"] == [
                (inf.units[k].slot, inf.units[k].direction) for k in struck
            ]
            seen_struck += len(struck)
            assert panel.drawn["vector"] == inf.vector
    assert seen_arrows and seen_struck  # the games did exercise both


def test_inspector_panel_follows_resize_and_four_colours():
    from tablegames_widgets import CurrentsInspector

    from tablegames import make

    insp = CurrentsInspector(make("currents").initial_state(3))
    insp.set_square(30)
    assert insp.panel.canvas.height == int(insp.board.geometry.height)
    insp.set_view(four_colour=True)
    assert insp.panel.four_colour and insp.board.four_colour


# ---- slot names --------------------------------------------------------------------------


def test_slot_names_are_drawn_clear_of_the_frames_round_their_slots(canvas):
    """A framed slot (influencing, picked, selected) keeps its name readable: the widest
    frame reaches 6 px beyond the card (pad 5 + half its width), and every name's text
    box lies outside that."""
    insp = CurrentsInspector(crossfire(), square=40)
    lay = insp.board.geometry
    canvas.clear()
    insp.board.redraw_all()
    names = {
        c.args[0]: (c.args[1], c.args[2])
        for c in canvas.find("fillText", insp.board.layers.background)
        if c.args[0] in SLOTS
    }
    assert sorted(names) == sorted(SLOTS)
    size = 40 * 0.22
    for i, name in enumerate(SLOTS):
        x, y, w, h = lay.slot_rect(i)
        reach = 6
        tx, baseline = names[name]
        top, bottom = baseline - size, baseline  # capitals and digits: nothing below the baseline
        clear_above = bottom <= y - reach
        clear_below = top >= y + h + reach
        assert clear_above or clear_below, (name, (top, bottom), (y - reach, y + h + reach))
        assert x - reach <= tx <= x + w + reach  # still next to its own slot
