"""The engine's fast paths (issue 18) give exactly what the plain code would."""

from __future__ import annotations

import random

import pytest

import tablegames as tg
from tablegames.builder import builder_of
from tablegames.rng import generator, randbelow, shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 17, 33, 40, 54, 65, 300])
def test_rng_shuffle_matches_random_shuffle_and_leaves_the_same_generator(length: int) -> None:
    # lengths across powers of two (the bound's bit length drops there) and past one batch
    # of words rejected many times over
    for seed in range(300):
        plain, fast = list(range(length)), list(range(length))
        g1, g2 = random.Random(seed), random.Random(seed)
        g1.shuffle(plain)
        shuffle(g2, fast)
        assert fast == plain
        assert g2.getrandbits(52) == g1.getrandbits(52)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**32, 2**51 + 5, 2**52 - 1, -3, 10**40])
def test_rng_generator_is_random_random_of_its_seed(seed: int) -> None:
    fast, plain = generator(seed), random.Random(seed)
    assert type(fast) is random.Random
    assert fast.getstate() == plain.getstate()
    assert [fast.random(), fast.gauss(0, 1)] == [plain.random(), plain.gauss(0, 1)]


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 64, 100, 2**40 + 1])
def test_rng_randbelow_matches_randrange_and_leaves_the_same_generator(bound: int) -> None:
    for seed in range(300):
        g1, g2 = random.Random(seed), random.Random(seed)
        assert [randbelow(g2, bound) for _ in range(5)] == [g1.randrange(bound) for _ in range(5)]
        assert g2.getrandbits(52) == g1.getrandbits(52)


def test_rng_randbelow_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive bound"):
        randbelow(random.Random(0), 0)


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
        rebuilt.legal_moves()  # fills the caches a state fills when its moves are listed
        kept = ("_moves", *builder_of(type(state)).carry)  # caches the builder may fill or carry
        for f in fields:
            if not f.name.startswith("_"):
                continue
            value, fresh = getattr(state, f.name), getattr(rebuilt, f.name)
            if f.name not in kept:
                assert value == f.default, f.name
            elif value != f.default and fresh != f.default:
                # (Currents' _board, carried when a phase lists no placements, is checked
                # against the board in tests/currents/test_properties.py)
                assert value == fresh, f.name


def test_a_cached_legal_move_list_cannot_be_changed_through_legal_moves() -> None:
    state = tg.make("fellowship").initial_state(5)
    moves = state.legal_moves()
    moves.clear()
    assert state.legal_moves()
    assert state.apply(state.legal_moves()[0]) is not None
