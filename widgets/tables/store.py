"""The table store a play page uses: opened on first use in the page, never at import.

Voila's kernels are forked from a warm process that imported the widgets
(``tablegames_widgets.server.forkserver``), so a store opened at import would be shared by every
page forked from it. :func:`page_store` opens :func:`tablegames.tables.default_store`
(``TABLEGAMES_TABLES``, else an SQLite file under ``~/.local/share/tablegames/``) the
first time a page asks, in the page's own kernel.
"""

from __future__ import annotations

from tablegames.tables import TableStore, default_store

_STORE: TableStore | None = None


def page_store() -> TableStore:
    """This kernel's table store, opened on the first call (see the module docstring)."""
    global _STORE
    if _STORE is None:
        _STORE = default_store()
    return _STORE


def use_store(store: TableStore | None) -> None:
    """Make ``store`` the one :func:`page_store` gives (tests; None: open the default
    again on the next call)."""
    global _STORE
    _STORE = store
