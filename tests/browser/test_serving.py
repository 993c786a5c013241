"""How the play server treats visitors as a whole (issue 16): a visitor who leaves frees
their kernel at once (Voila's shutdown request is accepted) while a post without the
matching xsrf cookie is still refused; each page keeps preheated kernels ready, refilled
as visitors take them and never culled, while a visitor's idle kernel is culled."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from support.browser import NOTEBOOKS, PAINTED, new_page, play_pages, start_voila, wait_painted
from support.processes import kernels


def kernel_status(url: str, kernel_id: str, cookies: str) -> int:
    """The server's answer about one kernel to its visitor (``cookies``: their Cookie
    header): 200 while it runs, 404 once it is gone (and always, to anyone else)."""
    request = urllib.request.Request(f"{url}/api/kernels/{kernel_id}", headers={"Cookie": cookies})
    try:
        return int(urllib.request.urlopen(request, timeout=10).status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def cookie_header(page: object) -> str:
    """The Cookie header of a page's browser context (its visitor's cookies)."""
    cookies = page.context.cookies()  # type: ignore[attr-defined]
    return "; ".join(f"{c['name']}={c['value']}" for c in cookies)


def page_kernel(page: object) -> str:
    """The id of the kernel serving a page (from Voila's page config)."""
    config = page.evaluate(  # type: ignore[attr-defined]
        "() => document.getElementById('jupyter-config-data').textContent"
    )
    return str(json.loads(config)["kernelId"])


def test_leaving_a_page_frees_its_kernel_at_once(browser, voila_url: str) -> None:
    page = new_page(browser, 1000, 1000)
    page.goto(f"{voila_url}/voila/render/resistor.ipynb", timeout=90_000)
    assert wait_painted(page) > 1000
    kernel = page_kernel(page)
    visitor = cookie_header(page)
    assert kernel_status(voila_url, kernel, visitor) == 200
    assert kernel_status(voila_url, kernel, "") == 404, "anyone may look at the kernel"
    cookies = {c["name"] for c in page.context.cookies()}
    assert "_xsrf" in cookies, "the page did not get the xsrf cookie its shutdown post needs"
    page.close(run_before_unload=True)  # as a browser closing the tab: beforeunload runs
    deadline = time.time() + 5
    while kernel_status(voila_url, kernel, visitor) == 200 and time.time() < deadline:
        time.sleep(0.2)
    page.context.close()
    assert kernel_status(voila_url, kernel, visitor) == 404, "the kernel outlived its page by 5 s"


def test_a_shutdown_post_without_the_xsrf_cookie_is_refused(voila_url: str) -> None:
    """The xsrf check stays on: the kernel's own visitor (their identity cookie, but not
    the xsrf cookie) posting a token that matches no cookie is refused, and the kernel
    stays. (Anyone else is refused before that: the kernel is not theirs.)"""
    from support.kernel_client import fetch_page, kernel_id

    html, jar = fetch_page(f"{voila_url}/voila/render/resistor.ipynb")
    kernel = kernel_id(html)
    visitor = "; ".join(f"{c.name}={c.value}" for c in jar if c.name != "_xsrf")
    request = urllib.request.Request(
        f"{voila_url}/voila/api/shutdown/{kernel}", data=b"_xsrf=forged", method="POST",
        headers={"Cookie": visitor},
    )  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a shutdown post without the xsrf cookie was accepted")
    except urllib.error.HTTPError as exc:
        assert exc.code == 403
    assert kernel_status(voila_url, kernel, visitor) == 200


def kernel_ids(parent: int) -> set[str]:
    """Kernels Voila started (forked by its fork server, or its own children), by kernel id:
    a forked kernel's process id, found through the sockets it holds, can for a moment be a
    child of the kernel holding the same sockets, so process ids would not name a kernel."""
    return set(kernels(parent))


def wait_for(check: object, timeout: float) -> bool:
    """Poll ``check()`` (0.25 s apart) until it is true or ``timeout`` seconds pass."""
    end = time.time() + timeout
    while time.time() < end:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.25)
    return bool(check())  # type: ignore[operator]


def test_preheated_kernels_are_refilled_and_idle_visitors_culled(browser, tmp_path) -> None:
    proc, url = start_voila(
        tmp_path,
        # long enough for a loaded machine's page to connect to the kernel it was given
        "--MappingKernelManager.cull_idle_timeout=15",
        "--MappingKernelManager.cull_interval=1",
    )
    pages = len(play_pages())
    try:
        # one preheated kernel per page (tests run with --pool_size=1)
        assert wait_for(lambda: len(kernel_ids(proc.pid)) == pages, 180)
        pooled = kernel_ids(proc.pid)
        time.sleep(16)  # longer than the idle timeout: pooled kernels are never culled
        assert kernel_ids(proc.pid) == pooled
        page = new_page(browser, 1000, 1000)
        page.goto(f"{url}/voila/render/currents.ipynb", timeout=90_000)
        # the kernel waited in the pool past the idle timeout: it must not be culled now
        assert wait_painted(page, timeout=150) > 1000  # slow when the suite loads both cores
        kernel = page_kernel(page)
        visitor = cookie_header(page)
        # the visitor took a pooled kernel, and the pool is refilled behind them
        assert wait_for(lambda: len(kernel_ids(proc.pid)) == pages + 1, 60)
        page.context.close()  # the visitor leaves without a clean shutdown: the cull
        assert wait_for(lambda: kernel_status(url, kernel, visitor) == 404, 60)
        assert wait_for(lambda: len(kernel_ids(proc.pid)) == pages, 30)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_pool_and_the_cull_are_configured_in_the_repo() -> None:
    settings = json.loads((NOTEBOOKS / "voila.json").read_text())
    voila = settings["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    # a page whose kernel is slow to answer (many visitors at once) must not end blank
    assert settings["VoilaExecutor"]["iopub_timeout"] >= 60
    assert settings["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert settings["Voila"]["identity_provider_class"].endswith("PageIdentityProvider")
    # kernels talk over Unix sockets: with TCP, kernels started together could pick the
    # same free port and one died ("Address already in use"; seen with 30 visitors)
    assert settings["KernelManager"]["transport"] == "ipc"
    # kernels are forked from a warm process (a fraction of an ordinary start's CPU)
    assert settings["KernelProvisionerFactory"]["default_provisioner_name"] == "tablegames-fork"
    # a taken kernel is replaced at once, not after Voila's default second's wait
    assert settings["VoilaKernelManager"]["fill_delay"] == 0
    # a kernel that waited in the pool past the idle timeout is not culled when handed out
    assert voila["multi_kernel_manager_class"].endswith("HandoffKernelManager")
    assert voila["template"] == "tablegames"  # its loading screen says the game is starting
    # issue 27: kernels belong to their visitor, within caps (docs/security.md)
    caps = settings["HandoffKernelManager"]
    assert 1 <= caps["max_kernels_per_visitor"] <= caps["max_kernels_per_address"]
    assert caps["max_kernels_per_address"] <= caps["max_kernels"]
    assert 0 < caps["connect_timeout"] <= 60
    assert caps["trusted_proxies"] == []  # X-Forwarded-For is read only when configured


LOOK = """() => {
  if (!document.body) return null;
  const loading = document.getElementById('loading');
  const cells = document.getElementById('rendered_cells');
  const shown = e => !!e && getComputedStyle(e).display !== 'none';
  return {starting: shown(loading) ? loading.innerText : '', page: shown(cells)};
}"""


def test_a_visitor_who_finds_no_preheated_kernel_sees_the_game_starting(browser, tmp_path):
    """With every preheated kernel taken (here: a pool of none), a visitor's page says
    that the game is starting while its kernel starts, never stays blank, and then draws."""
    proc, url = start_voila(tmp_path, "--pool_size=0")
    try:
        page = new_page(browser, 1000, 1000)
        page.goto(f"{url}/voila/render/currents.ipynb", wait_until="commit", timeout=90_000)
        seen = []
        start = time.time()
        end = start + 150
        while time.time() < end and page.evaluate(PAINTED) <= 1000:
            seen.append((time.time() - start, page.evaluate(LOOK)))
            if seen[-1][1] and seen[-1][1]["starting"] and not (tmp_path / "starting.png").exists():
                page.screenshot(path=str(tmp_path / "starting.png"))  # to look at
            time.sleep(0.05)
        assert page.evaluate(PAINTED) > 1000, "the page never drew its board"
        looks = [(t, s) for t, s in seen if s is not None]
        assert any("Starting the game" in s["starting"] for _, s in looks), looks[:5]
        blank = [t for t, s in looks if not s["starting"] and not s["page"]]
        # The page streams in: its body may exist a moment before the loading screen
        # arrives (a busy machine stretches that moment; a kernel start takes 3-6 s).
        # Blank after anything was shown, or for 2 s at the start, a visitor would see.
        first = next((t for t, s in looks if s["starting"] or s["page"]), float("inf"))
        late = [t for t in blank if t > first]
        assert not late, f"the page went blank again {len(late)} times, at {late[:5]} s"
        assert first <= 2.0, f"the page was blank for its first {first:.1f} s"
        page.context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
