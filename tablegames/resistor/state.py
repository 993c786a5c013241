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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import rng
from ..core import State, expect_move
from ..errors import IllegalMove
from ..events import Event
from . import dice
from . import moves as mv
from .board import (
    AMPERE,
    AMPERE_PATHS,
    CELL_NAMES,
    CHARGE,
    CHARGER,
    CHARGER_PATHS,
    COLS,
    CYCLE,
    DRAINED,
    EMPTY,
    OVERLOADED,
    PIECES,
    PLAYABLE,
    RESISTOR,
    RESISTOR_START,
    RESISTOR_STEPS,
    SIZE,
    SOURCE,
    ZONES,
    Piece,
    home_point,
)

if TYPE_CHECKING:
    from .game import ResistorGame

PHASES = ("roles", "setup", "play", "over")
ROLES = ("amperes", "resistors")
TURN_KINDS = ("", "amperes", "chargers")
PENDING = ("", "drain", "overload")
#: Moves a charger turn allows (the duty cycle does not apply to chargers).
CHARGER_MOVES = 2
EMPTY_BOARD = EMPTY * SIZE
_SOURCE_WIDTH = COLS  # the current source is row 0: the first COLS characters of the board


@dataclass(frozen=True, slots=True, repr=False)
class ResistorState(State):
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
    """

    game: ResistorGame
    phase: str  #: "roles", "setup", "play" or "over"
    player: int  #: whose decision it is (-1 when the match is over)
    round: int  #: the round being played, from 1
    first: int  #: who plays the amperes in round 1 (-1 until the role is chosen)
    scores: tuple[int, int]  #: each player's points over the match
    points: int  #: the points the ampere player scored in this round so far
    turn: int  #: turns completed in this round (each player's turn counts)
    board: str
    dead: tuple[int, ...]
    turn_kind: str  #: "" (nothing moved yet), "amperes" or "chargers"
    duty: int  #: the amperes' moves this turn (duty cycle, fixed at the turn's start)
    moves_made: int  #: steps already made in this turn
    pending: str  #: "", "drain" or "overload"
    pending_cell: int  #: the cell of the pending decision (-1 without one)
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int] = frozenset()
    events: tuple[Event, ...] = ()
    last_move: mv.ResistorMove | None = None

    # ---- the contract -------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_moves(self) -> list[mv.ResistorMove]:
        phase = self.phase
        if phase == "play":
            pending = self.pending
            if pending == "drain":
                return [mv.MOVE[self.pending_cell][j] for j in self.follow_ups(self.pending_cell)]
            if pending == "overload":
                return [mv.OVERLOAD[j] for j in self.dead if self.board[j] == EMPTY]
            if self.player == self.ampere_player:
                out = self._steps(self.turn_kind)
                out.append(mv.END if self.moves_made else mv.FORFEIT)
                return out
            return self._resistor_moves() or [mv.END]
        if phase == "setup":
            return [mv.PLACE[i] for i in self.placements()]
        if phase == "roles":
            return [mv.AMPERES, mv.RESISTORS]
        return []

    def apply(self, move: Any) -> ResistorState:
        expect_move(move, mv.ResistorMove, "Resistor")
        self._check(move)
        b = _Builder(self)
        b.last_move = move
        b.do(move)
        return b.freeze()

    def parse_move(self, text: str) -> mv.ResistorMove:
        move = mv.parse(text)
        self._check(move)
        return move

    def observation(self, player: int) -> dict[str, Any]:
        from .serialize import observation

        return observation(self, player)

    def to_json(self) -> dict[str, Any]:
        from .serialize import to_json

        return to_json(self)

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
        board = self.board
        return board.count(AMPERE) + board.count(DRAINED) - board.count(AMPERE, 0, _SOURCE_WIDTH)

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
        return [
            j
            for j in RESISTOR_STEPS[cell]
            if j not in dead and (board[j] == EMPTY or j == origin)
        ]

    def free_dead_space(self) -> bool:
        """Whether a dead space is free (an overload needs one)."""
        board = self.board
        return any(board[j] == EMPTY for j in self.dead)

    def all_drained(self) -> bool:
        """Whether every piece of the ampere player is a drained ampere (the round ends)."""
        board = self.board
        return not (AMPERE in board or CHARGER in board) and DRAINED in board

    # ---- move generation ------------------------------------------------------------

    def _steps(self, kind: str) -> list[mv.ResistorMove]:
        """The ampere player's steps for a turn committed to ``kind`` ("" for either)."""
        board = self.board
        dead = self.dead
        out: list[mv.ResistorMove] = []
        table = mv.MOVE
        overload = -1  # unknown yet: whether a dead space is free
        if kind != "chargers":
            i = board.find(AMPERE)
            while i != -1:
                moves = table[i]
                for nxt, beyond, _k in AMPERE_PATHS[i]:
                    t = board[nxt]
                    if t == EMPTY:
                        if nxt not in dead:
                            out.append(moves[nxt])
                    elif t == AMPERE and beyond != -1 and beyond not in dead:
                        b = board[beyond]
                        if b == EMPTY:
                            out.append(moves[beyond])
                        elif b == RESISTOR:
                            if overload < 0:
                                overload = int(self.free_dead_space())
                            if overload:
                                out.append(moves[beyond])
                i = board.find(AMPERE, i + 1)
        if kind != "amperes":
            i = board.find(CHARGER)
            while i != -1:
                moves = table[i]
                for nxt, beyond, _k in CHARGER_PATHS[i]:
                    t = board[nxt]
                    if t == EMPTY or t == DRAINED:
                        if nxt not in dead:
                            out.append(moves[nxt])
                    elif t == CHARGER and beyond != -1 and beyond not in dead:
                        b = board[beyond]
                        if b == EMPTY or b == DRAINED:
                            out.append(moves[beyond])
                        elif b == RESISTOR:
                            if overload < 0:
                                overload = int(self.free_dead_space())
                            if overload:
                                out.append(moves[beyond])
                i = board.find(CHARGER, i + 1)
        return out

    def _resistor_moves(self) -> list[mv.ResistorMove]:
        board = self.board
        dead = self.dead
        out: list[mv.ResistorMove] = []
        i = board.find(RESISTOR)
        while i != -1:
            moves = mv.MOVE[i]
            for j in RESISTOR_STEPS[i]:
                if j in dead:
                    continue
                t = board[j]
                if t == EMPTY or t == CHARGER or (t == AMPERE and self.follow_ups(j, i)):
                    out.append(moves[j])
            i = board.find(RESISTOR, i + 1)
        return out

    def __repr__(self) -> str:
        return (
            f"<ResistorState {self.phase} round={self.round} turn={self.turn} "
            f"player={self.player} scores={list(self.scores)}>"
        )

    def __str__(self) -> str:
        from .text import board_text

        return board_text(self)

    def describe(self) -> str:
        """One sentence describing the position."""
        from .text import describe

        return describe(self)

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: mv.ResistorMove) -> None:
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here."""
        mv.check_form(m)
        why = self._reason(m)
        if why:
            raise IllegalMove(f"{m}: {why}")

    def _reason(self, m: mv.ResistorMove) -> str:
        """Why ``m`` is not legal here ("" when it is)."""
        kind = m.kind
        phase = self.phase
        if phase == "over":
            from .text import result

            return f"the match is over ({result(self)}); no move can be made"
        if phase == "roles":
            if kind in ROLES:
                return ""
            return (
                f"player {self.player} won the role roll and first chooses a role for the "
                "first round: 'amperes' or 'resistors'"
            )
        if kind in ROLES:
            return "the roles were chosen before the first round and swap every round"
        if phase == "setup":
            piece, left = self.to_place()
            if kind != "place":
                return (
                    f"the set-up is not finished: player {self.player} places {left} more "
                    f"{piece}(s) first ('place <cell>')"
                )
            return self._place_reason(m.dst, piece)
        if kind == "place":
            return "every piece is placed; the set-up is over"
        pending = self.pending
        if pending == "overload":
            where = CELL_NAMES[self.pending_cell]
            free = [CELL_NAMES[j] for j in self.dead if self.board[j] == EMPTY]
            if kind != "overload":
                return (
                    f"player {self.player} first puts the resistor overloaded on {where} on a "
                    f"dead space of their choice ('overload <cell>', one of {', '.join(free)})"
                )
            if m.dst not in self.dead:
                return f"{CELL_NAMES[m.dst]} is not a dead space (they are {self._dead_names()})"
            if self.board[m.dst] != EMPTY:
                return (
                    f"the dead space {CELL_NAMES[m.dst]} already holds a resistor; choose a "
                    f"free one ({', '.join(free)})"
                )
            return ""
        if kind == "overload":
            return (
                "no resistor is waiting for a dead space: that choice follows a slingshot "
                "that lands on a resistor"
            )
        if pending == "drain":
            where = CELL_NAMES[self.pending_cell]
            ups = self.follow_ups(self.pending_cell)
            options = ", ".join(f"{where}-{CELL_NAMES[j]}" for j in ups)
            if kind != "move" or m.src != self.pending_cell or m.dst not in ups:
                return (
                    f"the resistor that drained the ampere on {where} must step off it to a "
                    f"free diagonal neighbour that is not a dead space ({options})"
                )
            return ""
        amperes_turn = self.player == self.ampere_player
        if kind == "forfeit":
            if not amperes_turn:
                return "only the ampere player forfeits a round"
            if self.moves_made:
                return "a round is forfeited at the start of a turn, before any move"
            return ""
        if kind == "end":
            if amperes_turn:
                if not self.moves_made:
                    return (
                        "a turn ends early only after at least one move ('forfeit' gives up "
                        "the round)"
                    )
                return ""
            if self._resistor_moves():
                return (
                    "the resistor player moves one resistor every turn; 'end' passes only "
                    "when no resistor can move"
                )
            return ""
        if amperes_turn:
            return self._step_reason(m)
        return self._resistor_reason(m)

    def _dead_names(self) -> str:
        return ", ".join(CELL_NAMES[j] for j in self.dead) or "none"

    def _place_reason(self, dst: int, piece: str) -> str:
        where = CELL_NAMES[dst]
        if piece == "ampere":
            if dst not in SOURCE:
                return (
                    f"amperes are placed on the twelve points of the current source (b0-m0), "
                    f"not on {where}"
                )
        else:
            if dst not in RESISTOR_START:
                return f"resistors are placed in rows 8 and 9 of the playable area, not on {where}"
            if dst in self.dead:
                return f"{where} is a dead space; no piece may stand on one"
        if self.board[dst] != EMPTY:
            return f"{where} is already occupied; one piece per space"
        return ""

    def _occupied(self, cell: int) -> str:
        piece = self.piece(cell)
        assert piece is not None
        name = "drained ampere" if piece.drained else piece.kind
        return f"{CELL_NAMES[cell]} is occupied by a{'n' if name[0] == 'a' else ''} {name}"

    def _step_reason(self, m: mv.ResistorMove) -> str:
        src, dst = m.src, m.dst
        board = self.board
        here = CELL_NAMES[src]
        p = board[src]
        if p == EMPTY:
            return f"there is no piece on {here}"
        if p in (RESISTOR, OVERLOADED):
            return f"{here} holds a resistor; player {self.player} plays the amperes this round"
        if p == DRAINED:
            return f"the ampere on {here} is drained: it cannot move until a charger recharges it"
        kind = "amperes" if p == AMPERE else "chargers"
        if self.turn_kind and self.turn_kind != kind:
            return (
                f"this turn moves {self.turn_kind}; amperes and chargers are never played in "
                "the same turn"
            )
        paths = AMPERE_PATHS[src] if p == AMPERE else CHARGER_PATHS[src]
        over = -1
        for nxt, beyond, _k in paths:
            if dst == nxt:
                break
            if dst == beyond:
                over = nxt
                break
        else:
            if p == AMPERE:
                return (
                    "an ampere moves one space up (towards the charge zone), left or right, "
                    "never down or diagonally"
                )
            return (
                "a charger moves one space down (towards the current source), left, right or "
                "diagonally down, never back up"
            )
        there = CELL_NAMES[dst]
        lands = (EMPTY, DRAINED) if p == CHARGER else (EMPTY,)
        if over >= 0 and board[over] != p:
            what = self._occupied(over) if board[over] != EMPTY else f"{CELL_NAMES[over]} is empty"
            return (
                f"a slingshot jumps over an adjacent {'ampere' if p == AMPERE else 'charger'} "
                f"that can move, and {what}"
            )
        if dst in self.dead:
            return f"{there} is a dead space; no piece may enter one"
        t = board[dst]
        if t in lands:
            return ""
        if t == RESISTOR and over >= 0:
            if self.free_dead_space():
                return ""
            return "an overload sends the resistor to a free dead space, and none is free"
        if t == RESISTOR:
            return f"{self._occupied(dst)}; only a slingshot lands on a resistor (overloading it)"
        return f"{self._occupied(dst)}; one piece per space"

    def _resistor_reason(self, m: mv.ResistorMove) -> str:
        src, dst = m.src, m.dst
        board = self.board
        here, there = CELL_NAMES[src], CELL_NAMES[dst]
        p = board[src]
        if p == EMPTY:
            return f"there is no piece on {here}"
        if p not in (RESISTOR, OVERLOADED):
            return (
                f"{here} holds one of the ampere player's pieces; player {self.player} plays "
                "the resistors this round"
            )
        if p == OVERLOADED:
            return f"the resistor on {here} was overloaded: it is unusable on this turn"
        (r0, c0), (r1, c1) = divmod(src, COLS), divmod(dst, COLS)
        if abs(r1 - r0) != 1 or abs(c1 - c0) != 1:
            return "a resistor moves one space diagonally (forwards or backwards)"
        if dst not in PLAYABLE:
            return (
                "resistors stay in the playable area (columns b-m, rows 1-18): never in a "
                "cycle column, the current source or the charge zone"
            )
        if dst in self.dead:
            return f"{there} is a dead space; no piece may enter one"
        t = board[dst]
        if t in (EMPTY, CHARGER):
            return ""
        if t == AMPERE:
            if self.follow_ups(dst, src):
                return ""
            return (
                f"after draining the ampere on {there} the resistor must step off it "
                "diagonally, and no such space is free"
            )
        return f"{self._occupied(dst)}; one piece per space"


class _Builder:
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    __slots__ = (
        "board",
        "dead",
        "duty",
        "events",
        "first",
        "game",
        "last_move",
        "moves_made",
        "pending",
        "pending_cell",
        "phase",
        "player",
        "points",
        "round",
        "scores",
        "seed",
        "turn",
        "turn_kind",
        "winners",
    )

    def __init__(self, s: ResistorState) -> None:
        self.game = s.game
        self.phase = s.phase
        self.player = s.player
        self.round = s.round
        self.first = s.first
        self.scores = list(s.scores)
        self.points = s.points
        self.turn = s.turn
        self.board = list(s.board)
        self.dead = s.dead
        self.turn_kind = s.turn_kind
        self.duty = s.duty
        self.moves_made = s.moves_made
        self.pending = s.pending
        self.pending_cell = s.pending_cell
        self.seed = s.seed
        self.winners = s.winners
        self.events: list[Event] = []
        self.last_move: mv.ResistorMove | None = None

    def freeze(self) -> ResistorState:
        return ResistorState(
            self.game,
            self.phase,
            self.player,
            self.round,
            self.first,
            (self.scores[0], self.scores[1]),
            self.points,
            self.turn,
            "".join(self.board),
            self.dead,
            self.turn_kind,
            self.duty,
            self.moves_made,
            self.pending,
            self.pending_cell,
            self.seed,
            self.winners,
            tuple(self.events),
            self.last_move,
        )

    @property
    def ampere_player(self) -> int:
        return self.first if self.round % 2 else 1 - self.first

    # ---- dispatch -------------------------------------------------------------------

    def do(self, m: mv.ResistorMove) -> None:
        kind = m.kind
        if kind == "move":
            if self.pending == "drain":
                self.follow_up(m)
            elif self.player == self.ampere_player:
                self.step(m)
            else:
                self.resistor_move(m)
        elif kind == "place":
            self.place(m.dst)
        elif kind == "overload":
            self.to_dead_space(m.dst)
        elif kind == "end":
            self.events.append(Event("end_turn", self.player))
            if self.player == self.ampere_player:
                self.end_ampere_turn()
            else:
                self.end_resistor_turn()
        elif kind == "forfeit":
            self.events.append(Event("forfeit", self.player))
            self.end_round("forfeit")
        else:  # a role
            chooser = self.player
            self.first = chooser if kind == "amperes" else 1 - chooser
            self.events.append(Event("role", chooser, where=kind))
            self.begin_round()

    # ---- rounds and turns -----------------------------------------------------------

    def begin_round(self) -> None:
        """A fresh board: the dead spaces are rolled, then the ampere player places."""
        amp = self.ampere_player
        gen = rng.generator(self.seed)
        self.events.append(Event("round", amp, value=(self.round,)))
        self.dead, rolled = dice.dead_spaces(gen, self.game.dead_spaces, 1 - amp)
        self.events.extend(rolled)
        self.seed = rng.next_seed(gen)
        self.board = list(EMPTY_BOARD)
        self.phase = "setup"
        self.player = amp
        self.points = 0
        self.turn = 0
        self.turn_kind = ""
        self.duty = 0
        self.moves_made = 0
        self.pending = ""
        self.pending_cell = -1

    def place(self, cell: int) -> None:
        g = self.game
        board = self.board
        amp = self.ampere_player
        placed = board.count(AMPERE)
        code = AMPERE if placed < g.amperes else RESISTOR
        board[cell] = code
        self.events.append(
            Event("place", self.player, where=CELL_NAMES[cell], text=PIECES[code].kind)
        )
        if code == AMPERE and placed + 1 == g.amperes:
            self.player = 1 - amp
        elif code == RESISTOR and board.count(RESISTOR) == g.resistors:
            self.phase = "play"
            self.events.append(Event("start", amp))
            self.begin_ampere_turn()

    def begin_ampere_turn(self) -> None:
        board = self.board
        on_board = board.count(AMPERE) + board.count(DRAINED) - board[:_SOURCE_WIDTH].count(AMPERE)
        self.player = self.ampere_player
        self.turn_kind = ""
        self.moves_made = 0
        self.duty = 2 if on_board <= self.game.duty_cycle else 1

    def end_ampere_turn(self) -> None:
        self.turn_kind = ""
        self.moves_made = 0
        self.duty = 0
        self.turn += 1
        if self.capped():
            return
        self.player = 1 - self.ampere_player

    def end_resistor_turn(self) -> None:
        board = self.board
        if OVERLOADED in board:  # their "next turn" is over: usable again
            for j in self.dead:
                if board[j] == OVERLOADED:
                    board[j] = RESISTOR
        self.turn += 1
        if self.capped():
            return
        self.begin_ampere_turn()

    def capped(self) -> bool:
        cap = self.game.max_turns
        if cap is not None and self.turn >= cap:
            self.events.append(Event("max_turns", value=(self.turn,)))
            self.end_round("max_turns")
            return True
        return False

    def end_round(self, reason: str) -> None:
        g = self.game
        amp = self.ampere_player
        self.events.append(Event("round_end", amp, value=(self.round, self.points), text=reason))
        self.turn_kind = ""
        self.duty = 0
        self.moves_made = 0
        self.pending = ""
        self.pending_cell = -1
        r = self.round
        if r >= g.rounds and (r - g.rounds) % 2 == 0:
            a, b = self.scores
            if a != b:
                self.end_match(frozenset({0 if a > b else 1}))
                return
            if g.max_rounds is not None and r >= g.max_rounds:
                self.events.append(Event("max_rounds", value=(r,)))
                self.end_match(frozenset())
                return
        self.round = r + 1
        self.begin_round()

    def end_match(self, winners: frozenset[int]) -> None:
        self.phase = "over"
        self.player = -1
        self.winners = winners
        if winners:
            self.events.extend(Event("win", q, value=tuple(self.scores)) for q in winners)
        else:
            self.events.append(Event("draw", value=tuple(self.scores)))

    # ---- the ampere player's steps ----------------------------------------------------

    def step(self, m: mv.ResistorMove) -> None:
        board = self.board
        src, dst = m.src, m.dst
        p = board[src]
        me = self.player
        self.turn_kind = "amperes" if p == AMPERE else "chargers"
        self.moves_made += 1
        board[src] = EMPTY
        t = board[dst]
        self.events.append(
            Event("slingshot" if m.slingshot else "move", me, where=str(m), text=PIECES[p].kind)
        )
        zone = ZONES[dst]
        if dst in CYCLE:
            home = home_point(CHARGE if p == CHARGER else SOURCE, dst % COLS, board)
            board[home] = p
            self.events.append(Event("cycle", me, where=CELL_NAMES[home], text=PIECES[p].kind))
        elif p == AMPERE and zone == "charge":
            board[dst] = CHARGER
            self.events.append(Event("charge", me, where=CELL_NAMES[dst]))
        elif p == CHARGER and zone == "source":
            board[dst] = AMPERE
            self.points += 1
            self.scores[me] += 1
            self.events.append(Event("score", me, where=CELL_NAMES[dst], value=(self.points,)))
        elif t == DRAINED:
            board[dst] = CHARGER
            home = home_point(SOURCE, dst % COLS, board)
            board[home] = AMPERE
            self.events.append(Event("recharge", me, where=CELL_NAMES[home]))
        elif t == RESISTOR:
            board[dst] = p
            self.pending = "overload"
            self.pending_cell = dst
            self.player = 1 - me
            self.events.append(Event("overload", me, where=CELL_NAMES[dst]))
            return
        else:
            board[dst] = p
        self.after_step()

    def after_step(self) -> None:
        budget = self.duty if self.turn_kind == "amperes" else CHARGER_MOVES
        if self.moves_made >= budget:
            self.end_ampere_turn()

    def to_dead_space(self, cell: int) -> None:
        self.board[cell] = OVERLOADED
        self.events.append(Event("to_dead_space", self.player, where=CELL_NAMES[cell]))
        self.pending = ""
        self.pending_cell = -1
        self.player = self.ampere_player
        self.after_step()

    # ---- the resistor player's moves ----------------------------------------------

    def resistor_move(self, m: mv.ResistorMove) -> None:
        board = self.board
        src, dst = m.src, m.dst
        me = self.player
        board[src] = EMPTY
        t = board[dst]
        self.events.append(Event("move", me, where=str(m), text="resistor"))
        if t == AMPERE:
            board[dst] = DRAINED
            self.events.append(Event("drain", me, where=CELL_NAMES[dst]))
            if AMPERE not in board and CHARGER not in board:
                self.end_round("drained")
                if self.phase == "over":  # the final board: the resistor on the drained ampere
                    self.pending = "drain"
                    self.pending_cell = dst
                return
            self.pending = "drain"
            self.pending_cell = dst
            return
        board[dst] = RESISTOR
        if t == CHARGER:
            home = home_point(SOURCE, dst % COLS, board)
            board[home] = AMPERE
            self.events.append(Event("convert", me, where=CELL_NAMES[home]))
        self.end_resistor_turn()

    def follow_up(self, m: mv.ResistorMove) -> None:
        self.board[m.dst] = RESISTOR
        self.events.append(Event("move", self.player, where=str(m), text="resistor"))
        self.pending = ""
        self.pending_cell = -1
        self.end_resistor_turn()
