"""Resistor's state: an immutable position, its legal moves and ``apply``.

A match is a series of rounds; each round starts from an empty board with new dead
spaces, the ampere player places the amperes, the resistor player the resistors, and
then the ampere player and the resistor player take turns, the ampere player first.
Every single step is one decision: an ampere turn is one or two steps (the duty
cycle; chargers always two), so the state carries the turn's kind and the moves made;
a drain's follow-up step and an overload's dead space are decisions of their own
(``pending``). ``apply`` ends turns, rounds and the match, and lists what happened in
``events``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..builder import listed
from ..built import BuiltState
from ..events import Event
from ..nativebuilt import KeptMovesState
from ..value import field_table
from . import moves as mv
from .board import (
    AMPERE,
    AMPERE_PATHS,
    CHARGER,
    CHARGER_MOVES,
    CHARGER_PATHS,
    DRAINED,
    EMPTY,
    NEIGHBOURS,
    PIECES,
    RESISTOR,
    RESISTOR_START,
    RESISTOR_STEPS,
    SIZE,
    SOURCE,
    Piece,
    amperes_on_board,
)
from .legality import check

if TYPE_CHECKING:
    from .game import ResistorGame

PHASES = ("roles", "setup", "play", "over")
TURN_KINDS = ("", "amperes", "chargers")
PENDING = ("", "drain", "overload")
EMPTY_BOARD = EMPTY * SIZE

#: A step table of a kind of piece: per cell, for each direction it moves along, (next
#: cell, the step there, the cell beyond or -1, the slingshot there or None).
StepTable = tuple[tuple[tuple[int, mv.ResistorMove, int, mv.ResistorMove | None], ...], ...]


def _with_moves(paths: tuple[tuple[tuple[int, int, int], ...], ...]) -> StepTable:
    """Per cell: (next cell, the step there, the cell beyond, the slingshot there or None)."""
    return tuple(
        tuple((n, mv.MOVE[i][n], b, mv.MOVE[i][b] if b >= 0 else None) for n, b, _k in paths[i])
        for i in range(SIZE)
    )


_AMPERE_MOVES: Final[StepTable] = _with_moves(AMPERE_PATHS)
_CHARGER_MOVES: Final[StepTable] = _with_moves(CHARGER_PATHS)
#: Per cell: (diagonal neighbour, the resistor's step there), for its playable neighbours.
_RESISTOR_MOVES: Final[tuple[tuple[tuple[int, mv.ResistorMove], ...], ...]] = tuple(
    tuple((j, mv.MOVE[i][j]) for j in RESISTOR_STEPS[i]) for i in range(SIZE)
)
_MOVE: Final = mv.MOVE
_STEPS_OFF: Final = RESISTOR_STEPS
_NEIGHBOURS: Final = NEIGHBOURS
_END: Final = mv.END
_FORFEIT: Final = mv.FORFEIT

#: The fields ResistorState.__init__ takes, in order.
_FIELDS = (
    "game", "phase", "player", "round", "first", "scores", "points", "turn", "turns_played",
    "board", "dead", "turn_kind", "duty", "moves_made", "pending", "pending_cell", "seed",
    "winners", "events", "last_move",
)  # fmt: skip


class ResistorState(KeptMovesState):
    """A Resistor position. Build one with ``game.initial_state(seed)`` or
    ``game.state_from_json(data)``; never change it, ``apply`` returns a new one.

    ``board`` holds one piece code per cell (see :mod:`tablegames.resistor.board`:
    ``.`` empty, ``A`` ampere, ``D`` drained ampere, ``C`` charger, ``R`` resistor,
    ``O`` overloaded resistor); ``dead`` the dead spaces. The turn's progress is
    ``turn_kind`` (what the ampere player's turn has committed to), ``duty`` (the
    amperes' allowance this turn) and ``moves_made``; ``pending`` names a decision
    inside a turn: ``drain`` (the resistor on ``pending_cell``, on top of the ampere it
    drained, must step off diagonally) or ``overload`` (the resistor player puts the
    resistor that stood on ``pending_cell`` on a dead space).

    A plain class on a compiled base, immutable as a frozen dataclass (see
    :mod:`tablegames.nativebuilt`).
    """

    game: ResistorGame
    phase: str  #: "roles", "setup", "play" or "over"
    player: int  #: whose decision it is (-1 when the match is over)
    round: int  #: the round being played, from 1
    first: int  #: who plays the amperes in round 1 (-1 until the role is chosen)
    scores: tuple[int, int]  #: each player's points over the match
    points: int  #: the points the ampere player scored in this round so far
    #: turns completed in this round: each player's, a forfeited one and the one cut short
    #: by the drain that ends the round too (so every round has at least one)
    turn: int
    turns_played: int  #: turns completed in the whole match, every round (what max_turns caps)
    board: str
    dead: tuple[int, ...]
    turn_kind: str  #: "" (nothing moved yet), "amperes" or "chargers"
    duty: int  #: the amperes' moves this turn (duty cycle, fixed at the turn's start)
    moves_made: int  #: steps already made in this turn
    pending: str  #: "", "drain" or "overload"
    pending_cell: int  #: the cell of the pending decision (-1 without one)
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int]
    events: tuple[Event, ...]
    last_move: mv.ResistorMove | None

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS, ("_moves",))

    def __init__(
        self,
        game: ResistorGame,
        phase: str,
        player: int,
        round: int,
        first: int,
        scores: tuple[int, int],
        points: int,
        turn: int,
        turns_played: int,
        board: str,
        dead: tuple[int, ...],
        turn_kind: str,
        duty: int,
        moves_made: int,
        pending: str,
        pending_cell: int,
        seed: int,
        winners: frozenset[int] = frozenset(),
        events: tuple[Event, ...] = (),
        last_move: mv.ResistorMove | None = None,
    ) -> None:
        # object.__setattr__: the class refuses assignment (see NativeBuiltState); compiled,
        # each of these is a plain store into the instance
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "turns_played", turns_played)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "dead", dead)
        object.__setattr__(self, "turn_kind", turn_kind)
        object.__setattr__(self, "duty", duty)
        object.__setattr__(self, "moves_made", moves_made)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "pending_cell", pending_cell)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "last_move", last_move)
        self._keep_moves(None)

    # ---- the contract -------------------------------------------------------------

    def _generate(self) -> list[mv.ResistorMove]:
        phase = self.phase
        if phase == "play":
            pending = self.pending
            if pending == "drain":
                cell = self.pending_cell
                return [_MOVE[cell][j] for j in self.follow_ups(cell)]
            if pending == "overload":
                return [mv.OVERLOAD[j] for j in self.dead if self.board[j] == EMPTY]
            if self.player == self.ampere_player:
                out = self.steps(self.turn_kind)
                out.append(_END if self.moves_made else _FORFEIT)
                return out
            return self.resistor_moves() or [_END]
        if phase == "setup":
            return [mv.PLACE[i] for i in self.placements()]
        if phase == "roles":
            return [mv.AMPERES, mv.RESISTORS]
        return []

    def _check(self, move: Any) -> None:  # Any: a bad value gets the game's refusal
        if listed(move, self._moves):  # one of the very moves legal_moves() gave
            return
        check(self, move)

    # ---- reading the position -----------------------------------------------------

    @property
    def ampere_player(self) -> int:
        """Who plays the amperes (and chargers) this round; -1 before the roles are chosen."""
        if self.first < 0:
            return -1
        return self.first if self.round % 2 else 1 - self.first

    @property
    def resistor_player(self) -> int:
        """Who plays the resistors this round; -1 before the roles are chosen."""
        return -1 if self.first < 0 else 1 - self.ampere_player

    def role(self, player: int) -> str:
        """``"amperes"`` or ``"resistors"``: ``player``'s role this round ("" before the choice)."""
        if self.first < 0:
            return ""
        return "amperes" if player == self.ampere_player else "resistors"

    @property
    def turn_role(self) -> str:
        """Whose turn it is by role: "amperes" or "resistors" (during play; "" otherwise).
        An overload's dead-space choice is the resistor player's decision inside an
        ampere turn."""
        if self.phase != "play":
            return ""
        if self.pending:
            return "amperes" if self.pending == "overload" else "resistors"
        return self.role(self.player)

    @property
    def ampere_moves_left(self) -> int:
        """Moves the amperes may still make this turn (0 outside an ampere turn, or once
        the turn has moved chargers)."""
        if self.turn_role != "amperes" or self.turn_kind == "chargers":
            return 0
        return self.duty - self.moves_made

    @property
    def charger_moves_left(self) -> int:
        """Moves the chargers may still make this turn (0 outside an ampere turn, or once
        the turn has moved amperes)."""
        if self.turn_role != "amperes" or self.turn_kind == "amperes":
            return 0
        return CHARGER_MOVES - self.moves_made

    def piece(self, cell: int) -> Piece | None:
        """What stands on ``cell`` (None: nothing). During a pending drain the resistor on
        ``pending_cell`` stands on the drained ampere, which this returns."""
        return PIECES.get(self.board[cell])

    def cells(self, code: str) -> tuple[int, ...]:
        """The cells holding piece ``code`` (``"A"``, ``"D"``, ``"C"``, ``"R"`` or ``"O"``)."""
        board = self.board
        out = []
        i = board.find(code)
        while i != -1:
            out.append(i)
            i = board.find(code, i + 1)
        return tuple(out)

    def amperes_on_board(self) -> int:
        """Amperes on the board for the duty cycle: drained ones count, those in the
        current source and chargers do not."""
        return amperes_on_board(self.board)

    def to_place(self) -> tuple[str, int]:
        """During the set-up: which piece is placed next ("ampere" or "resistor") and how
        many of that kind are still to place; ``("", 0)`` otherwise."""
        if self.phase != "setup":
            return ("", 0)
        g = self.game
        amperes = g.amperes - self.board.count(AMPERE)
        if amperes:
            return ("ampere", amperes)
        return ("resistor", g.resistors - self.board.count(RESISTOR))

    def placements(self) -> list[int]:
        """The free cells the next piece of the set-up may be placed on."""
        kind, left = self.to_place()
        if not left:
            return []
        board = self.board
        if kind == "ampere":
            return [i for i in SOURCE if board[i] == EMPTY]
        dead = self.dead
        return [i for i in RESISTOR_START if board[i] == EMPTY and i not in dead]

    def follow_ups(self, cell: int, origin: int = -1) -> list[int]:
        """The spaces a resistor that drained the ampere on ``cell`` may step off to: its
        free diagonal neighbours in the playable area, not dead (``origin``, the space the
        resistor came from, counts as free)."""
        board = self.board
        dead = self.dead
        return [j for j in _STEPS_OFF[cell] if j not in dead and (board[j] == EMPTY or j == origin)]

    def allotted(self, kind: str) -> int:
        """The moves an ampere turn moving ``kind`` ("amperes" or "chargers") is allotted:
        the duty cycle's for amperes, two for chargers."""
        return self.duty if kind == "amperes" else CHARGER_MOVES

    @property
    def extra_step_due(self) -> bool:
        """With ``slingshot="extra_step"``: the turn's allotted moves are used and only the
        slingshot's one extra step (or ``end``) is left."""
        kind = self.turn_kind
        return (
            self.game.slingshot == "extra_step"
            and kind != ""
            and not self.pending
            and self.moves_made >= self.allotted(kind)
        )

    def beside_own_kind(self, cell: int) -> bool:
        """Whether a usable piece of the same kind as the one on ``cell`` (an ampere that is
        not drained, or a charger) stands on one of the eight spaces around it."""
        board = self.board
        code = board[cell]
        return any(board[j] == code for j in _NEIGHBOURS[cell])

    def must_leave(self) -> tuple[int, ...]:
        """Resistors standing on a dead space after their sit-out turn that can move: the
        resistor player's move this turn takes one of them off (only an overloaded
        resistor may occupy a dead space)."""
        board = self.board
        out: list[int] = []
        for i in self.dead:
            if board[i] == RESISTOR and self._resistor_moves_from(i):
                out.append(i)
        return tuple(out)

    def free_dead_space(self) -> bool:
        """Whether a dead space is free (an overload needs one)."""
        board = self.board
        return any(board[j] == EMPTY for j in self.dead)

    def all_drained(self) -> bool:
        """Whether every piece of the ampere player is a drained ampere (the round ends)."""
        board = self.board
        return not (AMPERE in board or CHARGER in board) and DRAINED in board

    # ---- move generation ------------------------------------------------------------

    def blocked(self) -> bytes:
        """Per cell, 1 on a dead space (no piece may enter one) and 0 elsewhere: what the
        move generation reads instead of searching ``dead`` for each cell."""
        dead = self.dead
        blocked = _BLOCKED.get(dead)
        if blocked is None:
            blocked = _blocked(dead)
        return blocked

    def steps(self, kind: str) -> list[mv.ResistorMove]:
        """The ampere player's steps for a turn committed to ``kind`` ("" for either)."""
        if self.game.slingshot == "extra_step":
            return self._extra_step_steps(kind)
        board = self.board
        blocked = self.blocked()
        out: list[mv.ResistorMove] = []
        overload = -1  # unknown yet: whether a dead space is free
        if kind != "chargers":
            overload = self._piece_steps(
                out, board, blocked, AMPERE, _AMPERE_MOVES, EMPTY, overload
            )
        if kind != "amperes":  # a charger may also enter a drained ampere's cell
            self._piece_steps(out, board, blocked, CHARGER, _CHARGER_MOVES, DRAINED, overload)
        return out

    def _piece_steps(
        self,
        out: list[mv.ResistorMove],
        board: str,
        blocked: bytes,
        piece: str,
        table: StepTable,
        lands: str,
        overload: int,
    ) -> int:
        """Add to ``out`` the moves of every ``piece`` on ``board``: a step onto an empty
        cell (or one holding ``lands``), a slingshot over a piece of its own kind onto such
        a cell, or onto a resistor when a dead space is free to take it (``overload``: 1 or
        0 once known, -1 before); never onto a dead space (``blocked``). Returns
        ``overload``."""
        i = board.find(piece)
        while i != -1:
            for nxt, step, beyond, sling in table[i]:
                t = board[nxt]
                if t in (EMPTY, lands):
                    if not blocked[nxt]:
                        out.append(step)
                elif t == piece and sling is not None and not blocked[beyond]:
                    b = board[beyond]
                    if b in (EMPTY, lands):
                        out.append(sling)
                    elif b == RESISTOR:
                        if overload < 0:
                            overload = 1 if self.free_dead_space() else 0
                        if overload:
                            out.append(sling)
            i = board.find(piece, i + 1)
        return overload

    def _extra_step_steps(self, kind: str) -> list[mv.ResistorMove]:
        """``steps`` with ``slingshot="extra_step"``: one-space steps only; once the
        allotted moves are used, one extra step by a piece beside a usable piece of its
        kind, which may land on a resistor (overloading it) when a dead space is free."""
        board = self.board
        blocked = self.blocked()
        extra = self.extra_step_due
        overload = extra and self.free_dead_space()
        out: list[mv.ResistorMove] = []
        for code, table, lands in (
            (AMPERE, _AMPERE_MOVES, EMPTY),
            (CHARGER, _CHARGER_MOVES, DRAINED),
        ):
            if kind and kind != ("amperes" if code == AMPERE else "chargers"):
                continue
            i = board.find(code)
            while i != -1:
                if not extra or self.beside_own_kind(i):
                    for nxt, step, _beyond, _sling in table[i]:
                        t = board[nxt]
                        if blocked[nxt]:
                            continue
                        if t in (EMPTY, lands) or (overload and t == RESISTOR):
                            out.append(step)
                i = board.find(code, i + 1)
        return out

    def _resistor_steps(self, i: int, blocked: bytes, out: list[mv.ResistorMove]) -> None:
        """Add to ``out`` the moves of the resistor on ``i``: a diagonal step onto an empty
        space or a charger, or onto an ampere, draining it, when the resistor can then step
        off it; never onto a dead space (``blocked``)."""
        board = self.board
        for j, move in _RESISTOR_MOVES[i]:
            if blocked[j]:
                continue
            t = board[j]
            if t in (EMPTY, CHARGER) or (t == AMPERE and self.follow_ups(j, i)):
                out.append(move)

    def _resistor_moves_from(self, i: int) -> list[mv.ResistorMove]:
        out: list[mv.ResistorMove] = []
        self._resistor_steps(i, self.blocked(), out)
        return out

    def resistor_moves(self) -> list[mv.ResistorMove]:
        """The resistor player's moves. A resistor left on a dead space after its sit-out
        turn must leave it: while one of them can move, only such moves are offered."""
        out: list[mv.ResistorMove] = []
        blocked = self.blocked()
        leaving = self.must_leave()
        if leaving:
            for i in leaving:
                self._resistor_steps(i, blocked, out)
            return out
        board = self.board
        i = board.find(RESISTOR)
        while i != -1:
            self._resistor_steps(i, blocked, out)
            i = board.find(RESISTOR, i + 1)
        return out

    def __repr__(self) -> str:
        return (
            f"<ResistorState {self.phase} round={self.round} turn={self.turn} "
            f"player={self.player} scores={list(self.scores)}>"
        )


#: Per tuple of dead spaces: its ``blocked`` table (bounded: see ``_blocked``).
_BLOCKED: Final[dict[tuple[int, ...], bytes]] = {}


def _blocked(dead: tuple[int, ...]) -> bytes:
    """The ``blocked`` table of the dead spaces ``dead``, kept in ``_BLOCKED``."""
    if len(_BLOCKED) > 4096:  # bound the memory: forget and refill
        _BLOCKED.clear()
    table = bytearray(SIZE)
    for j in dead:
        table[j] = 1
    out = _BLOCKED[dead] = bytes(table)
    return out


BuiltState.register(ResistorState)  # isinstance(state, State) holds
