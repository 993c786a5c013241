"""A class arriving at once: N visitors open a play page together and play (issue 16).

Run: ``python benchmarks/load.py [--visitors 1 10 30 50] [--browsers 2] [--page currents]
[--clicks 10] [--spread 0] [--pool 2]``. For each N it starts Voila as ``make play`` does
(loopback, a free port, ``--pool_size=POOL``), waits until the pool is full, then lets N
visitors arrive within ``--spread`` seconds (0: all at once):

- most are a light client that speaks Jupyter's kernel protocol over the websocket as the
  page does, with no browser (so the load generator leaves the cores to the server):
  GET the page (its kernel id is in the HTML), connect to ``/api/kernels/<id>/channels``,
  ask for every widget's state (``request_states`` on the ``jupyter.widget.control``
  comm), tell each canvas that its view is ready (ipycanvas' ``client_ready``, upon which
  the board draws), and then click the page's "Play" button (a comm message, as the
  button's view sends) ``--clicks`` times, ``--gap`` seconds apart. Ready = from the GET
  until the kernel has answered the canvas' ready message (board drawn); a click = from
  sending it until the kernel is idle again (the move and its redraw sent, a bot's answer
  too). When a game has ended its Play button is disabled, and the visitor clicks "New
  game" instead (a new board: reported apart, as "new game");
- ``--browsers`` of them (default 2) are real headless Chromium pages (Debian's chromium),
  arriving spread over the same ``--spread`` seconds: ready = from navigation until the
  board's canvas has pixels; a click = from the click until a canvas' pixels changed,
  both measured in the page; seen = until the board is first shown (the loading
  screen's picture of it, or the live board). The browsers stand for the visitors' own
  devices, so they run at a lower CPU priority (``--browser-nice``, default 10; 0 lets
  them compete with the server as equals, as before): they use what the server leaves.

Each visitor leaves by posting Voila's shutdown request (with the xsrf cookie), as the page
does on unload. Prints per N: ready time and click latency (median, p95, max), failures
(a page that never got ready, a click that never finished, two visitors sharing a kernel),
memory per visitor (the visitors' kernels, RSS and PSS in MB) and the server's CPU (Voila
and its kernels, CPU-seconds and mean cores busy). Bounded: at most 60 visitors, each
visitor gives up after ``--timeout`` seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.browser import CHROMIUM, FLAGS, jupyter_env, play_pages, serve, stop
from support.kernel_client import SUBPROTOCOL, Kernel, comm_msg, fetch_page, leave
from support.processes import cpu_seconds, kernels, memory_mb, own_cpu_seconds
from support.visitor import BROWSER_NICE, READY_WATCH, niced
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
MAX_VISITORS = 60
#: Extra Voila options (LOAD_VOILA_ARGS, space-separated), to compare settings.
EXTRA = os.environ.get("LOAD_VOILA_ARGS", "").split()
#: The button that plays the move selected in the page's move list.
PLAY_TOOLTIP = "Play the move chosen in the list"


@dataclass
class Visitor:
    """What one visitor measured (seconds)."""

    kind: str
    ready: float | None = None
    #: a browser's: when the board was first seen (the loading screen's picture of it)
    seen: float | None = None
    clicks: list[float] = field(default_factory=list)
    #: clicks on "New game" (a finished game's Play button is disabled): a new board
    new_games: list[float] = field(default_factory=list)
    kernel: str = ""
    failures: list[str] = field(default_factory=list)
    memory: tuple[float, float] | None = None


#: The Voila server's process id while a run lasts (to find the visitors' kernels).
SERVER: list[int] = []


def measure(v: Visitor) -> None:
    """Record the RSS and PSS of the visitor's kernel (before the visitor leaves)."""
    with contextlib.suppress(OSError, KeyError, IndexError):
        v.memory = memory_mb(kernels(SERVER[0])[v.kernel])


# ---- the server ------------------------------------------------------------------------


def start_server(tmp: Path, pool: int) -> tuple[Any, str]:
    """Voila as ``make play`` runs it, with ``pool`` preheated kernels per page."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    voila = Path(sys.executable).parent / "voila"
    command = [str(voila), "play", f"--port={port}", f"--pool_size={pool}", *EXTRA]
    url = f"http://127.0.0.1:{port}"
    proc = serve(command, ROOT / "notebooks", jupyter_env(tmp), tmp / "voila.log", url + "/",
                 "Voila", timeout=300)  # fmt: skip
    return proc, url


# ---- the light client ------------------------------------------------------------------


async def light_visitor(url: str, page: str, clicks: int, gap: float, timeout: float,
                        headers: dict[str, str] | None = None) -> Visitor:  # fmt: skip
    """One light visitor (``headers`` on its requests: e.g. the address a proxy reports)."""
    visitor = Visitor("light")
    try:
        await asyncio.wait_for(light_visit(visitor, url, page, clicks, gap, headers), timeout)
    except Exception as exc:
        visitor.failures.append(f"{type(exc).__name__}: {exc}"[:200])
        if os.environ.get("LOAD_DEBUG"):
            import traceback

            traceback.print_exc()
    return visitor


async def light_visit(v: Visitor, url: str, page: str, clicks: int, gap: float,
                      headers: dict[str, str] | None = None) -> None:  # fmt: skip
    start = time.perf_counter()
    html, jar = await asyncio.to_thread(fetch_page, f"{url}/voila/render/{page}", headers)
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                       html, re.S)  # fmt: skip
    if not config:
        raise RuntimeError("the page has no kernel id")
    v.kernel = json.loads(config.group(1))["kernelId"]
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
    ws = (
        url.replace("http", "ws", 1) + f"/api/kernels/{v.kernel}/channels?session_id={uuid.uuid4()}"
    )
    async with connect(ws, additional_headers={**(headers or {}), "Cookie": cookies},
                       max_size=2**26,
                       subprotocols=[SUBPROTOCOL],
                       open_timeout=60) as socket:  # fmt: skip
        k = Kernel(socket)
        control = uuid.uuid4().hex
        await k.request("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                      "data": {}}, {"version": "1.0.0"})  # fmt: skip
        replies = await k.request("comm_msg", comm_msg(control, {"method": "request_states"}),
                                  {"version": "1.0.0"})  # fmt: skip
        if os.environ.get("LOAD_DEBUG"):
            print([(m["msg_type"], str(m["content"])[:300]) for m in replies])
        states = next(m["content"]["data"]["states"] for m in replies
                      if m["msg_type"] == "comm_msg")  # fmt: skip
        canvases = [c for c, s in states.items() if s["model_name"] == "CanvasModel"]
        play = [c for c, s in states.items() if s["model_name"] == "ButtonModel"
                and s["state"].get("tooltip") == PLAY_TOOLTIP]  # fmt: skip
        for c in canvases:  # the views are ready: the board draws itself
            await k.request(
                "comm_msg", comm_msg(c, {"method": "custom", "content": {"event": "client_ready"}})
            )
        v.ready = time.perf_counter() - start
        if not play:
            raise RuntimeError("the page has no Play button")
        new_game = [c for c, s in states.items() if s["model_name"] == "ButtonModel"
                    and s["state"].get("description") == "New game"]  # fmt: skip
        button, over = play[0], bool(states[play[0]]["state"].get("disabled"))
        for _ in range(clicks):
            await asyncio.sleep(gap)
            t = time.perf_counter()
            # a finished game's Play button is disabled: start the next game, as a person would
            target = new_game[0] if over and new_game else button
            replies = await k.request(
                "comm_msg", comm_msg(target, {"method": "custom", "content": {"event": "click"}})
            )
            for m in replies:  # a new game brings a new Play button and a new board
                content = m["content"]
                if m["msg_type"] == "comm_open":
                    state = content.get("data", {}).get("state", {})
                    if state.get("tooltip") == PLAY_TOOLTIP:
                        button, over = content["comm_id"], bool(state.get("disabled"))
                    elif state.get("_model_name") == "CanvasModel":
                        ready = {"method": "custom", "content": {"event": "client_ready"}}
                        await k.request("comm_msg", comm_msg(content["comm_id"], ready))
                elif m["msg_type"] == "comm_msg" and content.get("comm_id") == button:
                    over = bool(content["data"].get("state", {}).get("disabled", over))
            (v.new_games if target != button else v.clicks).append(time.perf_counter() - t)
    await asyncio.to_thread(measure, v)
    await asyncio.to_thread(leave, url, v.kernel, cookies, xsrf, headers)


# ---- the browsers -------------------------------------------------------------------------

#: JavaScript: click the Play button, then time until the board canvas' pixels change.
CLICK = """async (tooltip) => {
  // a cheap fingerprint of every canvas (a PNG encoding per frame would add its own cost)
  const pixels = () => [...document.querySelectorAll('canvas')].map(c => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0; for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) | 0;
    return h;
  }).join();
  const before = pixels();
  let b = document.querySelector(`button[title="${tooltip}"]`);
  const fresh = b.disabled;
  if (fresh)  // the game is over: start the next one
    b = [...document.querySelectorAll('button')].find(x => x.textContent.trim() === 'New game');
  const t = performance.now();
  b.click();
  while (performance.now() - t < 10000) {
    await new Promise(r => requestAnimationFrame(r));
    if (pixels() !== before) return [performance.now() - t, fresh];
  }
  return [-1, fresh];
}"""


def browser_visitors(url: str, page: str, n: int, clicks: int, gap: float, timeout: float,
                     go: threading.Event, spread: float = 0.0, nice: int = 0,
                     ) -> list[Visitor]:  # fmt: skip
    """``n`` Chromium pages (one browser, a context each) arriving once ``go`` is set: all
    at once, or spread like the light visitors (page ``i`` at ``spread * (i + 0.5) / n``
    seconds: a sample of a class arriving within ``spread`` seconds). Each page notes
    itself when its board first has pixels (checked every frame), so a page's ready time
    does not wait for the measurement of the others."""
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p, niced(CHROMIUM, nice) as chromium:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        pages = []
        for _ in range(n):
            context = browser.new_context(viewport={"width": 1000, "height": 1000})
            context.add_init_script(READY_WATCH)
            pg = context.new_page()
            pg.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
            pages.append(pg)
        go.wait()
        t0 = time.perf_counter()
        for i, pg in enumerate(pages):  # navigations run in parallel in the browser
            wait = t0 + spread * (i + 0.5) / n - time.perf_counter() if spread else 0.0
            if wait > 0:  # Playwright's own wait: the pages' routes are served meanwhile
                pages[0].wait_for_timeout(wait * 1000)
            pg.evaluate(f"() => {{ window.location.href = '{url}/voila/render/{page}'; }}")
        for pg in pages:
            v = Visitor("chromium")
            out.append(v)
            try:
                pg.wait_for_function("() => window.__ready", timeout=timeout * 1000)
                v.ready = pg.evaluate("() => window.__ready") / 1000  # since its navigation
                v.seen = pg.evaluate("() => window.__seen") / 1000
                cfg = pg.evaluate(
                    "() => document.getElementById('jupyter-config-data').textContent"
                )
                v.kernel = json.loads(cfg)["kernelId"]
            except Exception as exc:
                v.failures.append(f"not ready: {type(exc).__name__}"[:200])
                if os.environ.get("LOAD_DEBUG"):
                    pg.screenshot(path=f"/tmp/load-not-ready-{len(out)}.png")
        for pg, v in zip(pages, out):
            if v.ready is None:
                continue
            for _ in range(clicks):
                pg.wait_for_timeout(gap * 1000)
                ms, fresh = pg.evaluate(CLICK, PLAY_TOOLTIP)
                if ms < 0:
                    v.failures.append("a click changed no pixel in 10 s")
                else:
                    (v.new_games if fresh else v.clicks).append(ms / 1000)
        for pg, v in zip(pages, out):
            measure(v)
            pg.close(run_before_unload=True)
        browser.close()
    return out


# ---- one run ----------------------------------------------------------------------------


def stats(values: list[float]) -> str:
    if not values:
        return "-"
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"median {statistics.median(ms):7.0f}  p95 {p95:7.0f}  max {ms[-1]:7.0f} ms"


async def run(n: int, args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="tablegames-load-"))
    proc, url = start_server(tmp, args.pool)
    SERVER[:] = [proc.pid]
    try:
        pooled = len(play_pages()) * args.pool
        deadline = time.time() + 300
        while len(kernels(proc.pid)) < pooled and time.time() < deadline:
            await asyncio.sleep(0.5)
        # the pool's notebooks have rendered when the server and its kernels fall quiet
        before = cpu_seconds(proc.pid)
        while time.time() < deadline:
            await asyncio.sleep(2)
            now = cpu_seconds(proc.pid)
            if now - before < 0.2:
                break
            before = now
        browsers = min(args.browsers, n)
        go = threading.Event()
        browser_task = asyncio.create_task(
            asyncio.to_thread(
                browser_visitors,
                url,
                args.page,
                browsers,
                args.clicks,
                args.gap,
                args.timeout,
                go,
                args.spread,
                args.browser_nice,
            )
        )
        await asyncio.sleep(2 if browsers else 0)  # the browser is up before the class arrives
        cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        voila0 = own_cpu_seconds(proc.pid)
        go.set()

        async def arrive(i: int) -> Visitor:
            await asyncio.sleep(args.spread * i / max(1, n - browsers))
            return await light_visitor(url, args.page, args.clicks, args.gap, args.timeout)

        light = await asyncio.gather(*(arrive(i) for i in range(n - browsers)))
        seen = await browser_task
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(proc.pid) - cpu0
        voila = own_cpu_seconds(proc.pid) - voila0
    finally:
        stop(proc)
    everyone = [*light, *seen]
    ids = [v.kernel for v in everyone if v.kernel]
    shared = len(ids) - len(set(ids))
    failed = [v for v in everyone if v.failures]
    print(
        f"\n== {n} visitors ({n - browsers} light clients, {browsers} Chromium), page "
        f"{args.page}, pool {args.pool} per page, arriving within {args.spread:g} s =="
    )
    for kind in ("light", "chromium"):
        group = [v for v in everyone if v.kind == kind]
        if group:
            print(f"  {kind:8} ready : {stats([v.ready for v in group if v.ready is not None])}")
            if kind == "chromium":
                seen = [v.seen for v in group if v.seen is not None]
                print(f"  {kind:8} seen  : {stats(seen)}  (the board's picture, before it is live)")
            print(f"  {kind:8} click : {stats([c for v in group for c in v.clicks])}")
            if any(v.new_games for v in group):
                print(f"  {kind:8} new game: {stats([c for v in group for c in v.new_games])}")
    print(f"  failures: {len(failed)} of {n} visitors; kernels shared: {shared}")
    for v in failed[:5]:
        print(f"    {v.kind}: {v.failures[0]}")
    if failed:
        print(f"  the server's log: {tmp / 'voila.log'}")
    else:  # nothing to look into: the server's folder goes
        shutil.rmtree(tmp, ignore_errors=True)
    memory = [v.memory for v in everyone if v.memory is not None]
    if memory:
        rss = statistics.median(m[0] for m in memory)
        pss = statistics.median(m[1] for m in memory)
        print(f"  memory per visitor kernel: RSS {rss:.0f} MB, PSS {pss:.0f} MB "
              f"(median of {len(memory)})")  # fmt: skip
    print(f"  server CPU: {cpu:.1f} CPU-s over {wall:.1f} s ({cpu / wall:.2f} cores busy "
          f"of {os.cpu_count()}; Voila itself {voila:.1f}, kernels and pool refill "
          f"{cpu - voila:.1f})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, nargs="+", default=[1, 10, 30, 50])
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium visitors")
    parser.add_argument("--browser-nice", type=int, default=BROWSER_NICE,
                        help="CPU priority of the browsers (0: the server's own)")  # fmt: skip
    parser.add_argument("--page", default="currents.ipynb")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between clicks")
    parser.add_argument("--spread", type=float, default=0.0,
                        help="visitors arrive evenly within this many seconds")  # fmt: skip
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels per page")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per visitor")
    args = parser.parse_args()
    if not args.page.endswith(".ipynb"):
        args.page += ".ipynb"
    for n in args.visitors:
        if not 1 <= n <= MAX_VISITORS:
            parser.error(f"--visitors must be between 1 and {MAX_VISITORS}, not {n}")
    for n in args.visitors:
        asyncio.run(run(n, args))


if __name__ == "__main__":
    main()
