"""The inspection API: everything the currents do to the pawn, for widgets and teaching.

``state.inspect()`` answers, for the pawn (or any intersection): which slots influence
it and on which lines, the directions each current maps to through the compass, the
tally, which units cancel in pairs, the net vector, the destination, the edges it
would cross, the scout's path and the goaltending each crossing would need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import SUIT
from .geometry import (
    INFLUENCING,
    OPPOSITE,
    POINTS,
    SIZE,
    SLOTS,
    VECTOR,
    crossings,
    slot_lines,
)
from .push import pushed_to
from .rules import advantage_order, stopped_by

if TYPE_CHECKING:
    from .state import CurrentsState


class SlotInfluence(NamedTuple):
    """One slot that influences the intersection."""

    slot: str  #: e.g. ``"N1"``
    lines: tuple[int, int, int]  #: the lines it influences (x for N/S slots, y for E/W)
    card: str | None  #: the current on it, if any
    directions: tuple[str, ...]  #: compass points holding the card's suit (empty: dead current)
    step: tuple[int, int]  #: this current's own push (sum of its directions)


class Unit(NamedTuple):
    """One unit of push: a current pushing one step in one direction."""

    slot: str
    direction: str


class Goaltending(NamedTuple):
    """What a crossing of one edge would need, in the order it would be resolved."""

    edge: str  #: the edge the pawn would cross
    winner: int  #: the player who owns that edge
    goaltender: int  #: the player who may defend it
    point: str  #: the compass point opposite the crossing direction
    suit: str | None  #: the suit there (None: no defence possible)
    overshoot: int  #: how many cards of that suit stop the pawn on the edge line


class Influence(NamedTuple):
    """The whole answer of :meth:`CurrentsState.inspect`."""

    at: tuple[int, int]
    slots: tuple[SlotInfluence, ...]  #: influencing slots, occupied or not, in scout order
    units: tuple[Unit, ...]  #: every unit of push, in scout order
    tally: dict[str, int]  #: units per direction
    cancelled: tuple[tuple[int, int], ...]  #: pairs of indices into ``units`` that cancel
    vector: tuple[int, int]  #: net (dx, dy), east and north positive
    destination: tuple[int, int]  #: where the vector points (may be off the board)
    crossed: dict[str, int]  #: edges beyond which the destination lies, and by how much
    scout_path: tuple[tuple[int, int], ...]  #: the scout's stops, one per occupied slot
    goaltending: tuple[Goaltending, ...]  #: crossings in the order they would be defended
    blocked: bool  #: an obstacle or a riptide at the destination keeps the pawn where it is
    #: what stopped it ("" when nothing did): "obstacle at (x, y)" or "riptide at (x, y)
    #: pointing S: the pawn may not enter it moving N"
    blocked_by: str = ""

    @property
    def landing(self) -> tuple[int, int]:
        """Where the pawn ends the Move phase if nobody defends: the destination, or where
        it stands when an obstacle or a riptide stops it."""
        return self.at if self.blocked else self.destination

    @property
    def currents(self) -> tuple[SlotInfluence, ...]:
        """The influencing slots that hold a card."""
        return tuple(s for s in self.slots if s.card is not None)


def influence(state: CurrentsState, at: Any = None) -> Influence:
    """Compute :class:`Influence` for ``state`` at the pawn or at intersection ``at``
    (``Any``: a user's value, checked here, so the compiled engine's own argument check
    cannot refuse it first with a TypeError that says nothing of intersections)."""
    pos = _position(state, at)
    slots, units, path = _slots(state, pos)
    n: list[int] = []
    e: list[int] = []
    s: list[int] = []
    w: list[int] = []
    at_index = {"N": n, "E": e, "S": s, "W": w}
    for k, u in enumerate(units):
        at_index[u[1]].append(k)
    tally = {"N": len(n), "E": len(e), "S": len(s), "W": len(w)}
    cancelled = (*zip(n, s), *zip(e, w))
    vector = (len(e) - len(w), len(n) - len(s))
    dest = (pos[0] + vector[0], pos[1] + vector[1])
    crossed = crossings(*dest)
    game = state.game
    why = ""
    if not crossed and (game.obstacle_set or game.riptides):
        why = stopped_by(game.obstacle_set, game.riptides, pos, dest)
    return _new(
        Influence,
        (
            pos,
            tuple(slots),
            tuple(units),
            tally,
            tuple(sorted(cancelled)) if cancelled else (),
            vector,
            dest,
            crossed,
            tuple(path),
            _goaltending(state, crossed) if crossed else (),
            bool(why),
            why,
        ),
    )


def _position(state: CurrentsState, at: Any) -> tuple[int, int]:
    """The intersection inspected: the pawn's (on the board), or ``at``."""
    if at is not None and (
        isinstance(at, (str, bytes))
        or not hasattr(at, "__len__")
        or len(at) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in at)
    ):
        raise ValueError(
            f"at={at!r} is not an intersection: give None (the pawn) or (x, y), two integers "
            "0 to 8 (x west to east, y south to north)"
        )
    pos = state.pawn if at is None else (at[0], at[1])
    if pos not in INFLUENCING:
        if at is None:
            raise ValueError(
                f"the pawn has left the board at {pos}: the game is over, so no current acts "
                "on it (inspect a position in play, or pass at=(x, y))"
            )
        raise ValueError(f"{pos} is not an intersection of the board (0 <= x, y <= 8)")
    return pos


def _slots(
    state: CurrentsState, pos: tuple[int, int]
) -> tuple[list[SlotInfluence], list[Unit], list[tuple[int, int]]]:
    """Each influencing slot with the directions its card maps to through the compass,
    the units of push they make, and the pawn's path slot by slot."""
    by_suit = _suit_directions(state.compass)
    currents = state.currents
    slots = []
    units: list[Unit] = []
    path = [pos]
    x, y = pos
    for i in INFLUENCING[pos]:
        card = currents[i]
        if card is None:
            slots.append(_EMPTY[i])
            continue
        dirs, step = by_suit[SUIT[card]]
        slots.append(_new(SlotInfluence, (SLOTS[i], _LINES[i], card, dirs, step)))
        if dirs:
            units.extend(_UNITS[i][dirs])
        x, y = x + step[0], y + step[1]
        path.append((x, y))
    return slots, units, path


_new = tuple.__new__
_LINES = tuple(slot_lines(slot) for slot in SLOTS)
#: Each slot's influence when it holds no card.
_EMPTY = tuple(SlotInfluence(slot, _LINES[i], None, (), (0, 0)) for i, slot in enumerate(SLOTS))
_DIRECTION_SETS = tuple(
    tuple(p for k, p in enumerate(POINTS) if bits >> k & 1) for bits in range(16)
)
#: Per slot, per set of directions (in N E S W order): the units of push of a current.
_UNITS = tuple({d: tuple(Unit(slot, p) for p in d) for d in _DIRECTION_SETS} for slot in SLOTS)
_SUIT_OF: dict[str | None, str | None] = {None: None}
_SUIT_OF.update(SUIT)
#: Per pattern of suits on the compass (N E S W; None: empty), per suit: the points holding
#: it and the sum of their vectors; at most 5**4 patterns, filled as they are met.
_BY_PATTERN: dict[
    tuple[str | None, ...], dict[str | None, tuple[tuple[str, ...], tuple[int, int]]]
] = {}


def _suit_directions(
    compass: tuple[str | None, ...],
) -> dict[str | None, tuple[tuple[str, ...], tuple[int, int]]]:
    """Per suit, the compass points holding it and a current's push (see _BY_PATTERN)."""
    pattern = tuple(map(_SUIT_OF.__getitem__, compass))
    table = _BY_PATTERN.get(pattern)
    if table is None:
        table = {}
        for suit in (*"CDHS", None):
            dirs = tuple(p for p, s in zip(POINTS, pattern) if s is not None and s == suit)
            sx = sum(VECTOR[d][0] for d in dirs)
            sy = sum(VECTOR[d][1] for d in dirs)
            table[suit] = (dirs, (sx, sy))
        _BY_PATTERN[pattern] = table
    return table


def _goaltending(state: CurrentsState, crossed: dict[str, int]) -> tuple[Goaltending, ...]:
    """For each edge the push would cross, in advantage order: who owns it, who guards
    it with which compass suit, and how many cards of it a defence needs."""
    game = state.game
    order = advantage_order(list(crossed), game.owner, state.turn_player, game.num_players)
    goal = []
    for edge in order:
        point = OPPOSITE[edge]
        card = state.compass[POINTS.index(point)]
        goal.append(
            Goaltending(
                edge,
                game.owner[edge],
                game.goaltender[edge],
                point,
                SUIT[card] if card else None,
                crossed[edge],
            )
        )
    return tuple(goal)


def edge_prospects(state: CurrentsState, owner: dict[str, int], players: int) -> list[float]:
    """Per player, how near the pawn's next destination (where the currents carry it, as
    ``inspect()`` says) lies to the nearer of that player's own edges (``owner``: edge ->
    player): 1 on the edge, 0 a board's length away. The bots' evaluation (compiled here,
    since the searches call it once per playout)."""
    x, y = pushed_to(state._accept_board(), state.pawn)
    gap = {"N": SIZE - y, "E": SIZE - x, "S": y, "W": x}
    near = [SIZE] * players
    for edge, p in owner.items():
        near[p] = min(near[p], max(gap[edge], 0))
    return [1.0 - d / SIZE for d in near]
