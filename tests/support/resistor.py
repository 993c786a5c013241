"""Builders for hand-written Resistor positions (see docs/resistor-json.md), and the
forward-leaning player that the property tests and the golden games use."""

from __future__ import annotations

import random
from typing import Any

from support.moves import kinds, legal, play, targets
from tablegames.resistor import ResistorGame, ResistorMove, ResistorState
from tablegames.resistor.board import AMPERE, CELL_INDEX, COLS

#: Dead spaces used when a test does not care: far from where the tests play.
DEAD = ["f12", "k16"]
LISTS = {"A": "amperes", "D": "drained", "C": "chargers", "R": "resistors", "O": "overloaded"}


def data(at: dict[str, str], dead: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A hand-built position's JSON: ``at`` maps cells to piece codes (A, D, C, R, O)."""
    d: dict[str, Any] = {key: [] for key in LISTS.values()}
    for cell, code in at.items():
        d[LISTS[code]].append(cell)
    d["dead"] = DEAD if dead is None else dead
    d.update(extra)
    return d


def game_for(d: dict[str, Any], **options: Any) -> ResistorGame:
    """A game whose piece counts fit the position ``d`` (player 0 plays the amperes first)."""
    side = sum(len(d[k]) for k in ("amperes", "drained", "chargers"))
    resistors = len(d["resistors"]) + len(d["overloaded"])
    pending = d.get("pending")
    if pending and (
        pending["kind"] == "overload" or (pending["kind"] == "drain" and d["phase"] != "setup")
    ):
        resistors += 1
    defaults = {
        "first_amperes": 0,
        "amperes": side,
        "resistors": resistors,
        "dead_spaces": len(d["dead"]),
    }
    return ResistorGame(**{**defaults, **options})


def position(
    at: dict[str, str],
    dead: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> ResistorState:
    """A hand-built play position (the ampere player to start a turn unless ``extra`` says)."""
    extra.setdefault("phase", "play")
    d = data(at, dead, **extra)
    return game_for(d, **(options or {})).state_from_json(d)


def at(state: ResistorState, cell: str) -> str:
    """The piece code on ``cell``."""
    return state.board[CELL_INDEX[cell]]


def choose(s: ResistorState, moves: list[ResistorMove], chooser: random.Random, how: str) -> Any:
    """A uniformly random move; the ampere player may refuse to forfeit, or also prefer
    moves towards its goal (amperes up, chargers down).

    ``how``: "uniform", "no_forfeit" (uniform but never forfeiting) or "forward" (a move
    towards the goal 7 times in 10 when there is one, never forfeiting)."""
    if how != "uniform" and s.turn_role == "amperes" and not s.pending:
        if how == "forward" and chooser.random() < 0.7:
            ahead = [m for m in moves if m.kind == "move" and _forward(s, m)]
            if ahead:
                return ahead[chooser.randrange(len(ahead))]
        moves = [m for m in moves if m.kind != "forfeit"] or moves
    return moves[chooser.randrange(len(moves))]


def _forward(s: ResistorState, m: ResistorMove) -> bool:
    rise = m.dst // COLS - m.src // COLS
    return rise > 0 if s.board[m.src] == AMPERE else rise < 0


class LeaningBot:
    """A bot for ``tablegames.play_game`` that plays :func:`choose` with ``how="forward"``
    from its own seeded generator: random ampere players almost never charge or score,
    this one does (the resistor player stays uniform)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: ResistorState) -> Any:
        return choose(state, state.legal_moves(), self.rng, "forward")

    def __repr__(self) -> str:
        return "LeaningBot()"


#: support.moves' helpers are re-exported: a test imports all it needs from its game's module
__all__ = [
    "DEAD",
    "LISTS",
    "LeaningBot",
    "at",
    "choose",
    "data",
    "game_for",
    "kinds",
    "legal",
    "play",
    "position",
    "targets",
]
