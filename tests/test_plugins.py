"""Games from other packages: found through the entry-point group ``tablegames.games``.

Each test installs docs/example_game.py (the README's "Writing a game") as a plugin
without editing this repository: a temporary directory on ``sys.path`` (PYTHONPATH) holds
the module and an ``example_game-0.1.dist-info/`` whose ``entry_points.txt`` names it, as
``pip install`` of a package declaring the entry point would. Everything runs in
subprocesses, so this process's registry stays as it is.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.plugins import EXAMPLE, install, install_race


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


def test_the_built_in_games_are_declared_as_entry_points() -> None:
    """pyproject.toml declares each of the five (installed, they are found like plugins)."""
    import tomllib

    import tablegames as tg

    root = EXAMPLE.parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text())
    declared = data["project"]["entry-points"]["tablegames.games"]
    builtin = [n for n, c in tg.GAMES.items() if c.__module__.startswith("tablegames.")]
    assert sorted(declared) == sorted(builtin)
    for name, target in declared.items():
        module, _, attr = target.partition(":")
        assert getattr(__import__(module, fromlist=[attr]), attr) is tg.GAMES[name]


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
