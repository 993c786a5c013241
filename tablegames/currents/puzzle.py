"""Currents' puzzles (declared through ``CurrentsGame.parts``, loaded only when puzzles
are made), two players: push the pawn over one of your own edges (the opponent may still
goaltend if they hold the cards; that is not counted on), or win outright. The choices
are explained in ``docs/puzzles.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import pretty
from ..core import State
from ..parts import PuzzleParts
from ..puzzles.games import events_after, has_event, wins
from ..puzzles.search import follow, samples

_EDGES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def currents_goal(after: State, player: int) -> bool:
    """Currents: the pawn crossed one of ``player``'s edges (and the game did not end in
    someone else's favour), or ``player`` won."""
    if after.is_terminal:
        return player in after.winners
    return has_event(after, "cross", player)


def currents_action(move: str) -> str:
    """A Currents move's notation in words (``7H>N2`` -> ``play 7♥ on slot N2``)."""
    if move.startswith("discard "):
        return f"discard {pretty(move.split()[1])}"
    if ">" in move:
        card, target = move.split(">")
        where = f"the {_EDGES[target]} compass point" if target in _EDGES else f"slot {target}"
        return f"play {pretty(card)} on {where}"
    card, _, action = move.partition("!")
    if card.endswith("J") and card in ("RJ", "BJ"):
        return f"shuffle with the {'red' if card == 'RJ' else 'black'} joker"
    if card[0] == "J":
        return f"use {pretty(card)} to discard the {_EDGES.get(action, action)} compass card"
    if card[0] == "Q":
        a, _, b = action.partition("~")
        return f"use {pretty(card)} to swap slots {a} and {b}"
    if card[0] == "K":
        turn = "clockwise" if action == "cw" else "counter-clockwise"
        return f"use {pretty(card)} to turn the compass {turn}"
    return move


#: Deals of the hidden cards on which a Currents theme's "and win" must hold.
THEME_DEALS = 40


def wins_on_every_deal(
    before: State, line: Sequence[str], player: int, deals: int, seed: str
) -> bool:
    """Does ``line`` win the game outright on the real deal and on ``deals`` deals of the
    hidden cards consistent with what ``player`` sees (the deals the solver cannot tell
    apart)? A theme claims a win only then."""
    for state in [before, *samples(before, player, deals, seed)]:
        try:
            end = follow(state, line)[-1]
        except Exception:
            return False
        if not wins(end, player):
            return False
    return True


def currents_theme(before: State, line: Sequence[str], player: int, kind: str) -> str:
    """The crossing in words; "and win" only where the line wins on every deal of the
    opponent's hidden cards the solver cannot rule out (otherwise they may still
    goaltend, so the theme says nothing of the win)."""
    last = events_after(before, line)[-1]
    cross = next(e for e in last if e.kind in ("cross", "win") and e.player == player)
    edge = _EDGES.get(cross.where, cross.where)
    how = ", then ".join(currents_action(m) for m in line)
    sure = wins_on_every_deal(before, line, player, THEME_DEALS, f"theme:{line}")
    ending = " and win" if sure else ""
    return f"push the pawn over the {edge} edge{ending}: {how}"


#: What :mod:`tablegames.puzzles` reads (``CurrentsGame.parts.puzzles`` returns it).
PUZZLES = PuzzleParts(
    {"players": 2, "max_turns": 200},
    currents_goal,
    "push the pawn over one of your own edges (or win outright)",
    1,
    False,
    currents_theme,
)
