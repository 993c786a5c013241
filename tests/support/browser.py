"""Helpers for the browser tests: start Voila as ``make play`` does, find the play pages,
open a page (offline, collecting its errors), wait for a canvas to be painted."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PLAY = NOTEBOOKS / "play"
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip

#: JavaScript: how many pixels of the page's first board canvas are not transparent.
PAINTED = """() => {
  const c = document.querySelector('canvas.tablegames-canvas') || document.querySelector('canvas');
  if (!c) return -1;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
  return n;
}"""


def play_pages() -> list[str]:
    """Every play page present: the tests discover them, so a new game needs no test edit."""
    return sorted(p.name for p in PLAY.glob("*.ipynb"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: The commands ``make play`` runs from notebooks/ (see the Makefile's play target): build
#: the rules pages, then serve the play folder.
RULES_COMMAND = ["-m", "tablegames_widgets.pages", "rules"]


def jupyter_env(tmp: Path, *names: str) -> dict[str, str]:
    """The environment with Jupyter's folders (and ``names``) under ``tmp``, so a server
    started for a test writes nothing into the home directory."""
    env = dict(os.environ)
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", *names):
        (tmp / var).mkdir(exist_ok=True)
        env[var] = str(tmp / var)
    return env


def serve(
    command: list[str], cwd: Path, env: dict[str, str], log: Path, probe: str, what: str,
    timeout: float = 180.0,
) -> subprocess.Popen[bytes]:  # fmt: skip
    """Start a server and wait (0.25 s between tries, ``timeout`` s in all: a busy machine
    can take a minute to import Voila) until ``probe`` answers; its log on failure."""
    proc = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
        stderr=open(log, "wb"),  # noqa: SIM115 - closed with the process
    )  # fmt: skip
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            break
        try:
            urllib.request.urlopen(probe, timeout=2)
            return proc
        except OSError:
            time.sleep(0.25)
    proc.kill()
    raise RuntimeError(f"{what} did not start: " + log.read_text()[-3000:])


def stop(proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    """Stop a server started by :func:`serve`: terminate, then kill after ``timeout`` s."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def start_voila(tmp: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """Voila as ``make play`` runs it (from notebooks/, with its voila.json, after building
    the rules pages with the same command), on a free port."""
    port = free_port()
    env = jupyter_env(tmp)
    subprocess.run([sys.executable, *RULES_COMMAND], cwd=NOTEBOOKS, env=env, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    voila = Path(sys.executable).parent / "voila"
    url = f"http://127.0.0.1:{port}"
    # One preheated kernel per page (voila.json keeps 2): the tests need the pool on, not
    # its size, and every pooled kernel costs a kernel start while the tests run.
    pool = [] if any(e.startswith("--pool_size") for e in extra) else ["--pool_size=1"]
    command = [str(voila), "play", f"--port={port}", *pool, *extra]
    proc = serve(command, NOTEBOOKS, env, tmp / "voila.log", url + "/", "Voila")
    return proc, url


def wait_painted(page: object, timeout: float = 60.0) -> int:
    """Wait until the board canvas shows something; the number of painted pixels."""
    end = time.time() + timeout
    n = -1
    while time.time() < end:
        n = page.evaluate(PAINTED)  # type: ignore[attr-defined]
        if n > 1000:
            return int(n)
        time.sleep(0.25)
    return int(n)


def new_page(browser: object, width: int, height: int, **options: Any) -> Any:
    """A page of ``width`` x ``height`` in its own browser context (close it with
    ``page.context.close()``): requests to the CDN are refused, as the machine is offline
    and the pages must work without it, and ``page.errors`` collects uncaught page errors.
    ``options`` go to the context as they are (e.g. a phone's ``is_mobile``, ``has_touch``)."""
    viewport = {"width": width, "height": height}
    context = browser.new_context(viewport=viewport, **options)  # type: ignore[attr-defined]
    page = context.new_page()
    page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


#: Where browser tests leave their screenshots (look at them).
SHOTS = Path(os.environ.get("TABLEGAMES_ARTIFACTS", PLAY.parents[1] / "tests" / "artifacts"))


def shoot(page: Any, name: str) -> None:
    """Save a screenshot of ``page`` as ``SHOTS/<name>.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def message(page: Any) -> str:
    """The text of the page's first message line (under the board)."""
    return str(page.locator(".tablegames-message").first.inner_text())


def open_board(page: Any, url: str, name: str) -> None:
    """Open play page ``name`` and wait until its board is drawn and it says something."""
    page.goto(f"{url}/voila/render/{name}", timeout=90_000)
    assert wait_painted(page) > 1000, "the board canvas stayed empty"
    page.wait_for_function(
        "() => document.querySelector('.tablegames-message')?.innerText.length > 0",
        timeout=30_000,
    )
