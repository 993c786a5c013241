"""The game viewer's, the position editors' and the Currents inspector's static pictures
show the controls the live widgets show (a stored notebook's reader has no kernel): the
viewer its viewpoint, step buttons, slider and playback; an editor its tools, hand fields
and JSON buttons, and a refusal in red; the inspector its slot list and scout."""

from __future__ import annotations

import html
import random
import re

import tablegames_widgets as tw
from ipywidgets import Button, Checkbox, Dropdown, HBox, Play
from tablegames_widgets.currents.inspector import CurrentsInspector
from tablegames_widgets.pictured import controls_of
from tablegames_widgets.status import ERROR

import tablegames as tg


def drawn(label: str, svg: str) -> bool:
    """Whether a control labelled ``label`` is drawn in ``svg`` (a button, a text or a
    menu's choice, escaped as the picture escapes it)."""
    text = html.escape(label, quote=False)
    return f">{text}<" in svg or f">{text} ▾<" in svg


def random_states(name: str, seed: int, count: int) -> list[tg.State]:
    rng = random.Random(seed)
    states = [tg.make(name).initial_state(seed)]
    while len(states) < count and not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_moves())))
    return states


def test_viewer_picture_shows_its_viewpoint_step_and_controls():
    states = random_states("currents", 3, 20)
    viewer = tw.GameViewer(states, viewer=1)
    viewer.controls.go(7)
    svg = viewer.static_svg()
    assert html.escape(f"Step 7 of {len(states) - 1}", quote=False) in svg
    for label in ("View", f"{viewer.board.player_name(1)}'s view", "|◀", "▶|", "Step 7",
                  "▶ Play", "Repeat", "Speed"):  # fmt: skip
        assert drawn(label, svg), label


def test_editor_picture_shows_its_tools_hands_buttons_and_a_refusal_in_red():
    editor = tw.FellowshipEditor(tg.make("fellowship").initial_state(2))
    svg = editor.static_svg()
    for label in ("Tool", "To play", "Export JSON", "Import JSON"):
        assert drawn(label, svg), label
    hand = " ".join(editor.state.to_json()["hands"][0])
    assert html.escape(f"P0 hand: {hand}", quote=False) in svg
    assert "Not JSON" not in svg
    editor.load_text("{not json")
    refused = editor.static_svg()
    assert re.search(f"fill='{ERROR}'[^>]*>Not JSON: ", refused)


def test_inspector_picture_shows_the_slot_chosen_and_the_scout():
    inspector = CurrentsInspector(random_states("currents", 3, 12)[-1])
    inspector.select_slot(5)
    svg = inspector.static_svg()
    assert drawn(inspector.slot.label, svg) and drawn("Slot", svg)
    assert drawn("☐ Scout", svg)
    inspector.scout.value = True
    assert drawn("☑ Scout", inspector.static_svg())


def test_hidden_and_non_control_widgets_are_not_drawn():
    hidden = Button(description="Secret")
    hidden.layout.display = "none"
    row = HBox([hidden, Play(), Dropdown(options=["a", "b"], value="b", description="Pick"),
                Checkbox(value=True, description="On")])  # fmt: skip
    assert [(c.kind, c.label) for c in controls_of(row)] == [
        ("text", "Pick"), ("menu", "b"), ("text", "☑ On"),
    ]  # fmt: skip


def test_a_game_without_cards_offers_no_viewpoint_nor_suit_colours():
    """Resistor has nothing hidden and no suits: the viewer hides both choices, live and
    in its picture; a card game keeps them."""
    viewer = tw.GameViewer(random_states("resistor", 1, 8))
    assert viewer.children[0].layout.display == "none"
    svg = viewer.static_svg()
    assert not drawn("View", svg) and "Four-colour" not in svg and drawn("|◀", svg)
    assert drawn("View", tw.GameViewer(random_states("poohsticks", 1, 4)).static_svg())


def test_a_game_where_both_sides_see_the_same_offers_no_viewpoint():
    """Card Chess hides its face-down cards from both sides alike, so whose view it is
    changes nothing: the viewer keeps only the four-colour choice."""
    viewer = tw.GameViewer(random_states("cardchess", 1, 4))
    assert viewer.viewpoint.layout.display == "none"
    svg = viewer.static_svg()
    assert not drawn("View", svg) and "Four-colour" in svg
