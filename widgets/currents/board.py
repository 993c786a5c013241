"""The Currents board: slots, compass, hands, pawn, and the influence overlay.

What it shows is the game's scene (:mod:`tablegames.currents.scene`), the very picture
the SVG drawing makes: the board, each edge's goal mark (a band in the colour of the
player who wins over it, naming them and the goaltender; the marks of the player whose
turn it is highlighted), the cards, the pawn and, from ``state.inspect()``, the
influencing currents framed, the net vector as an arrow, an edge about to be crossed
flagged, a pinned slot's lines and the scout token at ``scout_step``. The board adds
only what depends on the mouse: a hovered slot's lines, the picked cards and places and
the ones that would continue a move. The line under the board says whose turn it is
and whose goal each edge is.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas
from ipywidgets import HTML

import tablegames as tg
from tablegames.cards import SUIT_NAMES
from tablegames.currents import CurrentsMove, CurrentsState
from tablegames.currents.geometry import POINTS, SLOTS
from tablegames.currents.layout import Layout
from tablegames.currents.layout import Rect as Rect4
from tablegames.currents.scene import CROSSING, goal_marks, scout_stop, slot_shapes
from tablegames.currents.text import turn_caption
from tablegames.scene import Circle, Rect, Shape

from ..board import SELECTED, TARGET, BoardWidget, Key
from ..canvas import held
from ..scene_canvas import draw_scene_layer
from .moves import describe_move, place_key
from .page_view import CurrentsView
from .preview import CurrentsPreview

__all__ = ["CROSSING", "CurrentsBoard", "describe_move"]


class CurrentsBoard(BoardWidget):
    """A Currents state on a layered canvas (see the module docstring).

    ``inspector`` turns the influence overlay (framed currents, vector arrow, edge
    flags) on or off; ``influence_lines`` also draws the lines of every current acting
    on the pawn (the play page's Show currents); ``selected_slot`` pins one slot's lines
    and ``scout_step`` places the scout. All four are settings of the board's scene
    (``scene_settings``), so its static picture shows the same.
    """

    css_class = "tablegames-currents"
    how_to = (
        "Play cards round the board to push the pawn off the edge across from your seat. "
        "Each edge's coloured band names whose goal it is and who guards it; the goal of "
        "the player to move is highlighted. "
        "Click a card in your hand, then a compass point or a current slot; actions and "
        "discards appear as buttons. When the pawn is about to cross an edge, its "
        "goaltender may stop it. Arrow keys step through the game; the list below the "
        "board plays any move from the keyboard. Tick Show currents to see the currents "
        "acting on the pawn, where they push it and how opposite pushes cancel."
    )
    summary = (
        "Play cards round a compass to push a pawn off the board across your goal edge, "
        "while the others push it elsewhere."
    )
    typical_turns = 24

    def __init__(
        self,
        state: CurrentsState,
        *,
        inspector: bool = True,
        influence_lines: bool = False,
        **kwargs: Any,
    ) -> None:
        self.inspector = inspector
        self.influence_lines = influence_lines
        self._show_handlers: list[Callable[[CurrentsState], None]] = []
        #: the line under the board: whose turn it is and whose goal each edge is
        self.turn_line = HTML()
        self.turn_line.add_class("tablegames-turn")
        self.selected_slot: int | None = None
        self.scout_step: int | None = None  #: index into the scout path, None: no scout
        #: the slot whose lines the overlay last drew (hovered or pinned), for ``drawn``
        self._lines_slot: int | None = None
        super().__init__(state, **kwargs)  # type: ignore[arg-type]  # a registered State
        self.turn_line.layout.width = self.caption.layout.width
        self.children = (self.layers.multi, self.turn_line, self.caption)

    @property
    def cstate(self) -> CurrentsState:
        s = self.state
        assert isinstance(s, CurrentsState)
        return s

    def make_geometry(self, square: float) -> Layout:
        return Layout(square, self.state.game.num_players)

    def on_show(self, handler: Callable[[CurrentsState], None]) -> None:
        """Call ``handler(state)`` whenever the board shows a position (a move, a step
        through the game), in the same drawing batch: e.g. to keep a panel in step."""
        self._show_handlers.append(handler)

    def show(
        self, state: Any, selected: tuple[Key, ...] = (), targets: tuple[Key, ...] = ()
    ) -> None:
        with held():
            super().show(state, selected, targets)
            for handler in list(self._show_handlers):
                handler(state)

    def _draw(self) -> None:
        """Draw, then say under the board whose turn it is and whose goal each edge is."""
        super()._draw()
        self.turn_line.value = f"<b>{html.escape(turn_caption(self.cstate), quote=False)}</b>"

    # ---- drawing: the game's scene (tablegames.currents.scene), plus hover and targets ----

    def scene_settings(self) -> dict[str, Any]:
        """The board's own picture settings besides square, viewer and suit colours."""
        return {
            **super().scene_settings(),
            "inspector": self.inspector,
            "influence_lines": self.influence_lines,
            "selected_slot": self.selected_slot,
            "scout_step": self.scout_step,
        }

    @property
    def drawn(self) -> dict[str, Any]:
        """What the overlay shows, in the game's terms (for tests): the slot whose lines
        are drawn with those lines, the framed currents, the arrow's two ends, the edges
        flagged as crossed, the scout's intersection; read from ``state.inspect()``, the
        source the scene draws them from."""
        s = self.cstate
        lay: Layout = self.geometry
        facts: dict[str, Any] = {}
        if self._lines_slot is not None:
            facts["lines"] = (SLOTS[self._lines_slot], lay.slot_lines_px(self._lines_slot))
        if not s.is_terminal and (self.inspector or self.scout_step is not None):
            inf = s.inspect()
            if self.inspector:
                facts["influencing"] = tuple(si.slot for si in inf.currents)
                if inf.vector != (0, 0):
                    facts["arrow"] = (lay.point(*inf.at), lay.point(*inf.destination))
                facts["crossings"] = tuple(g.edge for g in inf.goaltending)
            if self.scout_step is not None:
                facts["scout"] = scout_stop(inf, self.scout_step)
        return facts

    @property
    def goal_marks_drawn(self) -> tuple[tuple[str, int, bool], ...]:
        """The goal marks shown, (edge, owner, highlighted) for N, E, S, W (for tests)."""
        return tuple((m.edge, m.owner, m.current) for m in goal_marks(self.cstate, self.geometry))

    def describe(self, state: tg.State) -> str:
        """The position in one sentence: the label of the scene drawn (made once)."""
        if state is self._state and self._scene is not None:
            return self._scene.label
        return super().describe(state)

    def draw_overlay(self, c: Canvas, state: Any) -> None:
        """The hovered slot's lines (while no slot is pinned), the scene's overlay, then
        the picked keys and the intersections that would continue a move: one layer."""
        lay: Layout = self.geometry
        scene = self.current_scene()
        slot = self.selected_slot if self.selected_slot is not None else self._hovered_slot()
        shapes: list[Shape] = []
        if slot is not None and slot != self.selected_slot:
            shapes += slot_shapes(lay, slot)  # the pinned slot is in the scene already
        shapes += scene.overlay
        shapes += self.interaction_shapes()
        draw_scene_layer(c, shapes, scene.four_colour)
        self._lines_slot = slot

    def interaction_shapes(self) -> list[Shape]:
        """Frames of the picked keys (amber) and of the keys that would continue a legal
        move (green), and a ring on each intersection a move could go to."""
        out: list[Shape] = []
        for keys, colour, width, pad in (
            (self.selected, SELECTED, 4, 3),
            (self.targets, TARGET, 3, 2),
        ):
            for key in keys:
                r = self.key_rect(key)
                if r:
                    x, y, w, h = r
                    out.append(
                        Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, stroke=colour, width=width)
                    )
        lay: Layout = self.geometry
        for key in self.targets:
            if isinstance(key, tuple) and key[0] == "point":
                out.append(Circle(*lay.point(*key[1]), lay.square * 0.3, stroke=TARGET, width=3))
        return out

    def _hovered_slot(self) -> int | None:
        key = self.hovered
        if isinstance(key, tuple) and key[0] == "slot":
            return int(key[1])
        return None

    def key_rect(self, key: Key) -> Rect4 | None:
        lay: Layout = self.geometry
        if not isinstance(key, tuple):
            return None
        kind, where = key
        if kind == "slot":
            return lay.slot_rect(where)
        if kind == "compass":
            return lay.compass_rect(where)
        if kind == "aside" and where in self.cstate.aside:
            return lay.aside_rect(self.cstate.aside.index(where))
        return super().key_rect(key)

    # ---- clicks --------------------------------------------------------------------------

    def hit(self, px: float, py: float) -> Key | None:
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        s = self.cstate
        if h.kind == "hand":
            return self.hand_key(*h.where)
        if h.kind == "aside":
            return ("aside", s.aside[h.where]) if h.where < len(s.aside) else None
        return (h.kind, h.where)

    def hover_matters(self, key: Key | None) -> bool:
        return self.selected_slot is None

    def move_keys(self, move: CurrentsMove) -> tuple[Key, ...]:
        kind = move.kind
        s = self.cstate
        if kind == "place":
            target = place_key(move.target)
            source = "aside" if s.phase == "setup" else "card"
            return ((source, move.card), target)
        if kind == "jack":
            return (("card", move.card), ("compass", POINTS.index(move.target)))
        if kind == "queen":
            a, b = move.target.split("~")
            return (("card", move.card), ("slot", SLOTS.index(a)), ("slot", SLOTS.index(b)))
        if kind in ("king", "joker", "discard"):
            return (("card", move.card),)
        if kind == "defend":
            return tuple(("card", c) for c in move.cards)
        return ()

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        pairs = [k for k in keys if isinstance(k, tuple) and len(k) == 2]
        cards = [k[1] for k in pairs if k[0] in ("card", "aside")]
        places = [k for k in pairs if k[0] in ("slot", "compass")]
        if len(cards) == 1 and len(places) == 1:
            kind, i = places[0][0], int(places[0][1])
            target = SLOTS[i] if kind == "slot" else POINTS[i]
            return f"{cards[0]}>{target}"
        return None

    def move_label(self, move: CurrentsMove) -> str:
        return describe_move(move)

    def prompt(self, state: CurrentsState) -> str:
        """What to click now, in words."""
        if state.phase == "setup":
            return "click an ace, then an empty compass point."
        if state.phase == "combo":
            return (
                f"you demoted {state.combo}: follow up with a card of another suit that beats "
                "it (click the card, then the place), or choose No combination attack."
            )
        if state.phase == "defend":
            edge, over, _defender, suit = state._defend_ask()
            name = SUIT_NAMES.get(suit or "", "")
            return (
                f"the pawn would cross the {edge} edge by {over}: click {over} "
                f"{'card' if over == 1 else 'cards'} of {name} to goaltend, or let it through."
            )
        return "click a card in your hand, then where to play it (or use a button)."

    def move_result(self, before: tg.State, after: tg.State) -> tg.State:
        """The card down and the pawn where it stood (see :func:`pending_push`)."""
        return pending_push(before, after)  # type: ignore[return-value]  # a registered State

    def move_result_note(self, before: tg.State, after: tg.State) -> str:
        """Where the currents push the pawn, which the influence lines show."""
        inf = pending_push(before, after).inspect()
        if inf.goaltending:
            where = f"the {inf.goaltending[0].edge} edge"
        else:
            where = f"({inf.destination[0]}, {inf.destination[1]})"
        return f"The currents push the pawn to {where}: the lines show them."

    @classmethod
    def page_view(cls) -> CurrentsView:
        """The play page's "Show currents" view (see :class:`CurrentsView`)."""
        return CurrentsView()

    def move_preview(self, enabled: Callable[[], bool]) -> CurrentsPreview:
        """Currents' what-if preview: where the pawn would go (see ``currents/preview.py``)."""
        return CurrentsPreview(self, enabled=enabled)


def pending_push(before: tg.State, after: tg.State) -> CurrentsState:
    """Currents: the position with the move's card down and the pawn where it stood, its
    player still to decide, so that ``inspect()`` shows the push the move made (a move
    that ends the game leaves no position to inspect). ``after`` when it cannot be built."""
    data = after.to_json()
    player = before.current_player
    data.update(
        pawn=list(before.pawn),  # type: ignore[attr-defined]
        phase="play",
        current_player=player,
        turn_player=player,
        turn=before.turn,  # type: ignore[attr-defined]
        winners=[],
        events=[],
        queue=[],
        target=None,
    )
    try:
        state = before.game.state_from_json(data)
    except (tg.InvalidState, ValueError, KeyError):
        state = after
    assert isinstance(state, CurrentsState)
    return state
