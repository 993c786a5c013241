"""The Resistor walkthrough's helpers (tablegames_widgets.teach.resistor) and what its
pictures promise: words as a person writes them, frames where the text says, a whole
match that ends by the rules, puzzles picked by kind."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from tablegames_widgets.teach import resistor as teach

from tablegames.resistor import ResistorGame, ResistorState
from tablegames.resistor.board import cell_index
from tablegames.resistor.layout import Layout
from tablegames.resistor.scene import LAST_MOVE, RESISTOR_INK, state_scene
from tablegames.scene import Line, Rect, Text


def test_counted_says_one_point_and_two_points() -> None:
    assert teach.counted(1, "point") == "1 point"
    assert teach.counted(2, "point") == "2 points"
    assert teach.counted(0, "ampere move") == "0 ampere moves"


def test_told_scores_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    home = teach.position(amperes=["b0", "c0", "d0"], chargers=["e1"], resistors=["g9", "j9"])
    teach.play(home, "e1-e0")
    out = capsys.readouterr().out
    assert "(1 point this round)" in out and "(s)" not in out


def test_moves_from_frames_the_cells_it_names(capsys: pytest.CaptureFixture[str]) -> None:
    s = teach.position(amperes=["b0", "e0", "e4", "h6"], resistors=["e5", "h9"])
    picture = teach.moves_from(s, "e4")
    assert capsys.readouterr().out == "The ampere on e4 may move to 2 cells: d4 and f4.\n"
    assert picture.svg.count(f"stroke='{teach.REACH_INK}'") == 2
    assert picture.svg.count(f"stroke='{teach.PIECE_INK}'") == 1


def test_new_round_setup_draws_no_last_move_line() -> None:
    last = teach.position(
        amperes=["e7"], drained=["c4", "h6", "k11"], resistors=["f8", "h9"],
        current_player=1, turn=9,
    )  # fmt: skip
    drained = last.apply(last.parse_move("f8-e7"))
    assert drained.phase == "setup" and drained.round == 2
    lines = [s for s in state_scene(drained).overlay if isinstance(s, Line)]
    assert not [s for s in lines if s.stroke == LAST_MOVE]
    moved = teach.position(amperes=["b0", "e4"], resistors=["g9", "h9"], drained=["c4", "h6"])
    moved = moved.apply(moved.parse_move("e4-e5"))
    assert [s for s in state_scene(moved).overlay if getattr(s, "stroke", "") == LAST_MOVE]
    assert not any(isinstance(s, Rect) for s in state_scene(moved).overlay)


def test_leaning_match_ends_by_the_rules() -> None:
    game = ResistorGame(amperes=3, first_amperes=1, max_turns=1000)
    match = teach.leaning_match(game, seed=11, patience=150)
    final = match.final
    assert isinstance(final, ResistorState)
    assert final.is_terminal and final.winners == {0} and tuple(final.scores) == (2, 1)
    assert "max_turns" not in [e.kind for e in final.events]


def test_pick_puzzles_takes_the_kinds_in_turn() -> None:
    puzzles = [{"kind": k, "id": i} for i, k in enumerate(["win", "win", "save", "win"])]
    assert [p["id"] for p in teach.pick_puzzles(puzzles, 3)] == [0, 2, 1]
    assert [p["id"] for p in teach.pick_puzzles(puzzles[:2], 3)] == [0, 1]


def piece_frame(svg: str) -> tuple[float, float]:
    """The x and width of the orange frame round the chosen piece in a picture."""
    ns = "{http://www.w3.org/2000/svg}"
    (frame,) = [r for r in ET.fromstring(svg).iter(f"{ns}rect")
                if r.get("stroke") == teach.PIECE_INK]  # fmt: skip
    return float(frame.get("x", "")), float(frame.get("width", ""))


def svg_texts(svg: str) -> list[str]:
    """The words written in a picture."""
    return [t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_moves_from_labels_a_resistor_riding_a_drained_ampere_instead_of_framing_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hunt = teach.position(amperes=["b0", "c0", "d0", "e7"], resistors=["f8", "h9"],
                          current_player=1, turn=1)  # fmt: skip
    draining = hunt.apply(hunt.parse_move("f8-e7"))
    svg = teach.moves_from(draining, "e7").svg
    # no orange frame and no move line over the grey arrow: a label points at the cell
    assert f"stroke='{teach.PIECE_INK}'" not in svg and f"stroke='{LAST_MOVE}'" not in svg
    assert "drained ampere" in svg_texts(svg)
    assert svg.count(f"stroke='{teach.REACH_INK}'") == 4
    x, _y, w, _h = Layout(teach.SQUARE).cell_rect(cell_index("f8"))
    assert piece_frame(teach.moves_from(hunt, "f8").svg) == (x + 1, w - 2)
    assert "The resistor on e7 may move to 4 cells" in capsys.readouterr().out


def test_round_end_draws_last_drain_ends_round_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    last = teach.position(amperes=["e7"], drained=["c4", "h6", "k11"], resistors=["f8", "h9"],
                          current_player=1, turn=9, scores=[1, 0], points=1)  # fmt: skip
    svg = teach.round_end(last, "f8-e7").svg
    assert "Round 1 is over, ended by the last drain" in capsys.readouterr().out
    texts = svg_texts(svg)
    assert "last drain" in texts and "Round 1 is over" in texts
    # the resistor is drawn on the drained ampere on e7 (the riding frame), none on f8
    lay = Layout(teach.SQUARE)
    ns = "{http://www.w3.org/2000/svg}"
    dark = [
        (float(r.get("x", "")), float(r.get("y", "")))
        for r in ET.fromstring(svg).iter(f"{ns}rect")
        if r.get("stroke") == RESISTOR_INK and r.get("fill") in (None, "none")
    ]
    x, y, w, h = lay.cell_rect(cell_index("e7"))
    assert len(dark) == 2  # e7 and the legend's symbol
    assert any(x < rx < x + w and y < ry < y + h for rx, ry in dark)


def test_round_end_draws_a_forfeit_on_the_board_as_it_stands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start = teach.position(amperes=["b0", "c0", "d0", "e5"], resistors=["g9", "h12"], turn=4)
    svg = teach.round_end(start, "forfeit").svg
    assert "ended by a forfeit" in capsys.readouterr().out
    assert "ended by a forfeit" in svg_texts(svg) and "last drain" not in svg_texts(svg)
    with pytest.raises(ValueError, match="does not end round 1"):
        teach.round_end(start, "e5-e6")


def test_budget_lines_start_with_their_words(capsys: pytest.CaptureFixture[str]) -> None:
    busy = teach.position(amperes=["b0", "d3", "g5"], drained=["j7"], resistors=["k8", "e9"])
    teach.budget(busy)
    teach.budget(busy.apply(busy.parse_move("b0-b1")))
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("at the start: 3 amperes out") and second.startswith("after b0-b1:")


def test_yes_answers_in_words() -> None:
    assert (teach.yes(True), teach.yes(False)) == ("yes", "no")


def test_steps_refused_frames_blocked_steps_and_prints_the_refusals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    corner = teach.position(amperes=["b0", "c0", "d0", "e4"], resistors=["b18", "g11"],
                            current_player=1, turn=1)  # fmt: skip
    svg = teach.steps_refused(corner, "b18-a17", "b18-c19", "g11-f12").svg
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The resistor on b18 may move to 1 cell: c17."
    assert [line.startswith("Refused: ") for line in out] == [False, True, True, False, True]
    assert "cycle column" in out[1] and "dead space" in out[4]
    assert svg.count(f"stroke='{teach.REFUSED_INK}'") == 3
    assert svg.count(f"stroke='{teach.REACH_INK}'") == 1 + 3  # c17; f10, h10, h12
    assert svg.count(f"stroke='{teach.PIECE_INK}'") == 2


def test_steps_refused_shows_drain_needs_follow_up_space(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stuck = teach.position(amperes=["b0", "g13"], drained=["h12", "f14"],
                           resistors=["f12", "h14"], current_player=1, turn=3)  # fmt: skip
    teach.steps_refused(stuck, "f12-g13")
    out = capsys.readouterr().out
    assert "may move to 3 cells: e11, g11 and e13" in out
    assert "Refused: f12-g13" in out and "no such space is free" in out


def test_moves_from_writes_its_note_on_a_free_panel_line() -> None:
    game = teach.small_game(slingshot="extra_step")
    pair = teach.position(game, amperes=["b0", "c0", "e4", "e5"], resistors=["g9", "h12"])
    due = pair.apply(pair.parse_move("e5-e6"))
    due = due.apply(due.parse_move("e4-e5"))
    assert due.extra_step_due
    scene = state_scene(due, teach.SQUARE)
    panel_x = Layout(teach.SQUARE).panel_x
    shapes = [*scene.background, *scene.pieces, *scene.overlay]
    lowest = max(t.y for t in shapes if isinstance(t, Text) and t.x == panel_x)
    svg = teach.moves_from(due, "e6", note="Extra step due: one more step").svg
    (note,) = [t for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
               if t.text == "Extra step due: one more step"]  # fmt: skip
    assert lowest < float(note.get("y", "")) < Layout(teach.SQUARE).legend_cell(0)[1]
