"""Move helpers every game's tests use: the legal moves in notation, moves played from
notation, the kinds of the events the last move recorded, the cells a piece may reach, a random
walk to a reachable position and a position a few first moves in (the benchmarks use
them too).

The game modules (``support.cardchess``...) re-export them, so a test imports everything
about its game from one place."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar, cast

import tablegames as tg

S = TypeVar("S", bound=tg.State)


def legal(state: tg.State) -> set[str]:
    """The notation of every legal move."""
    return {str(m) for m in state.legal_moves()}


def legal_list(state: tg.State) -> list[str]:
    """The notation of every legal move, in the order the engine lists them."""
    return [str(m) for m in state.legal_moves()]


def targets(state: tg.State, cell: str) -> set[str]:
    """The cells the piece (or top unit) on ``cell`` may move to now, from moves written
    ``<from>-<to>`` (Card Chess, Resistor)."""
    return {str(m).split("-")[1] for m in state.legal_moves() if str(m).startswith(cell + "-")}


def play(state: S, *moves: str) -> S:
    """Apply moves written in notation, one after the other."""
    for text in moves:
        state = cast(S, state.apply(state.parse_move(text)))
    return state


def kinds(state: tg.State) -> list[str]:
    """The kinds of the events the last apply recorded."""
    return [e.kind for e in getattr(state, "events", ())]


def walk(state: S, choose: Callable[[list[Any]], Any], moves: int | None) -> S:
    """``state`` after at most ``moves`` moves, each ``choose(legal moves)`` (None: to the
    end; fewer when the game ends first)."""
    while not state.is_terminal and (moves is None or moves > 0):
        state = cast(S, state.apply(choose(state.legal_moves())))
        moves = None if moves is None else moves - 1
    return state


def random_walk(state: S, rng: random.Random, moves: int | None) -> S:
    """``state`` after at most ``moves`` legal moves ``rng`` chooses (None: to the end)."""
    return walk(state, rng.choice, moves)


def first_moves(state: S, moves: int) -> S:
    """``state`` after at most ``moves`` moves, each the first legal one: a position a
    few moves in, the same on every run."""
    return walk(state, lambda legal: legal[0], moves)


def apply_refused(state: tg.State, *cases: tuple[Any, str]) -> None:
    """Each ``(move, message)``: ``state.apply(move)`` (a move object, text or anything
    else, applied as it is) raises IllegalMove saying ``message``."""
    import pytest  # here, not at the top: the benchmarks import this module too

    for move, message in cases:
        with pytest.raises(tg.IllegalMove, match=message):
            state.apply(move)


def refused(state: tg.State, text: str, message: str) -> None:
    """The move written ``text`` reads but ``state.apply`` refuses it with IllegalMove
    saying ``message``."""
    import pytest

    with pytest.raises(tg.IllegalMove, match=message):
        state.apply(state.parse_move(text))
