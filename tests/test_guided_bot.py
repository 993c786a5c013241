"""The guided search's Poohsticks evaluation (tablegames.poohsticks.heuristic, issues 29 and 30)."""

from __future__ import annotations

import tablegames as tg
from tablegames.poohsticks.heuristic import guided_value


def last_row(hands: list[list[str]]) -> tg.State:
    game = tg.make("poohsticks", players=2)
    d = game.initial_state(seed=4).to_json()
    d["boats"], d["hands"] = ["A6", "B6"], hands
    return game.state_from_json(d)


def test_poohsticks_heuristic_values_an_exit_card_on_the_last_row() -> None:
    holds_ace = last_row([["QC", "9H", "JH"], ["4C", "AC", "6H"]])
    no_exit = last_row([["QC", "AC", "JH"], ["4C", "9H", "6H"]])
    game = holds_ace.game
    assert game.evaluate(holds_ace) == game.evaluate(no_exit)  # progress alone ties them
    assert guided_value(holds_ace)[1] > guided_value(no_exit)[1]


def test_poohsticks_heuristic_values_cards_kept_in_the_turn() -> None:
    full = last_row([["QC", "9H", "JH"], ["4C", "AC", "6H"]])
    d = full.to_json()
    d["hands"][0], d["discard_pile"] = ["QC", "JH"], [*d["discard_pile"], "9H"]
    spent = full.game.state_from_json(d)
    assert guided_value(full)[0] > guided_value(spent)[0]
