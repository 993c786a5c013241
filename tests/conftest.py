"""Fixtures shared by every folder of tests."""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipycanvas.canvas as ipc
import pytest
from support.browser import CHROMIUM, FLAGS
from support.widgets import Recorder


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


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run a test that does not use the browser in a fresh thread when the session's
    Playwright loop is marked running on this thread.

    Playwright's sync API runs its event loop in a greenlet of the main thread, and
    asyncio keeps "the running loop" per thread: once a worker has started the browser,
    every later test on that worker sees a running loop, so its ``asyncio.run`` fails
    ("cannot be called from a running event loop") and code that hands work to the running
    loop (a table seat's bot answer) hands it to a loop that never turns. Which worker
    runs which module changes with every new test file (``--dist loadscope``), so this is
    settled here once rather than in each test."""
    if asyncio.events._get_running_loop() is None or "chromium" in pyfuncitem.fixturenames:
        return None
    names = pyfuncitem._fixtureinfo.argnames
    args = {name: pyfuncitem.funcargs[name] for name in names}
    failed: list[BaseException] = []

    def run() -> None:
        try:
            pyfuncitem.obj(**args)
        except BaseException as exc:  # handed back to the main thread as it was
            failed.append(exc)

    thread = threading.Thread(target=run, name=f"test:{pyfuncitem.name}")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return True


@pytest.fixture
def canvas(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """Record (and decode) every command batch ipycanvas sends while the test runs (the
    widget tests of every game folder; reading helpers in support/widgets.py)."""
    manager = ipc._CANVAS_MANAGER
    real = manager._send_custom
    rec = Recorder()

    def send(command: list[Any], buffers: list[Any] = []) -> None:  # noqa: B006 (as ipycanvas)
        rec.record(command, list(buffers))
        real(command, buffers)

    monkeypatch.setattr(manager, "_send_custom", send)
    yield rec


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """With ``TABLEGAMES_TIMELINE=FILE``, append each test's worker, start, end and id to
    FILE (tab-separated): where the suite's wall time goes, worker by worker
    (``benchmarks/suite_timeline.py`` reads it)."""
    path = os.environ.get("TABLEGAMES_TIMELINE")
    start = time.time()
    yield
    if path:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(path, "a") as out:
            out.write(f"{worker}\t{start:.3f}\t{time.time():.3f}\t{item.nodeid}\n")
