"""Installing docs/example_game.py ("Race", the README's "Writing a game") as a plugin
without editing this repository: a site directory (put on PYTHONPATH) holds the module
and an ``example_game-0.1.dist-info/`` whose ``entry_points.txt`` declares it in the group
``tablegames.games``, as ``pip install`` of a package declaring the entry point would."""

from __future__ import annotations

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example_game.py"


def install(root: Path, module: str, entry_points: str) -> Path:
    """A site directory holding ``module`` (its source text) and a distribution
    declaring ``entry_points`` in the group tablegames.games."""
    (root / "example_game.py").write_text(module)
    info = root / "example_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: example-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tablegames.games]\n{entry_points}\n")
    return root


def install_race(root: Path) -> Path:
    """The example game, unchanged, as the plugin ``race``."""
    return install(root, EXAMPLE.read_text(), "race = example_game:RaceGame")
