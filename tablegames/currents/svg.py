"""SVG drawing of a Currents state with the standard library only.

Used by ``CurrentsState._repr_svg_``, so a state alone in a notebook cell draws
the board, and static exports (nbconvert HTML) keep the picture. It shows the
board with its current slots, the pawn, obstacles, the influence lines of the
currents acting on the pawn, the net vector as an arrow, the compass and the hands,
and each edge's goal mark: a band in the colour of the player who wins over it,
naming them and its goaltender, highlighted for the player whose turn it is (the
canvas board draws the same marks from the same geometry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from ..cards import pretty
from ..svg import FONT, card_svg, document
from .geometry import SIZE, SLOTS
from .layout import GoalMark, Layout

if TYPE_CHECKING:
    from .state import CurrentsState

BOARD_LIGHT, BOARD_DARK, LINE, PAWN = style.BOARD_LIGHT, style.BOARD_DARK, style.LINE, style.PAWN


def state_svg(
    state: CurrentsState,
    square: float = 40.0,
    four_colour: bool = False,
    viewer: int | None = None,
    inspector: bool = True,
) -> str:
    """The picture of ``state`` as an SVG document.

    ``viewer`` shows the hands as that player sees them (others face down);
    ``inspector`` highlights the pawn's influence lines and draws the net vector.
    """
    lay = Layout(square, state.game.num_players)
    parts = _board(state, lay)
    parts += _goal_marks(state, lay)
    if inspector and not state.is_terminal:
        parts += _influence(state, lay)
    for i, card in enumerate(state.currents):
        parts.append(card_svg(card, lay.slot_rect(i), four_colour))
    parts += _slot_names(lay)
    parts += _pawn(state, lay)
    parts += _panel(state, lay, four_colour, viewer)
    return document(lay.width, lay.height, describe(state), parts)


def _board(state: CurrentsState, lay: Layout) -> list[str]:
    s = lay.square
    out = []
    for col in range(SIZE):
        for row in range(SIZE):
            fill = BOARD_DARK if (col + row) % 2 else BOARD_LIGHT
            out.append(
                f"<rect x='{lay.x0 + col * s:.1f}' y='{lay.y0 + row * s:.1f}' width='{s:.1f}' "
                f"height='{s:.1f}' fill='{fill}'/>"
            )
    for i in range(SIZE + 1):
        (x1, y1), (x2, y2) = lay.point(i, 0), lay.point(i, SIZE)
        (x3, y3), (x4, y4) = lay.point(0, i), lay.point(SIZE, i)
        width = 2 if i in (0, SIZE) else 1
        out.append(
            f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{LINE}' "
            f"stroke-width='{width}'/><line x1='{x3:.1f}' y1='{y3:.1f}' x2='{x4:.1f}' "
            f"y2='{y4:.1f}' stroke='{LINE}' stroke-width='{width}'/>"
        )
    for ox, oy in sorted(state.game.obstacle_set):
        px, py = lay.point(ox, oy)
        r = s * 0.22
        out.append(
            f"<path d='M{px - r:.1f},{py - r:.1f}L{px + r:.1f},{py + r:.1f}M{px + r:.1f},"
            f"{py - r:.1f}L{px - r:.1f},{py + r:.1f}' stroke='{style.OBSTACLE}' stroke-width='4'/>"
        )
    for (ox, oy), d in sorted(state.game.riptides.items()):  # riptides: an arrow
        path = "".join(f"M{a[0]:.1f},{a[1]:.1f}L{b[0]:.1f},{b[1]:.1f}" for a, b in
                       lay.riptide_arrow(ox, oy, d))  # fmt: skip
        out.append(
            f"<path d='{path}' stroke='{style.OBSTACLE}' stroke-width='3' fill='none' "
            f"stroke-linecap='round'><title>riptide at ({ox}, {oy}) pointing {d}</title></path>"
        )
    return out


def _influence(state: CurrentsState, lay: Layout) -> list[str]:
    inf = state.inspect()
    out = []
    for si in inf.currents:
        i = SLOTS.index(si.slot)
        for x1, y1, x2, y2 in lay.slot_lines_px(i):
            out.append(
                f"<line class='influence-line' x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' "
                f"y2='{y2:.1f}' stroke='{style.HIGHLIGHT}' stroke-opacity='0.28' stroke-width='5'/>"
            )
        x, y, w, h = lay.slot_rect(i)
        out.append(
            f"<rect x='{x - 3:.1f}' y='{y - 3:.1f}' width='{w + 6:.1f}' height='{h + 6:.1f}' "
            f"rx='6' fill='none' stroke='{style.HIGHLIGHT}' stroke-width='3'/>"
        )
    if inf.vector != (0, 0):
        (x1, y1), (x2, y2) = lay.point(*inf.at), lay.point(*inf.destination)
        out.append(
            "<defs><marker id='arrowhead' markerWidth='8' markerHeight='8' refX='6' refY='4' "
            f"orient='auto'><path d='M0,0L8,4L0,8z' fill='{style.ARROW}'/></marker></defs>"
            f"<line class='net-vector' x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
            f"stroke='{style.ARROW}' stroke-width='3' marker-end='url(#arrowhead)'/>"
        )
    return out


#: How far a slot's frames (influence, selection, legal target) reach out from its card.
FRAME_REACH = 7.0


def slot_name_at(lay: Layout, i: int) -> tuple[float, float]:
    """Where slot ``i``'s name goes (text centre x, baseline y): S slots under their card,
    the others above it, in both cases beyond the frames drawn round the card so that
    a framed slot keeps its name readable."""
    x, y, w, h = lay.slot_rect(i)
    fs = lay.square * 0.22
    if i // 4 == 2:
        return (x + w / 2, y + h + FRAME_REACH + fs)
    return (x + w / 2, y - FRAME_REACH)


def _slot_names(lay: Layout) -> list[str]:
    out = []
    fs = lay.square * 0.22
    for i, name in enumerate(SLOTS):
        tx, ty = slot_name_at(lay, i)
        out.append(
            f"<text x='{tx:.1f}' y='{ty:.1f}' font-size='{fs:.1f}' text-anchor='middle' "
            f"fill='{style.MUTED}' {FONT}>{name}</text>"
        )
    return out


def _pawn(state: CurrentsState, lay: Layout) -> list[str]:
    x, y = state.pawn
    px, py = lay.point(x, y)
    # A pawn that left the board (game won) is drawn just outside it.
    px = min(max(px, lay.x0 - lay.square * 0.5), lay.x0 + lay.board + lay.square * 0.5)
    py = min(max(py, lay.y0 - lay.square * 0.5), lay.y0 + lay.board + lay.square * 0.5)
    r = lay.square * 0.26
    return [
        f"<circle cx='{px:.1f}' cy='{py:.1f}' r='{r:.1f}' fill='{PAWN}' stroke='white' "
        "stroke-width='2'/>"
    ]


def _panel(state: CurrentsState, lay: Layout, four: bool, viewer: int | None) -> list[str]:
    out = []
    cx, cy = lay.compass_center
    fs = lay.square * 0.3
    out.append(
        f"<text x='{lay.panel_x + lay.gap:.1f}' y='{lay.y0 - lay.margin / 2:.1f}' "
        f"font-size='{fs:.1f}' font-weight='bold' fill='{style.TEXT}' {FONT}>Compass</text>"
    )
    for i, point in enumerate("NESW"):
        card = state.compass[i]
        out.append(card_svg(card, lay.compass_rect(i), four))
        if card is None:
            x, y, w, h = lay.compass_rect(i)
            out.append(
                f"<text x='{x + w / 2:.1f}' y='{y + h / 2 + fs / 3:.1f}' font-size='{fs:.1f}' "
                f"text-anchor='middle' fill='{style.EMPTY_PLACE}' {FONT}>{point}</text>"
            )
    out.append(
        f"<text x='{cx:.1f}' y='{cy + fs / 3:.1f}' font-size='{fs:.1f}' text-anchor='middle' "
        f"fill='{style.MUTED}' {FONT}>✣</text>"
    )
    if state.aside:  # set-up: the aces still to be placed, as the live board shows them
        out.append(
            f"<text x='{lay.panel_x + lay.gap:.1f}' y='{lay.aside_y + fs * 0.55:.1f}' "
            f"font-size='{fs * 0.85:.1f}' fill='{style.TEXT}' {FONT}>Aces to place</text>"
        )
        out += [card_svg(ace, lay.aside_rect(k), four) for k, ace in enumerate(state.aside)]
    for p, hand in enumerate(state.hands):
        lx, ly = lay.hand_label(p)
        mark = " ◀" if p == state.player else ""
        out.append(
            f"<text x='{lx:.1f}' y='{ly + fs * 0.55:.1f}' font-size='{fs * 0.85:.1f}' "
            f"fill='{style.TEXT}' {FONT}>P{p}{mark}</text>"
        )
        for k, card in enumerate(hand[:4]):
            hidden = viewer is not None and viewer != p
            out.append(card_svg(card, lay.hand_rect(p, k), four, hidden))
    return out


def marked_players(state: CurrentsState) -> frozenset[int]:
    """Whose goal edges are highlighted: the player to decide (the one placing an ace
    during set-up), the player whose turn it is while another decides whether to
    goaltend, or the winners once the game is over."""
    if state.is_terminal:
        return frozenset(state.winners)
    return frozenset({_turn_of(state)})


def _turn_of(state: CurrentsState) -> int:
    return state.turn_player if state.phase == "defend" else state.player


def goal_marks(state: CurrentsState, lay: Layout) -> list[GoalMark]:
    """The goal mark of each edge for ``state``'s game (its ``owner`` and ``goaltender``
    tables, so two players with ``p0_edges`` and four players are both right)."""
    game = state.game
    return lay.goal_marks(game.owner, game.goaltender, marked_players(state))


def turn_caption(state: CurrentsState) -> str:
    """One line saying whose turn it is, which edge that player must push the pawn over,
    and whose goal every edge is (the board's caption and the SVG picture's title)."""
    owner = state.game.owner
    goals = " · ".join(f"{e} P{owner[e]}" for e in "NESW")

    def edges(p: int) -> str:
        mine = [e for e in "NESW" if owner[e] == p]
        return (" and ".join(mine)) + (" edges" if len(mine) > 1 else " edge")

    if state.is_terminal:
        if not state.winners:
            return f"Game over without a winner. Goal edges: {goals}."
        won = " and ".join(f"P{p} (goal: the {edges(p)})" for p in sorted(state.winners))
        return f"Game over: {won} won. Goal edges: {goals}."
    p = _turn_of(state)
    guards = dict.fromkeys(state.game.goaltender[e] for e in "NESW" if owner[e] == p)
    guard = " and ".join(f"P{g}" for g in guards)
    verb = "place an ace; P{p}'s goal is" if state.phase == "setup" else "push the pawn over"
    line = f"P{p}'s turn: {verb.format(p=p)} the {edges(p)} (guarded by {guard})."
    if state.phase == "defend":
        line += f" P{state.player} decides whether to goaltend."
    return f"{line} Goal edges: {goals}."


def _goal_marks(state: CurrentsState, lay: Layout) -> list[str]:
    out = []
    fs = lay.square * 0.24
    for m in goal_marks(state, lay):
        colour = style.PLAYER_COLOURS[m.owner % len(style.PLAYER_COLOURS)]
        x, y, w, h = m.band
        out.append(
            f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' fill='{colour}' "
            f"fill-opacity='{0.45 if m.current else 0.2}'/>"
        )
        if m.current:  # a solid stripe on the board's edge line
            sx, sy, sw, sh = _stripe(m, 3.0)
            out.append(
                f"<rect x='{sx:.1f}' y='{sy:.1f}' width='{sw:.1f}' height='{sh:.1f}' "
                f"fill='{colour}'/>"
            )
        tx, ty = m.text_at
        weight = "bold" if m.current else "normal"
        out.append(
            f"<text x='{tx:.1f}' y='{ty + fs * 0.35:.1f}' font-size='{fs:.1f}' "
            f"font-weight='{weight}' text-anchor='middle' fill='{style.TEXT}' "
            f"transform='rotate({m.angle:.0f} {tx:.1f} {ty:.1f})' {FONT}>{m.label}</text>"
        )
    for p in range(state.game.num_players):  # a swatch of each seat's colour by its hand
        lx, ly = lay.hand_label(p)
        out.append(
            f"<rect x='{lx - 11:.1f}' y='{ly:.1f}' width='8' height='8' "
            f"fill='{style.PLAYER_COLOURS[p % len(style.PLAYER_COLOURS)]}'/>"
        )
    return out


def _stripe(m: GoalMark, t: float) -> tuple[float, float, float, float]:
    """The outer ``t`` pixels of a goal band (along the board's edge line)."""
    x, y, w, h = m.band
    return {
        "N": (x, y, w, t),
        "S": (x, y + h - t, w, t),
        "E": (x + w - t, y, t, h),
        "W": (x, y, t, h),
    }[m.edge]


def describe(state: CurrentsState) -> str:
    """One sentence describing the position, for screen readers and alt texts."""
    x, y = state.pawn
    compass = ", ".join(f"{p} {pretty(c) if c else 'empty'}" for p, c in zip("NESW", state.compass))
    n = sum(c is not None for c in state.currents)
    if state.is_terminal:
        who = (
            f"won by player {' and '.join(map(str, sorted(state.winners)))}"
            if state.winners
            else "over without a winner"
        )
        status = f"game {who}"
    else:
        status = f"player {state.player} to {_phase_verb(state.phase)}"
    inf = state.inspect() if not state.is_terminal else None
    vec = f", the currents push it {push_in_words(inf.vector)}" if inf else ""
    return (
        f"Currents, turn {state.turn + 1}: pawn at ({x}, {y}){vec}; compass {compass}; "
        f"{n} of 16 current slots filled; {status}."
    )


def push_in_words(vector: tuple[int, int]) -> str:
    """A net vector in words: ``(1, -1)`` is "1 step east and 1 step south"."""
    dx, dy = vector
    parts = [
        f"{abs(d)} step{'s' if abs(d) > 1 else ''} {name}"
        for d, name in ((dx, "east" if dx > 0 else "west"), (dy, "north" if dy > 0 else "south"))
        if d
    ]
    return " and ".join(parts) if parts else "nowhere (the pushes cancel or none acts)"


def _phase_verb(phase: str) -> str:
    return {
        "setup": "place an ace",
        "play": "play or discard a card",
        "combo": "follow up the demotion or stop",
        "defend": "goaltend or decline",
    }.get(phase, phase)
