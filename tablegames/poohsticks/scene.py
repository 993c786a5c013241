"""The picture of a Poohsticks state, described once (see ``tablegames.scene``): the river
of cards on its water (face-down bridge cards, rocks, the exit below the last row), the
boats, the hands as one viewpoint sees them, and a status line with the turn number and
who is to play. The SVG picture and the widget board both draw this scene.

The status line is there so that ending a turn always shows: after "End the turn" the
bots may play without anything visible changing (no boat moved, hidden hands), but the
turn number has moved on.

>>> import tablegames as tg
>>> scene = state_scene(tg.make("poohsticks").initial_state(seed=1), viewer=0)
>>> [t.text for t in scene.pieces if isinstance(t, Text) and t.text[0] in "PT"]
['P0 ♠ boat ◀ to move', 'P1 ♦ boat', 'Turn 1: player 0 to play']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..cards import SUIT_SYMBOLS
from ..scene import Card, Circle, Rect, Scene, Shape, Text
from ..svg import wrap
from .layout import Layout
from .text import BOAT_SUITS

if TYPE_CHECKING:
    from .state import PoohsticksState

BOAT_COLOURS = ("#37474f", "#c62828", "#ad1457", "#2e7d32")  #: spades, diamonds, hearts, clubs
ROCK = "#78716c"  #: a rock: a grey stone over its cell
WATER = "#d6e9f5"  #: the river under the cards
COLUMNS = "ABCDEFGH"


def layout_for(state: PoohsticksState, square: float = 40.0) -> Layout:
    """The geometry of ``state``'s river and hands at this scale."""
    g = state.game
    return Layout(square, g.width, g.length, g.num_players)


def state_scene(
    state: PoohsticksState,
    square: float = 40.0,
    viewer: int | None = None,
    four_colour: bool = False,
) -> Scene:
    """The scene of ``state``; ``viewer`` hides the other players' hands (None: all)."""
    lay = layout_for(state, square)
    scene = Scene(lay.width, lay.height, state.describe(), four_colour=four_colour)
    scene.background += background(state, lay)
    scene.pieces += pieces(state, lay, viewer)
    return scene


def background(state: PoohsticksState, lay: Layout) -> list[Shape]:
    """The paper, the water, the row numbers and column letters, and the exit."""
    g = state.game
    fs = lay.text
    out: list[Shape] = [
        Rect(0, 0, lay.width, lay.height, fill=style.PAPER),
        Rect(
            lay.x0 - lay.gap / 2,
            lay.y0 - lay.gap / 2,
            lay.river_w + lay.gap,
            lay.river_h + lay.gap,
            fill=WATER,
        ),
    ]
    for r in range(g.length):
        _x, y, _w, h = lay.cell_rect(r * g.width)
        out.append(Text(lay.x0 - lay.label, y + h / 2 + fs / 3, str(r + 1), fs * 0.8,
                        style.MUTED, "middle"))  # fmt: skip
    for c in range(g.width):
        x, _y, w, _h = lay.cell_rect(c)
        out.append(Text(x + w / 2, lay.y0 - lay.gap * 0.7, COLUMNS[c], fs * 0.8, style.MUTED,
                        "middle"))  # fmt: skip
    ex, ey, ew, eh = lay.exit_rect
    out.append(Rect(ex, ey, ew, eh, fill=style.BOARD_DARK, radius=6, key=("exit", None)))
    out.append(Text(ex + lay.gap * 0.6, ey + eh / 2 + fs / 3, "exit ↓", fs, style.TEXT))
    return out


def boat_point(state: PoohsticksState, lay: Layout, player: int) -> tuple[float, float]:
    """Where ``player``'s boat is drawn: on its cell, at the dock before entering, or in
    the exit once it has left the river (beside the exit's label, in seat order)."""
    cell = state.boats[player]
    if player in state.exited:
        ex, ey, _ew, eh = lay.exit_rect
        return ex + lay.square * (1.55 + 0.65 * player), ey + eh / 2
    if cell is None:
        return lay.dock_point(player)
    return lay.boat_point(cell)


def pieces(state: PoohsticksState, lay: Layout, viewer: int | None) -> list[Shape]:
    """River cards and rocks, hand cards, boats, the hand labels and the status line."""
    g = state.game
    fs = lay.text
    view = state.observation(viewer) if viewer is not None else state.to_json()
    out: list[Shape] = []
    rocks = [i for i in g.cells if i in state.rocks]
    out += [Card(state.river[i], *lay.cell_rect(i), hidden=i in state.face_down, key=("cell", i))
            for i in g.cells if i not in state.rocks]  # fmt: skip
    for p, hand in enumerate(view["hands"]):
        for k, card in enumerate(hand[:3]):
            key = ("card", card) if card is not None else ("hidden", p)
            out.append(Card(card, *lay.hand_rect(p, k), hidden=card is None, key=key))
    out += [Rect(*lay.cell_rect(i), fill=ROCK, radius=10, key=("cell", i)) for i in rocks]
    for i in rocks:
        x, y, w, h = lay.cell_rect(i)
        out.append(Text(x + w / 2, y + h / 2 + fs / 3, "rock", fs * 0.8, "white", "middle"))
    boats = [boat_point(state, lay, p) for p in range(g.num_players)]
    # boats never overlap: their white rims are one run of circles after their colours
    out += [Circle(x, y, lay.boat_radius, BOAT_COLOURS[p]) for p, (x, y) in enumerate(boats)]
    out += [Circle(x, y, lay.boat_radius, stroke="white", width=2) for x, y in boats]
    out += [Text(x, y + fs / 3, SUIT_SYMBOLS[BOAT_SUITS[p]], fs, "white", "middle")
            for p, (x, y) in enumerate(boats)]  # fmt: skip
    for p in range(g.num_players):
        to_move = p == state.player
        label = f"P{p} {SUIT_SYMBOLS[BOAT_SUITS[p]]} boat" + (" ◀ to move" if to_move else "")
        colour = style.HIGHLIGHT if to_move else style.TEXT
        out.append(Text(*lay.hand_label(p), label, fs * 0.85, colour, bold=to_move))
    x, y = lay.status_point
    for k, line in enumerate(status_lines(state, lay)):
        out.append(Text(x, y + k * fs * 1.1, line, fs * 0.85, style.MUTED))
    return out


def status_lines(state: PoohsticksState, lay: Layout) -> list[str]:
    """The status line broken into lines that fit beside the river: "a tie between
    players 0 and 1" would run off the picture of a narrow river.

    >>> import tablegames as tg
    >>> lay = layout_for(tg.make("poohsticks").initial_state(seed=1))
    >>> wrap("Turn 9: a tie between players 0 and 1", lay.status_room, lay.text * 0.85)
    ['Turn 9: a tie between', 'players 0 and 1']
    """
    return wrap(status_text(state), lay.status_room, lay.text * 0.85)


def status_text(state: PoohsticksState) -> str:
    """The status line: ``'Turn 4: player 1 to play'``, or how the race ended."""
    turn = f"Turn {state.turn + 1}: "
    if not state.is_terminal:
        return turn + f"player {state.player} to play"
    winners = sorted(state.winners)
    if len(winners) > 1:
        return turn + "a tie between players " + " and ".join(map(str, winners))
    return turn + (f"player {winners[0]} won" if winners else "nobody won")
