"""Shared pieces of the games' move notation: the move table with its parser, the syntax
error and a repr that rebuilds.

Every game's ``moves`` module builds its moves once into a :class:`MoveTable`, which
finds a move by its text (``moves.parse``) and refuses hand-built values no rule makes
(``moves.check_form``). ``parse`` raises :class:`~tablegames.errors.InvalidMoveError`
(made by :func:`invalid`) when a text names no move of the game at all;
``state.parse_move`` adds plain :class:`~tablegames.errors.IllegalMove` when the move
exists but the position forbids it. Every move's ``repr`` is :func:`move_repr`, which
``eval`` turns back into an equal move.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from .errors import IllegalMove, InvalidMoveError

M = TypeVar("M")
#: How a game turns one of its patterns' matches into a move: ``build(text, match)``, the
#: text as given (for error messages) and the match on its normalised form.
Build = Callable[[str, "re.Match[str]"], M]
#: A joiner match's replacement: the joiner alone (a callable, which ``re`` calls from C;
#: a template such as ``r"\1"`` is expanded in Python at every call).
_JOINER = operator.itemgetter(1)


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


class MoveTable(Generic[M]):
    """A game's moves by their notation, and the parser every game's ``moves.parse`` is.

    ``moves`` are the moves built once (``legal_moves`` hands them out, so it builds no
    objects); more may be added as they are made (:meth:`add`). :meth:`parse` reads a
    text in four steps: a text that is no string is refused; the canonical notation of a
    known move is looked up at once; otherwise the text is normalised (spaces collapsed,
    upper or lower ``case``, no spaces around the ``joiners`` characters) and matched
    against the game's ``patterns`` in order, the first match's ``build(text, match)``
    giving the move (or raising :func:`invalid` for a well-shaped text naming no move);
    a text no pattern matches is refused, naming the accepted forms (``notation_help``).
    """

    def __init__(
        self,
        moves: Iterable[M],
        notation_help: str,
        patterns: Sequence[tuple[str, Build[M]]],
        *,
        case: str = "upper",
        joiners: str = "",
    ) -> None:
        self.notation_help = notation_help
        #: every known move by its canonical notation (the fast path of :meth:`parse`)
        self.by_text: dict[str, M] = {}
        #: the ids of the moves built here, all well formed (:meth:`check_form`)
        self.built: set[int] = set()
        for move in moves:
            self.add(move)
        self.patterns = [(re.compile(p), build) for p, build in patterns]
        self._lower = case == "lower"
        self._joiners = re.compile(rf"\s*([{re.escape(joiners)}])\s*") if joiners else None

    def add(self, move: M) -> M:
        """Know ``move`` (one built after the table, such as a goaltending discard)."""
        self.by_text[str(move)] = move
        self.built.add(id(move))
        return move

    def normalise(self, text: str) -> str:
        """``text`` with its spaces collapsed, in the table's case, joiners unspaced."""
        norm = " ".join((text.lower() if self._lower else text.upper()).split())
        if self._joiners is None or " " not in norm:
            return norm
        return self._joiners.sub(_JOINER, norm)

    def parse(self, text: str) -> M:
        """The move ``text`` names (syntax only; the state checks legality)."""
        if not isinstance(text, str):
            raise InvalidMoveError(
                f"a move in notation must be a string, not {text!r}; {self.notation_help}"
            )
        known = self.by_text.get(text)
        if known is not None:  # the canonical notation of a known move: no regex needed
            return known
        norm = self.normalise(text)
        known = self.by_text.get(norm)
        if known is not None:
            return known
        for pattern, build in self.patterns:
            match = pattern.fullmatch(norm)
            if match is not None:
                return build(text, match)
        raise InvalidMoveError(f"cannot read {text[:60]!r} as a move: {self.notation_help}")

    def check_form(self, move: M) -> None:
        """Raise IllegalMove unless ``move`` is one of the table's moves or equal to one:
        hand-built move values that no rule produces are refused, naming their fields."""
        if id(move) in self.built:
            return
        try:
            back = self.by_text.get(str(move))
        except (TypeError, ValueError, IndexError):
            back = None
        if back is None or back != move:
            shown = ", ".join(
                f"{f.name}={getattr(move, f.name)!r}"
                for f in dataclasses.fields(move)  # type: ignore[arg-type]
            )
            raise IllegalMove(
                f"malformed move {type(move).__name__}({shown}); take moves from "
                f"legal_moves() or state.parse_move(text): {self.notation_help}"
            )
