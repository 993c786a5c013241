"""SVG pieces shared by every game's picture, standard library only: cards and text.

States draw themselves with these in ``_repr_svg_`` (see ``tablegames.currents.svg``),
so notebooks and static exports show boards without any widget.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from . import style

Rect = tuple[float, float, float, float]  # x, y, width, height
FONT = f"font-family='{style.FONT}'"


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
