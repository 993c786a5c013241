"""The scripts a play page loads, asked for at once in the page's head.

Voila's front end is about 90 scripts that a page learns of in waves: ``voila.js`` names
its first 55 chunks, they name the widget extensions' entry scripts, those name their
chunks, then the kernel connects and more of Voila's chunks come, then the widgets'
own. Each wave waits for the one before it to arrive and run, through the server's one
event loop: five to six round trips before the board is drawn. The list of those
scripts, the same for every game page of one install, is kept in ``preload.txt`` beside
this module (recorded from a real page by ``tests/browser/record_preload.py``); the
play pages' template asks for every one of them with ``<link rel="preload">`` in the
head, so the waves find them arrived.

A script of the list missing from this install (another version of Voila or of a
widget extension, whose chunk names differ) is left out: such a page loads as before,
only without the head start.
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
from pathlib import Path

from jupyter_core.paths import jupyter_path

#: The recorded list: one path per line, relative to the server's base URL.
LIST = Path(__file__).with_name("preload.txt")

#: Where the server finds what each recorded path's prefix names (Jupyter's data folders
#: below these parts: Voila's own extension lives in its folder, the others in Jupyter's).
ROOTS: dict[str, list[tuple[str, ...]]] = {
    "voila/static/": [("voila", "templates", "base", "static")],
    "voila/labextensions/": [("voila", "labextensions"), ("labextensions",)],
}


#: The packages whose versions fix the scripts' names.
PACKAGES = ("voila", "ipycanvas", "jupyterlab_widgets")


def versions() -> dict[str, str]:
    """The installed versions of :data:`PACKAGES`."""
    return {name: importlib.metadata.version(name) for name in PACKAGES}


def recorded_versions(text: str) -> dict[str, str]:
    """The versions a list's text says it was recorded with (its ``# versions:`` line)."""
    line = next((ln for ln in text.splitlines() if ln.startswith("# versions:")), "")
    return dict(re.findall(r"([\w-]+) ([\w.+-]+)", line.removeprefix("# versions:")))


def recorded(text: str) -> list[str]:
    """The paths of a list's text: its lines without comments and blank lines."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def installed(path: str) -> bool:
    """Whether the file a recorded path names is in this install (the query ignored)."""
    name = path.split("?", 1)[0]
    for prefix, folders in ROOTS.items():
        if name.startswith(prefix):
            rest = name[len(prefix) :]
            roots = [root for parts in folders for root in jupyter_path(*parts)]
            return ".." not in rest.split("/") and any((Path(r) / rest).is_file() for r in roots)
    return False


@functools.cache
def preload_paths() -> tuple[str, ...]:
    """The recorded scripts present in this install, in the order a page asks for them."""
    if not LIST.is_file():
        return ()
    return tuple(path for path in recorded(LIST.read_text()) if installed(path))
