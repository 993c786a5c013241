"""The base of every game's board widget.

A board draws an engine state and turns clicks into *keys* (what was clicked, in
the game's terms: a card, a slot, an intersection...). It keeps no rules: which
moves exist comes from ``state.legal_moves()``; which clicks make up a move comes
from ``move_keys(move)``. A new game's board supplies only its drawing, its hit
test and ``move_keys``; viewing, editing and playing are shared.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable
from typing import Any

from ipycanvas import Canvas
from ipywidgets import HTML, VBox

import tablegames as tg
from tablegames.scene import Scene, scene_of, state_svg

from .canvas import Layers, Rect, held, outline
from .cover import cover_svg, draw_cover
from .scene_canvas import draw_scene_layer
from .static import StaticPicture

Key = Hashable  #: what a click means, in the game's terms (a tuple such as ("slot", 3))
SELECTED = "#f9a825"  #: frame of picked cards and places
TARGET = "#43a047"  #: frame of the places that would continue a legal move


class BoardWidget(StaticPicture, VBox):  # type: ignore[misc]
    """Draws ``state`` on layered canvases; subclasses implement the hooks below.

    Displayed, it also carries a static picture of its position (see ``static.py``).
    """

    css_class = "tablegames-board"
    #: A few sentences telling a visitor how to play with this board (play pages show it).
    how_to = ""
    #: One line on what the game is, for the play pages' index ('': the how-to's first
    #: sentence).
    summary = ""
    #: The median turns of a game between greedy bots with the play page's default options
    #: (``python benchmarks/game_lengths.py --games 200``), for the index's typical length;
    #: 0 when not measured.
    typical_turns = 0
    #: The players' names where the game has them (Card Chess: Red, Black); else P0, P1...
    player_names: tuple[str, ...] = ()
    #: Whether the game has cards to show face up or down and in suit colours (tools hide
    #: their viewpoint and four-colour choices for a game without: Resistor).
    has_cards = True
    #: Whether players see different things (cards in hand): tools offer a choice of
    #: whose view to show only then (Card Chess hides its face-down cards from both).
    private_views = True
    #: Whether the stored picture's frames lie on a white band (dark places with nothing
    #: near their edges, as Card Chess's card backs; see static.frames_svg).
    frame_halo = False

    def __init__(
        self,
        state: tg.State,
        *,
        square: float = 40,
        four_colour: bool = False,
        viewer: int | None = None,
        covered: str | None = None,
        **kwargs: Any,
    ) -> None:
        self._state = state
        #: While set, the board draws this notice on a plain plate instead of the position
        #: and ignores clicks and hovers (a hotseat's "pass the device" cover: cover.py).
        self.covered = covered
        self.square = square
        self.four_colour = four_colour
        self.viewer = viewer  #: None shows every card; a player index shows that player's view
        self.selected: tuple[Key, ...] = ()  #: keys picked so far (drawn as selected)
        self.targets: tuple[Key, ...] = ()  #: keys that would continue a legal move
        self.hovered: Key | None = None
        self._click_handlers: list[Callable[[Key], None]] = []
        self._key_handlers: list[Callable[[str], object]] = []
        self.draw_count = 0  #: redraws so far (for tests and benchmarks)
        self._scene: Scene | None = None  #: the picture last drawn (hover redraws reuse it)
        self.geometry = self.make_geometry(square)
        self.layers = Layers(self.geometry.width, self.geometry.height, self.css_class)
        self.caption = HTML(layout={"width": f"{int(self.geometry.width)}px"})
        self.caption.add_class("tablegames-caption")
        super().__init__([self.layers.multi, self.caption], **kwargs)
        multi = self.layers.multi
        multi.on_mouse_down(self.click_at)
        # ipycanvas cancels a tap's mouse events (its touch handler prevents the default):
        # a tap is heard as a touch, in the canvas's own pixels however CSS scales it
        multi.on_touch_start(self.tap_at)
        multi.on_mouse_move(self.hover_at)
        multi.on_key_down(self._key_down)
        self.layers.on_reconnect(self.redraw_all)
        self.redraw_all()

    # ---- state ----------------------------------------------------------------------

    @property
    def state(self) -> tg.State:
        return self._state

    @state.setter
    def state(self, state: tg.State) -> None:
        self.show(state)

    def show(
        self, state: tg.State, selected: tuple[Key, ...] = (), targets: tuple[Key, ...] = ()
    ) -> None:
        """Draw ``state`` (with the given selection and highlighted targets)."""
        self._state = state
        self.selected = selected
        self.targets = targets
        self.redraw()

    def set_view(self, *, viewer: int | None = None, four_colour: bool | None = None) -> None:
        """Change the viewpoint (None: all cards) or the suit colours, and redraw."""
        self.viewer = viewer
        if four_colour is not None:
            self.four_colour = four_colour
        self.redraw()

    def set_square(self, square: float) -> None:
        """Resize: ``square`` is the size of one board square in pixels."""
        self.square = square
        self.geometry = self.make_geometry(square)
        self.layers.resize(self.geometry.width, self.geometry.height)
        self.caption.layout.width = f"{int(self.geometry.width)}px"
        self.redraw_all()

    # ---- drawing ----------------------------------------------------------------------

    def redraw_all(self) -> None:
        """Everything, background included (after a resize or a reconnect)."""
        with held():
            self._scene = None
            self.layers.background.clear()
            self.draw_background(self.layers.background)
            self._draw()

    def redraw(self) -> None:
        """Pieces and overlay; the background stays."""
        with held():
            self._scene = None
            self._draw()

    def current_scene(self) -> Scene:
        """The scene of the state shown, made once per redraw."""
        if self._scene is None:
            self._scene = self.scene(self._state)
        return self._scene

    def _draw(self) -> None:
        self.layers.pieces.clear()
        self.layers.overlay.clear()
        if self.covered is not None:  # the position is not drawn at all, not merely hidden
            draw_cover(self.layers.overlay, self.geometry.width, self.geometry.height,
                       self.covered)  # fmt: skip
            self.draw_count += 1
            self.caption.value = f"<div role='status'>{html.escape(self.covered)}</div>"
            return
        self.draw_pieces(self.layers.pieces, self._state)
        self.draw_overlay(self.layers.overlay, self._state)
        self.draw_count += 1
        text = html.escape(self.describe(self._state))
        self.caption.value = f"<div role='status' aria-live='polite'>{text}</div>"

    # ---- events -------------------------------------------------------------------------

    def on_click(self, handler: Callable[[Key], None]) -> None:
        """Call ``handler(key)`` for every click on something meaningful."""
        self._click_handlers.append(handler)

    def on_key(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(key_name)`` for key presses on the board (e.g. ``'ArrowLeft'``)."""
        self._key_handlers.append(handler)

    def click_at(self, px: float, py: float) -> Key | None:
        """What a mouse click at pixel (px, py) does: the key is passed to the handlers."""
        key = self.hit(px, py) if self.covered is None else None
        if key is not None:
            for handler in list(self._click_handlers):
                handler(key)
        return key

    def tap_at(self, touches: list[tuple[float, float]]) -> Key | None:
        """A finger put on the board (a phone's tap): one finger clicks where it is."""
        return self.click_at(*touches[0]) if len(touches) == 1 else None

    def hover_at(self, px: float, py: float) -> None:
        if self.covered is not None:
            return
        key = self.hit(px, py)
        if key != self.hovered:
            self.hovered = key
            if self.hover_matters(key):
                with held():
                    self.layers.overlay.clear()
                    self.draw_overlay(self.layers.overlay, self._state)

    def _key_down(
        self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False
    ) -> None:
        for handler in list(self._key_handlers):
            handler(key)

    def __repr__(self) -> str:
        # A short, stable text form: notebooks store it and nbval compares it.
        return f"<{type(self).__name__}: {self.describe(self._state)}>"

    def static_svg(self) -> str:
        """The position as the engine draws it in SVG (the static picture): the board's
        own scene, the one its canvas shows (the plate while covered)."""
        if self.covered is not None:
            return cover_svg(self.geometry.width, self.geometry.height, self.covered)
        return state_picture(self._state, self)

    # ---- shared by the boards of card games ----------------------------------------------

    def visible_hands(self, state: tg.State) -> list[list[str | None]]:
        """Hands as the viewpoint sees them: the observation's, hidden cards as None."""
        data = state.observation(self.viewer) if self.viewer is not None else state.to_json()
        return [list(h) for h in data["hands"]]

    def hand_key(self, player: int, k: int) -> Key | None:
        """The key of the ``k``-th card drawn in ``player``'s hand: ``("card", code)``, or
        ``("hidden", player)`` for a face-down card; None past the end of the hand."""
        hand = self.visible_hands(self._state)[player]
        if k >= len(hand):
            return None
        card = hand[k]
        return ("card", card) if card is not None else ("hidden", player)

    def draw_selection(self, c: Canvas) -> None:
        """Frame the picked keys (amber) and the keys that would continue a move (green)."""
        picked = [r for r in map(self.key_rect, self.selected) if r]
        offered = [r for r in map(self.key_rect, self.targets) if r]
        outline(c, picked, SELECTED, width=4, pad=3)
        outline(c, offered, TARGET, width=3, pad=2)

    # ---- hooks for each game --------------------------------------------------------------

    def make_geometry(self, square: float) -> Any:
        """An object with ``width`` and ``height`` (pixels) and whatever the drawing needs."""
        raise NotImplementedError

    def scene_settings(self) -> dict[str, Any]:
        """What this board's picture depends on besides the state: passed to the game's
        ``scene.state_scene`` (each keyword it takes). The base gives the square size, the
        viewpoint and the suit colours; boards add theirs (Currents: the inspected slot)."""
        return {"square": self.square, "viewer": self.viewer, "four_colour": self.four_colour}

    def scene(self, state: tg.State) -> Scene:
        """The picture of ``state`` with this board's settings: the game's scene (one
        description, drawn here on canvases and by ``tablegames.scene.to_svg`` as SVG)."""
        return scene_of(state, **self.scene_settings())

    def draw_background(self, c: Canvas) -> None:
        """What never changes during a game: the scene's background layer."""
        scene = self.current_scene()
        draw_scene_layer(c, scene.background, scene.four_colour)

    def draw_pieces(self, c: Canvas, state: tg.State) -> None:
        """The position: the scene's pieces layer."""
        scene = self.current_scene()
        draw_scene_layer(c, scene.pieces, scene.four_colour)

    def draw_overlay(self, c: Canvas, state: tg.State) -> None:
        """The scene's overlay, then the selection and the legal targets."""
        scene = self.current_scene()
        draw_scene_layer(c, scene.overlay, scene.four_colour)
        self.draw_selection(c)

    def key_rect(self, key: Key) -> Rect | None:
        """The rectangle drawn for a key, to frame it when picked or offered. The base
        class knows hand cards (``("card", code)``, found in ``geometry.hand_rect``);
        boards add their own places and call this for the rest."""
        if isinstance(key, tuple) and key[0] == "card":
            for p, hand in enumerate(self.visible_hands(self._state)):
                if key[1] in hand:
                    return self.geometry.hand_rect(p, hand.index(key[1]))  # type: ignore[no-any-return]
        return None

    def hit(self, px: float, py: float) -> Key | None:
        """The key under pixel (px, py), or None."""
        raise NotImplementedError

    def hover_matters(self, key: Key | None) -> bool:
        """Whether hovering ``key`` changes the overlay (to skip useless redraws)."""
        return False

    def move_keys(self, move: Any) -> tuple[Key, ...]:
        """The clicks that make up ``move`` (order does not matter); () for button-only moves."""
        raise NotImplementedError

    def one_click(self, move: Any) -> bool:
        """Whether a move made of a single key is played by that one click (Resistor: a
        placement on a free cell) instead of being offered as a button (the default: one
        card can mean several things)."""
        return False

    def restarts(self, key: Key, picked: tuple[Key, ...]) -> bool:
        """Whether a click on ``key`` that cannot continue the ``picked`` keys starts a new
        pick (the default) or is refused with the reason the engine gives for the move it
        would have made (see ``attempted``)."""
        return True

    def attempted(self, state: tg.State, keys: tuple[Key, ...]) -> str | None:
        """The notation of the move these clicks would mean, if any (to explain a refusal)."""
        return None

    def hint(self, state: tg.State, picked: tuple[Key, ...]) -> str:
        """A line about what the picked keys would do (e.g. the sums they make), or ''."""
        return ""

    def move_label(self, move: Any) -> str:
        """Button text for a move."""
        return str(move)

    @classmethod
    def player_name(cls, player: int, short: bool = False) -> str:
        """``'Red'``, or ``'Player 0'`` (``'P0'`` when ``short``) for games without names."""
        if player < len(cls.player_names):
            return cls.player_names[player]
        return f"P{player}" if short else f"Player {player}"

    def describe(self, state: tg.State) -> str:
        """One line describing the position, for screen readers."""
        describe = getattr(state, "describe", None)
        return describe() if callable(describe) else repr(state)

    def move_result(self, before: tg.State, after: tg.State) -> tg.State:
        """The position that shows what the move from ``before`` to ``after`` did (the
        puzzles draw it after an answer): ``after``, unless a board shows more (Currents:
        the card down and the pawn still where it stood, the push drawn by its lines)."""
        return after

    def move_result_note(self, before: tg.State, after: tg.State) -> str:
        """A sentence on what the move did that :meth:`move_result`'s picture shows, or ''."""
        return ""

    @classmethod
    def page_view(cls) -> Any:
        """A view of its own the game's play page offers, or None (the default). The view
        has ``controls`` (widgets for the row beside New game) and ``attach(play)``, called
        with the :class:`~tablegames_widgets.play.PlayWidget` of each new game (Currents:
        "Show currents", in ``currents/page_view.py``)."""
        return None

    def move_preview(self, enabled: Callable[[], bool]) -> Any:
        """The game's own what-if preview on this board, drawn in place of the play
        widget's generic one, or None (the default). It has ``show_move(move)`` (None
        when it has no picture for that move), ``clear()`` and ``on_change(handler)``
        (the handler gets what is shown, with its ``text``, or None); ``enabled()`` says
        whether a preview may show now (Currents: ``currents/preview.py``, also for a
        picked card held over a place)."""
        return None


def state_picture(state: tg.State, settings: object = None) -> str:
    """``state`` drawn as SVG from its game's scene; each of ``square``, ``viewer``,
    ``four_colour`` (and the game's own scene settings) that ``settings`` has as an
    attribute is passed on."""
    if isinstance(settings, BoardWidget):
        options = settings.scene_settings()
    else:
        names = ("square", "viewer", "four_colour")
        options = {n: getattr(settings, n) for n in names if hasattr(settings, n)}
    return state_svg(state, **options)
