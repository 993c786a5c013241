"""Python files that are not in a package (a benchmark, the explore runner, the docs'
example games) loaded as modules, for the tests that check them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str) -> ModuleType:
    """The module the file at ``path`` makes, under ``name``. It is in ``sys.modules``
    only while it runs (its dataclasses look their module up there), so loading it
    again gives a fresh module and nothing leaks into the other tests."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module
