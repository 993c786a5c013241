"""The generic board shows a seat no card hidden from it even when a plug-in's picture or
caption names one (issue 27, item 6): a picture that takes the viewer and ignores it, a
``describe`` made of ``str(state)``. The board checks what it is about to draw against
``Game.hidden_cards`` and draws the seat's observation (or the public sentence) instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.scripts import load_script
from tablegames_widgets.scene_board import SceneBoard

import tablegames as tg
from tablegames.leaks import drawn_cards, named

POKER = Path(__file__).resolve().parents[2] / "docs" / "example_poker.py"


@pytest.fixture(scope="module")
def poker() -> Any:
    return load_script(POKER, "example_poker")


def leaky_state(poker: Any, seed: int) -> Any:
    """A Kuhn poker state whose picture ignores the viewer and whose caption is its str."""

    class LeakyState(poker.KuhnState):  # type: ignore[misc,name-defined]
        def describe(self) -> str:
            return str(self)

    class LeakyGame(poker.KuhnGame):  # type: ignore[misc,name-defined]
        def scene(self, state: tg.State, viewer: int | None = None, square: float = 40.0) -> Any:
            return super().scene(state, None, square)

    state = LeakyGame().initial_state(seed)
    return LeakyState(state.game, state.hands, state.left, state.history)


@pytest.mark.parametrize("seed", range(4))
def test_a_leaky_plugin_shows_the_seat_no_hidden_card(poker: Any, seed: int) -> None:
    state = leaky_state(poker, seed)
    deck = poker.DECK
    for seat in (0, 1):
        hidden = {state.hands[1 - seat], state.left}
        assert drawn_cards(state.game.scene(state, None), deck) & hidden  # it does leak
        board = SceneBoard(state, viewer=seat)
        drawn = drawn_cards(board.current_scene(), deck)
        assert state.hands[seat] in drawn and not drawn & hidden, drawn
        caption = board.caption.value
        assert not named([caption], deck) & hidden, caption
        assert not named([board.static_svg()], deck) & hidden


def test_everything_shows_without_a_viewer_and_a_fair_picture_is_kept(poker: Any) -> None:
    state = leaky_state(poker, 1)
    everything = drawn_cards(SceneBoard(state).current_scene(), poker.DECK)
    assert set(state.hands) <= everything  # a hotseat without cover: every hand shows
    fair = poker.KuhnGame().initial_state(1)
    board = SceneBoard(fair, viewer=0)
    assert board.current_scene() == fair.game.scene(fair, 0, square=board.square)
    assert board.caption.value.endswith(f"{fair.describe()}</div>")
