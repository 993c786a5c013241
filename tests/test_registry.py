"""Registration once (issue 30, item 2): every game, this package's five included, is
found through the entry-point group ``tablegames.games``. The five are declared in
``tablegames/entry_points.txt``, read like an installed package's declarations, so a source
checkout that was never pip-installed knows them too, in the order of the rule texts.

"Never installed" is a copy of the ``tablegames`` folder alone on PYTHONPATH, run by a
Python started with ``-S`` (no site-packages, so neither this checkout's editable install
nor its ``*.egg-info`` can answer).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from support.plugins import install_race

import tablegames as tg

ROOT = Path(__file__).resolve().parents[1]
RULE_TEXT_ORDER = ["currents", "fellowship", "poohsticks", "cardchess", "resistor"]


def checkout(tmp_path: Path) -> Path:
    """A copy of the engine's source folder, as a fresh checkout holds it."""
    root = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "tablegames", root / "tablegames", ignore=shutil.ignore_patterns("__pycache__")
    )
    return root


def run_bare(code: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with only ``paths`` to import from (from an empty folder: -c puts the
    current one on sys.path, and this checkout's holds a ``*.egg-info``)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    argv = [sys.executable, "-S", "-c", code]
    cwd = paths[0].parent
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


def test_a_checkout_never_installed_knows_the_five_games_in_rule_text_order(
    tmp_path: Path,
) -> None:
    code = """
import importlib.metadata as md, tablegames as tg
try:
    md.distribution("tablegames")
    print("installed")
except md.PackageNotFoundError:
    pass
print(list(tg.GAMES))
print(type(tg.make("resistor")).__name__)
"""
    out = run_bare(code, checkout(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [str(RULE_TEXT_ORDER), "ResistorGame"]


def test_a_plugin_registers_after_the_five_beside_a_checkout_never_installed(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    install_race(site)
    out = run_bare("import tablegames as tg; print(list(tg.GAMES))", checkout(tmp_path), site)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([*RULE_TEXT_ORDER, "race"])


def test_the_installed_games_keep_the_rule_text_order() -> None:
    assert list(tg.GAMES)[:5] == RULE_TEXT_ORDER


def test_the_five_are_declared_once_in_entry_points_txt() -> None:
    """Declared in tablegames/entry_points.txt only: pyproject.toml declares no game (a
    second list could drift), ships the file, and each declaration names the game's class."""
    from importlib.metadata import PathDistribution

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "tablegames.games" not in config["project"].get("entry-points", {})
    assert "entry_points.txt" in config["tool"]["setuptools"]["package-data"]["tablegames"]
    declared = PathDistribution(ROOT / "tablegames").entry_points.select(group="tablegames.games")
    assert [ep.name for ep in declared] == RULE_TEXT_ORDER
    for ep in declared:
        assert ep.load() is tg.GAMES[ep.name]


def test_no_game_registers_itself_at_import() -> None:
    """The decorator and the import list are gone: importing the engine loads no game
    package (they load on the first look at GAMES)."""
    code = "import sys, tablegames; print(sorted(m for m in sys.modules if m.endswith('.game')))"
    out = run_bare(code, ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    assert not hasattr(tg.core, "register")


def test_a_game_of_this_package_is_found_without_reading_the_installed_entry_points(
    tmp_path: Path,
) -> None:
    """Looking up one of the five reads only entry_points.txt (the scan of every installed
    distribution costs about 0.1 s in a page's kernel): a broken plugin is met, and
    warned about, only when the whole list is asked for."""
    from support.plugins import install

    site = tmp_path / "site"
    site.mkdir()
    install(site, "", "ghost = no_such_module:Game")
    code = """
import warnings, tablegames as tg
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    tg.make("poohsticks")
    print(len(caught), "currents" in tg.GAMES)
    names = list(tg.GAMES)
    print(len(caught), names[-1])
"""
    out = run_bare(code, checkout(tmp_path), site)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["0 True", "1 resistor"]
