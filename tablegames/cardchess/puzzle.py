"""Card Chess's puzzles (declared through ``CardChessGame.parts``, loaded only when puzzles
are made): win the game by covering the last king, or save it when every other move lets
the opponent cover yours. Perfect information, so checked exhaustively; the choices are
explained in ``docs/puzzles.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import pretty
from ..core import State
from ..parts import PuzzleParts
from ..puzzles.games import events_after, wins
from .state import CardChessState

_UNITS = {"K": "king", "Q": "queen", "J": "jack", "T": "ten"}
_COLOURS = ("red", "black")


def _unit(card: str) -> str:
    return f"{_UNITS.get(card[0], 'unit')} ({pretty(card)})"


def cardchess_step(events: Sequence[Any]) -> str:
    """One Card Chess move in words: which unit goes where, and what it covers."""
    move = next(e for e in events if e.kind == "move")
    src, _, dst = move.where.partition("-")
    cover = next((e for e in events if e.kind == "cover"), None)
    if cover is not None:
        return (
            f"cover the {_unit(cover.cards[1])} on {dst} with the {_unit(move.cards[0])} from {src}"
        )
    return f"move the {_unit(move.cards[0])} from {src} to {dst}"


def cardchess_theme(before: State, line: Sequence[str], player: int, kind: str) -> str:
    events = events_after(before, line)[0]
    step = cardchess_step(events)
    them = _COLOURS[1 - player]
    if kind == "save":
        return f"{step}: the only move that stops {them} covering both your kings next move"
    if kind == "forced":
        return f"{step}: whatever {them} does, your next move leaves both {them} kings covered"
    if any(e.kind == "no_move" for e in events):
        return f"{step}: {them} has no move left"
    cover = next(e for e in events if e.kind == "cover")
    if cover.cards[1][0] == "K":
        return f"{step}: both {them} kings are now covered"
    return f"{step}: a {them} king lies beneath it, so both {them} kings are now covered"


def cardchess_worth(state: State, player: int) -> bool:
    """Where the two-turn searches (a win next turn, a defence) look: where one of the
    opponent's kings is covered already, or one of the player's own. (A game can also be
    won by leaving the opponent without a move; such wins in one move are always searched,
    in two moves only here.)"""
    assert isinstance(state, CardChessState)
    return state.kings_covered(1 - player) >= 1 or state.kings_covered(player) >= 1


#: What :mod:`tablegames.puzzles` reads (``CardChessGame.parts.puzzles`` returns it).
PUZZLES = PuzzleParts(
    {"max_turns": 200},
    wins,
    "win the game: leave both of the opponent's kings covered",
    1,
    True,
    cardchess_theme,
    deep_worth=cardchess_worth,
    forced=True,
    bots=("greedy", "greedy"),
    max_decisions=200,
)
