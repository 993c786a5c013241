"""Random play of thousands of seeded Resistor matches, checking invariants as they go.

For each configuration, a share of ``GAMES_PER_GAME`` (at least 300 each) seeded matches
capped by the option ``max_turns`` (turns of the whole match). Uniform random players
rarely get an ampere to the charge zone and back, so two configurations use a forward-
leaning ampere player (who never forfeits) to reach chargers, scores, recharges and
conversions too, and one an ampere player who never forfeits. At every state: every
piece exactly once (the ampere player's amperes, drained amperes and chargers; the
resistors, one of them possibly waiting on a pending decision), every piece where its
kind may stand, the phase, player and turn consistent, the score equal to the points
scored. Every ``FULL_CHECK_EVERY``-th state is also written to JSON text and read back,
its observations checked, each of its legal moves applied and its notation read back,
and the legality check compared with ``legal_moves`` on every candidate move. Every
match must end by the rules or the cap, and is replayed from its seed and notation to
identical states.

Hypothesis draws the seeds (derandomized, so every run checks the same matches).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from support.properties import advance, check_read_back, check_seed_replays, per_config, run_seeds
from support.resistor import choose

from tablegames.resistor import ResistorGame, ResistorMove, ResistorState
from tablegames.resistor import moves as mv
from tablegames.resistor.board import (
    AMPERE,
    CHARGER,
    COLS,
    DRAINED,
    OVERLOADED,
    PLAYABLE,
    RESISTOR,
    RESISTOR_START,
    SOURCE,
    ZONES,
)
from tablegames.resistor.legality import reason

#: Games all configurations play together (:func:`support.properties.per_config`).
GAMES_PER_GAME = 3000
FULL_CHECK_EVERY = 40
#: name -> (options, how the ampere player chooses: "uniform", "no_forfeit" (uniform but
#: never forfeiting) or "forward" (prefers moves towards its goal, never forfeits))
CONFIGS: dict[str, tuple[dict[str, Any], str]] = {
    "default": ({"max_turns": 120}, "uniform"),
    "three_amperes_forward": ({"amperes": 3, "first_amperes": 1, "max_turns": 160}, "forward"),
    "crowded_forward": (
        {"resistors": 8, "dead_spaces": 8, "duty_cycle": 8, "max_turns": 120},
        "forward",
    ),
    "extra_step_forward": ({"amperes": 4, "slingshot": "extra_step", "max_turns": 120}, "forward"),
    "no_dead_spaces_no_forfeit": (
        {"dead_spaces": 0, "first_amperes": 0, "duty_cycle": 0, "max_turns": 60},
        "no_forfeit",
    ),
}
#: Per piece code, the cells where it may stand (dead spaces are checked apart).
ALLOWED = {
    AMPERE: frozenset(i for i, z in enumerate(ZONES) if z in ("source", "play")),
    DRAINED: frozenset(PLAYABLE),
    CHARGER: frozenset(i for i, z in enumerate(ZONES) if z in ("play", "charge")),
    RESISTOR: frozenset(PLAYABLE),
    OVERLOADED: frozenset(PLAYABLE),
}
#: Moves without a piece to move, worth trying in every state (placements where pieces
#: go and a few where they do not; overloads are tried on the state's dead spaces).
OTHER_MOVES = [
    *(mv.PLACE[i] for i in (*SOURCE, *RESISTOR_START, 0, 100, 279)),
    mv.OVERLOAD[100],
    mv.AMPERES,
    mv.RESISTORS,
    mv.END,
    mv.FORFEIT,
]


def check_state(s: ResistorState, scored: int) -> list[ResistorMove]:
    g = s.game
    board = s.board
    assert len(board) == 20 * COLS and set(board) <= set(".ADCRO")
    side = board.count(AMPERE) + board.count(DRAINED) + board.count(CHARGER)
    transit = s.pending == "overload" or (s.pending == "drain" and board[s.pending_cell] == DRAINED)
    resistors = board.count(RESISTOR) + board.count(OVERLOADED) + transit
    dead = s.dead
    for code, allowed in ALLOWED.items():
        for i in s.cells(code):
            assert i in allowed, f"{code} on {i}, where it may not stand"
            assert (i in dead) == (code == OVERLOADED) or code == RESISTOR, f"{code} on {i}"
    if s.phase == "play" and s.player == s.ampere_player and not s.pending and not s.moves_made:
        assert OVERLOADED not in board, "an overloaded marker at an ampere turn's start"
    assert sum(s.scores) == scored and 0 <= s.points <= s.scores[s.ampere_player]
    assert len(s.dead) == (g.dead_spaces if s.phase != "roles" else 0)
    assert s.turn <= s.turns_played <= g.max_turns and s.round <= s.turns_played + 1
    moves = s.legal_moves()
    if s.phase == "roles":
        assert board == "." * len(board) and s.first == -1
    elif s.phase == "setup":
        assert s.turn == 0 and side <= g.amperes and resistors < g.resistors
        assert all(board[i] != AMPERE or i in SOURCE for i in range(len(board)))
        assert not resistors or side == g.amperes
    else:
        assert side == g.amperes, "an ampere-side piece was lost or duplicated"
        assert resistors == g.resistors, "a resistor was lost or duplicated"
    if s.is_terminal:
        assert s.current_player == -1 and moves == []
        a, b = s.scores
        if "max_turns" in {e.kind for e in s.events}:  # stopped at the cap: no winner
            assert s.turns_played == g.max_turns and s.winners == frozenset()
        else:
            assert s.winners == frozenset({0 if a > b else 1}) and a != b
            assert s.round >= g.rounds and (s.round - g.rounds) % 2 == 0
    else:
        assert s.current_player in (0, 1) and moves and not s.winners
        assert s.turns_played < g.max_turns
        if s.phase == "play":
            assert AMPERE in board or CHARGER in board
            if s.turn_role == "amperes" and s.turn_kind:
                left = s.ampere_moves_left or s.charger_moves_left
                assert left > 0 or s.pending == "overload" or s.extra_step_due
    return moves


def check_full(s: ResistorState, moves: list[ResistorMove]) -> None:
    back = s.game.state_from_json(json.loads(json.dumps(s.to_json(), allow_nan=False)))
    assert back == s and back.legal_moves() == moves, "JSON round trip changed the state"
    for p in (0, 1):
        obs = s.observation(p)
        assert obs["seed"] is None and obs["viewer"] == p
    legal = set(moves)
    board = s.board
    candidates = [m for i, c in enumerate(board) if c != "." for m in mv.MOVE[i].values()]
    for m in candidates + OTHER_MOVES + [mv.OVERLOAD[j] for j in s.dead]:
        assert (reason(s, m) == "") == (m in legal), (str(m), reason(s, m))
    check_read_back(s, moves)


def play_one(options: dict[str, Any], how: str, seed: int) -> None:
    game = ResistorGame(**options)
    assert game.max_turns is not None
    chooser = random.Random(f"resistor:{seed}")
    state = game.initial_state(seed)
    states = [state]
    played: list[str] = []
    scored = 0
    # every round has a turn: at most max_turns rounds of placements and 4 decisions a turn
    per_round = game.amperes + game.resistors + 2
    for step in range(game.max_turns * (per_round + 4) + 2):
        moves = check_state(state, scored)
        if step % FULL_CHECK_EVERY == seed % FULL_CHECK_EVERY or state.is_terminal:
            check_full(state, moves)
        if state.is_terminal:
            break
        state = advance(states, played, choose(state, moves, chooser, how))
        scored += sum(e.kind == "score" for e in state.events)
    assert state.is_terminal, "the match did not end by its cap"
    check_seed_replays(game, seed, played, states)


@pytest.mark.slow
@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games(config: str) -> None:
    options, how = CONFIGS[config]
    run_seeds(lambda seed: play_one(options, how, seed), per_config(GAMES_PER_GAME, len(CONFIGS)))


def test_leaning_players_reach_every_action() -> None:
    """The forward-leaning configurations do exercise chargers (so the properties cover
    them): over a few matches, every action of the rules happens."""
    seen: set[str] = set()
    for seed in range(50):
        for options, how in (CONFIGS["three_amperes_forward"], CONFIGS["crowded_forward"]):
            game = ResistorGame(**options)
            chooser = random.Random(seed)
            s = game.initial_state(seed)
            while not s.is_terminal:
                s = s.apply(choose(s, s.legal_moves(), chooser, how))
                seen.update(e.kind for e in s.events)
    actions = {"move", "slingshot", "drain", "overload", "recharge", "cycle", "convert", "score"}
    assert actions <= seen, actions - seen


def test_checks_can_fail() -> None:
    """The invariant checks catch a lost piece, a piece out of place and a bad score."""
    game = ResistorGame(first_amperes=0, max_turns=30)
    s = game.initial_state(3)
    while s.phase == "setup":
        s = s.apply(s.legal_moves()[0])
    check_state(s, 0)
    lost = replace(s, board=s.board.replace(AMPERE, ".", 1))
    with pytest.raises(AssertionError, match="lost or duplicated"):
        check_state(lost, 0)
    i = s.board.index(AMPERE)
    cycling = replace(s, board=s.board[:i] + "." + s.board[i + 1 :])
    cycling = replace(cycling, board=AMPERE + cycling.board[1:])  # a0: a cycle column
    with pytest.raises(AssertionError, match="may not stand"):
        check_state(cycling, 0)
    with pytest.raises(AssertionError):
        check_state(s, 1)
