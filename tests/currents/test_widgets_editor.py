"""CurrentsEditor: editing a position by clicking with a tool, through the text fields and the
keyboard path; refused edits keep the previous position and show the engine's reason;
JSON export and import."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from support.widgets import centre, click, error, face_text, position
from tablegames_widgets.currents.editor import PAWN, REMOVE, CurrentsEditor

from tablegames import style
from tablegames.currents.geometry import SLOTS


def start() -> Any:
    return position([["5D", "7S", "3C"], ["9H", "4C"]], cur={"N1": "2C", "E2": "6H"})


def click_place(ed: CurrentsEditor, kind: str, where: Any) -> None:
    lay = ed.board.geometry
    if kind == "slot":
        px, py = centre(lay.slot_rect(SLOTS.index(where)))
    elif kind == "compass":
        px, py = centre(lay.compass_rect("NESW".index(where)))
    elif kind == "point":
        px, py = lay.point(*where)
    else:  # a card in a hand
        for p, hand in enumerate(ed.state.hands):
            if where in hand:
                px, py = centre(lay.hand_rect(p, hand.index(where)))
    click(ed.board.layers.multi, px, py)


def submit(field: Any, text: str) -> None:
    """Type into a text field and press Enter, as the page does."""
    field.value = text
    field._handle_custom_msg({"event": "submit"}, [])


def refused(ed: CurrentsEditor, before: Any, canvas) -> str:
    """The edit was refused: same position, nothing redrawn, the reason shown."""
    assert ed.state is before
    assert ed.board.state is before
    assert canvas.batches == []
    assert "role='alert'" in ed.error.value
    return error(ed)


# ---- edits that are accepted --------------------------------------------------------------


def test_putting_a_card_on_a_slot(canvas):
    ed = CurrentsEditor(start(), square=40)
    ed.tool.value = "9C"  # in the draw pile
    canvas.clear()
    click_place(ed, "slot", "W3")
    assert ed.state.currents[SLOTS.index("W3")] == "9C"
    assert ed.error.value == ""
    assert len(canvas.batches) == 1
    rect = ed.board.geometry.slot_rect(SLOTS.index("W3"))
    assert canvas.text_in(rect, ed.board.layers.pieces) == face_text("9C")


def test_putting_a_card_that_is_elsewhere_moves_it():
    ed = CurrentsEditor(start(), square=40)
    ed.tool.value = "2C"  # on N1
    click_place(ed, "slot", "S0")
    assert ed.state.currents[SLOTS.index("S0")] == "2C"
    assert ed.state.currents[SLOTS.index("N1")] is None
    ed.tool.value = "7S"  # in P0's hand
    click_place(ed, "compass", "N")
    assert ed.state.compass[0] == "7S" and "7S" not in ed.state.hands[0]


def test_removing_a_card(canvas):
    ed = CurrentsEditor(start(), square=40)
    ed.tool.value = REMOVE
    click_place(ed, "slot", "E2")
    assert ed.state.currents[SLOTS.index("E2")] is None
    click_place(ed, "card", "9H")
    assert ed.state.hands[1] == ("4C",)
    assert ed.hands[1].value == "4C"  # the hand's text field follows


def test_moving_the_pawn(canvas):
    ed = CurrentsEditor(start(), square=40)
    ed.tool.value = PAWN
    canvas.clear()
    click_place(ed, "point", (2, 6))
    assert ed.state.pawn == (2, 6)
    (disc,) = [
        c
        for c in canvas.find("fillCircles", ed.board.layers.pieces)
        if c.style["fill_style"] == style.PAWN
    ]
    assert [float(np.ravel(a)[0]) for a in disc.args[:2]] == list(ed.board.geometry.point(2, 6))
    # the influence drawn follows the pawn: N1 (2C) reaches column 2
    assert "N1" in ed.board.drawn["influencing"]


def test_setting_a_hand_with_its_text_field():
    ed = CurrentsEditor(start(), square=40)
    assert [f.value for f in ed.hands] == ["3C 5D 7S", "4C 9H"]
    submit(ed.hands[1], "2h 3h kh")
    assert ed.state.hands[1] == ("2H", "3H", "KH")
    assert ed.hands[1].value == "2H 3H KH"
    assert ed.error.value == ""


def test_choosing_who_is_to_play():
    ed = CurrentsEditor(start(), square=40)
    ed.turn.value = 1
    assert ed.state.current_player == 1
    assert ed.board.state.current_player == 1


def test_the_keyboard_path_uses_the_tool_on_a_chosen_place():
    ed = CurrentsEditor(start(), square=40)
    ed.tool.value = "QS"
    ed.place.value = ("slot", SLOTS.index("S3"))
    ed.apply_button.click()
    assert ed.state.currents[SLOTS.index("S3")] == "QS"
    ed.tool.value = PAWN
    ed.place.value = ("point", (7, 1))
    ed.apply_button.click()
    assert ed.state.pawn == (7, 1)


# ---- edits that are refused -------------------------------------------------------------------


def test_a_five_card_hand_is_refused_and_the_field_restored(canvas):
    ed = CurrentsEditor(start(), square=40)
    before = ed.state
    canvas.clear()
    submit(ed.hands[0], "2D 3D 4D 6D 8D")
    reason = refused(ed, before, canvas)
    assert (
        reason == "Refused: invalid Currents state: player 0 holds 5 cards; a hand holds at most 4"
    )
    assert ed.hands[0].value == "3C 5D 7S"


def test_a_card_twice_is_refused(canvas):
    ed = CurrentsEditor(start(), square=40)
    before = ed.state
    canvas.clear()
    submit(ed.hands[1], "2C 9H")  # 2C is on slot N1
    assert "card 2C appears more than once" in refused(ed, before, canvas)


def test_the_pawn_on_an_obstacle_is_refused(canvas):
    state = position([["5D", "7S"], ["9H"]], obstacles=[[2, 6]])
    ed = CurrentsEditor(state, square=40)
    ed.tool.value = PAWN
    canvas.clear()
    click_place(ed, "point", (2, 6))
    assert refused(ed, state, canvas) == (
        "Refused: invalid Currents state: pawn [2, 6] stands on an obstacle"
    )
    assert ed.state.pawn == (4, 4)


def test_a_joker_on_the_compass_is_refused(canvas):
    state = position([["5D", "7S"], ["9H"]], jokers=2)
    ed = CurrentsEditor(state, square=40)
    ed.tool.value = "RJ"
    canvas.clear()
    click_place(ed, "compass", "E")
    reason = refused(ed, state, canvas)
    assert "jokers are never placed on the compass or the board (RJ)" in reason
    assert ed.state.compass[1] == "AD"


def test_a_tool_used_on_the_wrong_place_says_what_to_do(canvas):
    ed = CurrentsEditor(start(), square=40)
    before = ed.state
    ed.tool.value = PAWN
    canvas.clear()
    click_place(ed, "slot", "N0")
    assert refused(ed, before, canvas) == "With the pawn tool, click an intersection of the board."
    ed.tool.value = "9C"
    click_place(ed, "point", (1, 1))
    assert refused(ed, before, canvas) == "Choose the pawn tool to move the pawn."


def test_an_accepted_edit_clears_the_last_refusal():
    ed = CurrentsEditor(start(), square=40)
    submit(ed.hands[0], "2D 3D 4D 6D 8D")
    assert ed.error.value
    submit(ed.hands[0], "2D 3D")
    assert ed.error.value == "" and ed.state.hands[0] == ("2D", "3D")


# ---- JSON ----------------------------------------------------------------------------------------


def test_export_and_import_round_trip():
    original = start()
    ed = CurrentsEditor(original, square=40)
    ed.export_button.click()
    text = ed.json.value
    assert json.loads(text) == original.to_json()
    ed.tool.value = PAWN
    click_place(ed, "point", (0, 0))
    submit(ed.hands[1], "KD")
    assert ed.state.pawn == (0, 0)
    ed.json.value = text
    ed.import_button.click()
    assert ed.error.value == ""
    assert ed.state.to_json() == original.to_json()
    assert ed.state == original
    assert ed.hands[1].value == "4C 9H"  # the fields follow the imported position


def test_importing_bad_json_keeps_the_position(canvas):
    ed = CurrentsEditor(start(), square=40)
    before = ed.state
    canvas.clear()
    ed.json.value = "{not json"
    ed.import_button.click()
    assert refused(ed, before, canvas).startswith("Not JSON:")
    data = before.to_json()
    data["pawn"] = [4, 12]
    ed.json.value = json.dumps(data)
    ed.import_button.click()
    assert refused(ed, before, canvas) == (
        "Refused: invalid Currents state: pawn [4, 12] is off the board: x and y must be 0 to 8"
    )
