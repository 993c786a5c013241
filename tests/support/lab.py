"""Helpers for the JupyterLab tests, the JupyterLab benchmark and the walkthrough
screenshots: start a real JupyterLab on a temporary copy of notebooks/, open a
walkthrough in Chromium, run it, find its boards.

The server runs with no token on a free loopback port, with every Jupyter folder in a
temporary directory, and serves a COPY of notebooks/: JupyterLab saves what it opens
(autosave is switched off too), and a test must never write into the repository.
Settings switch off what could cover the page (news and update notifications, the
extension manager) and cell windowing, so that every cell of a notebook is in the page.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from support.browser import NOTEBOOKS, free_port, jupyter_env, serve

WALKTHROUGHS = NOTEBOOKS / "walkthroughs"

#: User settings of the test server (plugin id -> settings).
SETTINGS = {
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/extensionmanager-extension:plugin": {"enabled": False},
    # Every cell stays in the page (no virtual scrolling): the tests look at all of them.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}


def walkthroughs() -> list[str]:
    """Every walkthrough present (the tests discover them: a new one needs no test edit)."""
    return sorted(p.stem for p in WALKTHROUGHS.glob("*.ipynb"))


def start_lab(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    """JupyterLab serving a copy of notebooks/ (in ``tmp``/notebooks) on a free port;
    the process and the base address."""
    root = tmp / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = tmp / "settings"
    for plugin, values in SETTINGS.items():
        package, name = plugin.split(":")
        path = settings / package / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env = jupyter_env(tmp, "JUPYTER_CONFIG_DIR")
    port = free_port()
    jupyter = Path(sys.executable).parent / "jupyter"
    command = [
        str(jupyter), "lab", "--no-browser", f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}", "--IdentityProvider.token=",
        "--ServerApp.password=", f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=", "--LabApp.collaborative=False",
    ]  # fmt: skip
    if hasattr(os, "getuid") and os.getuid() == 0:
        command.append("--allow-root")
    url = f"http://127.0.0.1:{port}"
    proc = serve(command, root, env, tmp / "lab.log", url + "/api/status", "JupyterLab", 240)
    return proc, url


#: JavaScript: the notebook panel open on ``path``.
PANEL = """(path) => [...window.jupyterapp.shell.widgets('main')]
  .find(w => w.context && w.context.path === path && w.content)"""

#: JavaScript: the kernel's state and each code cell's execution state in the notebook
#: open on ``path``, read from the application JupyterLab exposes (expose_app_in_browser).
CELLS = f"""(path) => {{
  const panel = ({PANEL})(path);
  if (!panel || !panel.sessionContext) return null;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  return {{
    kernel: kernel ? kernel.status : 'none',
    code: cells.length,
    run: cells.filter(c => c.model.executionCount !== null).length,
    busy: cells.filter(c => c.promptNode && c.promptNode.textContent.includes('*')).length,
  }};
}}"""

#: JavaScript: every cell's outputs in the notebook open on ``path``, as nbformat JSON.
OUTPUTS = (
    f"""(path) => [...({PANEL})(path).content.model.cells].map(c => c.toJSON().outputs || [])"""
)

#: JavaScript: for every canvas matching a CSS selector, its size and how many pixels
#: differ from its most common colour (0: blank, whatever the background).
CANVASES = """(selector) => [...document.querySelectorAll(selector)]
  .map(c => {
    const box = c.getBoundingClientRect();
    let inked = 0;
    if (c.width > 0 && c.height > 0) {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const counts = new Map();
      for (let i = 0; i < d.length; i += 4) {
        const k = (d[i] << 24) ^ (d[i + 1] << 16) ^ (d[i + 2] << 8) ^ d[i + 3];
        counts.set(k, (counts.get(k) || 0) + 1);
      }
      inked = d.length / 4 - Math.max(...counts.values());
    }
    return {cls: c.className, width: c.width, height: c.height,
            shown: box.width > 0 && box.height > 0, inked};
  })"""


def load_lab(page: object, url: str) -> None:
    """Load JupyterLab (a fresh workspace: the file browser open, no document)."""
    page.goto(f"{url}/lab?reset", timeout=120_000)  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => window.jupyterapp && window.jupyterapp.shell && "
        "document.querySelector('.jp-DirListing-item') !== null",
        timeout=120_000,
        polling=250,
    )


def open_notebook(page: object, path: str, kernel: bool = True) -> str:
    """Open ``path`` (relative to the served folder) in the loaded JupyterLab, bring it to
    the front and wait until its kernel is idle (``kernel=False``: only until its cells
    are in the page, as a reader sees it before any run); the panel's DOM id."""
    page.evaluate(  # type: ignore[attr-defined]
        "async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
        path,
    )
    ready = "s.kernel === 'idle'" if kernel else "s.code > 0"
    page.wait_for_function(  # type: ignore[attr-defined]
        f"""(path) => {{ const s = ({CELLS})(path); return s && {ready}; }}""",
        arg=path,
        timeout=120_000,
        polling=250,
    )
    return str(
        page.evaluate(  # type: ignore[attr-defined]
            f"""(path) => {{ const p = ({PANEL})(path);
              window.jupyterapp.shell.activateById(p.id); return p.id; }}""",
            path,
        )
    )


def close_notebook(page: object, path: str) -> None:
    """Shut the notebook's kernel down and close it without saving (nothing is written)."""
    page.evaluate(  # type: ignore[attr-defined]
        f"""async (path) => {{
          const panel = ({PANEL})(path);
          if (!panel) return;
          await panel.sessionContext.ready;  // a kernel still starting is shut down too
          await panel.sessionContext.shutdown();
          panel.context.model.dirty = false;
          panel.dispose();
        }}""",
        path,
    )


def run_all(page: object, path: str, timeout: float = 240.0) -> dict[str, int | str]:
    """Clear every output of the notebook open on ``path`` (in front), run every cell and
    wait until the kernel is idle with no cell queued (for 2 s: a cell that fails stops
    the run, leaving later cells unrun); the cell counts (``run`` < ``code``: not all ran)."""
    page.evaluate(  # type: ignore[attr-defined]
        f"""async (path) => {{
          window.jupyterapp.shell.activateById(({PANEL})(path).id);
          const c = window.jupyterapp.commands;
          await c.execute('notebook:clear-all-cell-outputs');
          c.execute('notebook:run-all-cells');
        }}""",
        path,
    )
    end = time.time() + timeout
    state: dict[str, int | str] = {}
    quiet_since = None
    while time.time() < end:
        state = page.evaluate(CELLS, path)  # type: ignore[attr-defined]
        if state["kernel"] == "idle" and state["busy"] == 0:
            if state["run"] == state["code"]:
                return state
            quiet_since = quiet_since or time.time()
            if time.time() - quiet_since > 2:
                return state
        else:
            quiet_since = None
        time.sleep(0.25)
    raise AssertionError(f"{path} did not finish running in {timeout:.0f} s: {state}")


def wait_canvases(page: object, within: str, timeout: float = 30.0) -> list[dict[str, object]]:
    """Wait until every shown canvas in the outputs under the CSS selector ``within`` has
    something drawn (or the timeout passes); every canvas found."""
    end = time.time() + timeout
    canvases: list[dict[str, object]] = []
    while time.time() < end:
        canvases = page.evaluate(CANVASES, f"{within} .jp-OutputArea canvas")  # type: ignore[attr-defined]
        shown = [c for c in canvases if c["shown"]]
        if shown and all(int(c["inked"]) > 50 for c in shown):  # type: ignore[call-overload]
            break
        time.sleep(0.25)
    return canvases
