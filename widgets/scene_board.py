"""The board of a game without a board widget of its own: its scene, drawn on canvases.

A click means the ``key`` of the topmost keyed shape under the pointer (the scene names
its places); every legal move is offered as a button, since a generic board cannot know
which clicks make up a move. A game's own board (its ``parts.board``) does better.

What a seat sees is not up to the plug-in's author: the picture comes from
``tablegames.scene.scene_of`` with the board's ``viewer`` (a game that hides anything and
whose picture takes no viewer is drawn from that seat's observation), and the caption
from ``state.describe()``, public by default (never ``str(state)``). Before drawing for a
seat, the cards hidden from it (``Game.hidden_cards``) are looked for in what is about to
be shown: a picture naming one is replaced by the seat's observation (``scene_of`` does
it for every game on this board, previews included), a caption by the public sentence
(``python -m tablegames check`` tells the author which).
"""

from __future__ import annotations

from typing import Any

import tablegames as tg
from tablegames.core import public_sentence
from tablegames.scene import Scene, hides_cards, named, to_svg

from .board import BoardWidget, Key


class SceneGeometry:
    """The size of the scene's picture (what a board needs of a geometry)."""

    def __init__(self, scene: Scene) -> None:
        self.width = scene.width
        self.height = scene.height


class SceneBoard(BoardWidget):
    """Any registered game's scene on a layered canvas (see the module docstring)."""

    css_class = "tablegames-scene-board"
    how_to = "Choose a move from the buttons or type it in the game's notation."

    def make_geometry(self, square: float) -> SceneGeometry:
        self.square = square
        return SceneGeometry(self.scene(self.state))

    def show(
        self, state: tg.State, selected: tuple[Key, ...] = (), targets: tuple[Key, ...] = ()
    ) -> None:
        """Draw ``state``; the canvas follows the scene's size when it changes."""
        self._state = state
        scene = self.scene(state)
        if (scene.width, scene.height) != (self.geometry.width, self.geometry.height):
            self.set_square(self.square)
        super().show(state, selected, targets)

    def describe(self, state: tg.State) -> str:
        """The caption: ``state.describe()``, or the public sentence when that names a card
        hidden from the viewer."""
        text = super().describe(state)
        hidden = self._hidden(state)
        if hidden and named([text], tuple(state.game.card_deck())) & hidden:
            return public_sentence(state)
        return text

    def _hidden(self, state: tg.State) -> set[str]:
        """The cards hidden from the viewer (none for a board showing everything)."""
        if self.viewer is None or not hides_cards(state.game):
            return set()
        return set(state.game.hidden_cards(state, self.viewer))

    def static_svg(self) -> str:
        """The static picture: the scene this board draws."""
        if self.covered is not None:
            return super().static_svg()
        return to_svg(self.current_scene())

    def hit(self, px: float, py: float) -> Key | None:
        return self.current_scene().key_at(px, py)

    def move_keys(self, move: Any) -> tuple[Key, ...]:
        return ()
