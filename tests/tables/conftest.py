"""Stores for the table tests: an SQLite file per test and, when Debian's PostgreSQL
binaries are installed, one real server per test session (started here, as a non-root
user when the tests run as root, since postgres refuses to run as root)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.postgres import pg_bin, temp_postgres

from tablegames.tables import TableStore


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL server in a temporary folder, on a unix socket only; its URL."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed: pip install -e '.[tables-postgres]' (make test)")
    folder = pg_bin()
    if folder is None:
        message = (
            "PostgreSQL's server binaries (initdb, pg_ctl) are missing: `make test` installs "
            "Debian's postgresql when run as root; the PostgreSQL table tests are skipped"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with temp_postgres(folder) as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test with this fixture runs on an SQLite file and on the PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(url: str) -> Iterator[TableStore]:
    with TableStore(url) as s:
        yield s
