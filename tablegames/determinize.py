"""Determinization: a full state consistent with what one player has seen.

Information-set search (``tablegames.bots.MCTSBot`` on a hidden-information game)
must never read the hidden truth, so it starts from ``state.observation(player)``
and repeatedly asks for a *sample*: the observation with every hidden card replaced
by one of the cards that player has not seen, dealt at random, and a fresh seed for
the future shuffles. Each game says where its hidden cards are
(:meth:`tablegames.Game.hidden_places`) and settles whatever else was hidden
(:meth:`tablegames.Game.settle_hidden`, e.g. Fellowship's unknown roles); the rest is
the same for every card game and lives here.

>>> import random
>>> import tablegames as tg
>>> state = tg.make("currents", players=2).initial_state(seed=3)
>>> view = state.observation(0)
>>> sample = InformationSet(state.game, view).sample(random.Random(1))
>>> sample.hands[0] == state.hands[0], sample.observation(0)["hands"] == view["hands"]
(True, True)
"""

from __future__ import annotations

import dataclasses
import marshal
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from .cards import sort_cards
from .core import Game, State
from .errors import InvalidState
from .nativebuilt import NativeBuiltState
from .rng import shuffle

#: Keys of an observation that never hold a card's place.
NOT_PLACES = frozenset({"game", "options", "phase", "events", "last_move", "viewer", "roles"})
#: A hidden place: the list holding it and the index in that list.
Place = tuple[list[Any], int]


def visible_cards(d: Any, deck: frozenset[str]) -> Iterator[str]:
    """Every card of ``deck`` named anywhere in ``d`` (a JSON value), outside NOT_PLACES."""
    if isinstance(d, str):
        if d in deck:
            yield d
    elif isinstance(d, Mapping):
        for k, v in d.items():
            if k not in NOT_PLACES:
                yield from visible_cards(v, deck)
    elif isinstance(d, list):
        for v in d:
            yield from visible_cards(v, deck)


def json_copy(v: Any) -> Any:
    """A deep copy of a JSON value (lists and dicts copied, the rest shared): several
    times faster than ``copy.deepcopy`` for the observations sampled here."""
    t = type(v)
    if t is list:
        return [json_copy(x) for x in v]
    if t is dict:
        return {k: json_copy(x) for k, x in v.items()}
    return v


class InformationSet:
    """Everything one observation allows: sample full states from it with :meth:`sample`.

    The observation is read once (which cards are unseen, where they may lie), so a
    search can draw thousands of samples cheaply. Raises InvalidState when the
    observation names cards that are not in the game or hides more cards than are
    unseen.
    """

    def __init__(self, game: Game, observation: Mapping[str, Any]) -> None:
        self.game = game
        self.viewer = observation.get("viewer")
        template = json_copy(dict(observation))
        template.pop("viewer", None)
        if "events" in template:  # past events may name what the seat saw: not the sample's
            template["events"] = []
        deck = game.card_deck()
        seen = Counter(visible_cards(template, frozenset(deck)))
        unseen = Counter(deck)
        unseen.subtract(seen)
        if any(n < 0 for n in unseen.values()):
            extra = sorted(c for c, n in unseen.items() if n < 0)
            raise InvalidState(f"the observation shows {', '.join(extra)} more than once")
        self.unseen: tuple[str, ...] = tuple(sorted(unseen.elements()))
        self._template = template
        # sample() copies the template with marshal (C speed) when it can: a JSON value
        # always can; anything else falls back to json_copy.
        try:
            self._packed: bytes | None = marshal.dumps(template)
        except ValueError:
            self._packed = None
        holes = len(game.hidden_places(json_copy(template)))
        if holes != len(self.unseen):
            raise InvalidState(
                f"the observation hides {holes} card(s) but {len(self.unseen)} are unseen"
            )
        # Redealt only for the player to move: what makes a position valid may hang on
        # the cards of the player to move (who can defend, say), hidden from the others.
        redeal = game.samples_by_redeal and self.viewer is not None
        redeal = redeal and observation.get("current_player") == self.viewer
        self._redeal = Redeal(game, template, self.unseen) if redeal else None

    def sample(self, gen: random.Random) -> State:
        """One full state consistent with the observation, hidden cards dealt by ``gen``."""
        cards = list(self.unseen)
        shuffle(gen, cards)  # as gen.shuffle(cards), faster
        return self.dealt(cards, gen.getrandbits(48), gen)

    def dealt(self, cards: list[str], seed: int, gen: random.Random) -> State:
        """The sample with ``cards`` (an order of :attr:`unseen`) on the hidden places and
        ``seed``, built as :meth:`sample` builds it (the conformance check deals chosen
        orders, so that every unseen card reaches a hidden place)."""
        if self._redeal is not None:
            return self._redeal.deal(cards, seed, gen)
        return self.read(cards, seed, gen)

    def read(self, cards: list[str], seed: int, gen: random.Random) -> State:
        """The sample with ``cards`` on the hidden places in order and ``seed``, read from
        JSON (``gen`` settles whatever else is hidden). Only the keys of the observation
        are given to ``state_from_json`` (a ``seed`` only where the observation masks
        one), so a game whose reader refuses unknown keys reads its samples."""
        packed = self._packed
        d = marshal.loads(packed) if packed is not None else json_copy(self._template)
        places = self.game.hidden_places(d)
        for (values, i), card in zip(places, cards, strict=True):
            values[i] = card
        if "seed" in d:
            d["seed"] = seed
        self.game.settle_hidden(d, gen)
        return self.game.state_from_json(d)


class Redeal:
    """The samples of one observation of a game that allows it (see
    :attr:`tablegames.Game.samples_by_redeal`): one state is read from JSON, which checks
    the position once; every sample is that state with other hands, draw pile, seed and
    whatever other fields hold hidden cards, as reading the sample from JSON would give."""

    def __init__(self, game: Game, template: dict[str, Any], unseen: tuple[str, ...]) -> None:
        d = json_copy(template)
        places = game.hidden_places(d)
        hands: list[list[Any]] = d.get("hands", [])
        pile: list[Any] = d.get("draw_pile", [])
        dealt: dict[int, list[int]] = {}  # player: the places (in dealing order) of their hand
        #: other fields: the places dealt to each, as (index in the field, place)
        self._fields: dict[str, list[tuple[int, int]]] = {}
        for k, (values, i) in enumerate(places):
            if values is pile:
                self._fields.setdefault("draw_pile", []).append((i, k))
                continue
            p = next((q for q, h in enumerate(hands) if h is values), None)
            if p is not None:
                dealt.setdefault(p, []).append(k)
            else:
                field, at = game.redeal_slot(d, values, i)
                self._fields.setdefault(field, []).append((at, k))
        #: per hand with hidden cards: the player, the cards shown, the places dealt to it
        self._hands = [
            (p, tuple(c for c in hands[p] if c is not None), tuple(ks)) for p, ks in dealt.items()
        ]
        #: the whole draw pile hidden, dealt from consecutive places: its slice of the deal
        ks = [k for _i, k in self._fields.get("draw_pile", [])]
        whole = ks == list(range(ks[0], ks[0] + len(pile))) if ks else False
        self._pile = slice(ks[0], ks[0] + len(ks)) if whole else None
        if whole:
            del self._fields["draw_pile"]
        for (values, i), card in zip(places, unseen, strict=True):
            values[i] = card
        d["seed"] = 0
        game.settle_hidden(d, random.Random(0))
        self.game = game
        self.template = template
        self.base: Any = game.state_from_json(d)
        #: a native state (:class:`~tablegames.nativebuilt.NativeBuiltState`) is rebuilt
        #: from its fields in order, as ``dataclasses.replace`` rebuilds it but without
        #: reading the field table on every sample: its fields' values and each one's place
        base = self.base
        fields: tuple[str, ...] = base.fields if isinstance(base, NativeBuiltState) else ()
        self._args = [getattr(base, f) for f in fields] if fields else None
        self._position = {f: i for i, f in enumerate(fields)}

    def deal(self, cards: list[str], seed: int, gen: random.Random) -> State:
        """The sample with ``cards`` on the hidden places (in ``hidden_places`` order);
        ``gen`` settles whatever else is hidden (``Game.settle_redealt``)."""
        base = self.base
        hands = list(base.hands)
        for p, shown, places in self._hands:
            hands[p] = sort_cards([*shown, *[cards[k] for k in places]])
        changed: dict[str, Any] = {"hands": tuple(hands), "seed": seed}
        if self._pile is not None:
            changed["draw_pile"] = tuple(cards[self._pile])
        for field, slots in self._fields.items():
            listed = list(getattr(base, field))
            for i, k in slots:
                listed[i] = cards[k]
            changed[field] = tuple(listed)
        self.game.settle_redealt(self.template, changed, gen)
        if self._args is None:
            return dataclasses.replace(base, **changed)  # type: ignore[no-any-return]
        args = self._args.copy()
        position = self._position
        for field, value in changed.items():
            args[position[field]] = value
        sample = type(base)(*args)
        sample._keep_caches(base)
        return sample  # type: ignore[no-any-return]
