"""Resistor in words: the plain-text board (terminals, logs, ``print(state)``), the
one-line description, and the words of the picture's panel (:func:`panel_lines`,
:func:`budget`, :func:`after_budget`, the legend), which :mod:`.scene` lays out and
colours by each line's ``tone``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .board import CELL_NAMES, CHARGER_MOVES, COLS, CYCLE_COLS, EMPTY, FILES, ROWS

if TYPE_CHECKING:
    from .moves import ResistorMove
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
    cap = s.game.max_turns
    if cap is not None and s.turns_played >= cap:
        return f"stopped by the turn cap (max_turns={cap}) at {a} to {b}, so nobody won"
    return f"a draw at {a} to {b}"


def _status(s: ResistorState) -> str:
    if s.phase == "over":
        return f"round {s.round}, match over: {result(s)}."
    if s.phase == "roles":
        return f"player {s.player} won the role roll and chooses a role."
    amp, res = s.ampere_player, s.resistor_player
    head = (
        f"round {s.round}: player {amp} amperes ({counted(s.scores[amp], 'point')}), "
        f"player {res} resistors ({counted(s.scores[res], 'point')})"
    )
    if s.phase == "setup":
        piece, left = s.to_place()
        return f"{head}; player {s.player} places {counted(left, 'more ' + piece)}."
    if s.pending == "overload":
        what = f"player {s.player} chooses a dead space"
    elif s.pending == "drain":
        what = f"player {s.player} steps the draining resistor off"
    elif s.turn_role == "amperes":
        what = f"amperes to move, {moves_left(s)}"
    else:
        what = "resistors to move"
    return f"{head}; turn {s.turn + 1}, {what}."


def moves_left(s: ResistorState) -> str:
    """What the ampere player's turn may still move: ``'1 ampere move left'``, or
    before its first move ``'2 ampere moves or 2 charger moves'``."""
    if s.turn_kind == "amperes":
        return f"{counted(s.ampere_moves_left, 'ampere move')} left"
    if s.turn_kind == "chargers":
        return f"{counted(s.charger_moves_left, 'charger move')} left"
    return f"{counted(s.duty, 'ampere move')} or 2 charger moves"


def counted(n: int, word: str) -> str:
    """``n`` and ``word`` as a person writes them: ``'1 point'``, ``'2 points'``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe(s: ResistorState) -> str:
    """One line: the round, the roles and scores, whose turn (or the result).

    >>> from tablegames.resistor import ResistorGame
    >>> print(ResistorGame(first_amperes=1).initial_state(seed=1).describe())
    ... # doctest: +NORMALIZE_WHITESPACE
    Resistor: round 1: player 1 amperes (0 points), player 0 resistors (0 points);
    player 1 places 8 more amperes.
    """
    return f"Resistor: {_status(s)}"


# ---- the picture's panel ------------------------------------------------------------------

#: What each legend entry of the picture says.
LEGEND_TEXT = {
    "ampere": "ampere (heads up)",
    "charger": "charger (heads down)",
    "drained": "drained ampere",
    "resistor": "resistor",
    "riding": "resistor on a drained ampere",
    "overloaded": "overloaded: out next turn",
    "dead": "dead space",
    "cycle": "cycle column",
}


class Line(NamedTuple):
    """One line of the panel: its text, its ``tone`` (``''`` plain, ``'muted'``, a role
    ``'amperes'``/``'resistors'``, ``'chargers'`` or ``'overload'``: the picture picks the
    ink), its weight and its size (times the panel font)."""

    text: str
    tone: str = ""
    bold: bool = False
    size: float = 1.0


class Budget(NamedTuple):
    """A row of move pips: ``left`` of ``total`` moves still to make (``note`` instead of
    pips when the kind cannot move this turn; its ``tone`` is then ``'muted'``)."""

    label: str
    total: int
    left: int
    tone: str
    note: str = ""


def player_text(p: int) -> str:
    return f"Player {p}"


def budget(s: ResistorState) -> list[Budget]:
    """The move budget of the turn in progress: an ampere turn shows its ampere moves (the
    duty cycle) and its charger moves, a committed turn only the kind it moves; a resistor
    turn one step. Empty outside play."""
    if s.phase != "play":
        return []
    if s.turn_role == "resistors":
        return [Budget("Resistor moves", 1, 1, "resistors")]
    amp = Budget("Ampere moves", s.duty, s.ampere_moves_left, "amperes")
    chg = Budget("Charger moves", CHARGER_MOVES, s.charger_moves_left, "chargers")
    if s.turn_kind == "amperes":
        chg = chg._replace(note="not this turn", tone="muted")
    elif s.turn_kind == "chargers":
        amp = amp._replace(note="not this turn", tone="muted")
    return [amp, chg]


def move_words(m: ResistorMove) -> str:
    """A move in a few words: ``'b1-b3 (slingshot)'``, ``'chose the amperes'``."""
    if m.kind in ("amperes", "resistors"):
        return f"chose the {m.kind}"
    if m.kind == "end":
        return "ended the turn"
    if m.kind == "forfeit":
        return "forfeited the round"
    return f"{m} (slingshot)" if m.slingshot else str(m)


def status_lines(s: ResistorState) -> list[Line]:
    """What is happening: two lines (whose decision and what it is), or the result."""
    if s.phase == "over":
        a, b = s.scores
        if s.winners:
            w = min(s.winners)
            return [Line(f"{player_text(w)} wins", "", True, 1.15),
                    Line(f"{max(a, b)} to {min(a, b)} after {s.round} rounds")]  # fmt: skip
        return [Line("Draw", "", True, 1.15), Line(result(s).capitalize())]
    who = player_text(s.player)
    if s.phase == "roles":
        return [Line(f"{who} chooses a role", "", True),
                Line("won the roll: amperes or resistors?")]  # fmt: skip
    if s.phase == "setup":
        piece, left = s.to_place()
        where = "on the current source" if piece == "ampere" else "in rows 8-9"
        tone = "amperes" if piece == "ampere" else "resistors"
        return [Line(f"{who} places {piece}s", tone, True), Line(f"{left} left, {where}")]
    at = CELL_NAMES[s.pending_cell] if s.pending_cell >= 0 else ""
    if s.pending == "drain":
        return [Line(f"Drain! {who} steps off", "resistors", True),
                Line(f"the resistor on {at} moves on diagonally")]  # fmt: skip
    if s.pending == "overload":
        return [Line(f"Overload! {who} picks", "overload", True),
                Line(f"a dead space for the resistor from {at}")]  # fmt: skip
    if s.turn_role == "amperes":
        detail = {
            "": "amperes or chargers, not both",
            "amperes": "this turn moves amperes",
            "chargers": "this turn moves chargers",
        }[s.turn_kind]
        moving = "Chargers" if s.turn_kind == "chargers" else "Amperes"
        return [Line(f"{moving} to move, turn {s.turn + 1}", "amperes", True), Line(detail)]
    return [Line(f"Resistors to move, turn {s.turn + 1}", "resistors", True),
            Line("one resistor, one diagonal step")]  # fmt: skip


def panel_lines(s: ResistorState) -> list[Line]:
    """The panel's text above the budget: the round, each player's role and score (the
    decider marked), then :func:`status_lines`."""
    g = s.game
    if s.phase == "over":
        head = "Match over"
    elif s.round > g.rounds:
        head = f"Round {s.round} (tie-break)"
    else:
        head = f"Round {s.round} of {g.rounds}"
    out = [Line(head, "", True, 1.2)]
    for p in (0, 1):
        role = s.role(p)
        mark = "  ◀" if p == s.player else ""
        what = f": {role}" if role else ""
        pts = "point" if s.scores[p] == 1 else "points"
        out.append(Line(f"{player_text(p)}{what}, {s.scores[p]} {pts}{mark}", role or "",
                        p == s.player))  # fmt: skip
    return out + [Line("")] + status_lines(s)


def duty_line(s: ResistorState) -> str:
    """The duty cycle in words, for the turn it decides: the ampere turn about to start
    (``'Duty cycle: 3 amperes out, 2 moves'``) or, once a turn is under way or it is the
    resistor player's, the next ampere turn (``'Next ampere turn: 1 move (4 out)'``: the
    amperes out now). Empty in a charger turn, which the duty cycle does not touch."""
    if s.turn_kind == "chargers":
        return ""
    n = s.amperes_on_board()
    moves = counted(2 if n <= s.game.duty_cycle else 1, "move")
    if s.turn_role == "amperes" and not s.turn_kind and not s.pending:
        return f"Duty cycle: {counted(n, 'ampere')} out, {moves}"
    return f"Next ampere turn: {moves} ({n} out)"


def after_budget(s: ResistorState) -> list[Line]:
    """Lines under the budget: the duty cycle, this round's points and the last move."""
    out = []
    if s.phase == "play":
        if duty := duty_line(s):
            out.append(Line(duty, "muted"))
        if s.ampere_player >= 0:
            out.append(Line(f"This round: {counted(s.points, 'point')} scored", "muted"))
    if s.last_move is not None:
        out.append(Line(f"Last move: {move_words(s.last_move)}", "muted"))
    return out
