"""The Currents inspector as one SVG picture (standard library only): the board with the
influence lines of every current acting on the pawn and the net-vector arrow, and beside
it the vector-cancellation table the live inspector's panel shows.

It is the static picture of the inspector widget, so a stored notebook read without a
kernel (a code host, an nbconvert export, JupyterLab before the notebook is trusted)
still shows the cancellation. Everything comes from ``state.inspect()``.

>>> import tablegames as tg
>>> pic = inspector_svg(tg.make("currents").initial_state(1))
>>> "Vector cancellation" in pic and "Net vector (+0, +0)" in pic
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..cards import SUIT_NAMES, pretty
from ..svg import card_svg, document, place, svg_size, text_svg, wrap
from .geometry import SLOTS
from .influence import Goaltending, Influence
from .layout import Layout
from .svg import describe, state_svg

if TYPE_CHECKING:
    from .state import CurrentsState

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
TABLE_WIDTH = 340.0
ROW = 40.0  #: height of one current's row (a small card with its slot and directions)


def inspector_svg(
    state: CurrentsState,
    square: float = 40.0,
    four_colour: bool = False,
    viewer: int | None = None,
    selected_slot: int | None = None,
    scout_step: int | None = None,
) -> str:
    """The board (influence lines, arrow) with the cancellation table to its right.

    ``selected_slot`` (0-15) draws that slot's three lines pinned, as the live inspector
    does for a clicked slot; ``scout_step`` puts the scout token on that stop of the
    scout's path.
    """
    board = state_svg(state, square, four_colour, viewer, inspector=True)
    bw, bh = svg_size(board)
    inf = None if state.is_terminal else state.inspect()
    parts, th = cancellation_parts(inf, four_colour)
    height = max(bh, th)
    label = describe(state) + " " + cancellation_text(inf)
    lay = Layout(square, state.game.num_players)
    overlay = _pinned(lay, selected_slot)
    if inf is not None and scout_step is not None:
        stop = inf.scout_path[min(scout_step, len(inf.scout_path) - 1)]
        x, y = lay.point(*stop)
        overlay.append(
            f"<circle class='scout' cx='{x:.1f}' cy='{y:.1f}' r='{lay.square * 0.16:.1f}' "
            f"fill='#fdd835' stroke='{style.PAWN}' stroke-width='2'/>"
        )
        label += f" The scout stands at {stop}."
    table = f"<g class='cancellation' transform='translate({bw:.1f} 0)'>{''.join(parts)}</g>"
    return document(bw + TABLE_WIDTH, height, label, [place(board, 0, 0), *overlay, table])


def _pinned(lay: Layout, slot: int | None) -> list[str]:
    """A pinned slot's three lines, stronger than the others, and a frame round it."""
    if slot is None:
        return []
    out = [
        f"<line class='pinned-line' x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
        f"stroke='{style.HIGHLIGHT}' stroke-opacity='0.6' stroke-width='6'/>"
        for x1, y1, x2, y2 in lay.slot_lines_px(slot)
    ]
    x, y, w, h = lay.slot_rect(slot)
    out.append(
        f"<rect class='pinned-slot' data-slot='{SLOTS[slot]}' x='{x - 5:.1f}' y='{y - 5:.1f}' "
        f"width='{w + 10:.1f}' height='{h + 10:.1f}' rx='6' fill='none' "
        f"stroke='{style.HIGHLIGHT}' stroke-width='2'/>"
    )
    return out


def cancellation_text(inf: Influence | None) -> str:
    """The cancellation in one paragraph (the picture's accessible label)."""
    if inf is None:
        return "The game is over."
    if not inf.currents:
        return f"No current acts on the pawn at {inf.at}."
    units = inf.units
    pairs = "; ".join(
        f"{units[a].slot} {units[a].direction} cancels {units[b].slot} {units[b].direction}"
        for a, b in inf.cancelled
    )
    dx, dy = inf.vector
    currents = ", ".join(f"{si.slot} {pretty(si.card or '')}" for si in inf.currents)
    return (
        f"Currents: {currents}. "
        + (f"Cancelled: {pairs}. " if pairs else "Nothing cancels. ")
        + f"Net vector ({dx:+d}, {dy:+d}) to {inf.destination}."
    )


def cancellation_parts(
    inf: Influence | None, four_colour: bool = False, width: float = TABLE_WIDTH
) -> tuple[list[str], float]:
    """The cancellation table as SVG parts (drawn from (0, 0)) and its height.

    One row per current acting on the pawn: its card, its slot and the compass
    directions its suit maps to, the cancelled units struck through (``class='struck'``);
    then the cancelled pairs in words, the tally, the net vector with its arrow and the
    destination, and any edge crossing with the goaltending it would need.
    """
    parts = [text_svg(10, 24, "Vector cancellation", 15, bold=True)]
    y = 40.0
    if inf is None:
        parts.append(text_svg(10, y + 10, "The game is over.", 13))
        return parts, y + 30
    if not inf.currents:
        parts.append(text_svg(10, y + 16, f"No current acts on the pawn at {inf.at}.", 13,
                              fill=style.MUTED))  # fmt: skip
        y += 30
    else:
        for hx, head in ((10, "Card"), (44, "Slot"), (84, "Pushes")):
            parts.append(text_svg(hx, y + 6, head, 11, fill=style.MUTED))
        y += 12
    struck = {k for pair in inf.cancelled for k in pair}
    unit = 0
    for si in inf.currents:
        parts.append(card_svg(si.card, (10, y, 26, 34), four_colour))
        parts.append(text_svg(44, y + 22, si.slot, 13))
        x = 84.0
        if not si.directions:
            parts.append(text_svg(x, y + 22, "dead: its suit is not on the compass", 12,
                                  fill=style.MUTED))  # fmt: skip
        for d in si.directions:
            cancelled = unit in struck
            colour = style.MUTED if cancelled else style.TEXT
            parts.append(text_svg(x, y + 22, f"{ARROWS[d]}{d}", 16, fill=colour, bold=True))
            if cancelled:
                parts.append(
                    f"<line class='struck' data-unit='{si.slot} {d}' x1='{x - 3:.1f}' "
                    f"y1='{y + 26:.1f}' x2='{x + 30:.1f}' y2='{y + 10:.1f}' "
                    f"stroke='{style.WARNING}' stroke-width='2'/>"
                )
            unit += 1
            x += 42
        y += ROW
    for a, b in inf.cancelled:
        ua, ub = inf.units[a], inf.units[b]
        line = (
            f"{ARROWS[ua.direction]}{ua.direction} ({ua.slot}) cancels "
            f"{ARROWS[ub.direction]}{ub.direction} ({ub.slot})"
        )
        parts.append(text_svg(10, y + 14, line, 12, fill=style.MUTED))
        y += 18
    tally = " · ".join(f"{d} {inf.tally[d]}" for d in "NESW")
    parts.append(text_svg(10, y + 20, f"Tally: {tally}", 13))
    dx, dy = inf.vector
    vector = f"Net vector ({dx:+d}, {dy:+d})  →  {inf.destination}"
    parts.append(text_svg(10, y + 42, vector, 14, bold=True))
    if inf.vector != (0, 0):
        n = max(abs(dx), abs(dy), 1)
        cx, cy = min(width - 30, 30 + len(vector) * 14 * 0.62), y + 36  # after the text
        parts.append(_arrow(cx, cy, cx + 18 * dx / n, cy - 18 * dy / n))
    y += 54
    if inf.blocked:
        parts.append(text_svg(10, y + 14, "The destination is an obstacle: the pawn stays.", 13,
                              fill=style.WARNING))  # fmt: skip
        y += 22
    for g in inf.goaltending:
        head, text = crossing_sentences(g)
        parts.append(text_svg(10, y + 14, head, 13, fill=style.WARNING, bold=True))
        y += 18
        for line in wrap(text, width - 20, 13):
            parts.append(text_svg(10, y + 14, line, 13, fill=style.WARNING))
            y += 17
        y += 8
    return parts, y + 10


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    """A small arrow (the net vector's direction), head drawn as a polygon."""
    import math

    angle = math.atan2(y2 - y1, x2 - x1)
    head = 9.0
    left = (x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45))
    right = (x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45))
    return (
        f"<g class='vector-arrow'><line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
        f"stroke='{style.ARROW}' stroke-width='2'/><path d='M{x2:.1f},{y2:.1f}"
        f"L{left[0]:.1f},{left[1]:.1f}L{right[0]:.1f},{right[1]:.1f}z' "
        f"fill='{style.ARROW}'/></g>"
    )


def crossing_sentences(g: Goaltending) -> tuple[str, str]:
    """A crossing in two sentences: who would win, and who may stop it with what (the live
    inspector's panel says the same)."""
    head = f"Crosses the {g.edge} edge by {g.overshoot}: P{g.winner} would win"
    if g.suit is None:
        return head, f"No suit on compass {g.point}: P{g.goaltender} cannot goaltend."
    cards = "1 card" if g.overshoot == 1 else f"{g.overshoot} cards"
    return head, (
        f"P{g.goaltender} may stop it with {cards} of {SUIT_NAMES[g.suit]} (compass {g.point})."
    )
