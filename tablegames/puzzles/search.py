"""The search behind the puzzles: lines of one player's own decisions that reach a goal,
the threats that refute a defence, and the checks over the hidden cards.

A *goal* is a predicate on one step (the state after one decision and the player who
made it); each game chooses its own (:mod:`tablegames.puzzles.games`). The search is
exhaustive within its bound: every legal move is tried at every decision of the line.

>>> import tablegames as tg
>>> state = tg.make("cardchess").initial_state(seed=1)
>>> own_line(state, 0, lambda after, p: p in after.winners, depth=1) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core import State
from ..determinize import InformationSet

#: ``goal(after, player)``: did the decision that led to ``after`` reach ``player``'s goal?
Goal = Callable[[State, int], bool]


def own_line(state: State, player: int, goal: Goal, depth: int) -> list[str] | None:
    """The shortest line of at most ``depth`` consecutive decisions of ``player`` from
    ``state`` whose last step reaches ``goal``, as move notations; None if there is none.

    The line stops where the turn passes to someone else or the game ends, so it never
    counts on another player's choice (or on a card the player has not seen yet, as long
    as the game draws only when the turn passes)."""
    if state.is_terminal or state.current_player != player:
        return None
    frontier: list[tuple[State, list[str]]] = [(state, [])]
    for level in range(depth):
        deeper: list[tuple[State, list[str]]] = []
        for s, line in frontier:
            for m in s.legal_moves():
                after = s.apply(m)
                here = [*line, str(m)]
                if goal(after, player):
                    return here
                if level + 1 < depth and not after.is_terminal and after.current_player == player:
                    deeper.append((after, here))
        frontier = deeper
    return None


def first_move_lines(
    state: State, player: int, goal: Goal, depth: int
) -> dict[str, list[str] | None]:
    """Every legal first move (by notation) with a goal line starting with it, or None."""
    out: dict[str, list[str] | None] = {}
    for m in state.legal_moves():
        after = state.apply(m)
        text = str(m)
        if goal(after, player):
            out[text] = [text]
        elif depth > 1:
            rest = own_line(after, player, goal, depth - 1)
            out[text] = None if rest is None else [text, *rest]
        else:
            out[text] = None
    return out


def refutations(
    state: State, player: int, goal: Goal, depth: int, most_safe: int | None = None
) -> dict[str, list[str] | None] | None:
    """For a two-player game: every first move of ``player`` with the opponent's goal line
    that answers it (None where the opponent has none).

    None when some move keeps the turn with ``player`` or ends the game (the position is
    then no plain "one move, then the opponent" defence), or when more than ``most_safe``
    moves have no answer (a search for a single defence stops early there)."""
    out: dict[str, list[str] | None] = {}
    safe = 0
    for m in state.legal_moves():
        after = state.apply(m)
        if after.is_terminal or after.current_player == player:
            return None
        line = own_line(after, after.current_player, goal, depth)
        out[str(m)] = line
        safe += line is None
        if most_safe is not None and safe > most_safe:
            return None
    return out


def follow(state: State, line: Sequence[str]) -> list[State]:
    """The states after each move of ``line`` (notation), played from ``state``."""
    out = []
    for text in line:
        state = state.apply(state.parse_move(text))
        out.append(state)
    return out


def samples(state: State, player: int, count: int, seed: str) -> list[State]:
    """``count`` full states consistent with what ``player`` sees in ``state`` (hidden cards
    dealt at random by a generator seeded with ``seed``); none for a perfect-information game."""
    if not state.game.info.hidden_information:
        return []
    infoset = InformationSet(state.game, state.observation(player))
    gen = random.Random(seed)
    return [infoset.sample(gen) for _ in range(count)]


def shallow_values(state: State, player: int) -> dict[str, float]:
    """What a one-ply search sees: each first move's result for ``player``, by the game's
    evaluation (``returns()`` if the move ends the game). On a hidden-information game the
    evaluation reads only what every player sees."""
    out: dict[str, float] = {}
    for m in state.legal_moves():
        after = state.apply(m)
        value = after.returns()[player] if after.is_terminal else after.game.evaluate(after)[player]
        out[str(m)] = float(value)
    return out


def difficulty(values: dict[str, float], solution: str, now: float) -> dict[str, Any]:
    """How hard the puzzle looks to a one-ply search (``values``, see :func:`shallow_values`;
    ``now`` is the position's own evaluation): a wrong first move is *tempting* when the
    search rates it as good as the solution or as an improvement on the position. ``score``
    is the tempting share of the wrong moves; ``level`` runs from 1 (no wrong move looks
    good) to 5 (every wrong move does)."""
    wrong = [v for m, v in values.items() if m != solution]
    best = values[solution]
    tempting = sum(1 for v in wrong if v >= best - 1e-9 or v > now + 1e-9)
    score = tempting / len(wrong) if wrong else 0.0
    return {
        "level": 1 + round(4 * score),
        "score": round(score, 3),
        "tempting": tempting,
        "candidates": len(values),
    }


def forced_answers(after: State, player: int, goal: Goal) -> dict[str, str] | None:
    """After ``player``'s move, when every reply of the opponent (one decision, handing the
    turn back) leaves ``player`` a move that reaches the goal: that move for each reply
    (notation to notation). None when some reply has no such answer, or ends the game,
    or keeps the turn with the opponent."""
    if after.is_terminal or after.current_player == player:
        return None
    answers: dict[str, str] = {}
    for reply in after.legal_moves():
        back = after.apply(reply)
        if back.is_terminal or back.current_player != player:
            return None
        win = next((m for m in back.legal_moves() if goal(back.apply(m), player)), None)
        if win is None:
            return None
        answers[str(reply)] = str(win)
    return answers or None


def forced_first_moves(state: State, player: int, goal: Goal) -> dict[str, dict[str, str] | None]:
    """Every first move of ``player`` with the answers that win against each reply
    (:func:`forced_answers`), or None: a two-move win against any defence."""
    return {str(m): forced_answers(state.apply(m), player, goal) for m in state.legal_moves()}
