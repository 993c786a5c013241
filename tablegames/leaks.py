"""What a seat may learn: its observation, its picture and the caption, checked against
what it cannot see (the conformance check's view checks, issue 27 items 6 and 7).

Two checks per seat of a state:

- direct: the picture the game draws for the seat (``game_scene(state, viewer=seat)``,
  before the generic board's own look for hidden cards: every face-up card, every text,
  the label) and the caption (``state.describe()``) name no card the
  seat may not see (``Game.hidden_cards``) and has not seen before;
- general: states that differ only in what the seat cannot see (its information set,
  redealt by :class:`tablegames.determinize.InformationSet` as the MCTS bot samples it,
  with chosen deals so that every unseen card reaches a hidden place, and other seeds)
  give that seat the same observation, picture and caption. This catches any way of
  telling, a card's name or its rank as a number alike, without knowing the game.

Card codes are the game's own (``game.card_deck()``): ``JS`` or ``K`` alike.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .core import State
from .determinize import InformationSet
from .errors import InvalidState
from .scene import Scene, drawn_cards, game_scene, named

#: Samples of a seat's information set compared per state (at most).
SAMPLES = 4


def _public(d: Mapping[str, Any]) -> dict[str, Any]:
    """An observation without its events (a sample's events are empty: past events are
    checked by name in ``check_observations``)."""
    return {k: v for k, v in d.items() if k != "events"}


def _differing(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def check_views(state: State, hidden: list[list[str]], seen: list[set[str]], seed: int) -> None:
    """The view checks of every seat of ``state`` (see the module docstring): ``hidden``
    and ``seen`` per seat are the cards it may not see and the cards it saw face up
    before. AssertionError says which seat learns what, and how."""
    game = state.game
    deck = tuple(game.card_deck())
    caption = state.describe()
    for p in range(game.num_players):
        secret = set(hidden[p]) - seen[p]
        told = named([caption], deck) & secret
        assert not told, f"the caption names card(s) {sorted(told)} hidden from seat {p}"
        picture = game_scene(state, viewer=p)
        shown = drawn_cards(picture, deck) & secret
        assert not shown, f"seat {p}'s picture shows hidden card(s) {sorted(shown)}"
        _check_information_set(state, p, picture, caption, seed)


def _check_information_set(state: State, p: int, picture: Scene, caption: str, seed: int) -> None:
    """Redeal what seat ``p`` cannot see: its observation, picture and the caption stay."""
    game = state.game
    obs = state.observation(p)
    try:
        info = InformationSet(game, obs)
    except InvalidState as exc:
        raise AssertionError(f"seat {p}'s observation cannot be sampled: {exc}") from None
    gen = random.Random(f"views:{seed}:{p}")
    order = list(info.unseen)
    gen.shuffle(order)
    mover = p == state.current_player
    samples: list[State] = []
    for k in range(max(2, min(len(order), SAMPLES))):  # rotations: each card in each place
        cards = order[k % len(order) :] + order[: k % len(order)] if order else []
        try:
            samples.append(info.dealt(cards, gen.getrandbits(48), gen))
        except InvalidState as exc:
            if mover:  # exactly what the MCTS bot does for the seat to move
                raise AssertionError(
                    f"seat {p}'s information set: a sample read back through "
                    f"state_from_json is refused (InvalidState: {exc}); an observation "
                    f"keeps the keys of to_json, hidden values masked as None"
                ) from None
            # another seat's deal may be impossible for the seat to move (who can defend)
    events = "events" in obs
    ref_picture, ref_caption = picture, caption
    if events and samples:  # a sample's events are empty: compare samples with each other
        ref_picture = game_scene(samples[0], viewer=p)
        ref_caption = samples[0].describe()
    for sample in samples:
        other = sample.observation(p)
        changed = _differing(_public(obs), _public(other))
        assert not changed, (
            f"seat {p}'s observation changes with what it cannot see ({', '.join(changed)})"
        )
        assert sample.describe() == ref_caption, (
            f"the caption changes with what seat {p} cannot see: "
            f"{ref_caption!r} / {sample.describe()!r}"
        )
        assert game_scene(sample, viewer=p) == ref_picture, (
            f"seat {p}'s picture changes with what it cannot see"
        )


__all__ = ["SAMPLES", "check_views", "drawn_cards", "named"]
