"""Browser timing of the Currents play page: click on "step" to canvas changed.

Run: ``python benchmarks/browser.py [--clicks 40]`` (needs Debian's chromium). It
starts Voila as ``make play`` does, opens the Currents page (board with the influence
overlay on), plays a few moves, then clicks the controls' back and forward buttons in
turn. Each time is measured inside the page, from the click to the last draw call of
the redraw on the board's canvas (the 2D context is instrumented, nothing polls). Clicks are --gap
ms apart (default 300: a quick person). Prints the median and the 95th percentile in
milliseconds. Target (issue 4): p95 under 35 ms.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import start_voila, wait_painted

sys.path.insert(0, str(Path(__file__).resolve().parent))
from latency import INSTRUMENT, chromium_page, click_options, click_steps, summary


def main() -> None:
    args = click_options(__doc__.splitlines()[0])
    proc, url = start_voila(Path(tempfile.mkdtemp(prefix="tablegames-bench-")))
    try:
        with chromium_page(1000, 1000) as page:
            page.goto(f"{url}/voila/render/currents.ipynb", timeout=90_000)
            wait_painted(page)
            page.evaluate(INSTRUMENT, "canvas.tablegames-currents")
            play = page.locator(".tablegames-play button", has_text="Play").last
            for _ in range(4):  # a short history to step through
                if not play.is_enabled():
                    break  # the game is over
                play.click()
                page.wait_for_timeout(600)
            times = click_steps(page, ".tablegames-play", args.clicks, args.gap)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    print(f"Currents play page, click on step -> canvas changed, {len(times)} clicks:")
    print(summary(times))


if __name__ == "__main__":
    main()
