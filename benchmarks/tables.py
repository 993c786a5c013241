"""Tables at once: N two-seat tables (2N seat pages) played through one Voila server
(issue 17 item 5).

Run: ``python benchmarks/tables.py [--tables 20] [--moves 12] [--gap 1.0] [--pool 2]
[--runs 1]``. Each run starts Voila as ``make play`` does (loopback, a free port,
``--pool_size=POOL``) over a fresh SQLite table store (``TABLEGAMES_TABLES``), creates N
Fellowship tables for two people in that store, and opens both seats' pages at once
with the light client of ``benchmarks/load.py`` (``tests/support/kernel_client.py``:
Jupyter's kernel protocol over the page's websocket, no browser, so the load generator
leaves the cores to the server). Every table then plays ``--moves`` moves, each after
a pause of about ``--gap`` seconds (0.5x to 1.5x, so tables do not move in step): the
seat to move clicks its page's Play button (the first move in its list).

Measured, for every move: the move-to-other-screen latency, from sending seat A's click
until seat B's page receives the redraw of the new position (its header with the new
ply: sent after the board's drawing), and the same on A's own page; page ready time
(GET until the board has drawn); failures (a page never ready, a move that never showed
on the other screen within ``--timeout``, a refused move); memory per visitor (the
pages' kernels, RSS and PSS, tests/support/processes.py); the server's CPU. Bounded: at
most 30 tables (60 pages); loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import PLAY_TOOLTIP, start_server, stats
from support.browser import play_pages, stop
from support.kernel_client import (
    CLICK,
    READY,
    SUBPROTOCOL,
    Kernel,
    channels_url,
    comm_msg,
    fetch_page,
    kernel_id,
    leave,
)
from support.postgres import pg_bin, temp_postgres
from support.processes import cpu_seconds, kernels, memory_mb, own_cpu_seconds
from websockets.asyncio.client import connect

from tablegames.tables import ENV, TableStore

MAX_TABLES = 30
#: The ply a seat page's header shows (``<div class='seat-state' data-ply='N'``).
PLY = re.compile(r"data-ply='(\d+)'")


@dataclass
class Seat:
    """One seat's page: its kernel, its widgets and what it has shown."""

    table: str
    token: str
    url: str  #: the Voila server it is opened on
    ready: float | None = None
    kernel: str = ""
    play: str = ""  #: the comm id of its Play button
    ply: int = -1  #: the last ply its header showed
    said: list[str] = field(default_factory=list)  #: refusals seen on its message line
    waiters: list[tuple[int, asyncio.Future[float]]] = field(default_factory=list)
    k: Kernel | None = None
    memory: tuple[float, float] | None = None
    cookies: str = ""
    xsrf: str = ""

    def seen(self, msg: dict[str, Any], at: float) -> None:
        """A message arrived on this page's socket: note a new ply shown (and wake who
        waits for it) and a refused move."""
        if msg.get("msg_type") != "comm_msg":
            return
        value = msg["content"].get("data", {}).get("state", {}).get("value")
        if not isinstance(value, str):
            return
        if "not played" in value:
            self.said.append(re.sub(r"<[^>]+>", "", value)[:200])
        m = PLY.search(value)
        if m is None:
            return
        self.ply = max(self.ply, int(m.group(1)))
        for ply, future in list(self.waiters):
            if self.ply >= ply and not future.done():
                future.set_result(at)
                self.waiters.remove((ply, future))

    def shows(self, ply: int) -> asyncio.Future[float]:
        """A future set to the time this page first shows ``ply`` (or later)."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.ply >= ply:
            future.set_result(time.perf_counter())
        else:
            self.waiters.append((ply, future))
        return future


@dataclass
class Result:
    other: list[float] = field(default_factory=list)  #: click to the other seat's redraw
    own: list[float] = field(default_factory=list)  #: click to the mover's own redraw
    ready: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    memory: list[tuple[float, float]] = field(default_factory=list)
    moves: int = 0


async def open_seat(seat: Seat, stack: Any) -> None:
    """GET the seat's page, connect to its kernel, find its widgets, let its board draw,
    and keep reading its socket (in a task) from then on."""
    start = time.perf_counter()
    url = seat.url
    page = f"{url}/voila/render/table.ipynb?table={seat.table}&token={seat.token}"
    html, jar = await asyncio.to_thread(fetch_page, page)
    seat.kernel = kernel_id(html)
    seat.cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    seat.xsrf = next((c.value or "" for c in jar if c.name == "_xsrf"), "")
    socket = await stack.enter_async_context(
        connect(
            channels_url(url, seat.kernel),
            additional_headers={"Cookie": seat.cookies},
            max_size=2**26,
            subprotocols=[SUBPROTOCOL],
            open_timeout=120,
        )
    )
    seat.k = k = Kernel(socket, on_message=seat.seen)
    states = await k.widget_states()
    for comm, s in states.items():
        value = s["state"].get("value")
        if isinstance(value, str) and (m := PLY.search(value)):
            seat.ply = max(seat.ply, int(m.group(1)))
        if s["model_name"] == "ButtonModel" and s["state"].get("tooltip") == PLAY_TOOLTIP:
            seat.play = comm
    if not seat.play:
        raise RuntimeError("the seat page has no Play button")
    for comm, s in states.items():
        if s["model_name"] == "CanvasModel":
            await k.request("comm_msg", comm_msg(comm, READY))
    seat.ready = time.perf_counter() - start


async def reader(seat: Seat) -> None:
    """Read the seat's socket for good (every message goes through ``seat.seen``)."""
    assert seat.k is not None
    while True:
        await seat.k.receive()


async def play_table(seats: list[Seat], store: TableStore, moves: int, gap: float,
                     timeout: float, rng: random.Random, result: Result) -> None:  # fmt: skip
    """Play ``moves`` moves at one table, each by the seat to move's Play button."""
    table, token = seats[0].table, seats[0].token
    for _ in range(moves):
        view = await asyncio.to_thread(store.view, table, token)
        if view.finished:
            return
        mover, other = seats[view.to_move], seats[1 - view.to_move]
        await asyncio.sleep(gap * rng.uniform(0.5, 1.5))
        nxt = view.ply + 1
        theirs, mine = other.shows(nxt), mover.shows(nxt)
        assert mover.k is not None
        start = time.perf_counter()
        await mover.k.send("comm_msg", comm_msg(mover.play, CLICK))
        try:
            seen = await asyncio.wait_for(theirs, timeout)
            result.other.append(seen - start)
            result.own.append(await asyncio.wait_for(mine, timeout) - start)
            result.moves += 1
        except TimeoutError:
            said = mover.said[-1] if mover.said else "no message"
            result.failures.append(f"table {table} ply {nxt}: not shown in {timeout:g} s ({said})")
            return


async def settle(pid: int, pooled: int, deadline: float, quiet: float = 0.2) -> None:
    """Wait until the server at ``pid`` has its pool of kernels and falls quiet (less than
    ``quiet`` CPU-seconds in 2 s)."""
    while len(kernels(pid)) < pooled and time.time() < deadline:
        await asyncio.sleep(0.5)
    before = cpu_seconds(pid)
    while time.time() < deadline:  # the pool has rendered when the server falls quiet
        await asyncio.sleep(2)
        now = cpu_seconds(pid)
        if now - before < quiet:
            return
        before = now


def store_of(args: argparse.Namespace, tmp: Path) -> contextlib.AbstractContextManager[str]:
    """The table store's URL for this run: an SQLite file in ``tmp``, or a throwaway
    PostgreSQL server (tests/support/postgres.py)."""
    if args.store == "sqlite":
        return contextlib.nullcontext(f"sqlite:///{tmp / 'tables.db'}")
    folder = pg_bin()
    if folder is None:
        raise SystemExit("--store postgres needs Debian's postgresql (initdb, pg_ctl)")
    return temp_postgres(folder, max_connections=500)


async def run(args: argparse.Namespace) -> Result:
    tmp = Path(tempfile.mkdtemp(prefix="tablegames-tables-"))
    with store_of(args, tmp) as store_url:
        return await run_on(args, tmp, store_url)


async def run_on(args: argparse.Namespace, tmp: Path, store_url: str) -> Result:
    os.environ[ENV] = store_url  # the servers' pages use this store (jupyter_env copies it)
    store = TableStore(store_url)
    servers = []
    result = Result()
    try:
        for k in range(args.servers):
            (tmp / f"server{k}").mkdir()
            servers.append(start_server(tmp / f"server{k}", args.pool))
        deadline = time.time() + 300
        for proc, _url in servers:
            await settle(proc.pid, len(play_pages()) * args.pool, deadline)
        two = ["human", "human"]
        tables = [store.create("fellowship", two, seed=i) for i in range(args.tables)]
        # With several servers, the two seats of a table are on different servers.
        seats = [[Seat(t.table, t.tokens[p], servers[(i + p) % len(servers)][1])
                  for p in (0, 1)] for i, t in enumerate(tables)]  # fmt: skip
        everyone = [s for pair in seats for s in pair]
        pids = [proc.pid for proc, _url in servers]
        cpu0, voila0 = sum(map(cpu_seconds, pids)), sum(map(own_cpu_seconds, pids))
        t0 = time.perf_counter()
        async with contextlib.AsyncExitStack() as stack:
            opened = await asyncio.gather(
                *(asyncio.wait_for(open_seat(s, stack), args.timeout * 4) for s in everyone),
                return_exceptions=True,
            )
            for seat, outcome in zip(everyone, opened):
                if isinstance(outcome, BaseException):
                    why = f"page not ready: {type(outcome).__name__} {outcome}"
                    result.failures.append(why[:200])
                elif seat.ready is not None:
                    result.ready.append(seat.ready)
            readers = [asyncio.create_task(reader(s)) for s in everyone if s.k is not None]
            # Moves start once the servers are done starting kernels and refilling their
            # pools (the pages' waits on the store keep them a little busy: 0.5 CPU-s in 2 s)
            for pid in pids:
                await settle(pid, 0, time.time() + 60, quiet=0.5)
            rng = random.Random(1)
            games = []
            for pair in seats:
                if all(s.k is not None for s in pair):
                    table_rng = random.Random(rng.random())
                    games.append(play_table(pair, store, args.moves, args.gap, args.timeout,
                                            table_rng, result))  # fmt: skip
            await asyncio.gather(*games)
            wall = time.perf_counter() - t0
            cpu = sum(map(cpu_seconds, pids)) - cpu0
            voila = sum(map(own_cpu_seconds, pids)) - voila0
            found = {k: pid for server in pids for k, pid in kernels(server).items()}
            for s in everyone:
                if s.kernel in found:
                    result.memory.append(memory_mb(found[s.kernel]))
            for task in readers:
                task.cancel()
        for s in everyone:
            if s.kernel:
                try:
                    await asyncio.to_thread(leave, s.url, s.kernel, s.cookies, s.xsrf)
                except OSError as exc:
                    result.failures.append(f"leaving: {exc}"[:200])
    finally:
        for proc, _url in servers:
            stop(proc)
        store.close()
    n = len(everyone)
    where = (
        f"{args.servers} Voila servers (each table's seats on two)"
        if args.servers > 1
        else "one Voila server"
    )
    print(f"\n== {args.tables} tables ({n} seat pages), Fellowship for two, {args.moves} moves "
          f"per table about {args.gap:g} s apart; {where} over {args.store}, pool "
          f"{args.pool} per page ==")  # fmt: skip
    print(f"  page ready     : {stats(result.ready)}")
    print(f"  other screen   : {stats(result.other)}  ({result.moves} moves)")
    print(f"  own screen     : {stats(result.own)}")
    print(f"  failures: {len(result.failures)}")
    for f in result.failures[:5]:
        print(f"    {f}")
    if result.memory:
        rss = statistics.median(m[0] for m in result.memory)
        pss = statistics.median(m[1] for m in result.memory)
        print(f"  memory per visitor kernel: RSS {rss:.0f} MB, PSS {pss:.0f} MB "
              f"(median of {len(result.memory)})")  # fmt: skip
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"  machine load average at the end: {load} (other work shares the cores)")
    print(f"  server CPU: {cpu:.1f} CPU-s over {wall:.1f} s ({cpu / wall:.2f} cores busy of "
          f"{os.cpu_count()}; Voila itself {voila:.1f})")  # fmt: skip
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="two-seat tables at once")
    parser.add_argument("--moves", type=int, default=12, help="moves per table")
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between moves (about)")
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels per page")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per move")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite",
                        help="an SQLite file, or a throwaway PostgreSQL")  # fmt: skip
    parser.add_argument("--servers", type=int, default=1,
                        help="Voila servers over one store (seats of a table on two)")  # fmt: skip
    parser.add_argument("--runs", type=int, default=1, help="runs (the summary: their medians)")
    args = parser.parse_args()
    if not 1 <= args.servers <= 4:
        parser.error("--servers must be between 1 and 4")
    if args.servers > 1 and args.store == "sqlite":
        print("note: several servers on one machine can share an SQLite file too; "
              "PostgreSQL is what several machines need")  # fmt: skip
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be between 1 and {MAX_TABLES}, not {args.tables}")
    results = [asyncio.run(run(args)) for _ in range(args.runs)]
    if args.runs > 1:

        def med(values: list[float]) -> float:
            return statistics.median(values) * 1000

        def p95(v: list[float]) -> float:
            return sorted(v)[min(len(v) - 1, round(0.95 * (len(v) - 1)))] if v else float("nan")

        print(f"\n== median of {args.runs} runs ==")
        print("  other screen: median "
              f"{statistics.median(med(r.other) for r in results if r.other):.0f} ms, p95 "
              f"{statistics.median(1000 * p95(r.other) for r in results):.0f} ms; failures "
              f"{[len(r.failures) for r in results]}")  # fmt: skip


if __name__ == "__main__":
    main()
