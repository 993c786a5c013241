"""The guided search's decisions, pinned per game (issue 30).

Each game declares its own hints for :class:`~tablegames.bots.GuidedMCTSBot` (playout
depth and epsilon, evaluation, widening); the bot fills in the defaults. These
decisions were recorded before the hints moved out of the bot into the games, so a
hint lost or misread on the way shows up as a changed move. Positions are a few
seeded random moves into seeded games; the bot searches ``guided:30`` from each.

After an INTENDED change to the guided search or a game's hints, regenerate and review:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/bots/test_guided_decisions.py
    git diff tests/bots/guided_decisions.json
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import tablegames as tg
from tablegames.bots import GuidedMCTSBot

PINNED = Path(__file__).with_name("guided_decisions.json")
UPDATE = os.environ.get("UPDATE_GOLDEN", "") not in ("", "0")
#: Positions per game (seeds 0 to POSITIONS - 1).
POSITIONS = 4


def decisions(name: str) -> list[str | None]:
    """``guided:30``'s move from each position of ``name`` (None: the walk ended the game)."""
    game = tg.make(name)
    out: list[str | None] = []
    for seed in range(POSITIONS):
        rng = random.Random(seed)
        state = game.initial_state(seed=seed)
        for _ in range(rng.randrange(0, 12)):
            if state.is_terminal:
                break
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])
        out.append(None if state.is_terminal else str(GuidedMCTSBot(30, seed=seed).choose(state)))
    return out


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_guided_search_decides_as_pinned_on_each_game(name: str) -> None:
    pinned = json.loads(PINNED.read_text(encoding="utf-8")) if PINNED.exists() else {}
    got = decisions(name)
    if UPDATE:
        pinned[name] = got
        PINNED.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return
    assert got == pinned[name]
