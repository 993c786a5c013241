"""Browser tests: the Voila play pages served as ``make play`` serves them, in Debian's
headless Chromium driven by Playwright (its own browser download cannot work here).

Chromium missing: the tests are skipped on a developer's machine, but fail under CI
(``CI`` set), where ``make test`` installs it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import CHROMIUM, FLAGS, start_voila


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    proc, url = start_voila(tmp_path_factory.mktemp("voila"))
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
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


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1000, "height": 1000})  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors
    yield pg
    context.close()
