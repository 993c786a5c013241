"""Resistor's puzzles (declared through ``ResistorGame.parts``, loaded only when puzzles
are made): score a point this turn (a charger reaching the current source), or win the
match, which is scored by points over rounds; or save it when every other move lets the
amperes score next turn. Perfect information, so checked exhaustively; the choices are
explained in ``docs/puzzles.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import State
from ..parts import PuzzleParts
from ..puzzles.games import events_after, has_event, wins


def resistor_goal(after: State, player: int) -> bool:
    """Resistor: ``player`` scored a point, or won the match."""
    return wins(after, player) or has_event(after, "score", player)


def resistor_theme(before: State, line: Sequence[str], player: int, kind: str) -> str:
    parts = []
    scored = False
    for move, events in zip(line, events_after(before, line)):
        step = next((e for e in events if e.kind == "move"), None)
        if step is not None:
            piece = step.text or "piece"
            jump = " (slingshot)" if any(e.kind == "slingshot" for e in events) else ""
            text = f"move the {piece} {step.where}{jump}"
            for e in events:
                if e.kind == "convert":
                    text += f" onto the charger, sending it home to {e.where} as an ampere"
                elif e.kind == "drain":
                    text += f", draining the ampere on {e.where}"
            parts.append(text)
        elif move != "end":
            parts.append(move)
        scored = scored or any(e.kind == "score" and e.player == player for e in events)
    how = ", then ".join(parts)
    if kind == "save":
        return f"{how}: the only move that stops the amperes scoring next turn"
    return f"{how}: a point at the current source" if scored else f"{how}: win the match"


def resistor_deep_worth(state: State, player: int) -> bool:
    """A defence is searched only against a charger two rows or less from the current
    source (two charger moves of one step each, or one slingshot)."""
    return any(_row(c) <= 2 for c in state.to_json()["chargers"])


def resistor_worth(state: State, player: int) -> bool:
    """Worth a search: in play, with a charger within four rows of the current source
    (two charger moves, each a step or a slingshot), or at most one ampere left to drain."""
    d = state.to_json()
    if d["phase"] != "play":
        return False
    live = len(d["amperes"]) + len(d["chargers"])
    return live <= 1 or any(_row(c) <= 4 for c in d["chargers"])


def _row(cell: str) -> int:
    return int(cell[1:])


#: What :mod:`tablegames.puzzles` reads (``ResistorGame.parts.puzzles`` returns it).
PUZZLES = PuzzleParts(
    {"max_turns": 300},
    resistor_goal,
    "score a point this turn (a charger reaching the current source), "
    "or win the match where this turn can end it",
    2,  # a turn moves one ampere or two chargers, and only a charger scores
    True,
    resistor_theme,
    worth=resistor_worth,
    deep_worth=resistor_deep_worth,
    max_decisions=800,
)
