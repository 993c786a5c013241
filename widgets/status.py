"""The message line under a board: one sentence, announced by screen readers as it
changes (``role=status``, polite), in red for a refusal or an error."""

from __future__ import annotations

import html

#: The colour of a refusal or an error; ordinary messages are dark grey.
ERROR = "#c62828"
PLAIN = "#333"


def status_html(text: str, colour: str = PLAIN) -> str:
    """``text`` (plain, escaped here) as the HTML of a message line."""
    return f"<div role='status' aria-live='polite' style='color:{colour}'>{html.escape(text)}</div>"
