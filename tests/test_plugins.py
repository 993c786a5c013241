"""Games from other packages: found through the entry-point group ``tablegames.games``.

Each test installs docs/example_game.py (the README's "Writing a game") as a plugin
without editing this repository: a temporary directory on ``sys.path`` (PYTHONPATH) holds
the module and an ``example_game-0.1.dist-info/`` whose ``entry_points.txt`` names it, as
``pip install`` of a package declaring the entry point would. Everything runs in
subprocesses, so this process's registry stays as it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.plugins import EXAMPLE, POKER, install, install_naive, install_poker, install_race


def run(site: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    argv = [sys.executable, *(["-c", code] if code is not None else args)]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    return install_race(tmp_path)


def test_a_plugin_game_is_registered_made_and_simulated(plugin: Path) -> None:
    code = """
import sys, tablegames as tg
from tablegames.analysis import simulate
assert "example_game" not in sys.modules  # nothing loaded at import
assert list(tg.GAMES)[:5] == ["currents", "fellowship", "poohsticks", "cardchess", "resistor"]
assert "race" in tg.GAMES and tg.GAMES["race"].__module__ == "example_game"
game = tg.make("race", target=7)
rows = simulate(game, None, 20, 1, workers=1, progress=False)
assert len(rows) == 20, rows
final = tg.play_game(game, seed=3).final
assert final.is_terminal and final.total == 7 and len(final.winners) == 1
print("ok", sorted(tg.GAMES))
"""
    out = run(plugin, code=code)
    assert out.returncode == 0, out.stderr
    assert "'race'" in out.stdout


def test_the_check_command_passes_on_the_plugin(plugin: Path) -> None:
    out = run(plugin, "-m", "tablegames", "check", "race", "--games", "50")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "race (defaults): OK" in out.stdout and "50 random games" in out.stdout


def test_the_check_command_fails_on_a_broken_plugin(tmp_path: Path) -> None:
    """A game whose bad-JSON refusal is a bare KeyError fails the check (exit code 1)."""
    broken = EXAMPLE.read_text().replace(
        'if not isinstance(data, dict) or set(data) != {"game", "options", "total", "player"}:',
        "if not isinstance(data, dict) or not data:",
    )
    assert broken != EXAMPLE.read_text()
    site = install(tmp_path, broken, "race = example_game:RaceGame")
    out = run(site, "-m", "tablegames", "check", "race", "--games", "5")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "FAIL" in out.stdout and "KeyError" in out.stdout


def test_a_broken_entry_point_warns_and_is_skipped(tmp_path: Path) -> None:
    site = install(
        tmp_path,
        EXAMPLE.read_text(),
        "race = example_game:RaceGame\nghost = no_such_module:Game\nwrong = example_game:Add",
    )
    code = """
import warnings, tablegames as tg
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    names = list(tg.GAMES)
print(names)
print([str(w.message) for w in caught])
"""
    out = run(site, code=code)
    assert out.returncode == 0, out.stderr
    names, warned = out.stdout.splitlines()
    assert "'race'" in names and "ghost" not in names and "wrong" not in names
    assert "skipping the game 'ghost'" in warned and "skipping the game 'wrong'" in warned


def test_import_reads_no_entry_point(plugin: Path) -> None:
    """``import tablegames`` stays fast: the entry points are read on the first look at
    GAMES, not at import (importlib.metadata is not even imported)."""
    code = "import sys, tablegames; print('importlib.metadata' in sys.modules)"
    out = run(plugin, code=code)
    assert out.stdout.strip() == "False", out.stdout + out.stderr


def test_the_example_is_a_file_the_readme_shows() -> None:
    readme = (EXAMPLE.parent.parent / "README.md").read_text()
    assert "docs/example_game.py" in readme and 'race = "example_game:RaceGame"' in readme


def test_the_readme_shows_the_example_as_it_is() -> None:
    """The README's example game is docs/example_game.py, character for character."""
    readme = (EXAMPLE.parent.parent / "README.md").read_text()
    assert f"```python\n{EXAMPLE.read_text()}```" in readme


def test_the_openspiel_adapter_registers_the_plugin(plugin: Path) -> None:
    """The adapters register every game of GAMES, a plugin's too (playing it through them
    needs an ``actions`` module, as the message of ``game.action_space()`` says)."""
    pytest.importorskip("pyspiel")
    code = """
import pyspiel
from tablegames.adapters import openspiel
print("python_tablegames_race" in pyspiel.registered_names())
"""
    out = run(plugin, code=code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


# ---- a hidden-information plugin: Kuhn poker (issue 27, items 6-8) ---------------------------


@pytest.fixture
def poker(tmp_path: Path) -> Path:
    return install_poker(tmp_path)


def leaky(tmp_path: Path, old: str, new: str) -> Path:
    """docs/example_poker.py with ``old`` replaced by ``new``, installed as ``kuhn``."""
    source = POKER.read_text()
    assert source.count(old) == 1, old
    return install_poker(tmp_path, source.replace(old, new))


def test_the_poker_example_passes_the_check(poker: Path) -> None:
    """Cards named J, Q and K (not shaped like ``JS``), a showdown that turns the other
    hand face up, chips as payoffs and a state_from_json refusing unknown keys: all
    within the contract, and the check (sampling bots, pictures and captions included)
    says so."""
    out = run(poker, "-m", "tablegames", "check", "kuhn", "--games", "40")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "kuhn (defaults): OK" in out.stdout


def test_sampling_bots_play_a_plugin_whose_json_reader_is_strict(poker: Path) -> None:
    """ISMCTS reads samples of the bot's information set back through state_from_json: it
    must add no key the plug-in's JSON does not have (it added ``seed`` and ``events``)."""
    code = """
import tablegames as tg
from tablegames.bots import GreedyBot, MCTSBot
for name in ("kuhn", "naive"):
    game = tg.make(name)
    for seed in range(6):
        result = tg.play_game(game, [MCTSBot(iterations=40, seed=seed), GreedyBot()],
                              seed=seed)
        assert result.final.is_terminal
print("ok")
"""
    install_naive(poker)
    out = run(poker, code=code)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


def test_general_payoffs_reach_simulate_and_metrics(poker: Path) -> None:
    """returns() may be any payoffs (chips here): simulate keeps them per seat and the
    metrics report their means, per seat and per bot."""
    code = """
import json
from tablegames import make
from tablegames.analysis import metrics, simulate
rows = simulate(make("kuhn", ante=2), ["random", "greedy"], 60, 5, workers=1, progress=False)
results = sorted({r["result_0"] for r in rows})
m = metrics(rows)
print(json.dumps({"results": results, "seat": m["seat_result"], "bot": m["bot_result"]}))
"""
    out = run(poker, code=code)
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert set(data["results"]) <= {-3.0, -2.0, 2.0, 3.0} and 3.0 in data["results"]
    seat = data["seat"]
    assert len(seat) == 2 and abs(seat[0] + seat[1]) < 1e-9 and seat[0] != 0
    assert set(data["bot"]) == {"random", "greedy"}


@pytest.mark.parametrize(
    ("leak", "old", "new", "words"),
    [
        (
            "the opponent's rank as a number in the observation",
            'return {**d, "viewer": player}',
            'return {**d, "viewer": player, "peek": [DECK.index(self.hands[1 - player])]}',
            ("observation", "peek"),
        ),
        (
            "a picture that ignores the viewer",
            "shown = viewer is None or viewer == p or state.showdown",
            "shown = True",
            ("picture",),
        ),
        (
            "a caption made of str(state)",
            "def describe(self) -> str:",
            "def describe(self) -> str:\n        return str(self)\n\n    def _public(self) -> str:",
            ("caption",),
        ),
    ],
)
def test_the_check_catches_a_leaky_plugin(
    tmp_path: Path, leak: str, old: str, new: str, words: tuple[str, ...]
) -> None:
    """Each leak makes ``check`` fail with a line saying which seat learns what. The peek
    variant reads any extra key back, so only the leak can fail."""
    site = leaky(tmp_path, old, new)
    if "peek" in new:
        source = (site / "example_poker.py").read_text()
        (site / "example_poker.py").write_text(
            source.replace("set(data) != KEYS", "not KEYS <= set(data)")
        )
    out = run(site, "-m", "tablegames", "check", "kuhn", "--games", "10")
    assert out.returncode == 1, f"{leak} passed:\n{out.stdout}{out.stderr}"
    fails = [line for line in out.stdout.splitlines() if "FAIL" in line]
    assert any(all(w in line for w in words) and "seat" in line for line in fails), out.stdout


def test_the_check_reports_a_plugin_that_sampling_bots_cannot_read(tmp_path: Path) -> None:
    """An observation with a key the state's JSON lacks: the bots' samples cannot be read
    back; the check says so (it never ran a sampling bot, so this passed)."""
    site = leaky(
        tmp_path, 'return {**d, "viewer": player}', 'return {**d, "viewer": player, "note": ""}'
    )
    out = run(site, "-m", "tablegames", "check", "kuhn", "--games", "5")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "InvalidState" in out.stdout and "sample" in out.stdout, out.stdout


def test_a_naive_plugin_shows_no_hidden_card_to_a_seat(tmp_path: Path) -> None:
    """The guide's old way (a picture without a viewer, no ``describe``): the picture a
    seat gets and the caption name no card that seat may not see. The check, which
    passed it, now reports what it still lets a seat learn: its observation never turns
    the other card face up, yet who won a showdown tells it."""
    site = install_naive(tmp_path)
    code = """
import tablegames as tg
from tablegames.scene import scene_of, to_svg
game = tg.make("naive")
for seed in range(6):
    state = game.initial_state(seed)
    for p in (0, 1):
        hidden = [state.hands[1 - p], state.left]
        svg = to_svg(scene_of(state, viewer=p))
        said = state.describe()
        assert state.hands[p] in svg, svg
        assert not any(c in svg or c in said for c in hidden), (p, svg, said)
print("ok")
"""
    out = run(site, code=code)
    assert out.returncode == 0, out.stderr[-2000:]
    out = run(site, "-m", "tablegames", "check", "naive", "--games", "10")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "changes with what seat" in out.stdout, out.stdout


def test_the_readme_gives_a_complete_pyproject() -> None:
    """The guide's pyproject.toml builds a one-module game with setuptools and declares it
    (not a fragment: the build system, the project, the module and the entry point)."""
    import re
    import tomllib

    readme = (EXAMPLE.parent.parent / "README.md").read_text()
    guide = readme[readme.index("## Writing a game") :]
    block = re.search(r"```toml\n(.*?)```", guide, re.S)
    assert block is not None
    data = tomllib.loads(block.group(1))
    assert data["build-system"]["build-backend"] == "setuptools.build_meta"
    project = data["project"]
    assert {"name", "version", "dependencies"} <= set(project) and "tablegames" in str(
        project["dependencies"]
    )
    (module,) = data["tool"]["setuptools"]["py-modules"]
    target = project["entry-points"]["tablegames.games"]["kuhn"]
    assert target == f"{module}:KuhnGame" and "class KuhnGame(Game)" in POKER.read_text()


def test_the_view_checks_hold_the_built_in_games_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks every plug-in meets run on the five games: Currents' picture made to
    ignore its viewer, or Fellowship's caption made to tell how many hearts seat 1
    holds, fails them (each changed in the game's declared parts)."""
    from dataclasses import replace

    from tablegames.conformance import check_game
    from tablegames.currents import CurrentsGame
    from tablegames.fellowship import FellowshipGame

    draw = CurrentsGame.parts.scene
    assert draw is not None
    blind = replace(
        CurrentsGame.parts, scene=lambda state, **kw: draw(state, **{**kw, "viewer": None})
    )
    monkeypatch.setattr(CurrentsGame, "parts", blind)
    report = check_game("currents", games=1, views=20)
    assert any("seat 0's picture shows hidden card(s)" in f for f in report.failures), report

    describe = FellowshipGame.parts.describe
    assert describe is not None

    def telling(state: Any) -> str:
        hearts = sum(c.endswith("H") for c in state.hands[1])
        return f"{describe(state)} Seat 1 holds {hearts} hearts."

    monkeypatch.setattr(FellowshipGame, "parts", replace(FellowshipGame.parts, describe=telling))
    report = check_game("fellowship", games=2, views=60)
    assert any("the caption changes with what seat 0 cannot see" in f
               for f in report.failures), report  # fmt: skip
