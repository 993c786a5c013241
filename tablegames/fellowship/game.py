"""Fellowship of the Ring's game object: options, metadata and the initial state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import rng
from ..cards import SUITS, deal, shuffled, sort_cards, standard_deck
from ..core import Game, GameInfo, State, relative
from ..events import Event
from ..options import Option, boolean, choice, max_turns_option
from ..parts import GameParts
from .builder import started
from .moves import SIZE
from .state import (
    BOROMIR,
    HAND_SIZE,
    JOKER,
    FellowshipRules,
    FellowshipState,
    fellowship_rules,
    two_player_roles,
)

OPTIONS = (
    Option(
        "players",
        2,
        "2, 3 or 4",
        choice(2, 3, 4),
        "two players are black and red; three or four get secret suits",
    ),
    max_turns_option("each player's turn (one card played)"),
    Option(
        "jack_in_top_half",
        False,
        "True or False",
        boolean,
        "a variant (two players): a Jack of Spades left in the draw pile after the deal is "
        "shuffled into the pile's top half, so it is drawn within the first 15 draws",
    ),
)

JACKS = tuple("J" + s for s in SUITS)


class FellowshipGame(Game):
    """Fellowship of the Ring: capture round a circle of stacks for a colour you learn late.

    >>> import tablegames as tg
    >>> state = tg.make("fellowship").initial_state(seed=3)
    >>> len(state.circle), [len(h) for h in state.hands], len(state.draw_pile)
    (13, [5, 5], 30)
    """

    name = "fellowship"
    info = GameInfo(
        name="fellowship",
        title="Fellowship of the Ring",
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=True,
        rules="fellowship-and-poohsticks.txt",
        length_bound="every turn plays a card from a hand and no card comes back: at most "
        "the 40 cards outside the circle are played",
    )
    option_table = OPTIONS
    ladder_rungs = ("random", "greedy", "mcts:30", "mcts:300")
    parts = GameParts.of(
        serialize="tablegames.fellowship.serialize",
        text="tablegames.fellowship.text",
        scene="tablegames.fellowship.scene",
        action_space="tablegames.fellowship.actions",
        puzzles="tablegames.fellowship.puzzle",
        board="tablegames_widgets.fellowship.board:FellowshipBoard",
        hidden_per_seat=("roles",),
    )
    # the options, set as attributes by Game.__init__
    players: int
    max_turns: int | None
    jack_in_top_half: bool

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.jack_in_top_half and self.players != 2:
            raise ValueError("jack_in_top_half: only with two players (the jack sets the colours)")
        #: two and four players use the red joker; three play without a joker
        self.deck: tuple[str, ...] = standard_deck(0 if self.players == 3 else 1)
        self.has_joker: bool = self.players != 3
        #: what apply and the move listing read, in one tuple (see FellowshipRules)
        self.rules: FellowshipRules = fellowship_rules(self.players, self.max_turns)

    @property
    def num_players(self) -> int:
        return self.players

    def initial_state(self, seed: int = 0) -> FellowshipState:  # type: ignore[override]
        """Secret suits (3-4 players), the circle, five cards each; player 0 moves first."""
        gen = rng.generator(rng.check_seed(seed))
        n = self.players
        events: list[Event] = []
        roles: tuple[str | None, ...]
        if n > 2:
            jacks = shuffled(JACKS, gen)
            roles = tuple(j[1] for j in jacks[:n])
        pile = list(shuffled(standard_deck(0), gen))
        dealt = 12 if self.has_joker else SIZE
        ring, pile = pile[:dealt], pile[dealt:]
        if n == 2:
            while BOROMIR in ring:  # back into the pile, reshuffled, and replaced
                k = ring.index(BOROMIR)
                pile = list(shuffled([*pile, BOROMIR], gen))
                ring[k] = pile.pop(0)
                events.append(Event("reshuffle", cards=(BOROMIR,), value=(len(pile) + 1,)))
        if self.has_joker:
            ring.insert(gen.randrange(SIZE), JOKER)
        hands, rest = deal(pile, n, HAND_SIZE)
        if self.jack_in_top_half and BOROMIR in rest:
            kept = [c for c in rest if c != BOROMIR]
            kept.insert(gen.randrange((len(kept) + 1) // 2), BOROMIR)
            rest = tuple(kept)
        hands = tuple(sort_cards(h) for h in hands)
        if n == 2:
            roles = two_player_roles(hands)
        state = FellowshipState(
            game=self,
            phase="play",
            player=0,
            turn=0,
            circle=tuple((c,) for c in ring),
            hands=hands,
            draw_pile=rest,
            roles=roles,
            seed=rng.next_seed(gen),
            events=tuple(events),
        )
        return started(state)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Each player's share of the stacks their side tops (unknown roles: even)."""
        if state.is_terminal:
            return state.returns()
        assert isinstance(state, FellowshipState)
        if None in state.roles:
            return (0.0,) * self.players
        counts = state.counts()
        return relative([counts[r] / SIZE for r in state.roles])

    #: Hidden cards lie in the hands and the draw pile; unknown roles are settled by
    #: :meth:`settle_redealt` as :meth:`settle_hidden` settles them.
    samples_by_redeal = True

    def settle_redealt(
        self, template: Mapping[str, Any], fields: dict[str, Any], gen: random.Random
    ) -> None:
        """Unknown roles of a redealt sample, drawn from ``gen`` as :meth:`settle_hidden`
        draws them (with two players: from who holds the Jack of Spades). With
        ``jack_in_top_half`` a jack guessed where the variant cannot put it is moved first
        (:func:`jack_kept_high`), so that the searches, which guess for the player to move
        by redealing, know the variant."""
        roles = template.get("roles")
        if not roles or None not in roles:
            return
        if self.jack_in_top_half and fields.get("draw_pile"):  # no pile, no jack in it
            hidden = [p for p, h in enumerate(template["hands"]) if None in h]
            fields["hands"], fields["draw_pile"] = jack_kept_high(
                hidden, fields["hands"], fields["draw_pile"], gen
            )
        d = {"roles": list(roles)}
        self.settle_hidden(d, gen)
        fields["roles"] = tuple(d["roles"]) if "roles" in d else two_player_roles(fields["hands"])

    def settle_hidden(self, d: dict[str, Any], gen: random.Random) -> None:
        """Unknown roles: with two players they follow from who holds the Jack of Spades
        once the hands are dealt; with more, suits nobody is known to hold go at random
        to the players whose suit is unknown."""
        roles = d.get("roles")
        if not roles or None not in roles:
            return
        if self.players == 2:
            del d["roles"]
            return
        free = [s for s in SUITS if s not in roles]
        gen.shuffle(free)
        it = iter(free)
        d["roles"] = [r if r is not None else next(it) for r in roles]


#: The draw pile's size after a two-player deal (53 cards less 13 in the circle and 10
#: in the hands): with ``jack_in_top_half`` the jack lies among its first half.
PILE_AT_DEAL = 30


def jack_kept_high(
    hidden: Sequence[int],
    hands: Any,
    pile: Any,
    gen: random.Random,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A guessed two-player deal (``hands``, ``pile``) made to respect
    ``jack_in_top_half``: a Jack of Spades guessed at a place of the pile the variant rules
    out (at or past ``len(pile) - 15``, below what is left of the original top half)
    trades places with a card at a random place it may hold, in a hidden hand (the
    players ``hidden``) or in the pile's remaining top part, each place equally likely
    (an approximation: the exact odds weigh the pile's places somewhat more).

    >>> pile = ("2C",) * 9 + ("JS",)  # 20 cards drawn: the jack must be in a hand
    >>> hands, new = jack_kept_high([1], [("3C",), ("4C", "5C")], pile, random.Random(1))
    >>> "JS" in hands[1], "JS" in new
    (True, False)
    """
    pile = tuple(pile)
    limit = max(len(pile) - PILE_AT_DEAL // 2, 0)
    out = tuple(tuple(h) for h in hands)
    if BOROMIR not in pile or pile.index(BOROMIR) < limit:
        return out, pile
    places = [(-1, i) for i in range(limit)] + [(p, i) for p in hidden for i in range(len(out[p]))]
    if not places:
        return out, pile
    owner, i = places[gen.randrange(len(places))]
    j = pile.index(BOROMIR)
    new_pile, new_hands = list(pile), [list(h) for h in out]
    if owner < 0:
        new_pile[i], new_pile[j] = BOROMIR, pile[i]
    else:
        new_pile[j], new_hands[owner][i] = out[owner][i], BOROMIR
    return tuple(sort_cards(h) for h in new_hands), tuple(new_pile)
