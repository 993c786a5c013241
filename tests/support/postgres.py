"""A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries, a temporary
folder, a unix socket only (no TCP port), run as the ``postgres`` user (or ``nobody``)
when the caller is root, since postgres refuses to run as root. Used by the table
tests (tests/tables/conftest.py) and ``benchmarks/tables.py --store postgres``."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def pg_bin() -> Path | None:
    """The folder holding Debian's initdb and pg_ctl (the newest version), or None."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _as_server_user(user: str | None, *cmd: str) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else list(cmd)


@contextlib.contextmanager
def temp_postgres(folder: Path, max_connections: int = 200) -> Iterator[str]:
    """Start a PostgreSQL server with the binaries in ``folder`` (:func:`pg_bin`) in a
    temporary folder; yield its URL (``postgresql://tg@/postgres?host=<socket folder>``);
    stop it and remove the folder on exit."""
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
    options = f"-k {base} -c listen_addresses='' -c fsync=off -c max_connections={max_connections}"
    pg_ctl = str(folder / "pg_ctl")
    start = [pg_ctl, "-D", data, "-o", options, "-l", os.path.join(base, "log"), "-w", "start"]
    subprocess.run(_as_server_user(user, *start), **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql://tg@/postgres?host={base}"
    finally:
        stop = [pg_ctl, "-D", data, "-m", "immediate", "stop"]
        subprocess.run(_as_server_user(user, *stop), capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)
