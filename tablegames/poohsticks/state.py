"""Poohsticks' state: an immutable position, its legal moves and ``apply``.

A turn is a series of decisions by the turn player: any number of boat moves (each paid
with hand cards that make the target's value), an exit from the last row, or, when no
move is possible at the start of the turn, a discard; ``end`` closes the turn. The
engine itself ends a turn that has nothing left to decide, draws the hand back up to
three, reshuffles the discard pile into an empty draw pile, flips bridge cards and ends
the game when the round in which a boat left the river is complete. The new state lists
all of it in ``events``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..builder import BuiltState, cached_moves, listed
from ..cards import SUIT_NAMES, sort_cards, standard_deck
from ..errors import IllegalMove, InvalidMoveError
from ..events import Event
from . import moves as mv
from .solver import RANK_ORDER, RANK_VALUES, card_values, hand_table

if TYPE_CHECKING:
    from .builder import PoohsticksBuilder
    from .game import PoohsticksGame

HAND_SIZE = 3
PHASES = ("play", "over")
BOAT_SUITS = "SDHC"
EXIT_RANKS = frozenset("JQKA")


#: The ways to pay for a river card with a hand, by the hand's ranks in hand order (a
#: string: at most 2,379 of them) and then by the river card's rank: sets of hand
#: indices, in the order the solver finds them over the card's values, each set once.
#: Filled a whole hand at a time, as met.
_PAYMENTS: dict[str, dict[str, tuple[tuple[int, ...], ...]]] = {}
#: Boat moves by (boat's suit, cell name, cards paid), shared (moves are immutable).
_PAID_MOVES: dict[tuple[str, str, tuple[str, ...]], mv.PoohsticksMove] = {}


def _payments(ranks: str) -> dict[str, tuple[tuple[int, ...], ...]]:
    """See :data:`_PAYMENTS`: the payments for each river rank of the hand ``ranks``."""
    order = sorted(range(len(ranks)), key=lambda i: RANK_ORDER.index(ranks[i]))
    table = hand_table(tuple(ranks[i] for i in order))
    out: dict[str, tuple[tuple[int, ...], ...]] = {}
    for rank in RANK_ORDER:
        seen: set[tuple[int, ...]] = set()
        pays = []
        for v in RANK_VALUES[rank]:
            for pos, _text in table.get(v, ()):
                idx = tuple(sorted(order[q] for q in pos))
                if idx not in seen:
                    seen.add(idx)
                    pays.append(idx)
        out[rank] = tuple(pays)
    return out


def hand_payments(hand: tuple[str, ...]) -> dict[str, tuple[tuple[int, ...], ...]] | None:
    """The payments of ``hand`` for each river rank (see :data:`_PAYMENTS`), None for an
    empty hand."""
    if not hand:
        return None
    ranks = "".join([c[0] for c in hand])
    pays = _PAYMENTS.get(ranks)
    if pays is None:
        pays = _PAYMENTS[ranks] = _payments(ranks)
    return pays


#: The exit paying each face card or ace, shared.
_EXITS = {c: mv.PoohsticksMove("exit", cards=(c,)) for c in standard_deck() if c[0] in EXIT_RANKS}


#: Discard moves by the cards discarded, shared (moves are immutable).
_DISCARDS: dict[tuple[str, ...], mv.PoohsticksMove] = {}


@functools.cache
def _discard_order(n: int) -> tuple[tuple[int, ...], ...]:
    """The non-empty sets of hand indices of a hand of ``n`` cards, in the order discards
    are listed: fewer cards first, then by the mask of indices, highest first."""
    masks = sorted(range(1, 1 << n), key=lambda m: (m.bit_count(), -m))
    return tuple(tuple(i for i in range(n) if m >> i & 1) for m in masks)


def _paid_move(suit: str, cell: str, cards: tuple[str, ...]) -> mv.PoohsticksMove:
    """The boat move of ``suit`` onto ``cell`` paying ``cards`` (see :data:`_PAID_MOVES`)."""
    key = (suit, cell, cards)
    move = _PAID_MOVES.get(key)
    if move is None:
        if len(_PAID_MOVES) > 100_000:  # bound the memory: forget and refill
            _PAID_MOVES.clear()
        move = _PAID_MOVES[key] = mv.PoohsticksMove("move", suit, cell, cards)
    return move


@dataclass(frozen=True, slots=True, repr=False)
class PoohsticksState(BuiltState):
    """A Poohsticks position. Build one with ``game.initial_state(seed)`` or
    ``game.state_from_json(data)``; never change it, ``apply`` returns a new one.

    ``river`` holds one card per cell (``None`` where the shape has no card), cells
    numbered ``row * width + column`` from the entry row. Hands are in canonical card
    order; the draw pile lists its top card first, the discard pile its top card last.
    """

    game: PoohsticksGame
    phase: str
    player: int  #: whose turn and decision it is (-1 when the game is over)
    turn: int  #: completed turns; player ``turn % players`` is to play
    river: tuple[str | None, ...]
    face_down: tuple[int, ...]  #: bridge cells still face down
    rocks: tuple[int, ...]  #: cells holding a rock (face down for good)
    boats: tuple[int | None, ...]  #: each player's boat cell; None before entering or after exit
    exited: tuple[int, ...]  #: players whose boat left the river this round, in order
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    moved: bool  #: has the turn player moved (or exited) this turn?
    powers_used: tuple[bool, ...]
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int] = frozenset()
    events: tuple[Event, ...] = ()
    last_move: mv.PoohsticksMove | None = None
    _moves: list[mv.PoohsticksMove] | None = field(default=None, compare=False)

    move_type = mv.PoohsticksMove
    move_title = "Poohsticks"

    # ---- the contract -------------------------------------------------------------

    def legal_moves(self) -> list[mv.PoohsticksMove]:
        return cached_moves(self, self._generate)

    # ---- helpers for viewers ------------------------------------------------------

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand of the player to decide (empty when the game is over)."""
        return self.hands[self.player] if self.player >= 0 else ()

    def cell_name(self, cell: int) -> str:
        return self.game.names[cell]

    def __repr__(self) -> str:
        return (
            f"<PoohsticksState {self.phase} turn={self.turn} player={self.player} "
            f"boats={[None if b is None else self.game.names[b] for b in self.boats]} "
            f"winners={sorted(self.winners)}>"
        )

    # ---- move generation ----------------------------------------------------------

    def _generate(self) -> list[mv.PoohsticksMove]:
        return generate(self)

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: mv.PoohsticksMove) -> None:
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here."""
        if listed(m, self._moves):  # one of the very moves legal_moves() gave
            return
        if self.phase == "over":
            raise IllegalMove(f"the game is over ({self._result_text()}); no move can be made")
        if m in self.legal_moves():
            return
        p = self.player
        g = self.game
        hand = self.hands[p]
        if m.kind not in mv.KINDS:
            raise IllegalMove(f"{m!r}: unknown kind {m.kind!r}; {mv.NOTATION_HELP}")
        if m.kind in ("move", "power") and g.index.get(m.cell) not in g.cell_set:
            raise InvalidMoveError(  # a cell name not on this river: syntax, not legality
                f"{m}: there is no river card at {m.cell} (columns A-{g.names[g.width - 1][0]}, "
                f"rows 1-{g.length}{', shaped' if g.options['shape'] else ''}); {mv.NOTATION_HELP}"
            )
        missing = [c for c in m.cards if c not in hand]
        if missing:
            raise IllegalMove(
                f"{m}: {' '.join(map(str, missing))} not in player {p}'s hand "
                f"({' '.join(hand) or 'empty'})"
            )
        if len(set(m.cards)) != len(m.cards) or m.cards != sort_cards(m.cards):
            raise IllegalMove(f"malformed move {m!r}: {mv.NOTATION_HELP}")
        if m.kind in ("move", "power"):
            self._check_boat_move(m)
        elif m.kind == "exit":
            here = self.boats[p]
            if here not in g.last_row_set:
                where = "has not entered the river" if here is None else f"is on {g.names[here]}"
                raise IllegalMove(
                    f"{m}: a boat exits only from the last row (row {g.length}); yours {where}"
                )
            if len(m.cards) != 1 or m.cards[0][0] not in EXIT_RANKS:
                raise IllegalMove(
                    f"{m}: exiting takes exactly one face card (J, Q, K) or one ace, alone"
                )
        elif m.kind == "discard":
            if self.moved:
                raise IllegalMove(f"{m}: you may not discard after moving this turn")
            if not 1 <= len(m.cards) <= 3:
                raise IllegalMove(f"{m}: discard one to three cards")
            raise IllegalMove(
                f"{m}: you may discard only when no move is possible, and you can play "
                f"{self.legal_moves()[0]}"
            )
        raise IllegalMove(f"{m}: not a legal move here; {mv.NOTATION_HELP}")

    def _check_boat_move(self, m: mv.PoohsticksMove) -> None:
        g = self.game
        p = self.player
        suit = BOAT_SUITS[p]
        if m.boat != suit:
            raise IllegalMove(
                f"{m}: it is player {p}'s turn, who sails the {SUIT_NAMES[suit]} boat "
                f"(write {suit}>...)"
            )
        cell = g.index[m.cell]
        here = self.boats[p]
        if here is None and cell not in g.first_row:
            raise IllegalMove(f"{m}: a boat enters the river at a card of the first row (row 1)")
        if here is not None and cell not in g.neighbours[here]:
            raise IllegalMove(
                f"{m}: a boat moves orthogonally onto a neighbouring card; yours is on "
                f"{g.names[here]}"
            )
        if cell in self.rocks:
            raise IllegalMove(f"{m}: {m.cell} is a rock; boats go around rocks")
        if cell in self.face_down:
            raise IllegalMove(
                f"{m}: {m.cell} is a face-down bridge card; it is turned over when a boat "
                "arrives in front of it, and only then can a boat move onto it"
            )
        for q, b in enumerate(self.boats):
            if b == cell and q != p:
                raise IllegalMove(f"{m}: {m.cell} is occupied by player {q}'s boat")
        card = self.river[cell]
        assert card is not None
        if m.kind == "power":
            if not g.boat_powers:
                raise IllegalMove(f"{m}: boat powers are off in this game (option boat_powers)")
            if self.powers_used[p]:
                raise IllegalMove(f"{m}: your boat's free move is used once per game, already")
            raise IllegalMove(
                f"{m}: the free move goes onto a card of your boat's suit "
                f"({SUIT_NAMES[suit]}), and {m.cell} holds {card}"
            )
        if not m.cards:
            raise IllegalMove(f"{m}: a move pays at least one card from your hand")
        values = " or ".join(map(str, card_values(card)))
        raise IllegalMove(
            f"{m}: {' '.join(m.cards)} cannot make {values} (the value of {card} on "
            f"{m.cell}) with + - x / using each card once"
        )

    def _result_text(self) -> str:
        if len(self.winners) > 1:
            return "a tie between players " + " and ".join(map(str, sorted(self.winners)))
        if self.winners:
            return f"won by player {next(iter(self.winners))}"
        return "ended without a winner"


def generate(s: PoohsticksState | PoohsticksBuilder) -> list[mv.PoohsticksMove]:
    """The legal moves of a state, or of a builder holding the same fields (the builder
    lists them after a boat move without freezing a state first)."""
    if s.phase != "play":
        return []
    g = s.game
    p = s.player
    hand = s.hands[p]
    here = s.boats[p]
    suit = BOAT_SUITS[p]
    out: list[mv.PoohsticksMove] = []
    power = g.boat_powers and not s.powers_used[p]
    names = g.names
    river = s.river
    face_down = s.face_down
    rocks = s.rocks
    boats = s.boats  # the player's own boat is never on a cell next to it
    pays_by_rank = hand_payments(hand)
    for cell in g.first_row if here is None else g.neighbours[here]:
        if cell in face_down or cell in rocks or cell in boats:
            continue
        card = river[cell]
        assert card is not None
        if pays_by_rank is not None:
            name = names[cell]
            for idx in pays_by_rank[card[0]]:
                cards = tuple(map(hand.__getitem__, idx))
                move = _PAID_MOVES.get((suit, name, cards))
                if move is None:
                    move = _paid_move(suit, name, cards)
                out.append(move)
        if power and card[1] == suit:
            out.append(mv.PoohsticksMove("power", suit, names[cell]))
    if here in g.last_row_set:
        out.extend(_EXITS[c] for c in hand if c[0] in EXIT_RANKS)
    if not s.moved and not out:
        for idx in _discard_order(len(hand)):
            cards = tuple(map(hand.__getitem__, idx))
            move = _DISCARDS.get(cards)
            if move is None:
                if len(_DISCARDS) > 100_000:  # bound the memory: forget and refill
                    _DISCARDS.clear()
                move = _DISCARDS[cards] = mv.PoohsticksMove("discard", cards=cards)
            out.append(move)
    out.append(mv.END)
    return out


def decides_again(s: PoohsticksBuilder) -> bool:
    """After a boat move: has the turn player a decision left besides ``end`` (a further
    paid move, the free move or an exit)? As ``len(generate(s)) > 1``, without listing
    the moves: most moves leave none, and the turn then ends at once."""
    g = s.game
    p = s.player
    hand = s.hands[p]
    here = s.boats[p]
    if here in g.last_row_set and any(c[0] in EXIT_RANKS for c in hand):
        return True
    power = g.boat_powers and not s.powers_used[p]
    if not hand and not power:
        return False
    pays_by_rank = hand_payments(hand)
    suit = BOAT_SUITS[p]
    river = s.river
    face_down = s.face_down
    rocks = s.rocks
    boats = s.boats
    for cell in g.first_row if here is None else g.neighbours[here]:
        if cell in face_down or cell in rocks or cell in boats:
            continue
        card = river[cell]
        assert card is not None
        if (pays_by_rank is not None and pays_by_rank[card[0]]) or (power and card[1] == suit):
            return True
    return False


# The builder copies the state class defined above, so it is imported last (and as a
# module, which works whichever of the two modules is imported first).
from . import builder as _builder  # noqa: E402, F401  (registers the state's builder)
