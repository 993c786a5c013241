"""Figures for issue 27 items 3 and 4 (the server side): what a flood of page loads costs
the play server now that kernels are capped, and what an ordinary visitor sees meanwhile.

Run: ``python benchmarks/attack_kernels.py [--loads 100] [--threads 8] [--jar-loads 30]
[--visits 3] [--pool 1] [--buffer-messages 20000] [--parts flood,jar,never,buffer]``.
Starts Voila as ``make play`` does (its voila.json caps: 8 kernels per visitor, 64 per
address, 128 in all, 30 s to connect), trusting 127.0.0.1 as its proxy so that the
attacker (``X-Forwarded-For: 10.9.0.1``) and the ordinary visitor (``10.9.0.2``) count as
two addresses. Prints:

- an ordinary visitor's page-ready time in Chromium (navigation to a painted board) with
  nothing else running, and while the flood runs: median and max of ``--visits``; and
  how long after its page was sent the page connected its websocket (what
  ``connect_timeout`` must exceed);
- the flood: ``--loads`` page loads from one address, each with a fresh cookie jar,
  never connecting (``--threads`` at a time): answers (200 / 503), peak kernels, peak RSS of Voila
  and its kernels, peak file descriptors, CPU-seconds, and the seconds until the flood's
  kernels were gone;
- one cookie jar loading ``--jar-loads`` pages: the most kernels it held at once;
- a page that never connects: seconds from its page to its kernel's shutdown (median);
- replies kept for a closed page: ``--buffer-messages`` kernel_info requests sent on a
  page's websocket, which is then closed: Voila's RSS growth 10 s later.

Loopback only; every loop bounded in count and time.
"""

from __future__ import annotations

import argparse
import contextlib
import http.cookiejar
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import CHROMIUM, FLAGS, PAINTED, start_voila, stop
from support.hostile import in_parallel
from support.kernel_client import SUBPROTOCOL, channels_url, kernel_id
from support.processes import cpu_seconds, descendants, kernels, memory_mb

PAGE = "resistor.ipynb"
ATTACKER, VISITOR = "10.9.0.1", "10.9.0.2"


def opener(jar: http.cookiejar.CookieJar) -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def load(url: str, jar: http.cookiejar.CookieJar, address: str) -> tuple[int, str]:
    """GET a play page as ``address`` with ``jar``; (status, body)."""
    request = urllib.request.Request(f"{url}/voila/render/{PAGE}",
                                     headers={"X-Forwarded-For": address})  # fmt: skip
    try:
        with opener(jar).open(request, timeout=180) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def kernel_alive(url: str, jar: http.cookiejar.CookieJar, kernel: str, address: str) -> bool:
    request = urllib.request.Request(f"{url}/api/kernels/{kernel}",
                                     headers={"X-Forwarded-For": address})  # fmt: skip
    try:
        with opener(jar).open(request, timeout=30):
            return True
    except urllib.error.HTTPError:
        return False


def fds(pid: int) -> int:
    total = 0
    for p in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError):
            total += len(os.listdir(f"/proc/{p}/fd"))
    return total


def rss(pid: int) -> tuple[float, float]:
    """(RSS, PSS) in MB of Voila and its kernels (PSS shares the forked pages fairly)."""
    total = [0.0, 0.0]
    for p in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError):
            r, s = memory_mb(p)
            total[0] += r
            total[1] += s
    return total[0], total[1]


class Sampler:
    """Peak kernels, RSS (Voila and kernels, MB) and file descriptors, every 0.25 s."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.kernels = self.rss = self.pss = self.fds = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.25):
            with contextlib.suppress(OSError):
                self.kernels = max(self.kernels, len(kernels(self.pid)))
                r, s = rss(self.pid)
                self.rss, self.pss = max(self.rss, r), max(self.pss, s)
                self.fds = max(self.fds, fds(self.pid))

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def flood(url: str, loads: int, address: str, threads: int = 4) -> tuple[list[int], set[str]]:
    """``loads`` page loads, each with a fresh jar, never connecting; the statuses, and
    the ids of the kernels the pages were given."""
    given: set[str] = set()

    def one() -> int:
        status, html = load(url, http.cookiejar.CookieJar(), address)
        if status == 200:
            given.add(kernel_id(html))
        return status

    return in_parallel(one, loads, threads, 600), given


def visit(browser: Any, url: str) -> tuple[float, float]:
    """An ordinary visitor in Chromium: (seconds to a painted board, seconds from the
    page's end to its kernel websocket opening); leaves as a browser closing the tab."""
    context = browser.new_context(viewport={"width": 1000, "height": 1000},
                                  extra_http_headers={"X-Forwarded-For": VISITOR})  # fmt: skip
    page = context.new_page()
    page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
    seen: dict[str, float] = {}
    page.on("requestfinished", lambda r: seen.setdefault("page", time.perf_counter())
            if r.resource_type == "document" else None)  # fmt: skip
    page.on("websocket", lambda ws: seen.setdefault("socket", time.perf_counter())
            if "/channels" in ws.url else None)  # fmt: skip
    start = time.perf_counter()
    page.goto(f"{url}/voila/render/{PAGE}", timeout=180_000)
    ready = float("nan")
    end = time.monotonic() + 180
    while time.monotonic() < end:
        if page.evaluate(PAINTED) > 1000:
            ready = time.perf_counter() - start
            break
        time.sleep(0.05)
    connect = seen.get("socket", float("nan")) - seen.get("page", float("nan"))
    page.close(run_before_unload=True)
    context.close()
    return ready, connect


def visits(browser: Any, url: str, n: int) -> tuple[list[float], list[float]]:
    got = [visit(browser, url) for _ in range(n)]
    return [g[0] for g in got], [g[1] for g in got]


def figures(name: str, values: list[float]) -> str:
    ok = [v for v in values if v == v]
    if not ok:
        return f"{name}: none"
    return f"{name}: median {statistics.median(ok):.2f} s, max {max(ok):.2f} s (n={len(ok)})"


def wait_pool(pid: int, pool: int, timeout: float = 240) -> None:
    end = time.monotonic() + timeout
    while len(kernels(pid)) < pool and time.monotonic() < end:
        time.sleep(0.5)


def never_connected(url: str, runs: int = 3) -> list[float]:
    """Seconds from a page (never connected) to its kernel's shutdown."""
    out = []
    for i in range(runs):
        jar = http.cookiejar.CookieJar()
        address = f"10.9.1.{i + 1}"
        status, html = load(url, jar, address)
        if status != 200:
            continue
        sent, kernel = time.perf_counter(), kernel_id(html)
        end = time.monotonic() + 120
        while kernel_alive(url, jar, kernel, address) and time.monotonic() < end:
            time.sleep(0.25)
        out.append(time.perf_counter() - sent)
    return out


def buffer_flood(url: str, pid: int, messages: int) -> tuple[float, int]:
    """Send ``messages`` kernel_info requests on a page's websocket, close it; Voila's
    RSS growth (MB) 10 s later, and how many were sent before the server stopped them."""
    from support.hostile import message
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    jar = http.cookiejar.CookieJar()
    _status, html = load(url, jar, "10.9.2.1")
    before = memory_mb(pid)[0]
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    sent = 0
    with connect(channels_url(url, kernel_id(html)), subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                 additional_headers={"Cookie": cookies, "X-Forwarded-For": "10.9.2.1"},
                 max_size=None, open_timeout=60, close_timeout=2) as socket:  # fmt: skip
        end = time.monotonic() + 30
        try:
            for _ in range(messages):
                if time.monotonic() > end:
                    break
                socket.send(message())
                sent += 1
        except (ConnectionClosed, OSError):
            pass
    time.sleep(10)
    return memory_mb(pid)[0] - before, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=100)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--parts", default="flood,jar,never,buffer")
    parser.add_argument("--jar-loads", type=int, default=30)
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--pool", type=int, default=1)
    parser.add_argument("--buffer-messages", type=int, default=20000)
    args = parser.parse_args()
    loads = min(args.loads, 200)
    parts = set(args.parts.split(","))

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        proc, url = start_voila(Path(tmp), f"--pool_size={args.pool}",
                                "--HandoffKernelManager.trusted_proxies=127.0.0.1")  # fmt: skip
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            pool = len(list((Path(__file__).resolve().parents[1] / "notebooks/play")
                            .glob("*.ipynb"))) * args.pool  # fmt: skip
            wait_pool(proc.pid, pool)
            if parts & {"flood", "jar", "never", "buffer"}:
                visit(browser, url)  # warm-up (the first page compiles the templates)
            if "flood" in parts:
                flood_figures(browser, url, proc.pid, pool, loads, args)
            if "jar" in parts:
                jar_figures(url, proc.pid, args.jar_loads)
            if "never" in parts:
                print(figures("never connected: page to shutdown", never_connected(url)))
            if "buffer" in parts:
                growth, sent = buffer_flood(url, proc.pid, args.buffer_messages)
                print(f"buffer: {sent} requests sent then the socket closed; Voila RSS "
                      f"+{growth:.0f} MB 10 s later")  # fmt: skip
        finally:
            browser.close()
            stop(proc)


def flood_figures(browser: Any, url: str, pid: int, pool: int, loads: int, args: Any) -> None:
    """The ordinary visitor alone, then the flood with the visitor during it."""
    r, s = rss(pid)
    print(f"idle: kernels {len(kernels(pid))}, RSS {r:.0f} MB, PSS {s:.0f} MB, fds {fds(pid)}")
    ready, connect = visits(browser, url, args.visits)
    print("no attack:", figures("ready", ready), "|", figures("connect", connect))
    cpu = cpu_seconds(pid)
    t0 = time.perf_counter()
    done: list[tuple[list[int], set[str]]] = []
    with Sampler(pid) as peak:
        attack = threading.Thread(
            target=lambda: done.append(flood(url, loads, ATTACKER, args.threads)), daemon=True
        )
        attack.start()
        time.sleep(1.0)
        ready, connect = visits(browser, url, args.visits)
        attack.join(timeout=700)
        took = time.perf_counter() - t0
    statuses, given = done[0] if done else ([], set())
    print(f"flood of {loads} loads ({args.threads} at a time, fresh jars, one address): "
          f"{statuses.count(200)} x 200, {statuses.count(503)} x 503 in {took:.1f} s; "
          f"peak kernels {peak.kernels:.0f} (pool {pool}), peak RSS {peak.rss:.0f} MB, "
          f"PSS {peak.pss:.0f} MB, peak fds {peak.fds:.0f}, "
          f"CPU {cpu_seconds(pid) - cpu:.1f} s")  # fmt: skip
    print("during the flood:", figures("ready", ready), "|", figures("connect", connect))
    gone = time.perf_counter()
    end = time.monotonic() + 360
    while given & set(kernels(pid)) and time.monotonic() < end:
        time.sleep(0.5)
    print(f"the flood's kernels gone {time.perf_counter() - gone:.1f} s after the flood "
          f"ended (kernels now {len(kernels(pid))}, pool {pool})")  # fmt: skip


def jar_figures(url: str, pid: int, loads: int) -> None:
    """One cookie jar loading many pages: how many kernels it keeps."""
    jar = http.cookiejar.CookieJar()
    mine = []
    with Sampler(pid) as peak:
        for _ in range(min(loads, 100)):
            status, html = load(url, jar, "10.9.3.1")
            if status == 200:
                mine.append(kernel_id(html))
        held = len([k for k in mine if kernel_alive(url, jar, k, "10.9.3.1")])
    print(f"one cookie jar, {len(mine)} loads: {held} kernels held at the end, "
          f"peak kernels {peak.kernels:.0f}, peak PSS {peak.pss:.0f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
