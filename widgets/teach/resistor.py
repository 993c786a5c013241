"""What the Resistor walkthrough calls, so its code cells stay short: the small practice
game and hand-built positions, a state's events told in sentences, pictures with the cells
a piece may reach framed, refused moves with the engine's reason, the turn's move budget,
and a bot that leans forward for a whole match.

Everything here reads the engine's public API (states, moves, events, the scene) and
prints what a person would say: "1 point", "2 points", never "point(s)".

>>> s = position(amperes=["b0", "c0", "e4", "h6"], resistors=["e5", "h9"])
>>> _ = moves_from(s, "e4")
The ampere on e4 may move to 2 cells: d4 and f4.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import tablegames as tg
from tablegames.bots import GameResult
from tablegames.record import Record
from tablegames.resistor import ResistorGame, ResistorMove, ResistorState
from tablegames.resistor.board import COLS, cell_index, zone
from tablegames.resistor.layout import Layout
from tablegames.resistor.scene import (
    LAST_MOVE,
    PIECE_KINDS,
    TONE_INK,
    background,
    panel_layout,
    piece_cells,
    piece_shapes,
    state_scene,
)
from tablegames.scene import Line, Rect, Scene, Shape, Text, to_svg
from tablegames.svg import Picture
from tablegames.words import counted

#: The dead spaces of every practice position (column f row 12, column k row 16).
DEAD = ("f12", "k16")
#: The pictures' scale: a little smaller than the play pages' board.
SQUARE = 32
#: The frame around the cells a piece may reach, and around the piece itself.
REACH_INK = "#1e88e5"
PIECE_INK = "#fb8c00"
#: The frame around a cell the engine refuses a piece's step to.
REFUSED_INK = "#e53935"
#: The label that names what a cell holds (a drained ampere under its resistor).
BADGE_INK = "#37474f"

ZONE_WORDS = {
    "source": "the current source",
    "charge": "the charge zone",
    "cycle": "a cycle column",
    "play": "the playable area",
}


def yes(flag: bool) -> str:
    """A yes-or-no answer as a person says it: ``"yes"`` or ``"no"``, not ``True``."""
    return "yes" if flag else "no"


def listed(words: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def where_is(cell: str) -> str:
    """Which part of the board ``cell`` (``"b0"``) lies in, as a sentence."""
    return f"{cell} is in {ZONE_WORDS[zone(cell_index(cell))]}."


def small_game(**options: Any) -> ResistorGame:
    """The practice game of the walkthrough: four amperes, two resistors, two dead spaces,
    player 0 on the amperes in round 1 (``options`` add to or change these)."""
    settings: dict[str, Any] = {
        "amperes": 4, "resistors": 2, "dead_spaces": 2, "first_amperes": 0, **options
    }  # fmt: skip
    game = tg.make("resistor", **settings)
    assert isinstance(game, ResistorGame)
    return game


def position(game: ResistorGame | None = None, **pieces: Any) -> ResistorState:
    """A hand-built position of ``game`` (the practice game by default) on the dead spaces
    :data:`DEAD`: ``position(amperes=["b0"], resistors=["e5", "h9"])``. The keys are
    those of the state's JSON (``chargers``, ``drained``, ``current_player``, ...)."""
    game = game or small_game()
    state = game.state_from_json({"dead": list(DEAD), **pieces})
    assert isinstance(state, ResistorState)
    return state


# ---- events in words ------------------------------------------------------------------

#: One sentence per kind of event: {p} the player, {where} a cell or a word, {v} the
#: event's numbers, {text} a word.
SENTENCES = {
    "roll": "Player {p} rolls {v[0]}.",
    "role": "Player {p} chooses the {where}.",
    "round": "Round {v[0]} begins: player {p} plays the amperes.",
    "dead_space": "A dead space on {where}: column dice {v[0]} + {v[1]}, "
    "row dice {v[2]} + {v[3]} + {v[4]}.",
    "reroll": "{where} came up again: rolled again.",
    "place": "Player {p} places a {text} on {where}.",
    "start": "Set-up done: player {p} moves the amperes first.",
    "move": "The {text} moves {where}.",
    "slingshot": "The {text} slingshots {where}: the bonus space.",
    "overload": "It lands on the resistor on {where} and overloads it.",
    "to_dead_space": "The overloaded resistor is put on the dead space {where}.",
    "cycle": "It entered a cycle column: the {text} is sent back to {where}.",
    "charge": "It reached the charge zone on {where}: now it is a charger.",
    "drain": "The ampere on {where} is drained.",
    "recharge": "The drained ampere is recharged and sent back to {where}.",
    "score": "The charger scores on {where} and is an ampere again ({points} this round).",
    "convert": "The charger is caught: back to {where} as an ampere.",
    "end_turn": "Player {p} ends the turn.",
    "forfeit": "Player {p} forfeits the round.",
    "round_end": "Round {v[0]} is over, ended by {ending}: player {p} scored {points} in it.",
    "max_turns": "The match reaches the cap of {v[0]} turns: it stops with no winner.",
    "win": "Player {p} wins the match, {v[0]} to {v[1]}.",
    "draw": "The match is a draw, {v[0]} to {v[1]}.",
}
#: How a round ended (the ``round_end`` event's text), in words.
ENDINGS = {"forfeit": "a forfeit", "drained": "the last drain"}
#: Which number of each kind of event is a count of points.
POINTS_AT = {"score": 0, "round_end": 1}


def sentence(event: tg.Event) -> str:
    """One event of a Resistor state in words."""
    k = POINTS_AT.get(event.kind)
    points = counted(event.value[k], "point") if k is not None else ""
    return SENTENCES[event.kind].format(
        p=event.player,
        where=event.where,
        v=event.value,
        text=event.text,
        points=points,
        ending=ENDINGS.get(event.text, event.text),
    )


def told(state: ResistorState) -> ResistorState:
    """Say what the last decision did, from the state's events; return the state."""
    for event in state.events:
        print(sentence(event))
    return state


def play(state: ResistorState, *moves: str) -> ResistorState:
    """Apply the moves ``moves`` (in notation) one after the other, telling each."""
    for text in moves:
        state = told(state.apply(state.parse_move(text)))
    return state


def refused(state: ResistorState, text: str) -> None:
    """Try the move ``text`` on ``state`` and say why the engine refuses it."""
    try:
        state.apply(state.parse_move(text))
        print(f"{text} is legal.")
    except tg.IllegalMove as refusal:
        print(f"Refused: {refusal}")


def budget(state: ResistorState) -> None:
    """Whose move it is and how many moves their turn has left, in one sentence."""
    done = f"after {state.last_move}" if state.last_move else "at the start"
    if state.turn_kind == "chargers":
        left = counted(state.charger_moves_left, "charger move") + " left"
    elif state.turn_role == "amperes":
        left = counted(state.ampere_moves_left, "ampere move") + " left"
    else:
        left = "one resistor move"
    out = counted(state.amperes_on_board(), "ampere")
    print(f"{done}: {out} out; player {state.current_player} ({state.turn_role}) "
          f"to move, {left}.")  # fmt: skip


# ---- pictures ------------------------------------------------------------------------


def framed(state: ResistorState, cells: Iterable[str], ink: str = REACH_INK) -> Picture:
    """The picture of ``state`` with ``cells`` framed in ``ink`` (blue by default)."""
    return _picture(state, [(c, ink) for c in cells])


def _picture(
    state: ResistorState,
    frames: list[tuple[str, str]],
    note: str = "",
    badge: tuple[str, str] | None = None,
) -> Picture:
    """``state`` with each ``(cell, ink)`` of ``frames`` framed just inside its cell, and
    ``note`` (if any) written in blue on the panel's first free line. A ``badge``
    ``(cell, words)`` names what that cell holds in a label pointing at it; the last move's
    line is then left out (the panel still names the move), so nothing crosses that cell."""
    lay = Layout(SQUARE)
    scene = state_scene(state, SQUARE)
    if badge:
        scene.overlay = [s for s in scene.overlay if getattr(s, "stroke", "") != LAST_MOVE]
        scene.overlay += badge_shapes(lay, *badge)
    for cell, ink in frames:
        x, y, w, h = lay.cell_rect(cell_index(cell))
        scene.overlay.append(Rect(x + 1, y + 1, w - 2, h - 2, stroke=ink, width=3, radius=3))
    if note:
        lines, pips = panel_layout(state)
        free = 1 + max(k for k, _ in [*lines, *pips])
        scene.overlay.append(Text(*lay.panel_line(free), note, lay.font, REACH_INK, bold=True))
    return Picture(to_svg(scene))


def badge_shapes(lay: Layout, cell: str, words: str) -> list[Shape]:
    """A label with ``words`` two rows below ``cell`` (above it near the bottom of the
    board), inside the playable columns, with a short line pointing at the cell."""
    i = cell_index(cell)
    x, y, w, h = lay.cell_rect(i)
    size = lay.font * 0.95
    bw, bh = len(words) * size * 0.66 + size, size * 1.7
    left, right = lay.cell_rect(1)[0], sum(lay.cell_rect(COLS - 2)[::2])
    bx = min(max(x + w / 2 - bw / 2, left), right - bw)
    below = i // COLS >= 3  # rows grow upwards: "below" is further down the picture
    by = y + 2 * h + (h - bh) / 2 if below else y - 2 * h + (h - bh) / 2
    tip, foot = (y + h, by) if below else (y, by + bh)
    return [
        Line(x + w / 2, tip, x + w / 2, foot, BADGE_INK, 2),
        Rect(bx, by, bw, bh, "white", BADGE_INK, 1.5, radius=bh / 2),
        Text(bx + bw / 2, by + bh / 2 + size * 0.36, words, size, BADGE_INK, "middle", True),
    ]


def reach(state: ResistorState, cell: str) -> list[str]:
    """The cells the piece on ``cell`` may move to now (its legal moves' destinations)."""
    found = {
        str(m).split("-")[1]
        for m in state.legal_moves()
        if m.kind == "move" and str(m).startswith(cell + "-")
    }
    return sorted(found, key=cell_index)


def moves_from(state: ResistorState, cell: str, note: str = "") -> Picture:
    """Say where the piece on ``cell`` may move, and draw ``state`` with those cells
    framed in blue and the piece in orange; ``note`` goes on the panel, for what the panel
    does not say by itself. A resistor riding the ampere it just drained gets no frame
    (it would hide the grey arrow) but a label, *drained ampere*, pointing at its cell."""
    cells = _tell_reach(state, cell)
    frames = [(c, REACH_INK) for c in cells]
    # Right after a drain, the resistor stands on the drained ampere it steps off.
    if state.pending == "drain" and state.pending_cell == cell_index(cell):
        return _picture(state, frames, note=note, badge=(cell, "drained ampere"))
    return _picture(state, [*frames, (cell, PIECE_INK)], note=note)


def _tell_reach(state: ResistorState, cell: str) -> list[str]:
    """Say where the piece on ``cell`` may move now; return those cells."""
    cells = reach(state, cell)
    riding = state.pending == "drain" and state.pending_cell == cell_index(cell)
    piece = state.piece(cell_index(cell))
    kind = "resistor" if riding else (piece.kind if piece else "piece")
    if cells:
        print(f"The {kind} on {cell} may move to {counted(len(cells), 'cell')}: {listed(cells)}.")
    else:
        print(f"The {kind} on {cell} cannot move now.")
    return cells


def steps_refused(state: ResistorState, *moves: str) -> Picture:
    """Say where each moving piece of ``moves`` (``"b18-a17"``) may go and print the
    engine's refusal of each move in words, then draw ``state`` with the moving pieces
    framed in orange, the steps they may take in blue and the refused destinations in
    red: what blocks a piece, beside what it may do."""
    frames: list[tuple[str, str]] = []
    for text in moves:
        src, dst = text.split("-")
        if (src, PIECE_INK) not in frames:
            frames += [(c, REACH_INK) for c in _tell_reach(state, src)] + [(src, PIECE_INK)]
        refused(state, text)
        frames.append((dst, REFUSED_INK))
    return _picture(state, frames)


def round_end(state: ResistorState, text: str) -> Picture:
    """Make the move ``text`` that ends the round, say what it did (and how the next round
    begins), and draw the round's last board, which the next round's empty board replaces:
    the pieces as that move left them, so after the last drain the resistor still stands
    on the drained ampere (it never steps off), labelled *last drain*; the panel says how
    the round ended and the scores."""
    move = state.parse_move(text)
    after = told(state.apply(move))
    ended = [e for e in after.events if e.kind == "round_end"]
    if not ended:
        raise ValueError(f"{text} does not end round {state.round}")
    (end,) = ended
    cells = piece_cells(state)
    if move.kind == "move":  # the last drain: the resistor rides the ampere it drained
        cells["resistor"].remove(move.src)
        cells["ampere"].remove(move.dst)
        cells["drained"].append(move.dst)
        cells["riding"] = [move.dst]
    lay = Layout(SQUARE)
    scene = Scene(lay.width, lay.height, f"Resistor: the last board of round {state.round}")
    scene.background = list(background(float(SQUARE)))
    for kind in PIECE_KINDS:
        scene.pieces += piece_shapes(lay, kind, [lay.cell_rect(i) for i in cells[kind]])
    if move.kind == "move":
        scene.overlay += badge_shapes(lay, str(move).split("-")[1], "last drain")
    amp, points = end.player, counted(end.value[1], "point")
    how = f"Last move: {move}" if move.kind == "move" else f"Player {amp} gave up the round"
    panel = [
        (f"Round {end.value[0]} is over", "", True, 1.15),
        (f"ended by {ENDINGS.get(end.text, end.text)}", "", False, 1.0),
        (f"Player {amp} (amperes): {points} this round", "amperes", False, 1.0),
        (f"Totals: player 0 has {after.scores[0]}, player 1 has {after.scores[1]}", "", False, 1.0),
        (how, "muted", False, 1.0),
        ("Next round: the roles swap", "muted", False, 1.0),
    ]
    for k, (words, tone, bold, size) in enumerate(panel):
        ink = TONE_INK[tone]
        scene.pieces.append(Text(*lay.panel_line(k), words, lay.font * size, ink, bold=bold))
    return Picture(to_svg(scene))


# ---- whole matches -------------------------------------------------------------------


def set_up(state: ResistorState) -> ResistorState:
    """Place every piece of the round on the first cell offered."""
    while state.phase == "setup":
        state = state.apply(state.legal_moves()[0])
    return state


class LeaningBot:
    """A bot that sends amperes up and chargers down 7 times in 10 and otherwise plays any
    legal move: random play that still scores. As the ampere player it forfeits the round
    at the start of a turn once the round has lasted ``patience`` turns (both players'),
    and never before: its stand-in for "no productive moves left"."""

    def __init__(self, seed: int | str, patience: int = 100) -> None:
        self.rng = random.Random(seed)
        self.patience = patience

    def choose(self, state: tg.State) -> ResistorMove:
        """The bot's move in ``state`` (a Resistor state)."""
        assert isinstance(state, ResistorState)
        moves = state.legal_moves()
        if state.turn_role == "amperes" and not state.pending:
            give_up = [m for m in moves if m.kind == "forfeit"]
            if give_up and state.turn >= self.patience:
                return give_up[0]
            if self.rng.random() < 0.7:
                ahead = [m for m in moves if m.kind == "move" and forward(state, m)]
                if ahead:
                    return ahead[self.rng.randrange(len(ahead))]
            moves = [m for m in moves if m.kind != "forfeit"] or moves
        return moves[self.rng.randrange(len(moves))]


def forward(state: ResistorState, move: ResistorMove) -> bool:
    """Whether ``move`` takes an ampere up or a charger down."""
    rise = move.dst // COLS - move.src // COLS  # the rows gained
    piece = state.piece(move.src)
    return rise > 0 if piece is not None and piece.kind == "ampere" else rise < 0


def leaning_match(game: ResistorGame, seed: int, patience: int = 100) -> GameResult:
    """A match of ``game`` between two :class:`LeaningBot` seeded from ``seed``, each
    forfeiting an ampere round after ``patience`` turns."""
    bots = [LeaningBot(f"{seed}:{p}", patience) for p in (0, 1)]
    return tg.play_game(game, bots, seed=seed)


#: The events :func:`event_counts` counts by default: what a match's story is made of.
STORY = ("slingshot", "overload", "drain", "charge", "cycle", "score", "recharge", "convert",
         "forfeit")  # fmt: skip


def event_counts(record: Record, kinds: Sequence[str] = STORY) -> None:
    """How often each event of ``kinds`` happened in the recorded match, one line each."""
    seen = Counter(e.kind for state in _states(record) for e in state.events)
    for kind in kinds:
        print(f"{kind}: {counted(seen[kind], 'time')}")


def rounds_of(record: Record) -> None:
    """Each round of the recorded match in one line (who played the amperes, their
    points, how the round ended), then the match's result."""
    states = _states(record)
    for state in states:
        for e in state.events:
            if e.kind == "round_end":
                points, ending = counted(e.value[1], "point"), ENDINGS.get(e.text, e.text)
                print(f"Round {e.value[0]}: player {e.player} played the amperes and scored "
                      f"{points}; {ending} ended it.")  # fmt: skip
    for e in states[-1].events:
        if e.kind in ("win", "draw", "max_turns"):
            print(sentence(e))


def _states(record: Record) -> list[ResistorState]:
    """Every state of a recorded Resistor match."""
    return [s for s in tg.replay(record) if isinstance(s, ResistorState)]  # type: ignore[misc]


def pick_puzzles(puzzles: Sequence[dict[str, Any]], n: int = 3) -> list[dict[str, Any]]:
    """``n`` puzzles of a set, taking its kinds in turn (a win, a save, a win, ...) in the
    set's order, so the choice still works when the set is regenerated."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for p in puzzles:
        by_kind.setdefault(str(p["kind"]), []).append(p)
    queues = list(by_kind.values())
    out: list[dict[str, Any]] = []
    while len(out) < n and any(queues):
        for queue in queues:
            if queue and len(out) < n:
                out.append(queue.pop(0))
    return out
