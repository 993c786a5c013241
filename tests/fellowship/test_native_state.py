"""FellowshipState is a plain class (compiled by mypyc when built), not a frozen
dataclass: what a frozen dataclass gave for free, checked on whichever engine runs."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import tablegames as tg
from tablegames.fellowship import FellowshipState


def _played(players: int = 2) -> FellowshipState:
    state = tg.make("fellowship", players=players).initial_state(7)
    for _ in range(6):
        state = state.apply(state.legal_moves()[0])
    state.legal_moves()  # fills the move cache
    assert isinstance(state, FellowshipState)
    return state


@pytest.mark.parametrize("name", [*FellowshipState.fields, "_moves", "unknown"])
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
    assert tuple(init) == FellowshipState.fields
    again = dataclasses.replace(state, turn=99)
    assert again.turn == 99 and again != state and again.circle == state.circle


def test_equal_states_hash_alike_and_the_move_cache_is_no_part_of_equality() -> None:
    state = _played(4)
    fresh = FellowshipState(*[getattr(state, name) for name in FellowshipState.fields])
    assert fresh._moves is None and state._moves is not None
    assert fresh == state and hash(fresh) == hash(state)
    assert fresh.legal_moves() == state.legal_moves()


def test_legal_moves_hands_out_a_copy_of_the_cache() -> None:
    state = _played()
    moves = state.legal_moves()
    moves.clear()
    assert state.legal_moves()


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_copies_and_pickles_are_equal_states(how: object) -> None:
    state = _played()
    again = how(state)  # type: ignore[operator]
    assert type(again) is FellowshipState and again == state and hash(again) == hash(state)
    assert again.legal_moves() == state.legal_moves()
