"""What-if previews: a Currents card held over a place shows where the pawn would go and
which edge it would cross (play widget and inspector); every game's move list shows the
position a pointed-at move leads to. Each preview equals the engine's result, clears when
the pointer leaves, and shows nothing the mover cannot know."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.widgets import Recorder, centre, click, fire, human_table, message, move, position
from tablegames_widgets.currents.inspector import CurrentsInspector
from tablegames_widgets.currents.preview import preview_shapes, what_if
from tablegames_widgets.play import PlayWidget
from tablegames_widgets.preview import preview_of, preview_scene

import tablegames as tg
from tablegames.currents.geometry import SLOTS
from tablegames.scene import Card

N1 = SLOTS.index("N1")  # acts on the pawn's line x = 4


def edge_position() -> Any:
    """P0 to play 7♥ (hearts: compass S) with the pawn on the south edge line."""
    return position([["7H", "2C", "3D"], ["4S", "5S", "6S"]], pawn=(4, 0))


def hover(w: Any, rect: tuple[float, float, float, float]) -> None:
    move(w.board.layers.multi, *centre(rect))


def pick_and_hover(w: PlayWidget, card: str, slot: int) -> None:
    lay = w.board.geometry
    hand = w.board.visible_hands(w.state)[w.state.player]
    click(w.board.layers.multi, *centre(lay.hand_rect(w.state.player, hand.index(card))))
    hover(w, lay.slot_rect(slot))


def drew_on(canvas: Recorder, layer: Any) -> bool:
    return any(c.name not in ("switchCanvas", "clear") for c in canvas.find(None, layer))


# ---- Currents: the engine's answer -------------------------------------------------------


def test_currents_what_if_equals_the_engine_result_of_the_move() -> None:
    game = tg.make("currents")
    rnd = random.Random(5)
    checked = crossed = 0
    for seed in range(3):
        state = game.initial_state(seed)
        while not state.is_terminal:
            if state.phase == "play":
                for m in rnd.sample(state.legal_moves(), 6):
                    shown = what_if(state, m)
                    if shown is None:
                        assert m.kind == "joker"
                        continue
                    after = state.apply(m)
                    cross = tuple(e.where for e in after.events if e.kind == "cross")
                    assert shown.edges == cross
                    if not cross and after.phase != "combo":
                        assert shown.landing == after.pawn
                    checked += 1
                    crossed += bool(cross)
            state = state.apply(rnd.choice(state.legal_moves()))
    assert checked > 100 and crossed > 0


def test_currents_preview_draws_only_the_played_card() -> None:
    """No hand, pile or drawn card of the resulting state is drawn: the only card shape
    is the mover's own card on its place (the board's cards stay the board's own)."""
    game = tg.make("currents", players=2)
    w = human_table(random_walk_to_play(game, 4))
    state = w.state
    for m in state.legal_moves():
        shown = what_if(state, m)
        if shown is None:
            continue
        cards = {s.card for s in preview_shapes(w.board, shown) if isinstance(s, Card)}
        assert cards <= {m.card}
        after = state.apply(m)
        for p, hand in enumerate(after.hands):
            if p != state.player:
                assert not any(c in shown.text for c in hand if c not in state.hands[p])


def random_walk_to_play(game: Any, seed: int) -> Any:
    state = game.initial_state(seed)
    rnd = random.Random(seed)
    while state.phase != "play" or state.turn < 3:
        state = state.apply(rnd.choice(state.legal_moves()))
    return state


# ---- Currents: the play widget ---------------------------------------------------------


def test_holding_a_card_over_a_slot_shows_the_edge_it_would_cross(canvas: Recorder) -> None:
    w = human_table(edge_position())
    before = message(w)
    canvas.clear()
    pick_and_hover(w, "7H", N1)
    shown = w.previews.board_preview.shown
    assert shown is not None and shown.edges == ("S",)
    assert shown.landing == (4, -1)
    assert "Playing 7♥ on slot N1 pushes the pawn over the south edge" in message(w)
    assert drew_on(canvas, w.board.layers.input)
    # the state shown is untouched: nothing was played
    assert w.state.pawn == (4, 0) and len(w.history) == 1 and w.board.state is w.state
    hover(w, (1, 1, 2, 2))  # the board's corner: no place
    assert w.previews.board_preview.shown is None
    assert message(w) != before or "click" in message(w)
    assert canvas.find("clear", w.board.layers.input)


def test_preview_clears_when_the_pointer_leaves_the_board(canvas: Recorder) -> None:
    w = human_table(edge_position())
    pick_and_hover(w, "7H", N1)
    said = message(w)
    canvas.clear()
    fire(w.board.layers.multi, {"event": "mouse_out", "x": 0, "y": 0})
    assert w.previews.board_preview.shown is None
    assert message(w) != said
    assert [c.name for c in canvas.find(None, w.board.layers.input)][-1] == "clear"


def test_preview_redraws_only_when_the_card_or_place_changes(canvas: Recorder) -> None:
    w = human_table(edge_position())
    pick_and_hover(w, "7H", N1)
    canvas.clear()
    x, y = centre(w.board.geometry.slot_rect(N1))
    for dx in (-3, 0, 3):
        move(w.board.layers.multi, x + dx, y)
    assert canvas.batches == []


def test_no_preview_without_a_picked_card_or_on_a_place_it_cannot_go() -> None:
    w = human_table(position([["7H", "2C"], ["4S", "5S"]], cur={"N1": "KH"}))
    hover(w, w.board.geometry.slot_rect(N1))
    assert w.previews.board_preview.shown is None
    pick_and_hover(w, "2C", N1)  # a 2 of clubs does not replace the king of hearts
    assert w.previews.board_preview.shown is None
    hover(w, w.board.geometry.slot_rect(SLOTS.index("E1")))
    assert w.previews.board_preview.shown is not None


def test_playing_the_move_clears_the_preview() -> None:
    w = human_table(position([["7H", "2C"], ["4S", "5S"]]), seats=["human", tg.RandomBot(1)])
    pick_and_hover(w, "7H", N1)
    assert w.previews.board_preview.shown is not None
    click(w.board.layers.multi, *centre(w.board.geometry.slot_rect(N1)))
    assert len(w.history) >= 2 and w.previews.board_preview.shown is None


def test_a_covered_board_shows_no_preview() -> None:
    w = human_table(edge_position())
    w.board.covered = "Pass the device to P0"
    try:
        w.previews.board_preview.show_move(w.state.parse_move("7H>N1"))
        assert w.previews.board_preview.shown is None
    finally:
        w.board.covered = None


# ---- Currents: the inspector ------------------------------------------------------------


def test_inspector_previews_a_picked_card_in_its_panel_and_status(canvas: Recorder) -> None:
    insp = CurrentsInspector(edge_position())
    lay = insp.board.geometry
    multi = insp.board.layers.multi
    click(
        multi, *centre(lay.hand_rect(0, insp.board.visible_hands(insp.board.state)[0].index("7H")))
    )
    assert insp.board.selected == (("card", "7H"),)
    assert ("slot", N1) in insp.board.targets
    move(multi, *centre(lay.slot_rect(N1)))
    shown = insp.preview.shown
    assert shown is not None and shown.edges == ("S",)
    assert insp.panel.drawn["vector"] == shown.influence.vector == (0, -1)
    assert insp.panel.drawn["crossings"] == ("S",)
    assert "south edge" in insp.status.value
    fire(multi, {"event": "mouse_out", "x": 0, "y": 0})
    assert insp.preview.shown is None
    assert insp.panel.drawn["vector"] == insp.board.cstate.inspect().vector == (0, 0)


# ---- every game: the move list ------------------------------------------------------------


def list_hover(w: PlayWidget, row: int) -> None:
    from tablegames_widgets.preview import ROW

    move(w.previews.list.canvas, 10, row * ROW + ROW / 2)


@pytest.mark.parametrize("name", ["cardchess", "resistor"])
def test_move_list_hover_shows_the_engine_result_and_leaving_restores(
    canvas: Recorder, name: str
) -> None:
    game = tg.make(name)
    w = PlayWidget(game, seats=["human", tg.RandomBot(1)])
    state, length = w.state, len(w.history)
    labels = [label for label, _m in w.previews.list.items]
    assert labels == [w.board.move_label(m) for m in state.legal_moves()]
    canvas.clear()
    list_hover(w, 1)
    shown = w.previews.shown
    assert shown is not None and shown.move == state.legal_moves()[1]
    assert shown.state == state.apply(shown.move)  # the engine's own result
    assert drew_on(canvas, w.board.layers.input)
    assert message(w).startswith(f"Preview of {labels[1]}")
    assert w.board.state is state and len(w.history) == length  # nothing played
    fire(w.previews.list.canvas, {"event": "mouse_out", "x": 0, "y": 0})
    assert w.previews.shown is None and "Preview" not in message(w)
    click(w.previews.list.canvas, 10, 1.5 * 24)  # a click plays the row's move
    assert w.history[length] == state.apply(state.legal_moves()[1])


def test_a_drawn_card_stays_face_down_in_the_preview() -> None:
    game = tg.make("fellowship")
    state = game.initial_state(0)
    m = state.parse_move("0>12 6C")
    shown = preview_of(state, m)
    after = state.apply(m)
    drawn = set(after.hands[0]) - set(state.hands[0])
    assert drawn and drawn <= shown.masked
    assert set(after.hands[0]) <= shown.masked  # the sorted hand would tell the rank
    w = PlayWidget(game, seats=["human", tg.RandomBot(1)])
    scene = preview_scene(w.board, shown)
    assert scene is not None
    faces = {s.card for s in [*scene.pieces, *scene.overlay] if isinstance(s, Card)}
    assert not faces & shown.masked
    assert not faces & set(after.hands[1])  # the other hand as the mover sees it


def test_a_move_whose_result_is_chance_shows_no_position(canvas: Recorder) -> None:
    game = tg.make("resistor")
    state = game.initial_state(0)
    m = state.parse_move("amperes")
    assert preview_of(state, m).state is None
    w = human_table(state)
    row = [mv for _l, mv in w.previews.list.items].index(m)
    canvas.clear()
    list_hover(w, row)
    assert not drew_on(canvas, w.board.layers.input)
    assert message(w).startswith("No preview of")


def test_no_preview_while_looking_back_at_an_earlier_position(canvas: Recorder) -> None:
    w = PlayWidget(tg.make("cardchess"), seats=["human", tg.RandomBot(1)])
    w.play(w.state.legal_moves()[0])  # the bot answers at once
    w.controls.go(0)
    canvas.clear()
    list_hover(w, 0)
    assert w.previews.shown is None
    assert not drew_on(canvas, w.board.layers.input)
    w.controls.go(len(w.history) - 1)  # back to the game: previews again
    list_hover(w, 1)
    assert w.previews.shown is not None


def test_a_covered_hotseat_board_lists_no_move_to_preview() -> None:
    """While the device passes between two humans, the list names no card of anyone's
    hand and nothing previews; once the next human shows their cards, it does again."""
    game = tg.make("fellowship")
    w = PlayWidget(game, ["human"] * game.num_players, seed=3, pass_device=True)
    assert w.board.covered is not None
    assert w.previews.list.items == []
    w.buttons.children[0].click()  # "I am P0: show my cards"
    assert w.board.covered is None
    assert w.previews.list.items
    w.play(w.state.legal_moves()[0])
    assert w.board.covered is not None and w.previews.list.items == []
    list_hover(w, 0)
    assert w.previews.shown is None
