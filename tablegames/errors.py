"""The two errors every game raises, so callers can catch them without knowing the game."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is malformed or that the rules forbid in this state.

    The message says what was wrong and, where it helps, what is allowed.
    The state the move was applied to is never changed.
    """


class InvalidState(ValueError):
    """Data that does not describe a possible position (bad JSON, impossible edit)."""
