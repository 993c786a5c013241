"""Which engine runs: the compiled one (mypyc) or pure Python.

``python -m tablegames.compile_engine`` (``make compiled``) compiles some of the engine's
modules with mypyc, from the same source, into extension files beside them (``*.so``);
Python prefers an extension file to the ``.py`` beside it, so the compiled engine runs
whenever it is built. Pure Python stays the reference, and it runs instead when:

- ``TABLEGAMES_PURE`` is set (to anything but ``""`` or ``"0"``) in the environment;
- the build is stale: some compiled module's ``.py`` is newer than its extension file
  (edited since the build). The compiled modules call each other directly, inside one
  shared library, so none of them is used then, and a warning says to rebuild.

Either way a finder put first on ``sys.meta_path`` loads those modules from their
source. This module is imported first by ``tablegames/__init__.py`` and is never
compiled itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import platform
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: The environment variable that makes the engine import pure Python.
PURE_VARIABLE = "TABLEGAMES_PURE"
#: The shared library holding every compiled module (mypyc's group, named at build time).
GROUP = "tablegames._native__mypyc"
PACKAGE = Path(__file__).resolve().parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so"


@dataclass(frozen=True)
class Engine:
    """What :func:`select` found: the compiled modules on disk, whether they run, why not."""

    #: Dotted names of the modules built as extension files (the group library aside).
    built: tuple[str, ...]
    #: True when those modules are imported compiled.
    compiled: bool
    #: Why the engine is pure despite a build ("" when compiled or nothing was built).
    reason: str = ""


def extension_modules(package: Path = PACKAGE) -> dict[str, Path]:
    """The engine's modules that have an extension file, by dotted name."""
    found: dict[str, Path] = {}
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
        for file in files:
            if file.endswith(SUFFIX):
                path = Path(folder, file)
                parts = path.relative_to(package.parent).parts
                found[".".join((*parts[:-1], file[: -len(SUFFIX)]))] = path
    return found


def stale_sources(built: dict[str, Path]) -> list[str]:
    """The compiled modules whose source is newer than their extension file (or gone)."""
    stale = []
    for name, so in built.items():
        source = so.with_name(so.name[: -len(SUFFIX)] + ".py")
        if not source.exists() or source.stat().st_mtime > so.stat().st_mtime:
            stale.append(name)
    return stale


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the modules named in ``names`` from their ``.py`` only, never an extension."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def select(environ: dict[str, str] | None = None) -> Engine:
    """Decide which engine runs and, for pure Python over a build, put the
    :class:`SourceFinder` first on ``sys.meta_path`` (see the module)."""
    env = os.environ if environ is None else environ
    found = extension_modules()
    found.pop(GROUP, None)
    built = tuple(sorted(found))
    if not built:
        return Engine(built, False)
    reason = ""
    if env.get(PURE_VARIABLE, "") not in ("", "0"):
        reason = f"{PURE_VARIABLE}={env[PURE_VARIABLE]}"
    else:
        stale = stale_sources(found)
        if stale:
            reason = f"stale build: {', '.join(stale)} changed since it was compiled"
            warnings.warn(
                f"tablegames: the compiled engine is older than its source "
                f"({', '.join(stale)}): running pure Python; rebuild it with "
                "`make compiled` (python -m tablegames.compile_engine)",
                RuntimeWarning,
                stacklevel=3,
            )
    if not reason:
        return Engine(built, True)
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(built))
    return Engine(built, False, reason)


def loaded_compiled() -> list[str]:
    """The engine's modules imported so far from an extension file."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("tablegames.")
        and name != GROUP
        and str(getattr(module, "__file__", "")).endswith(SUFFIX)
    )


def info(version: str) -> str:
    """What ``python -m tablegames info`` prints: the version, which engine runs (and why
    pure Python when a build exists), the compiled modules, and Python."""
    if ENGINE.compiled:
        engine = f"compiled (mypyc), {len(ENGINE.built)} modules"
    elif ENGINE.built:
        engine = f"pure Python ({ENGINE.reason}; {len(ENGINE.built)} compiled modules not used)"
    else:
        engine = "pure Python (not compiled: make compiled builds it where a C compiler exists)"
    lines = [f"tablegames {version}", f"engine: {engine}"]
    lines += [f"  {name}" for name in ENGINE.built]
    python = f"{platform.python_implementation()} {platform.python_version()}"
    lines.append(f"python: {python} ({sys.executable})")
    return "\n".join(lines)


ENGINE = select()
#: True when the engine runs compiled (mypyc); False for pure Python.
COMPILED = ENGINE.compiled

__all__ = ["COMPILED", "ENGINE", "PURE_VARIABLE", "Engine", "SourceFinder", "select"]
