"""The layered canvas every board draws on, and card drawing shared by all card games.

Layers, bottom to top: ``background`` (drawn once per size), ``pieces`` (cards, pawn),
``overlay`` (highlights, influence lines, arrows, the scout) and ``input`` (takes
the mouse and keyboard). Every redraw happens inside :func:`held` (a ``hold_canvas()``
that nests: one message per redraw) and uses batched calls (``fill_rects``/``stroke_rects``
with lists) where it can.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import ipycanvas.canvas as _ipycanvas
from ipycanvas import Canvas, MultiCanvas

from tablegames import style

LAYERS = ("background", "pieces", "overlay", "input")
Rect = tuple[float, float, float, float]


class Layers:
    """A ``MultiCanvas`` with named layers, a fixed pixel size and a CSS class."""

    def __init__(self, width: float, height: float, css_class: str = "tablegames-board") -> None:
        self.multi = MultiCanvas(len(LAYERS), width=int(width), height=int(height))
        self.multi.add_class(css_class)
        self.multi.add_class("tablegames-canvas")
        self.background: Canvas = self.multi[0]
        self.pieces: Canvas = self.multi[1]
        self.overlay: Canvas = self.multi[2]
        self.input: Canvas = self.multi[3]
        self.resize(width, height)

    def resize(self, width: float, height: float) -> None:
        """Change the pixel size (the layout follows, so the page does not stretch it)."""
        self.multi.width, self.multi.height = int(width), int(height)
        with self.multi.layout.hold_sync():  # the same layout: a new one left the old open
            self.multi.layout.width = f"{int(width)}px"
            self.multi.layout.height = f"{int(height)}px"

    def on_reconnect(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` whenever a page (re)connects (see :func:`redraw_on_reconnect`)."""
        redraw_on_reconnect(self.multi, redraw)


@contextmanager
def held() -> Iterator[None]:
    """``hold_canvas()`` that nests: only the outermost one sends the batch.

    ipycanvas's own ``hold_canvas`` sends its batch at the end of every ``with``, nested
    or not, and stays in holding mode after an error; a widget that redraws several
    parts (board and panel) holds them all in one batch.
    """
    manager = _ipycanvas._CANVAS_MANAGER
    if manager._caching:
        yield
        return
    manager._caching = True
    try:
        yield
    finally:  # also after an error, or every later drawing would stay held back
        manager.flush()
        manager._caching = False


def redraw_on_reconnect(canvas: Canvas | MultiCanvas, redraw: Callable[[], None]) -> None:
    """Call ``redraw`` whenever a page (re)connects, so it never shows an empty canvas.

    Drawing sent while a notebook executes under Voila can arrive before the page's
    canvas exists (voila issue 1447). ipycanvas also sends a "switch canvas" command
    only when the target canvas changes, and a newly connected client has none, so
    we forget the current canvas first (there is no public way in ipycanvas 0.14;
    a browser test pins this).
    """

    def ready() -> None:
        _ipycanvas._CANVAS_MANAGER._current_canvas = None
        redraw()

    canvas.on_client_ready(ready)


def draw_cards(
    c: Canvas,
    items: Sequence[tuple[str | None, Rect, bool]],
    four_colour: bool = False,
) -> None:
    """Draw many cards at once: ``items`` are (card or None for an empty place, rect, hidden).

    Faces, backs and empty places are each drawn with one batched call; then the
    labels, grouped by colour.
    """
    c.save()
    faces = [r for card, r, hidden in items if card is not None and not hidden]
    backs = [r for card, r, hidden in items if hidden]
    empty = [r for card, r, hidden in items if card is None and not hidden]
    if faces:
        _rects(c, faces, fill=style.CARD_FACE, stroke=style.CARD_EDGE)
    if backs:
        _rects(c, backs, fill=style.CARD_BACK, stroke=style.CARD_BACK_EDGE)
        inner = [(x + 3, y + 3, w - 6, h - 6) for x, y, w, h in backs]
        c.set_line_dash([2, 2])
        _rects(c, inner, stroke=style.CARD_BACK_PATTERN)
        c.set_line_dash([])
    if empty:
        c.set_line_dash([4, 3])
        _rects(c, empty, stroke=style.EMPTY_PLACE)
        c.set_line_dash([])
    by_colour: dict[str, list[tuple[str, Rect]]] = {}
    for card, r, hidden in items:
        if card is not None and not hidden:
            by_colour.setdefault(style.suit_colour(card, four_colour), []).append((card, r))
    c.text_baseline = "alphabetic"
    for colour, cards in by_colour.items():
        c.fill_style = colour
        for card, (x, y, w, h) in cards:
            label, symbol = style.face(card)
            small = min(w, h)
            if w >= h:  # lying on its side
                c.font = f"bold {small * 0.36:.0f}px {style.FONT}"
                c.text_align = "center"
                c.fill_text(label + symbol, x + w / 2, y + h / 2 + small * 0.13)
            else:
                c.font = f"bold {small * 0.36:.0f}px {style.FONT}"
                c.text_align = "left"
                c.fill_text(label, x + 3, y + small * 0.36)
                c.font = f"{small * 0.62:.0f}px {style.FONT}"
                c.text_align = "center"
                c.fill_text(symbol, x + w / 2, y + h * 0.78)
    c.restore()


def _rects(
    c: Canvas, rects: Sequence[Rect], fill: str | None = None, stroke: str | None = None
) -> None:
    xs = [r[0] for r in rects]
    ys = [r[1] for r in rects]
    ws = [r[2] for r in rects]
    hs = [r[3] for r in rects]
    if fill is not None:
        c.fill_style = fill
        c.fill_rects(xs, ys, ws, hs)
    if stroke is not None:
        c.stroke_style = stroke
        c.line_width = 1
        c.stroke_rects(xs, ys, ws, hs)


def outline(
    c: Canvas, rects: Sequence[Rect], colour: str, width: float = 3, pad: float = 3
) -> None:
    """Highlight rectangles with a coloured frame (selected cards, legal targets)."""
    if not rects:
        return
    c.stroke_style = colour
    c.line_width = width
    grown = [(x - pad, y - pad, w + 2 * pad, h + 2 * pad) for x, y, w, h in rects]
    c.stroke_rects(
        [r[0] for r in grown], [r[1] for r in grown], [r[2] for r in grown], [r[3] for r in grown]
    )
    c.line_width = 1


def arrow(
    c: Canvas, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 3
) -> None:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head."""
    import math

    c.stroke_style = colour
    c.fill_style = colour
    c.line_width = width
    angle = math.atan2(y2 - y1, x2 - x1)
    head = 5 + 3 * width
    bx, by = x2 - head * 0.8 * math.cos(angle), y2 - head * 0.8 * math.sin(angle)
    c.stroke_line(x1, y1, bx, by)
    left = (x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45))
    right = (x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45))
    c.fill_polygon([(x2, y2), left, right])
    c.line_width = 1
