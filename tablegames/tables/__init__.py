"""Tables: people play each other, each on their own device, hidden cards staying hidden.

A :class:`TableStore` keeps tables in SQLite (the default, standard library only) or
PostgreSQL (the ``tables-postgres`` extra, for several play servers over one database).
Creating a table gives one secret token per human seat, one for the spectators and one
for the creator; every call names the table and a token, and a token sees only what its
seat may see (:class:`View`). A move names the ply it was chosen at, so of two moves at
once one is played and the other refused (:class:`StaleMove`); bots move exactly once
per turn, whichever page asks. See docs/tables.md.

>>> from tablegames.tables import TableStore
>>> with TableStore("sqlite:///:memory:") as store:
...     t = store.create("fellowship", ["human", "human"], seed=3)
...     seat0 = store.seat(t.table, t.tokens[0])
...     v = seat0.view()
...     after = seat0.play(v.legal_moves[0], v.ply)
...     store.view(t.table, t.tokens[1]).your_turn
True
"""

from .errors import (
    BadToken,
    GameOver,
    NotYourTurn,
    StaleMove,
    TableError,
    TableInPlay,
    UnknownTable,
)
from .store import ENV, HUMAN, Seat, TableInfo, TableStore, default_path, default_store
from .views import View, common_part, public_view

__all__ = [
    "ENV",
    "HUMAN",
    "BadToken",
    "GameOver",
    "NotYourTurn",
    "Seat",
    "StaleMove",
    "TableError",
    "TableInPlay",
    "TableInfo",
    "TableStore",
    "UnknownTable",
    "View",
    "common_part",
    "default_path",
    "default_store",
    "public_view",
]
