"""Builders for hand-written Card Chess positions (see docs/cardchess-json.md)."""

from __future__ import annotations

from typing import Any

from support.moves import kinds, legal, play, targets
from tablegames.cardchess import CardChessGame, CardChessState

#: A known surface: the start areas hold 4-9 and A face down; rank 4 (row 2) is black
#: terrain, rank 3 (row 3) red terrain.
SURFACE = [
    ["4C", "6C", "7C", "8C", "9C", "AC"],
    ["4S", "6S", "7S", "8S", "9S", "AS"],
    ["2C", "3C", "5C", "2S", "3S", "5S"],
    ["2D", "3D", "5D", "2H", "3H", "5H"],
    ["4D", "6D", "7D", "8D", "9D", "AD"],
    ["4H", "6H", "7H", "8H", "9H", "AH"],
]
#: Every unit, in the places used when a test does not care: red's on rank 1, black's
#: on rank 6 (the fixed formation without queens), the queens on b2/e2 and b5/e5.
SPARE = {
    "a1": "TD", "b1": "JD", "c1": "KD", "d1": "KH", "e1": "JH", "f1": "TH",
    "b2": "QD", "e2": "QH",
    "a6": "TC", "b6": "JC", "c6": "KC", "d6": "KS", "e6": "JS", "f6": "TS",
    "b5": "QC", "e5": "QS",
}  # fmt: skip


def units(at: dict[str, str]) -> dict[str, list[str]]:
    """The JSON units: ``at`` gives stacks ("bottom ... top") by cell; every unit not
    mentioned stays in its SPARE cell (unless that cell is used)."""
    named = {u for text in at.values() for u in text.split()}
    out = {c: [u] for c, u in SPARE.items() if u not in named and c not in at}
    out.update({c: text.split() for c, text in at.items()})
    return out


def data(at: dict[str, str], **extra: Any) -> dict[str, Any]:
    """A hand-built position's JSON on the known surface."""
    return {"surface": SURFACE, "units": units(at), **extra}


def position(
    at: dict[str, str], options: dict[str, Any] | None = None, **extra: Any
) -> CardChessState:
    """A hand-built position (the first mover to move unless ``current_player`` says)."""
    game = CardChessGame(**(options or {}))
    return game.state_from_json(data(at, **extra))


#: support.moves' helpers are re-exported: a test imports all it needs from its game's module
__all__ = ["SPARE", "SURFACE", "data", "kinds", "legal", "play", "position", "targets", "units"]
