"""JupyterLab tests: the walkthroughs in a real JupyterLab (one server and one browser
page for the whole session), in Debian's headless Chromium driven by Playwright, as the
Voila tests do.

The server serves a temporary copy of notebooks/ (see ``support.lab.start_lab``), so
nothing the tests do is saved into the repository. The browser is the session's
``chromium`` (tests/conftest.py: skipped when chromium is missing, a failure under CI).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import new_page, stop
from support.lab import load_lab, start_lab


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """JupyterLab's address and the folder it serves (a copy of notebooks/)."""
    tmp = tmp_path_factory.mktemp("lab")
    proc, url = start_lab(tmp)
    yield url, tmp / "notebooks"
    stop(proc, timeout=20)


@pytest.fixture(scope="session")
def lab(chromium: object, lab_server: tuple[str, Path]) -> Iterator[object]:
    """One JupyterLab page for the session, 1280x800 with the file browser open (the
    default layout); tests open and close notebooks in it. ``page.errors`` collects
    uncaught page errors, ``page.served_root`` is the folder JupyterLab serves."""
    url, root = lab_server
    page = new_page(chromium, 1280, 800)
    page.served_root = root
    load_lab(page, url)
    yield page
    page.context.close()
