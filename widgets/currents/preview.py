"""What-if preview for Currents: where a card played on a place would send the pawn.

With a card of the player to move picked, hovering a compass point or a current slot
the card may go to draws, on the board's top layer, what the Move phase would then do:
the card as it would lie there (ghosted), the currents that would act on the pawn,
the net vector as an arrow, a ghost pawn where it would arrive and, when it would
leave the board, that edge flagged; a sentence says it ("Playing 7♥ on slot E2 pushes
the pawn over the east edge: P1 would win...").

No rule lives here. The move is applied by the engine (``state.apply``) and the board
it leaves is inspected at the pawn's square (``inspect(at=...)``): exactly the push the
Move phase computed. Nothing hidden is shown: the picture and the sentence use only
the played card (the mover's own) and the board, which everyone sees; never the hands,
piles or phase of the resulting state (the next player's draw is there, and whether a
goaltender holds enough cards to defend decides between "defend" and "over").

Mouse moves reach the kernel one message each (ipycanvas does not throttle them): the
handler only hit-tests, and draws when the hovered (card, place) pair changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablegames import style
from tablegames.cards import pretty
from tablegames.currents import CurrentsMove, CurrentsState
from tablegames.currents.influence import Influence
from tablegames.currents.layout import Layout
from tablegames.currents.scene import (
    CROSSING,
    OFF_BOARD_RADIUS,
    PAWN_RADIUS,
    influence_shapes,
    translucent,
)
from tablegames.currents.text import crossing_sentences, push_in_words
from tablegames.scene import Card, Circle, Rect, Shape

from ..board import Key
from ..canvas import held
from ..scene_canvas import draw_scene_layer
from .moves import describe_move, place_key

if TYPE_CHECKING:
    from .board import CurrentsBoard

POINT_AT = "point at a framed place to see where the pawn would go."
EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: Moves whose result the preview can show: nothing random happens before the push.
PREVIEWED = frozenset({"place", "jack", "queen", "king", "discard"})
GHOST = "#6d4c41"  #: the ghost pawn's dashed rim and the ghost card's frame


@dataclass(frozen=True)
class WhatIf:
    """What ``move`` would do to the pawn, computed by the engine."""

    move: CurrentsMove
    influence: Influence  #: the resulting board inspected at the pawn's square
    text: str  #: the sentence for the status line

    @property
    def landing(self) -> tuple[int, int]:
        """Where the pawn would arrive (off the board when it crosses an edge)."""
        return self.influence.landing

    @property
    def edges(self) -> tuple[str, ...]:
        """The edges it would cross, in the order their goaltenders would be asked."""
        return tuple(g.edge for g in self.influence.goaltending)


def what_if(state: CurrentsState, move: CurrentsMove) -> WhatIf | None:
    """The preview of ``move`` (legal now) for the player to decide, or None for moves
    with nothing to preview (a goaltending answer, a joker's random shuffle)."""
    if state.phase not in ("play", "combo") or move.kind not in PREVIEWED:
        return None
    after = state.apply(move)
    # The push the Move phase computes: the resulting currents and compass, at the pawn's
    # square (the board is all that is read of `after`: see the module docstring).
    inf = after.inspect(at=state.pawn)
    return WhatIf(move, inf, sentence(move, inf, follow_up=after.phase == "combo"))


def sentence(move: CurrentsMove, inf: Influence, follow_up: bool = False) -> str:
    """The preview in words, from public facts only."""
    if move.kind == "place":
        where = f"compass {move.target}" if len(move.target) == 1 else f"slot {move.target}"
        doing = f"Playing {pretty(move.card or '')} on {where}"
    else:
        doing = describe_move(move)
        doing = doing[0].upper() + doing[1:] if move.kind == "discard" else f"Playing {doing}"
    then = " (you could still follow up with a combination attack)" if follow_up else ""
    if inf.goaltending:
        parts = []
        for g in inf.goaltending:
            head, guard = crossing_sentences(g)
            won = head.split(": ", 1)[1]
            parts.append(f"over the {EDGE_NAMES[g.edge]} edge: {won}. {guard}")
        return f"{doing} pushes the pawn " + " Then ".join(parts).rstrip(".") + "." + then
    if inf.blocked:
        return f"{doing}: the pawn stays at {inf.at} ({inf.blocked_by}){then}."
    if inf.vector == (0, 0):
        return f"{doing}: the pawn stays at {inf.at}, {push_in_words(inf.vector)}{then}."
    return f"{doing} moves the pawn {push_in_words(inf.vector)} to {inf.destination}{then}."


def preview_shapes(board: CurrentsBoard, preview: WhatIf) -> list[Shape]:
    """The overlay of ``preview`` on ``board``: the card ghosted where it goes, the
    currents acting then, the arrow, the ghost pawn and any edge crossed."""
    lay: Layout = board.geometry
    out: list[Shape] = []
    move = preview.move
    if move.kind == "place" and move.card:
        r = board.key_rect(place_key(move.target))
        if r is not None:
            x, y, w, h = r
            out.append(Card(move.card, x, y, w, h))
            out.append(Rect(x, y, w, h, fill="rgba(255,255,255,0.35)"))
            out.append(Rect(x - 4, y - 4, w + 8, h + 8, stroke=GHOST, width=3, dash=(5, 3)))
    inf = preview.influence
    for edge in preview.edges:
        out.append(Rect(*lay.goal_band(edge), fill=translucent(CROSSING, 0.4)))
    out += influence_shapes(inf, lay, influence_lines=False)
    px, py = lay.pawn_px(preview.landing)
    radius = lay.square * (PAWN_RADIUS if lay.on_board(preview.landing) else OFF_BOARD_RADIUS)
    out.append(Circle(px, py, radius, translucent(style.PAWN, 0.35), GHOST, 3, dash=(4, 3)))
    return out


class CurrentsPreview:
    """Draws the what-if preview on a :class:`CurrentsBoard` (see the module docstring).

    The preview shows while the board has one card of the player to move picked
    (``board.selected``) and the pointer is over a place a legal move would put it;
    ``show_move`` shows any move's preview (the move list's hover). ``on_change``
    handlers get the :class:`WhatIf` shown, or None when it is cleared.
    """

    def __init__(self, board: CurrentsBoard, enabled: Callable[[], bool] | None = None) -> None:
        self.board = board
        self.enabled = enabled or (lambda: True)
        self.shown: WhatIf | None = None  #: the preview drawn, None when none is
        self._hovered: tuple[str, Key] | None = None  # the (card, place) last previewed
        self._handlers: list[Callable[[WhatIf | None], None]] = []
        board.layers.multi.on_mouse_move(self.hover_at)
        board.layers.multi.on_mouse_out(lambda *_xy: self.clear())
        board.on_show(lambda _state: self.clear())

    def on_change(self, handler: Callable[[WhatIf | None], None]) -> None:
        self._handlers.append(handler)

    def picked_card(self) -> str | None:
        """The card of the player to move that is picked alone, if any."""
        state = self.board.cstate
        sel = self.board.selected
        if len(sel) != 1 or state.is_terminal or state.phase not in ("play", "combo"):
            return None
        key = sel[0]
        if isinstance(key, tuple) and key[0] == "card" and key[1] in state.hand:
            return str(key[1])
        return None

    def hover_at(self, px: float, py: float) -> None:
        """The pointer is at (px, py): preview the picked card there, if legal."""
        card = self.picked_card() if self._allowed() else None
        key = self.board.hit(px, py) if card else None
        pair = (card, key) if card and key else None
        if pair == self._hovered:
            return  # same card, same place: nothing to redraw
        self._hovered = pair
        move = self._move(*pair) if pair else None
        if move is None:
            self.clear()
        else:
            self.show_move(move)

    def _allowed(self) -> bool:
        return self.enabled() and getattr(self.board, "covered", None) is None

    def _move(self, card: str, key: Key) -> CurrentsMove | None:
        """The legal placement of ``card`` on the place ``key`` names, if there is one."""
        if not (isinstance(key, tuple) and key[0] in ("slot", "compass")):
            return None
        m: CurrentsMove
        for m in self.board.cstate.legal_moves():
            if m.kind == "place" and m.card == card and self.board.move_keys(m)[1] == key:
                return m
        return None

    def show_move(self, move: CurrentsMove) -> WhatIf | None:
        """Draw the preview of ``move`` (a legal move of the player to decide)."""
        if not self._allowed():
            return None
        preview = what_if(self.board.cstate, move)
        if preview is None:
            self.clear()
            return None
        c = self.board.layers.input
        with held():
            c.clear()
            draw_scene_layer(c, preview_shapes(self.board, preview), self.board.four_colour)
        self.shown = preview
        for handler in list(self._handlers):
            handler(preview)
        return preview

    def clear(self) -> None:
        """Remove the preview (the board below was never changed)."""
        self._hovered = None
        if self.shown is None:
            return
        self.shown = None
        self.board.layers.input.clear()
        for handler in list(self._handlers):
            handler(None)


def attach_to_inspector(inspector: Any) -> CurrentsPreview:
    """Give a :class:`~tablegames_widgets.currents.inspector.CurrentsInspector` the
    what-if preview: a click on a card of the player to move picks it (again: drops
    it), hovering a place then previews it on the board, in the vector-cancellation
    panel and in the inspector's status line."""
    board: CurrentsBoard = inspector.board
    preview = CurrentsPreview(board)

    def clicked(key: Any) -> None:
        state = board.cstate
        if not (isinstance(key, tuple) and key[0] == "card") or key[1] not in state.hand:
            return
        if state.phase not in ("play", "combo"):
            return
        picked = () if board.selected == (key,) else (key,)
        targets: tuple[Key, ...] = ()
        if picked:
            keys = [board.move_keys(m) for m in state.legal_moves()]
            targets = tuple(dict.fromkeys(k[1] for k in keys if len(k) == 2 and k[0] == key))
        board.selected, board.targets = picked, targets
        preview.clear()
        board.redraw()
        say(f"Picked {pretty(key[1])}: {POINT_AT}" if picked else "")

    def changed(shown: WhatIf | None) -> None:
        state = board.cstate
        real = None if state.is_terminal else state.inspect()
        inspector.panel.draw(shown.influence if shown else real)
        say(shown.text if shown else (POINT_AT if board.selected else ""))

    def say(text: str) -> None:
        body = html.escape(text[0].upper() + text[1:]) if text else ""
        inspector.status.value = f"<div role='status' aria-live='polite'>{body}</div>"

    board.on_click(clicked)
    preview.on_change(changed)
    return preview
