"""Every registered game steps through a recorded game in the shared viewer, and its board
hides other hands in a player's view."""

from __future__ import annotations

import pytest
from tablegames_widgets import GameViewer

import tablegames as tg


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_viewer_steps_through_a_recorded_game(name: str) -> None:
    result = tg.play_game(tg.make(name), seed=2, max_decisions=30)
    viewer = GameViewer(result.record)
    viewer.controls.step("last")
    assert viewer.board.state == result.final
    viewer.controls.step("back")
    assert viewer.board.state == viewer.states[-2]
    assert "Step" in viewer.controls.text.value


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_player_view_draws_the_other_hands_face_down(name: str, canvas) -> None:
    from tablegames.style import CARD_BACK

    state = tg.make(name).initial_state(4)
    hands = state.to_json().get("hands", [])  # a board game (Resistor) has none: no backs
    hidden = sum(len(h) for h in hands[1:])

    def backs(viewer: int | None) -> int:
        board = GameViewer([state], viewer=viewer).board
        canvas.clear()
        board.redraw()  # one drawing of the position
        return len(canvas.rects("fillRects", fill_style=CARD_BACK))

    assert backs(0) - backs(None) == hidden
