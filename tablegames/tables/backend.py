"""Where tables live: the SQL both databases share and the SQLite backend.

The move list is the truth: a table row holds what never changes (game, options, seed,
seats) and its ply (the number of moves), the move table one row per ply. A move is
written only if the table is still at the ply it was chosen at, in one transaction that
also moves the ply on, so of two moves at one ply exactly one is kept.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

C = TypeVar("C")

#: The schema, in SQL both SQLite and PostgreSQL read. The seed is text: any Python int.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tg_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        seats TEXT NOT NULL,
        creator TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        ply INTEGER NOT NULL DEFAULT 0,
        finished INTEGER NOT NULL DEFAULT 0,
        bot_ply INTEGER,
        bot_until DOUBLE PRECISION
    )""",
    "CREATE INDEX IF NOT EXISTS tg_tables_creator ON tg_tables (creator)",
    """CREATE TABLE IF NOT EXISTS tg_tokens (
        table_id TEXT NOT NULL REFERENCES tg_tables (id),
        seat INTEGER NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS tg_moves (
        table_id TEXT NOT NULL REFERENCES tg_tables (id),
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, ply)
    )""",
)

TABLE_COLUMNS = "id, game, options, seed, seats, creator, created, updated, ply, finished"
_ADVANCE = (
    "UPDATE tg_tables SET ply = ply + 1, finished = ?, updated = ?, bot_ply = NULL, "
    "bot_until = NULL WHERE id = ? AND ply = ?"
)
_INSERT_MOVE = "INSERT INTO tg_moves (table_id, ply, seat, move, at) VALUES (?, ?, ?, ?, ?)"
_CLAIM = (
    "UPDATE tg_tables SET bot_ply = ?, bot_until = ? WHERE id = ? AND ply = ? AND finished = 0 "
    "AND (bot_ply IS NULL OR bot_ply <> ? OR bot_until < ?)"
)


class Pool(Generic[C]):
    """Idle connections to lend, so any number of threads (a page may start one per
    wait) share a few connections: at most ``keep`` stay open while idle."""

    def __init__(
        self, connect: Callable[[], C], close: Callable[[C], None], usable: Callable[[C], bool],
        keep: int = 4,
    ) -> None:  # fmt: skip
        self._connect, self._close, self._usable = connect, close, usable
        self._idle: list[C] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self.keep = keep

    @contextlib.contextmanager
    def conn(self) -> Iterator[C]:
        """A connection for the duration of the block, given back afterwards."""
        with self._lock:
            if os.getpid() != self._pid:  # a forked child (a kernel forked from a warm
                # process): the parent's connections are the parent's; left unclosed
                self._idle, self._pid = [], os.getpid()
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self._connect()
        try:
            yield conn
        finally:
            with self._lock:
                keep = len(self._idle) < self.keep and self._usable(conn)
                keep = keep and os.getpid() == self._pid
                if keep:
                    self._idle.append(conn)
            if not keep:
                self._close(conn)

    def close(self) -> None:
        """Close the idle connections (those lent out close when given back)."""
        with self._lock:
            idle, self._idle, self.keep = self._idle, [], 0
        for conn in idle:
            self._close(conn)


class Backend(ABC):
    """One database: pooled connections, the statements the store needs."""

    @abstractmethod
    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one statement (``?`` placeholders), outside any transaction."""

    @abstractmethod
    def insert_table(self, row: tuple[Any, ...], tokens: list[tuple[str, int, str]]) -> None:
        """Write a new table (``TABLE_COLUMNS``) and its token hashes in one transaction."""

    @abstractmethod
    def append(self, table: str, ply: int, seat: int, move: str, finished: bool) -> bool:
        """Write ``move`` as ply ``ply`` if the table is at that ply; False if it is not."""

    def claim(self, table: str, ply: int, lease: float) -> bool:
        """Take the bot's turn at ``ply`` for ``lease`` seconds, unless another process
        holds it; True if this caller should choose the bot's move."""
        now = time.time()
        return self.execute(_CLAIM, (ply, now + lease, table, ply, ply, now)) == 1

    @abstractmethod
    def execute(self, sql: str, params: tuple[Any, ...]) -> int:
        """Run one writing statement on its own; the number of rows it changed."""

    @abstractmethod
    def wait(self, table: str, ply: int, deadline: float) -> None:
        """Block until the table may have passed ``ply`` or ``deadline`` (``time.monotonic``)
        comes; may return early (the store checks again)."""

    def notify_local(self) -> None:  # noqa: B027 (only SQLite needs it)
        """Wake this process's waiters after a move written here."""

    @abstractmethod
    def close(self) -> None: ...


class SQLiteBackend(Backend):
    """An SQLite file in WAL mode: readers never block the writer, and several processes
    (one per Voila kernel) share it safely; writes wait up to 30 s for the lock.

    Waiting polls the table's ply with a backoff from 5 to 50 ms (SQLite cannot notify
    another process); a move written by this process wakes its own waiters at once.
    """

    #: The longest pause between two polls of :meth:`wait`, in seconds.
    max_poll = 0.05

    def __init__(self, path: str) -> None:
        self.memory = path == ":memory:"
        if self.memory:  # one database shared by this store's connections
            self.path = f"file:tablegames-{id(self)}-{time.time_ns()}?mode=memory&cache=shared"
        else:
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.path = str(Path(path).expanduser())
        self._changed = threading.Condition()
        self._pid = os.getpid()
        self._pool: Pool[sqlite3.Connection] = Pool(self._connect, sqlite3.Connection.close, _open)
        # Kept open until close(): an in-memory database lives while a connection does.
        self._keeper = self._connect()
        if not self.memory:
            self._keeper.execute("PRAGMA journal_mode=WAL")
        with self._transaction(self._keeper):
            for statement in SCHEMA:
                self._keeper.execute(statement)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path,
            timeout=30.0,
            isolation_level=None,  # autocommit; transactions are explicit
            check_same_thread=False,  # lent to one thread at a time by the pool
            uri=self.memory,
        )
        conn.execute("PRAGMA busy_timeout = 30000")
        # WAL + NORMAL: a killed process loses no committed move (only a power cut
        # could lose the last ones); FULL would sync every move to the disk.
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    @contextlib.contextmanager
    def _transaction(self, conn: sqlite3.Connection) -> Iterator[None]:
        conn.execute("BEGIN IMMEDIATE")  # take the write lock now: no upgrade deadlock
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._pool.conn() as conn:
            return conn.execute(sql, params).fetchall()

    def execute(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._pool.conn() as conn:
            return conn.execute(sql, params).rowcount

    def insert_table(self, row: tuple[Any, ...], tokens: list[tuple[str, int, str]]) -> None:
        marks = ", ".join("?" * len(row))
        with self._pool.conn() as conn, self._transaction(conn):
            conn.execute(f"INSERT INTO tg_tables ({TABLE_COLUMNS}) VALUES ({marks})", row)
            conn.executemany("INSERT INTO tg_tokens (table_id, seat, hash) VALUES (?,?,?)", tokens)

    def append(self, table: str, ply: int, seat: int, move: str, finished: bool) -> bool:
        now = time.time()
        with self._pool.conn() as conn, self._transaction(conn):
            if conn.execute(_ADVANCE, (int(finished), now, table, ply)).rowcount != 1:
                return False  # another move got there first: nothing was written
            conn.execute(_INSERT_MOVE, (table, ply, seat, move, now))
        return True

    def notify_local(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def wait(self, table: str, ply: int, deadline: float) -> None:
        delay = 0.005
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            with self._changed:
                if self._changed.wait(min(delay, left)):
                    return
            rows = self.query("SELECT ply FROM tg_tables WHERE id = ?", (table,))
            if not rows or rows[0][0] != ply:
                return
            delay = min(delay * 1.5, self.max_poll)

    def close(self) -> None:
        self._pool.close()
        if os.getpid() == self._pid:  # a forked child leaves the parent's connection be
            self._keeper.close()


def _open(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT 1")
    except sqlite3.ProgrammingError:  # closed
        return False
    return True
