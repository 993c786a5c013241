"""An ordinary visitor's timings in Chromium, measured the same way by every benchmark
that asks "is the server still quick for someone else?" (load, and the attacks of
issue 27): the browser runs at a lower CPU priority, as the visitor's own device, and
the page notes its own times from its navigation, checked every 50 ms in the page
(reading a canvas back costs the page too: checking every animation frame slowed its
start measurably).

- seen: the board's picture (the SVG the loading screen carries) or the live board is
  on the screen;
- ready: the live board canvas is painted (the page is playable).
"""

from __future__ import annotations

import contextlib
import math
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from support.browser import PAINTED

#: JavaScript run in every page before its own scripts: sets ``window.__seen`` and
#: ``window.__ready`` (ms since navigation) as described in the module's docstring.
READY_WATCH = f"""(() => {{
  const painted = {PAINTED};
  const check = () => {{
    const img = document.querySelector("#loading img.tablegames-preview");
    if (!window.__seen && img && img.complete && img.naturalWidth > 0) {{
      window.__seen = performance.now();
    }}
    if (document.querySelector("canvas") && painted() > 1000) {{
      window.__seen = window.__seen || performance.now();
      window.__ready = performance.now();
      return;
    }}
    setTimeout(check, 50);
  }};
  setTimeout(check, 50);
}})();"""

#: The visitors' browsers' CPU priority: they stand for the visitors' own devices, so they
#: take what the server leaves instead of competing with it as equals.
BROWSER_NICE = 10


@contextlib.contextmanager
def niced(executable: str, nice: int = BROWSER_NICE) -> Iterator[str]:
    """A script that runs ``executable`` at CPU priority ``nice`` (the executable itself
    when ``nice`` is 0), removed afterwards."""
    if nice == 0:
        yield executable
        return
    with tempfile.TemporaryDirectory(prefix="tablegames-visitor-") as tmp:
        script = Path(tmp) / "chromium"
        script.write_text(f'#!/bin/sh\nexec nice -n {nice} {executable} "$@"\n')
        script.chmod(0o755)
        yield str(script)


def visit_times(
    browser: Any,
    url: str,
    page: str,
    timeout: float = 120.0,
    headers: dict[str, str] | None = None,
) -> tuple[float, float]:
    """(seen, ready) in seconds for one new visitor of play page ``page`` (a browser
    context of its own, nothing cached); nan for what did not come within ``timeout``.
    The page is left as a visitor leaves it (its kernel freed)."""
    context = browser.new_context(
        viewport={"width": 1000, "height": 1000}, extra_http_headers=headers or {}
    )
    context.add_init_script(READY_WATCH)
    pg = context.new_page()
    pg.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
    seen = ready = math.nan
    try:
        pg.goto(f"{url}/voila/render/{page}", timeout=timeout * 1000, wait_until="commit")
        pg.wait_for_function("() => window.__ready", timeout=timeout * 1000)
        ready = pg.evaluate("() => window.__ready") / 1000
        seen = pg.evaluate("() => window.__seen") / 1000
    except Exception:  # a page that never came is the figure (nan)
        with contextlib.suppress(Exception):
            seen = (pg.evaluate("() => window.__seen || null") or math.nan * 1000) / 1000
    finally:
        with contextlib.suppress(Exception):
            pg.close(run_before_unload=True)
        context.close()
    return seen, ready
