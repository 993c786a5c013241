"""The batched top-rung runs of cardchess-setups and resistor-balance: each batch plays
the games after its predecessors', so the batches together are one table with no game
played twice and none skipped."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

import pytest
from support.scripts import load_script

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "explore" / "data"
load_script(DATA / "run.py", "explore_data_run").load_runs()


def test_cardchess_top3000_batches_continue_each_set_ups_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = sys.modules["cardchess_runs"]
    played: dict[str, list[tuple[int, int]]] = {}

    class Recorder:
        def __init__(self, label: str, *args: Any, **kwargs: Any) -> None:
            self.label = label

        def play(self, ctx: object, start: int, stop: int) -> list[dict[str, object]]:
            played.setdefault(self.label.split()[0], []).append((start, stop))
            return []

    monkeypatch.setattr(runs, "Table", Recorder)
    for k in range(len(runs.TOP3000_BATCHES)):
        runs._top3000_batch(None, k)
    fixed, progressive = played["fixed"], played["progressive"]
    assert fixed[:4] == progressive[:4] == [(0, 40), (40, 80), (80, 120), (120, 160)]
    for games in (fixed, progressive):  # each set-up's batches continue its own games
        assert all(a[1] == b[0] for a, b in itertools.pairwise(games))
    sizes = {s: sum(n for setups, n in runs.TOP3000_BATCHES if s in setups) for s in played}
    assert progressive[-1][1] == sizes["progressive"] == 160 + 80 * 12
    assert fixed[-1][1] == sizes["fixed"] == 460


def test_resistor_top_dead_batches_pair_the_rules_with_no_dead_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = sys.modules["resistor_runs"]
    played: dict[str, list[tuple[int, int]]] = {}

    def windows(
        ctx: object, label: str, options: object, seats: object, n: int, first: int = 0
    ) -> list[dict[str, object]]:
        played.setdefault(label, []).append((first, first + n))
        return []

    monkeypatch.setattr(runs.q, "windows", windows)
    for k in range(len(runs.TOP_DEAD_BATCHES)):
        runs._top_dead(None, k)
    none = played["no dead spaces"]
    assert none[0] == (0, 10) and all(a[1] == b[0] for a, b in itertools.pairwise(none))
    # the rules' seeds 0-19 are other tables' (resistor-top-check, -recharge, -more)
    assert played["rules (duty 3, 4 dead spaces)"] == none[2:] and none[2][0] == 20
    # eight dead spaces continue resistor-top-dead-eight's seeds 0-19, on the rules' seeds
    eight = played["8 dead spaces"]
    assert eight[0][0] == 20 and all(a[1] == b[0] for a, b in itertools.pairwise(eight))
    assert eight[-1][1] <= none[-1][1]


def test_resistor_light_batches_continue_their_tables_seeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The light rung's eight dead spaces (``resistor-light-dead8-1`` to ``-3``) play
    seeds 0-29 once each, on the seeds of its rules windows (``-rules-3`` after
    resistor-top-light and -more's 0-19); always recharging plays seeds 0-19, and the
    round-limited matches 0-19."""
    runs = sys.modules["resistor_runs"]
    from tablegames.analysis.runs import RUNS as registry

    played: dict[str, list[tuple[int, int]]] = {}

    def windows(
        ctx: object, label: str, options: object, seats: object, n: int, **kw: Any
    ) -> list[dict[str, object]]:
        first = kw.get("first", 0)
        played.setdefault(label, []).append((first, first + n))
        return []

    def matches(ctx: object, pair: object, n: int, **kw: Any) -> list[dict[str, object]]:
        played.setdefault("matches", []).append((kw["first"], kw["first"] + n))
        return []

    monkeypatch.setattr(runs.q, "windows", windows)
    monkeypatch.setattr(runs.q, "matches", matches)
    names = [f"resistor-light-dead8-{k}" for k in range(1, 4)]
    names += [f"resistor-light-rules-{k}" for k in range(3, 5)]
    names += ["resistor-light-detour-1", "resistor-light-detour-2"]
    names += [f"resistor-light-round-limit-{k}" for k in range(1, 3)]
    for name in names:
        registry[name].fn(None)  # type: ignore[arg-type]
    eight = sorted(played["light: 8 dead spaces"])
    assert eight[0] == (0, 10) and eight[-1][1] == 30
    assert all(a[1] == b[0] for a, b in itertools.pairwise(eight))
    assert eight[2] in played["three amperes or fewer"]
    assert sorted(played["light: always recharge"]) == [(0, 10), (10, 20)]
    assert sorted(played["matches"]) == [(0, 10), (10, 20)]


def test_currents_fresh_2p_batches_are_new_deals_played_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fresh two-player guided:100 table's stored batches continue each other's deals
    (of twelve planned, 2,400 in all), and none of its game seeds is among the 1,200
    stored games' seeds."""
    from tablegames.analysis.rows import game_seeds
    from tablegames.analysis.runs import RUNS as registry

    runs = sys.modules["currents_guided_runs"]
    played: list[tuple[int, int, int]] = []

    def games(
        ctx: object, label: str, kind: str, options: object, specs: object, n: int, **kw: Any
    ) -> list[dict[str, object]]:
        played.append((kw["seed"], kw["start"], kw["start"] + n))
        return []

    # the registered functions' own module (the runs module may be imported twice, under
    # two names, depending on which tests ran first in this process)
    monkeypatch.setitem(registry["currents-guided-2p-fresh"].fn.__globals__, "games", games)
    stored = runs.FRESH_2P_STORED  # the batches registered so far, of the twelve planned
    names = ["currents-guided-2p-fresh"] + [
        f"currents-guided-2p-fresh-more-{k}" for k in range(1, stored)
    ]
    for name in names:
        registry[name].fn(None)  # type: ignore[arg-type]
    assert {seed for seed, _, _ in played} == {runs.FRESH_2P_SEED}
    spans = [(a, b) for _, a, b in played]
    assert spans[0][0] == 0 and spans[-1][1] == sum(runs.FRESH_2P[:stored])
    assert sum(runs.FRESH_2P) == 2400
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
    fresh = set(game_seeds(runs.FRESH_2P_SEED, 2400))
    assert len(fresh) == 2400 and not fresh & set(game_seeds(runs.SEED, 1200))


def test_fellowship_commit15_batches_continue_the_stored_k15_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The K = 15 batches at mcts:300 (``fellowship-commit15-mcts300-more-*``) play the
    stored table's K = 15 sequence from game 300 on, once each, with its label (so its
    seeds and seats, which are the K = 30 games' too, deal by deal)."""
    from tablegames.analysis.runs import RUNS as registry

    runs = registry["fellowship-commit15-mcts300-more-1"].fn.__globals__
    played: list[tuple[int, int]] = []

    class Recorder:
        def play(self, ctx: object, start: int, stop: int) -> list[dict[str, object]]:
            played.append((start, stop))
            return []

    assert runs["COMMIT15"].label == "searchcommit300:15 v mcts:300"
    assert runs["COMMIT15"].specs == ["searchcommit300:15", "mcts:300"]
    monkeypatch.setitem(runs, "COMMIT15", Recorder())
    names = [n for n in registry if n.startswith("fellowship-commit15-mcts300-more-")]
    for name in sorted(names, key=lambda n: int(n.rsplit("-", 1)[1])):
        registry[name].fn(None)  # type: ignore[arg-type]
    assert played[0][0] == 300 and played[-1][1] <= 1600  # K = 30 was played to 1600
    assert all(a[1] == b[0] for a, b in itertools.pairwise(played))


def test_fellowship_commit_pair_batches_play_both_k_on_new_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The session-51 batches (``fellowship-commit-pair-mcts300-*``) play K = 15 and
    K = 30 on the same games of the stored sequence, from game 1600 on (where both K
    stopped), once each: every stored batch is whole deal-by-deal pairs."""
    from tablegames.analysis.runs import RUNS as registry

    runs = registry["fellowship-commit-pair-mcts300-1"].fn.__globals__
    played: dict[str, list[tuple[int, int]]] = {"15": [], "30": []}

    class Recorder:
        def __init__(self, k: str) -> None:
            self.k = k

        def play(self, ctx: object, start: int, stop: int) -> list[dict[str, object]]:
            played[self.k].append((start, stop))
            return []

    assert runs["COMMIT15"].seed == runs["COMMIT30"].seed and runs["COMMIT30"].rotate
    monkeypatch.setitem(runs, "COMMIT15", Recorder("15"))
    monkeypatch.setitem(runs, "COMMIT30", Recorder("30"))
    names = [n for n in registry if n.startswith("fellowship-commit-pair-mcts300-")]
    for name in sorted(names, key=lambda n: int(n.rsplit("-", 1)[1])):
        registry[name].fn(None)  # type: ignore[arg-type]
    assert played["15"] == played["30"] and played["15"][0][0] == 1600
    assert all(a[1] == b[0] for a, b in itertools.pairwise(played["15"]))
