"""Figures for fairness between client addresses (issue 27: an ordinary visitor's page stays
quick while another address floods the server with page loads).

``.venv/bin/python benchmarks/attack_fairness.py [--visits 3] [--threads 8] [--class-size 30]
[--modes fair,unfair]``. For each mode, a fresh play server (``make play``'s settings, one
preheated kernel per page) and:

- an ordinary visitor in Chromium from 127.0.0.1 (run at a lower CPU priority, as the
  visitor's own device: ``support/visitor.py``): seconds from navigation until the board's
  picture is seen and until the live board is painted, median and max of ``--visits``,
  with nothing else running, then while page loads come from 127.0.0.2 (``--threads`` at
  a time, fresh cookie jars, never connecting; the flood runs for as long as the
  visitor's loads, at most 200 loads);
- a class: ``--class-size`` page loads at once from 127.0.0.4: statuses and the seconds
  until the last page arrived.

Modes: ``fair`` is the server as configured (renders_per_address and the rest at their
defaults); ``one`` and ``four`` set ``renders_per_address`` to 1 and 4; ``unfair`` sets
the per-address limits out of reach (1000 renders at once, a burst of 1000), which is the
server as it was before the render gate.

Loopback only (on Linux every 127.x.y.z reaches a server on 127.0.0.1); every loop bounded
in count and time.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import CHROMIUM, FLAGS, start_voila, stop
from support.hostile import in_parallel
from support.processes import cpu_seconds, kernels
from support.visitor import niced, visit_times

PAGE = "resistor.ipynb"
MODES = {
    "fair": [],
    "one": ["--HandoffKernelManager.renders_per_address=1"],
    "four": ["--HandoffKernelManager.renders_per_address=4"],
    "unfair": [
        "--HandoffKernelManager.renders_per_address=1000",
        "--HandoffKernelManager.render_burst=1000",
        "--HandoffKernelManager.render_queue_per_address=1000",
    ],
}


def load(port: int, source: str) -> int:
    """One page load from ``source``, no cookies, never connecting: its status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300,
                                            source_address=(source, 0))  # fmt: skip
    try:
        connection.request("GET", f"/voila/render/{PAGE}")
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        connection.close()


def loads(port: int, source: str, count: int, at_once: int, until: threading.Event) -> list[int]:
    """Up to ``count`` page loads, ``at_once`` at a time, until ``until`` (or 600 s)."""
    return in_parallel(lambda: load(port, source), count, at_once, 600, until)


def visit(browser: Any, url: str) -> tuple[float, float]:
    """(seen, ready) seconds for one ordinary visitor (``support/visitor.py``)."""
    return visit_times(browser, url, PAGE, timeout=240)


def figures(visits: list[tuple[float, float]]) -> str:
    """Seen and ready, median and max, over the visits that came."""
    out = []
    for i, what in enumerate(("seen", "ready")):
        ok = [v[i] for v in visits if v[i] == v[i]]
        out.append(f"{what} median {statistics.median(ok):.2f} s, max {max(ok):.2f} s"
                   if ok else f"{what} never")  # fmt: skip
    return "; ".join(out) + f" (n={len(visits)})"


def run_mode(browser: Any, mode: str, args: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_voila(Path(tmp), *MODES[mode])
        port = int(url.rsplit(":", 1)[1])
        try:
            pool = len(list((Path(__file__).resolve().parents[1] / "notebooks/play")
                            .glob("*.ipynb")))  # fmt: skip
            end = time.monotonic() + 240
            while len(kernels(proc.pid)) < pool and time.monotonic() < end:
                time.sleep(0.5)
            visit(browser, url)  # warm-up: the first page compiles the templates
            alone = [visit(browser, url) for _ in range(args.visits)]
            print(f"[{mode}] no attack: {figures(alone)}", flush=True)
            cpu = cpu_seconds(proc.pid)
            stop_flood = threading.Event()
            done: list[list[int]] = []

            def flood() -> None:
                done.append(loads(port, "127.0.0.2", 200, args.threads, stop_flood))

            attack = threading.Thread(target=flood, daemon=True)
            t0 = time.perf_counter()
            attack.start()
            time.sleep(4.0)
            during = [visit(browser, url) for _ in range(args.visits)]
            stop_flood.set()
            attack.join(timeout=900)
            statuses = done[0] if done else []
            print(f"[{mode}] during the flood from another address ({args.threads} at a "
                  f"time): {figures(during)}; the flood: {len(statuses)} loads, "
                  f"{statuses.count(200)} x 200, {statuses.count(503)} x 503 in "
                  f"{time.perf_counter() - t0:.1f} s, Voila CPU "
                  f"{cpu_seconds(proc.pid) - cpu:.1f} s", flush=True)  # fmt: skip
            time.sleep(25)  # the flood's kernels go (never connected)
            t0 = time.perf_counter()
            got = loads(port, "127.0.0.4", args.class_size, args.class_size, threading.Event())
            print(f"[{mode}] a class of {args.class_size} at once from one address: "
                  f"{got.count(200)} x 200, {got.count(503)} x 503, last page after "
                  f"{time.perf_counter() - t0:.1f} s", flush=True)  # fmt: skip
        finally:
            stop(proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument("--modes", default="fair,unfair")
    args = parser.parse_args()
    args.class_size = min(args.class_size, 60)

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, niced(CHROMIUM) as chromium:
        browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
        try:
            for mode in args.modes.split(","):
                run_mode(browser, mode, args)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
