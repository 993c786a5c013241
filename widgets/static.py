"""Static pictures of widgets: what a stored notebook shows without a kernel or trust.

Every widget the project displays keeps ipywidgets' own widget-view output (a live
JupyterLab shows the live widget) and adds a PNG of what it shows at display time.

Which MIME types survive where (checked with JupyterLab 4.6, nbconvert 7.17):

- JupyterLab, untrusted notebook (first open of a stored file): only renderers marked
  *safe* are used. ``image/png`` is safe and shown; the widget view is not safe, nor is
  ``image/svg+xml``; ``text/html`` is safe but sanitized and ranks above PNG.
- nbconvert HTML: the widget view is dropped when the notebook stores no widget state
  (``notebooks/refresh.py`` drops it), and the next type in its priority order is
  used: text/html, image/svg+xml, then image/png.
- Code hosts render stored PNGs; nbval skips ``image/png`` when comparing outputs.

So the bundle is exactly: widget view + ``image/png`` + ``text/plain`` (no HTML, no SVG,
which would win over the PNG in nbconvert and be refused untrusted). When no rasteriser
is installed (``resvg-py``, the ``static`` extra) the SVG goes in instead of the PNG, so
trusted and exported views still get a picture and nothing fails.

Voila pages never store their outputs, so under Voila (see :func:`under_voila`) no
picture is made; :func:`set_static_pictures` turns
them off anywhere else (rasterising costs tens of milliseconds per display).

A widget with controls draws them too (:func:`panel_svg`): a reader without a kernel sees
the board with its framed places, the lines of text under it and a flat drawing of the
buttons, menus and sliders, as the live widget shows them at display time.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Sequence
from typing import Any, NamedTuple

from tablegames import style
from tablegames.svg import Rect, document, place, svg_size, svg_to_png, text_svg, wrap

PNG = "image/png"
SVG = "image/svg+xml"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

_enabled = True

#: The frames of picked places (amber) and of the places that continue a move (green),
#: as the boards draw them.
PICKED = "#f9a825"
OFFERED = "#43a047"
FONT_SIZE = 13.0
ROW = 30.0  #: the height of a row of controls
MIN_WIDTH = 420.0  #: room for the controls beside a narrow board


class Control(NamedTuple):
    """A control in a static picture: ``kind`` is ``"button"``, ``"off"`` (a disabled
    button), ``"menu"`` (a drop-down showing its choice), ``"slider"`` (``label`` then a
    track with its knob at ``at``, 0 to 1) or ``"text"`` (a plain label)."""

    kind: str
    label: str
    at: float = 0.0


def set_static_pictures(enabled: bool) -> None:
    """Add static pictures to widget outputs (the default) or not."""
    global _enabled
    _enabled = enabled


def under_voila() -> bool:
    """Whether this kernel was started by Voila (whose pages are never stored): Voila
    0.5 sets ``SERVER_SOFTWARE=voila/<version>`` for a page's kernel, and the
    ``VOILA_*`` variables (base URL, preheat) for pooled ones too."""
    env = os.environ
    return env.get("SERVER_SOFTWARE", "").startswith("voila/") or "VOILA_BASE_URL" in env


def pictures_wanted() -> bool:
    """Whether widget outputs get a static picture now."""
    return _enabled and not under_voila()


def picture_bundle(svg: str) -> dict[str, Any]:
    """The static part of a bundle: a base64 PNG of ``svg``, else ``svg`` itself."""
    png = svg_to_png(svg)
    if png is None:
        return {SVG: svg}
    return {PNG: base64.b64encode(png).decode("ascii")}


class StaticPicture:
    """Mixin for ipywidgets classes: ``_repr_mimebundle_`` adds :meth:`static_svg` as a PNG.

    Put it before the ipywidgets base class (``class Board(StaticPicture, VBox)``). The
    picture is made only when the widget is displayed (lazy), never for Voila pages.
    """

    def static_svg(self) -> str:
        """What the widget shows now, as an SVG document."""
        raise NotImplementedError

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if data is None or not pictures_wanted():
            return data
        if include is not None and PNG not in include and SVG not in include:
            return data
        if exclude is not None and PNG in exclude:
            return data
        data.update(picture_bundle(self.static_svg()))
        return data


def frames_svg(picked: Sequence[Rect], offered: Sequence[Rect], halo: bool = False) -> list[str]:
    """Amber frames round the picked places, green ones round the places offered; with
    ``halo``, each on a white band 2 px wider on either side, for a board whose places
    are dark (Card Chess's card backs) and carry nothing near their edges."""
    out = []
    for rects, colour, width in ((offered, OFFERED, 3), (picked, PICKED, 4)):
        for x, y, w, h in rects:
            box = f"x='{x + 1.5:.1f}' y='{y + 1.5:.1f}' width='{w - 3:.1f}' height='{h - 3:.1f}'"
            if halo:
                out.append(f"<rect {box} fill='none' stroke='#ffffff' stroke-width='{width + 4}'/>")
            out.append(f"<rect {box} fill='none' stroke='{colour}' stroke-width='{width}'/>")
    return out


def _control(c: Control, x: float, y: float) -> tuple[list[str], float]:
    """One control drawn at (x, y), the top of its row; its parts and its width."""
    size = FONT_SIZE
    text_y = y + ROW / 2 + size * 0.36
    if c.kind == "text":
        width = len(c.label) * size * 0.6 + 4
        return [text_svg(x, text_y, c.label, size)], width
    if c.kind == "slider":
        left = len(c.label) * size * 0.6 + 6
        track = 120.0
        mid = y + ROW / 2
        knob = x + left + 6 + (track - 12) * min(max(c.at, 0.0), 1.0)
        return [
            text_svg(x, text_y, c.label, size),
            f"<line x1='{x + left:.1f}' y1='{mid:.1f}' x2='{x + left + track:.1f}' "
            f"y2='{mid:.1f}' stroke='#bdbdbd' stroke-width='4' stroke-linecap='round'/>",
            f"<circle cx='{knob:.1f}' cy='{mid:.1f}' r='6' fill='#ffffff' stroke='#757575'/>",
        ], left + track + 4
    label = c.label + (" ▾" if c.kind == "menu" else "")
    width = max(len(label) * size * 0.6 + 20, 36.0)
    fill = "#ffffff" if c.kind == "menu" else "#eeeeee"
    ink = "#9e9e9e" if c.kind == "off" else style.TEXT
    anchor = "start" if c.kind == "menu" else "middle"
    tx = x + 8 if c.kind == "menu" else x + width / 2
    return [
        f"<rect x='{x:.1f}' y='{y + 3:.1f}' width='{width:.1f}' height='{ROW - 6:.1f}' "
        f"rx='3' fill='{fill}' stroke='#bdbdbd'/>",
        text_svg(tx, text_y, label, size, fill=ink, anchor=anchor),
    ], width


def controls_svg(
    rows: Sequence[Sequence[Control]], width: float, top: float
) -> tuple[list[str], float]:
    """Rows of controls from ``top``, each wrapped to ``width``; the parts and the bottom."""
    parts: list[str] = []
    y = top
    for row in rows:
        if not row:
            continue
        x = 8.0
        for c in row:
            drawn, w = _control(c, x, y)
            if x > 8 and x + w > width - 8:  # wrap: the rest of the row goes under
                x, y = 8.0, y + ROW
                drawn, w = _control(c, x, y)
            parts += drawn
            x += w + 6
        y += ROW
    return parts, y


def panel_svg(
    board: str,
    *,
    picked: Sequence[Rect] = (),
    offered: Sequence[Rect] = (),
    lines: Sequence[tuple[str, str]] = (),
    rows: Sequence[Sequence[Control]] = (),
    halo: bool = False,
) -> str:
    """A widget's static picture: ``board`` (an SVG document) with its frames (on a white
    band with ``halo``, see :func:`frames_svg`), then ``lines`` of text as (text, colour),
    then ``rows`` of controls."""
    board_width, height = svg_size(board)
    width = max(board_width, MIN_WIDTH)
    size = FONT_SIZE + 1
    step = size * 1.35
    parts = [place(board, 0, 0), *frames_svg(picked, offered, halo)]
    y = height + size * 0.3
    for text, colour in lines:
        for line in wrap(text, width - 16, size):
            y += step
            parts.append(text_svg(8, y, line, size, fill=colour))
    controls, bottom = controls_svg(rows, width, y + size * 0.5)
    label = " ".join(text for text, _ in lines) or "a game widget"
    return document(width, round(bottom + 4), label, parts + controls)
