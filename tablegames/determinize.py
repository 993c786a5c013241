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

import marshal
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from .core import Game, State
from .errors import InvalidState
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

    def sample(self, gen: random.Random) -> State:
        """One full state consistent with the observation, hidden cards dealt by ``gen``."""
        packed = self._packed
        d = marshal.loads(packed) if packed is not None else json_copy(self._template)
        places = self.game.hidden_places(d)
        cards = list(self.unseen)
        shuffle(gen, cards)  # as gen.shuffle(cards), faster
        for (values, i), card in zip(places, cards, strict=True):
            values[i] = card
        d["seed"] = gen.getrandbits(48)
        self.game.settle_hidden(d, gen)
        return self.game.state_from_json(d)
