"""Applying a Resistor move: the mutable scratch copy of a state that ``apply`` changes
step by step (the move, then the end of the turn, the round or the match) before
freezing a new state (see :mod:`tablegames.builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import rng
from ..builder import StateBuilder
from ..events import Event as _Event
from ..events import new_event as _new_event
from . import dice
from . import moves as mv
from .board import (
    AMPERE,
    CELL_NAMES,
    CHARGE,
    CHARGER,
    CHARGER_MOVES,
    COLS,
    CYCLE,
    DRAINED,
    EMPTY,
    OVERLOADED,
    PIECES,
    RESISTOR,
    SOURCE,
    ZONES,
    amperes_on_board,
    home_point,
)
from .state import EMPTY_BOARD, ResistorState

if TYPE_CHECKING:
    from .game import ResistorGame

# Final: compiled, the module keeps these in C statics; an imported name is looked up in
# the module's globals each time it is read, and ``apply`` makes events every move
Event: Final = _Event
new_event: Final = _new_event


def _event(
    kind: str, player: int = -1, where: str = "", value: tuple[int, ...] = (), text: str = ""
) -> _Event:
    """An event with no cards (Resistor has none), made as the tuple it is: compiled, a
    call of the named tuple's class with keywords would run its interpreted ``__new__``."""
    return new_event(Event, (kind, player, (), where, value, text))


class ResistorBuilder(StateBuilder[ResistorState]):
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    state_class = ResistorState
    move_type = mv.ResistorMove
    title = "Resistor"
    lists = ("scores",)

    game: ResistorGame
    round: int
    first: int
    scores: list[int]
    points: int
    turn: int
    turns_played: int
    board: str
    dead: tuple[int, ...]
    turn_kind: str
    duty: int
    moves_made: int
    pending: str
    pending_cell: int

    def __init__(self, state: ResistorState, move: mv.ResistorMove | None = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        self.game = state.game
        self.phase = state.phase
        self.player = state.player
        self.round = state.round
        self.first = state.first
        self.scores = list(state.scores)
        self.points = state.points
        self.turn = state.turn
        self.turns_played = state.turns_played
        self.board = state.board
        self.dead = state.dead
        self.turn_kind = state.turn_kind
        self.duty = state.duty
        self.moves_made = state.moves_made
        self.pending = state.pending
        self.pending_cell = state.pending_cell
        self.seed = state.seed
        self.winners = state.winners
        self.events = []
        self.last_move = move
        self._moves = None

    def freeze(self) -> ResistorState:
        """The new state: the builder's fields, the scores and events as tuples."""
        a, b = self.scores
        return ResistorState(
            self.game, self.phase, self.player, self.round, self.first, (a, b), self.points,
            self.turn, self.turns_played, self.board, self.dead, self.turn_kind, self.duty,
            self.moves_made, self.pending, self.pending_cell, self.seed, self.winners,
            tuple(self.events), self.last_move,
        )  # fmt: skip

    def put(self, cell: int, code: str) -> None:
        """Set one cell of the board string."""
        b = self.board
        self.board = b[:cell] + code + b[cell + 1 :]

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
            self.events.append(_event("end_turn", self.player))
            if self.player == self.ampere_player:
                self.end_ampere_turn()
            else:
                self.end_resistor_turn()
        elif kind == "forfeit":  # the ampere player's turn, given up with the round
            self.events.append(_event("forfeit", self.player))
            self.count_turn()
            self.end_round("forfeit")
        else:  # a role
            chooser = self.player
            self.first = chooser if kind == "amperes" else 1 - chooser
            self.events.append(_event("role", chooser, where=kind))
            self.begin_round()

    # ---- rounds and turns -----------------------------------------------------------

    def begin_round(self) -> None:
        """A fresh board: the dead spaces are rolled, then the ampere player places."""
        amp = self.ampere_player
        gen = rng.generator(self.seed)
        self.events.append(_event("round", amp, value=(self.round,)))
        self.dead, rolled = dice.dead_spaces(gen, self.game.dead_spaces, 1 - amp)
        self.events.extend(rolled)
        self.seed = rng.next_seed(gen)
        self.board = EMPTY_BOARD
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
        amp = self.ampere_player
        placed = self.board.count(AMPERE)
        code = AMPERE if placed < g.amperes else RESISTOR
        self.put(cell, code)
        self.events.append(
            _event("place", self.player, where=CELL_NAMES[cell], text=PIECES[code].kind)
        )
        if code == AMPERE and placed + 1 == g.amperes:
            self.player = 1 - amp
        elif code == RESISTOR and self.board.count(RESISTOR) == g.resistors:
            self.phase = "play"
            self.events.append(_event("start", amp))
            self.begin_ampere_turn()

    def begin_ampere_turn(self) -> None:
        on_board = amperes_on_board(self.board)
        self.player = self.ampere_player
        self.turn_kind = ""
        self.moves_made = 0
        self.duty = 2 if on_board <= self.game.duty_cycle else 1

    def end_ampere_turn(self) -> None:
        self.turn_kind = ""
        self.moves_made = 0
        self.duty = 0
        self.count_turn()
        if self.round_over() or self.capped():
            return
        self.player = 1 - self.ampere_player

    def end_resistor_turn(self) -> None:
        if OVERLOADED in self.board:  # their "next turn" is over: usable again
            self.board = self.board.replace(OVERLOADED, RESISTOR)
        self.count_turn()
        if self.round_over() or self.capped():
            return
        self.begin_ampere_turn()

    def count_turn(self) -> None:
        """A turn is over: ended, forfeited, or cut short by the drain that ends the round
        (so every round has a turn, and ``max_turns`` bounds the match)."""
        self.turn += 1
        self.turns_played += 1

    def round_over(self) -> bool:
        """End the round (``round_turns``, a variant) once its turns reach the limit; the
        round's end decides the match or caps it as any other round's end does."""
        limit = self.game.round_turns
        if limit is not None and self.turn >= limit:
            self.end_round("turn_limit")
            return True
        return False

    def capped(self) -> bool:
        """Stop the match at once, with no winner, once ``max_turns`` turns are played."""
        cap = self.game.max_turns
        if cap is not None and self.turns_played >= cap:
            self.events.append(_event("max_turns", value=(self.turns_played,)))
            self.end_match(frozenset())
            return True
        return False

    def end_round(self, reason: str) -> None:
        g = self.game
        amp = self.ampere_player
        self.events.append(_event("round_end", amp, value=(self.round, self.points), text=reason))
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
        if self.capped():  # the round's last turn reached max_turns: no next round
            return
        self.round = r + 1
        self.begin_round()

    def end_match(self, winners: frozenset[int]) -> None:
        self.phase = "over"
        self.player = -1
        self.winners = winners
        if winners:
            self.events.extend(_event("win", q, value=tuple(self.scores)) for q in winners)
        else:
            self.events.append(_event("draw", value=tuple(self.scores)))

    # ---- the ampere player's steps ----------------------------------------------------

    def step(self, m: mv.ResistorMove) -> None:
        src, dst = m.src, m.dst
        p = self.board[src]
        me = self.player
        self.turn_kind = "amperes" if p == AMPERE else "chargers"
        # a jump, or (slingshot="extra_step") the step beyond the turn's allotted moves
        sling = m.slingshot or self.moves_made >= self.allotted()
        self.moves_made += 1
        self.put(src, EMPTY)
        t = self.board[dst]
        self.events.append(
            _event("slingshot" if sling else "move", me, where=str(m), text=PIECES[p].kind)
        )
        zone = ZONES[dst]
        if dst in CYCLE:
            home = home_point(CHARGE if p == CHARGER else SOURCE, dst % COLS, self.board)
            self.put(home, p)
            self.events.append(_event("cycle", me, where=CELL_NAMES[home], text=PIECES[p].kind))
        elif p == AMPERE and zone == "charge":
            self.put(dst, CHARGER)
            self.events.append(_event("charge", me, where=CELL_NAMES[dst]))
        elif p == CHARGER and zone == "source":
            self.put(dst, AMPERE)
            self.points += 1
            self.scores[me] += 1
            self.events.append(_event("score", me, where=CELL_NAMES[dst], value=(self.points,)))
        elif t == DRAINED:
            self.put(dst, CHARGER)
            home = home_point(SOURCE, dst % COLS, self.board)
            self.put(home, AMPERE)
            self.events.append(_event("recharge", me, where=CELL_NAMES[home]))
        elif t == RESISTOR:
            self.put(dst, p)
            self.pending = "overload"
            self.pending_cell = dst
            self.player = 1 - me
            self.events.append(_event("overload", me, where=CELL_NAMES[dst]))
            return
        else:
            self.put(dst, p)
        self.after_step()

    def allotted(self) -> int:
        """The moves allotted to this ampere turn's kind (duty cycle, or two for chargers)."""
        return self.duty if self.turn_kind == "amperes" else CHARGER_MOVES

    def after_step(self) -> None:
        """End the ampere turn once its moves are used: the allotted ones, and with
        ``slingshot="extra_step"`` the extra step too when one is possible."""
        made, budget = self.moves_made, self.allotted()
        if made < budget:
            return
        extra = made == budget and self.game.slingshot == "extra_step"
        if extra and self.freeze().steps(self.turn_kind):
            return  # the slingshot's extra step is still to decide (or 'end')
        self.end_ampere_turn()

    def to_dead_space(self, cell: int) -> None:
        self.put(cell, OVERLOADED)
        self.events.append(_event("to_dead_space", self.player, where=CELL_NAMES[cell]))
        self.pending = ""
        self.pending_cell = -1
        self.player = self.ampere_player
        self.after_step()

    # ---- the resistor player's moves ----------------------------------------------

    def resistor_move(self, m: mv.ResistorMove) -> None:
        src, dst = m.src, m.dst
        me = self.player
        self.put(src, EMPTY)
        t = self.board[dst]
        self.events.append(_event("move", me, where=str(m), text="resistor"))
        if t == AMPERE:
            self.put(dst, DRAINED)
            self.events.append(_event("drain", me, where=CELL_NAMES[dst]))
            if AMPERE not in self.board and CHARGER not in self.board:
                self.count_turn()
                self.end_round("drained")
                if self.phase == "over":  # the final board: the resistor on the drained ampere
                    self.pending = "drain"
                    self.pending_cell = dst
                return
            self.pending = "drain"
            self.pending_cell = dst
            return
        self.put(dst, RESISTOR)
        if t == CHARGER:
            home = home_point(SOURCE, dst % COLS, self.board)
            self.put(home, AMPERE)
            self.events.append(_event("convert", me, where=CELL_NAMES[home]))
        self.end_resistor_turn()

    def follow_up(self, m: mv.ResistorMove) -> None:
        self.put(m.dst, RESISTOR)
        self.events.append(_event("move", self.player, where=str(m), text="resistor"))
        self.pending = ""
        self.pending_cell = -1
        self.end_resistor_turn()
