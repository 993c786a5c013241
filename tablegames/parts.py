"""What a game provides besides its Game, State and Move classes, declared in one place.

A game sets ``parts = GameParts(...)`` on its :class:`~tablegames.Game` class. The
engine's generic code reads it and nothing else: ``State.to_json``, ``observation``,
``str(state)`` and ``describe`` call the declared functions, ``Game.scene`` draws the
declared scene, ``Game.action_space`` builds the declared space, the conformance check
tests every part declared, the puzzle generator poses puzzles for a game that declares
them, and the widget layer looks up the board named in ``board``. Every part is
optional: a game may instead override the State or Game method itself (a one-module
game often does), and a game that declares nothing still plays, draws its text board
and says clearly what it lacks (``action_space``: NotImplementedError).

>>> import tablegames as tg
>>> parts = tg.make("currents").parts
>>> parts.board
'tablegames_widgets.currents.board:CurrentsBoard'
>>> sorted(n for n in DECLARABLE if getattr(parts, n))  # doctest: +NORMALIZE_WHITESPACE
['action_space', 'board', 'board_text', 'describe', 'from_json', 'observation', 'puzzles',
 'scene', 'to_json']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import ActionSpace
    from .core import State
    from .scene import Scene

#: Does ``player`` reach the puzzle's goal in this state (the one after a move)?
Goal = Callable[["State", int], bool]
#: The solution in words: (position before, the solution's moves, the player, the kind
#: of puzzle: ``"win"``, ``"save"`` or ``"forced"``) -> one line.
Theme = Callable[["State", Sequence[str], int, str], str]


def _always(state: State, player: int) -> bool:
    return True


@dataclass(frozen=True)
class PuzzleParts:
    """How puzzles are made for a game (read by :mod:`tablegames.puzzles`; its
    ``docs/puzzles.md`` explains the choices)."""

    options: Mapping[str, Any]  #: the game's options for its puzzles
    goal: Goal
    goal_text: str  #: the goal in words, shown with every puzzle
    depth: int  #: longest line of the player's own consecutive decisions
    saves: bool  #: also look for the one defence against a threat (perfect information)
    theme: Theme
    worth: Callable[[State, int], bool] = _always  #: where a search is worth its cost
    #: where the two-turn searches (``forced``, ``saves``) are worth their cost
    deep_worth: Callable[[State, int], bool] = _always
    bots: tuple[str, str] = ("greedy", "random")  #: who plays the games the positions come from
    max_decisions: int = 400  #: a generating game stops here
    forced: bool = False  #: also look for a first move that wins next turn against any reply
    min_line: int = 1  #: shorter solutions are too plain to pose
    #: cap how often one theme pattern (an idea) appears in a set; False where the theme
    #: says too little to tell ideas apart, so only set-ups count
    idea_cap: bool = True
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class GameParts:
    """A game's parts (see the module). Functions take the state (or the game) first."""

    #: ``to_json(state)``: the state as a plain JSON-ready dict (``State.to_json``).
    to_json: Callable[[Any], dict[str, Any]] | None = None
    #: ``from_json(game, data)``: the state ``data`` describes, or InvalidState
    #: (the default ``Game.state_from_json``).
    from_json: Callable[[Any, Mapping[str, Any]], Any] | None = None
    #: ``observation(state, player)``: what that seat may see (``State.observation``).
    observation: Callable[[Any, int], dict[str, Any]] | None = None
    #: ``board_text(state)``: the position as text, every card shown (``str(state)``).
    board_text: Callable[[Any], str] | None = None
    #: ``describe(state)``: one sentence, public information only (``State.describe``,
    #: every board's caption); without it, whose turn it is or who won.
    describe: Callable[[Any], str] | None = None
    #: ``scene(state, viewer=None, **settings)``: the picture (``Game.scene``); it takes
    #: the board's settings it uses as keywords. Without it, the text board.
    scene: Callable[..., Scene] | None = None
    #: ``action_space(game)``: a number for every decision (``Game.action_space``).
    action_space: Callable[[Any], ActionSpace] | None = None
    #: Keys of the state's JSON holding one value per seat that an observation masks as
    #: None where the seat may not see it (Fellowship's roles): the conformance check
    #: holds every unmasked value to the truth. Hidden cards are found by
    #: ``Game.hidden_places`` and ``Game.hidden_cards`` instead.
    hidden_per_seat: tuple[str, ...] = ()
    #: A function returning the game's :class:`PuzzleParts`, called when puzzles are
    #: made (so that importing a game does not import the puzzle search).
    puzzles: Callable[[], PuzzleParts] | None = None
    #: The game's own board widget as ``"module:Class"``, looked up by the widget layer
    #: only (the engine never imports it); None: the generic board draws the scene.
    board: str | None = None


#: The parts a game may declare, in the order above.
DECLARABLE = tuple(f.name for f in fields(GameParts))


__all__ = ["DECLARABLE", "GameParts", "Goal", "PuzzleParts", "Theme"]
