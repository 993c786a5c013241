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
"""

from __future__ import annotations

import base64
import os
from typing import Any

from tablegames.svg import svg_to_png

PNG = "image/png"
SVG = "image/svg+xml"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

_enabled = True


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
