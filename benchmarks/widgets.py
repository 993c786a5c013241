"""Widget speed: the kernel-side cost of drawing Currents on the canvas widgets.

Run: ``python benchmarks/widgets.py [--runs 7] [--repeat 3]`` (needs the widgets extra).
No browser and no kernel are needed: ipywidgets sends its messages nowhere, but
ipycanvas still builds and serialises every command batch (the real ``_send_custom``
runs, with orjson), so the numbers include everything the kernel does before the
bytes leave for the page. Not included: the kernel's own message framing and the
browser's drawing.

Prints medians over several runs (each run times every position of a recorded game,
``--repeat`` times, and keeps the median per operation), in milliseconds, of:
- ``redraw_all``: one full redraw of the board (background, pieces, overlay);
- ``viewer step``: ``GameViewer.controls.step("forward")`` with the influence overlay on
  (board, caption and step text);
- ``inspector show``: ``CurrentsInspector.show`` on the next state (board and vector
  panel), with the scout off and on;
- ``hover``: moving the mouse onto another slot (overlay only);
and, for one step, the number of messages, commands and bytes sent; then, for every game
(``tablegames.GAMES``: each has a board, its own or the generic scene board), a viewer
step through a recorded game of random bots.
Target: under 10 ms per step.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import ipycanvas
import ipycanvas.canvas as ipc
import ipywidgets
from tablegames_widgets.currents.inspector import CurrentsInspector
from tablegames_widgets.viewer import GameViewer

import tablegames as tg

TARGET_MS = 10.0


def long_game(min_states: int = 40) -> tg.Record:
    """A recorded 4-player game of random bots with at least ``min_states`` positions."""
    game = tg.make("currents", players=4, max_turns=300)
    for seed in range(1000):
        result = tg.play_game(game, seed=seed)
        if result.decisions + 1 >= min_states:
            return result.record
    raise RuntimeError("no long enough game")


def per_call_ms(action: Callable[[], Any], count: int, repeat: int) -> float:
    """Median over ``repeat`` rounds of the mean time of ``count`` calls, in ms."""
    rounds = []
    clock = time.perf_counter
    for _ in range(repeat):
        t0 = clock()
        for _ in range(count):
            action()
        rounds.append((clock() - t0) / count * 1000)
    return statistics.median(rounds)


def one_run(record: tg.Record, repeat: int) -> dict[str, float]:
    viewer = GameViewer(record, square=40)
    states = viewer.states
    n = len(states)
    board = viewer.board
    playing = [s for s in states if not s.is_terminal]

    def step() -> None:
        if viewer.index == n - 1:
            viewer.controls.go(0)
        viewer.controls.step("forward")

    out = {}
    out["redraw_all"] = per_call_ms(board.redraw_all, n, repeat)
    out["viewer step"] = per_call_ms(step, n, repeat)

    insp = CurrentsInspector(states[0], square=40)
    k = 0

    def show() -> None:
        nonlocal k
        k = (k + 1) % len(playing)
        insp.show(playing[k])

    out["inspector show"] = per_call_ms(show, len(playing), repeat)
    insp.scout.value = True
    out["inspector show, scout"] = per_call_ms(show, len(playing), repeat)

    lay = board.geometry
    slots = [lay.slot_rect(i) for i in range(16)]
    j = 0

    def hover() -> None:
        nonlocal j
        j = (j + 1) % 16
        x, y, w, h = slots[j]
        board.hover_at(x + w / 2, y + h / 2)

    out["hover"] = per_call_ms(hover, 64, repeat)
    return out


def traffic(record: tg.Record) -> tuple[int, int, int]:
    """(messages, commands, bytes) that one viewer step sends."""
    viewer = GameViewer(record, square=40)
    viewer.controls.go(len(viewer.states) // 2)
    manager = ipc._CANVAS_MANAGER
    real = manager._send_custom
    seen: list[tuple[int, int]] = []

    def counting(command: list[Any], buffers: list[Any] = []) -> None:  # noqa: B006
        from ipycanvas.utils import commands_to_buffer

        _meta, buffer = commands_to_buffer(command)
        many = 1 if command and isinstance(command[0], int) else len(command)
        seen.append((many, len(buffer) + sum(len(memoryview(b)) for b in buffers)))
        real(command, buffers)

    manager._send_custom = counting
    try:
        viewer.controls.step("forward")
    finally:
        del manager._send_custom  # back to the class's method
    return len(seen), sum(c for c, _ in seen), sum(b for _, b in seen)


def every_board(runs: int, repeat: int) -> dict[str, float]:
    """Median ms of a viewer step for each game with a board (default options, seed 5)."""
    out = {}
    for name in tg.GAMES:
        record = tg.play_game(tg.make(name), seed=5, max_decisions=80).record
        viewer = GameViewer(record, square=40)
        n = len(viewer.states)

        def step(viewer: GameViewer = viewer, n: int = n) -> None:
            if viewer.index == n - 1:
                viewer.controls.go(0)
            viewer.controls.step("forward")

        out[name] = statistics.median(per_call_ms(step, n, repeat) for _ in range(runs))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    record = long_game()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, ipycanvas "
        f"{ipycanvas.__version__}, ipywidgets {ipywidgets.__version__}, orjson "
        f"{'on' if _orjson() else 'off'}; "
        f"Currents 4p, {len(record.moves) + 1} positions (seed {record.seed}); "
        f"medians of {args.runs} runs"
    )
    runs = [one_run(record, args.repeat) for _ in range(args.runs)]
    print(f"{'operation':<24}{'ms':>9}{'min':>9}{'max':>9}")
    for name in runs[0]:
        values = [r[name] for r in runs]
        print(f"{name:<24}{statistics.median(values):>9.3f}{min(values):>9.3f}{max(values):>9.3f}")
    messages, commands, size = traffic(record)
    print(f"one step sends {messages} message(s), {commands} commands, {size} bytes")
    step = statistics.median(r["viewer step"] for r in runs)
    show = statistics.median(r["inspector show, scout"] for r in runs)
    worst = max(step, show)
    boards = every_board(args.runs, args.repeat)
    for name, ms in boards.items():
        print(f"{'viewer step, ' + name:<24}{ms:>9.3f}")
    worst = max(worst, *boards.values())
    verdict = "met" if worst < TARGET_MS else "NOT met"
    print(f"target under {TARGET_MS:g} ms per step: {verdict} (worst {worst:.3f} ms)")


def _orjson() -> bool:
    from ipycanvas import utils

    return bool(utils.ORJSON_AVAILABLE)


if __name__ == "__main__":
    main()
