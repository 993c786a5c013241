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
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..builder import cached_moves, listed
from ..built import BuiltState
from ..cards import ALL_CARDS, is_red, pretty, shuffled, sort_cards
from ..errors import IllegalMove
from ..events import Event
from ..grid import DIAGONAL, DIRECTION_NAMES, ORTHOGONAL
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


#: Per unit rank and cell: the moves along each of its rays, as (target cell, move) pairs
#: in order, cut at the rank's reach.
RAY_MOVES: dict[str, tuple[tuple[tuple[tuple[int, mv.CardChessMove], ...], ...], ...]] = {
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
    if cached is None or cached[0] is not surface or cached[1] is not terrain:
        colours = [OWNER[card] if up else -1 for card, up in zip(surface, FACE_UP[terrain])]
        cached = (surface, terrain, colours)
        _SURFACE[0] = cached
    return cached[2]


def owner(card: str) -> int:
    """The player whose colour ``card`` has: 0 for red, 1 for black."""
    return OWNER[card]


@dataclass(frozen=True, slots=True, repr=False)
class CardChessState(BuiltState):
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
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int] = frozenset()
    events: tuple[Event, ...] = ()
    last_move: mv.CardChessMove | None = None
    #: ``legal_moves()``, listed on the first call (so ``apply`` knows its own moves).
    _moves: list[mv.CardChessMove] | None = field(default=None, init=False, compare=False)
    #: :meth:`colours` once known: made by the move generation, kept up to date by the
    #: builder from one state to the next (a move changes two cells, a placement one)
    _colours: tuple[int, ...] | None = field(default=None, init=False, compare=False)

    # ---- the contract -------------------------------------------------------------

    def legal_moves(self) -> list[mv.CardChessMove]:
        return cached_moves(self, self._generate)

    def _generate(self) -> list[mv.CardChessMove]:
        if self.phase == "setup":
            stacks = self.stacks
            free = [i for i in sorted(START_AREA[self.player]) if not stacks[i]]
            return [mv.PLACE[c][i] for i in free for c in self.hands[self.player]]
        if self.phase != "play":
            return []
        colours = self._colours
        if colours is None:
            colours = tuple(self.colours())
            object.__setattr__(self, "_colours", colours)
        me = self.player
        opp = 1 - me
        out: list[mv.CardChessMove] = []
        append = out.append
        for i, stack in enumerate(self.stacks):
            if not stack or colours[i] != me:
                continue
            for ray in RAY_MOVES[stack[-1][0]][i]:
                for j, move in ray:
                    append(move)
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
        own = OWNER
        return [
            own[st[-1]] if st else up
            for st, up in zip(self.stacks, _surface_colours(self.surface, self.game.terrain))
        ]

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

    def _check(self, m: mv.CardChessMove) -> None:
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
    # it), so a side can move whenever a unit of its colour is on top: one scan, C speed.
    return player in map(OWNER.__getitem__, map(_TOP, filter(None, stacks)))


#: The top card of a stack.
_TOP = itemgetter(-1)


def kings_covered(stacks: Sequence[tuple[str, ...]], player: int) -> int:
    """:meth:`CardChessState.kings_covered` of the stacks ``stacks``."""
    kings = KINGS[player]
    n = 0
    for st in stacks:
        if len(st) > 1 and OWNER[st[-1]] != player:
            n += sum(u in kings for u in st)
    return n
