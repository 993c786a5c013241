"""The engine's fast paths (issue 18) give exactly what the plain code would."""

from __future__ import annotations

import random

import pytest

import tablegames as tg
from tablegames.rng import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 5, 40, 54])
def test_rng_shuffle_matches_random_shuffle_and_leaves_the_same_generator(length: int) -> None:
    for seed in range(300):
        plain, fast = list(range(length)), list(range(length))
        g1, g2 = random.Random(seed), random.Random(seed)
        g1.shuffle(plain)
        shuffle(g2, fast)
        assert fast == plain
        assert g2.getrandbits(52) == g1.getrandbits(52)


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_applied_states_equal_states_built_by_their_constructor(name: str) -> None:
    """``apply`` builds states without the dataclass ``__init__``: every field, caches
    included, must be as the constructor would set them."""
    import dataclasses

    game = tg.make(name)
    state = game.initial_state(3)
    gen = random.Random(3)
    for _ in range(30):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        state = state.apply(moves[gen.randrange(len(moves))])
        fields = dataclasses.fields(state)  # type: ignore[arg-type]
        rebuilt = type(state)(**{f.name: getattr(state, f.name) for f in fields if f.init})
        assert rebuilt == state
        for f in fields:
            if f.name == "_moves" and state._moves is not None:  # type: ignore[attr-defined]
                assert state._moves == rebuilt.legal_moves()  # type: ignore[attr-defined]
            elif f.name.startswith("_"):
                assert getattr(state, f.name) == f.default


def test_a_cached_legal_move_list_cannot_be_changed_through_legal_moves() -> None:
    state = tg.make("fellowship").initial_state(5)
    moves = state.legal_moves()
    moves.clear()
    assert state.legal_moves()
    assert state.apply(state.legal_moves()[0]) is not None
