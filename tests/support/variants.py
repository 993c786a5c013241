"""The option sets that matter for each game, shared by the action-space and adapter tests.

A registered game without an entry here is tested with its default options, so a new
game is covered at once.
"""

from __future__ import annotations

from typing import Any

import tablegames as tg

#: Per game, the variants worth testing: both player counts, every rule variant on.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "currents": [
        {"players": 4},
        {"players": 2},
        {
            "players": 4,
            "jokers": 2,
            "wild_jokers": "split",
            "easier_usurping": True,
            "combination_attacks": True,
        },
        {"players": 2, "jokers": 1, "wild_jokers": "both", "p0_edges": "EW", "obstacles": [[2, 6]]},
    ],
    "fellowship": [{"players": 2}, {"players": 3}, {"players": 4}],
    "poohsticks": [
        {"players": 2},
        {"players": 3, "bridge": True, "rocks": 2},
        {"players": 4, "boat_powers": True, "length": 5},
    ],
    "cardchess": [{}, {"setup": "progressive", "first": "black"}, {"terrain": False}],
    "resistor": [
        {"max_turns": 160},
        {"first_amperes": 0, "max_turns": 60, "dead_spaces": 0},
    ],
}


def variants() -> list[tuple[str, dict[str, Any]]]:
    """(game name, options) for every registered game and its variants."""
    return [(name, opts) for name in sorted(tg.GAMES) for opts in VARIANTS.get(name, [{}])]


def variant_id(name: str, options: dict[str, Any]) -> str:
    """A short test id such as ``currents-players=2``."""
    return "-".join([name, *(f"{k}={v}" for k, v in options.items())]).replace(" ", "")
