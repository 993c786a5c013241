"""Which engine runs (issue 31): ``TABLEGAMES_PURE=1`` gives pure Python even over a build,
``tablegames.COMPILED`` and ``python -m tablegames info`` say the truth, a stale build is
never imported, and the build is found from any folder. Each check runs in a fresh
process: the engine is chosen once, when ``tablegames`` is first imported."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import tablegames
from tablegames.compile_engine import listed, module_name
from tablegames.compiled import SUFFIX

ROOT = Path(tablegames.__file__).resolve().parents[1]
MODULES = [module_name(p) for p in listed(ROOT / "pyproject.toml")]

#: Prints, as JSON, the engine this process runs and where each listed module came from.
PROBE = f"""
import importlib, json, sys, tablegames
modules = {{name: importlib.import_module(name).__file__ for name in {MODULES!r}}}
engine = tablegames.compiled.ENGINE
print(json.dumps({{"compiled": tablegames.COMPILED, "reason": engine.reason,
                  "built": list(engine.built), "package": tablegames.__file__,
                  "modules": modules}}))
"""


def python(*args: str, pure: str = "", cwd: Path | None = None,
           path: Path | None = None) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """Run this Python with ``TABLEGAMES_PURE=pure`` (and ``PYTHONPATH=path`` if given)."""
    env = {**os.environ, "TABLEGAMES_PURE": pure}
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done


def probe(**kwargs: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(python("-c", PROBE, **kwargs).stdout)
    return out


def built() -> bool:
    """Is every listed module built beside its source in this checkout?"""
    return all((ROOT / (m.replace(".", "/") + SUFFIX)).exists() for m in MODULES)


def test_compiled_says_which_engine_runs() -> None:
    """COMPILED is True exactly when every listed module is loaded from its extension file,
    and a fresh build is used (make test builds it first where a compiler exists)."""
    out = probe()
    from_extension = [m for m, f in out["modules"].items() if f.endswith(SUFFIX)]
    assert out["compiled"] == (from_extension == MODULES), out
    assert out["compiled"] or not from_extension, out
    if built() and not out["reason"]:
        assert out["compiled"], out


def test_tablegames_pure_loads_every_listed_module_from_source() -> None:
    out = probe(pure="1")
    assert out["compiled"] is False
    assert all(f.endswith(".py") for f in out["modules"].values()), out["modules"]
    if built():
        assert out["reason"] == "TABLEGAMES_PURE=1"


def test_tablegames_pure_0_is_not_pure() -> None:
    """Only an empty value or 0 leaves the engine to the build."""
    assert probe(pure="0")["compiled"] == probe()["compiled"]


def test_info_says_which_engine_runs() -> None:
    compiled = probe()["compiled"]
    text = python("-m", "tablegames", "info").stdout
    assert text.startswith(f"tablegames {tablegames.__version__}\n")
    engine = text.splitlines()[1]
    assert engine.startswith("engine: compiled (mypyc)" if compiled else "engine: pure Python")
    if compiled:
        assert all(f"  {m}\n" in text for m in MODULES), text
    assert "python: CPython 3." in text
    pure = python("-m", "tablegames", "info", pure="1").stdout.splitlines()[1]
    assert pure.startswith("engine: pure Python"), pure
    if built():
        assert "TABLEGAMES_PURE=1" in pure


def test_the_engine_is_found_from_any_folder(tmp_path: Path) -> None:
    """From a folder outside the checkout, the installed (editable) package is this one and
    runs the same engine: the compiled modules' shared library is inside the package."""
    here = probe()
    out = probe(cwd=tmp_path)
    found = Path(out["package"]).resolve()
    assert found == ROOT / "tablegames" / "__init__.py", (
        f"from another folder Python imports {found}, not this checkout's package: the editable"
        " install points at another checkout (a git worktree run against the main one's venv?)"
    )
    assert out["compiled"] == here["compiled"]


def copy_of_the_engine(into: Path) -> Path:
    """The engine's sources copied into ``into`` (no build, no caches)."""
    target = into / "tablegames"
    shutil.copytree(ROOT / "tablegames", target,
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))  # fmt: skip
    return target


def test_a_stale_build_is_never_imported(tmp_path: Path) -> None:
    """An extension file older than its source (the source edited since the build) makes
    every listed module load from source, with a warning: here the extension files are
    not even loadable, so importing one would fail."""
    package = copy_of_the_engine(tmp_path)
    for m in MODULES:
        so = tmp_path / (m.replace(".", "/") + SUFFIX)
        so.write_bytes(b"not a shared library")
        os.utime(so, (1_000_000_000, 1_000_000_000))  # 2001: older than any source
    (package / "_native__mypyc").with_suffix(SUFFIX).write_bytes(b"not one either")
    done = python("-c", PROBE, cwd=tmp_path, path=tmp_path)
    out = json.loads(done.stdout)
    assert out["compiled"] is False
    assert out["reason"].startswith("stale build: "), out
    assert all(f.endswith(".py") for f in out["modules"].values()), out["modules"]
    assert "the compiled engine is older than its source" in done.stderr
    info = python("-W", "ignore", "-m", "tablegames", "info", cwd=tmp_path, path=tmp_path)
    assert "engine: pure Python (stale build: " in info.stdout
    # the same files fresh are imported (and fail): the check is what kept them out
    for m in MODULES:
        os.utime(tmp_path / (m.replace(".", "/") + SUFFIX))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "TABLEGAMES_PURE": ""}
    fresh = subprocess.run([sys.executable, "-c", "import tablegames"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=60)  # fmt: skip
    assert fresh.returncode != 0 and "ImportError" in fresh.stderr


#: States written as plain classes on tablegames.nativebuilt's compiled base, not dataclasses.
NATIVE_STATES = {
    "tablegames/cardchess/state.py",
    "tablegames/currents/state.py",
    "tablegames/fellowship/state.py",
    "tablegames/poohsticks/state.py",
    "tablegames/resistor/state.py",
}
#: Moves written as plain classes on tablegames.value's compiled FrozenValue, registered
#: with core.Move: plug-ins subclass core.Move, never a game's move class.
NATIVE_MOVES = {
    "tablegames/currents/moves.py",
    "tablegames/fellowship/moves.py",
    "tablegames/poohsticks/moves.py",
}


def test_no_state_move_or_core_module_is_compiled() -> None:
    """What stays interpreted (issue 31): compiled, the state and move dataclasses were
    slower or broke the plug-ins that subclass them; so were core.py and built.py. A
    native state (NATIVE_STATES) or move (NATIVE_MOVES) is compiled: no plug-in subclasses
    a game's state or move."""
    native = NATIVE_STATES | NATIVE_MOVES
    names = {Path(p).name for p in set(listed(ROOT / "pyproject.toml")) - native}
    assert not names & {"state.py", "moves.py", "game.py", "core.py", "built.py"}
    assert all((ROOT / p).exists() for p in listed(ROOT / "pyproject.toml"))
