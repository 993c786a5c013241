"""Card Chess's state: an immutable position, its legal moves and ``apply``.

The surface is a 6 x 6 grid of the 36 cards that are not units, stored row by row from
black's back row (row 0) to red's (row 5); each cell may also hold a stack of units,
bottom to top. A decision is a placement (progressive set-up: ``KH e1``) or a move of
the top unit of a cell (``c1-c4``). ``apply`` then passes the turn and ends the game
when both kings of a side are covered, when the player to move has no legal move (a
draw) or when ``max_turns`` moves are made; the new state lists what happened in ``events``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..builder import listed
from ..built import BuiltState
from ..cards import ALL_CARDS, is_red, pretty, shuffled, sort_cards
from ..errors import IllegalMove
from ..events import Event
from ..grid import DIAGONAL, DIRECTION_NAMES, ORTHOGONAL
from ..nativebuilt import KeptMovesState
from ..value import field_table
from . import moves as mv
from .moves import CELL_NAMES, COLS, GRID, SIZE

if TYPE_CHECKING:
    from .game import CardChessGame

PHASES = ("setup", "play", "over")
RED, BLACK = 0, 1  #: player 0 plays red, player 1 black
COLOURS = ("red", "black")
#: Rows of each player's start area (red at the bottom, black at the top) and the terrain.
START_ROWS = ((4, 5), (0, 1))
TERRAIN_ROWS = (2, 3)
START_AREA: tuple[frozenset[int], frozenset[int]] = (
    frozenset(i for i in range(SIZE) if i // COLS in START_ROWS[RED]),
    frozenset(i for i in range(SIZE) if i // COLS in START_ROWS[BLACK]),
)
TERRAIN_CELLS = frozenset(i for i in range(SIZE) if i // COLS in TERRAIN_ROWS)
#: The twelve terrain cards (every 2, 3 and 5) and the 24 face-down start-area cards.
TERRAIN_CARDS: tuple[str, ...] = tuple(r + s for s in "CDHS" for r in "235")
START_CARDS: tuple[str, ...] = tuple(r + s for s in "CDHS" for r in "46789A")
SURFACE_CARDS = frozenset(TERRAIN_CARDS + START_CARDS)
#: Each side's army: K K Q Q J J T T of its colour.
ARMY: tuple[tuple[str, ...], tuple[str, ...]] = (
    sort_cards(u for u in mv.UNITS if is_red(u)),
    sort_cards(u for u in mv.UNITS if not is_red(u)),
)
#: Each side's two kings.
KINGS = (frozenset(("KD", "KH")), frozenset(("KC", "KS")))
_DIR = {d: DIRECTION_NAMES.index(d) for d in DIRECTION_NAMES}
#: For each unit rank: the direction indices it moves along and how far (cells).
PIECES: dict[str, tuple[tuple[int, ...], int]] = {
    "K": (tuple(range(8)), 1),
    "Q": (tuple(range(8)), 5),
    "J": (tuple(_DIR[d] for d in DIAGONAL), 5),
    "T": (tuple(_DIR[d] for d in ORTHOGONAL), 5),
}
PIECE_NAMES = {"K": "king", "Q": "queen", "J": "jack", "T": "ten"}
PIECE_RULES = {
    "K": "a king moves one step in any of the eight directions",
    "Q": "a queen moves along any of the eight rays",
    "J": "a jack moves along the diagonals",
    "T": "a ten moves along its row or column",
}


#: The player whose colour each card has: 0 for red, 1 for black.
OWNER: dict[str, int] = {c: RED if is_red(c) else BLACK for c in ALL_CARDS}
#: Per cell, whether its grid card lies face up, without and with terrain.
FACE_UP: tuple[tuple[bool, ...], tuple[bool, ...]] = (
    (False,) * SIZE,
    tuple(i in TERRAIN_CELLS for i in range(SIZE)),
)


#: A ray's moves: (target cell, move) pairs, nearest first.
Ray = tuple[tuple[int, mv.CardChessMove], ...]
#: Per unit rank and cell: the moves along each of its rays, cut at the rank's reach.
RAY_MOVES: Final[dict[str, tuple[tuple[Ray, ...], ...]]] = {
    rank: tuple(
        tuple(
            tuple((j, mv.MOVE[i][j]) for j in GRID.rays[i][k][:reach])
            for k in dirs
            if GRID.rays[i][k]
        )
        for i in range(SIZE)
    )
    for rank, (dirs, reach) in PIECES.items()
}
#: RAY_MOVES by unit (its rank's rays), read by the move generation.
_UNIT_RAYS: Final[dict[str, tuple[tuple[Ray, ...], ...]]] = {u: RAY_MOVES[u[0]] for u in mv.UNITS}
_SIZE: Final = SIZE
_OWNER: Final = OWNER
_PLACE: Final = mv.PLACE
#: Each start area's cells in order (where a progressive set-up places units).
_START_CELLS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(a)) for a in START_AREA)
#: The last surface :func:`_surface_colours` read, as (surface, terrain flag, colours):
#: one tuple, replaced whole and read once, so threads (a bot thinking in a worker
#: thread while the page lists moves of another game) never mix two games' entries.
_SURFACE: list[tuple[tuple[str, ...], bool, list[int]] | None] = [None]


def deal_surface(gen: Any) -> tuple[str, ...]:
    """The 36 grid cards: the shuffled 2-3-5s in the middle rows, the rest in the start
    areas (shuffled), row by row from black's back row."""
    terrain = shuffled(TERRAIN_CARDS, gen)
    start = shuffled(START_CARDS, gen)
    out: list[str] = []
    t = s = 0
    for i in range(SIZE):
        if i in TERRAIN_CELLS:
            out.append(terrain[t])
            t += 1
        else:
            out.append(start[s])
            s += 1
    return tuple(out)


def _surface_colours(surface: tuple[str, ...], terrain: bool) -> list[int]:
    """Per cell, the player whose colour the grid card shows, -1 where it lies face down.
    A game's surface never changes, and every state of it shares the one tuple, so the
    last answer is kept for it (checked by identity)."""
    cached = _SURFACE[0]
    if cached is None or cached[0] is not surface or cached[1] != terrain:
        colours = [OWNER[card] if up else -1 for card, up in zip(surface, FACE_UP[terrain])]
        cached = (surface, terrain, colours)
        _SURFACE[0] = cached
    return cached[2]


def owner(card: str) -> int:
    """The player whose colour ``card`` has: 0 for red, 1 for black."""
    return OWNER[card]


#: The fields CardChessState.__init__ takes, in order.
_FIELDS = (
    "game", "phase", "player", "ply", "surface", "stacks", "hands", "seed", "winners",
    "events", "last_move",
)  # fmt: skip


class CardChessState(KeptMovesState):
    """A Card Chess position. Build one with ``game.initial_state(seed)`` or
    ``game.state_from_json(data)``; never change it, ``apply`` returns a new one.

    ``surface`` holds the 36 grid cards by cell (row by row from black's back row);
    whether one is face up follows from the cell and the ``terrain`` option
    (:meth:`face_up`). ``stacks`` holds each cell's units, bottom to top; ``hands`` the
    units red and black still have to place (progressive set-up only).
    """

    game: CardChessGame
    phase: str
    player: int  #: whose decision it is (-1 when the game is over)
    ply: int  #: completed moves (placements are not counted)
    surface: tuple[str, ...]
    stacks: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]  #: red's and black's
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int]
    events: tuple[Event, ...]
    last_move: mv.CardChessMove | None
    #: :meth:`colours` once known: made by the move generation, kept up to date by the
    #: builder from one state to the next (a move changes two cells, a placement one)
    _colours: tuple[int, ...] | None

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS, ("_moves", "_colours"))

    def __init__(
        self,
        game: CardChessGame,
        phase: str,
        player: int,
        ply: int,
        surface: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
        hands: tuple[tuple[str, ...], ...],
        seed: int,
        winners: frozenset[int] = frozenset(),
        events: tuple[Event, ...] = (),
        last_move: mv.CardChessMove | None = None,
    ) -> None:
        # object.__setattr__: the class refuses assignment (see NativeBuiltState); compiled,
        # each of these is a plain store into the instance
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "ply", ply)
        object.__setattr__(self, "surface", surface)
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "last_move", last_move)
        self._keep_moves(None)
        object.__setattr__(self, "_colours", None)

    def _keep_colours(self, colours: tuple[int, ...] | None) -> None:
        """Set the cached colours (the move generation's, or the builder's kept right from
        the last state)."""
        object.__setattr__(self, "_colours", colours)

    # ---- the contract -------------------------------------------------------------

    def _generate(self) -> list[mv.CardChessMove]:
        phase = self.phase
        stacks = self.stacks
        out: list[mv.CardChessMove] = []
        if phase == "setup":  # each unit in hand, on each free cell of the start area
            hand = self.hands[self.player]
            for i in _START_CELLS[self.player]:
                if not stacks[i]:
                    for c in hand:
                        out.append(_PLACE[c][i])
            return out
        if phase != "play":
            return out
        colours = self._colours
        if colours is None:
            colours = tuple(self.colours())
            self._keep_colours(colours)
        # each unit of the mover's colour on top, along each of its rays: up to the edge,
        # its reach, or the first card of the other colour (which it may land on)
        me = self.player
        opp = 1 - me
        for i in range(_SIZE):
            stack = stacks[i]
            if not stack or colours[i] != me:
                continue
            for ray in _UNIT_RAYS[stack[-1]][i]:
                for j, move in ray:
                    out.append(move)
                    if colours[j] == opp:
                        break
        return out

    def has_move(self) -> bool:
        """Whether ``legal_moves()`` is non-empty, without listing the moves: the first cell
        of any ray may always be landed on, so an uncovered unit with a ray has a move."""
        return has_move(self.phase, self.player, self.stacks)

    # ---- reading the position -----------------------------------------------------

    def face_up(self, cell: int) -> bool:
        """Whether the grid card of ``cell`` lies face up (terrain, when the option is on)."""
        return self.game.terrain and cell in TERRAIN_CELLS

    def visible(self, cell: int) -> str | None:
        """The card seen on ``cell``: its top unit, else its grid card if face up, else None."""
        stack = self.stacks[cell]
        if stack:
            return stack[-1]
        return self.surface[cell] if self.face_up(cell) else None

    def colours(self) -> list[int]:
        """Per cell, the player whose colour the visible card has; -1 for a face-down card."""
        seen = _surface_colours(self.surface, self.game.terrain)
        stacks = self.stacks
        return [_OWNER[stacks[i][-1]] if stacks[i] else seen[i] for i in range(_SIZE)]

    def where(self, unit: str) -> int | None:
        """The cell holding ``unit`` (anywhere in a stack), or None when it is in hand."""
        for i, stack in enumerate(self.stacks):
            if unit in stack:
                return i
        return None

    def reachable(self, cell: int | str) -> list[str]:
        """The names of the cells the top unit of ``cell`` (an index or a name such as
        ``'c1'``) may move to now, in alphabetical order; empty when it may not move (not
        the mover's unit, covered, or a set-up). What a board frames when that unit is
        picked.

        >>> from tablegames.cardchess import CardChessGame
        >>> CardChessGame().initial_state(seed=1).reachable("c1")
        ['b1', 'b2', 'c2', 'd1', 'd2']
        """
        src = mv.cell_index(cell) if isinstance(cell, str) else cell
        names = [
            mv.CELL_NAMES[m.dst] for m in self.legal_moves() if m.kind == "move" and m.src == src
        ]
        return sorted(names)

    def covered(self, unit: str) -> bool:
        """Whether ``unit`` is covered: the top card of its cell is an opposing unit."""
        i = self.where(unit)
        return i is not None and owner(self.stacks[i][-1]) != owner(unit)

    def kings_covered(self, player: int) -> int:
        """How many of ``player``'s two kings are covered."""
        return kings_covered(self.stacks, player)

    def decided(self) -> frozenset[int]:
        """The players who have covered both opposing kings (normally none)."""
        return frozenset(p for p in (RED, BLACK) if self.kings_covered(1 - p) == 2)

    def __repr__(self) -> str:
        return (
            f"<CardChessState {self.phase} ply={self.ply} player={self.player} "
            f"winners={sorted(self.winners)}>"
        )

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: Any) -> None:
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here."""
        if listed(m, self._moves):  # one of the very moves legal_moves() gave
            return
        mv.check_form(m)
        if self.phase == "over":
            result = (
                f"won by {COLOURS[min(self.winners)]}" if self.winners else "ended without a winner"
            )
            raise IllegalMove(f"{m}: the game is over ({result}); no move can be made")
        me = self.player
        if m.kind == "place":
            self._check_place(m, me)
        else:
            self._check_move(m, me)

    def _check_place(self, m: mv.CardChessMove, me: int) -> None:
        if self.phase != "setup":
            raise IllegalMove(f"{m}: every unit is already placed; the set-up is over")
        if m.card not in self.hands[me]:
            raise IllegalMove(
                f"{m}: {pretty(m.card)} is not in {COLOURS[me]}'s hand "
                f"({' '.join(map(pretty, self.hands[me])) or 'empty'}); each side places its own "
                "units"
            )
        if m.dst not in START_AREA[me]:
            raise IllegalMove(
                f"{m}: units are placed in one's own start area, and {CELL_NAMES[m.dst]} is "
                f"not in {COLOURS[me]}'s (ranks {'1-2' if me == RED else '5-6'})"
            )
        if self.stacks[m.dst]:
            raise IllegalMove(
                f"{m}: {CELL_NAMES[m.dst]} is already occupied; each unit goes on a free cell"
            )

    def _check_move(self, m: mv.CardChessMove, me: int) -> None:
        if self.phase == "setup":
            raise IllegalMove(f"{m}: the set-up is not finished; place the units in hand first")
        src, dst = CELL_NAMES[m.src], CELL_NAMES[m.dst]
        stack = self.stacks[m.src]
        if not stack:
            raise IllegalMove(f"{m}: there is no unit on {src}")
        top = stack[-1]
        if owner(top) != me:
            mine = [u for u in stack if owner(u) == me]
            frozen = (
                f"; {' '.join(map(pretty, mine))} below it is covered, and a covered unit cannot "
                "move until it is uncovered"
                if mine
                else ""
            )
            raise IllegalMove(
                f"{m}: the unit on top of {src} is {pretty(top)}, a {COLOURS[owner(top)]} unit; "
                f"{COLOURS[me]} moves only its own{frozen}"
            )
        dirs, reach = PIECES[top[0]]
        path: tuple[int, ...] | None = None
        for k in dirs:
            ray = GRID.rays[m.src][k][:reach]
            if m.dst in ray:
                path = ray[: ray.index(m.dst)]
                break
        if path is None:
            raise IllegalMove(f"{m}: {PIECE_RULES[top[0]]}, and {src} to {dst} is not such a move")
        for j in path:
            seen = self.visible(j)
            if seen is not None and owner(seen) != me:
                raise IllegalMove(
                    f"{m}: the way is stopped at {CELL_NAMES[j]} by {pretty(seen)}: a unit "
                    "stops at the latest on the first card of the opposing colour"
                )


def has_move(phase: str, player: int, stacks: Sequence[tuple[str, ...]]) -> bool:
    """:meth:`CardChessState.has_move` of a position given by its parts (the builder asks
    it of its own lists, without freezing a state)."""
    if phase == "setup":
        return any(not stacks[i] for i in START_AREA[player])
    if phase != "play":
        return False
    # Every unit rank has a ray from every cell (each cell has a neighbour along a row or
    # column and one along a diagonal; the ruling test no_move_draw_unreachable checks
    # it), so a side can move whenever a unit of its colour is on top.
    return any(stack and _OWNER[stack[-1]] == player for stack in stacks)


def kings_covered(stacks: Sequence[tuple[str, ...]], player: int) -> int:
    """:meth:`CardChessState.kings_covered` of the stacks ``stacks``."""
    kings = KINGS[player]
    n = 0
    for st in stacks:
        if len(st) > 1 and OWNER[st[-1]] != player:
            for u in st:
                if u in kings:
                    n += 1
    return n


BuiltState.register(CardChessState)  # isinstance(state, State) holds
