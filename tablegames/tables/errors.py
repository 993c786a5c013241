"""The errors of the table service, each a ValueError that says what was wrong.

Refused moves (stale, out of turn, after the end) are also :class:`tablegames.IllegalMove`,
so a page that catches IllegalMove for a bad move catches them too.
"""

from __future__ import annotations

from ..errors import IllegalMove


class TableError(ValueError):
    """Anything the table service refuses: an unknown table, a bad token, a refused move."""


class UnknownTable(TableError):
    """No table with this id in the store."""


class BadToken(TableError):
    """The token is not one of the table's seat or spectator tokens (or no creator token)."""


class StaleMove(TableError, IllegalMove):
    """The move was chosen at another ply than the table is at: someone moved first.

    ``table_ply`` is where the table is, ``chosen_at`` the ply the move was chosen at.
    Nothing was written; view the table again and choose from there.
    """

    def __init__(self, message: str, table_ply: int, chosen_at: int) -> None:
        super().__init__(message)
        self.table_ply = table_ply
        self.chosen_at = chosen_at


class NotYourTurn(TableError, IllegalMove):
    """The token's seat is not the one to move (or the token is a spectator's)."""


class GameOver(TableError, IllegalMove):
    """The game at this table has ended; no move can be played."""


class TableInPlay(TableError):
    """The record of a table is given once its game is over, not before."""
