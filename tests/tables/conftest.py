"""Stores for the table tests: an SQLite file per test and, when Debian's PostgreSQL
binaries are installed, one real server per test session (started here, as a non-root
user when the tests run as root, since postgres refuses to run as root)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablegames.tables import TableStore


def _pg_bin() -> Path | None:
    """The folder holding Debian's initdb and pg_ctl (the newest version), or None."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _as_server_user(user: str | None, *cmd: str) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else list(cmd)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL server in a temporary folder, on a unix socket only; its URL."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed: pip install -e '.[tables-postgres]' (make test)")
    folder = _pg_bin()
    if folder is None:
        message = (
            "PostgreSQL's server binaries (initdb, pg_ctl) are missing: `make test` installs "
            "Debian's postgresql when run as root; the PostgreSQL table tests are skipped"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    user = None
    if os.geteuid() == 0:  # postgres will not run as root: run it as its own user
        user = "postgres" if _has_user("postgres") else "nobody"
    base = tempfile.mkdtemp(prefix="tg-pg-")
    os.chmod(base, 0o755)
    if user:
        shutil.chown(base, user)
    data = os.path.join(base, "data")
    initdb = [str(folder / "initdb"), "-D", data, "-U", "tg", "--auth=trust", "--no-sync"]
    run = {"check": True, "capture_output": True, "text": True, "timeout": 60}
    subprocess.run(_as_server_user(user, *initdb, "-E", "UTF8"), **run)  # type: ignore[call-overload]
    options = f"-k {base} -c listen_addresses='' -c fsync=off -c max_connections=200"
    pg_ctl = str(folder / "pg_ctl")
    start = [pg_ctl, "-D", data, "-o", options, "-l", os.path.join(base, "log"), "-w", "start"]
    subprocess.run(_as_server_user(user, *start), **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql://tg@/postgres?host={base}"
    finally:
        stop = [pg_ctl, "-D", data, "-m", "immediate", "stop"]
        subprocess.run(_as_server_user(user, *stop), capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


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
