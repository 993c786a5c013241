"""The PostgreSQL backend (the ``tables-postgres`` extra, psycopg 3): several play
servers behind one address share one database, and a move wakes every waiting page at
once through ``LISTEN``/``NOTIFY``.

Each thread has one connection (autocommit, explicit transactions); a thread that waits
keeps a second one that listens on the channel ``tablegames_tables``.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from .backend import _ADVANCE, _INSERT_MOVE, SCHEMA, TABLE_COLUMNS, Backend

try:
    import psycopg
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "a postgresql:// table store needs psycopg 3: pip install 'tablegames[tables-postgres]'"
    ) from exc

CHANNEL = "tablegames_tables"


def _pg(sql: str) -> str:
    return sql.replace("?", "%s")


class PostgresBackend(Backend):
    """Tables in a PostgreSQL database named by a ``postgresql://`` URL (libpq's form)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._local = threading.local()
        self._all: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        conn = self._conn()
        with conn.transaction():
            # Two stores creating the schema at once would race on the catalogue.
            conn.execute("SELECT pg_advisory_xact_lock(7321)")
            for statement in SCHEMA:
                conn.execute(statement)

    def _connect(self) -> psycopg.Connection[Any]:
        conn = psycopg.connect(self.url, autocommit=True)
        with self._lock:
            self._all.append(conn)
        return conn

    def _conn(self) -> psycopg.Connection[Any]:
        conn: psycopg.Connection[Any] | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = self._local.conn = self._connect()
        return conn

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._conn().execute(_pg(sql), params).fetchall()

    def execute(self, sql: str, params: tuple[Any, ...]) -> int:
        return self._conn().execute(_pg(sql), params).rowcount

    def insert_table(self, row: tuple[Any, ...], tokens: list[tuple[str, int, str]]) -> None:
        conn = self._conn()
        marks = ", ".join(["%s"] * len(row))
        with conn.transaction(), conn.cursor() as cur:
            cur.execute(f"INSERT INTO tg_tables ({TABLE_COLUMNS}) VALUES ({marks})", row)
            cur.executemany(
                "INSERT INTO tg_tokens (table_id, seat, hash) VALUES (%s, %s, %s)", tokens
            )

    def append(self, table: str, ply: int, seat: int, move: str, finished: bool) -> bool:
        conn = self._conn()
        now = time.time()
        with conn.transaction(), conn.cursor() as cur:
            cur.execute(_pg(_ADVANCE), (int(finished), now, table, ply))
            if cur.rowcount != 1:  # another move got there first: nothing was written
                return False
            cur.execute(_pg(_INSERT_MOVE), (table, ply, seat, move, now))
            cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table} {ply + 1}"))
        return True

    def _listener(self) -> psycopg.Connection[Any]:
        conn: psycopg.Connection[Any] | None = getattr(self._local, "listen", None)
        if conn is None or conn.closed:
            conn = self._local.listen = self._connect()
            conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def wait(self, table: str, ply: int, deadline: float) -> None:
        listen = self._listener()  # listening before the check: no notification is missed
        rows = self.query("SELECT ply FROM tg_tables WHERE id = ?", (table,))
        if not rows or rows[0][0] != ply:
            return
        while (left := deadline - time.monotonic()) > 0:
            for note in listen.notifies(timeout=left, stop_after=1):
                if note.payload.split(" ")[0] == table:
                    return

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()
