"""Resistor's JSON state format: ``to_json``, ``observation`` and a validating ``from_json``.

The format is documented with an example in ``docs/resistor-json.md``. ``from_json``
accepts a full dump as well as a hand-built position that gives only the pieces; the
dead spaces are then rolled by the seed and everything else defaults (see the document).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import rng, stateio
from ..core import check_player
from ..words import counted
from . import dice
from . import moves as mv
from .board import (
    AMPERE,
    CELL_INDEX,
    CELL_NAMES,
    CHARGER,
    CHARGER_MOVES,
    DRAINED,
    EMPTY,
    OVERLOADED,
    PLAYABLE,
    RESISTOR,
    RESISTOR_START,
    SIZE,
    SOURCE,
    ZONES,
    amperes_on_board,
)
from .state import (
    EMPTY_BOARD,
    PHASES,
    TURN_KINDS,
    ResistorState,
)

if TYPE_CHECKING:
    from .game import ResistorGame

#: The piece lists of the JSON form: key -> (board code, the zones allowed, in words).
LISTS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "amperes": (AMPERE, ("source", "play"), "the current source or the playable area"),
    "drained": (DRAINED, ("play",), "the playable area"),
    "chargers": (CHARGER, ("play", "charge"), "the playable area or the charge zone"),
    "resistors": (RESISTOR, ("play",), "the playable area"),
    "overloaded": (OVERLOADED, ("play",), "a dead space"),
}
KEYS = stateio.keys(
    "round",
    "first_amperes",
    "scores",
    "points",
    "turn",
    "turns_played",
    "dead",
    *LISTS,
    "turn_kind",
    "duty",
    "moves_made",
    "pending",
    "seed",
)


def to_json(s: ResistorState) -> dict[str, Any]:
    """The full state as plain JSON values (see docs/resistor-json.md)."""
    own: dict[str, Any] = {
        "round": s.round,
        "first_amperes": s.first if s.first >= 0 else None,
        "scores": list(s.scores),
        "points": s.points,
        "turn": s.turn,
        "turns_played": s.turns_played,
        "dead": [CELL_NAMES[j] for j in s.dead],
    }
    for key, (code, _zones, _words) in LISTS.items():
        own[key] = [CELL_NAMES[j] for j in s.cells(code)]
    own.update(
        turn_kind=s.turn_kind or None,
        duty=s.duty,
        moves_made=s.moves_made,
        pending={"kind": s.pending, "cell": CELL_NAMES[s.pending_cell]} if s.pending else None,
        seed=s.seed,
    )
    return stateio.dump(s, own)


def observation(s: ResistorState, player: int) -> dict[str, Any]:
    """``to_json`` as ``player`` sees it: everything but the seed (``None``), which would
    foretell the next rounds' dead spaces. Both players see the same board."""
    check_player(s.game, player)
    d = to_json(s)
    d["viewer"] = player
    d["seed"] = None
    return d


# ---- reading ---------------------------------------------------------------------


_READ = stateio.Reader("resistor", "Resistor", KEYS)
_fail = _READ.fail
_int = _READ.integer


def _cell(name: Any, where: str) -> int:
    i = CELL_INDEX.get(name) if isinstance(name, str) else None
    if i is None:
        raise _fail(
            f"{where}: {name!r} is not a cell (a column letter a-n and a row number 0-19, "
            "as in 'b0')"
        )
    return i


def _cells(d: Mapping[str, Any], key: str) -> list[int]:
    names = d.get(key, [])
    if not isinstance(names, list):
        raise _fail(f"{key} must be a list of cell names, not {names!r}")
    return [_cell(n, key) for n in names]


def _dead(game: ResistorGame, d: Mapping[str, Any], seed: int, phase: str) -> tuple[int, ...]:
    if phase == "roles":
        if d.get("dead", []):
            raise _fail("dead spaces are rolled after the role choice, so none yet (phase roles)")
        return ()
    if "dead" not in d:
        return dice.dead_spaces(rng.generator(seed), game.dead_spaces, 0)[0]
    cells = _cells(d, "dead")
    if len(set(cells)) != len(cells):
        raise _fail(f"dead lists a space twice: {d['dead']!r}")
    for j in cells:
        if j not in PLAYABLE:
            raise _fail(
                f"dead: {CELL_NAMES[j]} is not in the playable area (columns b-m, rows 1-18)"
            )
    if len(cells) != game.dead_spaces:
        raise _fail(
            f"dead lists {counted(len(cells), 'space')} "
            f"but the game has dead_spaces={game.dead_spaces}"
        )
    return tuple(sorted(cells))


def _board(d: Mapping[str, Any], dead: tuple[int, ...]) -> list[str]:
    board = list(EMPTY_BOARD)
    for key, (code, zones, words) in LISTS.items():
        for j in _cells(d, key):
            name = CELL_NAMES[j]
            if board[j] != EMPTY:
                raise _fail(f"{key}: {name} is already occupied; one piece per space")
            if ZONES[j] not in zones:
                raise _fail(f"{key}: {name} is not in {words}")
            if code == OVERLOADED and j not in dead:
                raise _fail(
                    f"overloaded: {name} is not a dead space; an overloaded resistor stands on one"
                )
            if code in (AMPERE, DRAINED, CHARGER) and j in dead:
                raise _fail(f"{key}: {name} is a dead space; only a resistor may stand on one")
            board[j] = code
    return board


def _first(game: ResistorGame, d: Mapping[str, Any], phase: str) -> int:
    option = game.first_amperes
    if phase == "roles":
        if option != "roll":
            raise _fail(f"the option first_amperes={option!r} skips the role roll (phase roles)")
        if d.get("first_amperes") is not None:
            raise _fail("first_amperes is chosen in the roles phase, so it is null there")
        return -1
    first = d.get("first_amperes", 0 if option == "roll" else option)
    if first not in (0, 1) or isinstance(first, bool):
        raise _fail(f"first_amperes (who plays the amperes in round 1) is 0 or 1, not {first!r}")
    if option != "roll" and first != option:
        raise _fail(f"first_amperes is {first}, but the game's option first_amperes={option}")
    return int(first)


def _pending(d: Mapping[str, Any]) -> tuple[str, int]:
    p = d.get("pending")
    if p is None:
        return "", -1
    if (
        not isinstance(p, Mapping)
        or set(p) != {"kind", "cell"}
        or p["kind"] not in ("drain", "overload")
    ):
        raise _fail(
            f"pending must be null or {{'kind': 'drain' or 'overload', 'cell': <cell>}}, not {p!r}"
        )
    return str(p["kind"]), _cell(p["cell"], "pending.cell")


def from_json(game: ResistorGame, d: Mapping[str, Any]) -> ResistorState:
    """Validate ``d`` and build the state; InvalidState saying what is wrong otherwise."""
    _READ.open(game, d)
    seed = _int(d, "seed", 0)
    phase = d.get("phase", "play")
    if phase not in PHASES:
        raise _fail(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    first = _first(game, d, phase)
    rnd, amp, scores, points, turn = _read_round(d, phase, first)
    played = _turns_played(game, d, phase, rnd, turn)
    dead = _dead(game, d, seed, phase)
    board = _board(d, dead)
    pending, pending_cell = _pending(d)
    counts = {code: board.count(code) for code in (AMPERE, DRAINED, CHARGER, RESISTOR, OVERLOADED)}
    if phase in ("roles", "setup"):
        player = _early(game, d, phase, board, dead, counts, amp, pending)
        kind, duty, made = "", 0, 0
    else:
        player, kind, duty, made = _play(
            game, d, phase, board, dead, counts, amp, pending, pending_cell, turn
        )
    winners = frozenset(_READ.winners(d, 2, phase == "over"))
    if phase == "over":
        _check_result(game, rnd, scores, winners, played)
    events = _READ.events(d)
    move = _READ.last_move(d, mv.parse)
    state = ResistorState(
        game, phase, player, rnd, first, scores, points, turn, played, "".join(board), dead, kind,
        duty, made, pending, pending_cell, seed, winners, events, move,
    )  # fmt: skip
    if phase == "play" and extra_step_ended(state):
        raise _fail(
            f"moves_made {made} uses the turn's allotted moves, and no piece beside one of its "
            "kind can slingshot an extra step, so the turn would have ended"
        )
    if phase == "play" and not state.legal_moves():
        raise _fail(
            f"the resistor on {CELL_NAMES[pending_cell]} cannot step off the drained ampere: "
            "no diagonal neighbour is free"
        )
    return state


def _read_round(
    d: Mapping[str, Any], phase: str, first: int
) -> tuple[int, int, tuple[int, int], int, int]:
    """The round (from 1), its ampere player (-1 before the roles), the match's scores,
    this round's points and the turns completed in the round."""
    rnd = _int(d, "round", 1)
    if rnd < 1 or (phase == "roles" and rnd != 1):
        raise _fail(f"round counts from 1 (and is 1 while the roles are chosen), not {rnd}")
    amp = (first if rnd % 2 else 1 - first) if first >= 0 else -1
    scores_d = d.get("scores", [0, 0])
    if (
        not isinstance(scores_d, list)
        or len(scores_d) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in scores_d)
    ):
        raise _fail(
            f"scores must be two counts of points (player 0's, player 1's), not {scores_d!r}"
        )
    scores = (scores_d[0], scores_d[1])
    points = _int(d, "points", 0)
    if points < 0 or (amp >= 0 and points > scores[amp]) or (amp < 0 and points):
        raise _fail(
            f"points (this round's, by the ampere player) must be 0 to that player's score, "
            f"not {points}"
        )
    turn = _int(d, "turn", 0)
    if turn < 0 or (phase in ("roles", "setup") and turn):
        raise _fail(f"turn counts completed turns of the round (0 during the set-up), not {turn}")
    return rnd, amp, scores, points, turn


def extra_step_ended(s: ResistorState) -> bool:
    """With ``slingshot="extra_step"``: the allotted moves are used and no extra step is
    possible (play ends such a turn at once, so no position shows it)."""
    return s.extra_step_due and s.player == s.ampere_player and not s.steps(s.turn_kind)


def _early(
    game: ResistorGame,
    d: Mapping[str, Any],
    phase: str,
    board: list[str],
    dead: tuple[int, ...],
    counts: dict[str, int],
    amp: int,
    pending: str,
) -> int:
    """The checks of the roles and set-up phases; returns the player to decide."""
    if pending:
        raise _fail(f"nothing is pending during the {phase} phase")
    if d.get("turn_kind") is not None or _int(d, "duty", 0) or _int(d, "moves_made", 0):
        raise _fail(f"turn_kind, duty and moves_made belong to the play phase, not {phase}")
    if phase == "roles":
        if any(c != EMPTY for c in board):
            raise _fail("the board is empty while the roles are chosen")
        player = _int(d, "current_player", 0)
        if player not in (0, 1):
            raise _fail(f"current_player (the winner of the role roll) is 0 or 1, not {player}")
        return player
    if counts[DRAINED] or counts[CHARGER] or counts[OVERLOADED]:
        raise _fail("during the set-up only amperes and resistors stand on the board")
    for j, c in enumerate(board):
        if c == AMPERE and j not in SOURCE:
            raise _fail(f"amperes: {CELL_NAMES[j]} is not in the current source (b0-m0)")
        if c == RESISTOR and (j not in RESISTOR_START or j in dead):
            raise _fail(
                f"resistors: {CELL_NAMES[j]} is not a free space of rows 8-9 of the playable "
                "area, where the resistors are placed"
            )
    if counts[AMPERE] > game.amperes or counts[RESISTOR] >= game.resistors:
        raise _fail(
            f"too many pieces for the set-up ({counts[AMPERE]} of {game.amperes} amperes, "
            f"{counts[RESISTOR]} of {game.resistors} resistors): once all are placed, play "
            "begins (phase 'play')"
        )
    if counts[RESISTOR] and counts[AMPERE] < game.amperes:
        raise _fail("the resistors are placed after all the amperes")
    placer = amp if counts[AMPERE] < game.amperes else 1 - amp
    player = _int(d, "current_player", placer)
    if player != placer:
        raise _fail(f"current_player must be {placer}, who places the next piece, not {player}")
    return player


def _play(
    game: ResistorGame,
    d: Mapping[str, Any],
    phase: str,
    board: list[str],
    dead: tuple[int, ...],
    counts: dict[str, int],
    amp: int,
    pending: str,
    cell: int,
    turn: int,
) -> tuple[int, str, int, int]:
    """The checks of the play and over phases; returns (player, turn_kind, duty, moves_made)."""
    res = 1 - amp
    _check_counts(game, board, counts, pending, cell)
    kind = d.get("turn_kind")
    if kind is not None and (kind not in TURN_KINDS or kind == ""):
        raise _fail(f"turn_kind must be null, 'amperes' or 'chargers', not {kind!r}")
    kind = kind or ""
    made = _int(d, "moves_made", 0)
    where = CELL_NAMES[cell] if cell >= 0 else ""
    if phase == "over":
        player = _int(d, "current_player", -1)
        if player != -1:
            raise _fail(f"current_player must be -1 once the match is over, not {player}")
        if pending == "overload" or kind or made or _int(d, "duty", 0):
            raise _fail("an ended match has no turn in progress")
        if pending == "drain" and board[cell] != DRAINED:
            raise _fail(f"pending.cell {where}: the final drain stands on a drained ampere")
        return -1, "", 0, 0
    given = _int(d, "current_player", 0)
    if given not in (0, 1):
        raise _fail(f"current_player must be 0 or 1 (the player to decide), not {given}")
    amperes_turn = pending == "overload" or (not pending and _int(d, "current_player", amp) == amp)
    on_board = amperes_on_board("".join(board))
    default_duty = (2 if on_board <= game.duty_cycle else 1) if amperes_turn else 0
    duty = _int(d, "duty", default_duty)
    decider = res if pending else (amp if amperes_turn else res)
    player = _int(d, "current_player", decider)
    if player != decider:
        why = f"the resistor player decides the pending {pending}" if pending else "whose turn"
        raise _fail(f"current_player must be {decider} ({why}), not {player}")
    if not (AMPERE in board or CHARGER in board):
        raise _fail("every piece of the ampere player is drained, so the round is over")
    if amperes_turn:
        _check_ampere_turn(game, counts, pending, kind, made, duty, default_duty, on_board)
    elif kind or made or duty:
        raise _fail("turn_kind, duty and moves_made are for the ampere player's turn only")
    _check_pending(board, dead, pending, cell)
    return player, kind, duty, made


def _check_counts(
    game: ResistorGame, board: list[str], counts: dict[str, int], pending: str, cell: int
) -> None:
    """Each side has the pieces the game gives it (a pending decision's resistor counts)."""
    side = counts[AMPERE] + counts[DRAINED] + counts[CHARGER]
    if side != game.amperes:
        raise _fail(
            f"the ampere player has {counted(side, 'piece')} on the board "
            f"(amperes, drained, chargers) but the game has amperes={game.amperes}"
        )
    resistors = counts[RESISTOR] + counts[OVERLOADED] + (pending == "overload")
    if pending == "drain" and board[cell] == DRAINED:
        resistors += 1
    if resistors != game.resistors:
        raise _fail(
            f"the resistor player has {counted(resistors, 'resistor')} but the game has "
            f"resistors={game.resistors} (a resistor waiting on a pending decision counts)"
        )


def _check_ampere_turn(
    game: ResistorGame,
    counts: dict[str, int],
    pending: str,
    kind: str,
    made: int,
    duty: int,
    default_duty: int,
    on_board: int,
) -> None:
    """The duty, the turn's kind and the moves made fit an ampere turn in progress."""
    if duty not in (1, 2) or (made == 0 and duty != default_duty):
        raise _fail(
            f"duty must be {default_duty} at the start of this turn ({counted(on_board, 'ampere')} "
            f"on the board, duty_cycle={game.duty_cycle}), not {duty}"
        )
    budget = {"amperes": duty, "chargers": CHARGER_MOVES, "": 0}[kind]
    extra = int(game.slingshot == "extra_step")  # the slingshot's step beyond the budget
    top = budget + extra if pending == "overload" else budget - 1 + extra
    if bool(kind) != bool(made) or made < 0 or (kind and made > top):
        raise _fail(
            f"turn_kind {kind or None!r} and moves_made {made} do not fit an ampere turn "
            f"(a turn commits to amperes or chargers with its first move and ends after "
            f"{duty} ampere or {CHARGER_MOVES} charger moves"
            + (", and one extra step for a slingshot)" if extra else ")")
        )
    if made == 0 and not pending and counts[OVERLOADED]:
        raise _fail(
            "an overloaded resistor (overloaded) stands on the board at the start of the "
            "ampere player's turn, but it is overloaded only until the end of the resistor "
            "player's next turn, which comes before this one (list it under resistors)"
        )


def _check_pending(board: list[str], dead: tuple[int, ...], pending: str, cell: int) -> None:
    """A pending overload or drain stands where its move left it."""
    where = CELL_NAMES[cell] if cell >= 0 else ""
    if pending == "overload":
        if board[cell] not in (AMPERE, CHARGER):
            raise _fail(
                f"pending.cell {where}: the slingshot that overloaded the resistor there landed "
                "an ampere or a charger on it"
            )
        if not any(board[j] == EMPTY for j in dead):
            raise _fail("an overload needs a free dead space, and none is free")
    elif pending == "drain" and board[cell] != DRAINED:
        raise _fail(f"pending.cell {where}: a pending drain's resistor stands on a drained ampere")


def _turns_played(game: ResistorGame, d: Mapping[str, Any], phase: str, rnd: int, turn: int) -> int:
    """The match's turn count (what max_turns caps). Left out, it is ``turn`` in round 1;
    from round 2 on the earlier rounds' turns are not known, so it must be given."""
    if "turns_played" not in d and rnd > 1:
        raise _fail(
            f"turns_played (the turns of the whole match, which max_turns caps) is missing; "
            f"it may be left out only in round 1, where it is turn, not in round {rnd}"
        )
    played = _int(d, "turns_played", turn)
    cap = game.max_turns
    if cap is not None and played > cap:
        raise _fail(
            f"turns_played {played} is beyond max_turns={cap}: the match stops once {cap} "
            "turns are played"
        )
    if played < turn or (rnd == 1 and played != turn):
        raise _fail(
            f"turns_played {played} (the turns of the whole match) must be "
            + (f"turn {turn} in round 1" if rnd == 1 else f"at least turn {turn}, this round's")
        )
    limit = game.round_turns
    if limit is not None and turn >= limit and phase != "over":
        raise _fail(
            f"turn {turn} reaches round_turns={limit}, so the round is over: a round ends "
            f"once {limit} of its turns are played"
        )
    if cap is not None and played == cap and phase != "over":
        raise _fail(
            f"turns_played {played} reaches max_turns={cap}, so the match is over: set phase "
            "to 'over' (with no winners)"
        )
    return played


def _check_result(
    game: ResistorGame, rnd: int, scores: tuple[int, int], winners: frozenset[int], played: int
) -> None:
    if not winners and game.max_turns is not None and played == game.max_turns:
        return  # stopped by the cap (a match that ends by the rules on that turn has a winner)
    a, b = scores
    if rnd < game.rounds or (rnd - game.rounds) % 2:
        raise _fail(
            f"a match ends after round {game.rounds} or after an extra pair of rounds, not "
            f"after round {rnd}"
        )
    expected = frozenset() if a == b else frozenset({0 if a > b else 1})
    if winners != expected:
        raise _fail(
            f"winners {sorted(winners)} do not match the scores {a} to {b}"
            + (": a tie has no winner" if a == b else "")
        )
    if a == b:
        raise _fail(
            f"the scores are tied {a} to {b}, so the match goes on with another pair of "
            "rounds (a tied match ends only when max_turns stops it)"
        )


__all__ = ["KEYS", "SIZE", "from_json", "observation", "to_json"]
