"""Issue 27: the play server stays responsive for an ordinary visitor while another
client address floods it with page loads (fairness between addresses for page renders).

Each page render costs the server about 0.6 CPU-seconds (Voila renders on its one event
loop, and the page's kernel runs the notebook). Before the fix, a flood of page loads from
one address (8 at a time, fresh cookie jars, never connecting) took the whole CPU: an
ordinary visitor's board was painted several times later than with nothing running. Now
each address renders at most a few pages at once; its next page loads wait in a bounded
queue (past it, the "server is full" page), and its kernel starts come from a token
bucket. See docs/security.md, "Kernels: who may use one, and how many".

On Linux every 127.x.y.z address reaches a server listening on 127.0.0.1: the attacker
binds its connections to 127.0.0.2 (and others), the ordinary visitor (Chromium) comes
from 127.0.0.1. The server trusts no proxy: the addresses are the sockets' own.
"""

from __future__ import annotations

import http.client
import statistics
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from support.browser import new_page, start_voila, stop, wait_painted
from support.hostile import in_parallel

#: The page the attacks open (the lightest board).
PAGE = "resistor.ipynb"
#: The fairness settings of the test server (the defaults but for the queue: 30, so that
#: a class of 30 just fits and a flood of 40 at once overflows it).
RENDERS, QUEUE = 2, 30


@dataclass
class Server:
    proc: Any
    url: str
    port: int
    log: Path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("voila")
    proc, url = start_voila(
        tmp,
        f"--HandoffKernelManager.renders_per_address={RENDERS}",
        f"--HandoffKernelManager.render_queue_per_address={QUEUE}",
        "--HandoffKernelManager.connect_timeout=20",
    )
    yield Server(proc, url, int(url.rsplit(":", 1)[1]), tmp / "voila.log")
    stop(proc)


def load(port: int, source: str) -> tuple[int, str, dict[str, str]]:
    """One page load from ``source`` (a loopback address the socket is bound to), with no
    cookies (a fresh jar), never connecting: (status, body, headers)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=240,
                                            source_address=(source, 0))  # fmt: skip
    try:
        connection.request("GET", f"/voila/render/{PAGE}")
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace"), dict(response.headers)
    finally:
        connection.close()


#: What a page load got: (status, body, headers).
Got = tuple[int, str, dict[str, str]]


def loads(port: int, source: str, count: int, at_once: int, seconds: float = 300,
          until: threading.Event | None = None) -> list[Got]:  # fmt: skip
    """``count`` page loads from ``source``, ``at_once`` at a time; stops starting new
    ones after ``seconds`` or once ``until`` is set."""

    def one() -> Got:
        try:
            return load(port, source)
        except OSError as exc:
            return (0, str(exc), {})

    return in_parallel(one, count, at_once, seconds, until)


def ready(browser: Any, url: str) -> float:
    """Seconds from navigation to a painted board, for a visitor from 127.0.0.1."""
    page = new_page(browser, 1000, 1000)
    try:
        start = time.perf_counter()
        page.goto(f"{url}/voila/render/{PAGE}", timeout=240_000)
        assert wait_painted(page, 240) > 1000
        return time.perf_counter() - start
    finally:
        page.close(run_before_unload=True)
        page.context.close()


def page_time(port: int) -> float:
    """Seconds for a light client from 127.0.0.3 to receive a page's HTML (its render)."""
    start = time.perf_counter()
    status, body, _ = load(port, "127.0.0.3")
    assert status == 200, body[:300]
    return time.perf_counter() - start


def test_a_flood_from_one_address_leaves_the_cpu_to_another(server: Server, browser: Any) -> None:
    """Page loads from 127.0.0.2, 8 at a time, while ordinary visitors load the page 3
    times each (at most 150 loads): a light client from 127.0.0.3 receives its page
    within 3 times its time with nothing running plus 2.5 s (alone it is handed a
    preheated page at once; during the flood it waits for a render beside the flood's 2:
    0.5-1.9 s, median 1.5; before the fix beside 8 and more: 0.8-4.7 s, median 4.2),
    and Chromium from 127.0.0.1 gets a painted board within 3 times its time alone plus
    5 s (a "not frozen" bound: its time is mostly the browser's own front end, which the
    server does not share out)."""
    ready(browser, server.url)  # warm-up: the first page compiles the templates
    light = statistics.median(page_time(server.port) for _ in range(3))
    alone = statistics.median(ready(browser, server.url) for _ in range(3))
    done: list[list[Got]] = []
    stop_flood = threading.Event()
    attack = threading.Thread(
        target=lambda: done.append(loads(server.port, "127.0.0.2", 150, 8, 400, stop_flood)),
        daemon=True,
    )
    attack.start()
    try:
        time.sleep(4.0)  # the flood is under way
        light_during = [page_time(server.port) for _ in range(3)]
        during = [ready(browser, server.url) for _ in range(3)]
    finally:
        stop_flood.set()
        attack.join(timeout=700)
    statuses = [status for status, _, _ in done[0]] if done else []
    print(f"light client: alone {light:.2f} s, during the flood {light_during}; "
          f"Chromium: alone {alone:.2f} s, during the flood {during}; "
          f"flood: {len(statuses)} loads, {statuses.count(200)} x 200")  # fmt: skip
    assert statistics.median(light_during) <= 3 * light + 2.5, (light, light_during)
    assert statistics.median(during) <= 3 * alone + 5.0, (alone, during)


def test_an_address_past_its_queue_gets_the_full_page(server: Server) -> None:
    """40 page loads at once from 127.0.0.5: as many as the address may render and queue
    get their page, the rest the "server is full" page at once (503, Retry-After, plain
    words, nothing about the server's inside)."""
    got = loads(server.port, "127.0.0.5", 40, 40)
    statuses = [status for status, _, _ in got]
    assert set(statuses) <= {200, 503}, statuses
    assert statuses.count(200) >= RENDERS + QUEUE - 2, statuses
    full = [(body, headers) for status, body, headers in got if status == 503]
    # The 40 connections open one after another, not at one instant: a page or two may be
    # handed out (a preheated one at once) before the last ones arrive, freeing a place.
    # Without the bound no load would get the full page.
    assert len(full) >= 40 - RENDERS - QUEUE - 3, statuses
    for body, headers in full:
        assert int(headers["Retry-After"]) > 0
        assert "try again" in body and "Traceback" not in body and "/site-packages/" not in body


def test_a_class_behind_one_address_all_get_their_page(server: Server) -> None:
    """30 page loads at once from 127.0.0.4 (a class behind one NAT, arriving together):
    every one gets its page, in turn."""
    got = loads(server.port, "127.0.0.4", 30, 30)
    statuses = [status for status, _, _ in got]
    assert statuses == [200] * 30, statuses
    assert all("jupyter-config-data" in body for _, body, _ in got)
