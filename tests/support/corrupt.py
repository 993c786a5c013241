"""Corrupting a real state's JSON at any place, for the bad-input tests that check a
game's ``state_from_json`` either refuses the result or gives a sound state."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import tablegames as tg


def paths(d: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys and list indexes from the top), each container
    before what it holds."""
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += paths(v, (*prefix, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += paths(v, (*prefix, i))
    return out


def set_at(d: Any, path: tuple[Any, ...], value: Any) -> None:
    """Put a copy of ``value`` at ``path`` in ``d`` (in place)."""
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = copy.deepcopy(value)


def read_or_refused(game: tg.Game, d: Any) -> tg.State | None:
    """``game.state_from_json(d)``, or None when it refuses ``d`` with InvalidState (any
    other error fails the test); a state it accepts must read back from its own JSON text."""
    try:
        state = game.state_from_json(d)
    except tg.InvalidState:
        return None
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


def corrupt(d: Any, where: int, value: Any) -> None:
    """Put ``value`` at the ``where``-th place of ``d`` (modulo the number of places)."""
    places = paths(d)
    set_at(d, places[where % len(places)], value)


def played_json(game: tg.Game, seed: int, at: int) -> Any:
    """The JSON of one state (``at``, modulo the game's length) of a seeded game."""
    states = tg.replay(tg.play_game(game, seed=seed).record)
    return states[at % len(states)].to_json()


def refused_unchanged(load: Callable[[Any], Any], d: Any, message: str) -> None:
    """``load(d)`` refuses ``d`` with InvalidState matching ``message`` and leaves it as
    it was (reading never edits the caller's data)."""
    kept = copy.deepcopy(d)
    with pytest.raises(tg.InvalidState, match=message):
        load(d)
    assert d == kept
