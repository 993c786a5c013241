"""Helpers for the widget tests: a recorder of every ipycanvas command batch (the
``canvas`` fixture in tests/conftest.py), the events a page sends, pixel arithmetic and
Currents positions for the boards.

ipycanvas sends drawing to the page as batches of commands through one private
"canvas manager" widget. The ``canvas`` fixture wraps its ``_send_custom`` (the real one
still runs, so the batches are serialised as they would be for a page) and decodes each
batch into :class:`Command` values: which canvas, which command, its arguments (arrays
passed as binary buffers are decoded back into numpy arrays) and the drawing style
(fill and stroke colours, font...) in force on that canvas at that moment.
"""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipycanvas.canvas as ipc
import numpy as np
from ipycanvas import Canvas, MultiCanvas

from support.currents import FULL, currents, slots
from support.moves import random_walk

if TYPE_CHECKING:  # the play table is imported when a test builds one, not by conftest
    from tablegames_widgets.play import PlayWidget

Rect = tuple[float, float, float, float]

# ---- the canvas recorder -------------------------------------------------------------

NAMES = {i: name for name, i in ipc.COMMANDS.items()}
ATTR_NAMES = {i: name for name, i in Canvas.ATTRS.items()}
MODEL_PREFIX = "IPY_MODEL_"


@dataclass
class Command:
    """One decoded canvas command."""

    canvas: str | None  #: the model id of the canvas it draws on
    name: str  #: the ipycanvas command name, e.g. ``fillText``, ``fillRects``, ``set``
    args: list[Any]  #: arguments; buffers are numpy arrays, ``set`` is [attribute name, value]
    style: dict[str, Any] = field(default_factory=dict)  #: attributes in force when it ran


class Recorder:
    """Every batch sent while the fixture is active, decoded."""

    def __init__(self) -> None:
        self.batches: list[list[Command]] = []
        current = ipc._CANVAS_MANAGER._current_canvas
        self._canvas: str | None = current.model_id if current is not None else None
        self._styles: dict[str | None, dict[str, Any]] = {}
        self._stacks: dict[str | None, list[dict[str, Any]]] = {}

    # ---- recording -------------------------------------------------------------------

    def record(self, command: list[Any], buffers: list[Any]) -> None:
        batch = [command] if command and isinstance(command[0], int) else list(command)
        offset = 0
        out: list[Command] = []
        for item in batch:
            name = NAMES[item[0]]
            args = list(item[1]) if len(item) > 1 else []
            if name == "switchCanvas":
                ref = args[0]
                assert isinstance(ref, str) and ref.startswith(MODEL_PREFIX), ref
                self._canvas = ref[len(MODEL_PREFIX) :]
                out.append(Command(self._canvas, name, [self._canvas]))
                continue
            nbuf = item[2] if len(item) > 2 else 0
            mine = buffers[offset : offset + nbuf]
            offset += nbuf
            args = [_decode(a, mine) for a in args]
            style = self._styles.setdefault(self._canvas, {})
            if name == "set":
                args = [ATTR_NAMES[args[0]], args[1]]
                style[args[0]] = args[1]
            elif name == "save":
                self._stacks.setdefault(self._canvas, []).append(dict(style))
            elif name == "restore":
                stack = self._stacks.get(self._canvas)
                if stack:
                    self._styles[self._canvas] = stack.pop()
            out.append(Command(self._canvas, name, args, dict(style)))
        assert offset == len(buffers), "every buffer belongs to a command"
        self.batches.append(out)

    def clear(self) -> None:
        """Forget what was recorded so far (the current canvas and styles are kept)."""
        self.batches.clear()

    # ---- reading ---------------------------------------------------------------------

    @property
    def commands(self) -> list[Command]:
        return [c for batch in self.batches for c in batch]

    def find(self, name: str | None = None, canvas: Any = None) -> list[Command]:
        """Commands named ``name`` (all if None) on ``canvas`` (a Canvas or model id)."""
        cid = _model_id(canvas)
        return [
            c
            for c in self.commands
            if (name is None or c.name == name) and (cid is None or c.canvas == cid)
        ]

    def texts(self, canvas: Any = None) -> list[str]:
        return [str(c.args[0]) for c in self.find("fillText", canvas)]

    def text_in(self, rect: Rect, canvas: Any = None) -> str:
        """The texts drawn with their anchor inside ``rect``, joined in drawing order."""
        return "".join(str(c.args[0]) for c in self.text_commands_in(rect, canvas))

    def text_commands_in(self, rect: Rect, canvas: Any = None) -> list[Command]:
        x, y, w, h = rect  # anchors on the very edge belong to labels beside the card
        return [
            c
            for c in self.find("fillText", canvas)
            if x + 0.5 < c.args[1] < x + w - 0.5 and y + 0.5 < c.args[2] < y + h - 0.5
        ]

    def rects(self, name: str, canvas: Any = None, **style: Any) -> list[Rect]:
        """Every rectangle drawn by ``fillRects``/``strokeRects`` (or ``fillRect``...)
        with the given style attributes, unpacked from batched arrays."""
        out: list[Rect] = []
        for c in self.find(name, canvas):
            if any(c.style.get(k) != v for k, v in style.items()):
                continue
            if name in ("fillRect", "strokeRect"):
                out.append(tuple(float(v) for v in c.args[:4]))  # type: ignore[arg-type]
                continue
            cols = [np.atleast_1d(np.asarray(a, dtype=float)) for a in c.args[:4]]
            n = max(len(col) for col in cols)
            cols = [np.broadcast_to(col, (n,)) for col in cols]
            out += [tuple(float(col[i]) for col in cols) for i in range(n)]  # type: ignore[misc]
        return out


def _decode(arg: Any, buffers: list[Any]) -> Any:
    if isinstance(arg, dict) and {"shape", "dtype", "idx"} <= set(arg):
        data = np.frombuffer(buffers[arg["idx"]], dtype=arg["dtype"])
        return data.reshape(arg["shape"]).copy()
    return arg


def _model_id(canvas: Any) -> str | None:
    if canvas is None or isinstance(canvas, str):
        return canvas
    return str(canvas.model_id)


# ---- the events a page sends -----------------------------------------------------------


def fire(multi: MultiCanvas | Canvas, content: dict[str, Any]) -> None:
    """Deliver a frontend event to the canvas that takes the mouse and keyboard."""
    target = multi._canvases[-1] if isinstance(multi, MultiCanvas) else multi
    target._handle_frontend_event(None, content, [])


def click(multi: MultiCanvas, px: float, py: float) -> None:
    fire(multi, {"event": "mouse_down", "x": px, "y": py})


def move(multi: MultiCanvas, px: float, py: float) -> None:
    fire(multi, {"event": "mouse_move", "x": px, "y": py})


def key(multi: MultiCanvas, name: str, shift: bool = False) -> None:
    fire(
        multi,
        {
            "event": "key_down",
            "key": name,
            "shift_key": shift,
            "ctrl_key": False,
            "meta_key": False,
        },
    )


def centre(rect: Rect) -> tuple[float, float]:
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


# ---- Currents positions ---------------------------------------------------------------------


def position(
    hands: list[list[str]],
    cur: dict[str, str] | None = None,
    compass: dict[str, str | None] | None = None,
    pawn: tuple[int, int] = (4, 4),
    player: int = 0,
    **options: Any,
) -> Any:
    """A Currents state in the Play phase from a hand-built position."""
    data = {
        "hands": hands,
        "compass": FULL if compass is None else compass,
        "currents": slots(**(cur or {})),
        "pawn": list(pawn),
        "current_player": player,
    }
    return currents(data, players=len(hands), **options)


def face_text(card: str) -> str:
    """What a face-up card shows: rank label then suit symbol, e.g. ``'10♥'``."""
    from tablegames import style

    return "".join(style.face(card))


def placed_cards(board: Any, state: Any) -> list[tuple[str, Rect]]:
    """Every face-up card a Currents board shows, with its rectangle."""
    lay = board.geometry
    out = [(c, lay.slot_rect(i)) for i, c in enumerate(state.currents) if c]
    out += [(c, lay.compass_rect(i)) for i, c in enumerate(state.compass) if c]
    out += [(c, lay.aside_rect(k)) for k, c in enumerate(state.aside)]
    for p, hand in enumerate(board.visible_hands(state)):
        out += [(c, lay.hand_rect(p, k)) for k, c in enumerate(hand) if c is not None]
    return out


# ---- play tables, what they say and their buttons --------------------------------------


def human_table(state: Any, seats: list[Any] | None = None) -> PlayWidget:
    """A PlayWidget playing on from ``state`` (everybody human unless ``seats`` says)."""
    from tablegames_widgets.play import PlayWidget

    n = state.game.num_players
    w = PlayWidget(state.game, seats=seats or ["human"] * n, square=40)
    w.start_from(state)
    return w


def plain(markup: str) -> str:
    """The text an HTML snippet shows: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def message(w: Any) -> str:
    """The text of a play table's message line."""
    return plain(w.message.value)


def error(editor: Any) -> str:
    """The text of an editor's error line."""
    return plain(editor.error.value)


def buttons(w: PlayWidget) -> list[str]:
    """The labels of a play table's buttons, in order."""
    return [b.description for b in w.buttons.children]


def press_button(w: PlayWidget, description: str) -> None:
    """Click the one button with that label."""
    (button,) = [b for b in w.buttons.children if b.description == description]
    button.click()


def random_state(game: Any, seed: int, moves: int | None) -> Any:
    """A reachable position: the state after at most ``moves`` random legal moves (None:
    to the end; drawn from ``seed``) from ``game.initial_state(seed)``."""
    return random_walk(game.initial_state(seed), random.Random(seed), moves)


def check_picks(w: PlayWidget, by_source: dict[Any, set[Any]], press: Any) -> None:
    """For each source: ``press(source)`` picks it and shows exactly its targets, and
    pressing it again puts it back (nothing selected)."""
    for src, dsts in by_source.items():
        press(src)
        assert w.board.selected == (("from", src),)
        assert set(w.board.targets) == dsts
        press(src)  # put it back
        assert w.board.selected == ()


def check_one_batch(canvas: Recorder, board: Any, other: Any) -> None:
    """A redraw, a full redraw and showing ``other`` each reach the page as one batch."""
    for action in (board.redraw, board.redraw_all, lambda: board.show(other)):
        canvas.clear()
        action()
        assert len(canvas.batches) == 1


# ---- one scene: the canvas and the SVG picture ------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def svg_texts(svg: str) -> list[tuple[str, str]]:
    """Every text of an SVG picture with its ink, sorted."""
    return sorted((t.text or "", t.get("fill", "")) for t in ET.fromstring(svg).iter(f"{SVG}text"))


def _svg_shapes(svg: str, tag: str, keys: tuple[str, ...], attrs: dict[str, str]) -> list[Any]:
    out = []
    for e in ET.fromstring(svg).iter(f"{SVG}{tag}"):
        if all(e.get(k) == v for k, v in attrs.items()):
            out.append(tuple(round(float(e.get(k, 0)), 1) for k in keys))
    return sorted(out)


def svg_rects(svg: str, **attrs: str) -> list[tuple[float, ...]]:
    """The (x, y, width, height) of the picture's rectangles with these attributes,
    rounded to 0.1 and sorted."""
    return _svg_shapes(svg, "rect", ("x", "y", "width", "height"), attrs)


def svg_circles(svg: str, **attrs: str) -> list[tuple[float, ...]]:
    """The (cx, cy, r) of the picture's circles with these attributes, rounded, sorted."""
    return _svg_shapes(svg, "circle", ("cx", "cy", "r"), attrs)


def rounded(rects: list[Any]) -> list[tuple[float, ...]]:
    """Canvas rectangles (or circles) rounded to 0.1 and sorted, to compare with SVG."""
    return sorted(tuple(round(v, 1) for v in r) for r in rects)


def canvas_circles(canvas: Recorder, name: str, **style: Any) -> list[tuple[float, ...]]:
    """The (x, y, r) of every circle the ``name`` commands drew in that style, rounded."""
    out = []
    for c in canvas.find(name):
        if all(c.style.get(k) == v for k, v in style.items()):
            xs, ys, rs = (list(map(float, a)) for a in c.args[:3])
            out += [(x, y, r) for x, y, r in zip(xs, ys, rs, strict=True)]
    return rounded(out)


def drawn_scene(canvas: Recorder, board: Any) -> str:
    """Draws ``board`` afresh and returns its static SVG picture, having checked that
    every text the canvas writes (with its ink) is in the picture and the reverse."""
    canvas.clear()
    board.redraw_all()
    svg: str = board.static_svg()
    drawn = sorted((c.args[0], c.style["fill_style"]) for c in canvas.find("fillText"))
    assert drawn == svg_texts(svg), "the canvas and the SVG picture write different texts"
    return svg


def board_scene(canvas: Recorder, board_class: Any, state: Any, viewer: Any, fills: Any) -> str:
    """Draws a ``board_class`` board of ``state`` at square 40 seen by ``viewer``
    (:func:`drawn_scene`), checks its picture is the state's SVG picture and that the
    rectangles filled with each of ``fills`` are the same in both; returns the picture."""
    from tablegames.scene import state_svg

    svg = drawn_scene(canvas, board_class(state, square=40, viewer=viewer))
    assert svg == state_svg(state, square=40, viewer=viewer), "the board's picture differs"
    for fill in fills:
        assert rounded(canvas.rects("fillRects", fill_style=fill)) == svg_rects(svg, fill=fill)
    return svg
