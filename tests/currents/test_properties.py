"""Random play of thousands of seeded Currents games, checking invariants at every step.

Each configuration (player count and optional rules) plays its share of
``GAMES_PER_GAME`` (at least 300) distinct seeded games between uniformly random
players, capped by ``max_turns``. At every state the cheap invariants are checked (no
card lost or duplicated, the pawn on the board, hand sizes, whose decision it is, the
JSON round trip through text, what each player's observation hides); at every step the
events are checked against the two states they join; for a sample of states every legal
move is applied and its notation read back; and every finished game is replayed from its
record and must give identical states.

Hypothesis draws the seeds (derandomized, so every run checks the same games); a failure
prints the seed, and ``play(CONFIGS[name], seed)`` below replays that game.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from typing import Any

import pytest
from support.properties import advance, per_config, replayed_games

import tablegames as tg
from tablegames.currents import CurrentsMove, CurrentsState
from tablegames.currents.geometry import POINTS, SLOTS, crossings, on_board
from tablegames.currents.rules import stopped_by
from tablegames.currents.state import HAND_SIZE

#: Games all configurations play together (:func:`support.properties.per_config`).
GAMES_PER_GAME = 3000  # make soak plays 10^5 per game, every check on
MAX_TURNS = 200
#: Every legal move is applied (and its notation read back) in states with at most this
#: many moves (set-up, goaltending, combination attacks, small hands) and in one state
#: out of ``FULL_CHECK_EVERY`` otherwise.
SMALL_MOVE_LIST = 4
FULL_CHECK_EVERY = 32

OBSTACLES = [[4, 5], [5, 3], [2, 2], [6, 6], [0, 4], [8, 4], [4, 0], [0, 8], [8, 0]]
#: riptides pointing away from the edges, and one blocking obstacle beside them
RIPTIDES = [[4, 6, "S"], [4, 2, "N"], [2, 4, "E"], [6, 4, "W"], [4, 8, "S"], [0, 4, "E"], [3, 3]]
CONFIGS: dict[str, dict[str, Any]] = {
    "2p": {"players": 2},
    "4p": {"players": 4},
    "4p-jokers2": {"players": 4, "jokers": 2},
    "jokers1-wild-currents": {"jokers": 1, "wild_jokers": "currents"},
    "jokers2-wild-currents": {"jokers": 2, "wild_jokers": "currents"},
    "jokers2-wild-split": {"jokers": 2, "wild_jokers": "split"},
    "jokers1-wild-both": {"jokers": 1, "wild_jokers": "both"},
    "jokers2-wild-both": {"jokers": 2, "wild_jokers": "both"},
    "easier-usurping": {"easier_usurping": True},
    "combination-attacks": {"combination_attacks": True},
    "obstacles": {"obstacles": OBSTACLES},
    "riptides": {"obstacles": RIPTIDES},
    "2p-p0-edges-EW": {"players": 2, "p0_edges": "EW"},
    "all-options-4p": {
        "players": 4,
        "jokers": 2,
        "wild_jokers": "both",
        "easier_usurping": True,
        "combination_attacks": True,
        "obstacles": OBSTACLES,
    },
    "all-options-2p": {
        "players": 2,
        "jokers": 2,
        "wild_jokers": "split",
        "easier_usurping": True,
        "combination_attacks": True,
        "obstacles": OBSTACLES,
        "p0_edges": "EW",
    },
}

PLACE_KINDS = frozenset({"place", "demote", "combination"})


# ---- checks on one state -------------------------------------------------------------


@functools.cache
def sorted_deck(deck: tuple[str, ...]) -> list[str]:
    return sorted(deck)


def check_cards(s: CurrentsState) -> None:
    """Every card of the deck exactly once across all the places a card can be."""
    everywhere = [
        *(c for h in s.hands for c in h),
        *s.draw_pile,
        *s.discard_pile,
        *(c for c in s.compass if c is not None),
        *(c for c in s.currents if c is not None),
        *s.aside,
    ]
    if sorted(everywhere) != sorted_deck(s.game.deck):
        counts = Counter(everywhere)
        lost = [c for c in s.game.deck if c not in counts]
        twice = sorted(c for c, k in counts.items() if k > 1)
        foreign = sorted(set(counts) - set(s.game.deck))
        raise AssertionError(f"cards lost {lost}, duplicated {twice}, foreign {foreign}")


def check_state(s: CurrentsState, n: int) -> list[CurrentsMove]:
    """The cheap invariants; returns the legal moves."""
    check_cards(s)
    assert all(len(h) <= HAND_SIZE for h in s.hands), s.hands
    assert len(s.hands) == n
    assert len(s.compass) == 4 and len(s.currents) == 16
    moves = s.legal_moves()
    if s.is_terminal:
        assert s.phase == "over" and s.current_player == -1 and moves == []
        if s.winners:
            # pawn_leaves_board_on_win: the winner owns an edge the pawn lies beyond
            assert len(s.winners) == 1
            assert set(s.winners) <= {s.game.owner[e] for e in crossings(*s.pawn)}
        else:
            assert on_board(*s.pawn)
    else:
        assert on_board(*s.pawn), s.pawn
        assert s.pawn not in s.game.obstacle_set
        assert 0 <= s.current_player < n
        assert moves, f"no legal move in a {s.phase} state"
        assert not s.winners
        assert s.returns() == (0.0,) * n
        if s.phase in ("play", "combo"):
            assert s.current_player == s.turn_player
        if s.phase == "defend":
            assert s.current_player == s.game.goaltender[s.queue[0]]
        assert s.phase == "setup" or not s.aside
    return moves


def check_json(s: CurrentsState, d: dict[str, Any]) -> None:
    """to_json -> JSON text -> state_from_json gives an equal state."""
    text = json.dumps(d, allow_nan=False)
    back = s.game.state_from_json(json.loads(text))
    assert back == s, "JSON round trip changed the state"


def check_observations(s: CurrentsState, d: dict[str, Any], players: range) -> None:
    """observation(p) is to_json with exactly the hidden things masked."""
    for p in players:
        expected = dict(d)
        expected["viewer"] = p
        expected["hands"] = [h if q == p else [None] * len(h) for q, h in enumerate(d["hands"])]
        expected["draw_pile"] = [None] * len(d["draw_pile"])
        expected["seed"] = None
        expected["events"] = [
            {**e, "cards": [None] * len(e["cards"])}
            if e["kind"] == "draw" and e.get("player") != p
            else e
            for e in d["events"]
        ]
        assert s.observation(p) == expected, f"observation({p}) hides the wrong things"


def check_all_moves(s: CurrentsState, moves: list[CurrentsMove]) -> None:
    """Every legal move applies, and its notation reads back as the same move."""
    assert len(set(moves)) == len(moves), "a legal move is listed twice"
    for m in moves:
        assert s.parse_move(str(m)) == m, str(m)
        after = s.apply(m)
        assert isinstance(after, CurrentsState)
        assert after.last_move == m


# ---- checks on one step ----------------------------------------------------------------


def _place(s: CurrentsState, where: str) -> str | None:
    if where in POINTS:
        return s.compass[POINTS.index(where)]
    return s.currents[SLOTS.index(where)]


def check_step(prev: CurrentsState, move: CurrentsMove, s: CurrentsState) -> None:
    """The events of ``s`` account exactly for the change from ``prev``."""
    ev = s.events
    kinds = [e.kind for e in ev]
    assert s.last_move == move
    assert ev, "every apply records what happened"
    if move.kind != "stop":
        assert ev[0].player == prev.current_player, "the decision is the first event"

    # the end of the game
    assert ("win" in kinds) == bool(s.winners)
    if s.winners:
        assert kinds.count("win") == 1 and kinds[-1] == "win"
        assert ev[-1].player in s.winners
        assert s.game.owner[ev[-1].where] == ev[-1].player
    assert ("max_turns" in kinds) == (s.is_terminal and not s.winners)
    if "max_turns" in kinds:
        assert kinds[-1] == "max_turns" and s.turn == s.game.max_turns

    # goaltending: an 'ask' is the last event and names the defender and overshoot
    assert ("ask" in kinds) == (s.phase == "defend")
    if s.phase == "defend":
        assert s.target is not None
        ask = ev[-1]
        assert ask.kind == "ask" and ask.player == s.current_player
        assert ask.where == s.queue[0] and ask.value == (crossings(*s.target)[s.queue[0]],)
    for e in ev:
        if e.kind == "cross":
            assert e.player == s.game.owner[e.where]

    # the pawn: a chain of 'move' events from the old position to the new one
    steps = [e for e in ev if e.kind == "move"]
    pos = prev.pawn
    for e in steps:
        assert e.value[:2] == pos, (e, pos)
        pos = e.value[2:]
        assert pos == e.value[:2] or pos not in s.game.obstacle_set, "moved onto an obstacle"
        riptides = s.game.riptides
        if pos != e.value[:2] and pos in riptides:
            assert not stopped_by(frozenset(), riptides, e.value[:2], pos), "against a riptide"
    assert pos == s.pawn
    for e in ev:
        if e.kind == "blocked":
            assert e.value in s.game.obstacle_set or (
                e.text == f"riptide {s.game.riptides[e.value]}"
                and stopped_by(frozenset(), s.game.riptides, prev.pawn, e.value)
            )
    assert s.turn == prev.turn + len(steps) - (1 if s.winners else 0)
    turns = [e for e in ev if e.kind == "turn"]
    if turns:
        assert (turns[-1].player, turns[-1].value) == (s.turn_player, (s.turn,))

    # piles and hands, replayed from the events
    draw: list[str] | None = list(prev.draw_pile)
    pool: list[str] = []  # the reshuffled draw pile, order unknown
    discard = list(prev.discard_pile)
    hands = [list(h) for h in prev.hands]
    aside = list(prev.aside)
    for e in ev:
        kind = e.kind
        if kind == "discard":
            discard.extend(e.cards)  # type: ignore[arg-type]
            if e.where == "hand":
                for card in e.cards:
                    take(hands[e.player], card, f"hand {e.player}")  # type: ignore[arg-type]
            else:  # a card replaced on the board (or discarded by a jack)
                assert _place(prev, e.where) == e.cards[0], e
        elif kind in PLACE_KINDS:
            (card,) = e.cards
            if prev.phase == "setup":
                take(aside, card, "aside")  # type: ignore[arg-type]
            else:
                take(hands[e.player], card, f"hand {e.player}")  # type: ignore[arg-type]
            assert _place(s, e.where) == card, e
        elif kind == "reshuffle":
            assert draw == [] or (draw is None and not pool), "reshuffle of a non-empty pile"
            assert e.value == (len(discard),)
            draw, pool, discard = None, discard, []
        elif kind == "draw":
            got = list(e.cards)
            if draw is not None:
                assert draw[: len(got)] == got, "cards drawn from the top of the pile"
                draw = draw[len(got) :]
            else:
                for card in got:
                    take(pool, card, "the reshuffled pile")  # type: ignore[arg-type]
            hands[e.player].extend(got)  # type: ignore[arg-type]
            assert set(got) <= set(s.hands[e.player])
    assert tuple(discard) == s.discard_pile, "discard pile does not follow the events"
    if draw is not None:
        assert tuple(draw) == s.draw_pile, "draw pile does not follow the events"
    else:
        assert sorted(pool) == sorted(s.draw_pile), "reshuffled pile does not follow the events"
    for p, h in enumerate(hands):
        assert sorted(h) == sorted(s.hands[p]), f"hand {p} does not follow the events"
    assert tuple(aside) == s.aside


def take(cards: list[str], card: str, where: str) -> None:
    """Remove ``card`` from ``cards``, failing the check if it is not there."""
    if card not in cards:
        raise AssertionError(f"{card} left {where}, which did not hold it")
    cards.remove(card)


# ---- one game ----------------------------------------------------------------------------


def play(options: dict[str, Any], seed: int) -> tuple[list[CurrentsState], tg.Record]:
    """Play one seeded game with every check; return its states and record."""
    game = tg.make("currents", max_turns=MAX_TURNS, **options)
    n = game.num_players
    chooser = random.Random(seed)
    state = game.initial_state(seed)
    assert isinstance(state, CurrentsState)
    states = [state]
    moves: list[str] = []
    bound = 4 * MAX_TURNS + 4  # set-up, and per turn a play, a follow-up and two defences
    for i in range(bound + 1):
        legal = check_state(state, n)
        d = state.to_json()
        check_json(state, d)
        # each player's view in turn (all of them at the start and at the end)
        ends = i == 0 or state.is_terminal
        check_observations(state, d, range(n) if ends else range(i % n, i % n + 1))
        if len(legal) <= SMALL_MOVE_LIST or (seed + i) % FULL_CHECK_EVERY == 0:
            check_all_moves(state, legal)
        if state.is_terminal:
            break
        state = advance(states, moves, legal[chooser.randrange(len(legal))], check_step)
    assert state.is_terminal, f"game not over after {bound} decisions"
    record = tg.Record("currents", game.options_json(), seed, tuple(moves))
    return states, record


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_games(name: str) -> None:
    finals = replayed_games(
        functools.partial(play, CONFIGS[name]), per_config(GAMES_PER_GAME, len(CONFIGS)), 2**32
    )
    assert any(final.winners for final in finals), "no game was won"


def test_capped_games_end_without_winner() -> None:
    """max_turns ends a game with no winner; every property still holds on the way."""
    ends: Counter[bool] = Counter()
    for seed in range(200):
        game = tg.make("currents", players=4, max_turns=3)
        chooser = random.Random(seed)
        state = game.initial_state(seed)
        while not state.is_terminal:
            legal = check_state(state, 4)
            move = legal[chooser.randrange(len(legal))]
            after = state.apply(move)
            check_step(state, move, after)
            state = after
        check_state(state, 4)
        ends[bool(state.winners)] += 1
        if not state.winners:
            assert state.turn == 3 and state.returns() == (0.0,) * 4
    assert ends[False] > 150  # random play rarely wins within three turns


def test_checks_can_fail() -> None:
    """The invariant checks above do catch a broken state."""
    state = tg.make("currents", players=2).initial_state(1)
    assert isinstance(state, CurrentsState)
    import dataclasses

    lost = dataclasses.replace(state, draw_pile=state.draw_pile[1:])
    with pytest.raises(AssertionError, match="cards lost"):
        check_cards(lost)
    twice = dataclasses.replace(state, draw_pile=(*state.draw_pile, state.draw_pile[0]))
    with pytest.raises(AssertionError, match="duplicated"):
        check_cards(twice)
    move = state.legal_moves()[0]
    after = state.apply(move)
    wrong = dataclasses.replace(after, discard_pile=("2C",))
    with pytest.raises(AssertionError):
        check_step(state, move, wrong)
    d = state.to_json()
    leaky = dataclasses.replace(state, seed=state.seed + 1)
    with pytest.raises(AssertionError):
        check_json(leaky, d)
