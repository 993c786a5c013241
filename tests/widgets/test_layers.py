"""Layers point one way (issue 30, item 4), read from the source with ``ast`` (imports
inside functions included): the server plumbing stays in ``widgets/server/``, nothing
below it loads it, and the services the play pages, puzzles and tables share sit below
them (the bots' factory with the bots, click-to-move in its own module)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"
SERVER_LIBRARIES = ("voila", "jupyter_server", "tornado", "jupyter_client")


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    if WIDGETS in path.parents:
        package = ["tablegames_widgets", *path.parent.relative_to(WIDGETS).parts]
    else:
        package = ["tablegames", *path.parent.relative_to(ROOT / "tablegames").parts]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def outside_server() -> list[Path]:
    return [p for p in sorted(WIDGETS.rglob("*.py")) if "server" not in p.parts]


def test_server_libraries_are_imported_only_inside_widgets_server() -> None:
    found = {
        str(p.relative_to(ROOT)): sorted(
            m for m in imported(p) if m.split(".")[0] in SERVER_LIBRARIES
        )
        for p in outside_server()
    }
    assert {k: v for k, v in found.items() if v} == {}


def test_nothing_outside_the_server_package_imports_it() -> None:
    found = {
        str(p.relative_to(ROOT))
        for p in [*outside_server(), *sorted((ROOT / "tablegames").rglob("*.py"))]
        if any(m.startswith("tablegames_widgets.server") for m in imported(p))
    }
    assert found == set()


def test_pages_puzzles_tables_and_bots_reach_the_bots_factory_without_the_analysis_package() -> (
    None
):
    users = [
        *outside_server(),
        *sorted((ROOT / "tablegames" / "tables").rglob("*.py")),
        *sorted((ROOT / "tablegames" / "puzzles").rglob("*.py")),
        *sorted((ROOT / "tablegames" / "bots").rglob("*.py")),
    ]
    found = {
        str(p.relative_to(ROOT))
        for p in users
        if any(m.startswith("tablegames.analysis") for m in imported(p))
    }
    assert found == set()


def test_puzzles_and_table_seats_take_clicks_without_the_play_widget() -> None:
    for path in (WIDGETS / "puzzles.py", WIDGETS / "tables" / "seat.py"):
        modules = imported(path)
        assert "tablegames_widgets.move_input" in modules
        assert not any(m.startswith("tablegames_widgets.play") for m in modules), path
