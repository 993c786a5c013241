"""The explore notebooks' stored result tables (issue 29): every registered full run has
its data file, the file says where it came from, and the run's notebook reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.scripts import load_script

from tablegames.analysis.provenance import PROVENANCE_KEYS, read_table

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "explore" / "data"


RUNS = load_script(DATA / "run.py", "explore_data_run").load_runs()


def test_some_runs_are_registered() -> None:
    assert RUNS, "no *_runs.py module in notebooks/explore/data registered a run"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_data_file_exists_with_provenance(name: str) -> None:
    table = read_table(DATA / f"{name}.json")
    assert table["name"] == name
    missing = [k for k in PROVENANCE_KEYS if k not in table["provenance"]]
    assert not missing, f"{name}.json lacks provenance {missing}"
    assert table["provenance"]["wall_seconds"] > 0
    assert table["rows"], f"{name}.json holds no rows"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_notebook_reads_its_data_file(name: str) -> None:
    path = ROOT / "notebooks" / "explore" / RUNS[name].notebook
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert f'"{name}"' in code or f"{name}.json" in code, f"{path.name} never reads {name}"
