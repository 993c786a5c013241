"""Shared pieces of the games' move notation: the syntax error and a repr that rebuilds.

Every game's ``moves.parse`` raises :class:`~tablegames.errors.InvalidMoveError` (made by
:func:`invalid`) when a text names no move of the game at all; ``state.parse_move`` adds
plain :class:`~tablegames.errors.IllegalMove` when the move exists but the position
forbids it. Every move's ``repr`` is :func:`move_repr`, which ``eval`` turns back into an
equal move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .errors import IllegalMove, InvalidMoveError


def invalid(text: object, why: str, notation_help: str) -> InvalidMoveError:
    """The error for ``text`` that is not a move in the notation: quotes it (cut to 60
    characters), says ``why`` and lists the accepted forms (``notation_help``)."""
    shown = text[:60] if isinstance(text, str) else text
    return InvalidMoveError(f"{shown!r}: {why}; {notation_help}")


def move_repr(move: Any, parse: Callable[[str], Any]) -> str:
    """``Cls.from_notation('text')`` when the move's notation reads back as it (every move
    the game builds), else ``Cls(field=value, ...)`` for a hand-built value that no
    notation names; either way ``eval`` with the class in scope rebuilds an equal move."""
    name = type(move).__name__
    try:
        text = str(move)
        if parse(text) == move:
            return f"{name}.from_notation({text!r})"
    except (IllegalMove, TypeError, ValueError, IndexError, KeyError, AttributeError):
        pass
    shown = ", ".join(f"{f.name}={getattr(move, f.name)!r}" for f in dataclasses.fields(move))
    return f"{name}({shown})"
