"""CardChessState is a plain class (compiled by mypyc when built), not a frozen dataclass:
what a frozen dataclass gave for free, checked on whichever engine runs."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import tablegames as tg
from tablegames.cardchess import CardChessState


def _played() -> CardChessState:
    state = tg.make("cardchess").initial_state(7)
    for _ in range(12):
        state = state.apply(state.legal_moves()[0])
    state.legal_moves()  # fills the move and colour caches
    assert isinstance(state, CardChessState)
    return state


@pytest.mark.parametrize("name", [*CardChessState.fields, "_moves", "_colours", "unknown"])
def test_no_attribute_can_be_assigned_or_deleted(name: str) -> None:
    state = _played()
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, name, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(state, name)


def test_a_state_is_a_state_and_its_fields_are_the_dataclass_fields() -> None:
    state = _played()
    assert isinstance(state, tg.State)
    init = [f.name for f in dataclasses.fields(state) if f.init]
    assert tuple(init) == CardChessState.fields
    assert dataclasses.replace(state, ply=99).ply == 99


def test_equal_states_hash_alike_whatever_their_caches() -> None:
    state = _played()
    fresh = dataclasses.replace(state)  # the same fields, empty caches
    assert fresh == state and hash(fresh) == hash(state)
    assert dataclasses.replace(state, ply=state.ply + 1) != state


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_copies_and_pickles_are_equal_states(how: object) -> None:
    state = _played()
    again = how(state)  # type: ignore[operator]
    assert type(again) is CardChessState and again == state and hash(again) == hash(state)
    assert again.legal_moves() == state.legal_moves()
