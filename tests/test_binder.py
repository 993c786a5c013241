"""Binder builds from binder/: repo2docker accepts it, and it installs tablegames with the
extras that the notebooks and play pages import."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_binder_runtime_is_python_311() -> None:
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_installs_the_project_with_its_jupyter_extras() -> None:
    post = (BINDER / "postBuild").read_text()
    assert re.search(r'pip install .*-e "\.\[widgets,analysis,voila\]"', post)
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"


def test_repo2docker_accepts_the_binder_folder() -> None:
    r2d = Path(sys.executable).parent / "jupyter-repo2docker"
    if not r2d.exists() and shutil.which("jupyter-repo2docker") is None:
        pytest.fail("jupyter-repo2docker is part of the dev extra; reinstall with make test")
    out = subprocess.run(
        [str(r2d), "--no-build", "--debug", str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    dockerfile = out.stdout + out.stderr
    assert "python=3.11" in dockerfile
    assert "./binder/postBuild" in dockerfile
