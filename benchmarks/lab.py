"""Browser timing in JupyterLab: click on the Currents walkthrough's GameViewer step
buttons to canvas changed.

Run: ``python benchmarks/lab.py [--clicks 40] [--gap 300]`` (needs Debian's chromium and
JupyterLab: ``make test`` or ``make lab`` installs it). It starts JupyterLab as the lab
tests do (a temporary copy of notebooks/, nothing saved), opens the Currents walkthrough
at 1280x800, clears and runs it, then clicks the game viewer's Forward and Back buttons
in turn. Each time is measured inside the page, from the click to the last draw call of
the redraw on the viewer's board canvas (the 2D context is instrumented, nothing polls).
Clicks are --gap ms apart (a quick person). Prints the median and the 95th percentile in
milliseconds. Goal (issue 13): p95 under 50 ms. The load average is printed too: on a
busy machine the kernel and the server wait for a core, and the times say so.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import stop
from support.lab import load_lab, open_notebook, run_all, start_lab, wait_canvases

sys.path.insert(0, str(Path(__file__).resolve().parent))
from latency import INSTRUMENT, chromium_page, click_options, click_steps, summary

PATH = "walkthroughs/currents.ipynb"


def main() -> None:
    args = click_options(__doc__.splitlines()[0])
    proc, url = start_lab(Path(tempfile.mkdtemp(prefix="tablegames-lab-bench-")))
    try:
        with chromium_page(1280, 800) as page:
            started = time.perf_counter()
            load_lab(page, url)
            panel = "#" + open_notebook(page, PATH)
            ran = run_all(page, PATH)
            wait_canvases(page, panel)
            ready = time.perf_counter() - started
            viewer = f"{panel} .tablegames-viewer"
            page.locator(viewer).first.scroll_into_view_if_needed()
            page.evaluate(INSTRUMENT, f"{viewer} canvas.tablegames-canvas")
            times = click_steps(page, viewer, args.clicks, args.gap)
    finally:
        stop(proc, timeout=20)
    print(f"JupyterLab: loaded, Currents walkthrough run ({ran['code']} cells) in {ready:.1f} s; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    print(f"GameViewer in JupyterLab, click on step -> canvas changed, {len(times)} clicks:")
    print(summary(times))


if __name__ == "__main__":
    main()
