"""Refusals of a bad JSON state count in words: "1 piece", "2 cards appear", never "(s)"."""

from __future__ import annotations

from typing import Any

import pytest
from support.resistor import data, game_for

import tablegames as tg


def refusal(game: tg.Game, d: Any) -> str:
    with pytest.raises(tg.InvalidState) as err:
        game.state_from_json(d)
    assert "(s)" not in str(err.value)
    return str(err.value)


def test_resistor_refusals_say_one_piece_and_one_space_in_the_singular():
    d = data({"e5": "A", "j12": "R"}, phase="play")
    game = game_for(d)
    assert "has 2 pieces on the board" in refusal(game, {**d, "amperes": ["e5", "e6"]})
    assert "dead lists 1 space but" in refusal(game, {**d, "dead": ["f12"]})
    assert "has 0 resistors but" in refusal(game, {**d, "resistors": []})


def test_shared_refusals_say_key_and_card_in_the_singular_or_plural():
    game = tg.make("currents", players=2)
    d = game.initial_state(1).to_json()
    assert {"4C", "4D"} <= set(d["draw_pile"])
    assert "unknown keys 'a', 'b';" in refusal(game, {**d, "a": 1, "b": 2})
    assert "unknown key 'a';" in refusal(game, {**d, "a": 1})
    pile = d["draw_pile"]
    twice = refusal(game, {**d, "draw_pile": [*pile, pile[0], pile[1]]})
    assert "cards 4C, 4D appear more than once" in twice  # duplicates listed in card order
    assert "card 4C appears more than once" in refusal(game, {**d, "draw_pile": [*pile, "4C"]})
