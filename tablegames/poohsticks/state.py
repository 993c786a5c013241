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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from ..builder import listed
from ..built import BuiltState
from ..cards import SUIT_NAMES, pretty, sort_cards, standard_deck
from ..errors import IllegalMove, InvalidMoveError
from ..events import Event
from ..nativebuilt import KeptMovesState
from ..pickers import picker
from ..value import field_table
from . import moves as mv
from .moves import PoohsticksMove
from .solver import RANK_ORDER, RANK_VALUES, card_values, hand_table
from .text import cards_words, move_words

if TYPE_CHECKING:
    from .game import PoohsticksGame

HAND_SIZE: Final = 3
PHASES = ("play", "over")
BOAT_SUITS: Final = "SDHC"
EXIT_RANKS: Final = frozenset("JQKA")


#: Picks a payment's cards out of a hand (a tuple of them, in hand order), C-fast.
Picker = Callable[[tuple[str, ...]], tuple[str, ...]]
#: The ways to pay for a river card with a hand, by the hand's ranks in hand order (a
#: string: at most 2,379 of them) and then by the river card's rank: the pickers of the
#: sets of hand cards paid, in the order the solver finds them over the card's values,
#: each set once. Filled a whole hand at a time, as met.
_PAYMENTS: Final[dict[str, dict[str, tuple[Picker, ...]]]] = {}


def _payments(ranks: str) -> dict[str, tuple[Picker, ...]]:
    """See :data:`_PAYMENTS`: the payments for each river rank of the hand ``ranks``."""
    order = sorted(range(len(ranks)), key=lambda i: RANK_ORDER.index(ranks[i]))
    table = hand_table(tuple(ranks[i] for i in order))
    out: dict[str, tuple[Picker, ...]] = {}
    for rank in RANK_ORDER:
        seen: set[tuple[int, ...]] = set()
        pays = []
        for v in RANK_VALUES[rank]:
            for pos, _text in table.get(v, ()):
                idx = tuple(sorted(order[q] for q in pos))
                if idx not in seen:
                    seen.add(idx)
                    pays.append(picker(idx))
        out[rank] = tuple(pays)
    return out


def hand_payments(hand: tuple[str, ...]) -> dict[str, tuple[Picker, ...]] | None:
    """The payments of ``hand`` for each river rank (see :data:`_PAYMENTS`), None for an
    empty hand. Read by the hand's ranks each time: a table by the hand's cards (which
    spared reading them) grew to some 20,000 hands in random play, and its lookups,
    missing the processor's caches, cost more time than they spared instructions."""
    if not hand:
        return None
    ranks = "".join([c[0] for c in hand])
    pays = _PAYMENTS.get(ranks)
    if pays is None:
        pays = _PAYMENTS[ranks] = _payments(ranks)
    return pays


def taken_cells(
    face_down: tuple[int, ...], rocks: tuple[int, ...], boats: Sequence[int | None]
) -> int:
    """The cells no boat may move onto, as a bit mask (cell c at bit c): a face-down card
    (a bridge card not yet turned over, or a rock) or another boat lies there. Made once
    per listing: each neighbour is then one bit test, where searching the three tuples
    for it cost a comparison with every boat."""
    taken = 0
    for c in face_down:
        taken |= 1 << c
    for c in rocks:
        taken |= 1 << c
    for b in boats:
        if b is not None:
            taken |= 1 << b
    return taken


# Paid moves and discards are made afresh at each listing (PoohsticksMove, imported by
# name: compiled, a direct call of its native constructor, where calling the class through
# a variable parsed the arguments as Python does): a table sharing them grew with every
# new hand, and the garbage collector's walks over it cost random play about 10%
# (2026-11-26), while MCTS, which names moves by their notation, ran as fast without it.
#: The exit paying each face card or ace, shared.
_EXITS: Final = {
    c: mv.PoohsticksMove("exit", cards=(c,)) for c in standard_deck() if c[0] in EXIT_RANKS
}


@functools.cache
def _discard_order(n: int) -> tuple[Picker, ...]:
    """The pickers of the non-empty sets of cards of a hand of ``n``, in the order discards
    are listed: fewer cards first, then by the mask of indices, highest first."""
    masks = sorted(range(1, 1 << n), key=lambda m: (m.bit_count(), -m))
    return tuple(picker([i for i in range(n) if m >> i & 1]) for m in masks)


#: The fields PoohsticksState.__init__ takes, in order.
_FIELDS = (
    "game", "phase", "player", "turn", "river", "face_down", "rocks", "boats", "exited",
    "hands", "draw_pile", "discard_pile", "moved", "powers_used", "seed", "winners", "events",
    "last_move",
)  # fmt: skip


class PoohsticksState(KeptMovesState):
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
    winners: frozenset[int]
    events: tuple[Event, ...]
    last_move: mv.PoohsticksMove | None

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS, ("_moves",))

    def __init__(
        self,
        game: PoohsticksGame,
        phase: str,
        player: int,
        turn: int,
        river: tuple[str | None, ...],
        face_down: tuple[int, ...],
        rocks: tuple[int, ...],
        boats: tuple[int | None, ...],
        exited: tuple[int, ...],
        hands: tuple[tuple[str, ...], ...],
        draw_pile: tuple[str, ...],
        discard_pile: tuple[str, ...],
        moved: bool,
        powers_used: tuple[bool, ...],
        seed: int,
        winners: frozenset[int] = frozenset(),
        events: tuple[Event, ...] = (),
        last_move: mv.PoohsticksMove | None = None,
    ) -> None:
        # object.__setattr__: the class refuses assignment (see NativeBuiltState); compiled,
        # each of these is a plain store into the instance
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "river", river)
        object.__setattr__(self, "face_down", face_down)
        object.__setattr__(self, "rocks", rocks)
        object.__setattr__(self, "boats", boats)
        object.__setattr__(self, "exited", exited)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "draw_pile", draw_pile)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "moved", moved)
        object.__setattr__(self, "powers_used", powers_used)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "last_move", last_move)
        self._keep_moves(None)

    # ---- the contract -------------------------------------------------------------

    def _generate(self) -> list[mv.PoohsticksMove]:
        """The legal moves (``legal_moves`` keeps them; the builder gives them to a new
        state after a boat move that leaves a decision)."""
        p = self.player
        if self.phase != "play":
            return []
        return listing(
            self.game.layout, p, self.hands[p], self.boats, self.river, self.face_down,
            self.rocks, self.powers_used, self.moved,
        )  # fmt: skip

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

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: Any) -> None:
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here. A refusal of a
        well-formed move says it in words and suit symbols (``the spades boat onto A4
        paying K♥: ...``): players read these messages on the pages."""
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
        if len(set(m.cards)) != len(m.cards) or m.cards != sort_cards(m.cards):
            raise IllegalMove(f"malformed move {m!r}: {mv.NOTATION_HELP}")
        said = move_words(m)
        missing = [c for c in m.cards if c not in hand]
        if missing:
            verb = "is" if len(missing) == 1 else "are"
            raise IllegalMove(
                f"{said}: {cards_words(missing)} {verb} not in player {p}'s hand "
                f"({cards_words(hand) or 'empty'})"
            )
        if m.kind in ("move", "power"):
            self._check_boat_move(m)
        elif m.kind == "exit":
            here = self.boats[p]
            if here not in g.last_row_set:
                where = "has not entered the river" if here is None else f"is on {g.names[here]}"
                raise IllegalMove(
                    f"{said}: a boat leaves only from the last row (row {g.length}); yours {where}"
                )
            if len(m.cards) != 1 or m.cards[0][0] not in EXIT_RANKS:
                raise IllegalMove(
                    f"{said}: leaving takes exactly one face card (jack, queen, king) "
                    "or one ace, alone"
                )
        elif m.kind == "discard":
            if self.moved:
                raise IllegalMove(f"{said}: you may not discard after moving this turn")
            if not 1 <= len(m.cards) <= 3:
                raise IllegalMove(f"{said}: discard one to three cards")
            if self.game.discard_when_stuck == "any turn":
                raise IllegalMove(f"{said}: a discard names only cards from your hand")
            raise IllegalMove(
                f"{said}: you may discard only when no move is possible, and you can play "
                f"{move_words(self.legal_moves()[0])}"
            )
        raise IllegalMove(f"{m}: not a legal move here; {mv.NOTATION_HELP}")

    def _check_boat_move(self, m: mv.PoohsticksMove) -> None:
        g = self.game
        p = self.player
        suit = BOAT_SUITS[p]
        said = move_words(m)
        if m.boat != suit:
            raise IllegalMove(
                f"{said}: it is player {p}'s turn, who sails the {SUIT_NAMES[suit]} boat "
                f"(write {suit}>...)"
            )
        cell = g.index[m.cell]
        here = self.boats[p]
        if here is None and cell not in g.first_row:
            raise IllegalMove(f"{said}: a boat enters the river at a card of the first row (row 1)")
        if here is not None and cell not in g.neighbours[here]:
            raise IllegalMove(
                f"{said}: a boat moves orthogonally onto a neighbouring card; yours is on "
                f"{g.names[here]}"
            )
        if cell in self.rocks:
            raise IllegalMove(f"{said}: {m.cell} is a rock; boats go around rocks")
        if cell in self.face_down:
            raise IllegalMove(
                f"{said}: {m.cell} is a face-down bridge card; it is turned over when a boat "
                "arrives in front of it, and only then can a boat move onto it"
            )
        for q, b in enumerate(self.boats):
            if b == cell and q != p:
                raise IllegalMove(f"{said}: {m.cell} is occupied by player {q}'s boat")
        card = self.river[cell]
        assert card is not None
        if m.kind == "power":
            if not g.boat_powers:
                raise IllegalMove(f"{said}: boat powers are off in this game (option boat_powers)")
            if self.powers_used[p]:
                raise IllegalMove(f"{said}: your boat's free move is used once per game, already")
            raise IllegalMove(
                f"{said}: the free move goes onto a card of your boat's suit "
                f"({SUIT_NAMES[suit]}), and {m.cell} holds {pretty(card)}"
            )
        if not m.cards:
            raise IllegalMove(f"{said}: a move pays at least one card from your hand")
        values = " or ".join(map(str, card_values(card)))
        raise IllegalMove(
            f"{said}: {cards_words(m.cards)} cannot make {values} (the value of the "
            f"{pretty(card)} on {m.cell}) with + − × ÷, each card used once"
        )

    def _result_text(self) -> str:
        if len(self.winners) > 1:
            return "a tie between players " + " and ".join(map(str, sorted(self.winners)))
        if self.winners:
            return f"won by player {next(iter(self.winners))}"
        return "ended without a winner"


class RiverLayout(NamedTuple):
    """What the moves are listed and made from besides the position: the river's cells
    and the rules' switches, copied off the game once (``PoohsticksGame.layout``).
    Compiled, a field is read as a tuple item; read off the interpreted game object, each
    cost a few hundred instructions, some ten times a move."""

    players: int
    max_turns: int | None
    width: int
    names: tuple[str, ...]
    cell_index: dict[str, int]  #: cell name -> cell
    first_row: tuple[int, ...]
    last_row_set: frozenset[int]
    neighbours: tuple[tuple[int, ...], ...]
    boat_powers: bool
    bridge_row: int | None
    #: option discard_when_stuck is 'any turn': a player who has not moved may discard
    discard_any_turn: bool


def river_layout(game: PoohsticksGame) -> RiverLayout:
    """The game's :class:`RiverLayout`."""
    return RiverLayout(
        game.players, game.max_turns, game.width, game.names, game.index, game.first_row,
        game.last_row_set, game.neighbours, game.boat_powers, game.bridge_row,
        game.discard_when_stuck == "any turn",
    )  # fmt: skip


def listing(
    g: RiverLayout,
    p: int,
    hand: tuple[str, ...],
    boats: Sequence[int | None],
    river: tuple[str | None, ...],
    face_down: tuple[int, ...],
    rocks: tuple[int, ...],
    powers_used: tuple[bool, ...],
    moved: bool,
) -> list[mv.PoohsticksMove]:
    """The legal moves of player ``p`` holding ``hand``, in play: of a state, or of the
    builder after a boat move (which lists them without freezing a state first)."""
    here = boats[p]
    suit = BOAT_SUITS[p]
    out: list[mv.PoohsticksMove] = []
    power = g.boat_powers and not powers_used[p]
    names = g.names
    pays_by_rank = hand_payments(hand)
    taken = taken_cells(face_down, rocks, boats)
    # the player's own boat is never on a cell next to it
    for cell in g.first_row if here is None else g.neighbours[here]:
        if taken >> cell & 1:
            continue
        card = river[cell]
        assert card is not None
        if pays_by_rank is not None:
            name = names[cell]
            for pick in pays_by_rank[card[0]]:
                out.append(PoohsticksMove("move", suit, name, pick(hand)))
        if power and card[1] == suit:
            out.append(PoohsticksMove("power", suit, names[cell], ()))
    if here in g.last_row_set:
        for c in hand:
            if c[0] in EXIT_RANKS:
                out.append(_EXITS[c])
    if not moved and (not out or g.discard_any_turn):
        for pick in _discard_order(len(hand)):
            out.append(PoohsticksMove("discard", "", "", pick(hand)))
    out.append(mv.END)
    return out


def hand_after_paying(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``hand`` without the ``cards`` paid from it (still in hand order)."""
    if len(cards) == 1:  # the commonest payment
        card = cards[0]
        i, n = 0, len(hand)
        while i < n and hand[i] != card:  # hand.index(card): compiled, a loop is a fifth
            i += 1
        if i == n:
            raise ValueError(f"{card} is not in the hand {list(hand)}")
        return hand[:i] + hand[i + 1 :]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise ValueError(f"{', '.join(missing)} not in the hand {list(hand)}")
    return tuple([c for c in hand if c not in cards])


def more_to_decide(
    g: RiverLayout,
    p: int,
    hand: tuple[str, ...],
    boats: Sequence[int | None],
    river: tuple[str | None, ...],
    face_down: tuple[int, ...],
    rocks: tuple[int, ...],
    powers_used: tuple[bool, ...],
) -> bool:
    """After a boat move by player ``p``, now holding ``hand``: has the player a decision
    left besides ``end`` (a further paid move, the free move or an exit)? As
    ``len(listing(..., moved=True)) > 1``, without listing the moves: most moves leave
    none, and the turn then ends at once."""
    here = boats[p]
    if here in g.last_row_set:
        for c in hand:
            if c[0] in EXIT_RANKS:
                return True
    power = g.boat_powers and not powers_used[p]
    if not hand and not power:
        return False
    pays_by_rank = hand_payments(hand)
    suit = BOAT_SUITS[p]
    taken = taken_cells(face_down, rocks, boats)
    for cell in g.first_row if here is None else g.neighbours[here]:
        if taken >> cell & 1:
            continue
        card = river[cell]
        assert card is not None
        if (pays_by_rank is not None and pays_by_rank[card[0]]) or (power and card[1] == suit):
            return True
    return False


BuiltState.register(PoohsticksState)  # isinstance(state, State) holds
