"""Issue 27 item 2: no query value (or path) is ever reflected unescaped. Voila's lab
template wrote ``?theme=`` into ``<body data-jp-theme-name="...">`` as it came, so a link
ran a script in the play server's origin (reading the seat token from ``location.search``
and the page's kernel id); ``?template=`` gave a 500. voila.json turns both overrides off
(``allow_theme_override``, ``allow_template_override``: "NO").

For every play page, the index and the server's error pages, hostile values go into
theme, template, table, token, game, an unknown key, a key itself and the path: the raw
HTML must hold no payload unescaped, no reply may be a 500 or name a traceback or a
server path, and in Chromium the payload's script must never run.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import new_page, play_pages, start_voila, stop
from support.kernel_client import kernel_id, leave

#: Each form sets ``window.__xss`` when it runs: an attribute break-out, a tag in text,
#: a script break-out (inside a <script> block) and a quote-less attribute break-out.
PAYLOAD = (
    "\"><svg onload=window.__xss=1>'><img src=x onerror=window.__xss=2>"
    "</script><script>window.__xss=3</script> onfocus=window.__xss=4 autofocus "
)
#: What gives the payload away, unescaped, in a reply.
MARKERS = ["<svg onload=window.__xss", "<img src=x onerror", "<script>window.__xss"]
#: The query keys a hostile link sets (the pages' own, Voila's, an unknown one).
KEYS = ["theme", "template", "table", "token", "game", "seat", "zzz"]
#: Words that would give a server's insides away in a reply.
INSIDES = ["Traceback", "site-packages", "/work/", ".venv", 'File "', "/tmp/"]


def hostile_query(keys: list[str] = KEYS) -> str:
    """The payload in every one of ``keys`` (and as a key of its own, with all of them)."""
    pairs = [(key, PAYLOAD) for key in keys]
    if keys == KEYS:
        pairs.append((PAYLOAD, "1"))
    return urllib.parse.urlencode(pairs)


#: The issue's link (a seat's page with the payload in its theme), and every key at once:
#: apart, since a template override that fails (a 500) would hide the theme's reflection.
QUERIES = {"theme-link": ["theme", "table", "token"], "every-key": KEYS}


def other_urls(url: str) -> list[str]:
    """The tree and the error pages (404s, refusals), with the payload in path and query."""
    quoted = urllib.parse.quote(PAYLOAD, safe="")
    return [
        f"{url}/?{hostile_query()}",
        f"{url}/voila/tree?{hostile_query()}",
        f"{url}/voila/render/{quoted}.ipynb?{hostile_query()}",
        f"{url}/voila/render/{quoted}",
        f"{url}/{quoted}",
        f"{url}/voila/files/{quoted}",
        f"{url}/voila/static/{quoted}",
        f"{url}/voila/query/{quoted}",
        f"{url}/api/kernels/{quoted}",
        f"{url}/api/kernels/{quoted}/channels",
        f"{url}/voila/templates/{quoted}",
        f"{url}/voila/templates/{quoted}/other/{quoted}",
        f"{url}/voila/templates/{quoted}/static/x.js",
        f"{url}/voila/templates/lab/static/..%2F..%2F{quoted}",
        f"{url}/voila/render/index.ipynb/{quoted}",
    ]


class Server:
    def __init__(self, url: str) -> None:
        self.url = url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("voila")
    proc, url = start_voila(tmp)
    yield Server(url)
    stop(proc)


def get(url: str) -> tuple[int, str, http.cookiejar.CookieJar]:
    """Status and body of a GET (an error's too), with the cookies it set."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        with opener.open(url, timeout=120) as response:
            return int(response.status), response.read().decode(errors="replace"), jar
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode(errors="replace"), jar


def check_reply(url: str, status: int, body: str) -> None:
    assert status != 500 and status < 600, f"{status} for {url}"
    for marker in MARKERS:
        assert marker not in body, f"the payload came back unescaped ({marker}) from {url}"
    for inside in INSIDES:
        assert inside not in body, f"{inside!r} in the reply to {url} ({status})"


def leave_page(server_url: str, body: str, jar: http.cookiejar.CookieJar) -> None:
    """Free a rendered page's kernel, as the page does on unload."""
    try:
        kernel = kernel_id(body)
    except RuntimeError:
        return
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
    with contextlib.suppress(OSError):
        leave(server_url, kernel, cookies, xsrf)


@pytest.mark.parametrize("query", list(QUERIES))
@pytest.mark.parametrize("name", play_pages())
def test_no_query_value_reaches_a_page_unescaped(server: Server, name: str, query: str) -> None:
    url = f"{server.url}/voila/render/{name}?{hostile_query(QUERIES[query])}"
    status, body, jar = get(url)
    leave_page(server.url, body, jar)
    check_reply(url, status, body)


def test_no_value_reaches_the_tree_or_an_error_page_unescaped(server: Server) -> None:
    for url in other_urls(server.url):
        status, body, _jar = get(url)
        check_reply(url, status, body)


def test_the_theme_and_template_overrides_are_off(server: Server) -> None:
    """A page asked for another theme or template is the page as served (no 500, no
    theme name from the link)."""
    url = f"{server.url}/voila/render/index.ipynb?theme=dark&template=lab"
    status, body, jar = get(url)
    leave_page(server.url, body, jar)
    assert status == 200
    assert 'data-jp-theme-name="dark"' not in body and "JupyterLab Dark" not in body


def run_nothing(browser: object, url: str) -> None:
    """Open ``url`` in Chromium: once its own scripts have run, the payload's have not."""
    page = new_page(browser, 1000, 1000)
    try:
        page.goto(url, timeout=90_000)
        page.wait_for_load_state("networkidle", timeout=60_000)  # its scripts came and ran
        page.wait_for_timeout(500)
        assert page.evaluate("() => window.__xss") is None, "the payload's script ran"
    finally:
        page.close(run_before_unload=True)  # the page's kernel is freed as on leaving
        page.context.close()


#: Pages opened in Chromium with the theme link: the seat page (whose token a script would
#: steal) and a game page. The raw-HTML tests above check every page for the same payload.
CHROMIUM_PAGES = [p for p in play_pages() if p in ("table.ipynb", "currents.ipynb")]


@pytest.mark.parametrize("name", CHROMIUM_PAGES)
def test_the_theme_link_runs_nothing_in_chromium(
    browser: object, server: Server, name: str
) -> None:
    run_nothing(browser, f"{server.url}/voila/render/{name}?{hostile_query(QUERIES['theme-link'])}")


def test_every_key_at_once_runs_nothing_in_chromium(browser: object, server: Server) -> None:
    run_nothing(browser, f"{server.url}/voila/render/index.ipynb?{hostile_query()}")


def test_the_payload_never_runs_on_the_error_pages(browser: object, server: Server) -> None:
    page = new_page(browser, 1000, 1000)
    try:
        for url in other_urls(server.url):
            page.goto(url, timeout=60_000)
            page.wait_for_timeout(200)
            assert page.evaluate("() => window.__xss") is None, url
    finally:
        page.context.close()
