"""How the play server treats visitors as a whole (issue 16): a visitor who leaves frees
their kernel at once (Voila's shutdown request is accepted), and a post without the
matching xsrf cookie is still refused."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from support.browser import new_page, wait_painted


def kernel_status(url: str, kernel_id: str) -> int:
    """The server's answer about one kernel: 200 while it runs, 404 once it is gone."""
    try:
        return int(urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=10).status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


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
    assert kernel_status(voila_url, kernel) == 200
    cookies = {c["name"] for c in page.context.cookies()}
    assert "_xsrf" in cookies, "the page did not get the xsrf cookie its shutdown post needs"
    page.close(run_before_unload=True)  # as a browser closing the tab: beforeunload runs
    deadline = time.time() + 5
    while kernel_status(voila_url, kernel) == 200 and time.time() < deadline:
        time.sleep(0.2)
    page.context.close()
    assert kernel_status(voila_url, kernel) == 404, "the kernel outlived its page by 5 s"


def test_a_shutdown_post_without_the_xsrf_cookie_is_refused(voila_url: str) -> None:
    """The xsrf check stays on: a post whose token matches no cookie is refused before
    the handler looks at the kernel id."""
    request = urllib.request.Request(
        f"{voila_url}/voila/api/shutdown/{'0' * 8}-0000-0000-0000-{'0' * 12}",
        data=b"_xsrf=forged", method="POST",
    )  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a shutdown post without the xsrf cookie was accepted")
    except urllib.error.HTTPError as exc:
        assert exc.code == 403
