"""Applying a Currents move: the scratch copy of a state that ``apply`` changes (the
placement or action, the push of the pawn, goaltending, the combination attack, then the
turn's end: the draw and the next player) before freezing a new state (see
:mod:`tablegames.builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import rng
from ..builder import HandsBuilder
from ..cards import SUIT, add_to_hand
from ..events import Event as _Event
from ..events import new_event as _new_event
from . import moves as mv
from .accept import FULL, PLACE_BITS, PLACE_MASK, Board, accept_board
from .geometry import (
    CLOCKWISE,
    OPPOSITE,
    POINTS,
    SIZE,
    SLOTS,
    clamp_axis,
    crossings,
)
from .push import pushed_to
from .rules import (
    PLACEABLE,
    CurrentsRules,
    advantage_order,
    is_demotion,
    stopped_by,
)
from .state import HAND_SIZE, CurrentsState, follows_up

if TYPE_CHECKING:
    from .game import CurrentsGame

_TARGET_INDEX: Final = mv.TARGET_INDEX
_PLACE_BITS: Final = PLACE_BITS
#: Per place: every bit of an accept board's word but that place's (see accept.PLACE_MASK).
_KEEP: Final = tuple(FULL ^ PLACE_MASK << t for t in range(20))
# Final: compiled, the module keeps these in C statics; an imported name is looked up in
# the module's globals each time it is read, and ``apply`` makes several events a move
Event: Final = _Event
new_event: Final = _new_event
#: The most players a game has: the placement events below are kept for each of them.
_PLAYERS: Final = 4
#: Events that recur, made once and handed out again (an event is an immutable tuple, and
#: a new one cost about 900 instructions compiled, four a move). Per placeable card: its
#: placements and demotions by each player, in the order :func:`_placed` reads; made on
#: the first placement of a game (so importing tablegames makes none of the 8,320).
_PLACED: Final[dict[str, tuple[_Event, ...]]] = {}
#: Each turn's start, at ``turn * _PLAYERS + player``, kept for the turns below this one
#: (a random game rarely lasts 100 turns; a longer one makes its later turn events anew
#: rather than grow the table with the longest game ever played).
_KEPT_TURNS: Final = 200
_TURNS: Final[dict[int, _Event]] = {}


def _placed(card: str, idx: int, demoted: bool, player: int) -> _Event:
    """The event of ``player`` placing ``card`` at target ``idx`` (``demoted``: a
    demotion)."""
    events = _PLACED.get(card)
    if events is None:  # the first placement: every card's events at once
        for c in PLACEABLE:
            cards = (c,)
            _PLACED[c] = tuple(
                new_event(Event, (kind, p, cards, target, (), ""))
                for target in mv.TARGETS
                for kind in ("place", "demote")
                for p in range(_PLAYERS)
            )
        events = _PLACED[card]
    return events[(idx * 2 + demoted) * _PLAYERS + player]


class CurrentsBuilder(HandsBuilder[CurrentsState]):
    """The mutable scratch copy that ``apply`` works on before freezing a new state."""

    state_class = CurrentsState
    move_type = mv.CurrentsMove
    title = "Currents"
    lists = ("hands",)
    carry = ("_board",)

    game: CurrentsGame
    rules: CurrentsRules  #: the game's, read off it once
    turn_player: int
    turn: int
    pawn: tuple[int, int]
    compass: tuple[str | None, ...]
    currents: tuple[str | None, ...]
    hands: list[tuple[str, ...]]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    aside: tuple[str, ...]
    target: tuple[int, int] | None
    queue: tuple[str, ...]
    combo: str | None
    #: the accept board (see accept.PLACE_BITS): :meth:`put` keeps it right; whatever
    #: changes the compass or the currents otherwise resets it to None
    _board: Board | None

    def __init__(self, state: CurrentsState, move: mv.CurrentsMove | None = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        self.game = game = state.game
        self.rules = game.rules
        self.phase = state.phase
        self.player = state.player
        self.turn_player = state.turn_player
        self.turn = state.turn
        self.pawn = state.pawn
        self.compass = state.compass
        self.currents = state.currents
        self.hands = list(state.hands)
        self.draw_pile = state.draw_pile
        self.discard_pile = state.discard_pile
        self.aside = state.aside
        self.seed = state.seed
        self.target = state.target
        self.queue = state.queue
        self.combo = state.combo
        self.winners = state.winners
        self.events = []
        self.last_move = move
        self._board = state._board

    def freeze(self) -> CurrentsState:
        """The new state, with the accept board the builder kept (or None)."""
        new = CurrentsState(
            game=self.game,
            phase=self.phase,
            player=self.player,
            turn_player=self.turn_player,
            turn=self.turn,
            pawn=self.pawn,
            compass=self.compass,
            currents=self.currents,
            hands=tuple(self.hands),
            draw_pile=self.draw_pile,
            discard_pile=self.discard_pile,
            aside=self.aside,
            seed=self.seed,
            target=self.target,
            queue=self.queue,
            combo=self.combo,
            winners=self.winners,
            events=tuple(self.events),
            last_move=self.last_move,
        )
        new._keep_board(self._board)
        return new

    def do(self, m: mv.CurrentsMove) -> None:
        """The decision the phase asks for: an ace placed, a play, a goaltending answer or
        the combination attack's follow-up."""
        phase = self.phase
        if phase == "play":
            self.play(m)
        elif phase == "setup":
            self.place_ace(m)
        elif phase == "defend":
            self.goaltend(m)
        else:
            self.follow_up(m)

    def discard(self, cards: tuple[str, ...], player: int, source: str) -> None:
        self.discard_pile = self.discard_pile + cards
        self.events.append(new_event(Event, ("discard", player, cards, source, (), "")))

    def put(self, idx: int, card: str | None) -> str | None:
        """Place ``card`` (None: nothing) at target ``idx``; return what was there."""
        # a list copy changed in place and made a tuple again: compiled, a third of the
        # calls that joining two slices around the card makes
        if idx < 4:
            places = list(self.compass)
            old = places[idx]
            places[idx] = card
            self.compass = tuple(places)
        else:
            places = list(self.currents)
            old = places[idx - 4]
            places[idx - 4] = card
            self.currents = tuple(places)
        board = self._board
        if board is not None:  # place idx's bits cleared in every group, then the card's
            new = _PLACE_BITS[self.rules.easier_usurping][idx][card]
            keep = _KEEP[idx]
            self._board = (
                board[0] & keep | new[0],
                board[1] & keep | new[1],
                board[2] & keep | new[2],
                board[3] & keep | new[3],
                board[4] & keep | new[4],
                board[5] & keep | new[5],
            )
        return old

    # ---- set-up ----------------------------------------------------------------------

    def place_ace(self, m: mv.CurrentsMove) -> None:
        self._place_ace(m.card, _TARGET_INDEX[m.target])  # type: ignore[arg-type]
        while self.aside:
            order = self.rules.setup_order
            self.player = order[len(order) - len(self.aside)]
            empty = [i for i in range(4) if self.compass[i] is None]
            if len(self.aside) > 1 or len(empty) > 1:
                return  # a real choice
            self._place_ace(self.aside[0], empty[0])
        self.start_turn(0)

    def _place_ace(self, ace: str, idx: int) -> None:
        self.put(idx, ace)
        self.aside = tuple(a for a in self.aside if a != ace)
        self.events.append(_placed(ace, idx, False, self.player))

    # ---- turns -----------------------------------------------------------------------

    def start_turn(self, player: int) -> None:
        self.phase = "play"
        self.player = self.turn_player = player
        events = self.events
        turn = self.turn
        key = turn * _PLAYERS + player
        event = _TURNS.get(key)
        if event is None:
            event = new_event(Event, ("turn", player, (), "", (turn,), ""))
            if turn < _KEPT_TURNS:
                _TURNS[key] = event
        events.append(event)
        hand = self.hands[player]
        need = HAND_SIZE - len(hand)
        pile = self.draw_pile
        if 0 < need <= len(pile):  # the common case of draw_hand, written out
            got = pile[:need]
            self.draw_pile = pile[need:]
            self.hands[player] = add_to_hand(hand, got)
            events.append(new_event(Event, ("draw", player, got, "", (), "")))
            return
        self.draw_hand(player, HAND_SIZE)
        if not self.hands[player]:
            events.append(Event("no_cards", player))
            self.move_phase()

    def end_turn(self) -> None:
        turn = self.turn = self.turn + 1
        rules = self.rules
        max_turns = rules.max_turns
        if max_turns is not None and turn >= max_turns:
            self.phase = "over"
            self.player = -1
            self.events.append(Event("max_turns", value=(turn,)))
            return
        self.start_turn((self.turn_player + 1) % rules.players)

    # ---- the Play phase ----------------------------------------------------------------

    def play(self, m: mv.CurrentsMove) -> None:
        p = self.player
        card = m.card
        assert card is not None
        kind = m.kind
        hand = self.hands[p]  # take(p, card), written out
        i = 0
        while hand[i] != card:  # hand.index(card): compiled, a loop costs a fifth of the call
            i += 1
        self.hands[p] = hand[:i] + hand[i + 1 :]
        if kind == "place":
            target = m.target
            idx = _TARGET_INDEX[target]
            old = self.put(idx, card)
            events = self.events
            if old is None:
                events.append(_placed(card, idx, False, p))
                self.move_phase()
                return
            demoted = is_demotion(card, old, idx < 4)
            events.append(_placed(card, idx, demoted, p))
            self.discard_pile += (old,)
            events.append(new_event(Event, ("discard", p, (old,), target, (), "")))
            rules = self.rules
            easier = rules.easier_usurping
            if (
                demoted
                and rules.combination_attacks
                and any(follows_up(c, card, idx < 4, easier) for c in self.hands[p])
            ):
                self.combo = target  # the player may follow up
                self.phase = "combo"
                return
        elif kind == "discard":
            self.discard((card,), p, "hand")
        else:
            self.events.append(new_event(Event, (kind, p, (card,), m.target, (), "")))
            self.action(m, card)
            self.discard((card,), p, "hand")
        self.move_phase()

    def action(self, m: mv.CurrentsMove, card: str) -> None:
        p = self.player
        if m.kind == "jack":
            old = self.put(POINTS.index(m.target), None)
            assert old is not None
            self.discard((old,), p, m.target)
        elif m.kind == "queen":
            a, b = (SLOTS.index(s) + 4 for s in m.target.split("~"))
            self.put(b, self.put(a, self.currents[b - 4]))
        elif m.kind == "king":
            self._board = None
            before = dict(zip(POINTS, self.compass))
            if m.target == "cw":  # the card on N moves to E, and so on
                self.compass = tuple([before[q] for q in ("W", "N", "E", "S")])
            else:
                self.compass = tuple([before[CLOCKWISE[q]] for q in POINTS])
        else:
            self._board = None
            mode = self.rules.wild_jokers
            if mode in ("off", "both") or (mode == "split" and card == "RJ"):
                self.compass = self.shuffle_occupied(self.compass, "compass")
            if mode in ("currents", "both") or (mode == "split" and card == "BJ"):
                self.currents = self.shuffle_occupied(self.currents, "currents")

    def shuffle_occupied(self, places: tuple[str | None, ...], what: str) -> tuple[str | None, ...]:
        """Shuffle the cards among the occupied places; empty places stay empty."""
        idx = [i for i, c in enumerate(places) if c is not None]
        cards = [places[i] for i in idx]
        gen = rng.generator(self.seed)
        gen.shuffle(cards)
        self.seed = rng.next_seed(gen)
        out = list(places)
        for i, c in zip(idx, cards):
            out[i] = c
        self.events.append(Event("shuffle", where=what))
        return tuple(out)

    def follow_up(self, m: mv.CurrentsMove) -> None:
        demoted = self.combo
        self.combo = None
        self.phase = "play"
        if m.kind == "stop":
            self.events.append(Event("stop", self.player, where=demoted or ""))
        else:
            p = self.player
            card = m.card
            assert card is not None
            self.take(p, card)
            old = self.put(_TARGET_INDEX[m.target], card)
            self.events.append(Event("combination", p, (card,), m.target))
            assert old is not None
            self.discard((old,), p, m.target)
        self.move_phase()

    # ---- the Move phase and goaltending ------------------------------------------------

    def move_phase(self) -> None:
        board = self._board
        if board is None:  # kept for the next state, which lists its moves by it
            board = accept_board(self.compass, self.currents, self.rules.easier_usurping)
            self._board = board
        x, y = pushed_to(board, self.pawn)
        if 0 <= x <= SIZE and 0 <= y <= SIZE:  # no edge crossed
            self.finish_move((x, y))
            return
        target = (x, y)
        over = crossings(x, y)
        rules = self.rules
        self.target = target
        self.queue = tuple(
            advantage_order(list(over), rules.owner, self.turn_player, rules.players)
        )
        for edge in self.queue:
            self.events.append(Event("cross", rules.owner[edge], where=edge, value=(over[edge],)))
        self.resolve()

    def resolve(self) -> None:
        """Ask the goaltender of the next crossing, or settle it when nobody can choose."""
        rules = self.rules
        while self.queue:
            edge = self.queue[0]
            assert self.target is not None
            over = crossings(*self.target)[edge]
            defender = rules.goaltender[edge]
            card = self.compass[POINTS.index(OPPOSITE[edge])]
            s = SUIT[card] if card else None
            if s is not None and sum(1 for c in self.hands[defender] if SUIT[c] == s) >= over:
                self.phase = "defend"
                self.player = defender
                self.events.append(Event("ask", defender, where=edge, value=(over,)))
                return
            self.events.append(Event("no_defence", defender, where=edge, value=(over,)))
            self.win(edge)
            return
        assert self.target is not None
        target = self.target
        self.target = None
        self.finish_move(target)

    def goaltend(self, m: mv.CurrentsMove) -> None:
        edge = self.queue[0]
        defender = self.player
        if m.kind == "decline":
            self.events.append(Event("decline", defender, where=edge))
            self.win(edge)
            return
        hand = self.hands[defender]
        self.hands[defender] = tuple(c for c in hand if c not in m.cards)
        self.events.append(Event("defend", defender, m.cards, edge))
        self.discard(m.cards, defender, "hand")
        assert self.target is not None
        self.target = clamp_axis(*self.target, edge)
        self.queue = self.queue[1:]
        self.resolve()

    def win(self, edge: str) -> None:
        winner = self.rules.owner[edge]
        self.winners = frozenset((winner,))
        self.phase = "over"
        self.player = -1
        self.queue = ()
        if self.target is not None:
            self.events.append(Event("move", self.turn_player, value=(*self.pawn, *self.target)))
            self.pawn = self.target
            self.target = None
        self.events.append(Event("win", winner, where=edge))

    def finish_move(self, dest: tuple[int, int]) -> None:
        rules = self.rules
        pawn = self.pawn
        why = (
            dest != pawn
            and (rules.obstacle_set or rules.riptides)
            and stopped_by(rules.obstacle_set, rules.riptides, pawn, dest)
        )
        if why:
            riptide = rules.riptides.get(dest, "")
            self.events.append(
                Event(
                    "blocked", self.turn_player, value=dest, text=riptide and f"riptide {riptide}"
                )
            )
            dest = self.pawn
        move = (pawn[0], pawn[1], dest[0], dest[1])
        self.events.append(new_event(Event, ("move", self.turn_player, (), "", move, "")))
        self.pawn = dest
        self.end_turn()
