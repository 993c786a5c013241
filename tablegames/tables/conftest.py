"""pytest collects the PostgreSQL backend's module only where psycopg is installed
(``pip install tablegames[tables-postgres]``; ``make test`` installs it)."""

from __future__ import annotations

import importlib.util

collect_ignore = ["postgres.py"] if importlib.util.find_spec("psycopg") is None else []
