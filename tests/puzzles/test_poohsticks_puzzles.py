"""The Poohsticks puzzle set asks more than a short search finds (issue 28): a position
is posed only where a 300-iteration MCTS, seeded from the position, does not start its
one exit line (``poohsticks_worth``), and the shipped set follows from that."""

from __future__ import annotations

import dataclasses

import tablegames as tg
from tablegames.poohsticks.puzzle import poohsticks_worth
from tablegames.puzzles import GREEDY_SHARE, examine, load_set, puzzle_state
from tablegames.puzzles.games import GAMES

RIVER = [
    ["5C", "9D", "4S"],
    ["7C", "2D", "6S"],
    ["KC", "QD", "8S"],
    ["3C", "4D", "2S"],
    ["8C", "6D", "7S"],
    ["JC", "TD", "3S"],
]


def test_a_line_the_short_search_finds_is_not_posed() -> None:
    """8 + 3 pays for the jack on A6 and the king exits: a puzzle by its line alone, but
    the probe finds it, so the position is not worth posing."""
    game = tg.make("poohsticks", **GAMES["poohsticks"].options)
    state = game.state_from_json(
        {"river": RIVER, "hands": [["8H", "3H", "KD"], ["2C", "9S", "QS"]], "boats": ["A5", None]}
    )
    spec = GAMES["poohsticks"]
    plain = examine(state, dataclasses.replace(spec, worth=lambda s, p: True))
    assert plain is not None and plain["solution"] == ["S>A6 3H 8H", "exit KD"]
    assert not poohsticks_worth(state, 0)
    assert examine(state, spec) is None


def test_every_shipped_poohsticks_puzzle_defeats_the_probe() -> None:
    for puzzle in load_set("poohsticks")["puzzles"]:
        assert poohsticks_worth(puzzle_state(puzzle), puzzle["player"]), puzzle["id"]


def test_shipped_poohsticks_set_is_mostly_beyond_greedy() -> None:
    data = load_set("poohsticks")
    stats = data["stats"]
    assert stats["greedy"] <= stats["count"] * GREEDY_SHARE
    assert stats["mcts300"] < stats["count"]


def test_an_option_added_later_reseeds_the_probe_only_when_used() -> None:
    """A new option at its default leaves the probe's seed (and so the shipped set) as
    it was before the option existed; set otherwise, it is part of the seed."""
    from tablegames.poohsticks.puzzle import _probe_seed

    before = {"options": {"players": 2, "width": 3}, "turn": 7}
    default = {"options": {"players": 2, "width": 3, "discard_when_stuck": "no move"}, "turn": 7}
    used = {"options": {"players": 2, "width": 3, "discard_when_stuck": "any turn"}, "turn": 7}
    assert _probe_seed(default) == _probe_seed(before)
    assert _probe_seed(used) != _probe_seed(before)
