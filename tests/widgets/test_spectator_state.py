"""A spectator's board draws a stand-in state whose every observation is the public view
(widgets/tables/drawing.py). Every game's state is a compiled native class, which Python
cannot subclass: the stand-in wraps the state, and a board draws it for every game."""

from __future__ import annotations

import pytest
from tablegames_widgets.tables import spectator_state
from tablegames_widgets.tables.drawing import nobody

import tablegames as tg
from tablegames.scene import scene_of
from tablegames.tables.views import public_view


@pytest.mark.parametrize("name", ["currents", "fellowship", "poohsticks", "cardchess", "resistor"])
def test_a_spectator_state_answers_the_public_view_and_draws(name: str) -> None:
    state = tg.make(name).initial_state(3)
    public = public_view(state)
    seen = spectator_state(state, public)
    assert isinstance(seen, tg.State)
    assert all(seen.observation(p) == public for p in range(state.game.num_players))
    assert seen.legal_moves() == state.legal_moves()  # the rest is the state's own
    assert scene_of(seen, viewer=nobody(state.game)).pieces
