"""What the browser benchmarks share: timing a click to the board's redraw inside the page.

The 2D context is patched so every draw on the watched canvas notes the time: nothing
polls, which would itself keep the page's only thread busy and delay the kernel's reply.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: JavaScript, given a CSS selector: note the time of every draw on that canvas.
INSTRUMENT = """(selector) => {
  const canvas = document.querySelector(selector);
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

#: JavaScript, given [scope selector, label]: click the first button under the scope whose
#: title, accessible name or text holds the label (lower case); ms until the last draw.
MEASURE = """async ([scope, label]) => {
  const button = [...document.querySelector(scope).querySelectorAll('button')]
    .find(b => ((b.title || '') + (b.getAttribute('aria-label') || '') + b.textContent)
      .toLowerCase().includes(label));
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


def click_steps(page: object, scope: str, clicks: int, gap_ms: int) -> list[float]:
    """Click the step buttons under ``scope`` back and forth ``clicks`` times, ``gap_ms``
    apart (a person clicks a few times a second at most); the times in ms."""
    times = []
    for i in range(clicks):
        label = "back one step" if i % 2 == 0 else "forward one step"
        ms = page.evaluate(MEASURE, [scope, label])  # type: ignore[attr-defined]
        if ms < 0:
            raise SystemExit(f"the canvas did not change after click {i + 1}")
        times.append(ms)
        page.wait_for_timeout(gap_ms)  # type: ignore[attr-defined]
    return times


def summary(times: list[float]) -> str:
    return (
        f"  median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
        f"min {min(times):.1f} ms, max {max(times):.1f} ms"
    )


def click_options(description: str) -> argparse.Namespace:
    """The command line every click benchmark takes: --clicks and --gap."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--gap", type=int, default=300, help="ms between clicks (default 300)")
    return parser.parse_args()


@contextmanager
def chromium_page(width: int, height: int) -> Iterator[Any]:
    """A page of Debian's Chromium launched with the tests' flags, ``width`` x ``height``,
    the CDN refused (``support.browser.new_page``); the browser is closed after."""
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM, FLAGS, new_page

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield new_page(browser, width, height)
        finally:
            browser.close()
