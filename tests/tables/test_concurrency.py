"""Two pages at once: moves at the same ply from two threads or two processes (one is
played, the other refused with StaleMove), bots moving exactly once whoever asks, and a
process killed mid-game (SIGKILL) losing nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import tablegames as tg
from tablegames.bots import make_bot
from tablegames.tables import StaleMove, TableStore, View

WORKER = Path(__file__).with_name("worker.py")


def spawn(job: dict[str, Any]) -> subprocess.Popen[str]:
    cmd = [sys.executable, str(WORKER), json.dumps(job)]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def released(procs: list[subprocess.Popen[str]]) -> list[list[dict[str, Any]]]:
    """Wait until every worker is ready, release them together, and read what each says."""
    for p in procs:
        assert p.stdout is not None and "ready" in json.loads(p.stdout.readline())
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    outs = []
    for p in procs:
        out, _ = p.communicate(timeout=60)
        assert p.returncode == 0, out
        outs.append([json.loads(line) for line in out.splitlines()])
    return outs


def race(calls: list[Any]) -> list[Any]:
    """Run ``calls`` in threads released at once; each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except Exception as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


def test_two_threads_moving_at_the_same_ply_one_is_played_the_other_refused(url: str) -> None:
    with TableStore(url) as a, TableStore(url) as b:
        for seed in range(8):
            t = a.create("fellowship", ["human", "human"], seed=seed)
            moves = a.view(t.table, t.tokens[0]).legal_moves[:2]
            b.view(t.table, t.tokens[0])  # both pages have the table open
            got = race(
                [
                    lambda t=t, m=moves: a.play(t.table, t.tokens[0], m[0], 0),
                    lambda t=t, m=moves: b.play(t.table, t.tokens[0], m[1], 0),
                ]
            )
            played = [r for r in got if isinstance(r, View)]
            refused = [r for r in got if isinstance(r, StaleMove)]
            assert len(played) == 1 and len(refused) == 1, got
            assert "is at ply 1, but this move was chosen at ply 0" in str(refused[0])
            kept = a.view(t.table, t.spectator)
            assert kept.ply == 1 and kept.last_move == played[0].last_move


def test_two_processes_moving_at_the_same_ply_one_is_played_the_other_refused(
    url: str,
) -> None:
    with TableStore(url) as store:
        t = store.create("fellowship", ["human", "human"], seed=7)
        moves = store.view(t.table, t.tokens[0]).legal_moves[:2]
        job = {"job": "play", "url": url, "table": t.table, "token": t.tokens[0], "ply": 0}
        got = [out[0] for out in released([spawn({**job, "move": m}) for m in moves])]
        assert sorted(r.get("error", "played") for r in got) == ["StaleMove", "played"], got
        winner = moves[[r.get("ok") == 1 for r in got].index(True)]
        assert store.view(t.table, t.spectator).last_move == (0, winner)


class CountingBots:
    """A bot maker whose bots take ``delay`` seconds to choose and count their choices."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.choices = 0
        self.lock = threading.Lock()

    def __call__(self, spec: str, seed: str) -> Any:
        bot = make_bot(spec, seed)
        outer = self

        class Slow:
            def choose(self, state: tg.State) -> Any:
                with outer.lock:
                    outer.choices += 1
                time.sleep(outer.delay)
                return bot.choose(state)

        return Slow()


def _human_moved(url: str) -> tuple[Any, View]:
    """A Fellowship table, human against a random bot, after the human's first move
    (written without playing the bot's answer)."""
    with TableStore(url) as store:
        t = store.create("fellowship", ["human", "random"], seed=3)
        v = store.view(t.table, t.tokens[0])
        return t, store.play(t.table, t.tokens[0], v.legal_moves[0], 0, advance=False)


def test_a_bot_moves_once_when_four_pages_ask_at_once(url: str) -> None:
    t, moved = _human_moved(url)
    assert moved.ply == 1 and moved.to_move == 1
    bots = CountingBots(delay=0.3)
    stores = [TableStore(url, make_bot=bots) for _ in range(4)]
    got = race([lambda s=s: s.advance(t.table) for s in stores])
    assert sorted(got) == [0, 0, 0, 1] and bots.choices == 1
    view = stores[0].view(t.table, t.tokens[0])
    assert view.ply == 2 and view.your_turn and view.last_move is not None
    for s in stores:
        s.close()


def test_a_bots_turn_taken_by_a_page_that_died_is_played_once_the_lease_runs_out(
    url: str,
) -> None:
    t, _ = _human_moved(url)
    bots = CountingBots(delay=0.5)
    # With no lease a page may choose the move while another already does (both usually
    # do; on a loaded machine the second may start after the first has written it), yet
    # only one move is written.
    stores = [TableStore(url, make_bot=bots, bot_lease=0.0) for _ in range(2)]
    got = race([lambda s=s: s.advance(t.table) for s in stores])
    assert sorted(got) == [0, 1] and 1 <= bots.choices <= 2
    view = stores[0].view(t.table, t.tokens[0])
    assert view.ply == 2 and view.to_move == 0
    for s in stores:
        s.close()


def test_a_waiting_page_plays_the_bot_whose_turn_a_vanished_page_took(url: str) -> None:
    t, moved = _human_moved(url)
    with TableStore(url, bot_lease=0.3) as store:
        assert store.backend.claim(t.table, moved.ply, 0.3)  # a page took it, then died
        start = time.monotonic()
        view = store.wait(t.table, t.tokens[0], moved.ply, timeout=10)
        assert view is not None and view.ply == 2 and view.your_turn
        assert 0.25 < time.monotonic() - start < 5


def test_a_bot_moves_once_when_two_processes_ask_at_once(url: str) -> None:
    t, _ = _human_moved(url)
    job = {"job": "advance", "url": url, "table": t.table, "token": t.tokens[0], "slow": 0.5}
    lines = [r for out in released([spawn(job), spawn(job)]) for r in out]
    assert sum(r.get("played", 0) for r in lines) == 1
    assert sum("choosing" in r for r in lines) == 1, lines
    with TableStore(url) as store:
        assert store.view(t.table, t.tokens[0]).ply == 2


def test_a_table_resumes_with_nothing_lost_after_its_process_is_killed(url: str) -> None:
    with TableStore(url) as store:
        t = store.create("fellowship", ["human", "human"], seed=11)
    tokens = {str(k): v for k, v in t.tokens.items()}
    proc = spawn({"job": "game", "url": url, "table": t.table, "tokens": tokens})
    assert proc.stdout is not None
    last = 0
    while last < 6:
        line = proc.stdout.readline()
        assert line, "the game ended before it could be killed"
        last = json.loads(line)["ply"]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    with TableStore(url) as store:
        view = store.view(t.table, t.tokens[0])
        assert view.ply >= last  # every move it reported is kept
        while not view.finished:
            mover = t.tokens[view.to_move]
            view = store.view(t.table, mover)
            view = store.play(t.table, mover, view.legal_moves[0], view.ply)
        record = store.record(t.table, t.tokens[1])
    # The whole game is the first legal move at every ply: nothing lost, nothing garbled.
    state = tg.make("fellowship").initial_state(11)
    for text in record.moves:
        assert text == str(state.legal_moves()[0])
        state = state.apply(state.parse_move(text))
    assert state.is_terminal and view.winners == tuple(sorted(state.winners))


def test_sqlite_file_reopened_by_a_new_store_keeps_every_table(sqlite_url: str) -> None:
    store = TableStore(sqlite_url)
    t = store.create("poohsticks", ["human", "human"], seed=2)
    state = tg.make("poohsticks").initial_state(2)
    v = store.view(t.table, t.tokens[state.current_player])
    store.play(t.table, t.tokens[state.current_player], v.legal_moves[1], 0)
    del store  # no close: as if the process had gone
    with TableStore(sqlite_url) as again:
        view = again.view(t.table, t.spectator)
        assert view.ply == 1 and view.last_move == (state.current_player, v.legal_moves[1])
        assert [i.table for i in again.tables_of(t.creator)] == [t.table]


def test_a_store_used_before_a_fork_works_in_the_child_and_the_parent(url: str) -> None:
    """Voila may fork kernels from a warm process: the child opens its own connections
    and leaves the parent's alone."""
    with TableStore(url) as store:
        t = store.create("fellowship", ["human", "human"], seed=3)
        v0 = store.view(t.table, t.tokens[0])  # the pool now holds an idle connection
        pid = os.fork()
        if pid == 0:  # the child: play seat 0's move, close its store, and leave
            code = 1
            try:
                store.play(t.table, t.tokens[0], v0.legal_moves[0], 0)
                store.close()
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        view = store.wait(t.table, t.tokens[1], 0, timeout=5)  # the parent's still work
        assert view is not None and view.ply == 1 and view.your_turn
