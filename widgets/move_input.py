"""Click-to-move for any board, shared by the play widget, the puzzles and the table seats.

:class:`MoveInput` turns clicks into moves using only ``state.legal_moves()`` and the
board's ``move_keys``: each click narrows the legal moves to those that contain every
clicked key; the targets that would continue are highlighted; a move is applied when the
clicks single it out, and where clicks cannot tell moves apart (a jack placed on a compass
point, or played to discard it) buttons offer them. An impossible click is explained with
the engine's own IllegalMove message. It needs a board, never a widget around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import tablegames as tg

from .board import BoardWidget, Key


@dataclass
class Outcome:
    """What a click led to."""

    picked: tuple[Key, ...] = ()
    targets: tuple[Key, ...] = ()
    choices: list[Any] = field(default_factory=list)  #: moves to offer as buttons
    move: Any = None  #: the move to apply, if the clicks single one out
    message: str = ""


class MoveInput:
    """Click-to-move matching for one board (see the module docstring)."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        self.picked: tuple[Key, ...] = ()

    def reset(self) -> Outcome:
        self.picked = ()
        return self.outcome(self.board.state)

    def click(self, state: tg.State, key: Key) -> Outcome:
        keys = self.board.move_keys
        moves = state.legal_moves()
        if key in self.picked:
            picked = tuple(k for k in self.picked if k != key)
        else:
            picked = (*self.picked, key)
            if not any(set(picked) <= set(keys(m)) for m in moves):
                if self.board.restarts(key, self.picked) and any(key in keys(m) for m in moves):
                    picked = (key,)  # a fresh start with what was just clicked
                else:
                    return self._refuse(state, (*self.picked, key))
        self.picked = picked
        return self.outcome(state)

    def outcome(self, state: tg.State) -> Outcome:
        keys = self.board.move_keys
        picked = set(self.picked)
        moves = state.legal_moves()
        cands = [m for m in moves if picked <= set(keys(m))]
        complete = [m for m in cands if set(keys(m)) == picked]
        if (
            self.picked
            and len(cands) == 1
            and complete
            and (len(keys(complete[0])) >= 2 or self.board.one_click(complete[0]))
        ):
            self.picked = ()
            return Outcome(move=complete[0])
        targets = tuple(dict.fromkeys(k for m in cands for k in keys(m) if k not in picked))
        choices = complete if self.picked else []
        choices += [m for m in moves if not keys(m) and m not in choices]
        return Outcome(self.picked, targets if self.picked else (), choices)

    def _refuse(self, state: tg.State, keys: tuple[Key, ...]) -> Outcome:
        text = self.board.attempted(state, keys)
        message = "That is not part of a legal move now."
        if text is not None:
            try:
                state.parse_move(text)
            except tg.IllegalMove as exc:
                message = str(exc)
        out = self.outcome(state)
        out.message = message
        return out
