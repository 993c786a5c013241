"""Screenshots of each walkthrough in JupyterLab, for the README and docs:
docs/img/walkthrough-<name>.png.

Run from the repository root: ``PYTHONPATH=tests .venv/bin/python -m lab.screenshots [name ...]``
(tests/ on the path for the ``support`` helpers, as pytest puts it; default: every walkthrough;
needs Debian's chromium and JupyterLab, which ``make test`` installs). It starts
JupyterLab as the lab tests do (a temporary copy of notebooks/, nothing saved), and for
each walkthrough at 1280x800 with the file browser open (JupyterLab's default layout):
opens it, clears and runs it, scrolls to its representative widget (the inspector for
Currents, the first picture otherwise: the summary's) and saves the window. Re-run it
after a walkthrough changes, and look at the pictures before committing them.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from support.browser import CHROMIUM, FLAGS, ROOT, new_page, stop
from support.lab import (
    close_notebook,
    load_lab,
    open_notebook,
    run_all,
    start_lab,
    wait_canvases,
    walkthroughs,
)

#: The widget each screenshot scrolls to (CSS, inside the notebook's outputs) and where
#: its top goes (px below the notebook's top edge); the first picture of the notebook,
#: 90 px down, when a walkthrough has no entry. Currents: the inspector, its board with
#: the pinned influence lines and the arrow (at this width its cancellation panel wraps
#: below the board, out of the window).
FOCUS = {"currents": (".tablegames-inspector", 8)}
FIRST_PICTURE = ".jp-OutputArea-output canvas.tablegames-canvas, .jp-OutputArea-output img"

#: Scroll so that the element's top sits ``margin`` px below the notebook's top edge
#: (not ``exact``: less, to centre a short element).
SCROLL = """([selector, margin, exact]) => {
  const el = document.querySelector(selector);
  const scroller = el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook');
  const top = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  const room = scroller.clientHeight - el.getBoundingClientRect().height;
  scroller.scrollTop += top - (exact ? margin : Math.max(8, Math.min(margin, room / 2)));
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="walkthroughs (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    names = args.names or walkthroughs()
    from playwright.sync_api import sync_playwright

    proc, url = start_lab(Path(tempfile.mkdtemp(prefix="tablegames-lab-shots-")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = new_page(browser, 1280, 800)
            load_lab(page, url)
            page.evaluate(  # the file browser shows the walkthroughs' folder
                "() => window.jupyterapp.commands.execute('filebrowser:go-to-path', "
                "{path: 'walkthroughs/'})"
            )
            for name in names:
                path = f"walkthroughs/{name}.ipynb"
                panel = "#" + open_notebook(page, path)
                ran = run_all(page, path)
                wait_canvases(page, panel)
                target_css, margin = FOCUS.get(name, (FIRST_PICTURE, 90))
                focus = f"{panel} {target_css}"
                if page.locator(focus).count() == 0:
                    focus, margin = f"{panel} {FIRST_PICTURE}", 90
                page.evaluate(  # only the notebook in the main area (no Launcher tab)
                    "() => [...window.jupyterapp.shell.widgets('main')]"
                    ".filter(w => !w.context).forEach(w => w.close())"
                )
                page.evaluate(SCROLL, [focus, margin, name in FOCUS])
                page.mouse.move(5, 790)  # no hover effect on the boards
                page.wait_for_timeout(1500)  # let the boards redraw after scrolling
                target = args.out / f"walkthrough-{name}.png"
                page.screenshot(path=str(target))
                print(f"{target}: {ran['run']} of {ran['code']} cells run")
                close_notebook(page, path)
            browser.close()
    finally:
        stop(proc, timeout=20)


if __name__ == "__main__":
    main()
