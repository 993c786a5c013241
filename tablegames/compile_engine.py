"""Build the compiled engine: ``python -m tablegames.compile_engine`` (``make compiled``).

Compiles, with mypyc, the modules listed once in ``pyproject.toml`` under
``[tool.tablegames] compiled`` into one shared library, ``tablegames/_native__mypyc*.so``
(inside the package, so an editable install finds it from any folder), and one small
extension file beside each module's ``.py``. What stays interpreted, and why: the
games' Move dataclasses not yet written on :class:`~tablegames.value.FrozenValue` (the
states and Poohsticks' moves are), ``core.py`` and ``built.py`` (compiled, they were
slower or broke the plug-ins that subclass them).

Does nothing when the build is up to date (every listed module built, none newer than
its extension file, no other extension file left over); otherwise removes the old
extension files and builds all of them again in ``build/``, then moves each into place
with one rename (a process running the old ones keeps them). ``--clean`` only removes
them. Needs a C compiler and Python's headers: without them it prints one line and
leaves the engine pure (exit code 0), unless ``--strict``.

mypyc and setuptools are imported only here, never by the engine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import sysconfig
import time
import tomllib
from importlib import import_module
from pathlib import Path

from .compiled import GROUP, SUFFIX, extension_modules, stale_sources

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
BUILD = ROOT / "build" / "compiled"


def listed(pyproject: Path = PYPROJECT) -> list[str]:
    """The source files to compile, as listed in ``pyproject.toml`` (relative paths)."""
    with pyproject.open("rb") as f:
        config = tomllib.load(f)
    modules: list[str] = config["tool"]["tablegames"]["compiled"]
    return modules


def module_name(path: str) -> str:
    """``tablegames/currents/rules.py`` -> ``tablegames.currents.rules``."""
    return path.removesuffix(".py").replace("/", ".")


def up_to_date(paths: list[str]) -> bool:
    """Is every listed module built, fresh, and nothing else built?"""
    found = extension_modules()
    if GROUP not in found:
        return False
    found.pop(GROUP)
    return set(found) == {module_name(p) for p in paths} and not stale_sources(found)


def missing_compiler() -> str:
    """Why this machine cannot compile C for this Python ("" when it can): a C compiler
    and Python.h. The Makefile asks it too (``--can-compile``), before installing mypyc."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return "no C compiler (cc)"
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").exists():
        return f"no Python headers ({include}/Python.h)"
    return ""


def missing_toolchain() -> str:
    """Why this machine cannot build the compiled engine ("" when it can): what
    :func:`missing_compiler` finds missing, or mypyc."""
    why = missing_compiler()
    if why:
        return why
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install -e '.[compiled]')"
    return ""


def remove_built() -> list[Path]:
    """Delete every extension file in the package (unlinked: running processes keep theirs)."""
    gone = list(extension_modules().values())
    for path in gone:
        path.unlink()
    return gone


def build(paths: list[str]) -> None:
    """Compile ``paths`` with mypyc in ``build/compiled`` and move the results into place."""
    from mypyc.build import mypycify

    # setuptools ships no type information in every version the dev extra allows
    Distribution = import_module("setuptools").Distribution

    os.chdir(ROOT)  # mypy finds the package from here; the listed paths are relative to it
    # One C file for the whole group (mypyc's default), not multi_file=True: split per module,
    # the build took 83 CPU-s, not 111, and could compile on both cores, but Currents ran
    # 0.24x tic-tac-toe, not 0.21x (two runs each, 2026-11-29): gcc inlines only within a file.
    extensions = mypycify(paths, group_name=GROUP.removesuffix("__mypyc"),
                          target_dir=str(BUILD / "c"))  # fmt: skip
    if sys.platform.startswith("linux"):
        # Calls into libpython through the GOT, not a PLT stub each: the engine calls the
        # C API a few hundred times a decision, and each stub was one more jump and one
        # more instruction-cache line (see benchmarks/instructions.py, 2026-11-29)
        # (a new list each: mypycify's extensions share one list of arguments)
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, "-fno-plt"]
    # A Distribution made directly reads no configuration file: pyproject.toml describes the
    # package, not this build.
    dist = Distribution({"name": "tablegames-compiled", "ext_modules": extensions})
    dist.script_name = "compile_engine"
    dist.script_args = ["build_ext", "--build-lib", str(BUILD / "lib"),
                        "--build-temp", str(BUILD / "temp"), "--parallel", "2"]  # fmt: skip
    dist.parse_command_line()
    dist.run_commands()
    remove_built()
    lib = BUILD / "lib"
    for so in sorted(lib.rglob("*" + SUFFIX)):
        target = ROOT / so.relative_to(lib)
        part = target.with_name(target.name + ".part")
        shutil.copyfile(so, part)
        os.replace(part, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clean", action="store_true", help="only remove the compiled files")
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument(
        "--strict", action="store_true", help="fail (exit 1) when this machine cannot compile"
    )
    parser.add_argument(
        "--can-compile",
        action="store_true",
        help="only say by the exit code whether a C compiler and Python's headers exist",
    )
    args = parser.parse_args(argv)
    if args.can_compile:
        return 1 if missing_compiler() else 0
    if args.clean:
        gone = remove_built()
        shutil.rmtree(BUILD, ignore_errors=True)
        print(f"removed {len(gone)} compiled files and {BUILD.relative_to(ROOT)}/")
        return 0
    paths = listed()
    if not args.force and up_to_date(paths):
        print(f"compiled engine up to date ({len(paths)} modules)")
        return 0
    why = missing_toolchain()
    if why:
        print(f"compiled engine not built ({why}): the engine runs pure Python")
        return 1 if args.strict else 0
    start = time.perf_counter()
    build(paths)
    wall = time.perf_counter() - start
    cpu = sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
              for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))  # fmt: skip
    print(f"compiled engine built: {len(paths)} modules in {wall:.0f} s ({cpu:.0f} CPU-s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
