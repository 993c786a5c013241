"""The Resistor board: the 14 x 20 circuit (charge zone on top, current source at the
bottom, cycle columns at both sides), dead spaces, amperes and chargers as arrows pointing
where they head, drained amperes greyed, resistors as squares, overloaded resistors marked,
and a panel with the round, roles, scores, whose turn and the turn's move budget.

Click a piece, then one of its framed destinations (steps, and slingshots over a neighbour
drawn as a line through it). Placements, the drain's step off and the overload's dead
space are single clicks on a framed cell; the role choice, End and Forfeit are buttons.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ipycanvas import Canvas

import tablegames as tg
from tablegames.resistor.board import (
    AMPERE_PATHS,
    CELL_NAMES,
    CHARGER_PATHS,
    COLS,
    RESISTOR_STEPS,
)
from tablegames.resistor.layout import Layout, Point, Rect
from tablegames.resistor.moves import ResistorMove
from tablegames.resistor.state import ResistorState
from tablegames.resistor.text import moves_left
from tablegames.scene import Polygon, Shape
from tablegames.scene import Rect as Box

from ..board import SELECTED, TARGET, BoardWidget, Key
from ..scene_canvas import draw_scene_layer

#: What each piece kind is called in labels and hints.
PIECE_WORD = {"A": "ampere", "C": "charger", "D": "drained ampere", "R": "resistor",
              "O": "overloaded resistor"}  # fmt: skip
MOVERS = {"amperes": "AC", "resistors": "R"}


class ResistorBoard(BoardWidget):
    """A Resistor state on a layered canvas.

    Keys: ``("from", cell)`` for a piece of the player to move, ``("to", cell)`` for a
    destination, a placement, a dead space or the drain's step off. A move is
    ``from`` + ``to``; the single-click decisions are one ``to`` (:meth:`one_click`).
    """

    has_cards = False
    private_views = False

    css_class = "tablegames-resistor"
    how_to = (
        "Race your amperes up to the charge zone and back down as chargers to score, past "
        "the resistors. Click a piece, then one of "
        "its framed cells: amperes step up or sideways, chargers down, sideways or "
        "diagonally down, resistors diagonally; jump a neighbour of your own kind to "
        "slingshot. Place pieces, step off a drained ampere or choose a dead space with one "
        "click on a framed cell; choose a role, end the turn or forfeit with the buttons."
    )
    summary = (
        "Race your amperes up the board and back down as chargers, past the resistors "
        "your opponent moves."
    )
    typical_turns = 256

    def __init__(self, state: ResistorState, *, offers: bool = True, **kwargs: Any) -> None:
        #: Whether the cells of single-click decisions are framed before any click.
        self.offers = offers
        self.drawn: dict[str, Any] = {}  #: what the last overlay drew, for tests
        super().__init__(state, **kwargs)  # type: ignore[arg-type]  # a registered State

    def make_geometry(self, square: float) -> Layout:
        return Layout(square)

    @property
    def rstate(self) -> ResistorState:
        s = self.state
        assert isinstance(s, ResistorState)
        return s

    # ---- drawing: the scene (tablegames.resistor.scene), then what a click would do ----

    def draw_overlay(self, c: Canvas, state: tg.State) -> None:
        """The scene's overlay (the last move), then the cells a click would move to
        tinted and framed in green, the picked piece framed in amber and its slingshots'
        arcs: all scene shapes, inside their cells (a 30-pixel cell has no room around)."""
        assert isinstance(state, ResistorState)
        offered = self.offered(state) if self.offers and not self.selected else ()
        jumps = self.slingshots()
        self.drawn = {"offered": offered, "slingshots": jumps}
        targets = [r for r in map(self.key_rect, (*offered, *self.targets)) if r]
        picked = [r for r in map(self.key_rect, self.selected) if r]
        shapes = [*self.current_scene().overlay, *target_marks(targets)]
        shapes += [Box(*r, stroke=SELECTED, width=3.5) for r in _shrink(picked, 1.75)]
        shapes += self._slingshot_arcs(jumps)
        draw_scene_layer(c, shapes)

    def slingshots(self) -> tuple[int, ...]:
        """The slingshot landings (two spaces away) offered to the one picked piece."""
        src = cells_of(self.selected, "from")
        if len(src) != 1:
            return ()
        return tuple(j for j in cells_of(self.targets, "to") if _far(src[0], j))

    def _slingshot_arcs(self, jumps: tuple[int, ...]) -> list[Shape]:
        """An arc from the picked piece over the neighbour it would jump to each landing."""
        if not jumps:
            return []
        lay: Layout = self.geometry
        (src,) = cells_of(self.selected, "from")
        width = max(2.5, lay.cell_size * 0.09)
        bow = lay.cell_size * 0.55
        return [
            Polygon(tuple(_hop(lay.cell_center(src), lay.cell_center(j), bow)), None, TARGET,
                    width, closed=False)
            for j in jumps
        ]  # fmt: skip

    def offered(self, s: ResistorState) -> tuple[Key, ...]:
        """The cells of the single-click decisions open now (placements, the drain's step
        off, the overload's dead spaces), framed before any click."""
        if s.phase != "setup" and not (s.pending and s.phase == "play"):
            return ()
        out: list[Key] = []
        for m in s.legal_moves():
            keys = self.move_keys(m)
            if len(keys) == 1:
                out.append(keys[0])
        return tuple(out)

    # ---- clicks -------------------------------------------------------------------------

    def key_rect(self, key: Key) -> Rect | None:
        cell = split_key(key)
        if cell is not None:
            return self.geometry.cell_rect(cell[1])  # type: ignore[no-any-return]
        return super().key_rect(key)

    def hit(self, px: float, py: float) -> Key | None:
        """A cell means ``("to", cell)`` when it continues the picked move or is a
        single-click decision, ``("from", cell)`` when it holds a piece of the player to
        move (to pick it), else ``("to", cell)``."""
        h = self.geometry.hit(px, py)
        if h is None:
            return None
        i = h.where
        if ("to", i) in self.targets:
            return ("to", i)
        if ("from", i) in self.targets:
            return ("from", i)
        s = self.rstate
        if s.phase != "play" or s.pending:
            return ("to", i)
        mine = MOVERS[s.role(s.player)] + ("O" if s.player == s.resistor_player else "")
        return ("from", i) if s.board[i] in mine else ("to", i)

    def restarts(self, key: Key, picked: tuple[Key, ...]) -> bool:
        """A destination that does not continue the picked piece's move is refused, with
        the engine's reason, rather than starting a new pick."""
        return _kind(key) != "to" or not cells_of(picked, "from")

    def move_keys(self, move: ResistorMove) -> tuple[Key, ...]:
        kind = move.kind
        if kind == "move":
            if self.rstate.pending == "drain":  # the resistor to step off is known
                return (("to", move.dst),)
            return (("from", move.src), ("to", move.dst))
        if kind in ("place", "overload"):
            return (("to", move.dst),)
        return ()

    def one_click(self, move: ResistorMove) -> bool:
        """Placements, the drain's step off and the overload's dead space are made by one
        click on their cell."""
        return len(self.move_keys(move)) == 1

    def attempted(self, state: Any, keys: tuple[Key, ...]) -> str | None:
        """The move these clicks would mean, so a refusal gives the engine's reason: a
        picked piece and a cell, one cell for a single-click decision, or a piece alone
        (tried one space along its way)."""
        s: ResistorState = state
        src, dst = cells_of(keys, "from"), cells_of(keys, "to")
        if len(src) == 1 and len(dst) == 1 and src[0] != dst[0]:
            return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[dst[0]]}"
        if src or len(dst) != 1:
            if len(src) == 1 and not dst:
                step = _first_step(s, src[0])
                return f"{CELL_NAMES[src[0]]}-{CELL_NAMES[step]}" if step >= 0 else None
            return None
        name = CELL_NAMES[dst[0]]
        if s.phase == "setup":
            return f"place {name}"
        if s.pending == "overload":
            return f"overload {name}"
        if s.pending == "drain" and dst[0] != s.pending_cell:
            return f"{CELL_NAMES[s.pending_cell]}-{name}"
        if s.phase == "play" and not s.pending and s.board[dst[0]] == "D":
            step = _first_step(s, dst[0])  # the drained ampere's own player asks it to move
            return f"{name}-{CELL_NAMES[step]}" if step >= 0 else None
        return None

    def hint(self, state: Any, picked: tuple[Key, ...]) -> str:
        s: ResistorState = state
        if len(picked) != 1:
            return ""
        picked_cell = split_key(picked[0])
        if picked_cell is None:
            return ""
        kind, where = picked_cell
        name = CELL_NAMES[where]
        if kind == "from":
            word = PIECE_WORD.get(s.board[where], "piece")
            dsts = [m for m in s.legal_moves() if m.kind == "move" and m.src == where]
            jumps = [CELL_NAMES[m.dst] for m in dsts if m.slingshot]
            extra = f" (slingshot to {', '.join(jumps)})" if jumps else ""
            return f"The {word} on {name}: click a framed cell to move it there{extra}."
        return f"The framed pieces can reach {name}: click one to move it there."

    def move_label(self, move: ResistorMove) -> str:
        """Button and list text: ``'Ampere c2-c4 (slingshot)'``, ``'Place an ampere on
        b0'``. The piece is read from the board's state, before the move (a legal move) or
        from its events after it (the move that led there)."""
        kind = move.kind
        if kind in ("amperes", "resistors"):
            return f"Play the {kind} first"
        if kind == "end":
            return "End the turn"
        if kind == "forfeit":
            return "Forfeit the round"
        s = self.rstate
        name = CELL_NAMES[move.dst]
        if kind == "overload":
            return f"Put the overloaded resistor on {name}"
        after = s.last_move == move
        if kind == "place":
            piece = _event_text(s, "place") if after else s.to_place()[0]
            return f"Place {with_article(piece or 'piece')} on {name}"
        if after:
            word = _event_text(s, "move") or _event_text(s, "slingshot") or "piece"
        else:
            src = move.src
            code = "R" if s.pending == "drain" and src == s.pending_cell else s.board[src]
            word = PIECE_WORD.get(code, "piece")
        extra = " (slingshot)" if move.slingshot else ""
        return f"{word.capitalize()} {move}{extra}"

    def prompt(self, state: ResistorState) -> str:
        """What to click now, in words."""
        s = state
        if s.phase == "roles":
            return "you won the role roll: choose to play the amperes or the resistors first."
        if s.phase == "setup":
            piece, left = s.to_place()
            where = "point of the current source" if piece == "ampere" else "cell of rows 8-9"
            return f"click a framed {where} to place {with_article(piece)} ({left} left)."
        if s.pending == "drain":
            return "click a framed cell: the draining resistor steps off diagonally."
        if s.pending == "overload":
            return "click a framed dead space to put the overloaded resistor there."
        if s.player == s.ampere_player:
            budget = moves_left(s) + ("" if s.turn_kind else " this turn")
            done = "End the turn" if s.moves_made else "Forfeit the round"
            return f"click an ampere or a charger, then a framed cell ({budget}); or {done}."
        return "click a resistor, then a framed diagonal cell (onto an ampere drains it)."


def with_article(word: str) -> str:
    """``"an ampere"``, ``"a resistor"``."""
    return f"a{'n' if word[:1] in 'aeiou' else ''} {word}"


def _event_text(s: ResistorState, kind: str) -> str:
    return next((e.text for e in s.events if e.kind == kind and e.text), "")


def _far(i: int, j: int) -> bool:
    """Whether cells ``i`` and ``j`` are two spaces apart (a slingshot)."""
    (r0, c0), (r1, c1) = divmod(i, COLS), divmod(j, COLS)
    return max(abs(r1 - r0), abs(c1 - c0)) == 2


def _first_step(s: ResistorState, i: int) -> int:
    """One space along the way of the piece on ``i`` (-1 if it has none), to ask the
    engine why that piece cannot move."""
    code = s.board[i]
    if code in "RO":
        steps = RESISTOR_STEPS[i]
        return steps[0] if steps else -1
    paths = AMPERE_PATHS[i] if code in "AD" else CHARGER_PATHS[i] if code == "C" else ()
    return paths[0][0] if paths else -1


def _hop(a: Point, b: Point, bow: float, steps: int = 10) -> list[Point]:
    """Points along an arc from ``a`` to ``b`` that bows ``bow`` pixels to the left of
    the way (a quadratic curve), to draw a jump."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    cx, cy = (x0 + x1) / 2 + dy / length * bow, (y0 + y1) / 2 - dx / length * bow
    out = []
    for k in range(steps + 1):
        u = k / steps
        v = 1 - u
        out.append(
            (v * v * x0 + 2 * u * v * cx + u * u * x1, v * v * y0 + 2 * u * v * cy + u * u * y1)
        )
    return out


#: The tint of the cells a click would move to: TARGET, translucent.
TARGET_TINT = "rgba(67, 160, 71, 0.22)"


def target_marks(rects: list[Rect]) -> list[Shape]:
    """Cells a click would move to: a light green tint and a green frame inside."""
    tints: list[Shape] = [Box(*r, TARGET_TINT) for r in rects]
    return tints + [Box(*r, stroke=TARGET, width=2.5) for r in _shrink(rects, 1.5)]


def _shrink(rects: list[Rect], d: float) -> list[Rect]:
    return [(x + d, y + d, w - 2 * d, h - 2 * d) for x, y, w, h in rects]


def split_key(key: Key) -> tuple[str, int] | None:
    """``(kind, cell)`` of a cell key (``("from", 15)``, ``("to", 15)``), else None."""
    if isinstance(key, tuple) and len(key) == 2 and key[0] in ("from", "to"):
        kind, cell = key
        if isinstance(kind, str) and isinstance(cell, int):
            return kind, cell
    return None


def cells_of(keys: Iterable[Key], kind: str) -> list[int]:
    """The cells of those ``keys`` that are of ``kind`` (``from`` or ``to``), in order."""
    return [k[1] for k in map(split_key, keys) if k is not None and k[0] == kind]


def _kind(key: Key) -> str | None:
    cell = split_key(key)
    return cell[0] if cell is not None else None
