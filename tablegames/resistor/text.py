"""Plain-text drawing of a Resistor state, for terminals, logs and ``print(state)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CELL_NAMES, COLS, CYCLE_COLS, EMPTY, FILES, ROWS

if TYPE_CHECKING:
    from .state import ResistorState


def cell_text(s: ResistorState, i: int) -> str:
    """One character for cell ``i``: the piece code (``A`` ampere, ``D`` drained ampere,
    ``C`` charger, ``R`` resistor, ``O`` overloaded resistor), ``x`` for an empty dead
    space, ``|`` for a cycle column, ``.`` for an empty space. A resistor in transit
    (pending drain) shows as ``R`` over the drained ampere it stands on."""
    if i == s.pending_cell and s.pending == "drain":
        return "R"
    code = s.board[i]
    if code != EMPTY:
        return code
    if i in s.dead:
        return "x"
    if i % COLS in CYCLE_COLS:
        return "|"
    return "."


ZONE_NOTE = {ROWS - 1: "  charge zone", 0: "  current source"}


def board_text(s: ResistorState) -> str:
    """The board, the charge zone (row 19) on top and the current source (row 0) at the
    bottom, then the dead spaces, the pending decision and whose turn it is."""
    lines = []
    for r in range(ROWS - 1, -1, -1):
        row = " ".join(cell_text(s, r * COLS + c) for c in range(COLS))
        lines.append(f"{r:>2} {row}{ZONE_NOTE.get(r, '')}")
    lines.append("   " + " ".join(FILES))
    if s.dead:
        lines.append("dead spaces: " + " ".join(CELL_NAMES[j] for j in s.dead))
    if s.pending == "drain" and s.phase == "play":
        lines.append(
            f"the resistor on {CELL_NAMES[s.pending_cell]} drained the ampere there and "
            "steps off diagonally next"
        )
    elif s.pending == "overload":
        lines.append(
            f"the resistor from {CELL_NAMES[s.pending_cell]} is overloaded and goes to a "
            "dead space next"
        )
    lines.append(_status(s))
    return "\n".join(lines)


def result(s: ResistorState) -> str:
    """The match result in words."""
    a, b = s.scores
    if s.winners:
        return f"player {min(s.winners)} won {max(a, b)} to {min(a, b)}"
    return f"a draw at {a} to {b}"


def _status(s: ResistorState) -> str:
    if s.phase == "over":
        return f"round {s.round}, match over: {result(s)}."
    if s.phase == "roles":
        return f"player {s.player} won the role roll and chooses a role."
    amp, res = s.ampere_player, s.resistor_player
    head = (
        f"round {s.round}: player {amp} amperes ({s.scores[amp]} points), "
        f"player {res} resistors ({s.scores[res]} points)"
    )
    if s.phase == "setup":
        piece, left = s.to_place()
        return f"{head}; player {s.player} places {left} more {piece}(s)."
    if s.pending == "overload":
        what = f"player {s.player} chooses a dead space"
    elif s.pending == "drain":
        what = f"player {s.player} steps the draining resistor off"
    elif s.turn_role == "amperes":
        if s.turn_kind == "amperes":
            budget = f"{s.ampere_moves_left} ampere move(s) left"
        elif s.turn_kind == "chargers":
            budget = f"{s.charger_moves_left} charger move(s) left"
        else:
            budget = f"{s.duty} ampere move(s) or 2 charger moves"
        what = f"amperes to move, {budget}"
    else:
        what = "resistors to move"
    return f"{head}; turn {s.turn + 1}, {what}."


def describe(s: ResistorState) -> str:
    """One line: the round, the roles and scores, whose turn (or the result).

    >>> from tablegames.resistor import ResistorGame
    >>> print(ResistorGame(first_amperes=1).initial_state(seed=1).describe())
    ... # doctest: +NORMALIZE_WHITESPACE
    Resistor: round 1: player 1 amperes (0 points), player 0 resistors (0 points);
    player 1 places 8 more ampere(s).
    """
    return f"Resistor: {_status(s)}"
