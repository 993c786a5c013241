"""Hostile websocket frames against the play server (issue 27 item 1), and what a real
page sends, from which the limits are chosen.

Run: ``python benchmarks/attack_websocket.py [--runs 3] [--traffic] [--attacks NAME ...]``.

- ``--traffic``: what real pages send. Each play page is opened in headless Chromium
  and played as fast as a person could: its "Play" button clicked back to back 40 times
  (no wait for the answer), then 40 clicks spread over its board, then the pointer
  swept along its move list six times (600 mouse moves, each a message to the kernel).
  Every frame the page sends on its kernel websocket is recorded (Playwright's
  ``framesent``). Prints per page the frames, the largest frame in bytes, and the most
  frames within any 0.1 s and any 1 s: the rate limit (burst, rate) and the size cap
  must leave these far behind.
- the attacks (default: all; "none", nobody attacking, is the baseline): for each, a
  fresh Voila as ``make play`` starts it; a light client opens a page's kernel websocket
  and sends the attack's frames again and again for ``--seconds`` (reconnecting when the
  server closes it; each connection opens the page first, as a visitor must, to learn a
  kernel id); the server has served one page and refilled its pool of preheated kernels
  first, as a server that has been up a while. Meanwhile an ordinary visitor opens a play
  page in Chromium, run at a lower CPU priority as the visitor's own device
  (``support/visitor.py``): seen = from navigation until the board's picture is on the
  screen, ready = until the live board canvas has pixels. Prints, as the median of
  ``--runs`` runs: the Voila process's RSS before and its peak, its own CPU seconds
  during the attack, the visitor's seen and ready times, and how many hostile connections and frames
  went out. A Voila past ``--ceiling`` MB RSS is killed (an attack on unfixed code stays
  bounded): the line says so.

Loopback only; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import (
    CHROMIUM,
    FLAGS,
    new_page,
    open_board,
    play_pages,
    start_voila,
    stop,
)
from support.hostile import Watch, claim, message, offsets_of, open_socket, with_offsets
from support.processes import own_cpu_seconds
from support.visitor import niced, visit_times

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import light_visitor
from websockets.exceptions import ConnectionClosed, InvalidHandshake


def out_of_order() -> bytes:
    frame = message()
    offsets = offsets_of(frame)
    offsets[2], offsets[3] = offsets[3], offsets[2]
    return with_offsets(frame, offsets)


#: The page the visitor opens.
PAGE = "resistor.ipynb"

#: The attacker and the ordinary visitor are two people: two client addresses, told to the
#: server by a trusted proxy (a public server runs behind an HTTPS proxy: README,
#: docs/security.md), so the server's fairness between addresses applies (the attacker's
#: page renders queue behind each other, not in front of the visitor's).
ATTACKER = "10.9.0.1"
VISITOR = {"X-Forwarded-For": "10.9.0.2"}

#: Seconds after the first page for the preheated pool to refill (a kernel start and
#: its notebook: about 6 s on 2 cores) before the attack and the visitor.
WARM = 15.0

#: name -> (frames sent on each connection, subprotocol v1?)
ATTACKS: dict[str, tuple[Callable[[], list[Any]], bool]] = {
    "none": (lambda: [], True),  # the baseline: the same visitor, nobody attacking
    "claim-2^62": (lambda: [claim(2**62)], True),
    "claim-50M": (lambda: [claim(50_000_000)], True),
    "v1-frame-on-legacy": (lambda: [message()], False),
    "offsets-out-of-order": (lambda: [out_of_order()], True),
    "flood": (lambda: [message("comm_info_request") for _ in range(5000)], True),
    "oversized-2MiB": (lambda: [message(content={"code": "x" * (2 << 20)})], True),
}


def hostile(
    url: str, name: str, seconds: float, stop_at: threading.Event, counts: dict[str, int]
) -> None:
    """Send attack ``name`` over and over (new connection when closed) until ``seconds``."""
    make, v1 = ATTACKS[name]
    end = time.monotonic() + seconds
    if name == "none":
        stop_at.wait(seconds)
        return
    while time.monotonic() < end and not stop_at.is_set():
        try:
            socket = open_socket(url, v1=v1, headers={"X-Forwarded-For": ATTACKER})
        except (InvalidHandshake, OSError, TimeoutError):
            counts["refused"] += 1
            time.sleep(0.2)
            continue
        counts["connections"] += 1
        try:
            with socket:
                for frame in make():
                    if time.monotonic() > end or stop_at.is_set():
                        break
                    socket.send(frame)
                    counts["frames"] += 1
                socket.recv(timeout=max(0.1, min(2.0, end - time.monotonic())))
        except (ConnectionClosed, OSError, TimeoutError):
            pass


def light_ready(url: str) -> float | None:
    """A light visitor's ready time (page, kernel, board drawn: the server's part), in a
    thread of its own (Playwright's sync API holds this thread's event loop)."""
    got: list[float | None] = []

    def visit() -> None:
        got.append(asyncio.run(light_visitor(url, PAGE, 0, 0.0, 60.0, VISITOR)).ready)

    thread = threading.Thread(target=visit)
    thread.start()
    thread.join(90)
    return got[0] if got else None


def one_run(browser: Any, name: str, seconds: float, ceiling: float) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="attack-ws-"))
    # make play's pool (voila.json); behind a proxy on 127.0.0.1, which says who is who
    proc, url = start_voila(tmp, "--pool_size=2",
                            "--HandoffKernelManager.trusted_proxies=127.0.0.1")  # fmt: skip
    try:
        visit_times(browser, url, PAGE, headers=VISITOR)  # warm: the first page pays imports
        time.sleep(WARM)  # the pool refilled, as on a server that has been up a while
        counts = {"connections": 0, "frames": 0, "refused": 0}
        done = threading.Event()
        cpu0 = own_cpu_seconds(proc.pid)
        with Watch(proc.pid, ceiling) as watch:
            attacker = threading.Thread(target=hostile, args=(url, name, seconds, done, counts))
            attacker.start()
            time.sleep(1)  # the attack under way
            light = light_ready(url)
            seen, ready = visit_times(browser, url, PAGE, headers=VISITOR)
            attacker.join(seconds + 30)
            done.set()
        cpu = own_cpu_seconds(proc.pid) - cpu0 if proc.poll() is None else float("nan")
        return {"before": watch.start_mb, "peak": watch.peak_mb, "cpu": cpu, "ready": ready,
                "seen": seen, "light": math.nan if light is None else light,
                "killed": watch.killed, **counts}  # fmt: skip
    finally:
        if proc.poll() is None:
            stop(proc, timeout=5)
        shutil.rmtree(tmp, ignore_errors=True)


def attacks(names: list[str], runs: int, seconds: float, ceiling: float) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, niced(CHROMIUM) as chromium:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        print(f"{'attack':22} {'RSS before':>10} {'peak':>8} {'CPU s':>6} {'light s':>7} "
              f"{'seen s':>7} {'ready s':>8} {'conns':>6} {'frames':>7}  notes")  # fmt: skip
        for name in names:
            got = [one_run(browser, name, seconds, ceiling) for _ in range(runs)]
            keys = ("before", "peak", "cpu", "light", "seen", "connections", "frames")
            med = {k: statistics.median(g[k] for g in got) for k in keys}
            readies = [g["ready"] for g in got]
            ready = (
                "never"
                if any(math.isnan(r) for r in readies)
                else f"{statistics.median(readies):.2f}"
            )
            notes = f"killed past {ceiling:.0f} MB in {sum(g['killed'] for g in got)}/{runs}" \
                if any(g["killed"] for g in got) else ""  # fmt: skip
            print(f"{name:22} {med['before']:10.0f} {med['peak']:8.0f} {med['cpu']:6.1f} "
                  f"{med['light']:7.2f} {med['seen']:7.2f} {ready:>8} {med['connections']:6.0f} "
                  f"{med['frames']:7.0f}  {notes} "
                  f"(ready runs: {', '.join(f'{r:.2f}' for r in readies)})",
                  flush=True)  # fmt: skip
        browser.close()


def traffic(clicks: int = 40) -> None:
    """What each play page sends when played fast (see the module's docstring)."""
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="attack-ws-"))
    proc, url = start_voila(tmp)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            print(f"{'page':24} {'frames':>6} {'largest B':>9} {'max/0.1s':>8} {'max/1s':>6}")
            for name in play_pages():
                sent: list[tuple[float, int]] = []
                page = new_page(browser, 1000, 1000)

                record = sent.append
                page.on("websocket", lambda ws, record=record: ws.on(
                    "framesent", lambda data: record((time.perf_counter(), len(data))),
                ))  # fmt: skip
                try:
                    open_board(page, url, name)
                except AssertionError:
                    page.goto(f"{url}/voila/render/{name}", timeout=90_000)
                    time.sleep(3)
                play = page.locator(
                    ".tablegames-play button[title='Play the move chosen in the list']"
                )
                if play.count():
                    for _ in range(clicks):
                        play.first.click(timeout=5000, force=True, no_wait_after=True)
                canvas = page.locator("canvas").first
                box = canvas.bounding_box() if canvas.count() else None
                if box:
                    for i in range(clicks):
                        page.mouse.click(box["x"] + (i * 37) % max(1, box["width"]),
                                         box["y"] + (i * 53) % max(1, box["height"]))  # fmt: skip
                moves = page.locator("canvas.tablegames-move-list")
                box = moves.first.bounding_box() if moves.count() else None
                if box:  # pointing along the move list: a mouse-move message per event
                    for i in range(6):
                        y = box["y"] + (i % 2) * (box["height"] - 2) + 1
                        page.mouse.move(box["x"] + 1, y)
                        page.mouse.move(box["x"] + box["width"] - 1, box["y"] + box["height"] - y,
                                        steps=100)  # fmt: skip
                time.sleep(3)
                page.context.close()
                times = [t for t, _ in sent]
                peak = {w: max((sum(1 for u in times if t <= u < t + w) for t in times), default=0)
                        for w in (0.1, 1.0)}  # fmt: skip
                largest = max((n for _, n in sent), default=0)
                print(
                    f"{name:24} {len(sent):6} {largest:9} {peak[0.1]:8} {peak[1.0]:6}", flush=True
                )
            browser.close()
    finally:
        stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0, help="each attack's length")
    parser.add_argument("--ceiling", type=float, default=2000.0, help="MB RSS: kill Voila")
    parser.add_argument("--traffic", action="store_true", help="measure real pages only")
    parser.add_argument("--attacks", nargs="*", default=list(ATTACKS), choices=list(ATTACKS))
    args = parser.parse_args()
    # the client library logs a server's abort of an oversized frame as its own error
    logging.getLogger("websockets").setLevel(logging.CRITICAL)
    if args.traffic:
        traffic()
    else:
        attacks(args.attacks, args.runs, min(args.seconds, 60.0), args.ceiling)


if __name__ == "__main__":
    main()
