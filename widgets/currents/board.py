"""The Currents board: slots, compass, hands, pawn, and the influence overlay.

Pixel positions come from :class:`tablegames.currents.layout.Layout` (shared with
the SVG drawing). What is drawn comes from the state and from ``state.inspect()``:
the pawn's influencing currents are framed, the lines of a hovered or selected
slot are highlighted, the net vector is an arrow and an edge about to be crossed
is flagged. The scout token is drawn at ``scout_step`` along the scout path.

Each edge carries its goal mark (a band in the colour of the player who wins over
it, naming them and the goaltender; the marks of the player whose turn it is are
highlighted) and the caption says whose turn it is and whose goal each edge is.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas
from ipywidgets import HTML

from tablegames import style
from tablegames.cards import SUIT_NAMES, pretty
from tablegames.currents import CurrentsMove, CurrentsState
from tablegames.currents.geometry import POINTS, SIZE, SLOTS
from tablegames.currents.layout import Layout
from tablegames.currents.svg import goal_marks, slot_name_at, turn_caption

from ..board import TARGET, BoardWidget, Key
from ..canvas import arrow, draw_cards, held, outline

CROSSING = "#c62828"


class CurrentsBoard(BoardWidget):
    """A Currents state on a layered canvas (see the module docstring).

    ``inspector`` turns the influence overlay (framed currents, vector arrow, edge
    flags) on or off; ``influence_lines`` also draws the lines of every current acting
    on the pawn (as the SVG picture does); ``selected_slot`` pins one slot's lines.
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
        self.drawn: dict[str, Any] = {}  #: what the last overlay drew, for tests
        #: the goal marks last drawn, (edge, owner, highlighted) N, E, S, W, for tests
        self.goal_marks_drawn: tuple[tuple[str, int, bool], ...] = ()
        super().__init__(state, **kwargs)
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

    # ---- drawing ------------------------------------------------------------------------

    def draw_background(self, c: Canvas) -> None:
        lay: Layout = self.geometry
        s = lay.square
        c.fill_style = style.PAPER
        c.fill_rect(0, 0, lay.width, lay.height)
        light = [(col, row) for col in range(SIZE) for row in range(SIZE) if (col + row) % 2 == 0]
        dark = [(col, row) for col in range(SIZE) for row in range(SIZE) if (col + row) % 2 == 1]
        for colour, cells in ((style.BOARD_LIGHT, light), (style.BOARD_DARK, dark)):
            c.fill_style = colour
            c.fill_rects(
                [lay.x0 + col * s for col, _ in cells], [lay.y0 + row * s for _, row in cells], s, s
            )
        c.stroke_style = style.LINE
        c.line_width = 1
        segments = []
        for i in range(SIZE + 1):
            segments += [
                [lay.point(i, 0), lay.point(i, SIZE)],
                [lay.point(0, i), lay.point(SIZE, i)],
            ]
        c.stroke_line_segments(segments)
        c.line_width = 2
        c.stroke_rect(lay.x0, lay.y0, lay.board, lay.board)
        c.line_width = 1
        c.fill_style = style.MUTED
        c.font = f"{s * 0.22:.0f}px {style.FONT}"
        c.text_align = "center"
        for i, name in enumerate(SLOTS):  # placed clear of the slot frames, not under them
            c.fill_text(name, *slot_name_at(lay, i))
        c.font = f"bold {s * 0.3:.0f}px {style.FONT}"
        c.text_align = "left"
        c.fill_style = style.TEXT
        c.fill_text("Compass", lay.panel_x + lay.gap, lay.y0 - lay.margin / 2)
        c.stroke_style = style.OBSTACLE
        c.line_width = 4
        r = s * 0.22
        for ox, oy in sorted(self.cstate.game.obstacle_set):
            px, py = lay.point(ox, oy)
            c.stroke_line_segments(
                [[(px - r, py - r), (px + r, py + r)], [(px + r, py - r), (px - r, py + r)]]
            )
        c.line_width = 3
        for (ox, oy), d in sorted(self.cstate.game.riptides.items()):  # riptides: an arrow
            c.stroke_line_segments(lay.riptide_arrow(ox, oy, d))
        c.line_width = 1

    def draw_goal_marks(self, c: Canvas, s: CurrentsState) -> None:
        """Each edge's goal mark and a swatch of each seat's colour by its hand (the same
        marks as the SVG picture, from the same geometry)."""
        lay: Layout = self.geometry
        fs = lay.square * 0.24
        colours = style.PLAYER_COLOURS
        marks = goal_marks(s, lay)
        self.goal_marks_drawn = tuple((m.edge, m.owner, m.current) for m in marks)
        c.text_align = "center"
        for m in marks:
            c.fill_style = colours[m.owner % len(colours)]
            c.global_alpha = 0.45 if m.current else 0.2
            c.fill_rect(*m.band)
            c.global_alpha = 1
            if m.current:
                x, y, w, h = m.band
                t = 3
                c.fill_rect(*{"N": (x, y, w, t), "S": (x, y + h - t, w, t),
                              "E": (x + w - t, y, t, h), "W": (x, y, t, h)}[m.edge])  # fmt: skip
            c.fill_style = style.TEXT
            c.font = f"{'bold ' if m.current else ''}{fs:.0f}px {style.FONT}"
            c.save()
            c.translate(*m.text_at)
            c.rotate(m.angle * math.pi / 180)
            c.fill_text(m.label, 0, fs * 0.35)
            c.restore()
        for p in range(s.game.num_players):
            lx, ly = lay.hand_label(p)
            c.fill_style = colours[p % len(colours)]
            c.fill_rect(lx - 11, ly, 8, 8)

    def draw_pieces(self, c: Canvas, state: Any) -> None:
        s: CurrentsState = state
        lay: Layout = self.geometry
        self.draw_goal_marks(c, s)
        items: list[tuple[str | None, Any, bool]] = []
        items += [(card, lay.slot_rect(i), False) for i, card in enumerate(s.currents)]
        items += [(card, lay.compass_rect(i), False) for i, card in enumerate(s.compass)]
        items += [(ace, lay.aside_rect(k), False) for k, ace in enumerate(s.aside)]
        for p, hand in enumerate(self.visible_hands(s)):
            items += [(card, lay.hand_rect(p, k), card is None) for k, card in enumerate(hand[:4])]
        draw_cards(c, items, self.four_colour)
        fs = lay.square * 0.3
        c.font = f"{fs:.0f}px {style.FONT}"
        c.text_align = "center"
        c.fill_style = style.EMPTY_PLACE
        for i, point in enumerate(POINTS):
            if s.compass[i] is None:
                x, y, w, h = lay.compass_rect(i)
                c.fill_text(point, x + w / 2, y + h / 2 + fs / 3)
        c.text_align = "left"
        c.font = f"{fs * 0.85:.0f}px {style.FONT}"
        for p in range(s.game.num_players):
            lx, ly = lay.hand_label(p)
            turn = " ◀ to decide" if p == s.player else ""
            c.fill_style = style.HIGHLIGHT if p == s.player else style.TEXT
            c.fill_text(f"P{p}{turn}", lx, ly + fs * 0.55)
        if s.aside:
            c.fill_style = style.TEXT
            c.fill_text("Aces to place", lay.panel_x + lay.gap, lay.aside_y + fs * 0.55)
        px, py = self.pawn_px(s)
        c.fill_style = style.PAWN
        c.stroke_style = "white"
        c.line_width = 2
        c.fill_circle(px, py, lay.square * 0.26)
        c.stroke_circle(px, py, lay.square * 0.26)
        c.line_width = 1

    def pawn_px(self, s: CurrentsState) -> tuple[float, float]:
        """The pawn's pixel; a pawn that left the board is drawn just outside the edge."""
        lay: Layout = self.geometry
        px, py = lay.point(*s.pawn)
        lo_x, hi_x = lay.x0 - lay.square * 0.5, lay.x0 + lay.board + lay.square * 0.5
        lo_y, hi_y = lay.y0 - lay.square * 0.5, lay.y0 + lay.board + lay.square * 0.5
        return (min(max(px, lo_x), hi_x), min(max(py, lo_y), hi_y))

    def draw_overlay(self, c: Canvas, state: Any) -> None:
        s: CurrentsState = state
        lay: Layout = self.geometry
        self.drawn = {}
        slot = self.selected_slot if self.selected_slot is not None else self._hovered_slot()
        if slot is not None:
            c.stroke_style = style.HIGHLIGHT
            c.global_alpha = 0.35
            c.line_width = 6
            lines = lay.slot_lines_px(slot)
            c.stroke_line_segments([[(x1, y1), (x2, y2)] for x1, y1, x2, y2 in lines])
            c.global_alpha = 1
            c.line_width = 1
            outline(c, [lay.slot_rect(slot)], style.HIGHLIGHT, width=2, pad=5)
            self.drawn["lines"] = (SLOTS[slot], lines)
        if self.inspector and not s.is_terminal:
            self._draw_influence(c, s)
        self.draw_selection(c)
        for key in self.targets:
            if key[0] == "point":  # type: ignore[index]
                x, y = lay.point(*key[1])  # type: ignore[index]
                c.stroke_style = TARGET
                c.line_width = 3
                c.stroke_circle(x, y, lay.square * 0.3)
        if self.scout_step is not None and not s.is_terminal:
            path = s.inspect().scout_path
            step = min(self.scout_step, len(path) - 1)
            x, y = lay.point(*path[step])
            c.fill_style = "#fdd835"
            c.stroke_style = style.PAWN
            c.line_width = 2
            c.fill_circle(x, y, lay.square * 0.16)
            c.stroke_circle(x, y, lay.square * 0.16)
            c.line_width = 1
            self.drawn["scout"] = path[step]

    def _draw_influence(self, c: Canvas, s: CurrentsState) -> None:
        lay: Layout = self.geometry
        inf = s.inspect()
        framed = [SLOTS.index(si.slot) for si in inf.currents]
        if self.influence_lines and framed:
            c.stroke_style = style.HIGHLIGHT
            c.global_alpha = 0.28
            c.line_width = 5
            c.stroke_line_segments(
                [[(x1, y1), (x2, y2)] for i in framed for x1, y1, x2, y2 in lay.slot_lines_px(i)]
            )
            c.global_alpha = 1
            c.line_width = 1
        outline(c, [lay.slot_rect(i) for i in framed], style.HIGHLIGHT, width=3, pad=3)
        self.drawn["influencing"] = tuple(SLOTS[i] for i in framed)
        if inf.vector != (0, 0):
            x1, y1 = lay.point(*inf.at)
            x2, y2 = lay.point(*inf.destination)
            arrow(c, x1, y1, x2, y2, style.ARROW, width=3)
            self.drawn["arrow"] = ((x1, y1), (x2, y2))
        for g in inf.goaltending:
            x0, y0 = lay.x0, lay.y0
            b = lay.board
            bar = {"N": (x0, y0 - 4, b, 4), "S": (x0, y0 + b, b, 4),
                   "E": (x0 + b, y0, 4, b), "W": (x0 - 4, y0, 4, b)}[g.edge]  # fmt: skip
            c.fill_style = CROSSING
            c.fill_rect(*bar)
        self.drawn["crossings"] = tuple(g.edge for g in inf.goaltending)

    def _hovered_slot(self) -> int | None:
        key = self.hovered
        if isinstance(key, tuple) and key[0] == "slot":
            return int(key[1])
        return None

    def key_rect(self, key: Key) -> Any:
        lay: Layout = self.geometry
        kind, where = key  # type: ignore[misc]
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
            target = _target_key(move.target)
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
        cards = [k[1] for k in keys if k[0] in ("card", "aside")]  # type: ignore[index]
        places = [k for k in keys if k[0] in ("slot", "compass")]  # type: ignore[index]
        if len(cards) == 1 and len(places) == 1:
            kind, i = places[0]  # type: ignore[misc]
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
                f"the pawn would cross the {edge} edge by {over}: click {over} {name} card(s) "
                "to goaltend, or let it through."
            )
        return "click a card in your hand, then where to play it (or use a button)."


def _target_key(target: str) -> tuple[str, int]:
    if len(target) == 1:
        return ("compass", POINTS.index(target))
    return ("slot", SLOTS.index(target))


def describe_move(move: CurrentsMove) -> str:
    """A move in words, for buttons and logs: ``'Play 7♥ on slot N2'``."""
    k = move.kind
    card = pretty(move.card) if move.card else ""
    if k == "place":
        where = f"compass {move.target}" if len(move.target) == 1 else f"slot {move.target}"
        return f"Play {card} on {where}"
    if k == "jack":
        return f"{card}: discard compass {move.target}"
    if k == "queen":
        return f"{card}: swap slots " + move.target.replace("~", " and ")
    if k == "king":
        return f"{card}: rotate compass " + (
            "clockwise" if move.target == "cw" else "anticlockwise"
        )
    if k == "joker":
        return f"{card}: shuffle"
    if k == "discard":
        return f"Discard {card}"
    if k == "defend":
        return "Goaltend with " + " ".join(pretty(c) for c in move.cards)
    if k == "decline":
        return "Let the pawn through"
    return "No combination attack"
