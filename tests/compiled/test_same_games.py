"""The compiled engine plays the same games as pure Python (issue 31): for every game and
option set of :mod:`support.variants`, ``TABLEGAMES_SAME_GAMES`` (default 500) seeded
random games on each engine, in two processes running side by side, compared game by
game through a digest of every move, every state's JSON and every event
(``same_games.py``, encoded with orjson: a quarter of the pure side's time went to
``json.dumps``); and the bots' seeded searches from a few positions per game. 500
keeps ``make test`` near its time budget (about 5.8 ms a game pure, 3.4 compiled, quiet
machine: 7,500 games a side); ``TABLEGAMES_SAME_GAMES=5000`` checks more."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tablegames

SCRIPT = Path(__file__).with_name("same_games.py")
GAMES = int(os.environ.get("TABLEGAMES_SAME_GAMES", "500"))
#: Positions per game from which the bots' seeded searches are compared (the bots are
#: compiled too: the same tree, visits and values on both engines).
SEARCHED = 3


def start(games: int, pure: bool, first: int = 0) -> subprocess.Popen[str]:
    env = {**os.environ, "TABLEGAMES_PURE": "1" if pure else ""}
    command = [sys.executable, str(SCRIPT), "--games", str(games), "--first", str(first),
               "--searches", str(SEARCHED)]  # fmt: skip
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)


def result(process: subprocess.Popen[str]) -> dict[str, Any]:
    out, _ = process.communicate(timeout=1800)
    assert process.returncode == 0
    got: dict[str, Any] = json.loads(out)
    return got


def differences(a: dict[str, list[str]], b: dict[str, list[str]]) -> list[str]:
    """Per option set whose games differ: its id and the first game (seed) that differs."""
    out = []
    for variant in sorted(a.keys() | b.keys()):
        x, y = a.get(variant, []), b.get(variant, [])
        seeds = [k for k, (p, q) in enumerate(zip(x, y)) if p != q]
        if seeds or len(x) != len(y):
            out.append(f"{variant}: {len(seeds)} games differ, first seed {seeds[:1]}")
    return out


def test_differences_names_the_option_set_and_seed() -> None:
    a = {"currents-players=2": ["0a", "1b", "2c"], "fellowship": ["3d"]}
    b = {"currents-players=2": ["0a", "xx", "2c"], "fellowship": ["3d"]}
    assert differences(a, b) == ["currents-players=2: 1 games differ, first seed [1]"]
    assert differences(a, a) == []


@pytest.mark.slow
def test_both_engines_play_the_same_games() -> None:
    if not tablegames.COMPILED:
        pytest.skip("the compiled engine is not built here (make compiled)")
    pure, compiled = start(GAMES, pure=True), start(GAMES, pure=False)
    p, c = result(pure), result(compiled)
    assert (p["compiled"], c["compiled"]) == (False, True)
    assert len(p["digests"]) >= 15 and all(len(d) == GAMES for d in p["digests"].values())
    assert differences(p["digests"], c["digests"]) == []
    assert len(p["searches"]) == 5 and all(len(s) >= 4 for s in p["searches"].values())
    assert differences(p["searches"], c["searches"]) == [], "the bots searched differently"
