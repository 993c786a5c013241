"""ResistorState is a plain class (compiled by mypyc when built), not a frozen dataclass:
what a frozen dataclass gave for free, checked on whichever engine runs."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import tablegames as tg
from tablegames.resistor import ResistorState


def _played() -> ResistorState:
    state = tg.make("resistor", first_amperes=0).initial_state(7)
    for _ in range(40):  # through the set-up into play
        state = state.apply(state.legal_moves()[0])
    state.legal_moves()  # fills the move cache
    assert isinstance(state, ResistorState) and state.phase == "play"
    return state


@pytest.mark.parametrize("name", [*ResistorState.fields, "_moves", "unknown"])
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
    assert tuple(init) == ResistorState.fields
    assert dataclasses.replace(state, points=3).points == 3


def test_equal_states_hash_alike_and_the_move_cache_is_not_compared() -> None:
    state = _played()
    twin = dataclasses.replace(state)  # a fresh state: its move cache is empty
    assert twin == state and hash(twin) == hash(state)
    assert dataclasses.replace(state, turn=state.turn + 1) != state


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_copies_and_pickles_are_equal_states(how: object) -> None:
    state = _played()
    again = how(state)  # type: ignore[operator]
    assert type(again) is ResistorState and again == state and hash(again) == hash(state)
    assert again.legal_moves() == state.legal_moves()
