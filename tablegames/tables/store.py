"""The table store: people at tables, each with a secret token, bots moving exactly once.

A table is (game, options, seed, seats) plus its move list; its position is the replay
of those, which the engine guarantees to be the same every time, and each process keeps
the latest position of the tables it serves in a cache, reading only the moves it has
not seen yet.

>>> store = TableStore("sqlite:///:memory:")
>>> t = store.create("poohsticks", ["human", "random"], seed=4)
>>> view = store.view(t.table, t.tokens[0])
>>> view.seat, view.ply, view.your_turn
(0, 0, True)
>>> view = store.play(t.table, t.tokens[0], view.legal_moves[0], view.ply)
>>> view.ply >= 2  # the bot answered within the call
True
>>> store.close()
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import Bot, make_bot
from ..core import Game, State, make
from ..record import Record
from . import tokens as tk
from .backend import TABLE_COLUMNS, Backend, SQLiteBackend
from .errors import BadToken, GameOver, NotYourTurn, StaleMove, TableInPlay, UnknownTable
from .views import View, public_view

#: The seat kind of a person; any other seat is a bot spec (``"random"``, ``"mcts:500"``).
HUMAN = "human"
#: The environment variable naming the store of :func:`default_store` (a URL).
ENV = "TABLEGAMES_TABLES"
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def default_path() -> Path:
    """Where :func:`default_store` keeps its SQLite file when ``TABLEGAMES_TABLES`` is
    unset: ``$XDG_DATA_HOME/tablegames/tables.db`` (``~/.local/share/...`` by default),
    outside the checkout, so ``make clean`` or a fresh clone loses no table."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tablegames" / "tables.db"


def default_store() -> TableStore:
    """The store named by ``TABLEGAMES_TABLES`` (``sqlite:///PATH`` or
    ``postgresql://...``), else an SQLite file at :func:`default_path`."""
    url = os.environ.get(ENV) or f"sqlite:///{default_path()}"
    return TableStore(url)


@dataclass(frozen=True)
class TableInfo:
    """A table as its creator sees it: what was set up, how far it is, and the links.

    ``tokens`` holds one token per human seat, ``spectator`` the spectators' token and
    ``creator`` the creator's (give it to :meth:`TableStore.tables_of` to list the
    tables again). Show each seat only its own link.
    """

    table: str
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    ply: int
    finished: bool
    created: float
    updated: float
    tokens: dict[int, str]
    spectator: str
    creator: str

    def query(self, seat: int | None = None) -> str:
        """The query string of a link to ``seat`` (None: the spectators' link), as a play
        page reads it: ``table=<id>&token=<token>``."""
        token = self.spectator if seat is None else self.tokens[seat]
        return f"table={self.table}&token={token}"

    def links(self, base: str) -> dict[str, str]:
        """Every link of the table: ``"seat 0"``... for the human seats, ``"spectator"``."""
        sep = "&" if "?" in base else "?"
        out = {f"seat {s}": f"{base}{sep}{self.query(s)}" for s in sorted(self.tokens)}
        out["spectator"] = f"{base}{sep}{self.query(None)}"
        return out


@dataclass
class _Table:
    """A table in this process's cache: what never changes, and the latest position."""

    id: str
    game: Game
    seed: int
    seats: tuple[str, ...]
    hashes: dict[int, str]
    moves: list[str]
    movers: list[int]
    state: State
    lock: threading.Lock = field(default_factory=threading.Lock)


class TableStore:
    """Tables stored in SQLite (``sqlite:///PATH``; ``sqlite:///:memory:`` for a store
    that lives only in this process) or PostgreSQL (``postgresql://...``, the
    ``tables-postgres`` extra).

    Every call names a table and a token; the token says which seat the caller holds
    (or that it is a spectator). ``bot_lease`` is how long a process that took a bot's
    turn has to play it before another may; ``make_bot`` builds a bot from its spec and
    a seed (:func:`tablegames.analysis.make_bot`). Thread-safe; open one store per
    process and keep it.
    """

    def __init__(
        self,
        url: str,
        *,
        bot_lease: float = 30.0,
        make_bot: Callable[[str, str], Bot] = make_bot,
        cache_size: int = 256,
    ) -> None:
        self.url = url
        self.backend = _open_backend(url)
        self.bot_lease = bot_lease
        self._make_bot = make_bot
        self._cache: OrderedDict[str, _Table] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"TableStore({_safe_url(self.url)!r})"

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database connections of every thread."""
        self.backend.close()

    # ---- creating and listing -----------------------------------------------------

    def create(
        self,
        game: str | Game,
        seats: Sequence[str],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        creator: str | None = None,
    ) -> TableInfo:
        """A new table of ``game`` (a name with ``options``, or a Game) with one seat per
        player, each ``"human"`` or a bot spec; bots due first move at once.

        ``seed`` (random by default) fixes the shuffles; ``creator`` is the creator's
        token (a new one by default): the same token lists all its tables.
        """
        if isinstance(game, Game):
            if options:
                raise ValueError("give the options either in the Game or as options, not both")
            g = game
        else:
            g = make(game, **dict(options or {}))
        seats = _check_seats(g, seats)
        seed = secrets.randbits(48) if seed is None else seed
        state = g.initial_state(seed)  # checks the seed
        if creator is None:
            creator = tk.new_token()
        elif not tk.well_formed(creator):
            raise BadToken("a creator token is 20 to 128 letters, digits, - or _")
        table = tk.new_table_id()
        now = time.time()
        token_of = {p: tk.seat_token(creator, table, p) for p, s in enumerate(seats) if s == HUMAN}
        token_of[tk.SPECTATOR] = tk.seat_token(creator, table, tk.SPECTATOR)
        hashes = {p: tk.token_hash(t) for p, t in token_of.items()}
        row = (
            table,
            g.name,
            json.dumps(g.options_json(), sort_keys=True),
            str(seed),
            json.dumps(seats),
            tk.token_hash(creator),
            now,
            now,
            0,
            int(state.is_terminal),
        )
        self.backend.insert_table(row, [(table, p, h) for p, h in hashes.items()])
        t = self._remember(_Table(table, g, seed, seats, hashes, [], [], state))
        self.advance(table)
        with t.lock:
            ply, finished = len(t.moves), t.state.is_terminal
        spectator = token_of.pop(tk.SPECTATOR)
        info = (table, g.name, g.options_json(), seats, ply, finished, now, now)
        return TableInfo(*info, token_of, spectator, creator)

    def tables_of(self, creator: str) -> list[TableInfo]:
        """The tables created with the creator token ``creator``, newest first, with their
        links (an unknown creator token has none)."""
        if not tk.well_formed(creator):
            raise BadToken("a creator token is 20 to 128 letters, digits, - or _")
        rows = self.backend.query(
            f"SELECT {TABLE_COLUMNS} FROM tg_tables WHERE creator = ? ORDER BY created DESC",
            (tk.token_hash(creator),),
        )
        out = []
        for tid, game, options, _seed, seats_json, _c, created, updated, ply, done in rows:
            seats = tuple(json.loads(seats_json))
            tokens = {p: tk.seat_token(creator, tid, p) for p, s in enumerate(seats) if s == HUMAN}
            spectator = tk.seat_token(creator, tid, tk.SPECTATOR)
            options = json.loads(options)
            info = (tid, game, options, seats, ply, bool(done), created, updated)
            out.append(TableInfo(*info, tokens, spectator, creator))
        return out

    # ---- playing ------------------------------------------------------------------

    def view(self, table: str, token: str, *, advance: bool = True) -> View:
        """The table as ``token`` sees it. With ``advance``, bots whose turn it is move
        first (if no other process is already choosing their move)."""
        t = self._table(table)
        seat = self._seat(t, token)
        if advance:
            self.advance(table)
        return self._view(t, seat)

    def play(self, table: str, token: str, move: object, ply: int, *, advance: bool = True) -> View:
        """Play ``move`` (notation or a move) for ``token``'s seat, chosen at ``ply``.

        Refused with :class:`StaleMove` when the table is no longer at ``ply`` (someone
        moved first: nothing is written), :class:`NotYourTurn`, :class:`GameOver` or the
        game's IllegalMove. With ``advance``, the bots due next move before this
        returns; the view is then the position after them.
        """
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise ValueError(f"ply must be the view's ply (an integer), not {ply!r}")
        t = self._table(table)
        seat = self._seat(t, token)
        with t.lock:
            self._sync(t)
            state, now_at = t.state, len(t.moves)
        if seat == tk.SPECTATOR:
            raise NotYourTurn(f"a spectator of table {table} cannot play moves")
        if ply != now_at:
            raise _stale(table, now_at, ply)
        if state.is_terminal:
            raise GameOver(f"the game at table {table} is over (after {now_at} moves)")
        if state.current_player != seat:
            raise NotYourTurn(
                f"it is seat {state.current_player}'s turn at table {table}, not seat {seat}'s"
            )
        m = state.parse_move(str(move))  # the game's IllegalMove when it is not legal here
        after = state.apply(m)
        if not self.backend.append(table, ply, seat, str(m), after.is_terminal):
            with t.lock:
                self._sync(t)
                raise _stale(table, len(t.moves), ply)
        self._moved(t, ply, seat, str(m), after)
        if advance:
            self.advance(table)
        return self._view(t, seat)

    def advance(self, table: str) -> int:
        """Play every bot move due at ``table`` (none while a human is to move); the
        number played here. A bot's turn is taken (for ``bot_lease`` seconds) before its
        move is chosen, so whichever pages call this at once, each bot move is chosen
        and written exactly once."""
        t = self._table(table)
        played = 0
        while True:
            with t.lock:
                self._sync(t)
                state, ply = t.state, len(t.moves)
            if state.is_terminal or t.seats[state.current_player] == HUMAN:
                return played
            if not self.backend.claim(table, ply, self.bot_lease):
                return played  # another process is choosing this move
            seat = state.current_player
            bot = self._make_bot(t.seats[seat], f"{t.seed}:{table}:{ply}:{seat}")
            m = bot.choose(state)
            after = state.apply(m)
            if not self.backend.append(table, ply, seat, str(m), after.is_terminal):
                continue  # the lease ran out and another process played it
            self._moved(t, ply, seat, str(m), after)
            played += 1

    def wait(self, table: str, token: str, ply: int, timeout: float = 30.0) -> View | None:
        """The view once the table has passed ``ply`` (at once if it has), or None after
        ``timeout`` seconds. Polls SQLite (every 5 to 50 ms); PostgreSQL notifies.

        A bot due meanwhile is played here if no other page is choosing its move, or
        once the lease of the page that took its turn has run out (that page is gone).
        """
        t = self._table(table)
        seat = self._seat(t, token)
        deadline = time.monotonic() + timeout
        while True:
            with t.lock:
                self._sync(t)
                state, now_at = t.state, len(t.moves)
            if now_at != ply:
                return self._view(t, seat)
            now = time.monotonic()
            if now >= deadline:
                return None
            end = deadline
            if not state.is_terminal and t.seats[state.current_player] != HUMAN:
                # A bot is due: play it here unless another page is choosing it, and look
                # again when that page's lease runs out (it may have gone).
                if self.advance(table):
                    continue
                end = min(deadline, now + max(self.bot_lease, 0.05))
            self.backend.wait(table, ply, end)

    def record(self, table: str, token: str) -> Record:
        """The finished table's game record (:class:`tablegames.Record`: replayable, and
        showing every card, so only once the game is over)."""
        t = self._table(table)
        self._seat(t, token)
        with t.lock:
            self._sync(t)
            if not t.state.is_terminal:
                raise TableInPlay(
                    f"table {table} is still in play (after {len(t.moves)} moves); its "
                    "record is given once the game is over"
                )
            return Record(t.game.name, t.game.options_json(), t.seed, tuple(t.moves))

    def seat(self, table: str, token: str) -> Seat:
        """A handle on one seat (or the spectators), checked now, for a page to keep."""
        t = self._table(table)
        return Seat(self, table, token, self._seat(t, token))

    # ---- inside ---------------------------------------------------------------------

    def _table(self, table: str) -> _Table:
        if not isinstance(table, str) or not table or not set(table) <= _ID_CHARS:
            raise UnknownTable(
                f"{table!r} is no table id: ids are letters, digits, - and _ (as in a link)"
            )
        with self._lock:
            t = self._cache.get(table)
            if t is not None:
                self._cache.move_to_end(table)
                return t
        rows = self.backend.query(
            "SELECT game, options, seed, seats FROM tg_tables WHERE id = ?", (table,)
        )
        if not rows:
            raise UnknownTable(f"there is no table {table!r} here: check the link")
        game_name, options, seed_text, seats = rows[0]
        game = make(game_name, **json.loads(options))
        seed = int(seed_text)
        hashes = dict(
            self.backend.query("SELECT seat, hash FROM tg_tokens WHERE table_id = ?", (table,))
        )
        t = _Table(
            table, game, seed, tuple(json.loads(seats)), hashes, [], [], game.initial_state(seed)
        )
        return self._remember(t)

    def _remember(self, t: _Table) -> _Table:
        with self._lock:
            t = self._cache.setdefault(t.id, t)
            self._cache.move_to_end(t.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return t

    def _seat(self, t: _Table, token: str) -> int:
        """The seat ``token`` holds at ``t`` (``SPECTATOR`` for the spectators)."""
        seat = tk.match(token, t.hashes) if tk.well_formed(token) else None
        if seat is None:
            raise BadToken(
                f"that token is not a seat or spectator token of table {t.id}: check the link"
            )
        return seat

    def _sync(self, t: _Table) -> None:
        """Bring ``t`` to the last move written (call with ``t.lock`` held)."""
        rows = self.backend.query(
            "SELECT ply, seat, move FROM tg_moves WHERE table_id = ? AND ply >= ? ORDER BY ply",
            (t.id, len(t.moves)),
        )
        for _ply, seat, text in rows:
            t.state = t.state.apply(t.state.parse_move(text))
            t.moves.append(text)
            t.movers.append(seat)

    def _moved(self, t: _Table, ply: int, seat: int, text: str, after: State) -> None:
        """Note in the cache a move this process wrote, and wake its waiters."""
        with t.lock:
            if len(t.moves) == ply:
                t.moves.append(text)
                t.movers.append(seat)
                t.state = after
        self.backend.notify_local()

    def _view(self, t: _Table, seat: int) -> View:
        with t.lock:
            state, ply = t.state, len(t.moves)
            last = (t.movers[-1], t.moves[-1]) if t.moves else None
        you = None if seat == tk.SPECTATOR else seat
        mine = you is not None and not state.is_terminal and state.current_player == you
        return View(
            table=t.id,
            game=t.game.name,
            options=t.game.options_json(),
            seat=you,
            seats=t.seats,
            ply=ply,
            to_move=state.current_player,
            legal_moves=tuple(str(m) for m in state.legal_moves()) if mine else (),
            observation=public_view(state) if you is None else state.observation(you),
            finished=state.is_terminal,
            winners=tuple(sorted(state.winners)),
            last_move=last,
            _game=t.game,
        )


@dataclass(frozen=True)
class Seat:
    """One token's place at one table: the calls of :class:`TableStore` without
    repeating the table and the token (what a play page keeps)."""

    store: TableStore
    table: str
    token: str = field(repr=False)
    #: The seat index, or -1 for a spectator.
    index: int

    def view(self) -> View:
        return self.store.view(self.table, self.token)

    def play(self, move: object, ply: int) -> View:
        return self.store.play(self.table, self.token, move, ply)

    def wait(self, ply: int, timeout: float = 30.0) -> View | None:
        return self.store.wait(self.table, self.token, ply, timeout)

    def record(self) -> Record:
        return self.store.record(self.table, self.token)

    def follow(self, ply: int, timeout: float = 30.0) -> Iterator[View]:
        """Each new view as the table moves on from ``ply``, until it is over or
        ``timeout`` seconds pass without a move."""
        while (v := self.wait(ply, timeout)) is not None:
            yield v
            if v.finished:
                return
            ply = v.ply


def _stale(table: str, now_at: int, chosen_at: int) -> StaleMove:
    n = now_at - chosen_at
    since = f"{n} move{'s' if n != 1 else ''} {'were' if n != 1 else 'was'} played since"
    return StaleMove(
        f"table {table} is at ply {now_at}, but this move was chosen at ply {chosen_at}"
        + (f" ({since})" if n > 0 else "")
        + ": view the table again and choose from there",
        now_at,
        chosen_at,
    )


def _check_seats(game: Game, seats: Sequence[str]) -> tuple[str, ...]:
    if isinstance(seats, str) or len(seats) != game.num_players:
        raise ValueError(
            f"{game.name} with these options has {game.num_players} seats: give one "
            f"'human' or bot spec per seat, not {seats!r}"
        )
    out = tuple(str(s).strip() for s in seats)
    for s in out:
        if s != HUMAN:
            make_bot(s)  # ValueError naming the bots
    if HUMAN not in out:
        raise ValueError("a table needs at least one 'human' seat (the others may be bots)")
    return out


def _safe_url(url: str) -> str:
    """``url`` without a password, for reprs and messages."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest and ":" in rest.split("@", 1)[0]:
        user = rest.split("@", 1)[0].split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{rest.split('@', 1)[1]}"
    return url


def _open_backend(url: str) -> Backend:
    if not isinstance(url, str):
        raise ValueError(f"a table store URL is a string, not {url!r}")
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///") :]
        if not path:
            raise ValueError("sqlite:/// needs a file path: sqlite:///tables.db, sqlite:////abs")
        return SQLiteBackend(path)
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresBackend

        return PostgresBackend(url)
    raise ValueError(
        f"unknown table store URL {_safe_url(url)!r}: use sqlite:///PATH (a file; "
        "sqlite:///:memory: for this process only) or postgresql://user@host/database"
    )
