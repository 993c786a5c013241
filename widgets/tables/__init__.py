"""Tables on play pages: people playing each other, each on their own device.

- :mod:`.seat`: :class:`SeatWidget`, one seat's board at a shared table, following the
  others' moves;
- :mod:`.panel`: "Play with others" on a game's page (:class:`OthersPanel`) and the
  creator's list of tables (:class:`TablesList`);
- :mod:`.page`: :func:`table_page`, what ``notebooks/play/table.ipynb`` shows for its
  address;
- :mod:`.links`, :mod:`.store`, :mod:`.drawing`: the page's links, its table store
  (opened in the page, never at import) and what a seat's board may draw.

The tables themselves are :mod:`tablegames.tables` (docs/tables.md).
"""

from .drawing import seat_state, spectator_state
from .links import TABLE_PAGE, creator_link, seat_links, table_page_url
from .page import table_page
from .panel import OthersPanel, TablesList
from .seat import SeatWidget
from .store import page_store, use_store

__all__ = [
    "TABLE_PAGE",
    "OthersPanel",
    "SeatWidget",
    "TablesList",
    "creator_link",
    "page_store",
    "seat_links",
    "seat_state",
    "spectator_state",
    "table_page",
    "table_page_url",
    "use_store",
]
