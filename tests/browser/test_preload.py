"""The play pages ask for Voila's scripts at once in their head
(tablegames_widgets.server.preload), and those are the scripts the page runs."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from support.visitor import READY_WATCH
from tablegames_widgets.server import preload

LIST = preload.LIST.read_text()


def test_the_preload_list_names_only_files_of_this_install_inside_its_folders() -> None:
    assert preload.installed("voila/static/voila.js")
    assert not preload.installed("voila/static/../../../../etc/passwd")
    assert not preload.installed("voila/static/no-such-chunk.voila.js")
    assert not preload.installed("api/kernels")


def test_a_play_page_preloads_the_recorded_scripts_in_its_head(voila_url: str) -> None:
    html = urlopen(f"{voila_url}/voila/render/currents.ipynb", timeout=120).read().decode()
    head = html.split("</head>", 1)[0]
    paths = preload.preload_paths()
    assert paths and paths[0] == "voila/static/voila.js"
    for path in paths:
        assert f'<link rel="preload" as="script" href="/{path}">' in head


def test_every_preloaded_script_is_fetched_once_and_runs_on_the_page(
    voila_url: str, page: Any
) -> None:
    """No wasted preload (a script the page never runs, or one fetched twice because the
    preload did not match the page's own request); and, with the versions the list was
    recorded with, no script the page runs left out."""
    page.context.add_init_script(READY_WATCH)
    page.goto(f"{voila_url}/voila/render/fellowship.ipynb", wait_until="commit")
    page.wait_for_function("() => window.__ready", timeout=120_000)
    page.wait_for_timeout(2000)
    names = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)")
    fetched = [urlsplit(n).path.lstrip("/") + (f"?{urlsplit(n).query}" if urlsplit(n).query else "")
               for n in names]  # fmt: skip
    preloaded = set(preload.preload_paths())
    assert all(fetched.count(path) == 1 for path in preloaded), sorted(
        p for p in preloaded if fetched.count(p) != 1
    )
    scripts = {p for p in fetched if p.split("?")[0].endswith(".js") and "/templates/" not in p}
    if preload.recorded_versions(LIST) != preload.versions():
        pytest.skip(f"the list was recorded with {preload.recorded_versions(LIST)}: "
                    "run tests/browser/record_preload.py")  # fmt: skip
    assert scripts == preloaded
