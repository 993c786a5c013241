"""What one play page costs the visitor's browser and the server, for a checkout: to
compare two commits (a front-end regression) on the same machine in the same hour.

Run: ``python benchmarks/page_cost.py [--root DIR] [--page resistor.ipynb] [--runs 3]``.
``--root`` is a checkout (default: this one); for an older commit make a worktree
(``git worktree add /tmp/old <commit>``), put its packages first on the path (a folder
with symlinks ``tablegames`` and ``tablegames_widgets`` to its ``tablegames/`` and
``widgets/``, as ``PYTHONPATH``) and its templates first (``JUPYTER_PATH=<root>/share/jupyter``).

Starts Voila as ``make play`` does from that checkout, opens the page once to warm it,
then ``--runs`` times in a new Chromium context each (nothing cached), at the browser's
own priority: prints per run the seconds from navigation to a painted board, the CPU
seconds the browser's processes spent meanwhile, and the server's (Voila and its
kernels). The CPU seconds move less than the wall time with the machine's other work.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import psutil

HERE = Path(__file__).resolve().parents[1]


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and its children so far."""
    total = 0.0
    root = psutil.Process(pid)
    for p in [root, *root.children(recursive=True)]:
        try:
            times = p.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE)
    parser.add_argument("--page", default="resistor.ipynb")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root / "tests"))
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM, FLAGS, start_voila, stop
    from support.visitor import READY_WATCH

    proc, url = start_voila(Path(tempfile.mkdtemp(prefix="page-cost-")), "--pool_size=2")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            me = psutil.Process(os.getpid())
            chromium = next(c.pid for c in me.children(recursive=True) if "chrom" in c.name())

            def visit() -> tuple[float, float, float]:
                context = browser.new_context(viewport={"width": 1000, "height": 1000})
                context.add_init_script(READY_WATCH)
                page = context.new_page()
                page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
                browser_cpu, server_cpu = tree_cpu(chromium), tree_cpu(proc.pid)
                page.goto(f"{url}/voila/render/{args.page}", wait_until="commit")
                page.wait_for_function("() => window.__ready", timeout=120_000)
                ready = page.evaluate("() => window.__ready") / 1000
                got = (ready, tree_cpu(chromium) - browser_cpu, tree_cpu(proc.pid) - server_cpu)
                page.close(run_before_unload=True)
                context.close()
                return got

            visit()
            time.sleep(12)  # the preheated pool refilled
            for i in range(args.runs):
                ready, browser_cpu, server_cpu = visit()
                print(f"run {i}: ready {ready:.2f} s, browser CPU {browser_cpu:.2f} s, "
                      f"server CPU {server_cpu:.2f} s", flush=True)  # fmt: skip
                time.sleep(8)
            browser.close()
    finally:
        stop(proc)


if __name__ == "__main__":
    main()
