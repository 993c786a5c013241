"""Fellowship of the Ring's state: an immutable position, its legal moves and ``apply``.

A turn is one decision: a capture with the card that fills the gap (``3>4 7H``) or the
cover of the uncovered joker (``cover 4 7H``). ``apply`` then draws the mover's hand
back up to five, passes the turn and, when the next player has no legal move, ends
and scores the game; the new state lists all of it in ``events``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from ..builder import listed
from ..built import BuiltState
from ..cards import ALL_CARDS, JOKERS, RANK, SUIT, SUIT_NAMES, is_red, pretty
from ..errors import IllegalMove
from ..events import Event
from ..nativebuilt import KeptMovesState
from ..value import field_table
from . import moves as mv
from .moves import NEIGHBOURS, SIZE

if TYPE_CHECKING:
    from .game import FellowshipGame

HAND_SIZE: Final = 5  #: a hand is drawn back up to this many cards after every turn
PHASES = ("play", "over")
JOKER: Final = "RJ"  #: the joker in the circle (two and four players)
BOROMIR: Final = "JS"  #: the Jack of Spades: with two players, whoever draws it is black
COLOURS = ("black", "red")
_FACES = frozenset("JQK")


def beats(a: str, b: str) -> bool:
    """Whether card ``a`` is strictly stronger than card ``b`` (jokers: never).

    Aces beat jacks, queens and kings and lose to 2-10; otherwise the higher rank wins.

    >>> beats("AS", "KH"), beats("AS", "TH"), beats("2C", "AD"), beats("7H", "7C")
    (True, False, True, False)
    """
    if a in JOKERS or b in JOKERS:
        return False
    ra, rb = a[0], b[0]
    if ra == "A":
        return rb in _FACES
    if rb == "A":
        return ra not in _FACES
    return RANK[a] > RANK[b]


def _targets(by_suit: bool) -> dict[str, frozenset[str]]:
    """For each top card, the top cards it may capture (the joker always; jokers nothing)."""
    out: dict[str, frozenset[str]] = {}
    for a in ALL_CARDS:
        if a in JOKERS:
            out[a] = frozenset()
            continue
        ok = {JOKER}
        for b in ALL_CARDS:
            if b in JOKERS or not beats(a, b):
                continue
            if (SUIT[a] != SUIT[b]) if by_suit else (is_red(a) != is_red(b)):
                ok.add(b)
        out[a] = frozenset(ok)
    return out


#: CAN_CAPTURE[by_suit][top]: the tops a stack showing ``top`` may capture.
CAN_CAPTURE: tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]] = (
    _targets(False),
    _targets(True),
)
#: CARD_CODE[card]: the card's number, its column in CAPTURE_ROWS (every card, jokers too).
CARD_CODE: Final[dict[str, int]] = {card: n for n, card in enumerate(ALL_CARDS)}
#: CAPTURE_ROWS[by_suit][CARD_CODE[top]][CARD_CODE[other]]: CAN_CAPTURE as a table of
#: booleans by card number (None for a joker, which captures nothing): ``generate`` reads
#: two tuple items where a set would be searched, on both engines.
CAPTURE_ROWS: Final[tuple[tuple[tuple[bool, ...] | None, ...], ...]] = tuple(
    tuple(tuple(b in table[a] for b in ALL_CARDS) if table[a] else None for a in ALL_CARDS)
    for table in CAN_CAPTURE
)
_NEIGHBOURS: Final = NEIGHBOURS
#: PLAYS[card]: the moves that play ``card`` from hand, by place: at ``2 * i`` the stack
#: at ``i`` captures its left neighbour, at ``2 * i + 1`` its right one, and at
#: ``2 * SIZE + i`` the card covers the joker at ``i`` (the very moves of mv.CAPTURE and
#: mv.COVER). A hand's moves are then read by position, one look-up per card held.
PLAYS: Final[dict[str, tuple[mv.FellowshipMove, ...]]] = {
    card: (
        *(mv.CAPTURE[i][side][card] for i in range(SIZE) for side in (0, 1)),
        *(mv.COVER[i][card] for i in range(SIZE)),
    )
    for card in mv.HAND_CARDS
}


class FellowshipRules(NamedTuple):
    """The game's switches that ``apply`` and the move listing read, copied off the game
    once (``FellowshipGame.rules``). Compiled, a field is read as a tuple item; read off
    the interpreted game object, each cost about 190 instructions, three times a turn."""

    players: int
    max_turns: int | None
    captures: tuple[tuple[bool, ...] | None, ...]  #: CAPTURE_ROWS for this many players


def fellowship_rules(players: int, max_turns: int | None) -> FellowshipRules:
    """The :class:`FellowshipRules` of a game of ``players`` with ``max_turns``."""
    return FellowshipRules(players, max_turns, CAPTURE_ROWS[players > 2])


def colour(card: str) -> str | None:
    """``'red'`` or ``'black'``; ``None`` for the joker (it counts for nobody)."""
    if card in JOKERS:
        return None
    return "red" if is_red(card) else "black"


def two_player_roles(hands: tuple[tuple[str, ...], ...]) -> tuple[str | None, ...]:
    """Roles once the Jack of Spades is in a hand: its holder black, the other red."""
    for p, hand in enumerate(hands):
        if BOROMIR in hand:
            return ("black", "red") if p == 0 else ("red", "black")
    return (None, None)


#: The fields FellowshipState.__init__ takes, in order.
_FIELDS = (
    "game", "phase", "player", "turn", "circle", "hands", "draw_pile", "roles", "seed",
    "winners", "events", "last_move",
)  # fmt: skip


class FellowshipState(KeptMovesState):
    """A Fellowship position. Build one with ``game.initial_state(seed)`` or
    ``game.state_from_json(data)``; never change it, ``apply`` returns a new one.

    ``circle`` holds 13 stacks, each listed bottom to top; a stack shows its top card.
    ``roles`` gives each player's side: with two players ``'black'``/``'red'`` once the
    Jack of Spades has been drawn (``None`` before), with three or four a suit letter.
    Hands are in canonical card order; the draw pile lists its top card first.
    """

    game: FellowshipGame
    phase: str
    player: int  #: whose turn it is (-1 when the game is over)
    turn: int  #: completed turns
    circle: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    roles: tuple[str | None, ...]
    seed: int  #: seed of the state's generator (see :mod:`tablegames.rng`)
    winners: frozenset[int]
    events: tuple[Event, ...]
    last_move: mv.FellowshipMove | None

    fields: ClassVar[tuple[str, ...]] = _FIELDS
    __dataclass_fields__: ClassVar[dict[str, Any]] = field_table(_FIELDS, ("_moves",))

    def __init__(
        self,
        game: FellowshipGame,
        phase: str,
        player: int,
        turn: int,
        circle: tuple[tuple[str, ...], ...],
        hands: tuple[tuple[str, ...], ...],
        draw_pile: tuple[str, ...],
        roles: tuple[str | None, ...],
        seed: int,
        winners: frozenset[int] = frozenset(),
        events: tuple[Event, ...] = (),
        last_move: mv.FellowshipMove | None = None,
    ) -> None:
        # object.__setattr__: the class refuses assignment (see NativeBuiltState); compiled,
        # each of these is a plain store into the instance
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "draw_pile", draw_pile)
        object.__setattr__(self, "roles", roles)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "last_move", last_move)
        self._keep_moves(None)

    # ---- the contract -------------------------------------------------------------

    def _generate(self) -> list[mv.FellowshipMove]:
        """The legal moves (``legal_moves`` keeps them; the builder gives them to a new
        state, having listed them to see whether the game goes on)."""
        hands, circle = list(self.hands), list(self.circle)
        return generate(self.game.rules, self.phase, self.player, hands, circle)

    # ---- reading the position -----------------------------------------------------

    @property
    def tops(self) -> tuple[str, ...]:
        """The card each stack shows, by position."""
        return tuple([s[-1] for s in self.circle])

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand of the player to move (empty when the game is over)."""
        return self.hands[self.player] if self.player >= 0 else ()

    @property
    def joker_position(self) -> int | None:
        """Where the uncovered joker is, or None when it is covered (or not in the game)."""
        for i, s in enumerate(self.circle):
            if s[-1] in JOKERS:
                return i
        return None

    def counts(self) -> dict[str, int]:
        """Stacks by the side their top card counts for: ``black``/``red`` (two players)
        or suit letters (three or four); the joker counts for nobody."""
        by_suit = self.game.players > 2
        out: dict[str, int] = dict.fromkeys(("C", "D", "H", "S") if by_suit else COLOURS, 0)
        for s in self.circle:
            top = s[-1]
            if top in JOKERS:
                continue
            key = SUIT[top] if by_suit else colour(top)
            out[key] += 1  # type: ignore[index]
        return out

    def score(self) -> frozenset[int]:
        """The winners if the game ended now (empty: a draw or stalemate)."""
        return score(self.game.players, self.counts(), self.roles)

    def __repr__(self) -> str:
        return (
            f"<FellowshipState {self.phase} turn={self.turn} player={self.player} "
            f"tops={' '.join(self.tops)} winners={sorted(self.winners)}>"
        )

    # ---- legality, with messages that name the rule -------------------------------

    def _check(self, m: Any) -> None:  # Any: check_form refuses what is no move
        """Raise IllegalMove, naming the rule, unless ``m`` is legal here. The message
        speaks as a page shows it: cards with suit symbols (``7♥``), places by number."""
        if listed(m, self._moves):
            return
        mv.check_form(m)
        said = move_words(m)
        if self.phase == "over":
            result = (
                "won by player " + " and ".join(map(str, sorted(self.winners)))
                if self.winners
                else "ended without a winner"
            )
            raise IllegalMove(f"{said}: the game is over ({result}); no move can be made")
        hand = self.hands[self.player]
        if m.card not in hand:
            held = ", ".join(map(pretty, hand)) or "no card"
            raise IllegalMove(
                f"{said}: {pretty(m.card)} is not in player {self.player}'s hand ({held})"
            )
        tops = self.tops
        target = tops[m.dst]
        if m.kind == "cover":
            if target not in JOKERS:
                raise IllegalMove(
                    f"{said}: only the uncovered joker may be covered from hand, and place "
                    f"{m.dst} shows {pretty(target)}"
                )
            return
        mover = tops[m.src]
        if mover in JOKERS:
            raise IllegalMove(
                f"{said}: the joker never moves onto another stack; it can only be captured "
                "or covered"
            )
        if target in JOKERS:
            return
        a, b = f"{pretty(mover)} (place {m.src})", f"{pretty(target)} (place {m.dst})"
        if self.game.players > 2:
            if SUIT[mover] == SUIT[target]:
                raise IllegalMove(
                    f"{said}: a capture needs a different suit, and {a} and {b} are both "
                    f"{SUIT_NAMES[SUIT[mover]]}"  # type: ignore[index]
                )
        elif is_red(mover) == is_red(target):
            raise IllegalMove(
                f"{said}: a capture needs opposite colours, and {a} and {b} are both "
                f"{colour(mover)}"
            )
        if not beats(mover, target):
            raise IllegalMove(
                f"{said}: a capture needs a strictly stronger top card, and {pretty(mover)} "
                f"does not beat {pretty(target)} (aces beat J, Q and K and lose to 2-10; "
                "equal ranks never capture)"
            )


def move_words(m: mv.FellowshipMove) -> str:
    """A move as a page says it, numbers named as places (a bare "3" reads as a rank):
    ``The stack on place 3 captures place 4, fill with 10♥`` or ``Cover the joker at
    place 4 with Q♠``. Refusals start with these words and the board's move list uses
    them.

    >>> from tablegames.fellowship.moves import parse
    >>> move_words(parse("3>4 TH"))
    'The stack on place 3 captures place 4, fill with 10♥'
    >>> move_words(parse("cover 4 QS"))
    'Cover the joker at place 4 with Q♠'
    """
    card = pretty(m.card)
    if m.kind == "capture":
        return f"The stack on place {m.src} captures place {m.dst}, fill with {card}"
    return f"Cover the joker at place {m.dst} with {card}"


def generate(
    rules: FellowshipRules,
    phase: str,
    player: int,
    hands: list[tuple[str, ...]],
    circle: list[tuple[str, ...]],
) -> list[mv.FellowshipMove]:
    """The legal moves of the position given by its parts (the state's ``legal_moves``;
    the builder asks it of its own lists, without freezing a state)."""
    if phase != "play":
        return []
    hand = hands[player]
    if not hand:
        return []
    code = CARD_CODE
    tops = [code[s[-1]] for s in circle]  # each stack's top card, by its number
    can = rules.captures
    plays = [PLAYS[card] for card in hand]  # any hand card fills the gap or covers
    out: list[mv.FellowshipMove] = []
    joker = -1
    for i in range(SIZE):  # each stack's captures of its left, then its right neighbour
        targets = can[tops[i]]
        if targets is None:  # the joker captures nothing
            joker = i
            continue
        left, right = _NEIGHBOURS[i]
        if targets[tops[left]]:
            for moves in plays:
                out.append(moves[2 * i])
        if targets[tops[right]]:
            for moves in plays:
                out.append(moves[2 * i + 1])
    if joker >= 0:  # any hand card covers the uncovered joker
        for moves in plays:
            out.append(moves[2 * SIZE + joker])
    return out


def score(players: int, counts: dict[str, int], roles: tuple[str | None, ...]) -> frozenset[int]:
    """Winners from the stack counts: the players whose side has the most stacks.

    Nobody wins when a role is unknown (two players, the Jack of Spades never drawn) or
    when every player ties; otherwise the tied leaders share the win.
    """
    if None in roles:
        return frozenset()
    mine = [counts[r] for r in roles]  # type: ignore[index]
    best = max(mine)
    leaders = frozenset(p for p in range(players) if mine[p] == best)
    return frozenset() if len(leaders) == players else leaders


BuiltState.register(FellowshipState)  # isinstance(state, State) holds
