"""SVG drawing of a Fellowship state (standard library only), for ``_repr_svg_``: the ring
of stacks with their heights, the draw pile, and the hands as a viewer sees them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..svg import card_svg, document, text_svg
from .layout import Layout

if TYPE_CHECKING:
    from .state import FellowshipState


def role_text(role: str | None) -> str:
    """A player's side in words: ``black``, ``red``, a suit name, or ``?`` when unknown."""
    from ..cards import SUIT_NAMES

    if role is None:
        return "?"
    return SUIT_NAMES.get(role, role)


def state_svg(state: FellowshipState, square: float = 40.0, viewer: int | None = None,
              four_colour: bool = False) -> str:  # fmt: skip
    """The picture of ``state``; ``viewer`` shows what that player sees (None: everything)."""
    lay = Layout(square, state.game.num_players)
    view = state.observation(viewer) if viewer is not None else state.to_json()
    parts: list[str] = []
    fs = lay.square * 0.3
    for i, stack in enumerate(state.circle):
        x, y, w, h = lay.stack_rect(i)
        for depth in range(min(len(stack) - 1, 3), 0, -1):  # the cards underneath, offset
            parts.append(card_svg("2C", (x + 3 * depth, y + 3 * depth, w, h), hidden=True))
        parts.append(card_svg(stack[-1], (x, y, w, h), four_colour))
        lx, ly = lay.label_point(i)
        parts.append(text_svg(lx, ly, str(i), fs * 0.8, style.MUTED, "middle"))
        if len(stack) > 1:
            parts.append(text_svg(x + 2, y + h + fs * 0.9, f"×{len(stack)}", fs * 0.8,
                                  style.TEXT, "start", bold=True))  # fmt: skip
    px, py, pw, ph = lay.pile_rect()
    parts.append(
        card_svg("2C" if state.draw_pile else None, lay.pile_rect(), hidden=bool(state.draw_pile))
    )
    parts.append(text_svg(px + pw / 2, py + ph + fs, f"{len(state.draw_pile)} to draw", fs * 0.8,
                          style.MUTED, "middle"))  # fmt: skip
    for p, hand in enumerate(view["hands"]):
        lx, ly = lay.hand_label(p)
        mark = " ◀" if p == state.player else ""
        parts.append(text_svg(lx, ly, f"P{p} ({role_text(view['roles'][p])}){mark}", fs * 0.85))
        for k, card in enumerate(hand[:5]):
            parts.append(card_svg(card, lay.hand_rect(p, k), four_colour, hidden=card is None))
    return document(lay.width, lay.height, state.describe(), parts)
