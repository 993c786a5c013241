"""Random play of thousands of seeded Fellowship games, checking invariants at every step.

For 2, 3 and 4 players, a share of ``GAMES_PER_GAME`` (at least 300 each) seeded games
between uniformly random players. At every state: every card of the deck exactly once, a
valid circle (13 non-empty stacks, an uncovered joker alone), hand sizes, whose turn it
is, the JSON round trip through text, and what each observation hides. In one state out
of ``FULL_CHECK_EVERY`` every legal move is applied and its notation read back. Every
game must end within the bound (each turn plays one of the cards outside the circle),
and is replayed from its record to identical states.

Hypothesis draws the seeds (derandomized, so every run checks the same games).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.properties import advance, check_read_back, check_replay, per_config, run_seeds

import tablegames as tg
from tablegames.cards import JOKERS
from tablegames.fellowship import FellowshipState
from tablegames.fellowship.serialize import known_roles

#: Games all configurations play together (:func:`support.properties.per_config`).
GAMES_PER_GAME = 3000  # make soak plays 10^5 per game, every check on
FULL_CHECK_EVERY = 16


def check_state(s: FellowshipState, n: int, deck: list[str]) -> list[Any]:
    cards = [c for stack in s.circle for c in stack] + [c for h in s.hands for c in h]
    assert sorted(cards + list(s.draw_pile)) == deck, "a card was lost or duplicated"
    assert len(s.circle) == 13 and all(s.circle)
    for stack in s.circle:
        assert stack[-1] not in JOKERS or len(stack) == 1, "the uncovered joker moved"
    assert len(s.hands) == n and all(len(h) <= 5 for h in s.hands)
    if s.draw_pile:
        assert all(len(h) == 5 for h in s.hands), "hands are full while the pile lasts"
    moves = s.legal_moves()
    if s.is_terminal:
        assert s.current_player == -1 and moves == []
        assert s.winners == s.score() or s.game.max_turns is not None
    else:
        assert 0 <= s.current_player < n and moves and not s.winners
        assert s.current_player == s.turn % n
    if n == 2:
        drawn = "JS" not in s.draw_pile
        assert (s.roles != (None, None)) == drawn
    return moves


def check_json(s: FellowshipState, d: dict[str, Any]) -> None:
    back = s.game.state_from_json(json.loads(json.dumps(d, allow_nan=False)))
    assert back == s, "JSON round trip changed the state"


def check_observations(s: FellowshipState, d: dict[str, Any], n: int) -> None:
    for p in range(n):
        known = known_roles(s, p)
        expected = dict(d)
        expected["viewer"] = p
        expected["hands"] = [h if q == p else [None] * len(h) for q, h in enumerate(d["hands"])]
        expected["draw_pile"] = [None] * len(d["draw_pile"])
        expected["seed"] = None
        expected["roles"] = [r if known[q] else None for q, r in enumerate(d["roles"])]
        expected["events"] = [
            {**e, "cards": [None] * len(e["cards"])}
            if e["kind"] == "draw" and e.get("player") != p
            else e
            for e in d["events"]
        ]
        assert s.observation(p) == expected
        assert known[p] or n == 2, "a player always knows their own suit"


def play_one(players: int, seed: int) -> None:
    game = tg.make("fellowship", players=players)
    deck = sorted(game.deck)  # type: ignore[attr-defined]
    chooser = random.Random(f"fellowship:{seed}")
    state = game.initial_state(seed)
    assert isinstance(state, FellowshipState)
    states = [state]
    moves_played: list[str] = []
    bound = 40  # at most the cards outside the circle are played
    for step in range(bound + 1):
        moves = check_state(state, players, deck)
        d = state.to_json()
        check_json(state, d)
        check_observations(state, d, players)
        if state.is_terminal:
            break
        if step % FULL_CHECK_EVERY == seed % FULL_CHECK_EVERY:
            check_read_back(state, moves)
        state = advance(states, moves_played, moves[chooser.randrange(len(moves))])
    assert state.is_terminal, "the game did not end within its bound"
    record = tg.Record(game.name, game.options_json(), seed, tuple(moves_played))
    check_replay(states, record)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    run_seeds(lambda seed: play_one(players, seed), per_config(GAMES_PER_GAME, 3))
