"""Packaging: every package folder is listed in pyproject.toml, so a fresh (non-editable)
install ships it; the engine declares no dependency."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_package_folder_is_listed() -> None:
    setuptools = CONFIG["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    dirs = setuptools["package-dir"]
    found = set()
    for top, folder in [("tablegames", "tablegames"), *dirs.items()]:
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base).parts
            found.add(".".join((top, *rel)))
    assert found == listed, f"missing from pyproject: {found - listed}; extra: {listed - found}"


def test_engine_has_no_required_dependency() -> None:
    assert CONFIG["project"]["dependencies"] == []
