"""The PostgreSQL backend (the ``tables-postgres`` extra, psycopg 3): several play
servers behind one address share one database, and a move wakes every waiting page at
once through ``LISTEN``/``NOTIFY``.

Statements borrow a pooled connection (autocommit, explicit transactions); a store that
waits keeps one more connection, listening on the channel ``tablegames_tables`` in a
thread of its own, which wakes the store's waiters. So one store (one play-server
process) uses a handful of connections however many pages wait.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

from .backend import _ADVANCE, _INSERT_MOVE, SCHEMA, TABLE_COLUMNS, Backend, Pool

try:
    import psycopg
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "a postgresql:// table store needs psycopg 3: pip install 'tablegames[tables-postgres]'"
    ) from exc

#: The channel every move is announced on, with the payload ``"<table id> <ply>"``.
CHANNEL = "tablegames_tables"
Conn = psycopg.Connection[Any]


def _pg(sql: str) -> str:
    return sql.replace("?", "%s")


class PostgresBackend(Backend):
    """Tables in a PostgreSQL database named by a ``postgresql://`` URL (libpq's form)."""

    #: Longest a waiter sleeps without looking at the database itself (in case the
    #: listening connection was lost and is being opened again).
    recheck = 1.0

    def __init__(self, url: str) -> None:
        self.url = url
        self._pool: Pool[Conn] = Pool(self._connect, Conn.close, lambda c: not c.broken)
        self._plies: dict[str, int] = {}  # the latest ply announced, by table
        self._heard = threading.Condition()
        self._listening: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop = threading.Event()
        with self._pool.conn() as conn, conn.transaction():
            # Two stores creating the schema at once would race on the catalogue.
            conn.execute("SELECT pg_advisory_xact_lock(7321)")
            for statement in SCHEMA:
                conn.execute(statement)

    def _connect(self) -> Conn:
        return psycopg.connect(self.url, autocommit=True)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._pool.conn() as conn:
            return conn.execute(_pg(sql), params).fetchall()

    def execute(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._pool.conn() as conn:
            return conn.execute(_pg(sql), params).rowcount

    def insert_table(self, row: tuple[Any, ...], tokens: list[tuple[str, int, str]]) -> None:
        marks = ", ".join(["%s"] * len(row))
        with self._pool.conn() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(f"INSERT INTO tg_tables ({TABLE_COLUMNS}) VALUES ({marks})", row)
            cur.executemany(
                "INSERT INTO tg_tokens (table_id, seat, hash) VALUES (%s, %s, %s)", tokens
            )

    def append(self, table: str, ply: int, seat: int, move: str, finished: bool) -> bool:
        now = time.time()
        with self._pool.conn() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(_pg(_ADVANCE), (int(finished), now, table, ply))
            if cur.rowcount != 1:  # another move got there first: nothing was written
                return False
            cur.execute(_pg(_INSERT_MOVE), (table, ply, seat, move, now))
            # Sent when the transaction commits, never for a move rolled back.
            cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table} {ply + 1}"))
        return True

    # ---- waiting ----------------------------------------------------------------------

    def _listen(self) -> None:
        """The listening thread: hand each announcement to the waiters; reconnect when
        the connection is lost."""
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.25):
                            table, _, ply = note.payload.partition(" ")
                            with self._heard:
                                if len(self._plies) > 10_000:
                                    self._plies.clear()
                                self._plies[table] = max(int(ply), self._plies.get(table, 0))
                                self._heard.notify_all()
            except psycopg.Error:
                self._ready.set()  # waiters fall back to looking every `recheck` seconds
                self._stop.wait(1.0)

    def _start_listening(self) -> None:
        with self._heard:
            # None yet, or not running in this process (a child forked after it started)
            alive = self._listening is not None and self._listening.is_alive()
            if not alive and not self._stop.is_set():
                self._ready.clear()
                self._listening = threading.Thread(
                    target=self._listen, name="tablegames-tables-listen", daemon=True
                )
                self._listening.start()
        if not self._stop.is_set():
            self._ready.wait(10.0)

    def wait(self, table: str, ply: int, deadline: float) -> None:
        self._start_listening()  # listening before the check: no announcement is missed
        rows = self.query("SELECT ply FROM tg_tables WHERE id = ?", (table,))
        if not rows or rows[0][0] != ply:
            return
        end = min(deadline, time.monotonic() + self.recheck)
        with self._heard:
            while self._plies.get(table, 0) <= ply and (left := end - time.monotonic()) > 0:
                self._heard.wait(left)

    def close(self) -> None:
        self._stop.set()
        if self._listening is not None:
            self._listening.join(2.0)
        with contextlib.suppress(psycopg.Error):
            self._pool.close()
