"""Every game's state is a plain class on tablegames.nativebuilt's base (compiled by mypyc
when built), not a frozen dataclass: what a frozen dataclass gave for free, checked for
each game on whichever engine runs. One case per game: its options, how many moves to
play in, and a field to replace."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any, NamedTuple

import pytest

import tablegames as tg
from tablegames.nativebuilt import NativeBuiltState


class Case(NamedTuple):
    game: str
    options: dict[str, Any]
    moves: int  # played in before the checks (Resistor: through its set-up into play)
    field: str  # an int field that replace() sets


CASES = [
    Case("currents", {"players": 4}, 12, "turn"),
    Case("fellowship", {"players": 4}, 6, "turn"),
    Case("poohsticks", {"players": 3}, 12, "turn"),
    Case("cardchess", {}, 12, "ply"),
    Case("resistor", {"first_amperes": 0}, 40, "turn"),
]


@pytest.fixture(params=CASES, ids=[c.game for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def played(case: Case) -> Any:
    state = tg.make(case.game, **case.options).initial_state(7)
    for _ in range(case.moves):
        state = state.apply(state.legal_moves()[0])
    state.legal_moves()  # fills the caches
    assert isinstance(state, NativeBuiltState) and not state.is_terminal
    return state


def private(state: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(state) if not f.init]


def test_no_attribute_can_be_assigned_or_deleted(case: Case) -> None:
    state = played(case)
    # Currents lists its moves afresh on each call (it keeps the accept board instead)
    assert ("_moves" in private(state)) == (case.game != "currents")
    for name in [*type(state).fields, *private(state), "unknown"]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(state, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(state, name)


def test_a_state_is_a_state_and_its_fields_are_the_dataclass_fields(case: Case) -> None:
    state = played(case)
    assert isinstance(state, tg.State)
    init = [f.name for f in dataclasses.fields(state) if f.init]
    assert tuple(init) == type(state).fields
    again = dataclasses.replace(state, **{case.field: 99})
    assert getattr(again, case.field) == 99 and again != state
    assert all(getattr(again, n) == getattr(state, n) for n in init if n != case.field)


def test_equal_states_hash_alike_and_the_caches_are_not_compared(case: Case) -> None:
    state = played(case)
    fresh = type(state)(*[getattr(state, name) for name in type(state).fields])
    if case.game != "currents":  # Currents keeps no list of its moves
        assert fresh._moves is None and state._moves is not None
    assert fresh == state and hash(fresh) == hash(state)
    assert fresh.legal_moves() == state.legal_moves()


def test_legal_moves_hands_out_a_copy_of_the_cache(case: Case) -> None:
    state = played(case)
    state.legal_moves().clear()
    assert state.legal_moves()


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_copies_and_pickles_are_equal_states(case: Case, how: Any) -> None:
    state = played(case)
    again = how(state)
    assert type(again) is type(state) and again == state and hash(again) == hash(state)
    assert again.legal_moves() == state.legal_moves()


#: Games whose move is a plain class on tablegames.value's FrozenValue, not a dataclass.
NATIVE_MOVE_GAMES = ["currents", "fellowship", "poohsticks"]


@pytest.mark.parametrize("name", NATIVE_MOVE_GAMES)
def test_a_native_move_behaves_as_the_frozen_dataclass_it_replaces(name: str) -> None:
    """Frozen, a Move, its fields the dataclass fields, compared and hashed by them, copied
    and pickled equal, and rebuilt from its notation (what the dataclass gave)."""
    move = tg.make(name).initial_state(7).legal_moves()[-1]
    assert isinstance(move, tg.Move)
    names = [f.name for f in dataclasses.fields(move)]
    assert tuple(names) == type(move).fields
    for field in [*names, "unknown"]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(move, field, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(move, field)
    twin = type(move)(*[getattr(move, n) for n in names])
    assert twin == move and hash(twin) == hash(move) and twin is not move
    assert dataclasses.replace(move, kind="other") != move
    for how in (copy.copy, copy.deepcopy, lambda m: pickle.loads(pickle.dumps(m))):
        again = how(move)
        assert type(again) is type(move) and again == move and hash(again) == hash(move)
    assert type(move).from_notation(str(move)) == move
