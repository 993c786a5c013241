"""Currents' state: an immutable position, its legal moves and ``apply``.

Phases: ``setup`` (players place the four aces on the compass), ``play`` (the turn
player plays or discards one card), ``combo`` (after a demotion, with combination
attacks on: follow up or stop), ``defend`` (a goaltender decides to stop the pawn
at an edge or not) and ``over``. Everything that needs no decision (drawing,
reshuffling, the Move phase, a forced ace placement, a defence that is impossible)
happens inside ``apply``, and the new state lists it in ``events``.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Final

from .. import rng
from ..built import BuiltState
from ..cards import JOKERS, RANK, SUIT, SUIT_NAMES, SUITS, deal, shuffled, sort_cards
from ..errors import IllegalMove
from ..events import Event
from ..nativebuilt import NativeBuiltState
from ..value import field_table, i64
from . import moves as mv
from .accept import FIRST_SUIT, OCCUPIED, Board, accept_board, word
from .accept import GROUP as _GROUP
from .geometry import OPPOSITE, POINTS, SIZE, SLOTS, crossings
from .influence import Influence, influence
from .rules import (
    COMPASS_ACCEPTS,
    CURRENT_ACCEPTS,
    PLACEABLE,
    beats_by_rank,
)

if TYPE_CHECKING:
    from .game import CurrentsGame

HAND_SIZE: Final = 4  #: a turn starts by drawing up to this many cards
DEALT: Final = 3  #: cards dealt to each player at the start
ACES: Final = ("AC", "AD", "AH", "AS")  #: set aside, then placed on the compass
START: Final = (SIZE // 2, SIZE // 2)  #: the pawn's intersection at the start
_EMPTY_COMPASS: Final = (None, None, None, None)
_QUARTER: Final = _GROUP // 4
_Quarter = tuple[tuple[mv.CurrentsMove, ...], ...]


def _by_quarter(place: tuple[mv.CurrentsMove, ...]) -> tuple[_Quarter, ...]:
    """A card's 20 placements (mv.PLACE) in four quarters of five places: per quarter,
    per set of its places (five bits, place t at bit t), those placements in target
    order, so move generation adds a quarter's moves at once."""
    return tuple(
        tuple(tuple(place[q + t] for t in range(_QUARTER) if m >> t & 1) for m in range(32))
        for q in range(0, _GROUP, _QUARTER)
    )


#: Per placeable card: the word and shift of its rank's group and of its suit's group in
#: the accept board (see accept.word), and its placements by quarter (_by_quarter).
_CARD_SHIFTS: Final[dict[str, tuple[int, int, int, int, tuple[_Quarter, ...]]]] = {
    c: (*word(RANK[c] - 2), *word(FIRST_SUIT + SUITS.index(c[1])), _by_quarter(mv.PLACE[c]))
    for c in PLACEABLE
}
#: The word and shift of the accept board's occupied group.
_OCCUPIED_WORD: Final = word(OCCUPIED)[0]
_OCCUPIED_SHIFT: Final = word(OCCUPIED)[1]


_PLACES_MASK: Final = (1 << _GROUP) - 1
_HALF: Final = _GROUP // 2
_HALF_MASK: Final = (1 << _HALF) - 1
#: Per number below 2**10: the positions of its set bits, lowest first (the places of
#: half an accept group that take a card).
_SET_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in range(_HALF) if m >> t & 1) for m in range(1 << _HALF)
)
#: Per queen swap (by id: the table's moves live as long as the program): the bits of its
#: two slots in the accept board's occupied group, in place.
_QUEEN_PLACES = {
    id(m): (1 << (4 + i) | 1 << (4 + j)) << _OCCUPIED_SHIFT
    for moves in mv.QUEEN.values()
    for m, (i, j) in zip(moves, mv.SLOT_PAIRS)
}
#: Each queen's swaps by their first slot i: row i holds the swaps (i, j), j = i+1..15, in
#: the order of mv.SLOT_PAIRS (which runs row by row).
_QUEEN_ROWS: Final[dict[str, tuple[tuple[mv.CurrentsMove, ...], ...]]] = {
    card: tuple(
        tuple(m for m, (i, _j) in zip(moves, mv.SLOT_PAIRS, strict=True) if i == row)
        for row in range(15)
    )
    for card, moves in mv.QUEEN.items()
}
_DISCARD: Final = mv.DISCARD
_BUILT: Final = mv.TABLE.built
_PLACE: Final = mv.PLACE
_JACK: Final = mv.JACK
_KING: Final = mv.KING
_JOKER: Final = mv.JOKER
_TARGET_INDEX: Final = mv.TARGET_INDEX


#: The fields CurrentsState.__init__ takes, in order.
_FIELDS = (
    "game", "phase", "player", "turn_player", "turn", "pawn", "compass", "currents", "hands",
    "draw_pile", "discard_pile", "aside", "seed", "target", "queue", "combo", "winners",
    "events", "last_move",
)  # fmt: skip
PHASES = ("setup", "play", "combo", "defend", "over")
_PAIRS = mv.SLOT_PAIRS
_TARGET_RANGE = range(20)


class CurrentsState(NativeBuiltState):
    """A Currents position. Build one with ``game.initial_state(seed)`` or
    ``game.state_from_json(data)``; never change it, ``apply`` returns a new one.

    Compass points are ordered N, E, S, W; current slots N0..N3, E0..E3, S0..S3, W0..W3
    (see :mod:`tablegames.currents.geometry`). Hands are kept in canonical card order;
    the draw pile lists its top card first, the discard pile its top card last.
    """

    game: CurrentsGame
    phase: str
    player: int  #: whose decision it is (-1 when the game is over)
    turn_player: int  #: whose turn it is (differs from ``player`` while goaltending)
    turn: int  #: completed turns
    pawn: tuple[int, int]
    compass: tuple[str | None, ...]
    currents: tuple[str | None, ...]
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    aside: tuple[str, ...]  #: aces still to be placed during set-up
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    target: tuple[int, int] | None  #: defend: where the pawn is headed
    queue: tuple[str, ...]  #: defend: edges still to resolve, the first one is asked now
    combo: str | None  #: combo: the place just demoted
    winners: frozenset[int]
    events: tuple[Event, ...]
    last_move: mv.CurrentsMove | None
    #: The accept board of ``compass`` and ``currents`` (see :mod:`.accept`) once known:
    #: made by the move generation, kept up to date by the builder from one state to the
    #: next (or reset to None when it changes the board otherwise)
    _board: Board | None

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS, ("_board",))

    def __init__(
        self,
        game: CurrentsGame,
        phase: str,
        player: int,
        turn_player: int,
        turn: int,
        pawn: tuple[int, int],
        compass: tuple[str | None, ...],
        currents: tuple[str | None, ...],
        hands: tuple[tuple[str, ...], ...],
        draw_pile: tuple[str, ...],
        discard_pile: tuple[str, ...],
        aside: tuple[str, ...],
        seed: int,
        target: tuple[int, int] | None = None,
        queue: tuple[str, ...] = (),
        combo: str | None = None,
        winners: frozenset[int] = frozenset(),
        events: tuple[Event, ...] = (),
        last_move: mv.CurrentsMove | None = None,
    ) -> None:
        # object.__setattr__: the class refuses assignment (see NativeBuiltState); compiled,
        # each of these is a plain store into the instance
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "turn_player", turn_player)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "pawn", pawn)
        object.__setattr__(self, "compass", compass)
        object.__setattr__(self, "currents", currents)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "draw_pile", draw_pile)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "aside", aside)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "queue", queue)
        object.__setattr__(self, "combo", combo)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "last_move", last_move)
        object.__setattr__(self, "_board", None)

    def _keep_board(self, board: Board | None) -> None:
        """Set the cached accept board (the move generation's, or the builder's kept right
        from the last state)."""
        object.__setattr__(self, "_board", board)

    def _keep_caches(self, other: NativeBuiltState) -> None:
        """A redealt sample keeps the accept board when it holds the very compass and
        currents of ``other`` (made once on ``other``, for all its samples)."""
        if not isinstance(other, CurrentsState):
            return
        if other.compass is not self.compass or other.currents is not self.currents:
            return
        self._keep_board(other._accept_board())

    def _accept_board(self) -> Board:
        """The accept board of this position (see :mod:`.accept`), made once and kept."""
        board = self._board
        if board is None:
            board = accept_board(self.compass, self.currents, self.game.easier_usurping)
            self._keep_board(board)
        return board

    # ---- the contract -------------------------------------------------------------

    # legal_moves (NativeBuiltState's) lists the moves afresh on each call and keeps no
    # list, unlike the other games' states: ``_check`` reads the accept board, which is
    # kept, and a kept list would have to be copied for every caller, who may change it
    # (about 1,100 instructions a decision, compiled)

    def _generate(self) -> list[mv.CurrentsMove]:
        phase = self.phase
        if phase == "play":
            return self._play_moves()
        if phase == "setup":  # each ace waiting, on each empty compass point
            compass = self.compass
            out: list[mv.CurrentsMove] = []
            for ace in self.aside:
                place = _PLACE[ace]
                for i in range(4):
                    if compass[i] is None:
                        out.append(place[i])
            return out
        if phase == "defend":
            return self._defend_moves()
        if phase == "combo":
            return self._combo_moves()
        return []

    # ---- inspection ---------------------------------------------------------------

    def inspect(self, at: Any = None) -> Influence:  # Any: influence() refuses bad values
        """What the currents do to the pawn (or to a pawn standing at ``at``): see
        :class:`tablegames.currents.inspect.Influence`."""
        return influence(self, at)

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand of the player to decide (empty when the game is over)."""
        return self.hands[self.player] if self.player >= 0 else ()

    def __repr__(self) -> str:
        return (
            f"<CurrentsState {self.phase} turn={self.turn} player={self.player} "
            f"pawn={self.pawn} winners={sorted(self.winners)}>"
        )

    def describe(self) -> str:
        """One sentence describing the position (for screen readers and alt texts)."""
        from .text import describe

        return describe(self)

    # ---- move generation ----------------------------------------------------------

    def _play_moves(self) -> list[mv.CurrentsMove]:
        compass = self.compass
        board = self._accept_board()
        out: list[mv.CurrentsMove] = []
        hand = self.hands[self.player]
        for card in hand:
            shifts = _CARD_SHIFTS.get(card)
            if shifts is None:  # a joker
                out.append(_JOKER[card])
                continue
            # the places that accept the card, in target order (compass, then slots)
            rank_word, by_rank, suit_word, by_suit, quarters = shifts
            mask = (board[rank_word] >> by_rank | board[suit_word] >> by_suit) & _PLACES_MASK
            # += rather than extend: compiled, extend is a slice assignment, twice the cost
            out += quarters[0][mask & 31]  # places 0-4 (N E S W N0), then 5-9, ...
            out += quarters[1][mask >> 5 & 31]
            out += quarters[2][mask >> 10 & 31]
            out += quarters[3][mask >> 15]  # ... to 15-19 (W0-W3)
            r = card[0]
            if r == "J":
                jacks = _JACK[card]
                for i in range(4):
                    if compass[i] is not None:
                        out.append(jacks[i])
            elif r == "Q":  # the swaps that move a card (not both slots empty), in order
                occupied: i64 = board[_OCCUPIED_WORD] >> (_OCCUPIED_SHIFT + 4) & 0xFFFF
                rows = _QUEEN_ROWS[card]
                for i in range(15):
                    row = rows[i]
                    if occupied >> i & 1:  # slot i holds a card: every swap (i, j)
                        out += row
                        continue
                    above = occupied >> (i + 1)  # else the swaps with a card at j
                    for t in _SET_BITS[above & _HALF_MASK]:
                        out.append(row[t])
                    for t in _SET_BITS[above >> _HALF]:
                        out.append(row[_HALF + t])
            elif r == "K" and compass != _EMPTY_COMPASS:
                out += _KING[card]
        if None not in compass or not out:
            for card in hand:
                out.append(_DISCARD[card])
        return out

    def _defend_ask(self) -> tuple[str, int, int, str | None]:
        """(edge, overshoot, defender, suit) of the crossing being asked now."""
        edge = self.queue[0]
        assert self.target is not None
        over = crossings(*self.target)[edge]
        defender = self.game.goaltender[edge]
        card = self.compass[POINTS.index(OPPOSITE[edge])]
        return edge, over, defender, (SUIT[card] if card else None)

    def _defend_moves(self) -> list[mv.CurrentsMove]:
        _edge, over, defender, s = self._defend_ask()
        matching = [c for c in self.hands[defender] if SUIT[c] == s]
        out = [mv.defend(combo) for combo in itertools.combinations(matching, over)]
        out.append(mv.DECLINE)
        return out

    def _combo_moves(self) -> list[mv.CurrentsMove]:
        assert self.combo is not None
        idx = mv.TARGET_INDEX[self.combo]
        out = [mv.PLACE[c][idx] for c in self.hands[self.player] if self._follows_up(c, idx)]
        out.append(mv.STOP)
        return out

    def _follows_up(self, card: str, idx: int) -> bool:
        return follows_up(card, self._at(idx), idx < 4, self.game.easier_usurping)

    def _at(self, idx: int) -> str | None:
        return self.compass[idx] if idx < 4 else self.currents[idx - 4]

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: Any) -> None:
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here."""
        board = self._board
        if board is not None and self.phase == "play" and isinstance(m, mv.CurrentsMove):
            # the commonest moves, read off the accept board: one of the table's moves (so
            # well formed), its card in hand, and a place that accepts it, a queen swap
            # moving a card, or a discard with the compass full (isinstance: compiled, the
            # fields are then read natively, not looked up)
            kind = m.kind
            card = m.card
            if id(m) in _BUILT and card in self.hands[self.player]:
                if kind == "place":
                    rank_word, by_rank, suit_word, by_suit, _ = _CARD_SHIFTS[card]
                    accepts = board[rank_word] >> by_rank | board[suit_word] >> by_suit
                    if accepts >> _TARGET_INDEX[m.target] & 1:
                        return
                elif kind == "queen":
                    if board[_OCCUPIED_WORD] & _QUEEN_PLACES[id(m)]:
                        return
                elif kind == "discard" and None not in self.compass:
                    return
        mv.check_form(m)
        phase = self.phase
        if phase == "play":
            self._check_play(m)
        elif phase == "defend":
            self._check_defend(m)
        elif phase == "combo":
            self._check_combo(m)
        elif phase == "setup":
            self._check_setup(m)
        else:
            raise IllegalMove(f"the game is over ({self._result_text()}); no move can be made")

    def _check_play(self, m: mv.CurrentsMove) -> None:
        """A card played, an action or a discard by the turn player."""
        kind = m.kind
        if kind in ("defend", "decline", "stop"):
            raise IllegalMove(
                f"{m}: it is player {self.player}'s turn to play or discard a card; "
                f"'{kind}' is only for {'goaltending' if kind != 'stop' else 'after a demotion'}"
            )
        self._check_in_hand(m)
        card = m.card
        assert card is not None
        compass = self.compass
        if kind == "place":
            self._check_place(m, card)
        elif kind == "jack":
            if compass[POINTS.index(m.target)] is None:
                raise IllegalMove(f"{m}: a jack discards a compass card, and {m.target} is empty")
        elif kind == "queen":
            a, b = m.target.split("~")
            if self.currents[SLOTS.index(a)] is None and self.currents[SLOTS.index(b)] is None:
                raise IllegalMove(f"{m}: a queen swaps two current slots, and both are empty")
        elif kind == "king":
            if compass == (None, None, None, None):
                raise IllegalMove(f"{m}: a king rotates the compass, which holds no card")
        elif kind == "discard" and None in compass:
            raise IllegalMove(
                f"{m}: you may discard only when every compass point holds a card or no card "
                f"in your hand can be played; compass point {POINTS[compass.index(None)]} "
                f"is empty"
            )

    def _check_combo(self, m: mv.CurrentsMove) -> None:
        """After a demotion: a follow-up on the demoted place, or 'stop'."""
        kind = m.kind
        if kind == "stop":
            return
        if kind != "place" or m.target != self.combo:
            raise IllegalMove(
                f"{m}: after demoting {self.combo}, player {self.player} may only play a "
                f"card of another suit on {self.combo} (a combination attack) or 'stop'"
            )
        self._check_in_hand(m)
        if not self._follows_up(m.card, mv.TARGET_INDEX[m.target]):  # type: ignore[arg-type]
            raise IllegalMove(
                f"{m}: a combination attack needs a card of another suit that beats "
                f"{self._at(mv.TARGET_INDEX[m.target])} by rank on {m.target}"
            )

    def _check_setup(self, m: mv.CurrentsMove) -> None:
        """An ace from those aside onto an empty compass point."""
        kind = m.kind
        if kind != "place" or len(m.target) != 1:
            raise IllegalMove(
                f"{m}: during set-up, player {self.player} places an ace on an empty "
                f"compass point (for example {self.legal_moves()[0]})"
            )
        if m.card not in self.aside:
            raise IllegalMove(
                f"{m}: {m.card} is not an ace waiting to be placed; "
                f"waiting: {', '.join(self.aside)}"
            )
        if self.compass[mv.TARGET_INDEX[m.target]] is not None:
            raise IllegalMove(f"{m}: compass point {m.target} already holds an ace")

    def _check_in_hand(self, m: mv.CurrentsMove) -> None:
        hand = self.hands[self.player]
        if m.card not in hand:
            raise IllegalMove(
                f"{m}: {m.card} is not in player {self.player}'s hand ({' '.join(hand) or 'empty'})"
            )

    def _check_place(self, m: mv.CurrentsMove, card: str) -> None:
        idx = mv.TARGET_INDEX[m.target]
        old = self._at(idx)
        if old is None:
            return
        easier = self.game.easier_usurping
        on_compass = idx < 4
        table = COMPASS_ACCEPTS if on_compass else CURRENT_ACCEPTS
        if card in table[easier][old]:
            return
        what = "compass point" if on_compass else "current slot"
        need = "a LOWER rank" if on_compass else "a HIGHER rank"
        if easier:
            need += " (or an equal one)"
        raise IllegalMove(
            f"{m}: {what} {m.target} holds {old}; a card replaces it only with {need} "
            f"or the same suit ({SUIT_NAMES[SUIT[old]]})"  # type: ignore[index]
        )

    def _check_defend(self, m: mv.CurrentsMove) -> None:
        edge, over, defender, s = self._defend_ask()
        if m.kind == "decline":
            return
        if m.kind != "defend":
            raise IllegalMove(
                f"{m}: the pawn is about to cross the {edge} edge; player {defender} must now "
                f"'defend' with {_cards(over)} of {SUIT_NAMES.get(s or '', '')} or 'decline'"
            )
        hand = self.hands[defender]
        missing = [c for c in m.cards if c not in hand]
        if missing:
            raise IllegalMove(f"{m}: {' '.join(missing)} not in player {defender}'s hand")
        wrong = [c for c in m.cards if SUIT[c] != s]
        if wrong:
            raise IllegalMove(
                f"{m}: goaltending the {edge} edge takes {SUIT_NAMES.get(s or '', '')}, the suit "
                f"on compass point {OPPOSITE[edge]}; {' '.join(wrong)} cannot be used"
            )
        if len(m.cards) != over:
            raise IllegalMove(
                f"{m}: the pawn would land {over} past the {edge} edge line, so exactly "
                f"{_cards(over)} {'is' if over == 1 else 'are'} needed to stop it on the edge, "
                f"not {len(m.cards)}"
            )

    def _result_text(self) -> str:
        if self.winners:
            return "won by player " + " and ".join(map(str, sorted(self.winners)))
        return "ended without a winner"


def first_state(game: CurrentsGame, seed: int) -> CurrentsState:
    """The position a game starts from (``game.initial_state(seed)``): the aces set aside,
    the rest shuffled by ``seed``'s generator, three cards dealt to each player, and the
    last player in turn order to place the first ace. (Here, with the state, so that the
    compiled engine builds it natively.)"""
    gen = rng.generator(seed)
    hands, rest = deal(shuffled(game.pile, gen), game.players, DEALT)
    return CurrentsState(
        game=game,
        phase="setup",
        player=game.setup_order[0],
        turn_player=0,
        turn=0,
        pawn=START,
        compass=(None,) * 4,
        currents=(None,) * 16,
        hands=tuple([sort_cards(h) for h in hands]),
        draw_pile=rest,
        discard_pile=(),
        aside=ACES,
        seed=rng.next_seed(gen),
    )


def _cards(n: int) -> str:
    """``1 card``, ``2 cards``: a count of cards in a refusal."""
    return f"{n} card" if n == 1 else f"{n} cards"


def follows_up(card: str, demoted: str | None, on_compass: bool, easier: bool) -> bool:
    """Whether ``card`` may replace ``demoted`` as a combination attack's second card:
    another suit that beats it by the normal rank rule."""
    if card in JOKERS or demoted is None or SUIT[card] == SUIT[demoted]:
        return False
    return beats_by_rank(card, demoted, on_compass, easier)


BuiltState.register(CurrentsState)  # isinstance(state, State) holds
