"""Binder builds from binder/: repo2docker accepts it, and it installs tablegames with the
extras that the notebooks and play pages import."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_binder_runtime_is_python_311() -> None:
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_installs_the_project_with_its_jupyter_extras() -> None:
    post = (BINDER / "postBuild").read_text()
    assert re.search(r'pip install .*-e "\.\[widgets,analysis,voila,static\]"', post)
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"


def test_repo2docker_accepts_the_binder_folder() -> None:
    r2d = Path(sys.executable).parent / "jupyter-repo2docker"
    if not r2d.exists() and shutil.which("jupyter-repo2docker") is None:
        pytest.fail("jupyter-repo2docker is part of the dev extra; reinstall with make test")
    out = subprocess.run(
        [str(r2d), "--no-build", "--debug", str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    dockerfile = out.stdout + out.stderr
    assert "python=3.11" in dockerfile
    assert "./binder/postBuild" in dockerfile


def repository() -> str:
    import tomllib

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    url = urls["Repository"]
    assert url.startswith("https://github.com/")
    return url.removeprefix("https://github.com/").strip("/")


def test_readme_binder_links_use_the_repository_address() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/([^/]+/[^/]+)/HEAD\?urlpath=([^)\s]+)", readme)
    assert links, "no Binder link in the README"
    assert {repo for repo, _ in links} == {repository()}
    paths = {urlpath.replace("%2F", "/") for _, urlpath in links}
    assert "voila/render/notebooks/play/index.ipynb" in paths
    for path in paths:
        notebook = path.split("/", 2)[2]
        assert (ROOT / notebook).exists(), notebook


def test_binder_requirements_are_pinned() -> None:
    lines = [
        line.split("#")[0].strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.split("#")[0].strip()
    ]
    assert lines and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", x) for x in lines)


def notebook_imports(notebooks: list[Path]) -> list[str]:
    """Every top-level module the notebooks' code cells import, less the notebook's own
    files (a folder or a ``.py`` beside it, such as explore's ``data/*_runs.py``: they come
    with the repository, not with the environment)."""
    import ast
    import json

    names: set[str] = set()
    for nb in notebooks:
        found: set[str] = set()
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            lines = [x for x in source.splitlines() if not x.lstrip().startswith(("%", "!"))]
            for node in ast.walk(ast.parse("\n".join(lines))):
                if isinstance(node, ast.Import):
                    found.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module.split(".")[0])
        local = {n for n in found if (nb.parent / n).is_dir() or (nb.parent / f"{n}.py").exists()}
        names |= found - local
    return sorted(names)


#: What Binder's two links open, run whole in the Binder environment: the play pages and
#: the walkthrough the README links to. Every other notebook runs under nbval in the dev
#: environment; here its imports are checked (the environment is what differs).
BINDER_RUNS = ("play/*.ipynb", "walkthroughs/currents.ipynb")


#: Where ``make test`` builds Binder's environment beside its other first steps
#: (``make binder-env``), with a stamp holding the hashes of the files it was built from.
PREBUILT = ROOT / ".binder-env"
BINDER_FILES = ("binder/requirements.txt", "binder/postBuild", "pyproject.toml")


def stamp() -> str:
    """What ``make binder-env`` writes into its stamp for the files as they are now
    (``sha256sum``'s lines)."""
    import hashlib

    return "".join(
        f"{hashlib.sha256((ROOT / name).read_bytes()).hexdigest()}  {name}\n"
        for name in BINDER_FILES
    )


def prebuilt() -> Path | None:
    """``make binder-env``'s environment when it was built from the files as they are."""
    built = PREBUILT / ".built"
    ok = built.exists() and built.read_text() == stamp() and (PREBUILT / "bin/python").exists()
    return PREBUILT if ok else None


def test_stamp_is_what_make_binder_env_writes() -> None:
    if shutil.which("sha256sum") is None:
        pytest.skip("no sha256sum here")
    out = subprocess.run(["sha256sum", *BINDER_FILES], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == stamp()


#: Runs notebooks one after another in one process (the Binder environment's nbclient),
#: each in its own folder with a fresh kernel, as Binder would: ``python -c RUN NB...``.
RUN_NOTEBOOKS = """
import sys, nbformat
from pathlib import Path
from nbclient import NotebookClient
for name in sys.argv[1:]:
    path = Path(name)
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, resources={"metadata": {"path": str(path.parent)}}).execute()
    print("ran", path.name, flush=True)
"""


def test_notebooks_run_in_an_environment_built_from_binder_alone(tmp_path: Path) -> None:
    """What Binder builds, minus Docker: a fresh venv with binder/requirements.txt, then
    binder/postBuild (``make binder-env``'s when it is current, else built here); every
    module any notebook imports imports there, and the notebooks Binder's links open run
    top to bottom in it."""
    import venv

    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        env[var] = str(tmp_path / var)

    def run(*cmd: str, cwd: Path = ROOT) -> None:
        out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, f"{' '.join(cmd)}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"

    env_dir = prebuilt()
    if env_dir is None:
        env_dir = tmp_path / "binder-env"
        venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    if env_dir != PREBUILT:
        run(str(bin_dir / "pip"), "install", "--quiet", "-r", str(BINDER / "requirements.txt"))
        run("bash", str(BINDER / "postBuild"))
    notebooks = sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if "checkpoint" not in str(p)
    )
    modules = notebook_imports(notebooks)
    assert "tablegames_widgets" in modules and "tablegames" in modules
    run(str(bin_dir / "python"), "-c", "import " + ", ".join(modules))
    chosen = sorted({nb for pattern in BINDER_RUNS for nb in (ROOT / "notebooks").glob(pattern)})
    assert len(chosen) >= 3
    # Two lanes, one per core: each runs its notebooks one after another (the biggest
    # first, dealt alternately).
    by_size = sorted(chosen, key=lambda nb: nb.stat().st_size, reverse=True)
    lanes = [
        subprocess.Popen(
            [str(bin_dir / "python"), "-c", RUN_NOTEBOOKS, *map(str, by_size[k::2])],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for k in range(2)
    ]
    for k, lane in enumerate(lanes):
        out, _ = lane.communicate(timeout=1800)
        assert lane.returncode == 0, out[-4000:]
        assert out.count("ran ") == len(by_size[k::2]), out[-4000:]
