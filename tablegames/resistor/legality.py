"""Why a Resistor move is illegal: every refusal names the rule that forbids it.

``reason(state, move)`` checks one move directly (cheaper than listing every legal
move) and returns the message, or "" for a legal move; ``check`` raises it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMove
from . import moves as mv
from .board import (
    AMPERE,
    AMPERE_PATHS,
    CELL_NAMES,
    CHARGER,
    CHARGER_PATHS,
    COLS,
    DRAINED,
    EMPTY,
    OVERLOADED,
    PLAYABLE,
    RESISTOR,
    RESISTOR_START,
    ROLES,
    SOURCE,
)

if TYPE_CHECKING:
    from .state import ResistorState


def check(s: ResistorState, m: mv.ResistorMove) -> None:
    """Raise IllegalMove, naming the rule, unless ``m`` is legal here."""
    mv.check_form(m)
    why = reason(s, m)
    if why:
        raise IllegalMove(f"{m}: {why}")


def reason(s: ResistorState, m: mv.ResistorMove) -> str:
    """Why ``m`` is not legal here ("" when it is)."""
    kind = m.kind
    phase = s.phase
    if phase == "over":
        from .text import result

        return f"the match is over ({result(s)}); no move can be made"
    if phase == "roles":
        if kind in ROLES:
            return ""
        return (
            f"player {s.player} won the role roll and first chooses a role for the "
            "first round: 'amperes' or 'resistors'"
        )
    if kind in ROLES:
        return "the roles were chosen before the first round and swap every round"
    if phase == "setup":
        piece, left = s.to_place()
        if kind != "place":
            return (
                f"the set-up is not finished: player {s.player} places {left} more "
                f"{piece}{'' if left == 1 else 's'} first ('place <cell>')"
            )
        return _place_reason(s, m.dst, piece)
    if kind == "place":
        return "every piece is placed; the set-up is over"
    pending = s.pending
    if pending == "overload":
        return _overload_reason(s, m)
    if kind == "overload":
        return (
            "no resistor is waiting for a dead space: that choice follows a slingshot "
            "that lands on a resistor"
        )
    if pending == "drain":
        return _follow_up_reason(s, m)
    return _turn_reason(s, m)


def _overload_reason(s: ResistorState, m: mv.ResistorMove) -> str:
    """Why ``m`` is not the overloaded resistor put on a free dead space ("" when it is)."""
    where = CELL_NAMES[s.pending_cell]
    free = [CELL_NAMES[j] for j in s.dead if s.board[j] == EMPTY]
    if m.kind != "overload":
        return (
            f"player {s.player} first puts the resistor overloaded on {where} on a "
            f"dead space of their choice ('overload <cell>', one of {', '.join(free)})"
        )
    if m.dst not in s.dead:
        return f"{CELL_NAMES[m.dst]} is not a dead space (they are {_dead_names(s)})"
    if s.board[m.dst] != EMPTY:
        return (
            f"the dead space {CELL_NAMES[m.dst]} already holds a resistor; choose a "
            f"free one ({', '.join(free)})"
        )
    return ""


def _follow_up_reason(s: ResistorState, m: mv.ResistorMove) -> str:
    """Why ``m`` is not the draining resistor's step off the drained ampere."""
    where = CELL_NAMES[s.pending_cell]
    ups = s.follow_ups(s.pending_cell)
    options = ", ".join(f"{where}-{CELL_NAMES[j]}" for j in ups)
    if m.kind != "move" or m.src != s.pending_cell or m.dst not in ups:
        return (
            f"the resistor that drained the ampere on {where} must step off it to a "
            f"free diagonal neighbour that is not a dead space ({options})"
        )
    return ""


def _turn_reason(s: ResistorState, m: mv.ResistorMove) -> str:
    """Why ``m`` is not a move, an end or a forfeit of the player whose turn it is."""
    kind = m.kind
    amperes_turn = s.player == s.ampere_player
    if kind == "forfeit":
        if not amperes_turn:
            return "only the ampere player forfeits a round"
        if s.moves_made:
            return "a round is forfeited at the start of a turn, before any move"
        return ""
    if kind == "end":
        if amperes_turn:
            if not s.moves_made:
                return (
                    "a turn ends early only after at least one move ('forfeit' gives up the round)"
                )
            return ""
        if s.resistor_moves():
            return (
                "the resistor player moves one resistor every turn; 'end' passes only "
                "when no resistor can move"
            )
        return ""
    if amperes_turn:
        return _step_reason(s, m)
    return _resistor_reason(s, m)


def _dead_names(s: ResistorState) -> str:
    return ", ".join(CELL_NAMES[j] for j in s.dead) or "none"


def _place_reason(s: ResistorState, dst: int, piece: str) -> str:
    where = CELL_NAMES[dst]
    if piece == "ampere":
        if dst not in SOURCE:
            return (
                f"amperes are placed on the twelve points of the current source (b0-m0), "
                f"not on {where}"
            )
    else:
        if dst not in RESISTOR_START:
            return f"resistors are placed in rows 8 and 9 of the playable area, not on {where}"
        if dst in s.dead:
            return f"{where} is a dead space; no piece may stand on one"
    if s.board[dst] != EMPTY:
        return f"{where} is already occupied; one piece per space"
    return ""


def _occupied(s: ResistorState, cell: int) -> str:
    piece = s.piece(cell)
    assert piece is not None
    name = "drained ampere" if piece.drained else piece.kind
    return f"{CELL_NAMES[cell]} is occupied by a{'n' if name[0] == 'a' else ''} {name}"


def _step_reason(s: ResistorState, m: mv.ResistorMove) -> str:
    src, dst = m.src, m.dst
    board = s.board
    here = CELL_NAMES[src]
    p = board[src]
    if p == EMPTY:
        return f"there is no piece on {here}"
    if p in (RESISTOR, OVERLOADED):
        return f"{here} holds a resistor; player {s.player} plays the amperes this round"
    if p == DRAINED:
        return f"the ampere on {here} is drained: it cannot move until a charger recharges it"
    kind = "amperes" if p == AMPERE else "chargers"
    if s.turn_kind and s.turn_kind != kind:
        return (
            f"this turn moves {s.turn_kind}; amperes and chargers are never played in the same turn"
        )
    if s.game.slingshot == "extra_step":
        return _extra_step_reason(s, m, p, kind)
    paths = AMPERE_PATHS[src] if p == AMPERE else CHARGER_PATHS[src]
    over = -1
    for nxt, beyond, _k in paths:
        if dst == nxt:
            break
        if dst == beyond:
            over = nxt
            break
    else:
        return _one_space_reason(p)
    there = CELL_NAMES[dst]
    lands = (EMPTY, DRAINED) if p == CHARGER else (EMPTY,)
    if over >= 0 and board[over] != p:
        what = _occupied(s, over) if board[over] != EMPTY else f"{CELL_NAMES[over]} is empty"
        return (
            f"a slingshot jumps over an adjacent {'ampere' if p == AMPERE else 'charger'} "
            f"that can move, and {what}"
        )
    if dst in s.dead:
        return f"{there} is a dead space; no piece may enter one"
    t = board[dst]
    if t in lands:
        return ""
    if t == RESISTOR and over >= 0:
        if s.free_dead_space():
            return ""
        return "an overload sends the resistor to a free dead space, and none is free"
    if t == RESISTOR:
        return f"{_occupied(s, dst)}; only a slingshot lands on a resistor (overloading it)"
    return f"{_occupied(s, dst)}; one piece per space"


def _one_space_reason(p: str) -> str:
    """Which single steps a piece of kind ``p`` has (said when a move is none of them)."""
    if p == AMPERE:
        return (
            "an ampere moves one space up (towards the charge zone), left or right, "
            "never down or diagonally"
        )
    return (
        "a charger moves one space down (towards the current source), left, right or "
        "diagonally down, never back up"
    )


def _extra_step_reason(s: ResistorState, m: mv.ResistorMove, p: str, kind: str) -> str:
    """``_step_reason`` with ``slingshot="extra_step"``: one-space steps only; the step
    beyond the allotted moves is the slingshot (see ``ResistorState.extra_step_due``)."""
    src, dst = m.src, m.dst
    board = s.board
    piece = "ampere" if p == AMPERE else "charger"
    if not any(dst == nxt for nxt, _b, _k in (AMPERE_PATHS if p == AMPERE else CHARGER_PATHS)[src]):
        if m.slingshot:
            return (
                "with slingshot='extra_step' a slingshot is one extra ordinary step after "
                "the turn's allotted moves, never a jump over a piece"
            )
        return _one_space_reason(p)
    extra = bool(s.turn_kind) and s.moves_made >= s.allotted(kind)
    if extra and not s.beside_own_kind(src):
        return (
            f"the turn's allotted moves ({s.allotted(kind)}) are used; only a {piece} beside a "
            f"usable {piece} may slingshot one extra space"
        )
    there = CELL_NAMES[dst]
    if dst in s.dead:
        return f"{there} is a dead space; no piece may enter one"
    t = board[dst]
    if t == EMPTY or (t == DRAINED and p == CHARGER):
        return ""
    if t == RESISTOR and extra:
        if s.free_dead_space():
            return ""
        return "an overload sends the resistor to a free dead space, and none is free"
    if t == RESISTOR:
        return (
            f"{_occupied(s, dst)}; only a slingshot (the extra step after the allotted "
            "moves) lands on a resistor, overloading it"
        )
    return f"{_occupied(s, dst)}; one piece per space"


def _resistor_reason(s: ResistorState, m: mv.ResistorMove) -> str:
    src, dst = m.src, m.dst
    board = s.board
    here, there = CELL_NAMES[src], CELL_NAMES[dst]
    p = board[src]
    if p == EMPTY:
        return f"there is no piece on {here}"
    if p not in (RESISTOR, OVERLOADED):
        return (
            f"{here} holds one of the ampere player's pieces; player {s.player} plays "
            "the resistors this round"
        )
    if p == OVERLOADED:
        return f"the resistor on {here} was overloaded: it is unusable on this turn"
    leaving = s.must_leave()
    if leaving and src not in leaving:
        names = ", ".join(CELL_NAMES[j] for j in leaving)
        return (
            f"the resistor on the dead space {names} has sat out its overload and must leave "
            "it this turn: only an overloaded resistor may occupy a dead space"
        )
    (r0, c0), (r1, c1) = divmod(src, COLS), divmod(dst, COLS)
    if abs(r1 - r0) != 1 or abs(c1 - c0) != 1:
        return "a resistor moves one space diagonally (forwards or backwards)"
    if dst not in PLAYABLE:
        return (
            "resistors stay in the playable area (columns b-m, rows 1-18): never in a "
            "cycle column, the current source or the charge zone"
        )
    if dst in s.dead:
        return f"{there} is a dead space; no piece may enter one"
    t = board[dst]
    if t in (EMPTY, CHARGER):
        return ""
    if t == AMPERE:
        if s.follow_ups(dst, src):
            return ""
        return (
            f"after draining the ampere on {there} the resistor must step off it "
            "diagonally, and no such space is free"
        )
    return f"{_occupied(s, dst)}; one piece per space"
