"""pytest collects the adapters' doctests only where their optional library is installed
(``pip install tablegames[pettingzoo]`` / ``[openspiel]``); CI installs both."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    module
    for module, library in (("pettingzoo.py", "pettingzoo"), ("openspiel.py", "pyspiel"))
    if importlib.util.find_spec(library) is None
]
