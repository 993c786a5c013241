"""Random play of thousands of seeded Card Chess games, checking invariants as they go.

For the fixed set-up, the progressive one and the training game without terrain, a share
of ``GAMES_PER_GAME`` (at least 300 each) seeded games between uniformly random players,
capped at ``MAX_PLIES`` moves. At every state: every card exactly once (the 36 of the
surface, the 16 units on the surface or in hand), a valid position (set-up units alone
in their own start area, the phase and player consistent) and the win condition. Every
``FULL_CHECK_EVERY``-th state is also written to JSON text and read back, its
observations checked, and each of its legal moves applied and its notation read back.
Every game must end by the cap, and is replayed from its seed and notation to identical
states.

Hypothesis draws the seeds (derandomized, so every run checks the same games).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.properties import advance, check_read_back, check_seed_replays, per_config, run_seeds

from tablegames.cardchess import CardChessGame, CardChessState
from tablegames.cardchess.moves import UNITS
from tablegames.cardchess.state import START_AREA, SURFACE_CARDS, owner

#: Games all configurations play together (:func:`support.properties.per_config`).
GAMES_PER_GAME = 3000  # make soak plays 10^5 per game, every check on
MAX_PLIES = 64
FULL_CHECK_EVERY = 24
CONFIGS = {
    "fixed": {"setup": "fixed"},
    "progressive": {"setup": "progressive"},
    "no_terrain": {"terrain": False},
}
ALL_UNITS = sorted(UNITS)
ALL_SURFACE = sorted(SURFACE_CARDS)


def check_state(s: CardChessState) -> list[Any]:
    assert sorted(s.surface) == ALL_SURFACE, "a surface card was lost or duplicated"
    units = [u for stack in s.stacks for u in stack] + [u for h in s.hands for u in h]
    assert sorted(units) == ALL_UNITS, "a unit was lost or duplicated"
    moves = s.legal_moves()
    assert s.has_move() == bool(moves)
    if s.phase == "setup":
        assert s.ply == 0 and s.hands[s.current_player]
        for i, stack in enumerate(s.stacks):
            assert len(stack) <= 1
            if stack:
                assert i in START_AREA[owner(stack[0])]
    else:
        assert s.hands == ((), ())
    if s.is_terminal:
        assert s.current_player == -1 and moves == []
        if s.winners:
            assert len(s.winners) == 1 and s.winners <= s.decided()
        else:
            assert s.ply == MAX_PLIES and not s.decided()
    else:
        assert s.current_player in (0, 1) and moves and not s.winners
        assert not s.decided() and s.ply < MAX_PLIES
    return moves


def check_json(s: CardChessState) -> None:
    d = s.to_json()
    back = s.game.state_from_json(json.loads(json.dumps(d, allow_nan=False)))
    assert back == s, "JSON round trip changed the state"
    # the moves listed fresh, as a state read from JSON does, are the ones of the state
    # whose builder kept its cell colours from move to move
    assert back.legal_moves() == s.legal_moves(), "kept colours differ from fresh ones"
    for p in (0, 1):
        obs = s.observation(p)
        assert obs["seed"] is None and obs["viewer"] == p
        hidden = sum(c is None for row in obs["surface"] for c in row)
        assert hidden == sum(not s.face_up(i) for i in range(36))


def play_one(options: dict[str, Any], seed: int) -> None:
    game = CardChessGame(max_turns=MAX_PLIES, **options)
    chooser = random.Random(f"cardchess:{seed}")
    state = game.initial_state(seed)
    states = [state]
    played: list[str] = []
    for step in range(MAX_PLIES + 17):
        moves = check_state(state)
        if step % FULL_CHECK_EVERY == seed % FULL_CHECK_EVERY or state.is_terminal:
            check_json(state)
            check_read_back(state, moves)
        if state.is_terminal:
            break
        state = advance(states, played, moves[chooser.randrange(len(moves))])
    assert state.is_terminal, "the game did not end by its cap"
    check_seed_replays(game, seed, played, states)


@pytest.mark.slow
@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games(config: str) -> None:
    run_seeds(
        lambda seed: play_one(CONFIGS[config], seed), per_config(GAMES_PER_GAME, len(CONFIGS))
    )
