"""The canvas renderer of ``tablegames.scene``: the shapes an SVG picture is made of,
drawn on an ipycanvas ``Canvas`` (one layer of a board).

Runs of neighbouring shapes of one kind and style are drawn with one batched call
(``fill_rects``, ``fill_circles``, :func:`~tablegames_widgets.canvas.draw_cards`), so a
board of a hundred squares costs a handful of commands; drawing order (what covers
what) is kept exactly as the scene lists it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

import numpy as np
from ipycanvas import Canvas

from tablegames import style
from tablegames.scene import Arrow, Card, Circle, Line, Polygon, Rect, Scene, Shape, Text

from .canvas import draw_cards


def draw_scene_layer(c: Canvas, shapes: Sequence[Shape], four_colour: bool = False) -> None:
    """Draw ``shapes`` in order on ``c`` (the caller holds the canvas and clears it)."""
    c.save()
    pen = _Pen(c)
    for _, run in groupby(shapes, key=_batch_key):
        items = list(run)
        _DRAW[type(items[0])](pen, items, four_colour)
    c.restore()


class _Pen:
    """A canvas that sends a style attribute (fill, stroke, font, dash...) only when it
    changes: a scene's runs often share one, and each set is a command in the batch.
    Everything else passes through; code that changes the style behind the pen's back
    (``draw_cards``, turned text) does so between ``save`` and ``restore``."""

    def __init__(self, c: Canvas) -> None:
        object.__setattr__(self, "_c", c)
        object.__setattr__(self, "_set", {})

    def __setattr__(self, name: str, value: Any) -> None:
        if self._set.get(name, _UNSET) != value:
            if name == "_dash":
                self._c.set_line_dash(list(value))
            else:
                setattr(self._c, name, value)
            self._set[name] = value

    def set_line_dash(self, dash: list[float]) -> None:
        self.__setattr__("_dash", tuple(dash))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._c, name)


_UNSET = object()


def draw_scene(layers: Any, scene: Scene, background: bool = True) -> None:
    """Draw a whole scene on a board's ``Layers`` (``background`` False keeps that layer)."""
    if background:
        draw_scene_layer(layers.background, scene.background, scene.four_colour)
    draw_scene_layer(layers.pieces, scene.pieces, scene.four_colour)
    draw_scene_layer(layers.overlay, scene.overlay, scene.four_colour)


def _batch_key(s: Shape) -> tuple[Any, ...]:
    """Shapes with equal keys next to each other are drawn by one call."""
    if isinstance(s, Rect):
        return (Rect, s.fill, s.stroke, s.width, s.dash)
    if isinstance(s, Circle):
        return (Circle, s.fill, s.stroke, s.width, s.dash)
    if isinstance(s, Card):
        return (Card,)
    if isinstance(s, Text):
        return (Text, s.size, s.bold, s.fill, s.anchor, s.angle)
    if isinstance(s, Line):
        return (Line, s.stroke, s.width, s.dash)
    if isinstance(s, Polygon):
        return (Polygon, s.fill if s.closed else None, s.stroke, s.width, s.dash, s.closed)
    return (id(s),)  # arrows one by one


def _stroke_style(c: Canvas, stroke: str, width: float, dash: tuple[float, ...]) -> None:
    c.stroke_style = stroke
    c.line_width = width
    c.set_line_dash(list(dash))


def _paint(
    c: Canvas,
    first: Rect | Circle,
    cols: list[list[float]],
    fill: Callable[..., object],
    stroke: Callable[..., object],
) -> None:
    """One batch of shapes styled like ``first``: ``fill(*cols)`` in its fill, then
    ``stroke(*cols)`` in its stroke (each only when it has one)."""
    if first.fill is not None:
        c.fill_style = first.fill
        fill(*cols)
    if first.stroke is not None:
        _stroke_style(c, first.stroke, first.width, first.dash)
        stroke(*cols)


def _rects(c: Canvas, items: list[Any], four_colour: bool) -> None:
    cols = [[r.x for r in items], [r.y for r in items], [r.w for r in items], [r.h for r in items]]
    _paint(c, items[0], cols, c.fill_rects, c.stroke_rects)


def _circles(c: Canvas, items: list[Any], four_colour: bool) -> None:
    cols = [[s.cx for s in items], [s.cy for s in items], [s.r for s in items]]
    _paint(c, items[0], cols, c.fill_circles, c.stroke_circles)


def _cards(c: Canvas, items: list[Any], four_colour: bool) -> None:
    # draw_cards paints all faces before all labels: split the run where a card overlaps
    # an earlier one, so the later card still covers it
    if not _any_overlap(items):  # the usual case, found in n log n: one batch
        _card_batch(c, items, four_colour)
        return
    batch: list[Card] = []
    for card in items:
        if any(_overlap(card, other) for other in batch):
            _card_batch(c, batch, four_colour)
            batch = []
        batch.append(card)
    _card_batch(c, batch, four_colour)


def _any_overlap(cards: list[Card]) -> bool:
    """Whether any two of ``cards`` overlap (a sweep from west to east: each card is
    compared only with the cards whose span across still reaches it)."""
    reaching: list[Card] = []
    for k in sorted(cards, key=lambda k: k.x):
        reaching = [o for o in reaching if o.x + o.w > k.x]
        if any(o.y < k.y + k.h and k.y < o.y + o.h for o in reaching):
            return True
        reaching.append(k)
    return False


def _card_batch(c: Canvas, cards: list[Card], four_colour: bool) -> None:
    canvas = c._c if isinstance(c, _Pen) else c  # draw_cards restores what it changes
    draw_cards(canvas, [(k.card, k.rect, k.hidden) for k in cards], four_colour)


def _overlap(a: Card, b: Card) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _texts(c: Canvas, items: list[Any], four_colour: bool) -> None:
    first: Text = items[0]
    c.font = f"{'bold ' if first.bold else ''}{first.size:.0f}px {style.FONT}"
    c.fill_style = first.fill
    c.text_align = _ALIGN[first.anchor]
    c.text_baseline = "alphabetic"
    if first.angle:
        for t in items:
            c.save()
            c.translate(t.x, t.y)
            c.rotate(math.radians(t.angle))
            c.fill_text(t.text, 0, 0)
            c.restore()
        return
    for t in items:
        c.fill_text(t.text, t.x, t.y)


def _lines(c: Canvas, items: list[Any], four_colour: bool) -> None:
    first: Line = items[0]
    _stroke_style(c, first.stroke, first.width, first.dash)
    c.line_cap = "round"
    c.stroke_line_segments([[(s.x1, s.y1), (s.x2, s.y2)] for s in items])  # one command
    c.line_cap = "butt"


def _polygons(c: Canvas, items: list[Any], four_colour: bool) -> None:
    first: Polygon = items[0]
    if len(items) > 1:  # a run of one style: one fill_polygons, one stroke_polygons
        arrays = [np.asarray(p.points, dtype=float) for p in items]
        if first.closed and first.fill is not None:
            c.fill_style = first.fill
            c.fill_polygons(arrays)
        if first.stroke is not None:
            _stroke_style(c, first.stroke, first.width, first.dash)
            (c.stroke_polygons if first.closed else c.stroke_line_segments)(arrays)
        return
    for p in items:
        points = [list(pt) for pt in p.points]
        if p.closed and p.fill is not None:
            c.fill_style = p.fill
            c.fill_polygon(points)
        if p.stroke is not None:
            _stroke_style(c, p.stroke, p.width, p.dash)
            if p.closed:
                c.stroke_polygon(points)
            else:
                c.stroke_lines(points)


def _arrows(c: Canvas, items: list[Any], four_colour: bool) -> None:
    for a in items:
        base, tip, left, right = a.head()
        _stroke_style(c, a.colour, a.width, ())
        c.line_cap = "round"
        c.stroke_line(a.x1, a.y1, *base)
        c.line_cap = "butt"
        c.fill_style = a.colour
        c.fill_polygon([list(tip), list(left), list(right)])


_DRAW: dict[type, Callable[[Canvas, list[Any], bool], None]] = {
    Rect: _rects,
    Circle: _circles,
    Card: _cards,
    Text: _texts,
    Line: _lines,
    Polygon: _polygons,
    Arrow: _arrows,
}
