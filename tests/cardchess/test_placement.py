"""The set-up term of Card Chess's evaluation (tablegames/cardchess/placement.py): while
units are placed nothing is covered, so this term is what makes greedy place with a
purpose; the fixed set-up never meets it."""

from __future__ import annotations

import hashlib

import pytest

import tablegames as tg
from tablegames.bots import GreedyBot
from tablegames.cardchess.placement import reach
from tablegames.cardchess.state import BLACK, RED


def _after(state: tg.State, *moves: str) -> tg.State:
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


def test_placement_scores_a_king_in_an_open_lane_below_a_sheltered_one() -> None:
    # Seed 0's terrain leaves file e open to black: a queen on e6 reaches e2 and e1.
    game = tg.make("cardchess", setup="progressive", first="black")
    s = _after(game.initial_state(seed=0), "QS e6")
    assert {28, 34} <= set(reach(s, BLACK))  # e2, e1
    exposed = game.evaluate(_after(s, "KH e2"))[RED]
    sheltered = game.evaluate(_after(s, "KH a1"))[RED]
    assert exposed < sheltered
    assert sum(game.evaluate(_after(s, "KH e2"))) == pytest.approx(0.0)  # zero-sum


def test_placement_term_makes_greedy_placements_differ_in_value() -> None:
    # Without it every placement scored alike (nothing is covered during the set-up).
    s = tg.make("cardchess", setup="progressive").initial_state(seed=3)
    s = _after(s, "QD c2", "QC c5")
    values = {v for _, v in GreedyBot(seed=1).scores(s)}
    assert len(values) > 1


@pytest.mark.parametrize(
    ("terrain", "seed", "digest"),
    [
        (True, 0, "0f6374ee62bb"),
        (True, 1, "16818680ab2e"),
        (False, 0, "643bb3246238"),
        (False, 1, "13b7a956a33e"),
    ],
)
def test_fixed_setup_greedy_plays_as_before_the_placement_term(
    terrain: bool, seed: int, digest: str
) -> None:
    # Digests of whole greedy games recorded before the set-up term existed.
    game = tg.make("cardchess", terrain=terrain, max_turns=200)
    bots = [GreedyBot(f"{seed}:0"), GreedyBot(f"{seed}:1")]
    s = game.initial_state(seed)
    moves = []
    while not s.is_terminal:
        m = bots[s.current_player].choose(s)
        moves.append(str(m))
        s = s.apply(m)
    assert hashlib.sha1(" ".join(moves).encode()).hexdigest()[:12] == digest
