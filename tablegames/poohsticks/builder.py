"""Applying a Poohsticks move: the scratch copy of a state that ``apply`` changes (the
payment and the boat's move, the exit or the discard, then the turn's end: the draw, the
reshuffle, the bridge cards turned, the round's end) before freezing a new state (see
:mod:`tablegames.builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..builder import HandsBuilder
from ..events import Event as _Event
from ..events import new_event as _new_event
from . import moves as mv
from .solver import payment
from .state import (
    HAND_SIZE,
    PoohsticksState,
    RiverLayout,
    hand_after_paying,
    listing,
    more_to_decide,
)

if TYPE_CHECKING:
    from .game import PoohsticksGame

# Final: compiled, the module keeps these in C statics; an imported name is looked up in
# the module's globals each time it is read, and ``apply`` makes events every move
Event: Final = _Event
new_event: Final = _new_event


class PoohsticksBuilder(HandsBuilder[PoohsticksState]):
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    state_class = PoohsticksState
    move_type = mv.PoohsticksMove
    title = "Poohsticks"
    lists = ("boats", "hands")

    game: PoohsticksGame
    layout: RiverLayout  #: the game's, read once per move
    turn: int
    river: tuple[str | None, ...]
    face_down: tuple[int, ...]
    rocks: tuple[int, ...]
    boats: list[int | None]
    exited: tuple[int, ...]
    hands: list[tuple[str, ...]]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    moved: bool
    powers_used: tuple[bool, ...]

    def __init__(self, state: PoohsticksState, move: mv.PoohsticksMove | None = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        self.game = state.game
        self.layout = state.game.layout
        self.phase = state.phase
        self.player = state.player
        self.turn = state.turn
        self.river = state.river
        self.face_down = state.face_down
        self.rocks = state.rocks
        self.boats = list(state.boats)
        self.exited = state.exited
        self.hands = list(state.hands)
        self.draw_pile = state.draw_pile
        self.discard_pile = state.discard_pile
        self.moved = state.moved
        self.powers_used = state.powers_used
        self.seed = state.seed
        self.winners = state.winners
        self.events = []
        self.last_move = move
        self._moves = None

    def freeze(self) -> PoohsticksState:
        """The new state, with the legal moves the builder listed already (or None)."""
        new = PoohsticksState(
            game=self.game,
            phase=self.phase,
            player=self.player,
            turn=self.turn,
            river=self.river,
            face_down=self.face_down,
            rocks=self.rocks,
            boats=tuple(self.boats),
            exited=self.exited,
            hands=tuple(self.hands),
            draw_pile=self.draw_pile,
            discard_pile=self.discard_pile,
            moved=self.moved,
            powers_used=self.powers_used,
            seed=self.seed,
            winners=self.winners,
            events=tuple(self.events),
            last_move=self.last_move,
        )
        new._keep_moves(self._moves)
        return new

    def pay(self, cards: tuple[str, ...]) -> None:
        p = self.player
        self.hands[p] = hand_after_paying(self.hands[p], cards)
        self.discard_pile = self.discard_pile + cards

    def do(self, m: mv.PoohsticksMove) -> None:
        """One decision of the turn player, then what the engine does after it."""
        p = self.player
        kind = m.kind
        if kind == "end":
            self.events.append(
                new_event(Event, ("end" if self.moved else "pass", p, (), "", (), ""))
            )
            self.end_turn()
        elif kind == "discard":
            self.pay(m.cards)
            self.events.append(new_event(Event, ("discard", p, m.cards, "hand", (), "")))
            self.end_turn()
        elif kind == "exit":
            self.pay(m.cards)
            self.boats[p] = None
            self.exited = (*self.exited, p)
            self.moved = True
            self.events.append(new_event(Event, ("exit", p, m.cards, "", (), "")))
            self.end_turn()
        else:
            cell = self.layout.cell_index[m.cell]
            card = self.river[cell]
            assert card is not None
            if kind == "power":
                used = list(self.powers_used)
                used[p] = True
                self.powers_used = tuple(used)
                self.events.append(new_event(Event, ("power", p, (card,), m.cell, (), "")))
            else:
                made = payment(m.cards, card)
                self.pay(m.cards)
                self.events.append(new_event(Event, ("move", p, m.cards, m.cell, *made)))
            self.boats[p] = cell
            self.moved = True
            if self.flip(cell):
                self.end_turn()
                return
            hand = self.hands[p]
            boats = self.boats
            river, face_down, rocks = self.river, self.face_down, self.rocks
            powers = self.powers_used
            if more_to_decide(self.layout, p, hand, boats, river, face_down, rocks, powers):
                # the new state keeps its moves, listed from this copy
                self._moves = listing(
                    self.layout, p, hand, boats, river, face_down, rocks, powers, True
                )
            else:  # only 'end' is left
                self.events.append(new_event(Event, ("end", p, (), "nothing left", (), "")))
                self.end_turn()

    def flip(self, cell: int) -> bool:
        """Under the Bridge: a boat arriving in front of a face-down card turns it over."""
        g = self.layout
        if g.bridge_row is None or cell // g.width != g.bridge_row - 1:
            return False
        ahead = cell + g.width
        if ahead not in self.face_down:
            return False
        self.face_down = tuple(c for c in self.face_down if c != ahead)
        self.events.append(
            new_event(Event, ("flip", self.player, (self.river[ahead],), g.names[ahead], (), ""))
        )
        return True

    def end_turn(self) -> None:
        p = self.player
        g = self.layout
        if p not in self.exited:
            self.draw_hand(p, HAND_SIZE)
        self.turn += 1
        self.moved = False
        n = g.players
        capped = g.max_turns is not None and self.turn >= g.max_turns
        if self.exited and (self.turn % n == 0 or capped):
            self.phase = "over"
            self.player = -1
            self.winners = frozenset(self.exited)
            if len(self.exited) > 1:
                self.events.append(Event("tie", value=tuple(sorted(self.exited))))
            for w in sorted(self.exited):
                self.events.append(Event("win", w))
            return
        if capped:
            self.phase = "over"
            self.player = -1
            self.events.append(Event("max_turns", value=(self.turn,)))
            return
        self.player = self.turn % n
        self.events.append(new_event(Event, ("turn", self.player, (), "", (self.turn,), "")))
