"""Plain-text drawing of a Currents state, for terminals, logs and ``print(state)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import pretty
from .geometry import POINTS, SIZE

if TYPE_CHECKING:
    from .state import CurrentsState

_LEFT = 9  # margin for the west slots and row numbers
_W = 4  # characters per square


def _label(card: str | None) -> str:
    return pretty(card) if card else "··"


def _put(row: list[str], col: int, text: str) -> None:
    start = max(0, col - len(text) // 2)
    for i, ch in enumerate(text):
        if start + i < len(row):
            row[start + i] = ch


def board_lines(s: CurrentsState) -> list[str]:
    """The board with its 16 current slots, the pawn ``@``, obstacles ``#`` and riptides
    ``^ > v <`` (pointing N, E, S, W)."""
    width = _LEFT + _W * SIZE + 8
    out: list[str] = []
    names = [" "] * width
    cards = [" "] * width
    for k in range(4):
        col = _LEFT + _W * (2 * k + 1)
        _put(names, col, f"N{k}")
        _put(cards, col, _label(s.currents[k]))
    out += ["".join(names).rstrip(), "".join(cards).rstrip()]
    for y in range(SIZE, -1, -1):
        row = [" "] * width
        _put(row, 0, str(y))
        for x in range(SIZE + 1):
            col = _LEFT + _W * x
            ch = "+"
            if (x, y) == s.pawn:
                ch = "@"
            elif (x, y) in s.game.obstacle_set:
                ch = "#"
            elif (x, y) in s.game.riptides:
                ch = "^>v<"["NESW".index(s.game.riptides[x, y])]
            row[col] = ch
            if x < SIZE:
                for i in range(1, _W):
                    row[col + i] = "-"
        if y % 2 == 1:
            k = (y - 1) // 2
            _put(row, 5, _label(s.currents[12 + k]))
            _put(row, _LEFT + _W * SIZE + 4, _label(s.currents[4 + k]))
        out.append("".join(row).rstrip())
        if y > 0:
            bar = [" "] * width
            for x in range(SIZE + 1):
                bar[_LEFT + _W * x] = "|"
            out.append("".join(bar).rstrip())
    names = [" "] * width
    cards = [" "] * width
    for k in range(4):
        col = _LEFT + _W * (2 * k + 1)
        _put(cards, col, _label(s.currents[8 + k]))
        _put(names, col, f"S{k}")
    cols = [" "] * width
    for x in range(SIZE + 1):
        cols[_LEFT + _W * x] = str(x)
    out += ["".join(cols).rstrip(), "".join(cards).rstrip(), "".join(names).rstrip()]
    return out


def compass_lines(s: CurrentsState) -> list[str]:
    c = dict(zip(POINTS, (_label(x) for x in s.compass)))
    return [
        f"      N {c['N']}",
        f"W {c['W']:>4}   E {c['E']}",
        f"      S {c['S']}",
    ]


def board_text(s: CurrentsState) -> str:
    """Board, compass, hands and whose decision it is."""
    lines = board_lines(s)
    lines.append("")
    lines += ["compass:"] + compass_lines(s)
    for p, hand in enumerate(s.hands):
        lines.append(f"P{p} hand: {' '.join(pretty(c) for c in hand) or '-'}")
    lines.append(
        f"draw pile {len(s.draw_pile)}, discard pile {len(s.discard_pile)}, turn {s.turn}, "
        + (f"player {s.player} to decide ({s.phase})" if s.player >= 0 else "game over")
    )
    return "\n".join(lines)
