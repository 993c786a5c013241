"""Which board widget draws which game. A new game adds one line here."""

from __future__ import annotations

import importlib
from typing import Any

import tablegames as tg

from .board import BoardWidget

BOARDS: dict[str, str] = {
    "currents": "tablegames_widgets.currents.board:CurrentsBoard",
    "fellowship": "tablegames_widgets.fellowship.board:FellowshipBoard",
    "poohsticks": "tablegames_widgets.poohsticks.board:PoohsticksBoard",
    "cardchess": "tablegames_widgets.cardchess.board:CardChessBoard",
    "resistor": "tablegames_widgets.resistor.board:ResistorBoard",
}


def board_class(game_name: str) -> type[BoardWidget]:
    """The board widget class of a game; ValueError for a game without one yet."""
    try:
        path = BOARDS[game_name]
    except KeyError:
        raise ValueError(
            f"no board widget for {game_name!r} yet; boards exist for: {', '.join(BOARDS)}"
        ) from None
    module, name = path.split(":")
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, BoardWidget)
    return cls


def board_for(state: tg.State, **kwargs: Any) -> BoardWidget:
    """A board widget showing ``state``."""
    return board_class(state.game.name)(state, **kwargs)
