"""What every walkthrough shows the same way: a game's options as a readable table."""

from __future__ import annotations

import html
import re
from typing import Any

import tablegames as tg


def _words(value: Any) -> str:
    """An option's default as a reader says it, not as Python prints it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list)) and not value:
        return "none"
    if isinstance(value, str):
        return value
    return str(value)


def _allowed(text: str) -> str:
    """What an option allows, in a reader's words: Python's ``None``, ``True`` and
    ``False`` and the quotes around choice names dropped (the engine's text, written for
    error messages a programmer reads)."""
    text = text.replace("True or False", "on or off").replace("None", "none")
    return re.sub(r"'([\w-]+)'", r"\1", text)


def _sentence(text: str) -> str:
    """An option's description as a sentence: a capital first and a full stop last."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", ".)")) else ".")


class OptionsTable:
    """A game's options as a table (name, default, what is allowed, what it does): HTML in
    a notebook, aligned plain text where there is no HTML (and for nbval)."""

    def __init__(self, game_name: str) -> None:
        self.rows = [
            (o.name, _words(o.default), _allowed(o.allowed), _sentence(o.doc))
            for o in tg.GAMES[game_name].option_table
        ]

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("option", "default", "allowed", "what it does"))
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __repr__(self) -> str:
        return "\n".join(
            f"{name}: default {default}. Allowed: {allowed}. {doc}".rstrip()
            for name, default, allowed, doc in self.rows
        )


def options_table(game_name: str) -> OptionsTable:
    """The options of game ``game_name`` as a table to display (``options_table("currents")``)."""
    return OptionsTable(game_name)
