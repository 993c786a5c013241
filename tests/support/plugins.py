"""Installing example games as plugins without editing this repository: a site directory
(put on PYTHONPATH) holds the module and a ``<module>-0.1.dist-info/`` whose
``entry_points.txt`` declares it in the group ``tablegames.games``, as ``pip install`` of
a package declaring the entry point would. The games: docs/example_game.py ("Race", the
README's "Writing a game"), docs/example_poker.py (Kuhn poker, hidden cards) and
tests/support/naive_poker.py (Kuhn poker as written from the guide before issue 27)."""

from __future__ import annotations

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example_game.py"
POKER = EXAMPLE.parent / "example_poker.py"
NAIVE = Path(__file__).resolve().parent / "naive_poker.py"


def install(root: Path, module: str, entry_points: str, name: str = "example_game") -> Path:
    """A site directory holding the module ``name`` (its source text ``module``) and a
    distribution declaring ``entry_points`` in the group tablegames.games."""
    (root / f"{name}.py").write_text(module)
    info = root / f"{name}-0.1.dist-info"
    info.mkdir()
    dist = name.replace("_", "-")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tablegames.games]\n{entry_points}\n")
    return root


def install_race(root: Path) -> Path:
    """The example game, unchanged, as the plugin ``race``."""
    return install(root, EXAMPLE.read_text(), "race = example_game:RaceGame")


def install_poker(root: Path, source: str | None = None) -> Path:
    """docs/example_poker.py (or ``source``, a changed copy) as the plugin ``kuhn``."""
    text = POKER.read_text() if source is None else source
    return install(root, text, "kuhn = example_poker:KuhnGame", "example_poker")


def install_naive(root: Path) -> Path:
    """tests/support/naive_poker.py as the plugin ``naive``."""
    return install(root, NAIVE.read_text(), "naive = naive_poker:NaiveGame", "naive_poker")
