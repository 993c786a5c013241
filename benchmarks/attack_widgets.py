"""What a hostile visitor's widget messages cost inside a page's kernel (issue 27 item 3).

Run: ``python benchmarks/attack_widgets.py [--runs 3] [--count 1000] [--attacks create
wrong hint newgame]``. Starts Voila as ``make play`` does (over a temporary table store),
then for each attack and run opens a page with the light client
(``tests/support/widget_attack.py``) and sends ``--count`` messages over its websocket,
paced under the websocket's own limit so that they reach the kernel:

- ``create``: presses of "Create table";
- ``wrong``: wrong-typed and malformed widget messages (a menu's index "zz", an index out
  of range, an unknown trait, an unknown method, a click without content);
- ``hint``: clicks on Hint (each starts a search while the button is enabled);
- ``newgame``: clicks on New game with an MCTS bot to move first.

One second into the flood an ordinary visitor opens another page (light client: the page,
its widgets' states, its board drawn) and its ready time is noted. Prints per attack the
medians over the runs of: the kernel's CPU seconds (from the first message until it is
idle again), Voila's and the kernel's RSS at the end (MB, and their growth), the bytes
sent back to the attacker, the seconds from the flood's last message to the kernel's
idle, the tables created, and the ordinary visitor's ready time. Loopback only; every
flood bounded by ``--count`` and ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.tables import start_table_server
from support.widget_attack import CLICK, Costs, Visit

BAD = [
    {"method": "update", "state": {"index": "zz"}, "buffer_paths": []},
    {"method": "update", "state": {"index": 10**9}, "buffer_paths": []},
    {"method": "update", "state": {"no_such_trait": 1}, "buffer_paths": []},
    {"method": "nonsense"},
    {"method": "custom", "content": "click"},
]
READY = {"method": "custom", "content": {"event": "client_ready"}}


async def ordinary_visit(url: str) -> float:
    """Seconds until an ordinary visitor's page is ready (its board drawn)."""
    start = time.perf_counter()
    async with Visit(url, "currents.ipynb") as visit:
        for comm, s in visit.states.items():
            if s["model_name"] == "CanvasModel":
                await visit.k.request("comm_msg", {"comm_id": comm, "data": READY})
        took = time.perf_counter() - start
    await asyncio.to_thread(visit.leave)
    return took


async def attack(url: str, server: int, kind: str, count: int, seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with Visit(url, "currents.ipynb") as visit:
        costs = Costs.of(server, visit.kernel)
        before = costs.memory()
        sent_before = visit.received.bytes
        if kind == "create":
            plan = [(visit.button("Create table"), CLICK, count)]
        elif kind == "wrong":
            menu = visit.widget("DropdownModel")
            plan = [(menu, data, count // len(BAD)) for data in BAD]
        elif kind == "hint":
            plan = [(visit.widget("ButtonModel", description="Hint"), CLICK, count)]
        else:
            seat = visit.widget("DropdownModel", description="Player 3")
            mcts = {"method": "update", "state": {"index": 3}, "buffer_paths": []}
            await visit.flood(seat, mcts, 1, seconds)
            plan = [(visit.button("New game"), CLICK, count)]
        ordinary = asyncio.ensure_future(_later(1.0, ordinary_visit(url)))
        start = time.perf_counter()
        try:
            for comm, data, n in plan:
                await visit.flood(comm, data, n, seconds)
        except (TimeoutError, RuntimeError) as exc:
            out["failed"] = str(exc)[:80]
        out["flood s"] = time.perf_counter() - start
        out["bytes MB"] = (visit.received.bytes - sent_before) / 1e6
        out["ready s"] = await ordinary
    out["idle s"] = await asyncio.to_thread(costs.idle_after, seconds)
    out["kernel CPU-s"] = costs.kernel_cpu()
    after = costs.memory()
    out["Voila MB"], out["kernel MB"] = after
    out["Voila +MB"], out["kernel +MB"] = after[0] - before[0], after[1] - before[1]
    await asyncio.to_thread(visit.leave)
    return out


async def _later(delay: float, coroutine: Any) -> Any:
    await asyncio.sleep(delay)
    return await coroutine


def tables(store: Any) -> int:
    return int(store.backend.query("SELECT count(*) FROM tg_tables", ())[0][0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0, help="bound of each flood")
    parser.add_argument("--attacks", nargs="*", default=["create", "wrong", "hint", "newgame"])
    args = parser.parse_args()
    count = min(args.count, 5000)
    with tempfile.TemporaryDirectory() as tmp:
        server = start_table_server(Path(tmp))
        try:
            print(f"{'attack':8} " + " ".join(f"{k:>12}" for k in COLUMNS))
            for kind in args.attacks:
                runs = []
                for _ in range(args.runs):
                    made = tables(server.store)
                    result = asyncio.run(
                        attack(server.url, server.proc.pid, kind, count, args.seconds)
                    )
                    result["tables"] = tables(server.store) - made
                    runs.append(result)
                row = {k: statistics.median(r[k] for r in runs) for k in COLUMNS}
                print(f"{kind:8} " + " ".join(f"{row[k]:12.2f}" for k in COLUMNS), flush=True)
                for r in runs:
                    if "failed" in r:
                        print(f"  a run did not finish: {r['failed']}")
        finally:
            server.stop()
    return 0


COLUMNS = [
    "kernel CPU-s", "bytes MB", "flood s", "idle s", "Voila MB", "Voila +MB", "kernel MB",
    "kernel +MB", "tables", "ready s",
]  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
