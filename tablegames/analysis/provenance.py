"""Where a stored result table came from, and the JSON file that keeps it with its rows.

A full simulation run is too slow for a notebook to repeat on every execution, so the
run is made once (``make explore-data``) and its table stored as a data file; the
notebook reads the file. The file must then say what produced it, or its numbers
cannot be trusted or reproduced: :func:`provenance` gathers that (the checkout's git
commit, the engine's and Python's versions, the platform, the options, bots, seeds
and game counts, the wall and CPU time, the date), and :func:`write_table` /
:func:`read_table` store and load ``{"name", "provenance", "rows"}``.

>>> import tempfile, pathlib
>>> p = provenance(options={"players": 2}, bots=["greedy"], seeds=[7], counts={"games": 3},
...                wall_seconds=1.5, cpu_seconds=2.5)
>>> sorted(p)[:4], p["engine"] == __import__("tablegames").__version__
(['bots', 'commit', 'compiled', 'counts'], True)
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = write_table(folder, "my-question", [{"wins": 2}], p)
>>> path.name, read_table(path)["rows"]
('my-question.json', [{'wins': 2}])
"""

from __future__ import annotations

import datetime
import json
import platform
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: The keys every stored table's provenance carries (a test checks the data files).
PROVENANCE_KEYS = (
    "commit",
    "engine",
    "python",
    "platform",
    "options",
    "bots",
    "seeds",
    "counts",
    "wall_seconds",
    "cpu_seconds",
    "date",
)


#: What a stored table's code lives in: the engine and the explore runs' modules. Paths
#: from the top of the checkout (``:(top)``), wherever ``git`` is run from.
_WATCHED = (":(top)tablegames", ":(top)notebooks/explore/data/*.py")


def git_commit(folder: str | Path | None = None) -> str:
    """The commit checked out at ``folder`` (default: this package's), with ``+dirty``
    when tracked files of the engine or of the explore runs differ from it (:data:`_WATCHED`,
    from the top of the checkout); ``"unknown"`` outside a git checkout.

    >>> len(git_commit("/")) > 0
    True
    """
    where = Path(folder) if folder is not None else Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(where), "diff", "--quiet", "HEAD", "--", *_WATCHED],
            capture_output=True,
            timeout=10,
        ).returncode
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+dirty" if dirty == 1 else "") if head else "unknown"


def provenance(
    *,
    options: Any,
    bots: Any,
    seeds: Any,
    counts: Mapping[str, Any],
    wall_seconds: float,
    cpu_seconds: float,
    **extra: Any,
) -> dict[str, Any]:
    """What produced a result table, as a JSON-ready dict (keys :data:`PROVENANCE_KEYS`
    plus ``compiled``, whether this process ran the compiled engine, and ``extra``, such
    as ``where`` the games ran; an ``extra`` key overrides, e.g. the ``commit`` a run started
    from).

    ``options``: the game options (one dict, or several by variant); ``bots``: the bot
    specs; ``seeds``: the base seeds; ``counts``: how many games (or decisions) the
    table rests on; the times in seconds (CPU summed over the processes that played).
    The commit marks ``+dirty`` when the engine's files differed from it (``tablegames/``
    only: other engineers' notebooks do not change the games).
    """
    import tablegames

    return {
        "commit": git_commit(),
        "engine": tablegames.__version__,
        "compiled": tablegames.COMPILED,
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()} ({sys.platform})",
        "options": options,
        "bots": bots,
        "seeds": seeds,
        "counts": dict(counts),
        "wall_seconds": round(wall_seconds, 2),
        "cpu_seconds": round(cpu_seconds, 2),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        **extra,
    }


def write_table(
    folder: str | Path, name: str, rows: Sequence[Mapping[str, Any]], prov: Mapping[str, Any]
) -> Path:
    """Store ``rows`` with their provenance as ``folder/name.json`` (one file per
    question, named for it), one compact row a line; returns the path. Missing
    provenance keys are an error, so no table is stored without saying where it came
    from."""
    missing = [k for k in PROVENANCE_KEYS if k not in prov]
    if missing:
        raise ValueError(f"provenance of {name!r} lacks {', '.join(missing)}")
    path = Path(folder) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows)
    head = json.dumps({"name": name, "provenance": dict(prov)}, indent=1)[:-2]
    path.write_text(f'{head},\n "rows": [\n{lines}\n]}}\n', encoding="utf-8")
    return path


def read_table(path: str | Path) -> dict[str, Any]:
    """A stored table: ``{"name", "provenance", "rows"}``; a ValueError naming the file
    when it is not one (run ``make explore-data`` to make it)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{p} does not exist: `make explore-data` makes it") from None
    if not isinstance(data, dict) or not {"name", "provenance", "rows"} <= set(data):
        raise ValueError(f"{p} is not a stored result table (name, provenance, rows)")
    return data
