"""Puts this folder on sys.path so the Poohsticks tests can import ``pooh_helpers``
(pytest runs with --import-mode=importlib, which does not)."""

from __future__ import annotations

import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
