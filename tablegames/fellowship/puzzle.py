"""Fellowship's puzzles (declared through ``FellowshipGame.parts``, loaded only when
puzzles are made): end the game as its winner. The choices are explained in
``docs/puzzles.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import pretty
from ..core import State
from ..parts import PuzzleParts
from ..puzzles.games import events_after, wins
from ..puzzles.search import follow


def fellowship_theme(before: State, line: Sequence[str], player: int, kind: str) -> str:
    events = events_after(before, line)[-1]
    cap = next((e for e in events if e.kind == "capture"), None)
    if cap is None:  # the joker covered from the hand
        _, place, card = line[-1].split()
        text = f"cover the joker on {place} with {pretty(card)}"
    else:
        src, _, dst = cap.where.partition(">")
        text = (
            f"capture {pretty(cap.cards[1])} on {dst} "
            f"with the {pretty(cap.cards[0])} stack from {src}"
        )
        fill = next((e for e in events if e.kind == "fill"), None)
        if fill is not None:
            text += f", fill with {pretty(fill.cards[0])}"
    if kind == "forced":
        return f"{text}: whatever your opponent plays, you end the game as its winner next turn"
    colour = next((e.where for e in events if e.kind == "reveal" and e.player == player), "")
    if any(e.kind == "no_move" for e in events):
        tops = {_colour_of(stack[-1]) for stack in follow(before, line)[-1].to_json()["circle"]}
        if tops == {colour}:
            return f"{text}: the ring is all {colour}, your colour"
        most = f"{colour}, your colour, tops the most stacks"
        return f"{text}: your opponent has no move left, and {most}"
    return f"{text}: the cards run out with {colour} holding the most stacks"


def _colour_of(card: str) -> str:
    """A Fellowship stack top's colour (the joker's own: it is neither red nor black)."""
    if card in ("RJ", "BJ"):
        return "joker"
    return "red" if card[-1] in "HD" else "black"


def fellowship_deep_worth(state: State, player: int) -> bool:
    """Where a two-turn win (``forced``) is searched: late in the game (eight cards or
    fewer left to draw) or with one colour on eight stacks or more of the thirteen."""
    d = state.to_json()
    tops = [s[-1] for s in d["circle"]]
    red = sum(1 for t in tops if t[-1] in "HD" and t not in ("RJ", "BJ"))
    black = sum(1 for t in tops if t[-1] in "CS" and t not in ("RJ", "BJ"))
    return len(d["draw_pile"]) <= 8 or max(red, black) >= 8


#: What :mod:`tablegames.puzzles` reads (``FellowshipGame.parts.puzzles`` returns it).
PUZZLES = PuzzleParts(
    {"players": 2},
    wins,
    "end the game as its winner",
    1,
    False,
    fellowship_theme,
    deep_worth=fellowship_deep_worth,
    forced=True,
    idea_cap=False,
)
