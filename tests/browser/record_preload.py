"""Record the scripts a play page loads into widgets/server/preload.txt (run it after
upgrading Voila, ipycanvas or ipywidgets; tests/browser/test_preload.py says when).

Run: ``python tests/browser/record_preload.py`` (Debian's chromium and Playwright, as the
browser tests). Serves the pages with an empty list, opens the Resistor page in a fresh
Chromium, and writes the scripts it fetched from the server, in order.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from support.browser import CHROMIUM, FLAGS, start_voila, stop
from support.visitor import READY_WATCH
from tablegames_widgets.server import preload

HEADER = """\
# The scripts a play page loads, in the order it asks for them (widgets/server/preload.py).
# Written by tests/browser/record_preload.py from a Resistor page; run it after an upgrade.
# versions: {versions}
"""

#: Fetched by every page from its head already (the template's own static files).
OWN = "voila/templates/"


def page_scripts(url: str, page: str = "resistor.ipynb") -> list[str]:
    """The paths (below the server's root) of the scripts ``page`` fetched, in order."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context()
        context.add_init_script(READY_WATCH)
        tab = context.new_page()
        tab.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
        tab.goto(f"{url}/voila/render/{page}", wait_until="commit")
        tab.wait_for_function("() => window.__ready", timeout=120_000)
        tab.wait_for_timeout(2000)  # the last chunks (the widgets' own) after the board
        names = tab.evaluate(
            "() => performance.getEntriesByType('resource')"
            ".filter(r => r.initiatorType === 'script' || r.initiatorType === 'link')"
            ".map(r => r.name)"
        )
        browser.close()
    paths = []
    for name in names:
        parts = urlsplit(name)
        path = parts.path.lstrip("/") + (f"?{parts.query}" if parts.query else "")
        if path.split("?")[0].endswith(".js") and not path.startswith(OWN) and path not in paths:
            paths.append(path)
    return paths


def main() -> None:
    saved = preload.LIST.read_text() if preload.LIST.exists() else None
    preload.LIST.write_text("")  # record the page as it loads without the list
    try:
        proc, url = start_voila(Path(tempfile.mkdtemp(prefix="record-preload-")))
        try:
            paths = page_scripts(url)
        finally:
            stop(proc)
    except BaseException:
        if saved is not None:
            preload.LIST.write_text(saved)
        raise
    versions = ", ".join(f"{k} {v}" for k, v in preload.versions().items())
    preload.LIST.write_text(HEADER.format(versions=versions) + "\n".join(paths) + "\n")
    print(f"{len(paths)} scripts written to {preload.LIST}")


if __name__ == "__main__":
    main()
