"""Currents' fast move generation (issue 18) lists exactly the moves the rule tables allow.

The generation reads the position through its *accept board* (one integer, see
``tablegames.currents.accept.PLACE_BITS``), which ``apply`` keeps up to date from one
state to the next; these tests compare both with the plain rules, move by move.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

import tablegames as tg
from tablegames.cards import JOKERS
from tablegames.currents import CurrentsState
from tablegames.currents import moves as mv
from tablegames.currents.accept import GROUP, accept_board
from tablegames.currents.rules import COMPASS_ACCEPTS, CURRENT_ACCEPTS, PLACEABLE
from tablegames.currents.state import _CARD_SHIFTS
from tablegames.errors import IllegalMove

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 4},
    {"easier_usurping": True},
    {"players": 4, "jokers": 2, "wild_jokers": "both", "combination_attacks": True},
    {"jokers": 2, "wild_jokers": "split", "easier_usurping": True, "combination_attacks": True},
]


def plain_play_moves(s: CurrentsState) -> list[mv.CurrentsMove]:
    """The play phase's moves straight from the rules: per card in hand, its placements
    (compass points, then slots) allowed by the accept tables, then its action; the
    discards when the compass is full or nothing else can be done."""
    easier = s.game.easier_usurping
    out: list[mv.CurrentsMove] = []
    hand = s.hands[s.player]
    for card in hand:
        if card in JOKERS:
            out.append(mv.JOKER[card])
            continue
        for t, place in enumerate((*s.compass, *s.currents)):
            table = COMPASS_ACCEPTS if t < 4 else CURRENT_ACCEPTS
            if card in table[easier][place]:
                out.append(mv.PLACE[card][t])
        if card[0] == "J":
            out += [mv.JACK[card][i] for i, c in enumerate(s.compass) if c is not None]
        elif card[0] == "Q":
            out += [
                m
                for m, (i, j) in zip(mv.QUEEN[card], mv.SLOT_PAIRS)
                if s.currents[i] is not None or s.currents[j] is not None
            ]
        elif card[0] == "K" and any(c is not None for c in s.compass):
            out += mv.KING[card]
    if None not in s.compass or not out:
        out += [mv.DISCARD[c] for c in hand]
    return out


def random_states(options: dict[str, Any], games: int) -> list[CurrentsState]:
    game = tg.make("currents", max_turns=60, **options)
    chooser = random.Random(7)
    states = []
    for seed in range(games):
        state = game.initial_state(seed)
        while not state.is_terminal:
            states.append(state)
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_play_moves_are_those_of_the_rule_tables_in_the_same_order(
    options: dict[str, Any],
) -> None:
    states = [s for s in random_states(options, 25) if s.phase == "play"]
    assert len(states) > 200
    for s in states:
        fresh = CurrentsState(**{f.name: getattr(s, f.name) for f in fields(s) if f.init})
        for state in (s, fresh):  # the board carried by apply, and one computed afresh
            moves = state.legal_moves()
            expected = plain_play_moves(state)
            assert moves == expected, state
            assert all(a is b for a, b in zip(moves, expected))  # the table's own moves


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_the_board_apply_carries_is_the_board_of_the_new_position(
    options: dict[str, Any],
) -> None:
    carried = 0
    for s in random_states(options, 25):
        if s._board is not None:
            carried += 1
            assert s._board == accept_board(s.compass, s.currents, s.game.easier_usurping)
    assert carried > 200


@pytest.mark.parametrize("easier", [False, True])
def test_the_accept_board_lets_each_card_go_where_the_tables_say(easier: bool) -> None:
    """Every card against every occupant (and an empty place) on every place."""
    for t in range(GROUP):
        for old in (None, *PLACEABLE):
            compass: list[str | None] = [None] * 4
            currents: list[str | None] = [None] * 16
            (compass if t < 4 else currents)[t % 4 if t < 4 else t - 4] = old
            board = accept_board(tuple(compass), tuple(currents), easier)
            table = (COMPASS_ACCEPTS if t < 4 else CURRENT_ACCEPTS)[easier][old]
            for card in PLACEABLE - {old}:
                rank_word, by_rank, suit_word, by_suit, _ = _CARD_SHIFTS[card]
                allowed = (board[rank_word] >> by_rank | board[suit_word] >> by_suit) >> t & 1
                assert allowed == (card in table), (t, old, card)


def test_apply_refuses_an_illegal_placement_the_quick_way_does_not_make() -> None:
    s = next(s for s in random_states({}, 1) if s.phase == "play" and s._board is not None)
    hand = s.hands[s.player]
    other = next(c for c in mv.PLACE if c not in hand)
    with pytest.raises(IllegalMove, match="not in player"):
        s.apply(mv.PLACE[other][0])


@pytest.mark.parametrize("options", CONFIGS[:3], ids=str)
def test_apply_accepts_exactly_the_listed_placements_swaps_and_discards(
    options: dict[str, Any],
) -> None:
    """The quick legality check (off the accept board) agrees with legal_moves() on every
    placement, queen swap and discard of the cards in hand."""
    checked = 0
    for s in random_states(options, 8)[::4]:
        if s.phase != "play" or s._board is None:
            continue
        legal = set(s.legal_moves())
        for card in s.hands[s.player]:
            candidates = [*mv.PLACE.get(card, ()), *mv.QUEEN.get(card, ()), mv.DISCARD[card]]
            for m in candidates:
                checked += 1
                if m in legal:
                    s._check(m)
                else:
                    with pytest.raises(IllegalMove):
                        s._check(m)
    assert checked > 1000


def test_set_up_moves_are_each_ace_aside_on_each_empty_point_in_order() -> None:
    seen = 0
    for seed in range(30):
        s = tg.make("currents", players=4 if seed % 2 else 2).initial_state(seed)
        while s.phase == "setup":
            expected = [
                mv.PLACE[ace][i] for ace in s.aside for i in range(4) if s.compass[i] is None
            ]
            assert s.legal_moves() == expected
            seen += 1
            s = s.apply(expected[seed % len(expected)])
    assert seen >= 60
