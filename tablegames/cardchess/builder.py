"""Applying a Card Chess move: the scratch copy of a state that ``apply`` changes (the
placement or the move, then the turn's end: covered kings, a side with no move, the
turn cap) before freezing a new state (see :mod:`tablegames.builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..builder import HandsBuilder
from ..events import Event as _Event
from ..events import new_event as _new_event
from . import moves as mv
from .moves import CELL_NAMES
from .state import COLOURS, OWNER, CardChessState, _surface_colours, has_move, kings_covered

if TYPE_CHECKING:
    from .game import CardChessGame

# Final: compiled, the module keeps these in C statics; an imported name is looked up in
# the module's globals each time it is read, and ``apply`` makes events every move
Event: Final = _Event
new_event: Final = _new_event


class CardChessBuilder(HandsBuilder[CardChessState]):
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    state_class = CardChessState
    move_type = mv.CardChessMove
    title = "Card Chess"
    lists = ("stacks", "hands")
    carry = ("_colours",)

    game: CardChessGame
    ply: int
    surface: tuple[str, ...]
    stacks: list[tuple[str, ...]]
    hands: list[tuple[str, ...]]
    _colours: tuple[int, ...] | None  #: the state's cache of its cells' colours, if known

    def __init__(self, state: CardChessState, move: mv.CardChessMove | None = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        self.game = state.game
        self.phase = state.phase
        self.player = state.player
        self.ply = state.ply
        self.surface = state.surface
        self.stacks = list(state.stacks)
        self.hands = list(state.hands)
        self.seed = state.seed
        self.winners = state.winners
        self.events = []
        self.last_move = move
        self._moves = None
        self._colours = state._colours

    def freeze(self) -> CardChessState:
        """The new state, with the colours the builder kept (or None)."""
        new = CardChessState(
            game=self.game,
            phase=self.phase,
            player=self.player,
            ply=self.ply,
            surface=self.surface,
            stacks=tuple(self.stacks),
            hands=tuple(self.hands),
            seed=self.seed,
            winners=self.winners,
            events=tuple(self.events),
            last_move=self.last_move,
        )
        new._keep_colours(self._colours)
        return new

    def recolour(self, *cells: int) -> None:
        """Keep ``_colours`` right after the stacks on ``cells`` changed."""
        colours = self._colours
        if colours is None:
            return
        new = list(colours)
        for i in cells:
            stack = self.stacks[i]
            new[i] = (
                OWNER[stack[-1]] if stack else _surface_colours(self.surface, self.game.terrain)[i]
            )
        self._colours = tuple(new)

    def do(self, m: mv.CardChessMove) -> None:
        """A placement (progressive set-up) or a move, then the turn's end."""
        if m.kind == "place":
            self.place(m)
        else:
            self.move(m)

    def place(self, m: mv.CardChessMove) -> None:
        p = self.player
        self.take(p, m.card)
        self.stacks[m.dst] = (m.card,)
        self.recolour(m.dst)
        self.events.append(Event("place", p, (m.card,), CELL_NAMES[m.dst]))
        if self.hands[1 - p]:
            self.player = 1 - p
        elif not self.hands[p]:
            self.phase = "play"
            self.player = self.game.first_player
            self.events.append(Event("start", self.player))
            self.begin_turn()

    def move(self, m: mv.CardChessMove) -> None:
        p = self.player
        src, dst = m.src, m.dst
        stacks = self.stacks
        moving = stacks[src]
        unit = moving[-1]
        stacks[src] = moving[:-1]
        below = stacks[dst]
        stacks[dst] = (*below, unit)
        self.recolour(src, dst)
        events = self.events
        events.append(new_event(Event, ("move", p, (unit,), str(m), (), "")))
        # A playing position never has two covered kings on a side (from_json refuses it),
        # so a side can reach two only by this move: the opponent's when it covers a unit,
        # the mover's when it uncovers an opposing unit (which may sit on one of its kings).
        covers = below and OWNER[below[-1]] != p
        if covers:
            events.append(Event("cover", p, (unit, below[-1]), CELL_NAMES[dst]))
        uncovers = len(moving) > 1 and OWNER[moving[-2]] != p
        if uncovers:
            events.append(Event("uncover", 1 - p, (moving[-2],), CELL_NAMES[src]))
        self.ply += 1
        if covers and kings_covered(stacks, 1 - p) == 2:
            self.end(frozenset({p}))
            return
        if uncovers and kings_covered(stacks, p) == 2:  # an opposing unit on a king of its own
            self.end(frozenset({1 - p}))
            return
        cap = self.game.max_turns
        if cap is not None and self.ply >= cap:
            self.events.append(Event("max_turns", value=(self.ply,)))
            self.end(frozenset(), result=False)
            return
        self.player = 1 - p
        self.begin_turn()

    def begin_turn(self) -> None:
        """End the game as a draw if the player to move has no legal move."""
        if has_move(self.phase, self.player, self.stacks):
            return
        self.events.append(Event("no_move", self.player))
        self.end(frozenset())

    def end(self, winners: frozenset[int], result: bool = True) -> None:
        self.phase = "over"
        self.player = -1
        self.winners = winners
        if not result:
            return
        if winners:
            self.events.extend(Event("win", q, where=COLOURS[q]) for q in sorted(winners))
        else:
            self.events.append(Event("draw"))
