"""SVG pieces shared by every game's picture, standard library only: cards and text.

States draw themselves with these in ``_repr_svg_`` (through ``tablegames.scene``, which
renders each game's scene), so notebooks and static exports show boards without any widget.
"""

from __future__ import annotations

import io
import re

from . import style


def escape(text: str, entities: dict[str, str] | None = None) -> str:
    """``text`` with ``&``, ``<``, ``>`` (and any ``entities``) as XML entities: what
    xml.sax.saxutils.escape does, without that module's import of urllib (a tenth of a
    second or more at the first picture)."""
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for char, entity in (entities or {}).items():
        text = text.replace(char, entity)
    return text


Rect = tuple[float, float, float, float]  # x, y, width, height
FONT = f"font-family='{style.FONT}'"


def svg_to_png(svg: str) -> bytes | None:
    """``svg`` rasterised to PNG, or None when no rasteriser is installed.

    Optional (``resvg-py``, the ``static`` extra): JupyterLab shows an untrusted notebook's
    pictures only as PNG (SVG is not a "safe" output there), so stored notebooks carry both.
    With Pillow (also in the extra) the PNG keeps a 256-colour palette: measured on the
    Resistor walkthrough's pictures, 2.5 times smaller (1.17 MB -> 0.47 MB), which keeps
    the stored walkthroughs small enough to clone and open quickly.
    """
    try:
        import resvg_py
    except ImportError:
        return None
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    try:  # a 256-colour palette: the pictures are flat colours and their edges
        from PIL import Image
    except ImportError:
        return png
    with Image.open(io.BytesIO(png)) as image:
        out = io.BytesIO()
        image.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


class Picture:
    """An SVG document that shows itself in a notebook as SVG and, when the ``static``
    extra's rasteriser is installed, as PNG too (what untrusted JupyterLab shows)."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_png_(self) -> bytes | None:
        return svg_to_png(self.svg)

    def __repr__(self) -> str:
        return f"<Picture: {len(self.svg)} characters of SVG>"


def card_svg(card: str | None, r: Rect, four_colour: bool = False, hidden: bool = False) -> str:
    """One card (face up, face down when ``hidden``, or an empty place when None)."""
    x, y, w, h = r
    if hidden:
        return (
            f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='4' "
            f"fill='{style.CARD_BACK}' stroke='{style.CARD_BACK_EDGE}'/>"
            f"<rect x='{x + 3:.1f}' y='{y + 3:.1f}' width='{w - 6:.1f}' height='{h - 6:.1f}' "
            f"rx='3' fill='none' stroke='{style.CARD_BACK_PATTERN}' stroke-dasharray='2 2'/>"
        )
    if card is None:
        return (
            f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='4' "
            f"fill='none' stroke='{style.EMPTY_PLACE}' stroke-dasharray='4 3'/>"
        )
    colour = style.suit_colour(card, four_colour)
    small = min(w, h)
    out = [
        f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='4' "
        f"fill='{style.CARD_FACE}' stroke='{style.CARD_EDGE}'/>"
    ]
    label, symbol = style.face(card)
    fs = small * 0.36
    if w >= h:  # lying on its side: rank and suit side by side
        out.append(
            f"<text x='{x + w / 2:.1f}' y='{y + h / 2 + fs * 0.36:.1f}' font-size='{fs:.1f}' "
            f"text-anchor='middle' fill='{colour}' font-weight='bold' {FONT}>"
            f"{escape(label)}{symbol}</text>"
        )
    else:
        out.append(
            f"<text x='{x + 3:.1f}' y='{y + fs:.1f}' font-size='{fs:.1f}' fill='{colour}' "
            f"font-weight='bold' {FONT}>{escape(label)}</text>"
            f"<text x='{x + w / 2:.1f}' y='{y + h * 0.78:.1f}' font-size='{small * 0.62:.1f}' "
            f"text-anchor='middle' fill='{colour}' {FONT}>{symbol}</text>"
        )
    return "".join(out)


def text_svg(x: float, y: float, text: str, size: float, fill: str = style.TEXT,
             anchor: str = "start", bold: bool = False) -> str:  # fmt: skip
    """A line of text."""
    weight = " font-weight='bold'" if bold else ""
    return (
        f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size:.1f}' text-anchor='{anchor}' "
        f"fill='{fill}'{weight} {FONT}>{escape(text)}</text>"
    )


def document(width: float, height: float, label: str, parts: list[str]) -> str:
    """An SVG document of the given size with an accessible label."""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
        f"viewBox='0 0 {width:.0f} {height:.0f}' role='img' "
        f"aria-label='{escape(label, {chr(39): '&#39;'})}'>"
        f"<rect width='100%' height='100%' fill='{style.PAPER}'/>" + "".join(parts) + "</svg>"
    )


def svg_size(doc: str) -> tuple[float, float]:
    """The width and height of an SVG document made by :func:`document`.

    >>> svg_size(document(120, 80, "empty", []))
    (120.0, 80.0)
    """
    root = doc[: doc.index(">")]
    sizes = [re.search(rf"\b{name}='([0-9.]+)'", root) for name in ("width", "height")]
    if sizes[0] is None or sizes[1] is None:
        raise ValueError("not an SVG document with a width and a height in pixels")
    return float(sizes[0].group(1)), float(sizes[1].group(1))


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines that fit ``width`` pixels at font ``size`` (an estimate:
    a DejaVu Sans character is about 0.6 of the font size wide on average).

    >>> wrap("one two three four", 60, 10)
    ['one two', 'three four']
    """
    per_line = max(int(width / (size * 0.6)), 8)
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def place(doc: str, x: float, y: float) -> str:
    """An SVG document drawn at (x, y) inside another one (a nested ``<svg>``)."""
    return re.sub(r"^<svg ", f"<svg x='{x:.1f}' y='{y:.1f}' ", doc, count=1)


def with_caption(doc: str, caption: str, size: float = 14.0) -> str:
    """``doc`` with ``caption`` written under it (wrapped to its width): a static picture of
    a widget that shows a board and a line of text (a game viewer's step, a prompt).

    >>> pic = with_caption(document(200, 100, "board", []), "Step 3 of 12")
    >>> svg_size(pic), "Step 3 of 12" in pic
    ((200.0, 129.0), True)
    """
    width, height = svg_size(doc)
    lines = wrap(caption, width - 16, size)
    step = size * 1.35
    parts = [place(doc, 0, 0)]
    parts += [text_svg(8, height + size + k * step, line, size) for k, line in enumerate(lines)]
    total = height + size * 0.7 + len(lines) * step
    return document(width, round(total), caption, parts)
