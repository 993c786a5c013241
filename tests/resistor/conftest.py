"""Resistor tests: put this folder on sys.path for ``resistor_helpers`` (pytest runs
with --import-mode=importlib, which does not add test folders itself)."""

from __future__ import annotations

import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
