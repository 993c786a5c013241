"""Poohsticks' ``apply`` makes most ``end`` decisions and paid boat moves itself
(PoohsticksState._quiet_end, _quiet_move) instead of going through the builder: the two
must give the same state, events and legal moves."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

import tablegames as tg
from tablegames.builder import BuiltState, maker
from tablegames.poohsticks import PoohsticksState
from tablegames.poohsticks import moves as mv

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 4},
    {"players": 3, "max_turns": 25},  # the turn limit reached: left to the builder
    {"players": 2, "bridge": True, "boat_powers": True},
]


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_a_move_made_at_once_equals_the_builders(options: dict[str, Any]) -> None:
    quick: Counter[str] = Counter()
    left: Counter[str] = Counter()
    game = tg.make("poohsticks", **options)
    rng = random.Random(5)
    for seed in range(40):
        s = game.initial_state(seed)
        while not s.is_terminal:
            moves = s.legal_moves()
            for m in moves:
                if m is mv.END:
                    fast = s._quiet_end()
                elif m.kind == "move":
                    fast = s._quiet_move(m)
                else:
                    continue
                if fast is None:
                    left[m.kind] += 1
                    continue
                quick[m.kind] += 1
                slow = BuiltState.apply(s, m)
                assert type(fast) is PoohsticksState and fast == slow, m
                assert fast.events == slow.events and fast.last_move is m
                assert fast.legal_moves() == slow.legal_moves()
                with pytest.raises(FrozenInstanceError):
                    fast.turn = 0  # type: ignore[misc]
            s = s.apply(moves[rng.randrange(len(moves))])
    if options.get("bridge"):  # a bridge card may turn over: the builder moves the boat
        assert quick["end"] > 500 and not quick["move"], quick
    else:  # most pass quietly; reshuffles, exits and the turn limit do not
        assert quick["end"] > 10 * left["end"] > 0 and quick["move"] > 3 * left["move"] > 0


def test_the_end_of_the_game_is_left_to_the_builder() -> None:
    """A boat has left the river: ``end`` may close the round and the game."""
    game = tg.make("poohsticks", players=2)
    rng = random.Random(1)
    for seed in range(30):
        s = game.initial_state(seed)
        while not s.is_terminal:
            if s.exited:
                assert s._quiet_end() is None
            moves = s.legal_moves()
            s = s.apply(moves[rng.randrange(len(moves))])
        assert s.winners


def test_moves_made_fast_equal_the_classs() -> None:
    make = maker(mv.PoohsticksMove)
    fast = make("move", "S", "B1", ("3C", "KH"))
    slow = mv.PoohsticksMove("move", "S", "B1", ("3C", "KH"))
    assert type(fast) is mv.PoohsticksMove and fast == slow and hash(fast) == hash(slow)
    assert str(fast) == "S>B1 3C KH" and repr(fast) == repr(slow)
    with pytest.raises(FrozenInstanceError):
        fast.cell = "A1"  # type: ignore[misc]
