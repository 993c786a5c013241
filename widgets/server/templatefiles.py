"""Voila's template files route (``/voila/templates/<template>/static/<path>``) answers a
path it cannot parse with a 404, not a 500.

Voila's ``TemplateStaticFileHandler`` splits the path with ``str.split`` and ``assert``:
``/voila/templates/x`` raised ValueError, ``/voila/templates/x/y/z`` AssertionError, each
a 500 and a traceback in the server's log for any visitor who types a URL (issue 27
item 2). The handler is plain tornado (no Jupyter hook sees it), so :func:`guard` wraps
its ``parse_url_path`` and ``get_absolute_path``: a path of another shape is "Not
Found".
"""

from __future__ import annotations

from typing import Any

from tornado import web


def _handler() -> Any:
    from voila.static_file_handler import TemplateStaticFileHandler  # type: ignore[import-untyped]

    return TemplateStaticFileHandler


def guard() -> None:
    """Make the template files route refuse a malformed path with a 404. Idempotent."""
    handler = _handler()
    parse = handler.parse_url_path
    if getattr(parse, "guards_paths", False):
        return

    absolute = handler.get_absolute_path

    def parse_url_path(self: Any, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) != 3 or not parts[0] or parts[1] != "static" or ".." in path.split("/"):
            raise web.HTTPError(404, reason="Not Found")
        try:
            return str(parse(self, path))
        except (ValueError, AssertionError, OSError):
            raise web.HTTPError(404, reason="Not Found") from None

    def get_absolute_path(cls: Any, root: str, path: str) -> str:
        try:
            return str(absolute(root, path))
        except (ValueError, AssertionError, OSError):
            raise web.HTTPError(404, reason="Not Found") from None

    parse_url_path.guards_paths = True  # type: ignore[attr-defined]
    handler.parse_url_path = parse_url_path
    handler.get_absolute_path = classmethod(get_absolute_path)
