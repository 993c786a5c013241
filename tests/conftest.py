"""Fixtures shared by every folder of tests."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import CHROMIUM, FLAGS


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """Debian's headless chromium driven by Playwright, ONE for the whole session: the
    Voila tests (tests/browser) and the JupyterLab tests (tests/lab) share it, since
    Playwright's sync API cannot run twice at once in one process.

    Chromium missing: skipped on a developer's machine, a failure under CI (``CI`` set),
    where ``make test`` installs it.
    """
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        if os.environ.get("CI"):
            pytest.fail(
                "chromium is not installed; `make test` installs it (apt-get install chromium)"
            )
        pytest.skip("Debian's chromium is not installed (make test installs it as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()
