"""Who solves a puzzle: the project's bots as solvers, and a difficulty from the weakest
one that solves it.

A solver *solves* a puzzle when the move it picks is the answer: for a line of several
moves, every move of the solver's along the line keeps a goal line alive and the last
reaches the goal; for a ``forced`` puzzle also the winning answer to the opponent's reply
(the reply a seeded greedy bot picks). Each solver is seeded from the puzzle's position
(its game's seed and move number), so the figures replay exactly.

>>> from tablegames.puzzles import load_set
>>> puzzle = load_set("cardchess")["puzzles"][0]
>>> puzzle["kind"], solves(puzzle, "greedy")  # greedy always takes a win in one move
('win', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import make_bot
from ..core import State
from ..record import Record
from .games import GAMES
from .search import own_line

#: The solvers, weakest first: (name in the JSON and the table, bot spec).
SOLVERS: tuple[tuple[str, str], ...] = (
    ("greedy", "greedy"),
    ("mcts300", "mcts:300"),
    ("mcts3000", "mcts:3000"),
)
#: The difficulty named by the weakest solver that solves the puzzle ("hard": only the
#: strongest solver, or none).
LABELS = {"greedy": "easy", "mcts300": "medium", "mcts3000": "hard"}


def _key(puzzle: Mapping[str, Any]) -> str:
    """The position's name for seeding the solvers: its game's seed and how many moves
    in (not the puzzle's id, so renumbering a set keeps its figures)."""
    record = puzzle["record"]
    return f"{record['seed']}:{len(record['moves'])}"


def _state(puzzle: Mapping[str, Any]) -> State:
    record = Record.from_json(puzzle["record"])
    return record.make_game().state_from_json(puzzle["state"])


def solves(puzzle: Mapping[str, Any], spec: str) -> bool:
    """Does the bot named ``spec`` (``"greedy"``, ``"mcts:300"``) play the answer?"""
    game = Record.from_json(puzzle["record"]).game
    goal_spec = GAMES[game]
    state = _state(puzzle)
    player = puzzle["player"]
    bot = make_bot(spec, f"puzzle-stats:{_key(puzzle)}")
    solution = list(puzzle["solution"])
    first = str(bot.choose(state))
    if first != solution[0]:
        return False
    kind = puzzle["kind"]
    if kind == "save":
        return True
    after = state.apply(state.parse_move(first))
    if kind == "forced":
        if after.is_terminal:
            return False
        reply = make_bot("greedy", f"puzzle-stats-reply:{_key(puzzle)}").choose(after)
        back = after.apply(reply)
        answer = bot.choose(back)
        return goal_spec.goal(back.apply(answer), player)
    depth = goal_spec.depth
    for step in range(1, depth + 1):
        if goal_spec.goal(after, player):
            return True
        if after.is_terminal or after.current_player != player:
            return False
        if own_line(after, player, goal_spec.goal, depth - step) is None:
            return False
        after = after.apply(bot.choose(after))
    return goal_spec.goal(after, player)


def solved_by(
    puzzle: Mapping[str, Any], solvers: Sequence[tuple[str, str]] = SOLVERS
) -> dict[str, bool]:
    """Each solver's name with whether it solves ``puzzle``."""
    return {name: solves(puzzle, spec) for name, spec in solvers}


def label(solved: Mapping[str, bool]) -> str:
    """The difficulty word: the weakest solver that solves it names it (see LABELS)."""
    for name, _ in SOLVERS:
        if solved.get(name):
            return LABELS[name]
    return "hard"


def set_stats(data: Mapping[str, Any]) -> dict[str, int]:
    """How many puzzles of the set each solver solves, and ``count``, computed now."""
    out = {name: 0 for name, _ in SOLVERS}
    for puzzle in data["puzzles"]:
        for name, ok in solved_by(puzzle).items():
            out[name] += ok
    return {**out, "count": len(data["puzzles"])}


def stats_table(data: Mapping[str, Any], stats: Mapping[str, int]) -> str:
    """The figures of :func:`set_stats` as aligned text, one line per solver."""
    n = stats["count"]
    lines = [f"{data['game']}: {n} puzzles (seed {data['seed']})"]
    for name, spec in SOLVERS:
        k = stats[name]
        share = f"{100 * k / n:.0f}%" if n else "-"
        lines.append(f"  {name:<10}{spec:<11}{k:>3} / {n}  {share:>5}")
    return "\n".join(lines)
