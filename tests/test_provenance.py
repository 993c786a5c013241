"""The commit a stored table records: marked ``+dirty`` when the code that made it differs
from that commit (tablegames/analysis/provenance.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tablegames.analysis.provenance import git_commit


def _repo(root: Path) -> Path:
    """A checkout with an engine file and an explore run module, committed."""
    (root / "tablegames").mkdir()
    (root / "tablegames" / "core.py").write_text("x = 1\n")
    (root / "notebooks" / "explore" / "data").mkdir(parents=True)
    (root / "notebooks" / "explore" / "data" / "game_runs.py").write_text("n = 1\n")
    (root / "README.md").write_text("hello\n")
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "start"], check=True)
    return root / "tablegames"


def test_a_clean_checkout_records_its_commit_alone(tmp_path: Path) -> None:
    package = _repo(tmp_path)
    commit = git_commit(package)
    assert len(commit) == 40 and "+" not in commit


def test_an_engine_change_marks_the_commit_dirty_from_inside_the_package(tmp_path: Path) -> None:
    package = _repo(tmp_path)
    (package / "core.py").write_text("x = 2\n")
    assert git_commit(package).endswith("+dirty")


def test_a_changed_run_module_marks_the_commit_dirty(tmp_path: Path) -> None:
    package = _repo(tmp_path)
    (tmp_path / "notebooks" / "explore" / "data" / "game_runs.py").write_text("n = 2\n")
    assert git_commit(package).endswith("+dirty")


def test_other_files_leave_the_commit_clean(tmp_path: Path) -> None:
    package = _repo(tmp_path)
    (tmp_path / "README.md").write_text("changed\n")
    assert "+" not in git_commit(package)
