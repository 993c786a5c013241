"""notebooks/refresh.py (``make notebooks``) reads its arguments as a command does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "notebooks" / "refresh.py"


def test_help_is_help_not_a_notebook_path() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "usage:" in out.stdout and "notebooks" in out.stdout


def test_an_unknown_option_is_refused_before_any_notebook_runs() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--bogus"], capture_output=True, text=True)
    assert out.returncode == 2 and "unrecognized arguments" in out.stderr
    assert "refreshed" not in out.stdout
