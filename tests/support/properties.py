"""Checks the random-play property tests of every game share: a move's notation reads
back, a step's first event is the decision of the player who moved, and a played game
replays to the very same states (from its record through JSON text, or from its seed
and notation); and the loop and the seeded Hypothesis run that drive them."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablegames as tg


def part() -> tuple[int, int]:
    """``TABLEGAMES_PROPERTY_PART=k/n``: this run plays the ``k``-th of ``n`` disjoint
    shares of the seeded games (default ``1/1``, all of them). ``make test`` plays share
    1/2 on the compiled engine and 2/2 on pure Python: the two engines are shown to play
    the very same games (tests/compiled/test_same_games.py), so together they check every
    game once, each on a different engine, instead of half of them twice."""
    text = os.environ.get("TABLEGAMES_PROPERTY_PART", "1/1")
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise ValueError(f"TABLEGAMES_PROPERTY_PART must read k/n with 1 <= k <= n, not {text!r}")
    return int(k), int(n)


def per_config(total: int, configs: int, least: int = 300) -> int:
    """Games each configuration plays so that a game's configurations together play about
    ``total`` (at least ``least`` each): thousands per game in ``make test``, whatever the
    number of option sets. ``TABLEGAMES_PROPERTY_SCALE`` multiplies it (e.g. 5 for a long
    run; ``make soak`` plays 10^5 games per game with every check), and a run that plays
    one share of :func:`part` plays that share of them."""
    scale = float(os.environ.get("TABLEGAMES_PROPERTY_SCALE", "1")) / part()[1]
    return max(1, round(scale * max(least, total // configs)))


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


def advance(
    states: list[Any],
    played: list[str],
    move: Any,
    check: Callable[[Any, Any, Any], None] | None = None,
) -> Any:
    """Applies ``move`` to the last of ``states``, checks the step (by default, that the
    mover's decision is its first event), records the new state and the move's notation
    and returns the new state: the step every random-play loop takes."""
    before = states[-1]
    after = before.apply(move)
    if check is None:
        check_mover_first(before, after)
    else:
        check(before, move, after)
    played.append(str(move))
    states.append(after)
    return after


def run_seeds(body: Callable[[int], None], examples: int, top: int = 2**40) -> None:
    """Runs ``body`` on ``examples`` seeds from 0 to ``top`` that Hypothesis draws,
    derandomized (every run checks the same games), with no example database and no
    health checks (an example is a whole game: slow by design). Share ``k`` of ``n``
    (:func:`part`) moves every seed by ``(k - 1) / n`` of the range, so the shares'
    games differ."""
    k, n = part()
    shift = (k - 1) * (top + 1) // n

    def shifted(seed: int) -> None:
        body((seed + shift) % (top + 1))

    settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(given(seed=st.integers(0, top))(shifted))()


def replayed_games(
    play: Callable[[int], tuple[list[Any], tg.Record]], examples: int, top: int = 2**40
) -> list[Any]:
    """Plays ``examples`` distinct seeded games with ``play`` (seed to states and
    record), checks each replays from its record, and returns their final states."""
    finals: dict[int, Any] = {}

    def one_game(seed: int) -> None:
        states, record = play(seed)
        check_replay(states, record)
        finals[seed] = states[-1]

    run_seeds(one_game, examples, top)
    assert len(finals) >= examples, f"only {len(finals)} distinct games were played"
    return list(finals.values())
