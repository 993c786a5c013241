"""Which games have puzzles, and what each puzzle asks: read from the games' declarations.

A game that makes puzzles declares them in its ``parts`` (``GameParts.puzzles``, a
function returning a :class:`tablegames.parts.PuzzleParts`: the goal, how deep its line
may go, which positions are worth searching, the one-line theme that says in words what
the solution does); the five games keep theirs in their package's ``puzzle`` module.
The choices are explained in ``docs/puzzles.md``. This module names no game: it holds
the helpers those declarations share.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..core import GAMES as ALL_GAMES
from ..core import State
from ..parts import Goal, PuzzleParts, Theme
from .search import follow

#: How one game makes puzzles (the declaration's shape, under the name this package uses).
PuzzleGame = PuzzleParts


def wins(after: State, player: int) -> bool:
    """The game is over and ``player`` is among its winners."""
    return after.is_terminal and player in after.winners


def has_event(after: State, kind: str, player: int) -> bool:
    """Did the step into ``after`` have an event of ``kind`` for ``player``?"""
    return any(e.kind == kind and e.player == player for e in getattr(after, "events", ()))


def events_after(before: State, line: Sequence[str]) -> list[list[Any]]:
    """The events of each step of ``line`` (moves in notation) played from ``before``."""
    return [list(getattr(s, "events", ())) for s in follow(before, line)]


class PuzzleGames(Mapping[str, PuzzleParts]):
    """The registered games that declare puzzles, by name (in the order of their names),
    read from their declarations on the first look, so that importing this module loads
    no game's puzzle code."""

    def __init__(self) -> None:
        self._games: dict[str, PuzzleParts] | None = None

    def _loaded(self) -> dict[str, PuzzleParts]:
        if self._games is None:
            found = {}
            for name in sorted(ALL_GAMES):
                declared = ALL_GAMES[name].parts.puzzles
                if declared is not None:
                    found[name] = declared()
            self._games = found
        return self._games

    def __getitem__(self, name: str) -> PuzzleParts:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


#: The games that have puzzles, by name: ``GAMES[name].goal`` and so on.
GAMES: Mapping[str, PuzzleParts] = PuzzleGames()

__all__ = [
    "GAMES",
    "Goal",
    "PuzzleGame",
    "PuzzleGames",
    "Theme",
    "events_after",
    "has_event",
    "wins",
]
