"""Checks the random-play property tests of every game share: a move's notation reads
back, a step's first event is the decision of the player who moved, and a played game
replays to the very same states (from its record through JSON text, or from its seed
and notation)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import tablegames as tg


def check_read_back(state: tg.State, moves: Sequence[Any]) -> None:
    """Each of ``moves`` reads back from its notation as the same move and, applied, is
    the new state's last move."""
    for m in moves:
        assert state.parse_move(str(m)) == m, str(m)
        assert state.apply(m).last_move == m  # type: ignore[attr-defined]


def check_mover_first(before: tg.State, after: tg.State) -> None:
    """The step from ``before`` to ``after`` recorded events, the first by the player
    whose decision it was."""
    events = getattr(after, "events", ())
    assert events and events[0].player == before.current_player


def check_replay(states: Sequence[tg.State], record: tg.Record) -> None:
    """The record, through JSON text, replays to identical states."""
    data = json.loads(json.dumps(record.to_json()))
    assert tg.replay(data) == list(states), "replaying the record gave different states"


def check_seed_replays(
    game: tg.Game, seed: int, played: Sequence[str], states: Sequence[Any]
) -> None:
    """The moves ``played`` (notation) from ``game.initial_state(seed)`` give ``states[1:]``."""
    replayed = game.initial_state(seed)
    for text, expected in zip(played, states[1:]):
        replayed = replayed.apply(replayed.parse_move(text))
        assert replayed == expected, "replay from the seed and notation differed"
