"""The commit a stored table records: marked ``+dirty`` when the code that made it differs
from that commit (tablegames/analysis/provenance.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

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


def test_a_run_records_the_commit_it_started_from_and_says_when_it_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table stores the commit whose code played its games, not the one checked out
    when it ended (a helper committing notebook prose mid-run moved it before)."""
    import tablegames.analysis.runs as runs

    def fn(ctx: runs.RunContext) -> list[dict[str, object]]:
        return [{"wins": 1}]

    run = runs.Run("probe", "probe.ipynb", "a probe", fn)
    checked_out = iter(["aaa", "bbb"])
    monkeypatch.setattr(runs, "git_commit", lambda: next(checked_out))
    rows, prov = runs.execute(run, workers=1)
    assert rows == [{"wins": 1}]
    assert (prov["commit"], prov["commit_at_end"]) == ("aaa", "bbb")
    monkeypatch.setattr(runs, "git_commit", lambda: "ccc")
    assert "commit_at_end" not in runs.execute(run, workers=1)[1]


def test_provenance_says_which_engine_played() -> None:
    import tablegames
    from tablegames.analysis.provenance import provenance

    prov = provenance(options={}, bots=[], seeds=[], counts={}, wall_seconds=0, cpu_seconds=0)
    assert prov["compiled"] is tablegames.COMPILED
