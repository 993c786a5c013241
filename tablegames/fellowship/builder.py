"""Applying a Fellowship move: the scratch copy of a state that ``apply`` changes (the
capture or the cover, the draw, then the next turn or the end of the game) before
freezing a new state (see :mod:`tablegames.builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..builder import HandsBuilder
from ..cards import add_to_hand
from ..events import Event as _Event
from ..events import new_event as _new_event
from . import moves as mv
from .state import (
    BOROMIR,
    HAND_SIZE,
    FellowshipRules,
    FellowshipState,
    generate,
    two_player_roles,
)

if TYPE_CHECKING:
    from .game import FellowshipGame

# Final: compiled, the module keeps these in C statics, where an imported name is looked
# up in the module's dict on every use (three events a turn)
Event: Final = _Event
new_event: Final = _new_event


class FellowshipBuilder(HandsBuilder[FellowshipState]):
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    state_class = FellowshipState
    move_type = mv.FellowshipMove
    title = "Fellowship"
    lists = ("circle", "hands")

    game: FellowshipGame
    rules: FellowshipRules  #: the game's, read off it once
    turn: int
    circle: list[tuple[str, ...]]
    hands: list[tuple[str, ...]]
    draw_pile: tuple[str, ...]
    roles: tuple[str | None, ...]

    def __init__(self, state: FellowshipState, move: mv.FellowshipMove | None = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        self.game = state.game
        self.rules = state.game.rules
        self.phase = state.phase
        self.player = state.player
        self.turn = state.turn
        self.circle = list(state.circle)
        self.hands = list(state.hands)
        self.draw_pile = state.draw_pile
        self.roles = state.roles
        self.seed = state.seed
        self.winners = state.winners
        self.events = []
        self.last_move = move
        self._moves = None

    def freeze(self) -> FellowshipState:
        """The new state, with the legal moves :meth:`begin_turn` found (or None)."""
        new = FellowshipState(
            game=self.game,
            phase=self.phase,
            player=self.player,
            turn=self.turn,
            circle=tuple(self.circle),
            hands=tuple(self.hands),
            draw_pile=self.draw_pile,
            roles=self.roles,
            seed=self.seed,
            winners=self.winners,
            events=tuple(self.events),
            last_move=self.last_move,
        )
        new._keep_moves(self._moves)
        return new

    def do(self, m: mv.FellowshipMove) -> None:
        """The capture or the cover, the draw, then the next turn (or the end)."""
        p = self.player
        card = m.card
        src, dst = m.src, m.dst
        rules = self.rules
        players = rules.players
        self.take(p, card)
        circle = self.circle
        if m.kind == "capture":
            moving, below = circle[src], circle[dst]
            circle[dst] = below + moving
            circle[src] = (card,)
            where = f"{src}>{dst}"
            self.events.append(
                new_event(Event, ("capture", p, (moving[-1], below[-1]), where, (len(moving),), ""))
            )
            self.events.append(new_event(Event, ("fill", p, (card,), str(src), (), "")))
        else:
            circle[dst] = (*circle[dst], card)
            self.events.append(new_event(Event, ("cover", p, (card,), str(dst), (), "")))
        if card == BOROMIR and players == 2:
            self.events.append(Event("reveal", p, (BOROMIR,), "black"))
        self.draw(p)
        self.turn += 1
        max_turns = rules.max_turns
        if max_turns is not None and self.turn >= max_turns:
            self.events.append(Event("max_turns", value=(self.turn,)))
            self.end(frozenset(), result=False)
            return
        self.player = (p + 1) % players
        self.begin_turn()

    def draw(self, p: int) -> None:
        need = HAND_SIZE - len(self.hands[p])
        if need <= 0 or not self.draw_pile:
            return
        got = self.draw_pile[:need]
        self.draw_pile = self.draw_pile[need:]
        self.hands[p] = add_to_hand(self.hands[p], got)
        self.events.append(new_event(Event, ("draw", p, got, "", (), "")))
        if BOROMIR in got and self.rules.players == 2:
            self.roles = two_player_roles(tuple(self.hands))

    def begin_turn(self) -> None:
        """End the game if the player to move has no legal move (no capture, no card)."""
        moves = generate(self.rules, self.phase, self.player, self.hands, self.circle)
        if moves:
            self._moves = moves  # the new state's legal moves, computed once
            return
        p = self.player
        self.events.append(Event("no_cards" if not self.hands[p] else "no_move", p))
        self.end(self.freeze().score())

    def end(self, winners: frozenset[int], result: bool = True) -> None:
        self.phase = "over"
        self.player = -1
        self.winners = winners
        for q, role in enumerate(self.roles):
            if role is not None:
                self.events.append(Event("reveal", q, where=role))
        if not result:
            return
        if winners:
            self.events.extend(Event("win", q) for q in sorted(winners))
        else:
            self.events.append(Event("stalemate" if None in self.roles else "tie"))


def started(state: FellowshipState) -> FellowshipState:
    """``state`` itself, or the finished game when its player to move has no legal move."""
    if state.phase != "play" or state.legal_moves():
        return state
    b = FellowshipBuilder(state, state.last_move)
    b.events = list(state.events)
    b.begin_turn()
    return b.freeze()
