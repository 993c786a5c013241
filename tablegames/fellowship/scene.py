"""The picture of a Fellowship state, described once (see ``tablegames.scene``): the ring
of 13 stacks with their heights, the draw pile in its middle and the hands on the right,
as one viewpoint sees them. The SVG picture and the widget board both draw this scene.

>>> import tablegames as tg
>>> scene = state_scene(tg.make("fellowship").initial_state(seed=1), viewer=0)  # no role known yet
>>> [t.text for t in scene.pieces if isinstance(t, Text) and t.text.startswith("P")]
['P0 (?) ◀ to move', 'P1 (?)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..scene import Card, Circle, Rect, Scene, Shape, Text
from .layout import Layout
from .moves import SIZE
from .text import role_text

if TYPE_CHECKING:
    from .state import FellowshipState

#: at most this many cards are drawn under a stack's top card (offset, face down)
UNDER = 3
#: the backs of the cards under a top card, one to three deep (darker: deeper)
UNDER_FILL = (style.CARD_BACK, "#303f9f", "#283593")


def state_scene(
    state: FellowshipState,
    square: float = 40.0,
    viewer: int | None = None,
    four_colour: bool = False,
) -> Scene:
    """The scene of ``state``; ``viewer`` shows what that player sees (None: everything)."""
    lay = Layout(square, state.game.num_players)
    scene = Scene(lay.width, lay.height, state.describe(), four_colour=four_colour)
    scene.background += background(lay)
    scene.pieces += pieces(state, lay, viewer)
    return scene


def background(lay: Layout) -> list[Shape]:
    """The paper, the ring the stacks stand on and their position numbers."""
    cx, cy = lay.center
    out: list[Shape] = [
        Rect(0, 0, lay.width, lay.height, fill=style.PAPER),
        Circle(cx, cy, lay.radius, stroke=style.BOARD_DARK, width=lay.ring_width),
    ]
    out += [Text(*lay.label_point(i), str(i), lay.small_text, style.MUTED, "middle")
            for i in range(SIZE)]  # fmt: skip
    return out


def pieces(state: FellowshipState, lay: Layout, viewer: int | None) -> list[Shape]:
    """The stacks (a few face-down cards offset under each top card, the height written
    under a stack of two or more), the draw pile, the hands and who is to move."""
    view = state.observation(viewer) if viewer is not None else state.to_json()
    out: list[Shape] = []
    # the cards underneath, deepest first over the whole ring (each depth one run of
    # backs, a shade darker the deeper it lies: the canvas fills and edges a run at once)
    for depth in range(UNDER, 0, -1):
        for i, stack in enumerate(state.circle):
            if len(stack) > depth:
                x, y, w, h = lay.stack_rect(i)
                out.append(Rect(x + 3 * depth, y + 3 * depth, w, h, UNDER_FILL[depth - 1],
                                style.CARD_BACK_EDGE, radius=4))  # fmt: skip
    out += [Card(stack[-1], *lay.stack_rect(i), key=("stack", i))
            for i, stack in enumerate(state.circle)]  # fmt: skip
    out.append(Card("2C" if state.draw_pile else None, *lay.pile_rect(),
                    hidden=bool(state.draw_pile)))  # fmt: skip
    for p, hand in enumerate(view["hands"]):
        for k, card in enumerate(hand[:5]):
            key = ("card", card) if card is not None else ("hidden", p)
            out.append(Card(card, *lay.hand_rect(p, k), hidden=card is None, key=key))
    for i, stack in enumerate(state.circle):
        if len(stack) > 1:
            # the height, on a paper-coloured tab: it lies over the dark backs underneath
            x, y, w, h = lay.stack_rect(i)
            label, size = f"×{len(stack)}", lay.small_text
            base = y + h + lay.text * 0.9
            out.append(Rect(x, base - size, size * 0.65 * len(label) + 4, size * 1.3,
                            style.PAPER, radius=2))  # fmt: skip
            out.append(Text(x + 2, base, label, size, bold=True))
    px, py, pw, ph = lay.pile_rect()
    out.append(Text(px + pw / 2, py + ph + lay.text, f"{len(state.draw_pile)} to draw",
                    lay.small_text, style.MUTED, "middle"))  # fmt: skip
    for p in range(state.game.num_players):
        to_move = p == state.player
        label = f"P{p} ({role_text(view['roles'][p])})" + (" ◀ to move" if to_move else "")
        colour = style.HIGHLIGHT if to_move else style.TEXT
        out.append(Text(*lay.hand_label(p), label, lay.hand_text, colour, bold=to_move))
    return out
