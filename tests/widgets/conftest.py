"""The widget tests' play pages deal seed 1, then 2, 3, ... (as every page did before
issue 27 item 5): their boards, hands and bots' answers stay the same from run to run.
A served page deals from the system's randomness; tests/widgets/test_pages.py checks
that default with the variable removed."""

from __future__ import annotations

import pytest
from tablegames_widgets.pages import SEED_ENV


@pytest.fixture(autouse=True)
def known_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "1")
