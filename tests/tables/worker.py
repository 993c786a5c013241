"""A separate process at a table, for the tests that race processes or kill one.

Run as ``python worker.py '<json>'``; the JSON names the ``job``, the store ``url`` and
what the job needs; the worker prints one JSON line per result (flushed at once).

- ``play``: print ``ready``, wait for a line on stdin, then play ``move`` at ``ply``.
- ``advance``: print ``ready``, wait for a line, then play the bot moves due; the bots
  take ``slow`` seconds to choose, so the processes overlap.
- ``game``: play the first legal move of whoever is to move until the game ends,
  printing each ply once it is written (the test kills the process on the way).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from tablegames.bots import make_bot
from tablegames.core import State
from tablegames.tables import TableError, TableStore


class SlowBot:
    """A random bot that takes ``delay`` seconds to choose and says when it does."""

    def __init__(self, spec: str, seed: str, delay: float) -> None:
        self.bot = make_bot(spec, seed)
        self.delay = delay

    def choose(self, state: State) -> Any:
        print(json.dumps({"choosing": time.time()}), flush=True)
        time.sleep(self.delay)
        return self.bot.choose(state)


def _ready() -> None:
    """Say this process is ready (imported, connected, table cached); wait for the go."""
    print(json.dumps({"ready": time.time()}), flush=True)
    sys.stdin.readline()


def main(job: dict[str, Any]) -> None:
    slow = float(job.get("slow", 0))
    store = TableStore(job["url"], make_bot=lambda spec, seed: SlowBot(spec, seed, slow))
    table, token = job["table"], job.get("token", "")
    if job["job"] == "play":
        store.view(table, token, advance=False)  # connected and cached before the start
        _ready()
        try:
            view = store.play(table, token, job["move"], job["ply"], advance=False)
            print(json.dumps({"ok": view.ply}), flush=True)
        except TableError as exc:
            print(json.dumps({"error": type(exc).__name__, "message": str(exc)}), flush=True)
    elif job["job"] == "advance":
        store.view(table, token, advance=False)
        _ready()
        print(json.dumps({"played": store.advance(table)}), flush=True)
    elif job["job"] == "game":
        tokens = {int(k): v for k, v in job["tokens"].items()}
        view = store.view(table, tokens[0])
        while not view.finished:
            view = store.view(table, tokens[view.to_move])
            view = store.play(table, tokens[view.to_move], view.legal_moves[0], view.ply)
            print(json.dumps({"ply": view.ply}), flush=True)
            time.sleep(float(job.get("pause", 0)))
    store.close()


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
