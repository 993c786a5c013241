"""The benchmark scripts still run (a benchmark nobody can run measures nothing): the
MCTS table of ``benchmarks/bots.py`` beside another revision's, measured in one run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_mcts_table_compares_with_another_revision_in_the_same_run() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: there is no revision to compare with")
    command = [sys.executable, "benchmarks/bots.py", "--mcts-only", "--against", "HEAD",
               "--runs", "1", "--iterations", "10"]  # fmt: skip
    out = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    rows = {line[:30].strip(): line.split() for line in out.splitlines()[3:]}
    assert "x HEAD" in out.splitlines()[2], out
    for label in ("currents 2p", "poohsticks 2p", "cardchess"):
        now, then, ratio = (float(x) for x in rows[label][-3:])
        # The rates are printed as whole numbers and the ratio to two decimals: compare at
        # that precision (a ratio printed 0.18 for a true 0.1848 is right, 0.54 is not).
        assert now > 0 and then > 0 and abs(ratio - now / then) <= 0.0051 + now / then / then, out


def test_the_instruction_count_plays_the_games_it_is_given() -> None:
    """benchmarks/instructions.py runs itself under valgrind (not installed by make test);
    what it runs there, one configuration's seeded games, is checked here: the decisions of
    the games counted, the same on every run (the figure is only worth its determinism)."""
    command = [sys.executable, "benchmarks/instructions.py", "--child", "poohsticks 2p",
               "--games", "3", "--warm", "1"]  # fmt: skip
    runs = [subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)
            for _ in range(2)]  # fmt: skip
    decisions = {int(r.stdout.split()[-1]) for r in runs}
    assert len(decisions) == 1 and decisions.pop() > 30, [r.stdout for r in runs]


def test_the_mcts_instruction_count_searches_its_positions() -> None:
    """benchmarks/mcts_instructions.py runs itself under valgrind (not installed by make
    test); its child, the searches counted, is run here: every position it searches is
    still in play, so the count divides by the four positions."""
    command = [sys.executable, "benchmarks/mcts_instructions.py", "--child", "resistor",
               "--iterations", "5"]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)
    assert done.stdout.split()[-1] == "4", done.stdout


def test_the_suite_timeline_records_each_test_and_adds_up_each_worker(tmp_path: Path) -> None:
    """TABLEGAMES_TIMELINE makes pytest write a line per test (tests/conftest.py), and
    benchmarks/suite_timeline.py adds the lines up per worker and per module."""
    timeline = tmp_path / "timeline.tsv"
    # (not PYTEST_XDIST_WORKER: this run's own is "main", whichever worker starts it)
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
    env["TABLEGAMES_TIMELINE"] = str(timeline)
    tests = ["tests/test_bench_scripts.py::test_the_timeline_sums_worker_time_by_module"]
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p",
                    "no:cacheprovider", *tests], cwd=ROOT, env=env, check=True,
                   capture_output=True)  # fmt: skip
    (worker, start, end, test), *more = (
        line.split("\t") for line in timeline.read_text().splitlines()
    )
    assert (worker, test, more) == ("main", tests[0], []) and float(start) <= float(end)


def test_the_timeline_sums_worker_time_by_module(tmp_path: Path) -> None:
    timeline = tmp_path / "timeline.tsv"
    timeline.write_text(
        "gw0\t100.0\t130.0\ttests/a.py::x\n"
        "gw1\t100.0\t105.0\ttests/b.py::y\n"
        "gw0\t130.0\t140.0\ttests/a.py::z\n"
        "gw1\t105.0\t160.0\ttests/c.py::w\n"
    )
    out = subprocess.run([sys.executable, "benchmarks/suite_timeline.py", str(timeline)],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout  # fmt: skip
    assert "4 tests, 60 s from the first test's start" in out, out
    assert "gw0: 40 s in tests, last test ended at 40 s" in out, out
    assert "gw1: 60 s in tests, last test ended at 60 s" in out, out
    modules = [line.split()[-1] for line in out.split("longest modules")[1].splitlines()[1:4]]
    assert modules == ["tests/c.py", "tests/a.py", "tests/b.py"], out
