"""The errors every game raises, so callers can catch them without knowing the game."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is malformed or that the rules forbid in this state.

    The message says what was wrong and, where it helps, what is allowed.
    The state the move was applied to is never changed.
    """


class InvalidMoveError(IllegalMove):
    """Text that is not a move in the game's notation at all (bad shape, unknown card or cell).

    A subclass of IllegalMove, as python-chess's InvalidMoveError sits beside
    IllegalMoveError: a well-formed move the rules forbid raises plain IllegalMove,
    so callers that catch IllegalMove catch both. The message quotes the input and
    names the accepted forms.
    """


class InvalidState(ValueError):
    """Data that does not describe a possible position (bad JSON, impossible edit)."""
