"""Issue 27 items 3 and 4, the server side: who may use a kernel, and how many one visitor
may hold. Each attack is made by a light client (urllib, websockets) against a real Voila
server started as ``make play`` starts it, with small caps so that the floods stay cheap.

Before the fix: another visitor's kernel id was enough to read their widgets, read their
request and shut their kernel down (both routes, with a made-up ``_xsrf`` pair); 60 page
loads made 60 kernels; a kernel whose page never connected lived until the idle cull.
See docs/security.md, "Kernels: who may use one, and how many".
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from support.browser import new_page, play_pages, start_voila, stop, wait_painted
from support.hostile import in_parallel
from support.kernel_client import SUBPROTOCOL, Kernel, channels_url, kernel_id
from support.processes import kernels
from websockets.exceptions import InvalidHandshake, InvalidStatus
from websockets.sync.client import connect

#: The page the attacks open (the lightest board).
PAGE = "resistor.ipynb"
#: The caps of the test server (small, so that the floods are cheap).
PER_VISITOR, PER_ADDRESS, TOTAL = 3, 6, 10
#: Seconds a page's kernel waits for its websocket before it is shut down (test server).
CONNECT = 8
#: The visitor cookie's name (jupyter_server's anonymous user: ``username-<host>``).
COOKIE = "username-"


@dataclass
class Server:
    proc: object
    url: str
    log: Path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A play server with small caps that trusts 127.0.0.1 as its proxy, so that each test
    can come from addresses of its own (``X-Forwarded-For``)."""
    tmp = tmp_path_factory.mktemp("voila")
    proc, url = start_voila(
        tmp,
        f"--HandoffKernelManager.max_kernels_per_visitor={PER_VISITOR}",
        f"--HandoffKernelManager.max_kernels_per_address={PER_ADDRESS}",
        f"--HandoffKernelManager.max_kernels={TOTAL}",
        f"--HandoffKernelManager.connect_timeout={CONNECT}",
        "--HandoffKernelManager.trusted_proxies=127.0.0.1",
    )
    yield Server(proc, url, tmp / "voila.log")
    stop(proc)  # type: ignore[arg-type]


@dataclass
class Visitor:
    """A light client with a cookie jar of its own, coming from ``address`` (as the
    trusted proxy says)."""

    address: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def open(self, url: str, data: bytes | None = None, method: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:  # fmt: skip
        """(status, body, headers) of a request carrying this visitor's cookies."""
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        request = urllib.request.Request(url, data=data, method=method,
                                         headers={"X-Forwarded-For": self.address,
                                                  **(headers or {})})  # fmt: skip
        try:
            with opener.open(request, timeout=120) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(errors="replace"), dict(exc.headers)

    def page(self, url: str, page: str = PAGE) -> str:
        """Load a play page; the id of its kernel."""
        status, html, _ = self.open(f"{url}/voila/render/{page}")
        assert status == 200, html[:500]
        return kernel_id(html)

    def cookies(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def kernel(self, url: str, kernel: str) -> int:
        """The status of ``GET /api/kernels/<id>`` asked by this visitor."""
        return self.open(f"{url}/api/kernels/{kernel}")[0]


def widget_states(url: str, kernel: str, cookies: str, address: str) -> dict[str, object]:
    """Every widget's state, read over the kernel's websocket with ``cookies``."""

    async def read() -> dict[str, object]:
        from websockets.asyncio.client import connect as aconnect

        async with aconnect(channels_url(url, kernel), subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                            additional_headers={"Cookie": cookies, "X-Forwarded-For": address},
                            max_size=2**26, open_timeout=60) as socket:  # fmt: skip
            return await asyncio.wait_for(Kernel(socket).widget_states(), 60)

    return asyncio.run(read())


def refused(url: str, cookies: str, address: str) -> int:
    """The HTTP status a websocket handshake to ``url`` was refused with (0: accepted)."""
    headers = {"Cookie": cookies, "X-Forwarded-For": address}
    try:
        with connect(url, subprotocols=[SUBPROTOCOL], open_timeout=30,  # type: ignore[list-item]
                     additional_headers=headers):  # fmt: skip
            return 0
    except InvalidStatus as exc:
        body = exc.response.body.decode(errors="replace") if exc.response.body else ""
        assert "Traceback" not in body and "/site-packages/" not in body, body
        return int(exc.response.status_code)
    except InvalidHandshake:
        return -1


def forged_xsrf(visitor: Visitor, url: str) -> None:
    """Give the visitor a made-up ``_xsrf`` cookie (the value they will post with it)."""
    host = url.split("//", 1)[1].split(":")[0]
    cookie = http.cookiejar.Cookie(0, "_xsrf", "forged", None, False, host, False, False, "/",
                                   True, False, None, False, None, None, {})  # fmt: skip
    visitor.jar.set_cookie(cookie)


HOSTILE = {
    "no cookies": lambda: Visitor("10.1.0.2", http.cookiejar.CookieJar()),
    "a cookie jar of their own": lambda: Visitor("10.1.0.3"),
    "the same address, no cookies": lambda: Visitor("10.1.0.1"),
}


@pytest.mark.parametrize("who", sorted(HOSTILE))
def test_another_visitor_cannot_use_a_kernel_they_did_not_cause(server: Server, who: str) -> None:
    """With the owner's kernel id (the page names it), a hostile visitor cannot read its
    widgets or press its buttons (websocket), read its request (``/voila/query``), look
    at it or shut it down (``/voila/api/shutdown``, ``DELETE /api/kernels``, each with a
    forged ``_xsrf`` cookie and parameter): every route answers 403/404 in plain words,
    and the owner's page still works."""
    url = server.url
    owner = Visitor("10.1.0.1")
    kernel = owner.page(url)
    hostile = HOSTILE[who]()
    if who == "a cookie jar of their own":
        hostile.page(url)  # a real visitor of the server, with a kernel of their own
    forged_xsrf(hostile, url)
    assert refused(channels_url(url, kernel), hostile.cookies(), hostile.address) in (403, 404)
    query = url.replace("http", "ws", 1) + f"/voila/query/{kernel}"
    assert refused(query, hostile.cookies(), hostile.address) in (403, 404)
    looked = hostile.open(f"{url}/api/kernels/{kernel}")
    assert looked[0] in (403, 404), looked
    posted = hostile.open(f"{url}/voila/api/shutdown/{kernel}", data=b"_xsrf=forged")
    assert posted[0] in (403, 404), posted
    deleted = hostile.open(f"{url}/api/kernels/{kernel}?_xsrf=forged", method="DELETE")
    assert deleted[0] in (403, 404), deleted
    deleted = hostile.open(f"{url}/api/kernels/{kernel}", method="DELETE",
                           headers={"X-XSRFToken": "forged"})  # fmt: skip
    assert deleted[0] in (403, 404), deleted
    for _status, body, _ in (looked, posted, deleted):
        assert "Traceback" not in body and "/site-packages/" not in body, body
    # the owner's kernel is alive, and its page works
    assert owner.kernel(url, kernel) == 200
    states = widget_states(url, kernel, owner.cookies(), owner.address)
    assert any(s["model_name"] == "CanvasModel" for s in states.values())  # type: ignore[index]
    xsrf = next(c.value for c in owner.jar if c.name == "_xsrf")
    assert owner.open(f"{url}/voila/api/shutdown/{kernel}", data=f"_xsrf={xsrf}".encode())[0] == 204


def test_the_page_sets_a_signed_http_only_visitor_cookie(server: Server) -> None:
    """The page's response sets the visitor cookie: signed (a forged value is a new
    visitor), out of the page's scripts' reach, sent on same-site requests and top-level
    navigations (a seat link opened from a mail), for every path."""
    request = urllib.request.Request(f"{server.url}/voila/render/{PAGE}",
                                     headers={"X-Forwarded-For": "10.1.0.9"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=120) as response:
        cookies = response.headers.get_all("Set-Cookie")
    visitor = [c for c in cookies if c.startswith(COOKIE)]
    assert len(visitor) == 1, cookies
    attributes = {a.strip().split("=")[0].lower(): a.strip() for a in visitor[0].split(";")[1:]}
    assert "httponly" in attributes and attributes["path"] == "Path=/"
    assert attributes["samesite"].lower() == "samesite=lax"
    assert visitor[0].split("=", 1)[1].lstrip('"').startswith("2|"), "not a signed value"


def test_the_kernel_listing_stays_blocked(server: Server) -> None:
    visitor = Visitor("10.1.0.4")
    visitor.page(server.url)
    assert visitor.open(f"{server.url}/api/kernels")[0] == 404
    assert visitor.open(f"{server.url}/api/sessions")[0] == 404


def test_a_request_is_forgotten_when_its_kernel_goes(server: Server) -> None:
    """Voila's record of the request a kernel was handed (``/voila/query/<id>``) is not
    served once the kernel is gone, not even to its owner."""
    url = server.url
    owner = Visitor("10.1.0.5")
    kernel = owner.page(url, "game.ipynb?game=resistor")
    # the kernel itself read the request it was handed: the page is the game it names
    assert "Choose a game" not in owner.open(f"{url}/voila/render/game.ipynb?game=resistor")[1]
    xsrf = next(c.value for c in owner.jar if c.name == "_xsrf")
    assert owner.open(f"{url}/voila/api/shutdown/{kernel}", data=f"_xsrf={xsrf}".encode())[0] == 204
    query = url.replace("http", "ws", 1) + f"/voila/query/{kernel}"
    assert refused(query, owner.cookies(), owner.address) in (403, 404)


def count_kernels(server: Server) -> int:
    return len(kernels(server.proc.pid))  # type: ignore[attr-defined]


def flood(url: str, loads: int, visitor: Visitor | None, address: str, threads: int = 4,
          given: set[str] | None = None) -> list[tuple[int, str, dict[str, str]]]:  # fmt: skip
    """``loads`` page loads (``threads`` at a time) without ever connecting a websocket:
    with one cookie jar, or a fresh one per load (``visitor`` None); the answers (and the
    ids of the kernels given, added to ``given`` as they come)."""

    def one() -> tuple[int, str, dict[str, str]]:
        answer = (visitor or Visitor(address)).open(f"{url}/voila/render/{PAGE}")
        if answer[0] == 200 and given is not None:
            given.add(kernel_id(answer[1]))
        return answer

    return in_parallel(one, loads, threads, 240)


def test_a_flood_of_page_loads_is_bounded_and_told_the_server_is_full(server: Server) -> None:
    """60 page loads from one address, each with a fresh cookie jar and no websocket:
    the kernels stop at the address's cap and the extra loads get the 503 page (with
    Retry-After, in plain words, no traceback); then the same address's one-jar flood
    keeps at most the visitor's cap (their oldest kernel makes way)."""
    url = server.url
    pool = len(play_pages())  # one preheated kernel per page
    given: set[str] = set()
    most = [0]
    stop_watch = threading.Event()

    def watch() -> None:  # the most of the flood's kernels alive at once
        while not stop_watch.wait(0.2):
            alive = set(kernels(server.proc.pid))  # type: ignore[attr-defined]
            with contextlib.suppress(RuntimeError):  # given grew while copied: next time
                most[0] = max(most[0], len(alive & set(given)))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        answers = flood(url, 60, None, "10.2.0.1", given=given)
    finally:
        stop_watch.set()
        watcher.join()
    assert len(answers) == 60
    full = [a for a in answers if a[0] == 503]
    # at most the address's cap at once (a kernel that never connected goes after
    # CONNECT seconds and makes room, so a slow flood may get a few more in all)
    assert most[0] <= PER_ADDRESS, f"{most[0]} of the flood's kernels alive at once"
    assert len(full) >= 60 - 3 * PER_ADDRESS, "no load was told that the server is full"
    _status, body, headers = full[0]
    assert int(headers.get("Retry-After", "0")) > 0
    assert "The server is full" in body and "try again in a minute" in body
    assert "Traceback" not in body and "/work/" not in body and "site-packages" not in body
    # every kernel of the server: the pool, and at most the visitors' total (earlier
    # tests' kernels still count); +1: a pool refill under way
    assert count_kernels(server) <= pool + TOTAL + 1

    # the flood's pages never connect: their kernels go, and make room again
    end = time.monotonic() + CONNECT + 30
    while count_kernels(server) > pool + 2 and time.monotonic() < end:
        time.sleep(0.5)
    one = Visitor("10.2.0.2")
    answers = flood(url, 12, one, "10.2.0.2", threads=1)
    assert [a[0] for a in answers] == [200] * 12
    held = [k for k in (kernel_id(a[1]) for a in answers) if one.kernel(url, k) == 200]
    assert len(held) <= PER_VISITOR, held


def test_a_kernel_whose_page_never_connects_is_gone_within_seconds(server: Server) -> None:
    """A page loaded without ever connecting its websocket: its kernel is shut down
    ``connect_timeout`` seconds after the page was sent (the idle cull took 300 s); a
    page that connects keeps its kernel."""
    url = server.url
    idle, used = Visitor("10.3.0.1"), Visitor("10.3.0.2")
    gone, kept = idle.page(url), used.page(url)
    widget_states(url, kept, used.cookies(), used.address)
    end = time.monotonic() + CONNECT + 20
    while idle.kernel(url, gone) == 200 and time.monotonic() < end:
        time.sleep(0.5)
    assert idle.kernel(url, gone) == 404, "a kernel nobody connected to outlived its page"
    assert used.kernel(url, kept) == 200, "a connected page lost its kernel"


def test_an_ordinary_visitor_gets_a_board_during_and_after_a_flood(server: Server, browser) -> None:
    """While one address floods the server with page loads (and after), a visitor from
    another address, in Chromium with a fresh cookie jar, gets a painted board."""
    url = server.url
    done: list[object] = []
    attack = threading.Thread(target=lambda: done.append(flood(url, 40, None, "10.4.0.1")),
                              daemon=True)  # fmt: skip
    attack.start()
    try:
        for _ in range(2):
            page = new_page(browser, 1000, 1000)
            page.context.set_extra_http_headers({"X-Forwarded-For": "10.4.0.9"})
            page.goto(f"{url}/voila/render/{PAGE}", timeout=90_000)
            assert wait_painted(page, timeout=90) > 1000, "the ordinary visitor got no board"
            page.close(run_before_unload=True)
            page.context.close()
            attack.join(timeout=300)  # the second visit: after the flood
    finally:
        attack.join(timeout=300)
    assert done and any(a[0] == 503 for a in done[0])  # type: ignore[index]
