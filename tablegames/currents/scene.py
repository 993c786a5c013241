"""The Currents picture, described once: the board, the side panel and the inspector's
overlay as a :class:`~tablegames.scene.Scene`, drawn as SVG (``state._repr_svg_``,
static pictures) and on the canvas widgets alike (``CurrentsBoard``, ``CurrentsEditor``,
``CurrentsInspector``), so the two cannot show different things.

- background (fixed for a game and a size): the 8x8 board, its line numbers (0-8 on
  both axes), the slot names, the compass title, obstacles and riptides, a swatch of
  each seat's colour by its hand;
- pieces (the position): each edge's goal mark (a band in the colour of the player who
  wins over it, naming them and its goaltender; solid for the player whose turn it is),
  the cards in the slots, on the compass, waiting to be placed and in the hands (others'
  face down for a ``viewer``), whose decision it is, and the pawn;
- overlay (from ``state.inspect()`` only): the lines of a pinned slot, the influencing
  currents framed (their lines too with ``influence_lines``), the net vector as an arrow,
  the edges about to be crossed and the scout.

:func:`inspector_scene` adds the vector-cancellation table beside the board: the
inspector's static picture; :func:`panel_scene` is that table alone, the live
inspector's panel canvas.

>>> import tablegames as tg
>>> scene = state_scene(tg.make("currents", players=2).initial_state(1))
>>> [t.text for t in scene.pieces if isinstance(t, Text)][:2]
["P0's goal · P1 guards", "P1's goal · P0 guards"]
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from .. import style
from ..scene import Arrow, Card, Circle, Line, Rect, Scene, Shape, Text
from ..svg import wrap
from .geometry import POINTS, SIZE, SLOTS
from .layout import GoalMark, Layout
from .text import cancellation_text, crossing_sentences, describe, turn_of, vector_words

if TYPE_CHECKING:
    from collections.abc import Hashable as Key

    from .game import CurrentsGame
    from .influence import Influence
    from .state import CurrentsState

CROSSING = "#c62828"  #: the bar outside an edge the pawn is about to cross
SCOUT = "#fdd835"  #: the scout token
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
TABLE_WIDTH = 340.0  #: width of the vector-cancellation table
ROW = 40.0  #: height of one current's row in the table (a small card, its slot, its pushes)
PINNED = "#0d47a1"  #: a pinned slot's lines and frame: darker than the influence lines
PAWN_RADIUS = 0.24  #: the pawn's radius, in squares (clear of the line numbers)
OFF_BOARD_RADIUS = 0.16  #: a won pawn's radius, small enough for the margin off the board


def translucent(colour: str, alpha: float) -> str:
    """``colour`` (``#rrggbb``) with opacity ``alpha``, as a CSS colour both SVG and the
    canvas understand: ``translucent('#1e88e5', 0.5) == 'rgba(30,136,229,0.5)'``."""
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha:g})"


def player_colour(p: int) -> str:
    """Seat ``p``'s colour (goal marks, the swatch by its hand)."""
    return style.PLAYER_COLOURS[p % len(style.PLAYER_COLOURS)]


def state_scene(
    state: CurrentsState,
    square: float = 40.0,
    viewer: int | None = None,
    four_colour: bool = False,
    inspector: bool = True,
    influence_lines: bool = True,
    selected_slot: int | None = None,
    scout_step: int | None = None,
) -> Scene:
    """The picture of ``state`` at ``square`` pixels per board square.

    ``viewer`` shows the hands as that player sees them (the others face down);
    ``inspector`` frames the currents acting on the pawn, draws the net vector and flags
    an edge about to be crossed, ``influence_lines`` also draws those currents' lines;
    ``selected_slot`` (0-15) pins that slot's three lines; ``scout_step`` puts the scout
    token on that stop of the scout's path. Nothing is drawn for these once the game is
    over, except a pinned slot.
    """
    lay = layout(square, state.game.num_players)
    inf = None if state.is_terminal else state.inspect()
    scene = Scene(lay.width, lay.height, describe(state, inf), four_colour=four_colour)
    scene.background = background_shapes(state.game, lay)
    scene.pieces = piece_shapes(state, lay, viewer)
    pinned = [] if selected_slot is None else slot_shapes(lay, selected_slot)
    if inf is not None and inspector:
        shapes = influence_shapes(inf, lay, influence_lines)
        arrow = next((k for k, shape in enumerate(shapes) if isinstance(shape, Arrow)), None)
        cut = len(shapes) if arrow is None else arrow  # the pinned lines under the arrow
        scene.overlay += [*shapes[:cut], *pinned, *shapes[cut:]]
    else:
        scene.overlay += pinned
    if inf is not None and scout_step is not None:
        scene.overlay += scout_path_shapes(lay, inf)
        scene.overlay.append(scout_shape(lay, scout_stop(inf, scout_step)))
    return scene


@functools.lru_cache(maxsize=64)
def layout(square: float, players: int) -> Layout:
    """The (shared, unchanging) :class:`Layout` for a square size and a number of players."""
    return Layout(square, players)


# ---- background -------------------------------------------------------------------------


def background_shapes(game: CurrentsGame, lay: Layout) -> list[Shape]:
    """What stays put during a game: paper, squares, lines, names, obstacles, riptides
    (made once per game set-up and size: a board redraws it for free)."""
    obstacles = tuple(sorted(game.obstacle_set))
    riptides = tuple(sorted(game.riptides.items()))
    return list(_background(lay.square, game.num_players, obstacles, riptides))


@functools.lru_cache(maxsize=64)
def _background(
    square: float,
    players: int,
    obstacles: tuple[tuple[int, int], ...],
    riptides: tuple[tuple[tuple[int, int], str], ...],
) -> tuple[Shape, ...]:
    lay = layout(square, players)
    s = lay.square
    out: list[Shape] = [Rect(0, 0, lay.width, lay.height, fill=style.PAPER)]
    for parity, colour in ((0, style.BOARD_LIGHT), (1, style.BOARD_DARK)):
        out += [
            Rect(lay.x0 + col * s, lay.y0 + row * s, s, s, fill=colour)
            for col in range(SIZE)
            for row in range(SIZE)
            if (col + row) % 2 == parity
        ]
    for i in range(SIZE + 1):
        (x1, y1), (x2, y2) = lay.point(i, 0), lay.point(i, SIZE)
        (x3, y3), (x4, y4) = lay.point(0, i), lay.point(SIZE, i)
        out += [Line(x1, y1, x2, y2), Line(x3, y3, x4, y4)]
    out.append(Rect(*lay.board_box, stroke=style.LINE, width=2))
    r = s * 0.22
    for ox, oy in obstacles:  # obstacles: a cross
        px, py = lay.point(ox, oy)
        out += [
            Line(px - r, py - r, px + r, py + r, style.OBSTACLE, 4),
            Line(px + r, py - r, px - r, py + r, style.OBSTACLE, 4),
        ]
    for (ox, oy), d in riptides:  # riptides: an arrow
        out += [Line(*a, *b, style.OBSTACLE, 3) for a, b in lay.riptide_arrow(ox, oy, d)]
    out += [  # placed clear of the slot frames, not under them
        Text(*lay.slot_name_at(i), name, s * 0.22, style.MUTED, "middle")
        for i, name in enumerate(SLOTS)
    ]
    out += line_number_shapes(lay)
    fs = s * 0.3
    out.append(Text(lay.panel_x + lay.gap, lay.y0 - lay.margin / 2, "Compass", fs, bold=True))
    cx, cy = lay.compass_center
    out.append(Text(cx, cy + fs / 3, "✣", fs, style.MUTED, "middle"))
    for p in range(players):  # a swatch of each seat's colour by its hand
        lx, ly = lay.hand_label(p)
        out.append(Rect(lx - 11, ly, 8, 8, fill=player_colour(p)))
    return tuple(out)


def line_number_shapes(lay: Layout) -> list[Shape]:
    """The board's line numbers, 0 to 8: ``x`` under the south edge, ``y`` left of the
    west edge, small and muted, so that an intersection such as (5, 3) can be found."""
    fs = lay.number_size
    return [
        Text(*lay.line_number_at(axis, i), str(i), fs, style.MUTED, "middle")
        for axis in ("x", "y")
        for i in range(SIZE + 1)
    ]


# ---- pieces -----------------------------------------------------------------------------


def marked_players(state: CurrentsState) -> frozenset[int]:
    """Whose goal edges are highlighted: the player to decide (the one placing an ace
    during set-up), the player whose turn it is while another decides whether to
    goaltend, or the winners once the game is over."""
    if state.is_terminal:
        return frozenset(state.winners)
    return frozenset({turn_of(state)})


def goal_marks(state: CurrentsState, lay: Layout) -> list[GoalMark]:
    """The goal mark of each edge for ``state``'s game (its ``owner`` and ``goaltender``
    tables, so two players with ``p0_edges`` and four players are both right)."""
    game = state.game
    return lay.goal_marks(game.owner, game.goaltender, marked_players(state))


def goal_mark_shapes(marks: list[GoalMark], lay: Layout) -> list[Shape]:
    """Each mark's translucent band (stronger for the player whose turn it is, with a
    solid stripe on the edge line) and its label, turned to read along its edge."""
    return list(_goal_mark_shapes(tuple(marks), lay.square))


@functools.lru_cache(maxsize=256)
def _goal_mark_shapes(marks: tuple[GoalMark, ...], square: float) -> tuple[Shape, ...]:
    fs = square * 0.24
    out: list[Shape] = []
    for m in marks:
        alpha = 0.45 if m.current else 0.2
        out.append(Rect(*m.band, fill=translucent(player_colour(m.owner), alpha)))
    out += [Rect(*m.stripe(3.0), fill=player_colour(m.owner)) for m in marks if m.current]
    for m in marks:
        x, y = m.label_baseline(fs)
        out.append(Text(x, y, m.label, fs, anchor="middle", bold=m.current, angle=m.angle))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _card(card: str | None, rect: tuple[float, float, float, float], key: Key | None) -> Card:
    """A card shape, made once per card and place (a redraw makes dozens)."""
    if key is None:  # a face-down card: its code is not even in the scene
        return Card(None, *rect, hidden=True)
    return Card(card, *rect, key=key)


@functools.lru_cache(maxsize=256)
def _panel_labels(square: float, players: int, to_decide: int, aside: bool) -> tuple[Shape, ...]:
    """Each hand's label (the player to decide marked) and the set-up's aces title."""
    lay = layout(square, players)
    fs = square * 0.3
    out: list[Shape] = []
    if aside:  # set-up: the aces still to be placed
        out.append(Text(lay.panel_x + lay.gap, lay.aside_y + fs * 0.55, "Aces to place", fs * 0.85))
    for p in range(players):
        lx, ly = lay.hand_label(p)
        if p == to_decide:
            out.append(Text(lx, ly + fs * 0.55, f"P{p} ◀ to decide", fs * 0.85, style.HIGHLIGHT))
        else:
            out.append(Text(lx, ly + fs * 0.55, f"P{p}", fs * 0.85))
    return tuple(out)


def piece_shapes(state: CurrentsState, lay: Layout, viewer: int | None = None) -> list[Shape]:
    """The position: goal marks, cards, whose decision it is, the pawn."""
    out = goal_mark_shapes(goal_marks(state, lay), lay)
    out += [_card(c, lay.slot_rect(i), ("slot", i)) for i, c in enumerate(state.currents)]
    out += [_card(c, lay.compass_rect(i), ("compass", i)) for i, c in enumerate(state.compass)]
    out += [_card(ace, lay.aside_rect(k), ("aside", ace)) for k, ace in enumerate(state.aside)]
    for p, hand in enumerate(state.hands):
        hidden = viewer is not None and viewer != p
        out += [
            _card(None, lay.hand_rect(p, k), None)
            if hidden
            else _card(c, lay.hand_rect(p, k), ("card", c))
            for k, c in enumerate(hand[:4])
        ]
    fs = lay.square * 0.3
    for i, point in enumerate(POINTS):
        if state.compass[i] is None:
            x, y, w, h = lay.compass_rect(i)
            out.append(Text(x + w / 2, y + h / 2 + fs / 3, point, fs, style.EMPTY_PLACE, "middle"))
    out += _panel_labels(lay.square, state.game.num_players, state.player, bool(state.aside))
    if state.is_terminal:  # where the aces waited during set-up: who won
        out.append(Text(lay.panel_x + lay.gap, lay.aside_y + fs * 0.9, result_words(state), fs,
                        style.WARNING, bold=True))  # fmt: skip
    if lay.on_board(state.pawn):
        out.append(
            Circle(*lay.point(*state.pawn), lay.square * PAWN_RADIUS, style.PAWN, "white", 2)
        )
    else:  # won: small, in the margin between the edge line and the slots
        r = lay.square * OFF_BOARD_RADIUS
        out.append(Circle(*lay.pawn_px(state.pawn), r, style.PAWN, "white", 1.5))
    return out


def result_words(state: CurrentsState) -> str:
    """A finished game's result in a few words: "Player 0 wins", "Players 1 and 2 win",
    "No winner"."""
    won = sorted(state.winners)
    if not won:
        return "No winner"
    if len(won) == 1:
        return f"Player {won[0]} wins"
    return f"Players {' and '.join(map(str, won))} win"


# ---- overlay ----------------------------------------------------------------------------


def slot_shapes(lay: Layout, slot: int) -> list[Shape]:
    """A pinned (or hovered) slot: its three board lines, dashed and darker than the
    influence lines (drawn over them), and a thick frame round its card."""
    x, y, w, h = lay.slot_rect(slot)
    lines: list[Shape] = [Line(*line, PINNED, 2.5, dash=(7, 4)) for line in lay.slot_lines_px(slot)]
    return [*lines, Rect(x - 5, y - 5, w + 10, h + 10, stroke=PINNED, width=4, radius=6)]


def influence_shapes(inf: Influence, lay: Layout, influence_lines: bool = True) -> list[Shape]:
    """The currents acting on the pawn framed (and their lines), the net vector as an
    arrow, and a bar outside each edge the pawn would cross."""
    framed = [SLOTS.index(si.slot) for si in inf.currents]
    out: list[Shape] = []
    if influence_lines:
        faint = translucent(style.HIGHLIGHT, 0.28)
        out += [Line(*line, faint, 5) for i in framed for line in lay.slot_lines_px(i)]
    for i in framed:
        x, y, w, h = lay.slot_rect(i)
        out.append(Rect(x - 3, y - 3, w + 6, h + 6, stroke=style.HIGHLIGHT, width=3, radius=6))
    if inf.vector != (0, 0):
        out += push_shapes(lay, inf)
    out += [Rect(*lay.crossing_bar(g.edge), fill=CROSSING) for g in inf.goaltending]
    return out


def push_shapes(lay: Layout, inf: Influence) -> list[Shape]:
    """The net vector as an arrow from the pawn to its destination; when an obstacle or a
    riptide stops the pawn, the arrow stops short of it with a bar across its tip (the
    "stopped" mark), leaving what stopped it in sight."""
    (x1, y1), (x2, y2) = lay.point(*inf.at), lay.point(*inf.destination)
    if not inf.blocked:
        return [Arrow(x1, y1, x2, y2, style.ARROW, 3)]
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    short = max(length - lay.square * 0.45, length * 0.3)
    tx, ty = x1 + ux * short, y1 + uy * short
    bar = lay.square * 0.2
    return [
        Line(x1, y1, tx, ty, style.ARROW, 3),
        Line(tx - uy * bar, ty + ux * bar, tx + uy * bar, ty - ux * bar, style.ARROW, 4),
    ]


def scout_stop(inf: Influence, step: int) -> tuple[int, int]:
    """Where the scout stands at ``step`` (its last stop for any later step)."""
    return inf.scout_path[min(step, len(inf.scout_path) - 1)]


def scout_path_shapes(lay: Layout, inf: Influence) -> list[Shape]:
    """The scout's whole walk as a dotted line, one segment per step that moves."""
    path = [lay.point(*stop) for stop in inf.scout_path]
    return [Line(*a, *b, style.PAWN, 2, dash=(2, 4)) for a, b in itertools.pairwise(path) if a != b]


def scout_shape(lay: Layout, stop: tuple[int, int]) -> Shape:
    """The scout token on intersection ``stop``."""
    return Circle(*lay.point(*stop), lay.square * 0.16, SCOUT, style.PAWN, 2)


# ---- the inspector ----------------------------------------------------------------------


def cancellation_shapes(
    inf: Influence | None, x0: float = 0.0, width: float = TABLE_WIDTH
) -> tuple[list[Shape], float]:
    """The vector-cancellation table drawn from (``x0``, 0), and its height.

    One row per current acting on the pawn: its card, its slot and the compass directions
    its suit maps to, the cancelled units struck through; then the cancelled pairs in
    words, the tally, the net vector with its arrow and the destination, what keeps the
    pawn in place, and any edge crossing with the goaltending it would need.
    """
    out: list[Shape] = [_words(x0, 10, 24, "Vector cancellation", 15, bold=True)]
    if inf is None:
        out.append(_words(x0, 10, 50, "The game is over.", 13))
        return out, 70.0
    y = _current_rows(out, inf, x0, 40.0)
    y = _vector_lines(out, inf, x0, width, y)
    y = _what_stops_or_crosses(out, inf, x0, width, y)
    return out, y + 10


def _words(
    x0: float, x: float, y: float, words: str, size: float, fill: str = style.TEXT,
    bold: bool = False,
) -> Text:  # fmt: skip
    """A line of the table's text, ``x`` from the table's left edge ``x0``."""
    return Text(x0 + x, y, words, size, fill, bold=bold)


def _current_rows(out: list[Shape], inf: Influence, x0: float, y: float) -> float:
    """The table's head and one row per current (cancelled units struck through)."""
    if not inf.currents:
        out.append(
            _words(x0, 10, y + 16, f"No current acts on the pawn at {inf.at}.", 13, style.MUTED)
        )
        y += 30
    else:
        out += [
            _words(x0, hx, y + 6, head, 11, style.MUTED)
            for hx, head in ((10, "Card"), (44, "Slot"), (84, "Pushes"))
        ]
        y += 12
    struck = {k for pair in inf.cancelled for k in pair}
    unit = 0
    for si in inf.currents:
        out.append(Card(si.card, x0 + 10, y, 26, 34))
        out.append(_words(x0, 44, y + 22, si.slot, 13))
        x = 84.0
        if not si.directions:
            out.append(
                _words(x0, x, y + 22, "dead: its suit is not on the compass", 12, style.MUTED)
            )
        for d in si.directions:
            cancelled = unit in struck
            colour = style.MUTED if cancelled else style.TEXT
            out.append(_words(x0, x, y + 22, f"{ARROWS[d]}{d}", 16, colour, bold=True))
            if cancelled:
                out.append(Line(x0 + x - 3, y + 26, x0 + x + 30, y + 10, style.WARNING, 2))
            unit += 1
            x += 42
        y += ROW
    return y


def _vector_lines(out: list[Shape], inf: Influence, x0: float, width: float, y: float) -> float:
    """The cancelled pairs in words, the tally and the net vector with its arrow."""
    for a, b in inf.cancelled:
        ua, ub = inf.units[a], inf.units[b]
        line = (
            f"{ARROWS[ua.direction]}{ua.direction} ({ua.slot}) cancels "
            f"{ARROWS[ub.direction]}{ub.direction} ({ub.slot})"
        )
        out.append(_words(x0, 10, y + 14, line, 12, style.MUTED))
        y += 18
    tally = " · ".join(f"{d} {inf.tally[d]}" for d in "NESW")
    out.append(_words(x0, 10, y + 20, f"Tally: {tally}", 13))
    dx, dy = inf.vector
    vector = f"Net push: {vector_words(inf.vector)}  →  {inf.destination}"
    out.append(_words(x0, 10, y + 42, vector, 14, bold=True))
    if inf.vector != (0, 0):
        n = max(abs(dx), abs(dy), 1)
        cx, cy = x0 + min(width - 30, 30 + len(vector) * 14 * 0.62), y + 36  # after the text
        out.append(Arrow(cx, cy, cx + 18 * dx / n, cy - 18 * dy / n, style.ARROW, 2))
    return y + 54


def _what_stops_or_crosses(
    out: list[Shape], inf: Influence, x0: float, width: float, y: float
) -> float:
    """What keeps the pawn in place, and each edge crossing with its goaltending."""
    if inf.blocked:
        for words in wrap(f"The pawn stays: {inf.blocked_by}.", width - 20, 13):
            out.append(_words(x0, 10, y + 14, words, 13, style.WARNING))
            y += 17
        y += 5
    for g in inf.goaltending:
        head, sentence = crossing_sentences(g)
        out.append(_words(x0, 10, y + 14, head, 13, style.WARNING, bold=True))
        y += 18
        for words in wrap(sentence, width - 20, 13):
            out.append(_words(x0, 10, y + 14, words, 13, style.WARNING))
            y += 17
        y += 8
    return y


def panel_scene(
    inf: Influence | None,
    width: float = TABLE_WIDTH,
    height: float = 460.0,
    four_colour: bool = False,
) -> Scene:
    """The cancellation table alone on paper (the live inspector's panel): ``inf`` is
    ``state.inspect()``, None once the game is over."""
    shapes, used = cancellation_shapes(inf, 0.0, width)
    scene = Scene(width, max(height, used), cancellation_text(inf), four_colour=four_colour)
    scene.background = [Rect(0, 0, width, max(height, used), fill=style.PAPER)]
    scene.pieces = shapes
    return scene


def inspector_scene(
    state: CurrentsState,
    square: float = 40.0,
    viewer: int | None = None,
    four_colour: bool = False,
    selected_slot: int | None = None,
    scout_step: int | None = None,
) -> Scene:
    """The inspector's picture: the board with every influencing current's lines, the
    net-vector arrow, a pinned slot and the scout, and the cancellation table beside it."""
    scene = state_scene(
        state,
        square,
        viewer,
        four_colour,
        inspector=True,
        influence_lines=True,
        selected_slot=selected_slot,
        scout_step=scout_step,
    )
    inf = None if state.is_terminal else state.inspect()
    table, used = cancellation_shapes(inf, scene.width)
    scene.label += " " + cancellation_text(inf)
    if inf is not None and scout_step is not None:
        scene.label += f" The scout stands at {scout_stop(inf, scout_step)}."
    scene.width += TABLE_WIDTH
    scene.height = max(scene.height, used)
    scene.background[0] = Rect(0, 0, scene.width, scene.height, fill=style.PAPER)
    scene.overlay += table
    return scene
