"""What-if previews in the play widget: point at a move, see the position it leads to.

ipywidgets' buttons and dropdowns send no hover events (and ipyevents is not a
dependency), so the play widget gets a second list of its legal moves drawn on an
ipycanvas canvas, whose mouse events do reach the kernel, in a real browser through
Voila as in JupyterLab: pointing at a row draws, on the board's top layer, the position
that move leads to (framed and titled as a preview, the board below untouched);
leaving the list removes it; a click plays the move. The dropdown stays for the
keyboard. A board may draw its own what-if overlay instead
(:meth:`~tablegames_widgets.board.BoardWidget.move_preview`; Currents' in
``currents/preview.py``, also when a card picked on the board is held over a place).

A preview never shows what the mover cannot know. The engine applies the move to the
real position, and the result is drawn from the mover's observation (others' hidden
cards face down). Whether anything in it is chance or hidden is then asked of the
engine too: the same move is applied to positions sampled from the mover's
information set (``game.determinize``); when the move would reveal cards to the mover
(a card drawn), they and the mover's hand (sorted: a place would tell a rank) are drawn
face down, and when anything else still
differs between the samples (a shuffle, a die, a hidden card deciding what happens),
no position is drawn: the message says the result depends on what the mover cannot
know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ipycanvas import Canvas
from ipywidgets import HTML, Box, Layout, VBox

import tablegames as tg
from tablegames.determinize import json_copy, visible_cards
from tablegames.scene import Card, Rect, Scene, Shape, Text, scene_of

from .board import BoardWidget
from .canvas import held
from .scene_canvas import draw_scene_layer
from .status import status_html

#: How many positions sampled from the mover's information set the result is checked on.
SAMPLES = 4
#: Observation keys that are no part of the position a preview draws.
NOT_DRAWN = frozenset({"seed", "events", "last_move"})
FRAME = "#f9a825"  #: the frame round a previewed position
ROW = 24  #: height of one row of the move list (pixels)


#: The colour of a preview's sentence in the message line (brown: not the game's own).
SAID = "#5d4037"


@dataclass(frozen=True)
class Preview:
    """The position ``move`` leads to, as the mover may see it before playing it."""

    move: Any
    player: int  #: the mover: the position is drawn from this player's view
    state: tg.State | None  #: the engine's result, None when it must not be shown
    #: cards drawn face down: those it would reveal to the mover, and then the mover's hand
    masked: frozenset[str] = field(default_factory=frozenset)
    note: str = ""  #: why nothing (or not everything) is shown, for the message line


def preview_of(state: tg.State, move: Any, samples: int = SAMPLES) -> Preview:
    """The preview of ``move`` (legal in ``state``) for the player to decide."""
    p = state.current_player
    after = state.apply(move)
    game = state.game
    deck = frozenset(game.card_deck())
    known = set(visible_cards(state.observation(p), deck))
    real = after.observation(p)
    revealed = frozenset(visible_cards(real, deck)) - known
    shape = _shape(real, revealed)
    seen = state.observation(p)
    for k in range(samples):
        try:
            alt = game.determinize(seen, seed=k + 1).apply(move)
        except (tg.IllegalMove, tg.InvalidState):
            return Preview(move, p, None, note="its result depends on cards you cannot see")
        alt_view = alt.observation(p)
        alt_revealed = frozenset(visible_cards(alt_view, deck)) - known
        if _shape(alt_view, alt_revealed) != shape:
            return Preview(move, p, None, note="its result depends on chance or on hidden cards")
    if not revealed:
        return Preview(move, p, after)
    # A drawn card's place in a sorted hand would tell its rank: the whole hand goes face down.
    hands = real.get("hands")
    hand = frozenset(c for c in hands[p] if c) if isinstance(hands, list) else frozenset()
    return Preview(move, p, after, revealed | hand, "your hand stays face down: it would draw")


def _shape(view: dict[str, Any], revealed: frozenset[str]) -> Any:
    """An observation with what a preview does not draw left out and the newly revealed
    cards blanked: equal for two results when a preview of either would look the same."""
    out = json_copy({k: v for k, v in view.items() if k not in NOT_DRAWN})

    def blank(v: Any) -> Any:
        if isinstance(v, str):
            return "?" if v in revealed else v
        if isinstance(v, list):
            return [blank(x) for x in v]
        if isinstance(v, dict):
            return {k: blank(x) for k, x in v.items()}
        return v

    out = blank(out)
    if isinstance(out.get("hands"), list):  # hands are sorted: compare them as sets
        out["hands"] = [sorted(h, key=str) if isinstance(h, list) else h for h in out["hands"]]
    return out


def preview_scene(board: BoardWidget, preview: Preview) -> Scene | None:
    """The previewed position drawn with ``board``'s settings from the mover's view,
    revealed cards face down, framed and titled; None when nothing may be shown."""
    if preview.state is None:
        return None
    settings = {**board.scene_settings(), "viewer": preview.player}
    scene = scene_of(preview.state, **settings)
    for layer in ("pieces", "overlay"):
        shapes: list[Shape] = getattr(scene, layer)
        setattr(scene, layer, [_masked(s, preview.masked) for s in shapes])
    w, h = board.geometry.width, board.geometry.height
    # A short tab in the corner, where boards keep their margin (the message line names
    # the move): a full-width title would cover part of the position.
    scene.overlay += [
        Rect(3, 3, w - 6, h - 6, stroke=FRAME, width=6, dash=(12, 6)),
        Rect(0, 0, 84, 22, fill=FRAME),
        Text(42, 16, "PREVIEW", 13, "#263238", "middle", bold=True),
    ]
    return scene


def _masked(s: Shape, cards: frozenset[str]) -> Shape:
    if isinstance(s, Card) and s.card in cards:
        return replace(s, card=None, hidden=True, key=None)
    return s


def draw_preview(board: BoardWidget, preview: Preview | None) -> None:
    """Draw ``preview`` over the board on its top layer (None: clear it)."""
    c = board.layers.input
    scene = preview_scene(board, preview) if preview is not None else None
    with held():
        c.clear()
        if scene is not None:
            four = scene.four_colour
            draw_scene_layer(c, [*scene.background, *scene.pieces, *scene.overlay], four)


class MoveList(VBox):  # type: ignore[misc]
    """The legal moves as rows on a canvas: pointing at a row calls the ``on_hover``
    handlers with its move (None when the pointer leaves), a click the ``on_pick`` ones.
    Handlers run only when the row under the pointer changes."""

    def __init__(self, width: int = 360, rows: int = 6) -> None:
        self.width = width
        self.items: list[tuple[str, Any]] = []
        self.hovered: int | None = None
        self._hover: list[Callable[[Any], None]] = []
        self._pick: list[Callable[[Any], None]] = []
        self.canvas = Canvas(width=width, height=ROW, layout=Layout(width=f"{width}px"))
        self.canvas.add_class("tablegames-move-list")
        self.canvas.on_mouse_move(self._moved)
        self.canvas.on_mouse_out(lambda *_xy: self._point(None))
        self.canvas.on_mouse_down(self._down)
        self.title = HTML(
            "<span style='color:#555'>Point at a move to preview the position it leads to; "
            "click it to play it.</span>"
        )
        box = Layout(max_height=f"{rows * ROW + 2}px", overflow="auto",
                     width=f"{width + 18}px", border="1px solid #cfd8dc")  # fmt: skip
        scroll = Box([self.canvas], layout=box)
        super().__init__([self.title, scroll])
        self.add_class("tablegames-move-list-box")

    def on_hover(self, handler: Callable[[Any], None]) -> None:
        self._hover.append(handler)

    def on_pick(self, handler: Callable[[Any], None]) -> None:
        self._pick.append(handler)

    def set_moves(self, items: list[tuple[str, Any]]) -> None:
        """Show these (label, move) rows; a preview shown is cleared first."""
        self._point(None)
        self.items = list(items)
        height = max(len(self.items), 1) * ROW
        self.canvas.height = height
        self.canvas.layout.height = f"{height}px"
        self.draw()

    def row_at(self, y: float) -> int | None:
        k = int(y // ROW)
        return k if 0 <= k < len(self.items) else None

    def draw(self) -> None:
        c = self.canvas
        with held():
            c.clear()
            c.fill_style = "#ffffff"
            c.fill_rect(0, 0, self.width, c.height)
            if self.hovered is not None:
                c.fill_style = "#fff3c4"
                c.fill_rect(0, self.hovered * ROW, self.width, ROW)
            c.font = "14px sans-serif"
            c.text_baseline = "middle"
            c.fill_style = "#263238"
            if not self.items:
                c.fill_style = "#78909c"
                c.fill_text("(no move to preview)", 8, ROW / 2)
            for k, (label, _move) in enumerate(self.items):
                c.fill_text(label, 8, k * ROW + ROW / 2)

    def _moved(self, x: float, y: float) -> None:
        self._point(self.row_at(y))

    def _point(self, row: int | None) -> None:
        if row == self.hovered:
            return  # the same row: nothing to redraw, nothing to send
        self.hovered = row
        self.draw()
        move = self.items[row][1] if row is not None else None
        for handler in list(self._hover):
            handler(move)

    def _down(self, x: float, y: float) -> None:
        row = self.row_at(y)
        if row is not None:
            move = self.items[row][1]
            for handler in list(self._pick):
                handler(move)


class PlayPreviews:
    """The what-if previews of a :class:`~tablegames_widgets.play.PlayWidget`: the move
    list's, drawn generically or by the board's own preview (Currents: also the picked
    card held over a place)."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.board: BoardWidget = play.board
        self.list = MoveList()
        self.shown: Preview | None = None  #: the generic preview drawn, if any
        self._said: tuple[str, str, str] | None = None  # replaced message, and the preview's
        #: the board's own preview (BoardWidget.move_preview), drawn in place of the generic
        self.board_preview: Any = self.board.move_preview(self._live)
        if self.board_preview is not None:
            self.board_preview.on_change(lambda w: self._say(w.text if w else None))
        self.list.on_hover(self.hover)
        self.list.on_pick(lambda move: play.play(move))
        play.moves.observe(lambda _change: self._options(), names="options")
        self._options()

    def _human_turn(self) -> bool:
        play = self.play
        state = play.state
        return (
            not state.is_terminal
            and play.thinking is None
            and play.seats[state.current_player] == "human"
        )

    def _live(self) -> bool:
        """Whether a preview may show: a human decides in the live position (not an
        earlier one looked back at), on an uncovered board."""
        play = self.play
        return (
            self._human_turn()
            and play.controls.index == len(play.history) - 1
            and self.board.state is play.state
            and getattr(self.board, "covered", None) is None
        )

    def _options(self) -> None:
        """The move dropdown changed: list the same moves (on a human's turn)."""
        legal = [(label, m) for label, m in self.play.moves.options if not isinstance(m, str)]
        self.list.set_moves(legal if self._human_turn() else [])

    def hover(self, move: Any) -> None:
        """Preview ``move`` (None: clear)."""
        if move is None or not self._live():
            self.clear()
            return
        if self.board_preview is not None:
            shown = self.board_preview.show_move(move)
            if shown is None:
                self._say(f"{self.board.move_label(move)}: no preview for this move.")
            return
        self.shown = preview_of(self.play.state, move)
        draw_preview(self.board, self.shown)
        label = self.board.move_label(move)
        note = f" ({self.shown.note})" if self.shown.note else ""
        if self.shown.state is None:
            self._say(f"No preview of {label}: {self.shown.note}.")
        else:
            self._say(f"Preview of {label}{note}: move the pointer away to return.")

    def clear(self) -> None:
        if self.board_preview is not None:
            self.board_preview.clear()
        if self.shown is not None:
            self.shown = None
            draw_preview(self.board, None)
        self._say(None)

    def _say(self, text: str | None) -> None:
        """Show a preview's sentence in the message line; None puts back what it said
        (unless the game has said something new meanwhile)."""
        play = self.play
        if text is not None:
            value = status_html(text, SAID)
            said, before = self._said[:2] if self._said else (play.said, play.message.value)
            self._said = (said, before, value)
            play.said, play.message.value = text, value
        elif self._said is not None:
            said, before, value = self._said
            if play.message.value == value:
                play.said, play.message.value = said, before
            self._said = None


def attach_previews(play: Any) -> PlayPreviews:
    """Give ``play`` its what-if previews; the move list goes under the move dropdown."""
    previews = PlayPreviews(play)
    row = next(
        (k for k, w in enumerate(play.children) if play.moves in getattr(w, "children", ())), None
    )
    children = list(play.children)
    children.insert(len(children) if row is None else row + 1, previews.list)
    play.children = children
    return previews
