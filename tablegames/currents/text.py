"""Currents in words: the plain-text board (terminals, logs, ``print(state)``) and the
sentences the pictures carry (the position described for screen readers, the turn line
under the board, the push in words, a crossing and the cancellation explained)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUIT_NAMES, pretty
from .geometry import POINTS, SIZE

if TYPE_CHECKING:
    from .influence import Goaltending, Influence
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


# ---- sentences --------------------------------------------------------------------------


def describe(state: CurrentsState, inf: Influence | None = None) -> str:
    """One sentence describing the position, for screen readers and alt texts (``inf``:
    ``state.inspect()`` when the caller has it already)."""
    x, y = state.pawn
    compass = ", ".join(f"{p} {pretty(c) if c else 'empty'}" for p, c in zip("NESW", state.compass))
    n = sum(c is not None for c in state.currents)
    if state.is_terminal:
        who = (
            f"won by player {' and '.join(map(str, sorted(state.winners)))}"
            if state.winners
            else "over without a winner"
        )
        status = f"game {who}"
    else:
        status = f"player {state.player} to {_phase_verb(state.phase)}"
    if state.is_terminal:
        inf = None
    elif inf is None:
        inf = state.inspect()
    vec = f", the currents push it {push_in_words(inf.vector)}" if inf else ""
    return (
        f"Currents, turn {state.turn + 1}: pawn at ({x}, {y}){vec}; compass {compass}; "
        f"{n} of 16 current slots filled{_in_the_way(state)}; {status}."
    )


def _in_the_way(state: CurrentsState) -> str:
    """The obstacles and riptides of the game, if any: "; obstacle at (2, 6); riptide at
    (5, 3) pointing N" (what the picture draws as crosses and arrows)."""
    game = state.game
    out = ""
    if game.obstacle_set:
        places = ", ".join(f"({x}, {y})" for x, y in sorted(game.obstacle_set))
        out += f"; obstacle{'s' if len(game.obstacle_set) > 1 else ''} at {places}"
    if game.riptides:
        tides = ", ".join(f"({x}, {y}) pointing {d}" for (x, y), d in sorted(game.riptides.items()))
        out += f"; riptide{'s' if len(game.riptides) > 1 else ''} at {tides}"
    return out


def push_in_words(vector: tuple[int, int]) -> str:
    """A net vector in words: ``(1, -1)`` is "1 step east and 1 step south"."""
    dx, dy = vector
    parts = [
        f"{abs(d)} step{'s' if abs(d) > 1 else ''} {name}"
        for d, name in ((dx, "east" if dx > 0 else "west"), (dy, "north" if dy > 0 else "south"))
        if d
    ]
    return " and ".join(parts) if parts else "nowhere (the pushes cancel or none acts)"


def vector_words(vector: tuple[int, int]) -> str:
    """A net vector as the panel writes it, east or west first.

    >>> vector_words((1, -1)), vector_words((0, 2)), vector_words((0, 0))
    ('1 east, 1 south', '2 north', 'none')
    """
    dx, dy = vector
    parts = [
        f"{abs(d)} {name}"
        for d, name in ((dx, "east" if dx > 0 else "west"), (dy, "north" if dy > 0 else "south"))
        if d
    ]
    return ", ".join(parts) or "none"


def _phase_verb(phase: str) -> str:
    return {
        "setup": "place an ace",
        "play": "play or discard a card",
        "combo": "follow up the demotion or stop",
        "defend": "goaltend or decline",
    }.get(phase, phase)


def turn_of(state: CurrentsState) -> int:
    """The player whose turn it is: while a goaltender decides, still the player whose
    push it is (``turn_player``), else the player to decide."""
    return state.turn_player if state.phase == "defend" else state.player


def turn_caption(state: CurrentsState) -> str:
    """One line saying whose turn it is, which edge that player must push the pawn over,
    and whose goal every edge is (the line under the board)."""
    owner = state.game.owner
    goals = " · ".join(f"{e} P{owner[e]}" for e in "NESW")

    def edges(p: int) -> str:
        mine = [e for e in "NESW" if owner[e] == p]
        return (" and ".join(mine)) + (" edges" if len(mine) > 1 else " edge")

    if state.is_terminal:
        if not state.winners:
            return f"Game over without a winner. Goal edges: {goals}."
        won = " and ".join(f"P{p} (goal: the {edges(p)})" for p in sorted(state.winners))
        return f"Game over: {won} won. Goal edges: {goals}."
    p = turn_of(state)
    guards = dict.fromkeys(state.game.goaltender[e] for e in "NESW" if owner[e] == p)
    guard = " and ".join(f"P{g}" for g in guards)
    verb = "place an ace; P{p}'s goal is" if state.phase == "setup" else "push the pawn over"
    line = f"P{p}'s turn: {verb.format(p=p)} the {edges(p)} (guarded by {guard})."
    if state.phase == "defend":
        line += f" P{state.player} decides whether to goaltend."
    return f"{line} Goal edges: {goals}."


def crossing_sentences(g: Goaltending) -> tuple[str, str]:
    """A crossing in two sentences: who would win, and who may stop it with what."""
    head = f"Crosses the {g.edge} edge by {g.overshoot}: P{g.winner} would win"
    if g.suit is None:
        return head, f"No suit on compass {g.point}: P{g.goaltender} cannot goaltend."
    cards = "1 card" if g.overshoot == 1 else f"{g.overshoot} cards"
    return head, (
        f"P{g.goaltender} may stop it with {cards} of {SUIT_NAMES[g.suit]} (compass {g.point})."
    )


def cancellation_text(inf: Influence | None) -> str:
    """The vector cancellation in one paragraph (the inspector picture's accessible label)."""
    if inf is None:
        return "The game is over."
    if not inf.currents:
        return f"No current acts on the pawn at {inf.at}."
    units = inf.units
    pairs = "; ".join(
        f"{units[a].slot} {units[a].direction} cancels {units[b].slot} {units[b].direction}"
        for a, b in inf.cancelled
    )
    currents = ", ".join(f"{si.slot} {pretty(si.card or '')}" for si in inf.currents)
    return (
        f"Currents: {currents}. "
        + (f"Cancelled: {pairs}. " if pairs else "Nothing cancels. ")
        + f"Net push: {vector_words(inf.vector)}, to {inf.destination}."
    )
