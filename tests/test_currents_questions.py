"""The Currents explore rows count what the optional rules are for (issue 29)."""

from __future__ import annotations

import tablegames as tg
from tablegames.analysis.questions.currents import story


def test_equal_rank_usurps_are_counted_only_under_easier_usurping() -> None:
    easier = story(tg.make("currents", players=4, easier_usurping=True), ["greedy"] * 4, 2)
    base = story(tg.make("currents", players=4), ["greedy"] * 4, 2)
    assert easier["equal_usurps"] == 3 and easier["usurps"] == 19
    assert base["equal_usurps"] == 0 and base["usurps"] > 0
