"""Which board widget draws which game: the one a game names in its ``parts.board``,
else :class:`~tablegames_widgets.scene_board.SceneBoard`, which draws the game's scene
(so a game from another package gets a board with no edit here)."""

from __future__ import annotations

from typing import Any

import tablegames as tg
from tablegames.parts import Reference

from .board import BoardWidget


def board_class(game_name: str) -> type[BoardWidget]:
    """The board widget class of a game; ValueError for a name no game is registered as."""
    try:
        game = tg.GAMES[game_name]
    except KeyError:
        raise ValueError(
            f"no game named {game_name!r}; registered games: {', '.join(tg.GAMES)}"
        ) from None
    board = game.parts.board
    if board is None:
        from .scene_board import SceneBoard

        return SceneBoard
    cls = Reference(board, "board").load()  # ImportError naming the part when missing
    if not (isinstance(cls, type) and issubclass(cls, BoardWidget)):
        raise TypeError(f"{board} (the board of {game_name!r}) is not a BoardWidget")
    return cls


def board_for(state: tg.State, **kwargs: Any) -> BoardWidget:
    """A board widget showing ``state``."""
    return board_class(state.game.name)(state, **kwargs)
