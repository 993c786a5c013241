"""``make lab``: JupyterLab on the walkthroughs, as the README promises."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest
from support.browser import ROOT, free_port


def test_lab_extra_has_jupyterlab_4_and_what_the_walkthroughs_import() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    lab = extras["lab"]
    assert any(re.fullmatch(r"jupyterlab>=4[.\d]*,<5", d) for d in lab), lab
    wanted = {"widgets", "analysis"}
    included = {x.strip() for d in lab if d.startswith("tablegames[") for x in d[11:-1].split(",")}
    assert wanted <= included, f"the lab extra should include {wanted}: {lab}"
    assert any(d.startswith("jupyterlab") for d in extras["dev"]), "make test needs jupyterlab"


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_serves_notebooks_on_loopback_and_opens_the_currents_walkthrough(
    tmp_path: Path,
) -> None:
    """``make lab PORT=...`` starts JupyterLab on 127.0.0.1 at that port, serving
    notebooks/, and the address it prints opens the Currents walkthrough (run as root
    too: the Makefile adds --allow-root only then)."""
    port = free_port()
    venv = Path(sys.executable).parent.parent
    env = dict(os.environ)
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "JUPYTER_CONFIG_DIR"):
        (tmp_path / var).mkdir()
        env[var] = str(tmp_path / var)
    env["BROWSER"] = "true"  # a desktop session would open a browser tab otherwise
    log = tmp_path / "make-lab.log"
    # -o: use the installed venv as it is (make test installed jupyterlab with the dev extra).
    proc = subprocess.Popen(
        ["make", "-s", "-o", f"{venv}/.lab", "lab", f"PORT={port}", f"VENV={venv}"],
        cwd=ROOT,
        env=env,
        stdout=open(log, "wb"),  # noqa: SIM115 - closed with the process
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: make and jupyter stop together
    )
    try:
        address = None
        end = time.time() + 120
        while time.time() < end and address is None and proc.poll() is None:
            found = re.search(rf"http://127\.0\.0\.1:{port}/lab/tree/(\S+)\?token=(\w+)",
                              log.read_text(errors="replace"))  # fmt: skip
            address = found.groups() if found else None
            time.sleep(0.25)
        assert address, "make lab printed no address:\n" + log.read_text()[-3000:]
        path, token = address
        assert path == "walkthroughs/currents.ipynb"
        api = f"http://127.0.0.1:{port}/api/contents/{path}?content=0&token={token}"
        with urllib.request.urlopen(api, timeout=30) as reply:
            assert json.load(reply)["path"] == path  # served from notebooks/
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
