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

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser_support import CHROMIUM, FLAGS, start_voila, wait_painted

#: Patch the 2D context so every draw on the board's canvas notes the time: no polling,
#: which would itself keep the page's only thread busy and delay the kernel's reply.
INSTRUMENT = """() => {
  const canvas = document.querySelector('canvas.tablegames-currents');
  window.__lastDraw = 0;
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['drawImage', 'clearRect', 'fillRect', 'putImageData']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (this.canvas === canvas) window.__lastDraw = performance.now();
      return original.apply(this, args);
    };
  }
}"""

MEASURE = """async (label) => {
  const button = [...document.querySelectorAll('button')]
    .find(b => (b.title || '').startsWith(label));
  const t0 = performance.now();
  button.click();
  while (window.__lastDraw < t0) {
    if (performance.now() - t0 > 5000) return -1;
    await new Promise(r => setTimeout(r, 1));
  }
  await new Promise(r => setTimeout(r, 0));  // let the rest of the batch draw
  return window.__lastDraw - t0;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--gap", type=int, default=300, help="ms between clicks (default 300)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proc, url = start_voila(Path(tempfile.mkdtemp(prefix="tablegames-bench-")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport={"width": 1000, "height": 1000})
            page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
            page.goto(f"{url}/voila/render/currents.ipynb", timeout=90_000)
            wait_painted(page)
            page.evaluate(INSTRUMENT)
            play = page.locator(".tablegames-play button", has_text="Play").last
            for _ in range(4):  # a short history to step through
                if not play.is_enabled():
                    break  # the game is over
                play.click()
                page.wait_for_timeout(600)
            times = []
            for i in range(args.clicks):
                label = "Back one step" if i % 2 == 0 else "Forward one step"
                ms = page.evaluate(MEASURE, label)
                if ms < 0:
                    raise SystemExit(f"the canvas did not change after click {i + 1}")
                times.append(ms)
                # A person clicks a few times a second at most (--gap 50 is harsher).
                page.wait_for_timeout(args.gap)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    print(f"Currents play page, click on step -> canvas changed, {len(times)} clicks:")
    print(f"  median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
          f"min {min(times):.1f} ms, max {max(times):.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
