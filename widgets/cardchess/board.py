"""The Card Chess board: the 6 x 6 surface (card backs in the start areas, the terrain's
2s, 3s and 5s in their colours), the stacks of units with the covered ones peeking out
and covered kings marked, the hands during a progressive set-up, whose turn it is and
the result. Click a unit to see its rays and legal destinations, then a destination;
during the set-up, a card in hand then a free cell of one's start area."""

from __future__ import annotations

from typing import Any

from ipycanvas import Canvas

from tablegames.cardchess.layout import Layout
from tablegames.cardchess.moves import CELL_NAMES, CardChessMove
from tablegames.cardchess.scene import frames, rays
from tablegames.cardchess.state import ARMY, OWNER, CardChessState
from tablegames.cardchess.text import SIDE_NAMES, unit_label
from tablegames.scene import Shape

from ..board import SELECTED, TARGET, BoardWidget, Key
from ..canvas import Rect
from ..scene_canvas import draw_scene_layer


def key_parts(key: Key) -> tuple[str, Any]:
    """A board key's kind and place: ``("from", 12)``, ``("card", "KH")``..."""
    if not (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str)):
        raise ValueError(f"not a Card Chess board key: {key!r} (a (kind, place) pair)")
    return key[0], key[1]


class CardChessBoard(BoardWidget):
    """A Card Chess state on a layered canvas: its scene (``tablegames.cardchess.scene``,
    the same picture as the SVG one), with the picked unit's rays and frames over it.

    Keys: ``("from", cell)`` for a unit of the side to move, ``("to", cell)`` for a
    destination or a placement cell, ``("card", code)`` for a unit in hand. Which one a
    click on a cell means depends on what is picked (see :meth:`hit`).
    """

    private_views = False  # the face-down cards are hidden from both sides alike
    frame_halo = True  # frames show on the blue card backs, as the scene's frames do

    css_class = "tablegames-cardchess"
    player_names = SIDE_NAMES
    how_to = (
        "Cover both opposing kings with your units. Click one of your units: its rays light "
        "up and the cells it may stop on are framed; click one to move there. A unit stops "
        "at the latest on the first card of the other colour, and a covered unit cannot "
        "move. In a progressive set-up, click a card in your hand, then a free cell of your "
        "start area."
    )
    summary = (
        "Chess with cards for units: cover both opposing kings while units climb on top "
        "of one another."
    )
    typical_turns = 35

    def make_geometry(self, square: float) -> Layout:
        return Layout(square)

    @property
    def cstate(self) -> CardChessState:
        s = self.state
        assert isinstance(s, CardChessState)
        return s

    # ---- drawing ------------------------------------------------------------------------

    def draw_overlay(self, c: Canvas, state: Any) -> None:
        """The scene's overlay (the last move), then the picked unit's rays, the picked
        places (amber) and the places that would continue the move (green, framed inside
        the card so neighbours stay apart)."""
        scene = self.current_scene()
        draw_scene_layer(c, [*scene.overlay, *self.picking_marks()], scene.four_colour)

    def picking_marks(self) -> list[Shape]:
        """The rays, then the frames of the picked and offered keys (see draw_overlay)."""
        lay: Layout = self.geometry
        picked = [r for r in map(self.key_rect, self.selected) if r]
        offered = [r for r in map(self.key_rect, self.targets) if r]
        marks: list[Shape] = []
        cells = [where for kind, where in map(key_parts, self.selected) if kind in ("from", "to")]
        if len(cells) == 1 and self.targets:
            ends = [where for kind, where in map(key_parts, self.targets) if kind in ("from", "to")]
            marks += rays(lay, cells[0], ends, TARGET)
        marks += frames(picked, SELECTED, width=4, pad=3)
        marks += frames(offered, TARGET, width=3, pad=-1.5)
        return marks

    # ---- clicks -------------------------------------------------------------------------

    def key_rect(self, key: Key) -> Rect | None:
        lay: Layout = self.geometry
        kind, where = key_parts(key)
        if kind in ("from", "to"):
            return lay.cell_rect(where)
        if kind == "card":  # a unit in hand keeps its place in the army's order
            side = OWNER[where]
            return lay.hand_rect(side, ARMY[side].index(where))
        return None

    def hit(self, px: float, py: float) -> Key | None:
        """A cell means ``("to", cell)`` when it continues the picked move, else
        ``("from", cell)`` when it holds a unit of the side to move (to pick it), else
        ``("to", cell)``; a hand card means ``("card", code)``."""
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        s = self.cstate
        if h.kind == "hand":
            p, k = h.where
            unit = ARMY[p][k]
            return ("card", unit) if unit in s.hands[p] else None
        i: int = h.where
        if ("to", i) in self.targets or s.phase != "play":
            return ("to", i)
        if ("from", i) in self.targets:
            return ("from", i)
        stack = s.stacks[i]
        return ("from", i) if stack and OWNER[stack[-1]] == s.player else ("to", i)

    def restarts(self, key: Key, picked: tuple[Key, ...]) -> bool:
        """A destination that does not continue the picked unit's (or hand card's) move is
        refused, with the engine's reason, rather than starting a new pick."""
        kinds = [key_parts(k)[0] for k in picked]
        return key_parts(key)[0] != "to" or not {"from", "card"} & set(kinds)

    def move_keys(self, move: CardChessMove) -> tuple[Key, ...]:
        if move.kind == "move":
            return (("from", move.src), ("to", move.dst))
        return (("card", move.card), ("to", move.dst))

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        parts = [key_parts(k) for k in keys]
        cards = [where for kind, where in parts if kind == "card"]
        src = [where for kind, where in parts if kind == "from"]
        dst = [where for kind, where in parts if kind == "to"]
        if len(cards) == 1 and len(dst) == 1 and not src:
            return f"{cards[0]} {CELL_NAMES[dst[0]]}"
        if len(src) == 1 and len(dst) == 1 and src[0] != dst[0] and not cards:
            return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[dst[0]]}"
        return None

    def hint(self, state: Any, picked: tuple[Key, ...]) -> str:
        s: CardChessState = state
        if len(picked) != 1:
            return ""
        kind, where = key_parts(picked[0])
        if kind == "from":
            unit = s.stacks[where][-1]
            return f"{unit_label(unit)} on {CELL_NAMES[where]}: click a framed cell to move there."
        if kind == "card":
            return f"{unit_label(where)}: click a free cell of your start area to place it."
        if kind == "to":
            return f"The framed units can reach {CELL_NAMES[where]}: click one to move it there."
        return ""

    def move_label(self, move: CardChessMove) -> str:
        """``'Place K♥ on e1'``, ``'Q♦ c2-c4'``: the unit is read from the board's state,
        before the move (a legal move) or after it (the move that led there)."""
        s = self.cstate
        if move.kind == "place":
            return f"Place {unit_label(move.card)} on {CELL_NAMES[move.dst]}"
        if s.last_move == move:
            unit = next((e.cards[0] for e in s.events if e.kind == "move"), None)
        else:
            stack = s.stacks[move.src]
            unit = stack[-1] if stack else None
        name = unit_label(unit) + " " if unit else ""
        return f"{name}{CELL_NAMES[move.src]}-{CELL_NAMES[move.dst]}"

    def prompt(self, state: CardChessState) -> str:
        if state.phase == "setup":
            return "click a card in your hand, then a free cell of your start area."
        return "click one of your units, then a framed cell to move it there."
