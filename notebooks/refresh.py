"""Re-execute notebooks in place so their stored outputs match the code (``make notebooks``).

nbval compares these stored outputs in ``make test``, so run this after changing what
a notebook shows. Widget state and cell timings are dropped from the saved file: the
state is large (the widgets redraw from the kernel when the notebook runs) and timings
would change the file on every run.

Usage: python notebooks/refresh.py [NOTEBOOK ...]   (default: every notebook here)
"""

from __future__ import annotations

import argparse
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).parent


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:  # timings change on every run; keep the file stable
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"refreshed {path}")


def main(argv: list[str] | None = None) -> None:
    doc = (__doc__ or "").split("\n\n")
    parser = argparse.ArgumentParser(description=doc[0], epilog=doc[1])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebook here")
    paths = parser.parse_args(argv).notebooks or sorted(HERE.rglob("*.ipynb"))
    for path in paths:
        if ".ipynb_checkpoints" not in path.parts:
            refresh(path)


if __name__ == "__main__":
    main()
