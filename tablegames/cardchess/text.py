"""Card Chess in words: the plain-text board (terminals, logs, ``print(state)``), the
one-line description, and the words a picture or a board writes (side names, unit
labels, whose turn it is)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import style
from .moves import COLS, FILES, ROWS

if TYPE_CHECKING:
    from .state import CardChessState


#: The sides' names, player 0 first.
SIDE_NAMES = ("Red", "Black")


def unit_label(card: str) -> str:
    """A unit's rank and suit as printed on it: ``'K♥'``, ``'10♠'``."""
    label, symbol = style.face(card)
    return label + symbol


def status_text(state: CardChessState) -> tuple[str, str]:
    """Two lines beside the terrain: whose turn it is (or the result), then the move count."""
    from .state import COLOURS

    if state.is_terminal:
        if state.winners:
            side = min(state.winners)
            return (f"{SIDE_NAMES[side]} wins", f"both {COLOURS[1 - side]} kings covered")
        return ("Draw", f"no winner after {state.ply} moves")
    verb = "to place" if state.phase == "setup" else "to move"
    m = state.last_move
    # a placement as the card reads (J♠ f5), a move in its notation (e5-f6)
    done = f"{unit_label(m.card)} {str(m).split()[1]}" if m and m.kind == "place" else m
    last = f", last {done}" if m is not None else ""
    return (f"{SIDE_NAMES[state.player]} {verb}", f"move {state.ply}{last}")


def side_text(state: CardChessState, player: int) -> tuple[str, str]:
    """A side's heading (with a marker when it is to decide) and its covered kings."""
    mark = " ◀" if player == state.player else ""
    suits = "♥♦" if player == 0 else "♣♠"
    return (
        f"{SIDE_NAMES[player]} {suits}{mark}",
        f"kings covered: {state.kings_covered(player)} of 2",
    )


def cell_text(s: CardChessState, i: int) -> str:
    """Four characters for cell ``i``: the top unit (``*`` after it when it covers more
    units), a face-up grid card in lower case, or ``##`` for a face-down card."""
    stack = s.stacks[i]
    if stack:
        return f"{stack[-1]}{'*' if len(stack) > 1 else ' '} "
    if s.face_up(i):
        return f"{s.surface[i].lower()}  "
    return "##  "


def board_text(s: CardChessState) -> str:
    """The surface, rank 6 (black's back row) at the top, then stacks, hands and the turn.

    Face-down cards show as ``##`` (use ``to_json`` to see them).
    """
    lines = []
    for r in range(ROWS):
        row = "".join(cell_text(s, r * COLS + c) for c in range(COLS))
        lines.append(f"{ROWS - r} {row}".rstrip())
    lines.append(("  " + "".join(f"{f:<4}" for f in FILES)).rstrip())
    from .moves import CELL_NAMES

    tall = [f"{CELL_NAMES[i]}: {' '.join(st)}" for i, st in enumerate(s.stacks) if len(st) > 1]
    if tall:
        lines.append("stacks (bottom to top): " + "; ".join(tall))
    for p, name in enumerate(("red", "black")):
        if s.hands[p]:
            lines.append(f"{name} to place: {' '.join(s.hands[p])}")
    lines.append(f"move {s.ply}, " + _whose(s))
    return "\n".join(lines)


def _whose(s: CardChessState) -> str:
    from .state import COLOURS

    if s.phase == "over":
        return f"won by {COLOURS[min(s.winners)]}" if s.winners else "over without a winner"
    verb = "to place" if s.phase == "setup" else "to move"
    return f"{COLOURS[s.player]} {verb}"


def describe(s: CardChessState) -> str:
    """One line: the options, the covered kings, whose turn (or the result).

    >>> from tablegames.cardchess import CardChessGame
    >>> CardChessGame().initial_state(seed=1).describe()
    'Card Chess, fixed set-up with terrain, move 0; kings covered: red 0, black 0; red to move.'
    """
    g = s.game
    parts = [
        f"Card Chess, {g.setup} set-up {'with' if g.terrain else 'without'} terrain, move {s.ply}",
        f"kings covered: red {s.kings_covered(0)}, black {s.kings_covered(1)}",
        _whose(s),
    ]
    return "; ".join(parts) + "."
